"""The standard map data: counts, types, home centres, split coasts and symmetric adjacency."""

from __future__ import annotations

import pytest

from tdapp.core.board.standard_map import (
    COAST,
    IMPASSABLE,
    LAND,
    SEA,
    STANDARD_MAP,
    load_standard_map,
)
from tdapp.core.powers import POWERS

M = STANDARD_MAP


def test_counts() -> None:
    passable = [p for p, info in M.provinces.items() if info.type != IMPASSABLE]
    assert len(passable) == 75
    assert [p for p, i in M.provinces.items() if i.type == IMPASSABLE] == ["SWI"]
    assert len(M.supply_centers) == 34
    kinds = [info.type for info in M.provinces.values()]
    assert (kinds.count(SEA), kinds.count(LAND), kinds.count(COAST)) == (19, 14, 42)


def test_home_centres() -> None:
    assert set(M.home_centers) == set(POWERS)
    assert M.home_centers["RUSSIA"] == ("MOS", "SEV", "STP", "WAR")
    assert sum(len(v) for v in M.home_centers.values()) == 22
    for power, units in M.starting_units.items():
        assert len(units) == len(M.home_centers[power])
        assert {u.split()[1].split("/")[0] for u in units} == set(M.home_centers[power])


def test_split_coasts() -> None:
    split = {p: i.coasts for p, i in M.provinces.items() if i.coasts}
    assert split == {
        "BUL": ("BUL/EC", "BUL/SC"),
        "SPA": ("SPA/NC", "SPA/SC"),
        "STP": ("STP/NC", "STP/SC"),
    }
    assert M.can_move("F", "MAO", "SPA/NC") and M.can_move("F", "MAO", "SPA/SC")
    assert not M.can_move("F", "MAO", "SPA")  # a fleet must name the coast
    assert M.can_move("F", "BAR", "STP/NC") and not M.can_move("F", "BAR", "STP/SC")
    assert M.can_move("F", "CON", "BUL/EC") and M.can_move("F", "CON", "BUL/SC")
    assert not M.can_occupy("A", "STP/NC") and M.can_occupy("F", "STP/NC")
    assert not M.can_occupy("F", "STP") and M.can_occupy("A", "STP")


@pytest.mark.parametrize("unit_type", ["A", "F"])
def test_adjacency_is_symmetric(unit_type: str) -> None:
    for loc in M.location_names:
        for other in M.adjacent_locations(unit_type, loc):
            assert M.can_move(unit_type, other, loc), f"{unit_type} {loc}->{other} but not back"


def test_units_only_where_they_belong() -> None:
    for loc in M.location_names:
        province = M.provinces[M.province_of(loc)]
        for other in M.adjacent_locations("A", loc):
            assert M.provinces[M.province_of(other)].type in (LAND, COAST)
        if province.type == LAND:
            assert M.adjacent_locations("F", loc) == ()
        if province.type == SEA:
            assert M.adjacent_locations("A", loc) == ()
    assert M.adjacent_locations("A", "SWI") == () and M.adjacent_locations("F", "SWI") == ()


def test_rulebook_borders() -> None:
    # Facts the DATC relies on (6.A, 6.B) and the classic traps.
    assert not M.can_move("F", "ROM", "VEN")  # coasts do not touch
    assert M.can_move("A", "ROM", "VEN")
    assert not M.can_move("F", "ANK", "SMY") and M.can_move("A", "ANK", "SMY")
    assert M.can_move("F", "DEN", "SWE") and M.can_move("A", "DEN", "SWE")
    assert M.can_move("F", "KIE", "BAL") and not M.can_move("A", "KIE", "BAL")
    assert not M.can_move("F", "NTH", "PIC") and not M.can_move("A", "LVP", "IRI")
    assert M.can_move("F", "GAS", "SPA/NC") and not M.can_move("F", "GAS", "SPA/SC")
    assert M.can_move("F", "MAR", "SPA/SC") and M.can_move("F", "WES", "SPA/SC")
    assert M.can_move("F", "NWY", "STP/NC") and M.can_move("F", "FIN", "STP/SC")
    assert M.can_move("F", "BLA", "BUL/EC") and M.can_move("F", "AEG", "BUL/SC")
    assert not M.can_move("F", "GRE", "BUL/EC") and M.can_move("F", "RUM", "BUL/EC")
    edges = sum(len(M.adjacent_locations("F", loc)) for loc in M.location_names) // 2
    assert edges == 141
    assert sum(len(M.adjacent_locations("A", loc)) for loc in M.location_names) // 2 == 111


def test_aliases() -> None:
    for written, loc in [
        ("nth", "NTH"), ("north sea", "NTH"), ("norwegian sea", "NWG"), ("stp(nc)", "STP/NC"),
        ("st. petersburg north coast", "STP/NC"), ("spa/sc", "SPA/SC"), ("bul ec", "BUL/EC"),
        ("mid-atlantic ocean", "MAO"), ("gulf of lyon", "LYO"), ("st petersburg (sc)", "STP/SC"),
    ]:
        assert M.aliases[written] == loc, written
    assert M.lookup("  North   Sea ") == "NTH"
    assert "nor" not in M.aliases and set(M.ambiguous_aliases["nor"]) == {"NWY", "NWG", "NTH"}
    for written, loc in M.aliases.items():
        assert written == written.lower()
        assert M.is_location(loc)


def test_loaded_once() -> None:
    assert load_standard_map() is STANDARD_MAP
