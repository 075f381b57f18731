"""Orders the judge voids on their own, found before adjudication (``legality.order_faults``):
what it flags is exactly what the judge voids, with the judge's own message, and the judge's
reports (what ``tdapp adjudicate`` prints) are unchanged."""

from __future__ import annotations

import pytest

from tdapp.core.adjudication import OrderEntry, RuleOptions, adjudicate_phase
from tdapp.core.adjudication.canonical import parse_canonical
from tdapp.core.adjudication.legality import DESTINATION, TARGET, UNIT, order_faults
from tdapp.core.board.position import DislodgedUnit, Phase, Position, Unit
from tests.core.adjudication.datc_cases import DATC_PATH, EDITIONS, load_cases, translate, units_for
from tests.core.adjudication.judge_helpers import position

# One Spring: every kind of order the judge voids whatever the others do, beside legal ones
# (supports and convoys here match their moves, so none is voided by another order).
UNITS = {
    "AUSTRIA": ["A VIE", "F TRI"],
    "ENGLAND": ["A LON", "F EDI", "A LVP"],
    "FRANCE": ["F BRE", "A PAR", "A MAR", "F MAO"],
    "GERMANY": ["A BER", "F KIE", "A MUN"],
    "ITALY": ["F NAP", "A ROM", "F ION", "A VEN"],
    "RUSSIA": ["A MOS", "F SEV", "A WAR"],
    "TURKEY": ["A CON", "F ANK", "A SMY"],
}
# order -> (TD's words, part at fault); orders not listed can be carried out
ORDERS: dict[str, dict[str, tuple[str, str] | None]] = {
    "AUSTRIA": {"F TRI - VEN": None,
                "A VIE S A BUD": ("no unit to support in Budapest", TARGET)},
    "ENGLAND": {"A LON - ENG": ("an army cannot move to a sea: English Channel", DESTINATION),
                "F EDI - YOR": None, "A LVP - EDI": None},
    "FRANCE": {"F BRE - PAR": ("a fleet cannot move inland: Paris", DESTINATION),
               "A PAR - MUN": ("not adjacent: an army in Paris cannot reach Munich",
                               DESTINATION),
               "A MAR - BUR": None,
               "F MAO - SPA": ("coast needed: a fleet in Mid-Atlantic Ocean can reach Spain "
                               "north coast or Spain south coast", DESTINATION)},
    "GERMANY": {"A BER - SIL": None, "A MUN S A BER - SIL": None,
                "F KIE S A BER - SIL": ("a support only reaches where the supporter could "
                                        "move: F KIE cannot reach Silesia", DESTINATION)},
    "ITALY": {"F NAP C A ROM - TUN": ("only a fleet at sea can convoy, not a fleet on a "
                                      "coast: Naples", UNIT),
              "A ROM - TUN": ("no fleet at sea could convoy A ROM to Tunis", DESTINATION),
              "A VEN C A ROM - TUN": ("an army cannot convoy", UNIT),
              "F ION H": None},
    "RUSSIA": {"A MOS - UKR": None, "A WAR S A MOS - UKR": None,
               "F SEV S A WAR": ("a support only reaches where the supporter could move: "
                                 "F SEV cannot reach Warsaw", TARGET)},
    "TURKEY": {"F ANK - ARM": None, "A SMY - ANK": None,
               "A CON - CON": ("a unit cannot move to where it stands: Constantinople",
                               DESTINATION)},
}
# What the results say of them, as before this check existed (the command line's contract).
JUDGE_MESSAGES = {
    "A VIE S A BUD": "no unit in BUD to support",
    "A LON - ENG": "an army cannot move to ENG",
    "F BRE - PAR": "F BRE cannot reach PAR",
    "A PAR - MUN": "A PAR cannot reach MUN",
    "F MAO - SPA": "coast needed: SPA/NC or SPA/SC",
    "F KIE S A BER - SIL": "F KIE cannot reach SIL",
    "F NAP C A ROM - TUN": "only a fleet at sea can convoy",
    "A ROM - TUN": "no fleets to convoy it",
    "A VEN C A ROM - TUN": "only a fleet at sea can convoy",
    "F SEV S A WAR": "F SEV cannot reach WAR",
    "A CON - CON": "A CON cannot move to its own province",
}


def _voided(pos: Position, orders: dict[str, list[str]]) -> dict[str, str]:
    entries = [OrderEntry(p, parse_canonical(t, pos.phase.kind), t)
               for p, texts in orders.items() for t in texts]
    out = adjudicate_phase(pos, entries)
    return {r.text: r.message for r in out.results if r.text and "void" in r.tags}


def _flagged(pos: Position, orders: dict[str, list[str]]):
    flagged = {}
    for power, texts in orders.items():
        faults = order_faults(pos, power, [parse_canonical(t, pos.phase.kind) for t in texts])
        flagged.update({t: f for t, f in zip(texts, faults, strict=True) if f is not None})
    return flagged


def test_flags_exactly_what_the_judge_voids_with_its_message() -> None:
    pos = position(units=UNITS)
    orders = {p: list(o) for p, o in ORDERS.items()}
    voided = _voided(pos, orders)
    flagged = _flagged(pos, orders)
    assert set(flagged) == set(voided) == set(JUDGE_MESSAGES)
    for text, fault in flagged.items():
        assert fault.message == voided[text] == JUDGE_MESSAGES[text], text
    expected = {t: want for o in ORDERS.values() for t, want in o.items() if want}
    assert {t: (f.words, f.part) for t, f in flagged.items()} == expected


def test_orders_for_units_not_there_or_not_ones_own() -> None:
    pos = position(units={"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]})
    faults = order_faults(pos, "FRANCE", [parse_canonical("A MUN - BUR", "M"),
                                          parse_canonical("A BUR - PAR", "M"), None])
    assert faults[0] is not None and faults[0].words == "A MUN is Germany's"
    assert faults[0].message == "A MUN belongs to GERMANY" and faults[0].part == UNIT
    assert faults[1] is not None and faults[1].words == "no unit in Burgundy"
    assert faults[2] is None  # an order the parser could not read is the parser's to tell


def test_retreats_the_judge_voids() -> None:
    pos = Position(Phase("S", 1902, "R"),
                   {"MUN": Unit("GERMANY", "A", "MUN"), "BEL": Unit("ENGLAND", "A", "BEL"),
                    "NTH": Unit("GERMANY", "F", "NTH")},
                   dislodged=[DislodgedUnit(Unit("FRANCE", "A", "BUR"), "MUN",
                                            ("GAS", "MAR", "PAR")),
                              DislodgedUnit(Unit("ENGLAND", "F", "HOL"), "NTH", ("KIE",))])
    orders = {"FRANCE": ["A BUR R MUN", "A BUR R GAS"], "ENGLAND": ["F HOL R RUH", "A BEL R PIC"]}
    voided = _voided(pos, orders)
    flagged = _flagged(pos, orders)
    assert set(flagged) == set(voided) == {"A BUR R MUN", "F HOL R RUH", "A BEL R PIC"}
    for text, fault in flagged.items():
        assert fault.message == voided[text]
    assert flagged["A BUR R MUN"].words.startswith(
        "A BUR may not retreat to Munich (it may retreat to: Gascony, Marseilles, Paris")
    assert flagged["A BUR R MUN"].part == DESTINATION
    assert flagged["A BEL R PIC"].words.startswith("A BEL was not dislodged")


def test_builds_and_removals_the_judge_voids() -> None:
    units = {"PAR": Unit("FRANCE", "A", "PAR"), "MUN": Unit("GERMANY", "A", "MUN")}
    centers = {"PAR": "FRANCE", "BRE": "FRANCE", "MAR": "FRANCE", "SPA": "FRANCE",
               "BER": "GERMANY"}
    pos = Position(Phase("W", 1901, "A"), units, centers)
    orders = {"FRANCE": ["A PAR B", "F MAR B", "A SPA B", "A BRE B", "A MUN D"]}
    voided = _voided(pos, orders)
    flagged = _flagged(pos, orders)
    assert set(flagged) == set(voided) == {"A PAR B", "A SPA B", "A MUN D"}
    assert flagged["A PAR B"].words == "cannot build: Paris is occupied"
    assert flagged["A SPA B"].words == "cannot build: Spain is not a home centre of France"
    assert flagged["A MUN D"].message == voided["A MUN D"] == "A MUN belongs to GERMANY"


# Voids that depend on the other orders, which the check before adjudication cannot know.
ORDER_DEPENDENT = ("did not move to", "did not hold", "was not ordered to", "two different "
                   "orders", "replaced by a later order", "not on the convoy route written",
                   "not part of a complete convoy route")


def _main_cases() -> list:
    if not DATC_PATH.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason="DATC cases not found"))]
    return [pytest.param(c, id=c["name"] + (f"[{c['edition']}]" if c.get("edition") else ""))
            for c in load_cases() if c["phase"] == "Main"]


@pytest.mark.parametrize("case", _main_cases())
def test_datc_movement_flags_agree_with_the_judge(case: dict) -> None:
    """Over every DATC movement case: each order flagged is voided with the same message, and
    each order voided and not flagged was voided because of another order."""
    units = units_for(case["orders"], case.get("starting_state", []))
    pos = Position(Phase("S", 1901, "M"), units)
    written = [(key, *translate(key, "Main")) for key in case["orders"]]
    rules: RuleOptions = EDITIONS[case.get("edition")]
    out = adjudicate_phase(pos, [OrderEntry(p, o, k) for k, p, o in written], rules)
    voided = {r.text: r.message for r in out.results if r.text and "void" in r.tags}
    for power in {p for _, p, _ in written}:
        mine = [(k, o) for k, p, o in written if p == power]
        for (key, _), fault in zip(mine, order_faults(pos, power, [o for _, o in mine]),
                                   strict=True):
            if fault is not None:  # the judge's message first (a dislodgement may follow)
                assert voided.get(key, "").split("; ")[0] == fault.message, key
            elif key in voided:  # voided because of the other orders, or silently with them
                why = voided[key]
                assert not why or any(w in why for w in ORDER_DEPENDENT), (key, why)
