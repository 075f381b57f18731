"""The Players page: the list, one player's dialog, keep-apart pairs and importing players."""
