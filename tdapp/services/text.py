"""The one place every text a person types is checked before it is saved: the core's rule
(``tdapp.core.text``: invisible characters out, NFC, the length in words) refused as a
ServiceError, and how long each kind of text may be.
"""

from __future__ import annotations

from tdapp.core.text import tidy_text, too_long
from tdapp.services.changes import ServiceError

# How long each kind of text may be (the columns of the file are at least this wide).
NAME_LIMIT = 200  # a player's, team's, tournament's or award's name
PLACE_LIMIT = 200  # home town, club, venue
COUNTRY_LIMIT = 100
EMAIL_LIMIT = 200
REASON_LIMIT = 200  # a keep-apart or sit-out reason
NOTE_LIMIT = 10_000  # notes of several lines
ORDERS_LIMIT = 10_000  # one power's order sheet (a full sheet is a few hundred characters)
FORMULA_LIMIT = 10_000  # a scoring formula


def typed_text(value: str, field: str, limit: int, *, multiline: bool = False,
               collapse_spaces: bool = False, strip: bool = True) -> str:
    """``value`` made safe to keep: invisible characters out, spaces tidied, length bounded.

    Raises ServiceError naming ``field`` ("The player's name") when it is too long."""
    text = tidy_text(value, multiline=multiline, collapse_spaces=collapse_spaces, strip=strip)
    problem = too_long(text, field, limit)
    if problem:
        raise ServiceError(problem)
    return text
