"""Text a person typed, made safe to keep (the rule the services apply to every field).

Invisible characters are taken out: the bidirectional overrides and isolates (U+202A-U+202E,
U+2066-U+2069) that make ``Ann‮ekiM`` print as another name, the marks U+200E/U+200F/U+061C,
and every other control or format character (a NUL, an escape, a zero-width space), except the
joiners some scripts and emoji need (U+200C, U+200D) and, in a text of several lines, the tab
and the line break. The text is put in Unicode's composed form (NFC), so ``Zoë`` typed two ways
is one name. Then its length is checked against the field's limit, with words that say which
field, how long it is and how long it may be.
"""

from __future__ import annotations

import unicodedata

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


def tidy_text(value: str, *, multiline: bool = False, collapse_spaces: bool = False,
              strip: bool = True) -> str:
    """``value`` with invisible characters out and its spaces tidied (length not checked)."""
    text = strip_invisible(str(value), multiline=multiline)
    if collapse_spaces:
        return " ".join(text.split())
    return text.strip() if strip else text


def too_long(text: str, field: str, limit: int) -> str | None:
    """Why ``text`` (already tidied) is too long for ``field``, or None when it fits."""
    if len(text) > limit:
        return f"{field} is {len(text):,} characters long; it may be at most {limit:,}."
    return None


def length_problem(value: str, field: str, limit: int) -> str | None:
    """Why ``value``, tidied as a text of several lines, is too long for ``field`` (for lists
    of problems), or None."""
    return too_long(tidy_text(value, multiline=True), field, limit)
