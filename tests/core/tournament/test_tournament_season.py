"""The DBN season (seed 000, part 2): placement points, best three, tie-breakers, invitations."""

from __future__ import annotations

import pytest

from tdapp.core.tournament.season import (
    EventResult,
    classify_event,
    invitations,
    placement_points,
    season_standings,
)


def test_placement_points_give_100_60_40_percent_to_the_first_three() -> None:
    assert placement_points(100, 1) == pytest.approx(100)
    assert placement_points(100, 2) == pytest.approx(60)
    assert placement_points(100, 3) == pytest.approx(40, abs=0.1)
    assert placement_points(100, 10) == pytest.approx(10, abs=1.0)  # "about 10%"
    assert placement_points(100, 28) == pytest.approx(3, abs=0.5)  # "about 3%"
    with pytest.raises(ValueError, match="place"):
        placement_points(100, 0)


def test_event_classes() -> None:
    assert classify_event(4, 30) is None and classify_event(5, 13) is None
    assert classify_event(5, 14) == "minor"
    assert classify_event(9, 21) == "standard"
    assert classify_event(5, 14, major=True) == "major"


def test_the_season_total_is_the_three_largest_placements() -> None:
    events = [EventResult(f"e{i}", "standard", {"ann": 1, "bob": 2}) for i in range(4)]
    season = season_standings(events)
    ann = season.rows[0]
    assert ann.player == "ann" and ann.total == pytest.approx(240) and len(ann.counted) == 3
    assert season.rows[1].total == pytest.approx(144)
    # the reason now explains a row against the row above it (as ``decided_by`` does)
    assert ann.reason == "" and season.rows[1].decided_by == ""


def test_ties_go_to_the_best_single_event_then_top_share_then_the_coin() -> None:
    events = [EventResult("major", "major", {"ann": 2, "bob": 3}),
              EventResult("minor", "minor", {"bob": 1, "ann": 3})]
    season = season_standings(events)  # ann 60 + 24 = 84, bob 40 + 60 = 100
    assert season.order() == ["bob", "ann"]
    assert season.rows[1].total == pytest.approx(84.0, abs=0.01)  # 3rd is 2^1.17, not quite 40%
    tied = [EventResult("a", "standard", {"ann": 1, "bob": 1}),
            EventResult("b", "standard", {"ann": 2, "bob": 2})]
    by_share = season_standings(tied, top_share={"ann": 12.5, "bob": 20.0})
    assert by_share.order() == ["bob", "ann"]
    assert by_share.rows[1].reason == "tie broken by the TopShare percentage"
    assert by_share.rows[1].decided_by == "topshare"
    open_tie = season_standings(tied)
    assert open_tie.rows[0].rank == open_tie.rows[1].rank == 1 and open_tie.rows[0].coin_toss_needed
    tossed = season_standings(tied, coin_toss=["ann", "bob"])
    assert tossed.order() == ["ann", "bob"] and tossed.rows[1].rank == 2


def test_invitations_put_automatic_qualifiers_in_then_seed_by_the_season() -> None:
    places = {f"p{i:02d}": i + 1 for i in range(40)}
    season = season_standings([EventResult("e", "major", places)])
    got = invitations(season, automatic=["p39"], invited=31, alternates=4, declined=["p02"])
    qualifiers = [i for i in got if not i.alternate]
    assert len(qualifiers) == 31 and "p39" in [i.player for i in qualifiers]
    assert "p02" not in [i.player for i in got]
    assert [i.seed for i in got] == list(range(1, 36))
    assert qualifiers[-1].player == "p39" and qualifiers[-1].how == "automatic invitation"
    assert [i.player for i in got if i.alternate] == ["p31", "p32", "p33", "p34"]
