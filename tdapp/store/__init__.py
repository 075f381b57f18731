"""Persistence: the tournament file, its schema and migrations, snapshots, and the audit log."""
