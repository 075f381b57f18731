"""Alembic migrations of the tournament file's schema (run by tdapp.store.migrate, never by hand)."""
