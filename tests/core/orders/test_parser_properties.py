"""Properties of the parser over generated input: it never raises, its spans stay inside the
text, and it reads its own canonical output back to the same order."""

from __future__ import annotations

import string

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tdapp.core.board.standard_map import STANDARD_MAP
from tdapp.core.orders.fastpath import fast_drafts
from tdapp.core.orders.geography import can_support_into, convoyable
from tdapp.core.orders.model import Convoy, Hold, Move, SupportHold, SupportMove
from tdapp.core.orders.normalize import format_order
from tdapp.core.orders.options import EDC_2026, ParseOptions
from tdapp.core.orders.parser import parse_order, parse_orders
from tdapp.core.orders.syntax import read_drafts
from tdapp.core.orders.tokens import tokenize
from tests.core.orders.parser_positions import POSITIONS

WORDS = [
    "A", "F", "a", "f", "Army", "Fleet", "Par", "Bur", "Nth", "Nor", "Liv", "Tyr", "Tys", "Nwy",
    "Nwg", "StP", "Spa", "Bul", "Con", "Mao", "Mid", "Atlantic", "North", "Sea", "St", "Gulf",
    "of", "Lyon", "nc", "sc", "ec", "north", "coast", "S", "C", "H", "R", "D", "B", "-", "->",
    "–", "to", "move", "supports", "convoys", "via", "convoy", "by", "build", "remove",
    "disband", "waive", "holds", "(", ")", "/", ":", ";", ",", "\n", "1.", "France", "ENG",
    "the", "Bergundy", "xyz", "?", "İ", "ß", "Straße", ".", "'", "=>", "→", "(nc)", "/sc",
    "coast", "east", "south", "(n)", "n", "c", "sea", "no", "builds", "Builds:", "hold", "Move",
    "Retreat", "pass", "St.", "Petersburg", "Mid-Atlantic", "Ocean", "München", "[", "]", "2)",
    "Edi", "Lon", "Lvp", "Lvn", "Tyrolia", "Gulf", "Bothnia", "A Par", "F Nth", "Kie", "Den",
]

phases = st.sampled_from(["M", "R", "A"])
positions = st.sampled_from([None, *POSITIONS.values()])
powers = st.sampled_from([None, "FRANCE", "ENGLAND", "RUSSIA", "GERMANY", "ITALY"])
option_sets = st.sampled_from([
    None, EDC_2026, ParseOptions(missing_coast="strict", missing_build_coast="void",
                                 wrong_unit_type="fail", require_unit_type_in_builds=True),
])
word_soup = st.lists(st.sampled_from(WORDS), max_size=14).flatmap(
    lambda words: st.lists(st.sampled_from([" ", "", "  ", "\t"]), min_size=len(words),
                           max_size=len(words)).map(
        lambda gaps: "".join(w + g for w, g in zip(words, gaps, strict=True))))
any_text = st.one_of(st.text(max_size=80), st.text(string.printable, max_size=80), word_soup)


def _check(text: str, results: list) -> None:
    for result in results:
        assert 0 <= result.start <= len(text)
        assert text[result.start:result.start + len(result.text)] == result.text
        assert result.error is None or result.order is None
        assert result.error is not None or result.order is not None
        assert isinstance(result.normalized, str)
        if result.error is not None:
            assert result.span is not None
        if result.span is not None:
            start, end = result.span
            assert 0 <= start <= end <= len(text)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(text="PAR NC COAST", phase="M", position=None, power=None, options=None)
@given(text=any_text, phase=phases, position=positions, power=powers, options=option_sets)
def test_parse_orders_never_raises_and_spans_stay_inside(text, phase, position, power,
                                                          options) -> None:
    results = parse_orders(text, power=power, position=position, phase_kind=phase,
                           options=options)
    _check(text, results)
    single = parse_order(text, power=power, position=position, phase_kind=phase,
                         options=options)
    _check(text, [single])


# -- round trip: the canonical form reads back to the same order ---------------------------

_MAP = STANDARD_MAP
_FLEET_LOCS = sorted(
    loc for loc in _MAP.location_names if _MAP.adjacent_locations("F", loc)
)
_ARMY_LOCS = sorted(loc for loc in _MAP.location_names if _MAP.adjacent_locations("A", loc))
_SEAS = sorted(p for p, info in _MAP.provinces.items() if info.type == "sea")
_COASTAL = sorted(p for p, info in _MAP.provinces.items() if info.type == "coast")
_CONVOY_PAIRS = [(a, b) for a in _COASTAL for b in _COASTAL if convoyable(a, b)]


@st.composite
def legal_orders(draw):
    unit_type = draw(st.sampled_from(["A", "F"]))
    loc = draw(st.sampled_from(_ARMY_LOCS if unit_type == "A" else _FLEET_LOCS))
    kind = draw(st.sampled_from(["hold", "move", "support_hold", "support_move", "convoy"]))
    near = _MAP.adjacent_locations(unit_type, loc)
    if kind == "hold" or not near:
        return Hold(unit_type, loc)
    if kind == "move":
        return Move(unit_type, loc, draw(st.sampled_from(near)))
    if kind == "convoy":
        sea = draw(st.sampled_from(_SEAS))
        army, dest = draw(st.sampled_from(_CONVOY_PAIRS))
        return Convoy("F", sea, army, dest)
    target_loc = draw(st.sampled_from(near))
    target_type = "A" if "/" not in target_loc and _MAP.adjacent_locations("A", target_loc) \
        else "F"
    if kind == "support_hold":
        return SupportHold(unit_type, loc, target_type, target_loc)
    onward = [d for d in _MAP.adjacent_locations(target_type, target_loc)
              if d.split("/")[0] != loc.split("/")[0]
              and can_support_into(unit_type, loc, d.split("/")[0])]
    if not onward:
        return SupportHold(unit_type, loc, target_type, target_loc)
    return SupportMove(unit_type, loc, target_type, target_loc, draw(st.sampled_from(onward)))


@settings(max_examples=400, deadline=None)
@given(order=legal_orders())
def test_canonical_form_reads_back_to_the_same_order(order) -> None:
    text = format_order(order)
    result = parse_order(text)
    assert result.error is None, (text, result.error)
    assert result.order == order, text
    assert result.normalized == text


# -- the canonical shortcut reads exactly what the full grammar reads -----------------------

_CASES = st.sampled_from([str.upper, str.lower, str.title])


@settings(max_examples=400, deadline=None)
@given(order=legal_orders(), case=_CASES, spaces=st.sampled_from([" ", "  ", "\t"]),
       arrow=st.sampled_from(["-", "->", "-->"]), pad=st.sampled_from(["", " ", "\n"]))
def test_canonical_shortcut_matches_the_full_grammar(order, case, spaces, arrow, pad) -> None:
    text = pad + case(format_order(order)).replace(" ", spaces).replace("-", arrow) + pad
    fast = fast_drafts(text)
    slow = tuple(read_drafts(text, tokenize(text)))
    assert fast is not None, text
    assert fast == slow, text


@pytest.mark.parametrize("text", [
    "F NTH - NWY", "F EDI - NWY", "F STP/NC - BAR", "A PAR - BUR",
    "F LON S F NTH - ENG", "F NTH C A YOR - NWY", "A BUR R PAR", "A BUR D", "F STP/SC B",
    "A YOR - NWY VIA", "A MUN S A BER", "A PAR H", "f lon - nor", "A LIV - EDI",
])
def test_canonical_shortcut_on_chosen_texts(text: str) -> None:
    fast = fast_drafts(text)
    assert fast is not None
    assert fast == tuple(read_drafts(text, tokenize(text)))


@pytest.mark.parametrize("text", [
    "A PAR - XYZ", "F BRE/NC - MAO", "F SPA/EC - WES", "A PAR - BUR; F BRE - MAO", "A PAR H.",
    "ENG: F NTH - NWY", "A PAR - BUR F BRE - MAO",
])
def test_canonical_shortcut_leaves_the_rest_to_the_grammar(text: str) -> None:
    assert fast_drafts(text) is None


@settings(max_examples=200, deadline=None)
@given(orders=st.lists(legal_orders(), min_size=1, max_size=6),
       seps=st.lists(st.sampled_from(["; ", ", ", "\n", " ", "\r\n", " ;\n"]), min_size=6,
                     max_size=6))
def test_several_orders_in_one_text_are_read_in_order(orders, seps) -> None:
    text = "".join(format_order(o) + sep for o, sep in zip(orders, seps, strict=False))
    results = parse_orders(text)
    assert [r.order for r in results] == orders, text
    assert [r.error for r in results] == [None] * len(orders)
