"""The paper-order parser: what an assistant types from an order sheet -> orders.

``parse_orders`` reads every order in a text (separated by ``;``, ``,``, new lines, or simply
written one after the other: "A Par-Bur F Bre-Mao"); ``parse_order`` reads one. Neither raises on
any text: what cannot be read comes back with an ``error`` in words and a ``span`` to underline.
"""

from __future__ import annotations

from functools import lru_cache

from tdapp.core.orders.fastpath import fast_drafts
from tdapp.core.orders.options import DEFAULT_OPTIONS, ParseOptions
from tdapp.core.orders.resolve import Context, resolve, units_of
from tdapp.core.orders.result import ParseResult
from tdapp.core.orders.syntax import Draft, read_drafts
from tdapp.core.orders.tokens import tokenize

__all__ = ["ParseOptions", "ParseResult", "parse_order", "parse_orders"]

PHASE_KINDS = ("M", "R", "A")


# The same texts come back phase after phase ("A PAR - BUR"): what they say is kept, and without
# a position so is what they mean. Drafts and results are never changed once made.
_CACHE_SIZE = 8192


@lru_cache(maxsize=_CACHE_SIZE)
def _drafts(text: str) -> tuple[Draft, ...]:
    return fast_drafts(text) or tuple(read_drafts(text, tokenize(text)))


@lru_cache(maxsize=_CACHE_SIZE)
def _parse_without_position(text: str, power: str | None, phase_kind: str,
                            options: ParseOptions) -> tuple[ParseResult, ...]:
    ctx = Context(power, None, phase_kind, options)
    return tuple(resolve(text, draft, ctx) for draft in _drafts(text))


def parse_orders(text: str, power: str | None = None, position: object = None,
                 phase_kind: str = "M", options: ParseOptions | None = None) -> list[ParseResult]:
    """Every order written in ``text``, in the order written.

    ``position`` (anything with ``units``: power -> ["A PAR", "F STP/NC", ...], or a mapping with
    a ``"units"`` key) fills in missing unit types, checks that ``power`` has the unit it orders,
    and decides between the readings of an ambiguous name. ``phase_kind`` is ``"M"`` (movement),
    ``"R"`` (retreats) or ``"A"`` (adjustments).
    """
    if phase_kind not in PHASE_KINDS:
        raise ValueError(f"phase_kind must be one of M, R, A, not {phase_kind!r}")
    power = power.upper() if power else None
    options = options or DEFAULT_OPTIONS
    units = units_of(position, phase_kind)
    if units is None:
        return list(_parse_without_position(text, power, phase_kind, options))
    ctx = Context(power, units, phase_kind, options)
    return [resolve(text, draft, ctx) for draft in _drafts(text)]


def parse_order(text: str, power: str | None = None, position: object = None,
                phase_kind: str = "M", options: ParseOptions | None = None) -> ParseResult:
    """Exactly one order; anything after it is an error of that order."""
    results = parse_orders(text, power, position, phase_kind, options)
    if not results:
        end = len(text)
        return ParseResult(text, 0, None, "", "no order written", (0, end))
    first = results[0]
    if len(results) == 1:
        return first
    extra = results[1]
    span = (extra.start, len(text.rstrip()))
    return ParseResult(first.text, first.start, None, first.normalized,
                       f"more than one order here: '{text[extra.start:span[1]]}' is another one",
                       span)


def part_spans(text: str) -> dict[str, tuple[int, int]]:
    """Where the parts of the (first) order written in ``text`` are, as offsets into ``text``:
    ``unit`` (the unit ordered), ``target`` (the unit supported or convoyed) and
    ``destination``. For underlining a fault the judge finds in an order that reads well."""
    drafts = _drafts(text)
    if not drafts or drafts[0].error is not None:
        return {}
    draft = drafts[0]
    spans: dict[str, tuple[int, int]] = {}
    for name, ref in (("unit", draft.unit), ("target", draft.target)):
        if ref is not None:
            start = ref.type_span[0] if ref.type_span else ref.place.span[0]
            spans[name] = (start, ref.place.span[1])
    if draft.dest is not None:
        spans["destination"] = draft.dest.span
    return spans
