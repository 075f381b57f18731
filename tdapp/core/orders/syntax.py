"""The grammar of a written order: tokens -> a :class:`Draft` (what was written, not yet checked).

A draft keeps every province as a :class:`Place` with its candidate readings, so that choosing
between ``Nor`` = Norway / Norwegian Sea / North Sea can wait until the unit and the position are
known (see :mod:`tdapp.core.orders.resolve`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tdapp.core.orders import words as W
from tdapp.core.orders.names import (
    ALIASES,
    AMBIGUOUS,
    COAST_NAMES,
    MAX_WORDS,
    PROVINCES,
    province_name,
    suggest,
)
from tdapp.core.orders.tokens import (
    ARROW,
    CLOSE,
    COLON,
    NUM,
    OPEN,
    SEP,
    SLASH,
    WORD,
    Token,
)

Span = tuple[int, int]

# Kinds of order, before the phase decides (a "move" in a retreat phase is a retreat).
HOLD = "hold"
MOVE = "move"
SUPPORT = "support"
CONVOY = "convoy"
RETREAT = "retreat"
DISBAND = "disband"
REMOVE = "remove"
BUILD = "build"
WAIVE = "waive"
BARE = "bare"  # a unit with no verb


class OrderSyntaxError(Exception):
    """What is wrong with the writing, and where."""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


@dataclass(slots=True)
class Place:
    text: str  # as written
    key: str
    span: Span
    readings: tuple[str, ...]  # candidate locations, the face-value one first when there is one
    literal: str | None  # the reading it has at face value (None for "nor", "liv")
    coast_written: bool = False
    warnings_hint: str | None = None  # e.g. a coast written for a province without coasts


@dataclass(slots=True)
class Ref:
    """A unit as written: its type letter, if any, and where it is."""

    unit_type: str | None
    place: Place
    type_span: Span | None = None


@dataclass(slots=True)
class Draft:
    kind: str
    start: int  # character offsets of the whole order in the text
    end: int
    unit: Ref | None = None
    target: Ref | None = None  # the supported or convoyed unit
    dest: Place | None = None
    path: list[Place] = field(default_factory=list)
    via: bool = False
    power: str | None = None  # written before a colon: "ENG: F nth -> pic"
    verb_span: Span | None = None
    heading: str | None = None  # "Builds:" on a line of its own: the kind of the lines below
    error: OrderSyntaxError | None = None


_ROLES = W.ROLES
_TYPES = W.UNIT_TYPES
_ORDER_STARTERS = frozenset({W.TYPE, W.BUILD, W.REMOVE, W.DISBAND, W.RETREAT, W.WAIVE})
_SPLIT = frozenset(abbr for abbr, info in PROVINCES.items() if info.coasts)
_VERBS = frozenset({W.HOLD, W.MOVE, W.SUPPORT, W.CONVOY, W.RETREAT, W.DISBAND, W.REMOVE, W.BUILD})


class _Reader:
    """Reads one segment of tokens (between separators), order after order."""

    __slots__ = ("text", "toks", "i", "n")

    def __init__(self, text: str, toks: list[Token], start: int, stop: int) -> None:
        self.text = text
        self.toks = toks
        self.i = start
        self.n = stop

    # -- small helpers ---------------------------------------------------------------------

    def peek(self, ahead: int = 0) -> Token | None:
        j = self.i + ahead
        return self.toks[j] if j < self.n else None

    def role(self, ahead: int = 0) -> str | None:
        """The grammatical role of a word ahead (a verb, a type letter ...), if any."""
        j = self.i + ahead
        if j >= self.n:
            return None
        t = self.toks[j]
        return _ROLES.get(t[1]) if t[0] == WORD else None

    def fail(self, message: str, tok: Token | None = None) -> OrderSyntaxError:
        if tok is None:
            tok = self.toks[self.i] if self.i < self.n else self.toks[self.n - 1]
        return OrderSyntaxError(message, (tok[2], tok[3]))

    def rest_span(self) -> Span:
        return (self.toks[self.i][2], self.toks[self.n - 1][3])

    def skip_fillers(self) -> None:
        toks, n = self.toks, self.n
        while self.i < n and toks[self.i][0] == WORD and _ROLES.get(toks[self.i][1]) == W.FILLER:
            self.i += 1

    def at_order_start(self) -> bool:
        """Whether the next token begins another order written on the same line."""
        t = self.peek()
        if t is None:
            return True
        if t[0] == NUM:
            return True
        if t[0] != WORD:
            return False
        role = _ROLES.get(t[1])
        if role in _ORDER_STARTERS:
            return True
        if t[1] in W.POWERS:
            return True
        nxt = self.peek(1)
        if nxt is not None and nxt[0] == COLON and t[1] in W.POWER_CODES:
            return True
        return role is None and self._place_with_verb()

    def _place_with_verb(self) -> bool:
        """A province followed by a verb starts an order of its own: "Par-Bur Bre-Mao"."""
        here = self.i
        try:
            if self._match_place(here) is None or self.i >= self.n:
                return False
            t = self.toks[self.i]
            return t[0] == ARROW or (t[0] == WORD and _ROLES.get(t[1]) in _VERBS)
        finally:
            self.i = here

    def _names_unit(self, ahead: int) -> bool:
        """Whether a unit (a type letter or a province name) is written ``ahead`` tokens on."""
        t = self.peek(ahead)
        if t is None or t[0] != WORD:
            return False
        return _ROLES.get(t[1]) == W.TYPE or t[1] in ALIASES or t[1] in AMBIGUOUS \
            or t[1] in MAX_WORDS

    # -- places ----------------------------------------------------------------------------

    def read_place(self, what: str) -> Place:
        self.skip_fillers()  # "to the English Channel"
        toks, i, n = self.toks, self.i, self.n
        if i >= n:
            last = toks[n - 1]
            raise OrderSyntaxError(f"{what} is missing", (last[2], last[3]))
        t = toks[i]
        if t[0] != WORD:
            raise self.fail(f"expected {what}, found '{self.text[t[2]:t[3]]}'", t)
        place = self._match_place(i)
        if place is None:
            raise self._unknown_place(i)
        self._read_coast(place)
        return place

    def _match_place(self, i: int) -> Place | None:
        toks, n = self.toks, self.n
        first = toks[i]
        best_j = -1
        best_key = ""
        max_words = MAX_WORDS.get(first[1], 1)
        if max_words > 1:
            key = first[1]
            j = i
            words = 1
            while words < max_words:
                k = j + 1
                if k < n and toks[k][0] == ARROW and toks[k][1] == "-" and toks[k][4]:
                    k += 1  # Mid-Atlantic
                    if k >= n or not toks[k][4]:
                        break
                # a one-letter verb never joins a name: "F Mar S ..." is not "Mars"
                if k >= n or toks[k][0] != WORD or (len(toks[k][1]) < 2 and toks[k][1] in _ROLES):
                    break
                key += toks[k][1]
                j = k
                words += 1
                if key in ALIASES:
                    best_j, best_key = j, key
        if best_j < 0:
            key = first[1]
            if key not in ALIASES and key not in AMBIGUOUS:
                return None
            best_j, best_key = i, key
        self.i = best_j + 1
        end = toks[best_j][3]
        literal = ALIASES.get(best_key)
        readings = AMBIGUOUS.get(best_key)
        if readings is None:
            assert literal is not None  # a key that is not ambiguous is an alias
            readings = (literal,)
        return Place(self.text[first[2]:end], best_key, (first[2], end), readings, literal,
                     literal is not None and "/" in literal)

    def _unknown_place(self, i: int) -> OrderSyntaxError:
        toks, n = self.toks, self.n
        j = i
        while j + 1 < n and j < i + 2 and toks[j + 1][0] == WORD and toks[j + 1][1] not in _ROLES:
            j += 1
        # Try the longest run of words first: "Norht Sea" is one misspelt name.
        for k in range(j, i - 1, -1):
            written = self.text[toks[i][2]:toks[k][3]]
            guess = suggest(written)
            if guess:
                return OrderSyntaxError(
                    f"no province called '{written}' — did you mean {province_name(guess)} ({guess})?",
                    (toks[i][2], toks[k][3]),
                )
        written = self.text[toks[i][2]:toks[i][3]]
        return OrderSyntaxError(f"no province called '{written}'", (toks[i][2], toks[i][3]))

    def _read_coast(self, place: Place) -> None:
        """A coast after the name: (nc), /nc, -nc, nc, north coast, (n), (north)."""
        toks, n = self.toks, self.n
        i = self.i
        if i >= n:
            return
        t = toks[i]
        kind = t[0]
        if not (kind in (OPEN, SLASH) or (kind == WORD and t[1] in W.COASTS)
                or (kind == ARROW and t[1] == "-" and t[4])):
            return  # the usual case: no coast written
        split = len(place.readings) == 1 and place.readings[0][:3] in _SPLIT
        coast_key = ""
        end_i = i
        if t[0] in (OPEN, SLASH) or (t[0] == ARROW and t[1] == "-" and t[4] and split):
            k = i + 1
            joined = ""
            while k < n and toks[k][0] == WORD and k < i + 3:
                joined += toks[k][1]  # "n" "c" from "n.c.", "north" "coast"
                k += 1
                if joined in W.COASTS:
                    coast_key, end_i = joined, k - 1
            if not coast_key:
                return
            k = end_i + 1
            if t[0] == OPEN:
                if k < n and toks[k][0] == CLOSE:
                    end_i = k
                else:
                    return
        elif t[0] == WORD and (t[1] in W.BARE_COASTS or (split and t[1] in W.COMPASS_COASTS)):
            coast_key = t[1]
            if i + 1 < n and toks[i + 1][1] == "coast" and coast_key + "coast" in W.COASTS:
                coast_key += "coast"  # "north coast"; "nc coast" leaves "coast" unread
                end_i = i + 1
        else:
            return
        coast = W.COASTS[coast_key]
        span = (t[2], toks[end_i][3])
        self.i = end_i + 1
        self._apply_coast(place, coast, span)

    def _apply_coast(self, place: Place, coast: str, span: Span) -> None:
        readings = []
        for loc in place.readings:
            prov = loc.split("/")[0]
            info = PROVINCES[prov]
            if not info.coasts:
                place.warnings_hint = f"{info.name} has no separate coasts: the coast is ignored"
                readings.append(loc)
                continue
            wanted = f"{prov}/{coast}"
            if wanted not in info.coasts:
                coasts = " and ".join(COAST_NAMES[c.split("/")[1]] for c in info.coasts)
                raise OrderSyntaxError(
                    f"{info.name} has no {COAST_NAMES[coast]} (it has the {coasts})", span
                )
            readings.append(wanted)
        place.readings = tuple(readings)
        if place.literal is not None:
            prov = place.literal.split("/")[0]
            place.literal = next((r for r in readings if r.split("/")[0] == prov), None)
        place.coast_written = True
        place.span = (place.span[0], span[1])
        place.text = self.text[place.span[0]:span[1]]

    # -- units -----------------------------------------------------------------------------

    def read_ref(self, what: str) -> Ref:
        unit_type = None
        type_span = None
        while self.i < self.n:
            t = self.toks[self.i]
            if t[0] != WORD:
                break
            role = _ROLES.get(t[1])
            if role == W.TYPE:
                # "A" before a name is a type only if a name follows: "A Par", "a fleet in Brest"
                unit_type = _TYPES[t[1]]
                type_span = (t[2], t[3])
            elif role == W.FILLER or t[1] in W.POWERS:
                pass
            else:
                break
            self.i += 1
        return Ref(unit_type, self.read_place(what), type_span)

    # -- the order --------------------------------------------------------------------------

    def read_order(self) -> Draft:
        toks = self.toks
        start_tok = toks[self.i]
        draft = Draft(BARE, start_tok[2], start_tok[3])
        try:
            self._read_body(draft)
            if not self.at_order_start():
                raise OrderSyntaxError(
                    f"did not expect '{self.text[toks[self.i][2]:toks[self.i][3]]}' here",
                    self.rest_span(),
                )
        except OrderSyntaxError as err:
            draft.error = err
            self.i = self.n  # the rest of the segment belongs to the faulty order
        last = toks[self.i - 1] if self.i > 0 else start_tok
        draft.end = max(last[3], draft.start)
        return draft

    def _read_prefix(self, draft: Draft) -> None:
        """Line numbers ("3." "3)") and a power ("France:", "ENG:") before the order."""
        t = self.peek()
        if t is not None and t[0] == NUM:
            self.i += 1
            nxt = self.peek()
            if nxt is not None and nxt[0] in (CLOSE, COLON):
                self.i += 1
        t = self.peek()
        if t is None or t[0] != WORD:
            return
        nxt = self.peek(1)
        if nxt is not None and nxt[0] == COLON and (t[1] in W.POWERS or t[1] in W.POWER_CODES):
            draft.power = W.POWERS.get(t[1]) or W.POWER_CODES[t[1]]
            self.i += 2
        elif t[1] in W.POWERS:
            draft.power = W.POWERS[t[1]]
            self.i += 1

    def _read_body(self, draft: Draft) -> None:
        self._read_prefix(draft)
        if self.i >= self.n:
            draft.kind = ""  # only a heading such as "France:"
            return
        draft.start = self.toks[self.i][2]
        role = self.role()
        if role == W.WAIVE or (role == W.BUILD and self.role(1) == W.WAIVE):
            self._read_waive(draft)
            return
        lead = None
        if role in (W.BUILD, W.REMOVE, W.DISBAND, W.RETREAT):
            lead = role
            t = self.toks[self.i]
            draft.verb_span = (t[2], t[3])
            self.i += 1
            if self.i < self.n and self.toks[self.i][0] == COLON:
                self.i += 1  # "Builds: A Par"
            if self.i >= self.n:
                draft.kind = ""
                draft.heading = lead
                return
        elif role in (W.MOVE, W.HOLD) and self._names_unit(1):
            lead = role  # "Move army Paris to Burgundy", "Hold army Paris"
            t = self.toks[self.i]
            draft.verb_span = (t[2], t[3])
            self.i += 1
        draft.unit = self.read_ref("the unit's province")
        if lead == W.MOVE:
            self._read_verb(draft)
            if draft.kind == BARE:
                raise OrderSyntaxError("the move's destination is missing",
                                       draft.verb_span or (t[2], t[3]))
        elif lead == W.HOLD:
            draft.kind = HOLD
            if self.role() == W.HOLD:
                self.i += 1
        elif lead == W.RETREAT:
            draft.kind = RETREAT
            self._read_destination(draft, "where the unit retreats to")
        elif lead is not None:
            draft.kind = lead
            if self.role() == lead or (lead == W.REMOVE and self.role() == W.DISBAND):
                self.i += 1  # "build A Par B", "remove A Mun D"
        else:
            self._read_verb(draft)

    def _read_waive(self, draft: Draft) -> None:
        draft.kind = WAIVE
        while self.i < self.n and self.role() in (W.WAIVE, W.BUILD):
            self.i += 1

    def _read_verb(self, draft: Draft) -> None:
        t = self.peek()
        if t is None or self.at_order_start() and not (t[0] == WORD and _ROLES.get(t[1]) in (
                W.BUILD, W.REMOVE, W.DISBAND, W.RETREAT)):
            draft.kind = BARE
            return
        role = _ROLES.get(t[1]) if t[0] == WORD else (MOVE if t[0] == ARROW else None)
        draft.verb_span = (t[2], t[3])
        if role == W.HOLD:
            self.i += 1
            draft.kind = HOLD
        elif role == W.MOVE or t[0] == ARROW:
            draft.kind = MOVE
            self._read_destination(draft, "the move's destination")
            self._read_route(draft)
        elif role == W.SUPPORT:
            self.i += 1
            draft.kind = SUPPORT
            draft.target = self.read_ref("the supported unit's province")
            if self._skip_move_words():
                draft.dest = self.read_place("where the supported unit moves to")
                self._read_route(draft, ignore=True)
            elif self.role() == W.HOLD:
                self.i += 1
        elif role == W.CONVOY:
            self.i += 1
            draft.kind = CONVOY
            draft.target = self.read_ref("the convoyed army's province")
            if not self._skip_move_words():
                raise self.fail("a convoy order needs the army's destination ('C A Yor - Nwy')",
                                self.toks[self.i - 1])
            draft.dest = self.read_place("where the convoyed army goes")
        elif role == W.RETREAT:
            self.i += 1
            draft.kind = RETREAT
            self._read_destination(draft, "where the unit retreats to")
        elif role in (W.DISBAND, W.REMOVE, W.BUILD):
            self.i += 1
            draft.kind = role
        else:
            raise self.fail(
                f"expected an order after the unit (-, H, S, C ...), "
                f"found '{self.text[t[2]:t[3]]}'", t)

    def _skip_move_words(self) -> bool:
        """Consume "-", "->", "to", "move to" ...; whether there were any."""
        found = False
        while self.i < self.n:
            t = self.toks[self.i]
            if t[0] == ARROW or (t[0] == WORD and _ROLES.get(t[1]) == W.MOVE):
                self.i += 1
                found = True
            else:
                break
        return found

    def _read_destination(self, draft: Draft, what: str) -> None:
        self._skip_move_words()
        draft.dest = self.read_place(what)

    def _read_route(self, draft: Draft, ignore: bool = False) -> None:
        """Route after a move: "- Nth - Nwy" hops, "via convoy", "via Nth", "by convoy"."""
        while self.i < self.n and self.toks[self.i][0] == ARROW:
            self._skip_move_words()
            hop = self.read_place("the next province of the convoy route")
            assert draft.dest is not None
            draft.path.append(draft.dest)
            draft.dest = hop
        bracket = self.i < self.n and self.toks[self.i][0] == OPEN and self.role(1) == W.VIA
        if bracket:
            self.i += 1
        if self.role() != W.VIA:
            if draft.path and not ignore:
                draft.via = True
            return
        via_tok = self.toks[self.i]
        self.i += 1
        draft.via = not ignore
        while self.i < self.n:
            t = self.toks[self.i]
            if t[0] == ARROW or (
                t[0] == WORD and (t[1] in W.CONVOY_NOUNS or _ROLES.get(t[1]) == W.FILLER)
            ):
                self.i += 1
            elif t[0] == WORD and t[1] not in _ROLES and t[1] not in W.POWERS:
                draft.path.append(self.read_place("the convoy route"))
            else:
                break
        if bracket:
            if self.i < self.n and self.toks[self.i][0] == CLOSE:
                self.i += 1
            else:
                raise self.fail("missing ')' after 'via'", via_tok)
        if ignore:
            draft.path.clear()


def read_drafts(text: str, toks: list[Token]) -> list[Draft]:
    """Every order written in ``text``: separators and concatenation ("A Par-Bur F Bre-Mao")."""
    drafts: list[Draft] = []
    n = len(toks)
    i = 0
    sticky: str | None = None  # "Builds: A Par, F Bre": the verb carries over to "F Bre"
    while i < n:
        j = i
        while j < n and toks[j][0] != SEP:
            j += 1
        reader = _Reader(text, toks, i, j)
        while reader.i < j:
            draft = reader.read_order()
            if draft.heading is not None:
                sticky = draft.heading if draft.heading != RETREAT else None
            elif draft.kind in (BUILD, REMOVE, DISBAND):
                sticky = draft.kind if draft.verb_span is not None else sticky
            elif draft.kind == BARE and sticky is not None and draft.error is None:
                draft.kind = sticky
            elif draft.kind:
                sticky = None
            if draft.kind or draft.error is not None:
                drafts.append(draft)
        i = j + 1
    return drafts
