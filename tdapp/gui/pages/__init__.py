"""The pages of the main window (views: they build widgets and emit what the TD asks for)."""
