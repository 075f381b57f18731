"""Edit > Undo / Redo and the History view."""
