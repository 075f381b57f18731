"""More of the DBN Invitational season (seed 000) kept in the season file: the season window
(2.2.1), an alternate taking over mid-game (5.8) and the championship game's start (4.2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tdapp.core.tournament.season import QualifyingEvent
from tdapp.core.tournament.season_doc import read_season, season_document
from tdapp.services import season as season_service
from tdapp.services.season import SeasonFileError
from tests.season_helpers import make_season


def test_an_event_outside_the_season_window_is_refused_in_words(tmp_path: Path) -> None:
    """2.2.1: Qualifying Events "beginning in February and ending in January of the following
    calendar year"."""
    path = make_season(tmp_path)  # events dated 2025-06-01: the season February 2025 - January 2026
    january = QualifyingEvent("New Year", 6, 20, {"p01": 1}, date="2026-01-31")
    season_service.add_event(path, january)  # January of the following year belongs
    before = path.read_bytes()
    for date in ("2025-01-31", "2026-02-01"):
        with pytest.raises(SeasonFileError) as refused:
            season_service.add_event(path, QualifyingEvent("Late", 6, 20, {"p01": 1}, date=date))
        assert f"{date} is outside the season (February 2025 to January 2026" in str(refused.value)
        assert path.read_bytes() == before  # nothing changed


def test_tdapp_season_flags_an_event_outside_the_window(tmp_path: Path) -> None:
    """2.2.1 again, for a season typed by hand: the output says which event is outside."""
    doc = {"events": [
        {"name": "A", "date": "2025-03-01", "boards": 6, "players": 20, "places": {"a": 1}},
        {"name": "B", "date": "2025-09-01", "boards": 6, "players": 20, "places": {"b": 1}},
        {"name": "Old", "date": "2025-01-15", "boards": 6, "players": 20, "places": {"c": 1}}]}
    out = season_document(read_season(doc))
    flags = {e["name"]: e["outside_season"] for e in out["events"]}
    assert flags["A"] == flags["B"] == ""
    assert flags["Old"].startswith("2025-01-15 is outside the season (February 2025 to January "
                                   "2026")
    view = season_service.season_view(read_season(doc))
    assert len(view.outside_season) == 1 and view.outside_season[0].startswith("Old: ")


def _stage_season(tmp_path: Path) -> Path:
    return make_season(tmp_path)


def test_an_alternate_takes_over_mid_game_and_the_player_is_out_for_the_season(
        tmp_path: Path) -> None:
    """5.8.2 "If an emergency dictates that a player must leave the game early, the GM shall
    seek out an Alternate to serve as a replacement player." 3.3 "Alternates will be invited in
    the order of their DBN Invitational Seed." 5.8.4 "Players replaced by an Alternate are no
    longer eligible to participate in any games for the remainder of this year's DBN
    Invitational." 5.8.6 "Alternates serving as a replacement player shall receive full points
    as if they had played the entire game." """
    path = _stage_season(tmp_path)
    view = season_service.season_view(path)
    assert view.stage is not None
    alternates = [i for i in view.invitations if i.alternate]
    board1 = [s.player for s in view.stage.boards()[1]]
    leaving = board1[-1]
    season_service.replace_mid_game(path, 1, leaving, "F1904M")
    view = season_service.season_view(path)
    (taken,) = view.mid_game
    assert (taken.board, taken.out, taken.phase) == (1, leaving, "F1904M")
    assert taken.alternate == alternates[0].player and taken.alternate_seed == 32
    assert leaving in view.out_for_season
    assert leaving not in {e.player for e in view.final_alternates}  # 4.4 passes them over
    # the file says so, as tdapp season reads it
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["semifinal"]["mid_game"] == [{"board": 1, "player": leaving, "phase": "F1904M"}]
    # a second one on another board takes the next alternate in seed order
    board2 = [s.player for s in view.stage.boards()[2]]
    season_service.replace_mid_game(path, 2, board2[0], "S1907M")
    assert season_service.season_view(path).mid_game[1].alternate == alternates[1].player
    # the alternate plays for the board's result; the replaced player cannot win it
    with pytest.raises(SeasonFileError, match="out for the season"):
        season_service.record_semifinal_winner(path, 1, leaving, solo=False)
    season_service.record_semifinal_winner(path, 1, taken.alternate, solo=True)
    finalists = season_service.season_view(path).finalists
    assert finalists[0].player == taken.alternate and finalists[0].solo


def test_a_mid_game_replacement_refused_in_words(tmp_path: Path) -> None:
    """The player must be on the board; replaced players cannot be replaced twice."""
    path = _stage_season(tmp_path)
    view = season_service.season_view(path)
    assert view.stage is not None
    board1 = [s.player for s in view.stage.boards()[1]]
    elsewhere = view.stage.boards()[2][0].player
    before = path.read_bytes()
    with pytest.raises(SeasonFileError, match=f"{elsewhere} is not playing on semi-final board 1"):
        season_service.replace_mid_game(path, 1, elsewhere, "F1904M")
    with pytest.raises(SeasonFileError, match="no board 9"):
        season_service.replace_mid_game(path, 9, board1[0], "F1904M")
    with pytest.raises(SeasonFileError, match="write it like F1904M"):
        season_service.replace_mid_game(path, 1, board1[0], "autumn")
    assert path.read_bytes() == before
    season_service.replace_mid_game(path, 1, board1[0], "f1904m")  # read as F1904M
    with pytest.raises(SeasonFileError, match="not playing"):
        season_service.replace_mid_game(path, 1, board1[0], "F1905M")


def test_no_alternate_left_says_the_power_holds(tmp_path: Path) -> None:
    """5.8.3 "In the situation where an alternate player cannot be found, the GM shall process
    standing "hold" orders for the abandoned power"."""
    path = _stage_season(tmp_path)
    view = season_service.season_view(path)
    assert view.stage is not None
    boards = view.stage.boards()
    for board in (1, 2, 3, 4):
        season_service.replace_mid_game(path, board, boards[board][0].player, "F1903M")
    with pytest.raises(SeasonFileError, match="No alternate is left.*hold orders"):
        season_service.replace_mid_game(path, 1, boards[1][1].player, "F1903M")


def test_the_championship_start_is_one_of_the_two_options(tmp_path: Path) -> None:
    """4.2: "The Championship Game is scheduled for one of the following two times: Option 1:
    Saturday, Feb 24, 10a EST / 3p UTC / 2a AEDT (Sunday); Option 2: Saturday, Feb 24, 1p EST /
    6p UTC / 5a AEDT (Sunday)". 4.2.1 "Players who qualify for the Championship Game shall
    discuss amongst themselves which of the above start times they prefer." 4.2.2 "If players
    cannot agree on a start time, then the DBN Board shall select one." """
    path = _stage_season(tmp_path)
    assert season_service.season_view(path).championship_start == ""
    season_service.set_championship_start(path, 2, "players")
    assert season_service.season_view(path).championship_start == (
        "Option 2: Saturday, Feb 24, 1p EST / 6p UTC / 5a AEDT (Sunday), agreed by the "
        "finalists (4.2.1)")
    season_service.set_championship_start(path, 1, "board")
    assert "3p UTC" in season_service.season_view(path).championship_start
    assert "selected by the DBN Board" in season_service.season_view(path).championship_start
    before = path.read_bytes()
    for option, who in ((3, "players"), (1, "coin")):
        with pytest.raises(SeasonFileError):
            season_service.set_championship_start(path, option, who)
    assert path.read_bytes() == before
    assert json.loads(before)["semifinal"]["championship_start"] == {"option": 1,
                                                                     "chosen_by": "board"}

