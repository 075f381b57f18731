from __future__ import annotations

from tdapp.core.seating.methods import assign_rounds_by_preference

SEEDS = [f"s{i:02d}" for i in range(1, 29)]


def test_dbn_rounds_by_preference_move_the_lowest_seeds():
    prefs = {s: [1, 2] for s in SEEDS[:10]}
    prefs.update({s: [2, 3] for s in SEEDS[10:25]})
    prefs.update({s: [3, 1] for s in SEEDS[25:]})
    rounds = assign_rounds_by_preference(SEEDS, prefs, [1, 2, 3])
    assert {r: len(p) for r, p in rounds.items()} == {1: 7, 2: 14, 3: 7}
    assert rounds[1] == SEEDS[:7]
    assert rounds[2] == SEEDS[10:24]
    # round 1's three lowest seeds and round 2's lowest fill round 3 (the only one short)
    assert rounds[3] == SEEDS[7:10] + SEEDS[24:]
    assert all(len(p) % 7 == 0 for p in rounds.values())
