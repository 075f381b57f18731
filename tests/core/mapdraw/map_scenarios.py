"""Positions and adjudicated phases for the map tests (made with tdapp's own adjudicator)."""

from __future__ import annotations

import copy
from typing import Any

from tdapp.commands.adjudicate import adjudicate_document
from tdapp.core.board.standard_map import STANDARD_MAP

START_CENTERS = {
    power: list(STANDARD_MAP.home_centers[power]) for power in STANDARD_MAP.powers
}


def start_position() -> dict[str, Any]:
    return {
        "phase": "S1901M",
        "units": {p: list(u) for p, u in STANDARD_MAP.starting_units.items()},
        "centers": copy.deepcopy(START_CENTERS),
    }


def busy_phase() -> tuple[dict[str, Any], dict[str, Any]]:
    """A movement phase with moves, supports (one cut), a convoy, bounces and a dislodgement."""
    doc = {
        "phase": "F1901M",
        "units": {
            "ENGLAND": ["F NTH", "A YOR", "F LON"],
            "FRANCE": ["F BRE", "A PAR", "A MAR"],
            "GERMANY": ["A MUN", "F KIE", "A BER"],
            "ITALY": ["A VEN", "F NAP", "A ROM", "A PIE"],
            "AUSTRIA": ["A SER", "F GRE", "F TRI"],
            "RUSSIA": ["F SEV", "A WAR", "A MOS", "F STP/SC"],
            "TURKEY": ["A BUL", "F ANK", "A CON"],
        },
        "centers": copy.deepcopy(START_CENTERS),
        "orders": {
            "ENGLAND": ["F NTH C A YOR - NWY", "A YOR - NWY", "F LON - ENG"],
            "FRANCE": ["F BRE - ENG", "A PAR - BUR", "A MAR S A PAR - BUR"],
            "GERMANY": ["A MUN - BUR", "F KIE - DEN", "A BER - SIL"],
            "ITALY": ["A VEN H", "F NAP - ION", "A ROM S A VEN", "A PIE - MAR"],
            "AUSTRIA": ["A SER - BUL", "F GRE S A SER - BUL", "F TRI - ADR"],
            "RUSSIA": ["F SEV - BLA", "A WAR - GAL", "A MOS - UKR", "F STP/SC - BOT"],
            "TURKEY": ["A BUL H", "F ANK - BLA", "A CON - SMY"],
        },
    }
    return doc, adjudicate_document(doc)


def retreat_phase() -> tuple[dict[str, Any], dict[str, Any]]:
    """The retreat phase after ``busy_phase``, with Turkey's retreat ordered and adjudicated."""
    _doc, out = busy_phase()
    position = copy.deepcopy(out["next"])
    assert position["phase"] == "F1901R", position["phase"]
    doc = dict(position, orders={"TURKEY": ["A BUL R RUM"]})
    return position, adjudicate_document(doc)


def adjustment_phase() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A winter with builds and a removal (results written as the adjudicator reports them)."""
    position = {
        "phase": "W1901A",
        "units": {
            "ENGLAND": ["F NWY", "F ENG", "A YOR"],
            "ITALY": ["A VEN", "F ION", "A ROM"],
            "RUSSIA": ["A GAL", "A UKR", "F BOT", "F SEV"],
        },
        "centers": {
            "ENGLAND": ["LON", "EDI", "LVP", "NWY", "BEL"],
            "ITALY": ["ROM", "NAP"],
            "RUSSIA": ["MOS", "WAR", "STP", "SEV", "RUM"],
        },
    }
    results = [
        {"power": "ENGLAND", "normalized": "F LON B", "tags": []},
        {"power": "ENGLAND", "normalized": "A LVP B", "tags": []},
        {"power": "ITALY", "normalized": "A VEN D", "tags": []},
        {"power": "RUSSIA", "normalized": "F STP/NC B", "tags": []},
    ]
    return position, results
