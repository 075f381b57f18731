"""Written orders to judge entries: canonical fast path, paper parser, retreat-phase view."""

from __future__ import annotations

import pytest

from tdapp.core.adjudication.reading import (
    canonical_reader,
    paper_reader,
    parser_view,
    read_orders,
)
from tdapp.core.orders.model import Hold, Move, Retreat
from tests.core.adjudication.judge_helpers import position


def test_canonical_orders_need_no_parser() -> None:
    pos = position(units={"FRANCE": ["A PAR"]})
    entries = read_orders(pos, {"FRANCE": ["A PAR - BUR", "", "A PAR ->"]}, canonical_reader)
    assert entries[0].order == Move("A", "PAR", "BUR")
    assert entries[1].order is None and entries[1].error == "no order written"
    assert entries[2].order is None and "not a canonical order" in entries[2].error


def test_paper_spellings_go_to_the_parser() -> None:
    pytest.importorskip("tdapp.core.orders.parser")
    pos = position(units={"FRANCE": ["A PAR", "F BRE"]})
    entries = read_orders(pos, {"FRANCE": ["Army Paris move to Burgundy", "F Bre H"]})
    assert entries[0].order == Move("A", "PAR", "BUR")
    assert entries[0].normalized == "A PAR - BUR"
    assert entries[1].order == Hold("F", "BRE")
    forced = paper_reader(fast_path=False)
    assert forced("A PAR - BUR", "FRANCE", parser_view(pos), "M").order == Move("A", "PAR", "BUR")


def test_retreat_phase_shows_the_parser_the_dislodged_units() -> None:
    pos = position("S1901R", units={"GERMANY": ["A BUR"]},
                   dislodged={"FRANCE": [{"unit": "A BUR", "attacker_from": "MUN"}]})
    assert parser_view(pos) == {"units": {"FRANCE": ["A BUR"]}}
    entries = read_orders(pos, {"FRANCE": ["A BUR R PAR"]})
    assert entries[0].order == Retreat("A", "BUR", "PAR")
