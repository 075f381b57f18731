"""File > Snapshots and restore."""
