"""A shortcut for orders already written in the canonical form (``F LON S F NTH - ENG``).

The judge, the CLI and re-read normalized text mostly send canonical orders; one regular
expression reads them into the same :class:`Draft` the full grammar would make (a test checks
that), without tokens. Anything else, or anything odd (an unknown name, a coast a province does
not have), returns None and goes the long way, which also explains faults.
"""

from __future__ import annotations

import re

from tdapp.core.orders import syntax as S
from tdapp.core.orders.names import ALIASES, AMBIGUOUS, PROVINCES

_LOC = r"([a-z]{3})(?:/([nse]c))?"
_ARROW = r"(-+>|-)"
_FAST = re.compile(
    r"\s*([af])\s+" + _LOC + r"\s*(?:"
    r"(h)"
    r"|" + _ARROW + r"\s*" + _LOC + r"(\s+via)?"
    r"|(s)\s+([af])\s+" + _LOC + r"(?:\s*" + _ARROW + r"\s*" + _LOC + r")?"
    r"|(c)\s+(a)\s+" + _LOC + r"\s*" + _ARROW + r"\s*" + _LOC +
    r"|(r)\s+" + _LOC +
    r"|(d)|(b)"
    r")\s*",
    re.IGNORECASE | re.ASCII,
)
_TYPES = {"a": "A", "f": "F"}


def _place(text: str, m: re.Match[str], group: int) -> S.Place | None:
    key = m.group(group).lower()
    literal = ALIASES.get(key)
    readings = AMBIGUOUS.get(key)
    coast = m.group(group + 1)
    start = m.start(group)
    end = m.end(group + 1) if coast else m.end(group)
    if readings is None:
        if literal is None:
            return None
        readings = (literal,)
    if not coast:
        return S.Place(text[start:end], key, (start, end), readings, literal, False)
    if len(readings) != 1:
        return None
    wanted = f"{readings[0]}/{coast.upper()}"
    if wanted not in PROVINCES[readings[0]].coasts:
        return None
    return S.Place(text[start:end], key, (start, end), (wanted,), wanted, True)


def _ref(text: str, m: re.Match[str], type_group: int) -> S.Ref | None:
    place = _place(text, m, type_group + 1)
    if place is None:
        return None
    return S.Ref(_TYPES[m.group(type_group).lower()], place, m.span(type_group))


def fast_drafts(text: str) -> tuple[S.Draft, ...] | None:
    """The one canonical order in ``text``, or None to let the full grammar read it."""
    m = _FAST.fullmatch(text)
    if m is None:
        return None
    unit = _ref(text, m, 1)
    if unit is None:
        return None
    draft = S.Draft(S.BARE, m.start(1), len(text.rstrip()), unit)
    if m.group(4):
        draft.kind, draft.verb_span = S.HOLD, m.span(4)
    elif m.group(5):
        draft.kind, draft.verb_span = S.MOVE, m.span(5)
        draft.dest = _place(text, m, 6)
        draft.via = bool(m.group(8))
        if draft.dest is None:
            return None
    elif m.group(9):
        draft.kind, draft.verb_span = S.SUPPORT, m.span(9)
        draft.target = _ref(text, m, 10)
        if draft.target is None:
            return None
        if m.group(13):
            draft.dest = _place(text, m, 14)
            if draft.dest is None:
                return None
    elif m.group(16):
        draft.kind, draft.verb_span = S.CONVOY, m.span(16)
        place = _place(text, m, 18)
        draft.dest = _place(text, m, 21)
        if place is None or draft.dest is None:
            return None
        draft.target = S.Ref("A", place, m.span(17))
    elif m.group(23):
        draft.kind, draft.verb_span = S.RETREAT, m.span(23)
        draft.dest = _place(text, m, 24)
        if draft.dest is None:
            return None
    elif m.group(26):
        draft.kind, draft.verb_span = S.DISBAND, m.span(26)
    else:
        draft.kind, draft.verb_span = S.BUILD, m.span(27)
    return (draft,)

