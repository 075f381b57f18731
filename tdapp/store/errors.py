"""The store's refusal of a tournament file or server, in the TD's words.

A module of its own, below everything else in the store, so that the file (``database``), the
venue server (``pg``) and the words for a server's refusals can all raise it without importing
each other.
"""

from __future__ import annotations


class TournamentFileError(Exception):
    """A file that cannot be opened as a tournament; the message is for the TD."""
