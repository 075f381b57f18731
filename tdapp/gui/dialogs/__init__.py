"""Dialogs: they collect what the TD types and hand back plain values, never touching services."""
