"""The rules of Diplomacy and of tournaments. No Qt, no SQLAlchemy, no I/O beyond reading data files."""
