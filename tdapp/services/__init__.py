"""Use cases: each function is one user action (one short session) and returns what changed.

The GUI broadcasts the returned :class:`Change` so that open views refresh; widgets never hold ORM
objects, only the plain rows these functions return.
"""
