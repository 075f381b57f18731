"""Pieces several features share: the info page, table settings, the table model, dialog fields."""
