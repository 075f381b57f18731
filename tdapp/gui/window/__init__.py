"""The main window: sidebar, pages, menus, and the controller that connects every feature."""
