"""The File menu and the welcome page: new, open, recent files, a copy, the demo."""
