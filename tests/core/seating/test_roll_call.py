from __future__ import annotations

from tdapp.core.seating.roll_call import RollCallEntry, SitOutPolicy, propose_players


def present(count: int, **kwargs) -> list[RollCallEntry]:
    return [RollCallEntry(f"p{i:02d}", **kwargs) for i in range(count)]


def test_multiple_of_seven_needs_nothing():
    proposal = propose_players(present(14))
    assert proposal.fix == "none" and proposal.boards == 2


def test_standbys_come_in_first():
    roll = present(12) + [RollCallEntry("s1", "standby"), RollCallEntry("s2", "standby"),
                          RollCallEntry("s3", "standby")]
    proposal = propose_players(roll)
    assert proposal.fix == "standbys"
    assert proposal.standbys_in == ["s1", "s2"]
    assert len(proposal.players) == 14
    assert "standby s3 stays out" in proposal.explanations


def test_wdc_2018_sit_out_order_skips_those_who_sat_out():
    roll = [
        RollCallEntry("trav", category="traveller"),
        RollCallEntry("club1", category="club"),
        RollCallEntry("board1", category="board", sat_out_before=True),
        RollCallEntry("board2", category="board"),
        RollCallEntry("local1", category="local"),
    ] + present(11)
    proposal = propose_players(roll, SitOutPolicy(fixes=("volunteers", "sit_out_order")))
    assert proposal.fix == "sit_out_order"
    assert proposal.sitting_out == ["board2", "club1"]
    assert len(proposal.players) == 14
    assert any("not asked again" in note for note in proposal.explanations)


def test_volunteers_sit_out_before_anyone_is_made_to():
    roll = present(15)[:-1] + [RollCallEntry("vol", sit_out_volunteer=True)]
    proposal = propose_players(roll)
    assert proposal.fix == "volunteers" and proposal.sitting_out == ["vol"]


def test_two_boards_when_preferred_and_alternatives_offered():
    roll = present(11) + [RollCallEntry("d1", two_boards=True),
                          RollCallEntry("d2", two_boards=True)]
    policy = SitOutPolicy(fixes=("two_boards", "sit_out_order"))
    proposal = propose_players(roll, policy)
    assert proposal.fix == "two_boards"
    assert proposal.players.count("d1") == 2 and len(proposal.players) == 14
    assert [alt.fix for alt in proposal.alternatives] == ["sit_out_order"]


def test_unresolved_when_nothing_works():
    proposal = propose_players(present(9), SitOutPolicy(fixes=("standbys",)))
    assert proposal.fix == "unresolved"
    assert "add 5 or remove 2" in proposal.explanations[-1]


# Issue 24 item 12a. Seed 002: "the TD may ask designated players to play on two boards, or may
# play on one or two boards himself ... When the TD has to exclude players, he will exclude local
# board members before local club members, local club members before local non-members, and local
# non-members before travelers." A non-competing assistant fills a seat only if needed.
WDC_2018 = SitOutPolicy(fixes=("standbys", "volunteers", "sit_out_order"),
                        category_order=("board", "club", "local", "traveller"))


def test_an_assistant_never_plays_while_a_competing_traveller_sits_out():
    roll = present(56, category="traveller") + [
        RollCallEntry("assistant", category="traveller", competing=False)]
    proposal = propose_players(roll, WDC_2018)
    assert proposal.fix == "none"
    assert "assistant" not in proposal.players and len(proposal.players) == 56
    assert proposal.sitting_out == ["assistant"]
    assert "assistant (not competing) is not needed" in proposal.explanations


def test_an_assistant_sits_out_before_any_competitor_when_the_count_is_over():
    roll = [RollCallEntry("assistant", category="traveller", competing=False)] + present(
        58, category="traveller")
    proposal = propose_players(roll, WDC_2018)
    assert "assistant" not in proposal.players and len(proposal.players) == 56
    assert "assistant" in proposal.sitting_out and len(proposal.sitting_out) == 3


def test_an_assistant_fills_a_seat_when_that_saves_competitors_a_sit_out():
    roll = present(54, category="traveller") + [
        RollCallEntry("assistant", category="traveller", competing=False),
        RollCallEntry("td", category="traveller", competing=False)]
    proposal = propose_players(roll, WDC_2018)
    assert proposal.fix == "standbys" and len(proposal.players) == 56
    assert {"assistant", "td"} <= set(proposal.players) and proposal.sitting_out == []
    assert "assistant (not competing) fills a seat" in proposal.explanations


def test_a_competing_standby_comes_in_before_an_assistant():
    roll = present(54) + [RollCallEntry("assistant", competing=False),
                          RollCallEntry("s1", "standby")]
    proposal = propose_players(roll)
    assert proposal.standbys_in == ["s1", "assistant"]
    roll = present(54) + [RollCallEntry("assistant", competing=False),
                          RollCallEntry("s1", "standby"), RollCallEntry("s2", "standby")]
    proposal = propose_players(roll)
    assert proposal.standbys_in == ["s1", "s2"] and proposal.sitting_out == ["assistant"]


# Issue 24 item 13: the rotation asks someone to sit out twice only when it must. Seed 002: "if
# there are not enough volunteers to stand aside, the TD will be forced to exclude some players".
def test_nobody_sits_out_twice_while_someone_has_not_sat_out():
    roll = [RollCallEntry(f"out{i}", category="board", sat_out_before=True) for i in range(5)]
    roll += [RollCallEntry("fresh1", category="traveller"),
             RollCallEntry("fresh2", category="traveller")] + present(2, category="traveller")
    proposal = propose_players(roll, WDC_2018)  # 9 present: 2 out
    assert proposal.fix == "sit_out_order" and len(proposal.sitting_out) == 2
    assert not any(p.startswith("out") for p in proposal.sitting_out)


def test_someone_sits_out_twice_when_everyone_has_sat_out():
    roll = [RollCallEntry(f"out{i}", category="club", sat_out_before=True) for i in range(7)]
    roll += [RollCallEntry("fresh", category="traveller"),
             RollCallEntry("board", category="board", sat_out_before=True)]
    proposal = propose_players(roll, WDC_2018)  # 9 present: 2 out, only one fresh
    assert proposal.fix == "sit_out_order"
    assert proposal.sitting_out == ["fresh", "board"]  # then the format's order: board first
    assert "board sits out a second time (everyone else who could is already out)" in \
        proposal.explanations
    assert len(proposal.players) == 7
