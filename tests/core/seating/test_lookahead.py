from __future__ import annotations

import random

from tdapp.core.powers import POWERS
from tdapp.core.seating.history import History
from tdapp.core.seating.lookahead import improve_for_later_rounds
from tdapp.core.seating.model import PastBoard

A, B = [f"a{i}" for i in range(7)], [f"b{i}" for i in range(7)]


def left_with_two(players: list[str], past: list[PastBoard], first_round: int) -> None:
    """Player i has played every power but POWERS[i] and POWERS[i + 1], alone on a board."""
    for i, player in enumerate(players):
        keep = {POWERS[i], POWERS[(i + 1) % 7]}
        played = [p for p in POWERS if p not in keep]
        for number, power in enumerate(played, start=first_round):
            past.append(PastBoard(number, 100 + len(past), {power: player}))


def test_players_who_met_are_left_the_same_last_power():
    past: list[PastBoard] = []
    left_with_two(A, past, 2)
    left_with_two(B, past, 2)
    # a0 and b0 met once in round 1 (on two powers both have played since)
    past.append(PastBoard(1, 1, {"FRANCE": "a0", "GERMANY": "b0"}))
    history = History.from_boards(past)
    assert history.met("a0", "b0") == 1
    take_first = {POWERS[i]: a for i, a in enumerate(A)}  # a0 keeps ENGLAND
    take_second = {POWERS[(i + 1) % 7]: b for i, b in enumerate(B)}  # b0 keeps AUSTRIA
    improved = improve_for_later_rounds([A, B], [take_first, take_second], history,
                                        random.Random(1))
    kept_a0 = ({"AUSTRIA", "ENGLAND"} - {p for p, w in improved[0].items() if w == "a0"}).pop()
    kept_b0 = ({"AUSTRIA", "ENGLAND"} - {p for p, w in improved[1].items() if w == "b0"}).pop()
    assert kept_a0 == kept_b0  # so the last round's Hall condition keeps them apart
    for board in improved:
        assert sorted(board) == sorted(POWERS)
        assert all(history.times_played(player, power) == 0 for power, player in board.items())
