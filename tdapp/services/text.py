"""The one place every text a person types is checked before it is saved.

Invisible characters are taken out: the bidirectional overrides and isolates (U+202A-U+202E,
U+2066-U+2069) that make ``Ann‮ekiM`` print as another name, the marks U+200E/U+200F/U+061C,
and every other control or format character (a NUL, an escape, a zero-width space), except the
joiners some scripts and emoji need (U+200C, U+200D) and, in a text of several lines, the tab
and the line break. The text is put in Unicode's composed form (NFC), so ``Zoë`` typed two ways
is one name. Then its length is checked against the field's limit, with a message that says
which field, how long it is and how long it may be.
"""

from __future__ import annotations

import unicodedata

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

_KEPT_FORMAT = {"\u200c", "\u200d"}  # zero-width non-joiner and joiner: part of some words
_LINE_CHARACTERS = {"\n", "\t"}


def _visible(character: str, multiline: bool) -> bool:
    if multiline and character in _LINE_CHARACTERS:
        return True
    category = unicodedata.category(character)
    if category in ("Cc", "Cs", "Co", "Cn") or category in ("Zl", "Zp"):
        return False
    return category != "Cf" or character in _KEPT_FORMAT


def strip_invisible(text: str, *, multiline: bool = False) -> str:
    """``text`` without control, format (bidi) and unassigned characters, in NFC."""
    if multiline:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    kept = "".join(c for c in text if _visible(c, multiline))
    return unicodedata.normalize("NFC", kept)


def typed_text(value: str, field: str, limit: int, *, multiline: bool = False,
               collapse_spaces: bool = False, strip: bool = True) -> str:
    """``value`` made safe to keep: invisible characters out, spaces tidied, length bounded.

    Raises ServiceError naming ``field`` ("The player's name") when it is too long."""
    text = strip_invisible(str(value), multiline=multiline)
    if collapse_spaces:
        text = " ".join(text.split())
    elif strip:
        text = text.strip()
    if len(text) > limit:
        raise ServiceError(f"{field} is {len(text):,} characters long; it may be at most "
                           f"{limit:,}.")
    return text


def length_problem(value: str, field: str, limit: int) -> str | None:
    """The message :func:`typed_text` would give for ``value``, or None (for lists of problems)."""
    try:
        typed_text(value, field, limit, multiline=True)
    except ServiceError as exc:
        return str(exc)
    return None
