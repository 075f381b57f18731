"""The typed description of what changed: every kind a field, a misspelt kind an error, and the
same value after a trip through JSON (what the venue server broadcasts to other laptops)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tdapp.services import players as player_service
from tdapp.services.changes import KINDS, Change
from tdapp.services.tournaments import TournamentInfo, create_tournament


def test_every_kind_is_a_boolean_field_and_history_is_recorded_by_default() -> None:
    change = Change("Added Ann", players=True, ids=(3,))
    assert change.players and change.history
    assert not change.results and not change.games
    assert change.kinds == {"players", "history"}
    assert set(KINDS) == {f.name for f in dataclasses.fields(Change)} - {"description", "ids"}
    assert {"players", "roll_call", "rounds", "boards", "results", "tournament", "history",
            "games", "teams", "standings", "awards", "assistants", "room"} == set(KINDS)


def test_a_misspelt_kind_is_an_error_not_a_view_that_stops_refreshing() -> None:
    with pytest.raises(TypeError):
        Change("Added Ann", player=True)  # type: ignore[call-arg]
    change = Change("Added Ann", players=True)
    with pytest.raises(AttributeError):
        _ = change.player  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        change.players = False  # type: ignore[misc]


def test_everything_marks_every_kind() -> None:
    change = Change.everything("Undone: Added Ann")
    assert change.kinds == set(KINDS)


@pytest.mark.parametrize("change", [
    Change("Added Ann", players=True, ids=(3,)),
    Change("Round 2 seated", rounds=True, boards=True, roll_call=True),
    Change("Draw vote passed, round 1 board 2", games=True, results=True, ids=(7,)),
    Change("Quiet", history=False),
    Change.everything("Undone: Team Red created"),
])
def test_a_change_survives_the_json_payload_unchanged(change: Change) -> None:
    wire = json.dumps(change.to_payload())
    assert len(wire) < 400  # PostgreSQL NOTIFY payloads must stay well under 8000 bytes
    assert Change.from_payload(json.loads(wire)) == change


def test_a_service_change_round_trips(tournament_path: Path) -> None:
    db = create_tournament(tournament_path, TournamentInfo("Test Open", "wdc-2025", 4))
    try:
        local = player_service.add_player(db, player_service.PlayerData("Ann Smith", "Leeds", "UK"))
    finally:
        db.close()
    remote = Change.from_payload(json.loads(json.dumps(local.to_payload())))
    assert remote == local and remote.players and remote.ids == local.ids


def test_a_kind_from_a_newer_version_is_left_out() -> None:
    payload = {"description": "Clock paused", "kinds": ["clock", "rounds"], "ids": []}
    change = Change.from_payload(payload)
    assert change.rounds and change.kinds == {"rounds"}


@pytest.mark.parametrize("payload", [
    None, [], {}, {"description": 3, "kinds": [], "ids": []},
    {"description": "x", "kinds": "players", "ids": []},
    {"description": "x", "kinds": [1], "ids": []},
    {"description": "x", "kinds": [], "ids": ["1"]},
    {"description": "x", "kinds": [], "ids": [True]},
])
def test_a_malformed_payload_is_refused(payload: object) -> None:
    with pytest.raises(ValueError, match="not a change description"):
        Change.from_payload(payload)  # type: ignore[arg-type]


def test_mypy_refuses_a_misspelt_kind(tmp_path: Path) -> None:
    """The type checker, not a silent view, catches the slip (``ci`` runs mypy)."""
    api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "view.py"
    snippet.write_text(
        "from tdapp.services.changes import Change\n"
        "def wants(change: Change) -> bool:\n"
        "    return change.player or change.results\n"
        "made = Change('Added Ann', player=True)\n", encoding="utf-8")
    out, _err, status = api.run([str(snippet), "--follow-imports=silent", "--no-incremental",
                                 "--ignore-missing-imports", "--cache-dir", str(tmp_path / "c")])
    assert status == 1
    assert '"Change" has no attribute "player"' in out
    assert 'Unexpected keyword argument "player"' in out
