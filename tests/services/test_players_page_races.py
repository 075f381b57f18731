"""Two taps at once on a phone (or two pages) for the same player: the second finds the first
already written between its look and its write. It is no error for the player: the check-in
stands, the answer is given again over the other. Made to happen for certain by writing the
other one, from a second handle, just as the service looks inside its action. On both engines
(TDAPP_TEST_ENGINE=postgres)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tdapp.services import checkins, player_codes, players, rounds
from tdapp.services import result_responses as responses
from tdapp.store.database import TournamentDb, make_engine
from tdapp.store.pg import open_server_tournament


@pytest.fixture
def other(demo_db) -> Iterator[TournamentDb]:
    """A second handle on the same tournament (another page, another station)."""
    db = (open_server_tournament(demo_db.url) if demo_db.url is not None
          else TournamentDb(demo_db.path, make_engine(demo_db.path)))
    yield db
    db.close()


def _meanwhile(monkeypatch: pytest.MonkeyPatch, module, name: str, meanwhile, *,
               call: int, after: bool = False) -> None:
    """Run ``meanwhile`` at the ``call``-th call of ``module.name`` (before it, or after)."""
    real = getattr(module, name)
    calls = []

    def patched(*args, **kwargs):
        calls.append(1)
        if len(calls) == call and not after:
            meanwhile()
        result = real(*args, **kwargs)
        if len(calls) == call and after:
            meanwhile()
        return result

    monkeypatch.setattr(module, name, patched)


def test_two_check_ins_at_once(demo_db, other, monkeypatch: pytest.MonkeyPatch) -> None:
    player_id = players.list_players(demo_db)[0].id
    _meanwhile(monkeypatch, checkins, "_player",  # the second look: inside the action
               lambda: checkins.check_in(other, player_id, 3, via="td"), call=2)
    change = checkins.check_in(demo_db, player_id, 3)
    assert not change.history and "already" in change.description
    assert checkins.check_ins(demo_db, 3)[player_id].via == "td"  # the first one stands


def test_two_answers_at_once(demo_db, other, monkeypatch: pytest.MonkeyPatch) -> None:
    board = rounds.board_call(demo_db, 2)[0]
    player_id = board.seats[0].player_id
    _meanwhile(monkeypatch, responses, "utc_now",  # once it has looked for an answer
               lambda: responses.respond_to_result(other, player_id, board.board_id,
                                                   "confirm"), call=1)
    responses.respond_to_result(demo_db, player_id, board.board_id, "dispute", "wrong")
    seen = next(b for b in responses.responses_for_round(demo_db, 2)
                if b.board_id == board.board_id)
    assert seen.disputed and seen.confirmed == ()


def test_codes_given_on_two_stations_at_once(demo_db, other,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    first = players.list_players(demo_db)[0].id
    _meanwhile(monkeypatch, player_codes, "_without_code",  # once it has looked, inside
               lambda: player_codes.replace_code(other, first), call=2, after=True)
    player_codes.ensure_codes(demo_db)
    codes = player_codes.list_codes(demo_db)
    assert len(codes) == 49 and len({c.code for c in codes}) == 49
