"""Thin table models: plain rows in, Qt roles out."""
