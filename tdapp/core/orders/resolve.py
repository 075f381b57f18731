"""From a :class:`Draft` (what was written) to a :class:`ParseResult` (what it means).

Here the phase decides what a verb means, the position fills in and checks the unit, and the
map chooses between the readings of an ambiguous name: a reading is taken only when it is the
one possible reading for that unit; otherwise the order is reported as ambiguous.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import product

from tdapp.core.orders import geography as G
from tdapp.core.orders import syntax as S
from tdapp.core.orders.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from tdapp.core.orders.names import STRICT_OFFICIAL, describe, province_name
from tdapp.core.orders.normalize import format_order
from tdapp.core.orders.options import MissingBuildCoast, MissingCoast, ParseOptions, WrongUnitType
from tdapp.core.orders.result import ParseResult
from tdapp.core.orders.words import POWER_NAMES

Span = tuple[int, int]
UnitRecord = tuple[str, str, str]  # power, type, location as the position has it

_TYPE_WORD = {"A": "army", "F": "fleet"}
_A_TYPE = {"A": "an army", "F": "a fleet"}

# What each written kind becomes in each phase, or why it is wrong there.
_PHASE_KINDS: dict[str, dict[str, str]] = {
    "M": {S.HOLD: S.HOLD, S.MOVE: S.MOVE, S.SUPPORT: S.SUPPORT, S.CONVOY: S.CONVOY,
          S.BARE: S.HOLD},
    "R": {S.MOVE: S.RETREAT, S.RETREAT: S.RETREAT, S.DISBAND: S.DISBAND, S.REMOVE: S.DISBAND},
    "A": {S.BUILD: S.BUILD, S.DISBAND: S.REMOVE, S.REMOVE: S.REMOVE, S.WAIVE: S.WAIVE},
}
_PHASE_NAMES = {"M": "a movement phase", "R": "a retreat phase", "A": "an adjustment phase"}
_KIND_WORDS = {
    S.HOLD: "a hold", S.MOVE: "a move", S.SUPPORT: "a support", S.CONVOY: "a convoy",
    S.RETREAT: "a retreat", S.DISBAND: "a disband", S.REMOVE: "a removal", S.BUILD: "a build",
    S.WAIVE: "a waived build", S.BARE: "a unit without an order",
}
_PHASE_HINTS = {
    "M": "orders here move (-), hold (H), support (S) or convoy (C)",
    "R": "a dislodged unit retreats (R or -) or disbands (D)",
    "A": "write a build (Build A Par), a removal (Remove A Mun) or WAIVE",
}


@dataclass(slots=True)
class Context:
    power: str | None
    units: Mapping[str, list[str]] | None
    phase_kind: str
    options: ParseOptions


@dataclass(slots=True)
class Candidate:
    """One reading of a draft."""

    order: Order | None = None
    normalized: str = ""
    error: str | None = None
    span: Span | None = None
    level: int = G.DIRECT  # how possible the reading is, to choose between readings
    locs: tuple[str, ...] = ()  # the location this reading gives each place of the draft
    warnings: list[tuple[str, Span]] = field(default_factory=list)

    def fail(self, message: str, span: Span, level: int | None = None) -> Candidate:
        if self.error is None:
            self.error, self.span = message, span
        if level is not None:
            self.level = min(self.level, level)
        return self


def _field(position: object, name: str) -> object:
    value = getattr(position, name, None)
    if value is None and isinstance(position, Mapping):
        value = position.get(name)
    return value


def _unit_text(entry: object) -> tuple[str | None, str]:
    """(power if the entry knows it, "A PAR") from "A PAR", {"unit": "A PAR"}, a unit object
    (power, unit_type, location) or a dislodged-unit object holding one."""
    inner = _field(entry, "unit")
    if inner is not None:
        entry = inner
    if isinstance(entry, str):
        return None, entry
    unit_type = getattr(entry, "unit_type", None)
    location = getattr(entry, "location", None)
    if unit_type is not None and location is not None:
        return getattr(entry, "power", None), f"{unit_type} {location}"
    return None, str(entry)


def _by_power(units: object) -> Mapping[str, list[str]] | None:
    """power -> ["A PAR", ...] from the shapes a position may have."""
    if isinstance(units, Mapping):
        for value in units.values():  # the first non-empty list tells the shape
            if isinstance(value, list | tuple) and (not value or isinstance(value[0], str)):
                if value:
                    return units  # already the CONTRACTS shape: power -> ["A PAR", ...]
                continue
            break
        else:
            return units
        grouped: dict[str, list[str]] = {}
        for key, value in units.items():
            entries = value if isinstance(value, list | tuple) else [value]
            for entry in entries:
                power, text = _unit_text(entry)
                grouped.setdefault(str(power or key).upper(), []).append(text)
        return grouped
    if isinstance(units, list | tuple):
        grouped = {}
        for entry in units:
            power, text = _unit_text(entry)
            if power is not None:
                grouped.setdefault(str(power).upper(), []).append(text)
        return grouped
    return None


def units_of(position: object, phase_kind: str = "M") -> Mapping[str, list[str]] | None:
    """The units orders may be given to: ``units`` of a position object or of a mapping shaped
    like the CONTRACTS JSON (power -> ["A PAR", ...]), or in a retreat phase its ``dislodged``
    units when it lists them."""
    if position is None:
        return None
    if type(position) is dict and phase_kind != "R":  # the common case, kept cheap
        units = position.get("units")
        if type(units) is dict:
            for value in units.values():
                if type(value) is list and value and type(value[0]) is str:
                    return units
                if value:
                    break
    if phase_kind == "R":
        dislodged = _field(position, "dislodged")
        if isinstance(dislodged, Mapping | list | tuple):
            return _by_power(dislodged)
    units = _field(position, "units")
    if units is None and isinstance(position, Mapping) and "dislodged" not in position:
        units = position  # a bare power -> units mapping
    return _by_power(units)


def _entries(units: Mapping[str, list[str]], power: str) -> list[str] | tuple[str, ...]:
    entries = units.get(power)
    return entries if isinstance(entries, list | tuple) else ()


def find_unit(units: Mapping[str, list[str]], power: str | None, prov: str) -> UnitRecord | None:
    """The unit standing in a province (of ``power`` only, when given)."""
    powers = (power,) if power is not None else tuple(units.keys())
    # Canonical entries ("A PAR") are compared as they are: one slice per unit.
    for p in powers:
        for written in _entries(units, p):
            if type(written) is str and written[2:5] == prov and written[1:2] == " " \
                    and written[:1] in _TYPE_WORD:
                return p, written[:1], written[2:]
    # Untidy entries ("a  par", " F stp/nc") are cleaned up, only when nothing matched.
    for p in powers:
        for written in _entries(units, p):
            if type(written) is str and written[1:2] == " " and written[2:5].isupper():
                continue  # canonical, already compared
            text = str(written).strip().upper()
            loc = text[1:].strip()
            if loc[:3] == prov and text[:1] in _TYPE_WORD:
                return p, text[:1], loc
    return None


def _power_name(power: str) -> str:
    return POWER_NAMES.get(power.upper(), power.title())


# -- one reading ----------------------------------------------------------------------------


class _Builder:
    """Builds the candidate of one assignment of locations to the draft's places."""

    def __init__(self, draft: S.Draft, kind: str, ctx: Context, judge: bool) -> None:
        self.draft = draft
        self.kind = kind
        self.ctx = ctx
        self.judge = judge  # rate how possible the reading is (only needed to choose one)

    def build(self, locs: tuple[str, ...]) -> Candidate:
        cand = Candidate(locs=locs)
        kind = self.kind
        if kind == S.WAIVE:
            cand.order = Waive()
            cand.normalized = "WAIVE"
            return cand
        draft = self.draft
        assert draft.unit is not None
        if kind == S.BUILD:
            return self._build_order(cand, locs[0])
        unit_type, loc = self._unit(cand, draft.unit, locs[0])
        if kind == S.HOLD:
            cand.order = Hold(unit_type, loc)
        elif kind == S.DISBAND:
            cand.order = Disband(unit_type, loc)
        elif kind == S.REMOVE:
            cand.order = Remove(unit_type, loc)
        elif kind in (S.MOVE, S.RETREAT):
            self._move(cand, unit_type, loc, locs)
        elif kind == S.SUPPORT:
            self._support(cand, unit_type, loc, locs)
        elif kind == S.CONVOY:
            self._convoy(cand, unit_type, loc, locs)
        if cand.order is not None:
            cand.normalized = format_order(cand.order)
            if cand.error is not None:
                cand.order = None
        return cand

    # The unit that is ordered: checked against the position when there is one.
    def _unit(self, cand: Candidate, ref: S.Ref, loc: str) -> tuple[str | None, str]:
        ctx = self.ctx
        place = ref.place
        written = ref.unit_type
        prov = G.province(loc)
        if ctx.units is None:
            unit_type = written or G.infer_type(loc)
            if unit_type == "A" and "/" in loc:
                loc = prov
                cand.warnings.append(("an army stands in the province: the coast is ignored",
                                      place.span))
            if self.judge and unit_type is not None and not G.can_stand(unit_type, loc):
                cand.level = G.IMPOSSIBLE
            return unit_type, loc
        found = find_unit(ctx.units, ctx.power, prov)
        if found is None:
            other = find_unit(ctx.units, None, prov) if ctx.power is not None else None
            if ctx.power is not None:
                message = f"{_power_name(ctx.power)} has no unit in {province_name(prov)}"
            else:
                message = f"there is no unit in {province_name(prov)}"
            if other is not None:
                message += (f" (the {_TYPE_WORD.get(other[1], 'unit')} there is "
                            f"{_power_name(other[0])}'s)")
            cand.fail(message, place.span, G.IMPOSSIBLE)
            return written or G.infer_type(loc), loc
        _, actual_type, actual_loc = found
        if written is not None and written != actual_type:
            span = ref.type_span or place.span
            if ctx.options.wrong_unit_type == WrongUnitType.FAIL:
                cand.fail(ctx.options.cite(f"the unit in {province_name(prov)} is "
                                           f"{_A_TYPE[actual_type]}, not {_A_TYPE[written]}"), span)
                return written, actual_loc
            cand.warnings.append((ctx.options.cite(
                f"the unit in {province_name(prov)} is {_A_TYPE[actual_type]}: "
                f"order read for {actual_type} {actual_loc}"), span))
        if place.coast_written and loc != actual_loc:
            cand.warnings.append((f"the unit is at {describe(actual_loc)}: order read for it",
                                  place.span))
        return actual_type, actual_loc

    def _move(self, cand: Candidate, unit_type: str | None, loc: str,
              locs: tuple[str, ...]) -> None:
        draft = self.draft
        assert draft.dest is not None
        retreat = self.kind == S.RETREAT
        dest = self._destination(cand, unit_type, loc, locs[1], draft.dest)
        path = locs[2:]
        if path:
            for place, hop in zip(draft.path, path, strict=True):
                if G.PROVINCE_TYPE[G.province(hop)] != "sea":
                    cand.fail(f"a convoy route goes through seas: {province_name(hop)} is not "
                              f"a sea", place.span, G.IMPOSSIBLE)
        via = draft.via
        if retreat:
            if via:
                cand.fail("a retreat cannot be convoyed", draft.verb_span or draft.dest.span)
            cand.order = Retreat(unit_type, loc, dest)
        else:
            if via and unit_type == "F":
                cand.fail("only armies are convoyed", draft.verb_span or draft.dest.span)
            cand.order = Move(unit_type, loc, dest, via, tuple(G.province(h) for h in path))
        if self.judge:
            reach = G.reach(unit_type, loc, dest, via)
            if retreat and reach == G.BY_CONVOY:
                reach = G.IMPOSSIBLE
            cand.level = min(cand.level, reach)

    def _destination(self, cand: Candidate, unit_type: str | None, loc: str, dest: str,
                     place: S.Place) -> str:
        """Coasts of a destination: filled in when only one can be reached, else an error."""
        prov = G.province(dest)
        if unit_type == "A" and "/" in dest:
            cand.warnings.append(("an army moves to the province: the coast is ignored",
                                  place.span))
            return prov
        if unit_type != "F" or "/" in dest or not G.COASTS_OF.get(prov):
            return dest
        coasts = G.fleet_coasts_reachable(loc, prov)
        name = province_name(prov)
        options = self.ctx.options
        if len(coasts) > 1:
            cand.fail(options.cite(
                f"say which coast of {name}: a fleet in {province_name(G.province(loc))} "
                f"can reach both (write {coasts[0]} or {coasts[1]})"), place.span)
        elif len(coasts) == 1:
            if options.missing_coast == MissingCoast.STRICT:
                cand.fail(options.cite(f"a fleet move to {name} must name the coast "
                                       f"({coasts[0]})"), place.span)
            return coasts[0]
        return dest

    def _target(self, cand: Candidate, ref: S.Ref, loc: str, what: str) -> tuple[str | None, str]:
        """The supported or convoyed unit: its type from the position when not written."""
        units = self.ctx.units
        written = ref.unit_type
        prov = G.province(loc)
        found = find_unit(units, None, prov) if units is not None else None
        if found is None:
            if units is not None:
                cand.warnings.append((f"there is no unit in {province_name(prov)} to {what}",
                                      ref.place.span))
                cand.level = min(cand.level, G.BY_CONVOY)
            unit_type = written or G.infer_type(loc)
            return unit_type, (prov if unit_type == "A" else loc)
        actual_type, actual_loc = found[1], found[2]
        if written is not None and written != actual_type:
            if self.ctx.options.wrong_unit_type == WrongUnitType.FAIL:
                return written, (prov if written == "A" else loc)
            cand.warnings.append((
                f"the unit in {province_name(prov)} is {_A_TYPE[actual_type]}: "
                f"read as {actual_type} {actual_loc}", ref.type_span or ref.place.span))
        return actual_type, actual_loc

    def _support(self, cand: Candidate, unit_type: str | None, loc: str,
                 locs: tuple[str, ...]) -> None:
        draft = self.draft
        assert draft.target is not None
        t_type, t_loc = self._target(cand, draft.target, locs[1], "support")
        judge = self.judge
        if judge and G.province(t_loc) == G.province(loc):
            cand.level = G.IMPOSSIBLE
        if draft.dest is None:
            cand.order = SupportHold(unit_type, loc, t_type, t_loc)
            if judge and not G.can_support_into(unit_type, loc, G.province(t_loc)):
                cand.level = G.IMPOSSIBLE
            return
        dest = locs[2]
        if t_type == "A" and "/" in dest:
            dest = G.province(dest)
        cand.order = SupportMove(unit_type, loc, t_type, t_loc, dest)
        if judge:
            if not G.can_support_into(unit_type, loc, G.province(dest)):
                cand.level = G.IMPOSSIBLE
            cand.level = min(cand.level, G.reach(t_type, t_loc, dest))

    def _convoy(self, cand: Candidate, unit_type: str | None, loc: str,
                locs: tuple[str, ...]) -> None:
        draft = self.draft
        assert draft.target is not None and draft.dest is not None
        if draft.target.unit_type == "F":
            cand.warnings.append(("only armies are convoyed: read as an army",
                                  draft.target.type_span or draft.target.place.span))
        army = G.province(locs[1])
        dest = G.province(locs[2])
        if self.judge and (unit_type == "A" or G.PROVINCE_TYPE.get(G.province(loc)) != "sea"
                           or not G.convoyable(army, dest)):
            cand.level = G.IMPOSSIBLE
        if self.ctx.units is not None and find_unit(self.ctx.units, None, army) is None:
            cand.warnings.append((f"there is no army in {province_name(army)} to convoy",
                                  draft.target.place.span))
            cand.level = min(cand.level, G.BY_CONVOY)
        cand.order = Convoy(unit_type, loc, army, dest)

    def _build_order(self, cand: Candidate, loc: str) -> Candidate:
        ctx, draft = self.ctx, self.draft
        assert draft.unit is not None
        ref = draft.unit
        prov = G.province(loc)
        name = province_name(prov)
        unit_type = ref.unit_type
        if unit_type is None:
            kind = G.PROVINCE_TYPE.get(prov)
            if kind == "land" and not ctx.options.require_unit_type_in_builds:
                unit_type = "A"
            elif kind == "coast" or kind == "land":
                cand.fail(ctx.options.cite(f"a build must say army or fleet: write "
                                           f"'Build A {prov}' or 'Build F {prov}'"),
                          ref.place.span)
        if unit_type == "A" and "/" in loc:
            cand.warnings.append(("an army is built in the province: the coast is ignored",
                                  ref.place.span))
            loc = prov
        if self.judge and ((unit_type is not None and not G.can_stand(unit_type, loc))
                           or not G.is_home_centre(ctx.power, prov)):
            cand.level = G.IMPOSSIBLE
        if unit_type == "F" and G.COASTS_OF.get(prov) and "/" not in loc:
            message = f"a fleet built in {name} needs a coast ({' or '.join(G.COASTS_OF[prov])})"
            if ctx.options.missing_build_coast == MissingBuildCoast.WAIVE:
                cand.order = Waive()
                cand.normalized = "WAIVE"
                cand.warnings.append((ctx.options.cite(message + ": the build is waived"),
                                      ref.place.span))
                return cand
            cand.fail(ctx.options.cite(message), ref.place.span)
        if self.judge and ctx.units is not None and find_unit(ctx.units, None, prov) is not None:
            cand.level = G.IMPOSSIBLE
        cand.order = Build(unit_type, loc)
        cand.normalized = format_order(cand.order)
        if cand.error is not None:
            cand.order = None
        return cand


# -- choosing between readings --------------------------------------------------------------


def _places(draft: S.Draft) -> list[S.Place]:
    places: list[S.Place] = []
    if draft.unit is not None:
        places.append(draft.unit.place)
    if draft.target is not None:
        places.append(draft.target.place)
    if draft.dest is not None:
        places.append(draft.dest)
    places.extend(draft.path)
    return places


def _literal(place: S.Place, strict: bool) -> str | None:
    if place.literal is not None:
        return place.literal
    if strict and place.key in STRICT_OFFICIAL:
        prov = STRICT_OFFICIAL[place.key]
        return next((r for r in place.readings if G.province(r) == prov), prov)
    return None


def _reading_note(place: S.Place, loc: str) -> str:
    return f"'{place.text}' read as {describe(loc)}"


def _choose(draft: S.Draft, builder: _Builder, places: list[S.Place],
            options: ParseOptions) -> tuple[Candidate, tuple[str, ...]]:
    """The reading to take, and the readings when it stays ambiguous."""
    strict = options.strict_abbreviations
    literals = [_literal(p, strict) for p in places]
    known = [lit for lit in literals if lit is not None]
    if len(known) == len(literals):  # every place read to the letter
        face = builder.build(tuple(known))
        if face.level > G.IMPOSSIBLE or strict or not options.correct_slips:
            if face.level == G.IMPOSSIBLE:
                _explain_official(face, places, literals, options)
            return face, ()
        options_per_place = [p.readings for p in places]
        others = [c for c in (builder.build(locs) for locs in product(*options_per_place)
                              if list(locs) != literals) if c.level > G.IMPOSSIBLE]
        if len(others) == 1:
            chosen = others[0]
            for place, lit, loc in zip(places, literals, chosen.locs, strict=True):
                if G.province(loc) != G.province(lit or ""):
                    chosen.warnings.insert(0, (
                        _reading_note(place, loc) + f": {describe(lit or '')} is not possible "
                        f"for this unit", place.span))
            return chosen, ()
        return face, ()
    # Spellings with no reading of their own ("Nor", "Liv"): take the one possible reading.
    choices = [(lit,) if lit is not None else p.readings for p, lit in zip(places, literals,
                                                                          strict=True)]
    cands = [builder.build(locs) for locs in product(*choices)]
    possible = [c for c in cands if c.level > G.IMPOSSIBLE]
    vague = [p for p, lit in zip(places, literals, strict=True) if lit is None]
    if len(possible) == 1:
        chosen = possible[0]
        for place, lit, loc in zip(places, literals, chosen.locs, strict=True):
            if lit is None:
                chosen.warnings.insert(0, (
                    f"'{place.text}' is not an official abbreviation: read as {describe(loc)}, "
                    f"the only possible reading", place.span))
        return chosen, ()
    first = vague[0]
    named = ", ".join(describe(r) for r in first.readings)
    if possible:
        readings = tuple(dict.fromkeys(c.normalized for c in possible))
        bad = Candidate()
        bad.fail(f"'{first.text}' is ambiguous here: it could be {' or '.join(readings)}",
                 first.span)
        return bad, readings
    bad = Candidate()
    bad.fail(f"'{first.text}' could be {named}, but none of them fits this order", first.span)
    return bad, tuple(dict.fromkeys(c.normalized for c in cands if c.normalized))


def _explain_official(face: Candidate, places: list[S.Place], literals: list[str | None],
                      options: ParseOptions) -> None:
    """An impossible order written with an official abbreviation: say what it was read as."""
    for place, lit in zip(places, literals, strict=True):
        if len(place.readings) < 2 or lit is None:
            continue
        if options.strict_abbreviations:
            face.warnings.append((options.cite(
                f"'{place.text}' is the official abbreviation of {describe(lit)}, so the order is "
                f"read as written and is impossible (official but wrong abbreviations are illegal "
                f"orders: the unit holds)"), place.span))
        else:
            face.warnings.append((
                f"'{place.text}' means {describe(lit)}: the order is impossible as written",
                place.span))


# -- the result -----------------------------------------------------------------------------


def resolve(text: str, draft: S.Draft, ctx: Context) -> ParseResult:
    piece = text[draft.start:draft.end]
    if draft.error is not None:
        return ParseResult(piece, draft.start, None, "", draft.error.message, draft.error.span)
    kind = _PHASE_KINDS[ctx.phase_kind].get(draft.kind)
    if kind is None:
        span = draft.verb_span or (draft.start, draft.end)
        message = (f"{_KIND_WORDS.get(draft.kind, 'this order')} does not belong in "
                   f"{_PHASE_NAMES[ctx.phase_kind]}: {_PHASE_HINTS[ctx.phase_kind]}")
        return ParseResult(piece, draft.start, None, "", message, span)
    if draft.power is not None and ctx.power is None:
        ctx = Context(draft.power, ctx.units, ctx.phase_kind, ctx.options)
    places = _places(draft)
    single = True
    for place in places:
        if len(place.readings) != 1:
            single = False
            break
    builder = _Builder(draft, kind, ctx, judge=not single)
    if single:
        cand = builder.build(tuple([p.readings[0] for p in places]))
        ambiguous: tuple[str, ...] = ()
    else:
        cand, ambiguous = _choose(draft, builder, places, ctx.options)
    warnings = cand.warnings
    if draft.kind == S.BARE and kind == S.HOLD and cand.error is None:
        warnings.append(("no order written for the unit: read as a hold",
                         (draft.start, draft.end)))
    for place in places:
        if place.warnings_hint:
            warnings.append((place.warnings_hint, place.span))
    if cand.error is not None:
        span = cand.span or (draft.start, draft.end)  # fail() set it with the error
    elif warnings:
        span = warnings[0][1]
    else:
        return ParseResult(piece, draft.start, cand.order, cand.normalized)
    return ParseResult(
        piece, draft.start, cand.order if cand.error is None else None, cand.normalized,
        cand.error, span, ambiguous, tuple(m for m, _ in warnings),
    )
