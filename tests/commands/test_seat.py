"""``tdapp seat`` against CONTRACTS.md: shapes, batches, players on two boards and bad input."""

from __future__ import annotations

import io
import json
import sys
from collections import Counter
from typing import Any

import pytest

from tdapp.commands import seat
from tdapp.core.powers import POWERS

PLAYERS = [f"player{i:02d}" for i in range(14)]


def run(document: Any, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> tuple[int, Any, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(document)))
    code = seat.main(["-"])
    captured = capsys.readouterr()
    output = json.loads(captured.out) if captured.out else None
    return code, output, captured.err


def request(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"players": PLAYERS, "seed": 7, "time_limit": 1}
    base.update(fields)
    return base


def test_contract_shape(capsys, monkeypatch):
    history = [{"round": 1, "board": 1, "powers": dict(zip(POWERS, PLAYERS[:7], strict=True))},
               {"round": 1, "board": 2, "powers": dict(zip(POWERS, PLAYERS[7:], strict=True))}]
    code, out, err = run(request(history=history, keep_apart=[["player00", "player08"]]),
                         capsys, monkeypatch)
    assert code == 0, err
    assert [b["board"] for b in out["boards"]] == [1, 2]
    seated = [p for b in out["boards"] for p in b["powers"].values()]
    assert sorted(seated) == sorted(PLAYERS)
    assert all(list(b["powers"]) == list(POWERS) for b in out["boards"])
    assert set(out["stats"]) >= {"repeat_pairs", "repeat_meetings", "power_repeats",
                                 "keep_apart_violations"}
    assert out["stats"]["power_repeats"] == 0
    assert out["stats"]["keep_apart_violations"] == 0
    # two boards of seven from two boards of seven: at least 18 pairs meet again
    assert out["stats"]["repeat_pairs"] == 18 and out["stats"]["repeat_meetings"] == 18


@pytest.mark.parametrize("method", ["balanced", "random", "ranked", "weighted"])
def test_every_method_seats_everyone_reproducibly(method, capsys, monkeypatch):
    document = request(method=method, ranking=list(reversed(PLAYERS)))
    first = run(document, capsys, monkeypatch)
    second = run(document, capsys, monkeypatch)
    assert first[0] == 0 and first[1] == second[1]
    seated = Counter(p for b in first[1]["boards"] for p in b["powers"].values())
    assert seated == Counter(PLAYERS)
    if method == "ranked":
        assert set(first[1]["boards"][0]["powers"].values()) == set(PLAYERS[7:])


def test_player_listed_twice_plays_two_boards(capsys, monkeypatch):
    players = PLAYERS[:13] + ["player00"]
    code, out, _ = run(request(players=players), capsys, monkeypatch)
    assert code == 0
    for board in out["boards"]:
        assert list(board["powers"].values()).count("player00") == 1


def test_batch_in_batch_out(capsys, monkeypatch):
    code, out, _ = run([request(seed=1), request(seed=2, method="random")], capsys, monkeypatch)
    assert code == 0 and len(out) == 2 and all("boards" in o for o in out)


@pytest.mark.parametrize(("document", "expected"), [
    ({"players": PLAYERS[:9]}, "players: 9 players is not a multiple of 7: add 5"),
    ({"players": PLAYERS[:12]}, "or remove 5"),
    ({"players": "ann"}, "players: must be a list"),
    ({"players": PLAYERS, "method": "alphabetical"}, "method: must be one of"),
    ({"players": PLAYERS, "seed": "x"}, "seed: must be an integer"),
    ({"players": PLAYERS, "time_limit": 0}, "time_limit: must be a positive"),
    ({"players": PLAYERS, "history": [{"round": 1, "board": 1, "powers": {"PRUSSIA": "a"}}]},
     "history[0].powers: unknown power 'PRUSSIA'"),
    ({"players": PLAYERS, "keep_apart": [["ann"]]}, "keep_apart[0]"),
    ({}, "players: is required"),
])
def test_bad_input_exits_2_naming_the_field(document, expected, capsys, monkeypatch):
    code, out, err = run(document, capsys, monkeypatch)
    assert code == 2 and out is None
    assert expected in err
    assert len(err.strip().splitlines()) == 1


def test_bad_element_of_a_batch_names_its_index(capsys, monkeypatch):
    code, _, err = run([request(), {"players": PLAYERS[:3]}], capsys, monkeypatch)
    assert code == 2 and "[1].players" in err


def test_malformed_json(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("{not json"))
    assert seat.main([]) == 2
    assert "malformed JSON" in capsys.readouterr().err


@pytest.mark.parametrize(("document", "expected"), [
    ({"players": PLAYERS, "locked_seats": {"player00": 3}}, "locked_seats: player00 is locked"),
    ({"players": PLAYERS, "method": "team", "teams": {"t": {"AUSTRIA": "player00"}}},
     "teams.t: a team names one player for each"),
    ({"players": ["a"] * 3 + PLAYERS[:11]}, "players: a is listed 3 times"),
])
def test_engine_refusals_name_their_field(document, expected, capsys, monkeypatch):
    code, _, err = run(document, capsys, monkeypatch)
    assert code == 2
    assert expected in err and "players: players" not in err


def test_team_round_through_the_command(capsys, monkeypatch):
    teams = {f"t{t}": {power: f"t{t}{power}" for power in POWERS} for t in range(7)}
    players = [p for team in teams.values() for p in team.values()]
    code, out, err = run({"players": players, "method": "team", "teams": teams, "seed": 1},
                         capsys, monkeypatch)
    assert code == 0, err
    for board in out["boards"]:
        assert all(player.endswith(power) for power, player in board["powers"].items())
        assert len({player[:2] for player in board["powers"].values()}) == 7
