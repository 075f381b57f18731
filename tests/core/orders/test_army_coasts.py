"""Issue 17: an army ignores a coast everywhere.

Seed 003 (rules): "Armies can move to inland or coastal provinces. Fleets can move to coastal and
water provinces." and "Some provinces have split coasts. When fleets move into them, the specific
coast must be chosen." A coast is a fleet's matter: written on an army (its place, its move, its
retreat, its build, a support or a convoy naming it) it is read as the province. ``A NWY R
STP/SC`` used to be voided and the army disbanded.
"""

from __future__ import annotations

import pytest

from tdapp.commands.adjudicate import adjudicate_document
from tdapp.core.adjudication.canonical import parse_canonical
from tdapp.core.orders.parser import parse_order

NWY_DISLODGED = {"phase": "S1901R", "units": {"ENGLAND": ["F BAR"]},
                 "dislodged": {"RUSSIA": [{"unit": "A NWY", "attacker_from": "SWE"}]}}
RUM_DISLODGED = {"phase": "S1901R", "units": {},
                 "dislodged": {"RUSSIA": [{"unit": "A RUM", "attacker_from": "SEV"}]}}


def _adjudicate(position: dict, orders: dict[str, list[str]]) -> dict:
    return adjudicate_document({**position, "orders": orders})


def _result(out: dict, order: str) -> dict:
    return next(r for r in out["results"] if r["order"] == order)


@pytest.mark.parametrize(("position", "order", "normalized", "lands"), [
    (NWY_DISLODGED, "A NWY R STP/SC", "A NWY R STP", "A STP"),
    (NWY_DISLODGED, "A NWY R STP/NC", "A NWY R STP", "A STP"),
    (NWY_DISLODGED, "A Nwy R Stp/sc", "A NWY R STP", "A STP"),
    (NWY_DISLODGED, "army norway retreats to st petersburg (sc)", "A NWY R STP", "A STP"),
    (RUM_DISLODGED, "A RUM R BUL/EC", "A RUM R BUL", "A BUL"),
    (RUM_DISLODGED, "A RUM R BUL/SC", "A RUM R BUL", "A BUL"),
])
def test_an_army_retreat_with_a_coast_goes_to_the_province(position: dict, order: str,
                                                          normalized: str, lands: str) -> None:
    out = _adjudicate(position, {"RUSSIA": [order]})
    result = _result(out, order)
    assert result["tags"] == [], result
    assert result["normalized"] == normalized
    assert lands in out["next"]["units"]["RUSSIA"]


@pytest.mark.parametrize("order", ["A STP/SC B", "A STP/NC B", "build army st petersburg (nc)"])
def test_an_army_built_with_a_coast_is_built_in_the_province(order: str) -> None:
    out = _adjudicate({"phase": "W1901A", "units": {},
                       "centers": {"RUSSIA": ["STP", "MOS", "SEV", "WAR"]}}, {"RUSSIA": [order]})
    assert _result(out, order)["tags"] == []
    assert out["next"]["units"]["RUSSIA"] == ["A STP"]


def test_supports_and_convoys_naming_an_army_with_a_coast() -> None:
    out = _adjudicate({"phase": "S1901M", "units": {"RUSSIA": ["A FIN", "F BOT"],
                                                    "ENGLAND": ["A NWY"]}},
                      {"RUSSIA": ["A FIN - STP/NC", "F BOT S A FIN - STP/SC"],
                       "ENGLAND": ["A NWY - STP"]})
    support = _result(out, "F BOT S A FIN - STP/SC")
    assert support["normalized"] == "F BOT S A FIN - STP" and support["tags"] == []
    assert "A STP" in out["next"]["units"]["RUSSIA"]  # supported 2 beats England's 1
    out = _adjudicate({"phase": "S1901M", "units": {"ENGLAND": ["F NTH", "A YOR"]}},
                      {"ENGLAND": ["F NTH C A YOR/NC - NWY/SC", "A YOR - NWY VIA"]})
    assert _result(out, "F NTH C A YOR/NC - NWY/SC")["normalized"] == "F NTH C A YOR - NWY"
    assert out["next"]["units"]["ENGLAND"] == ["F NTH", "A NWY"]
    out = _adjudicate({"phase": "S1901M", "units": {"RUSSIA": ["A STP", "F BOT"]}},
                      {"RUSSIA": ["A STP/NC H", "F BOT S A STP/SC"]})
    assert _result(out, "F BOT S A STP/SC")["normalized"] == "F BOT S A STP"
    assert _result(out, "F BOT S A STP/SC")["tags"] == []


@pytest.mark.parametrize(("text", "kind", "expected"), [
    ("A NWY R STP/SC", "R", "A NWY R STP"),
    ("A RUM R BUL/EC", "R", "A RUM R BUL"),
    ("A NWY - STP/SC", "M", "A NWY - STP"),
    ("A STP/SC B", "A", "A STP B"),
    ("F BOT S A FIN - STP/SC", "M", "F BOT S A FIN - STP"),
    ("F MAO C A BRE - SPA/SC", "M", "F MAO C A BRE - SPA"),
])
def test_the_parser_and_the_canonical_reader_agree(text: str, kind: str, expected: str) -> None:
    from tdapp.core.orders.normalize import format_order

    assert format_order(parse_canonical(text, kind)) == expected
    assert parse_order(text, phase_kind=kind).normalized == expected


def test_a_fleet_keeps_its_coast() -> None:
    from tdapp.core.orders.normalize import format_order

    assert format_order(parse_canonical("F BOT S F FIN - STP/SC")) == "F BOT S F FIN - STP/SC"
    assert format_order(parse_canonical("F BAR R STP/NC", "R")) == "F BAR R STP/NC"
