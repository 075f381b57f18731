"""The format dialog and the formula editor for a tournament's own scoring systems."""
