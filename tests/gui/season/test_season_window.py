"""The DBN Invitational season window (File > DBN Invitational season…): the season standings,
the invitation list and the semi-final assignment as tables, with screenshots looked at."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tdapp.core.tournament.season import QualifyingEvent
from tdapp.gui.season.view import EventDialog
from tdapp.gui.window.menus import Menu
from tdapp.services import season as season_service
from tests.gui import screens


def write_event_csv(path: Path, order: list[str]) -> Path:
    lines = ["Place,Player,TopShare"] + [f"{i},{p},{max(0, 60 - 2 * i)}"
                                         for i, p in enumerate(order, start=1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def cell(model, row: int, column: int) -> str:
    return str(model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole))


def test_season_window_from_the_file_menu(main, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, _title, text, *a, **k: warnings.append(text))
    season = main.season
    assert season.action in main.window.menus.menu(Menu.FILE).actions()
    season.action.trigger()
    window = season.window
    assert window is not None and window.isVisible()
    assert not window.add_event_action.isEnabled()  # nothing open yet
    path = tmp_path / "dbn-2025.tds"
    assert season.new_season(path, "DBN Invitational 2025")
    players = [f"Player {n:02d}" for n in range(1, 45)]
    for number, shift in enumerate((0, 3, 7)):
        order = players[shift:] + players[:shift]
        csv = write_event_csv(tmp_path / f"event{number}.csv", order)
        form = EventDialog(window, f"Event {number + 1}", f"2025-0{number + 3}-14", 12, 44)
        form.major.setChecked(number == 2)
        assert season.add_event(csv, dialog=form)
    assert season.defending_champion("Last Year's Champion")
    assert window.events.rowCount() == 3
    assert cell(window.events, 2, 4) == "Major" and cell(window.events, 0, 4) == "Standard"
    assert window.standings.rowCount() == 44
    assert cell(window.standings, 0, 1) == "Player 08"  # 1st at the major, 5th and 8th
    assert window.invitations.rowCount() == 35
    assert cell(window.invitations, 0, 3) == "won major event Event 3"
    whys = [cell(window.invitations, r, 3) for r in range(35)]
    assert "defending champion" in whys and whys[-1].startswith("standings ")
    # preferences typed in the invitation list: the three top seeds go to the final; everybody
    # else asks for round 1 except seeds 4-13 who ask for round 2 (ten: three must move)
    for r in range(3, 31):
        value = "2, 3" if r < 13 else "1"
        window.invitations.setData(window.invitations.index(r, 4), value,
                                   Qt.ItemDataRole.EditRole)
    assert cell(window.invitations, 4, 4) == "2, 3"
    assert cell(window.invitations, 0, 5).startswith("straight to the championship")
    stage = window.stage.rows()
    assert len(stage) == 28
    rounds = {r: sum(1 for s in stage if s.round == r) for r in (1, 2, 3)}
    # 18 want round 1 and 10 round 2: 21 + 7 moves the fewest players (14 + 14 would move 8)
    assert rounds == {1: 21, 2: 7, 3: 0}
    moved = sorted(s.seed for s in stage if s.moved)
    assert moved == [11, 12, 13]  # the lowest seeds of round 2 move (round 3 has no board)
    window.tabs.setCurrentIndex(1)
    shots = screens.folder("season")  # under tmp_path; --keep-screens DIR keeps them
    assert window.grab().save(str(shots / "season-standings.png"))
    window.tabs.setCurrentIndex(2)
    assert window.grab().save(str(shots / "season-invitations.png"))
    window.tabs.setCurrentIndex(3)
    assert window.grab().save(str(shots / "season-semifinal.png"))
    # a qualifier who cannot play: the first alternate takes the place
    window.invitations_table.selectRow(20)
    out = window.selected_invitation().invitation.player
    assert season.cannot_play()
    status = {cell(window.invitations, r, 1): cell(window.invitations, r, 5) for r in range(35)}
    assert status[out].startswith("cannot play: replaced by")
    # the DBN Board's say on "major", and the players known before the season (2.10)
    window.events_table.selectRow(0)
    assert season.toggle_major()
    assert cell(window.events, 0, 4) == "Major"
    assert cell(window.invitations, 0, 3).startswith("won major event")
    assert season.known_players(["Player 01", "Player 02"])
    rookie = {cell(window.standings, r, 1): cell(window.standings, r, 6) for r in range(44)}
    assert rookie["Player 01"] == "" and rookie["Player 03"] == "rookie"
    window.tabs.setCurrentIndex(0)
    assert window.grab().save(str(shots / "season-events.png"))
    # each semi-final board's winner: the championship game, seeded solo first (4.3)
    boards: dict[int, list] = {}
    for seat in window.stage.rows():
        boards.setdefault(seat.board, []).append(seat)
    for board, seats in sorted(boards.items()):
        lowest = max(seats, key=lambda s: s.seed)
        assert season.semifinal_winner(board, lowest.player, solo=board == 3)
    final = window.final.rows()
    assert len(final) == 7 + 4  # seven players, then the four championship alternates (4.4)
    assert final[0].how.endswith("(solo)") and final[1].how == "automatic (seed 1)"
    assert [f.place for f in final[7:]] == [f"alternate {i}" for i in range(1, 5)]
    window.tabs.setCurrentIndex(4)
    assert window.grab().save(str(shots / "season-championship.png"))
    # a refused action is shown and changes nothing
    before = path.read_bytes()
    assert not season.coin_toss(["Player 01"], "Player 01")
    assert warnings and path.read_bytes() == before
    assert not season.load(tmp_path / "missing.tds")


def test_a_season_file_opens_with_its_stage(main, tmp_path: Path) -> None:
    path = tmp_path / "s.tds"
    season_service.new_season(path, "Small")
    places = {f"p{n:02d}": n for n in range(1, 41)}
    season_service.add_event(path, QualifyingEvent("Whipping", 12, 40, places))
    assert main.season.load(path)
    window = main.season.window
    assert window.stage.rowCount() == 28
    assert "1 qualifying" in window.summary.text()
    boards = {s.board for s in window.stage.rows()}
    assert boards == {1, 2, 3, 4}


def test_start_the_invitational_opens_its_tournament(main, tmp_path: Path) -> None:
    path = tmp_path / "s.tds"
    season_service.new_season(path, "DBN Invitational 2025")
    places = {f"p{n:02d}": n for n in range(1, 41)}
    season_service.add_event(path, QualifyingEvent("Whipping", 12, 40, places, date="2025-04-12"))
    assert main.season.load(path)
    assert main.season.window.start_action.isEnabled()
    assert main.season.start_invitational(tmp_path / "dbni.tdt")
    assert main.app.db is not None and main.app.path == tmp_path / "dbni.tdt"
    from tdapp.services.players import list_players
    assert sorted(p.seed for p in list_players(main.app.db)) == list(range(1, 36))


def test_declined_remove_event_and_a_bad_preference(main, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, _title, text, *a, **k: warnings.append(text))
    path = tmp_path / "s.tds"
    season_service.new_season(path, "S")
    places = {f"p{n:02d}": n for n in range(1, 41)}
    season_service.add_event(path, QualifyingEvent("Whipping", 12, 40, places))
    season_service.add_event(path, QualifyingEvent("Tiny", 4, 30, {"zz": 1}))
    assert main.season.load(path)
    window = main.season.window
    window.invitations_table.selectRow(0)
    assert main.season.declined()
    players = [cell(window.invitations, r, 1) for r in range(window.invitations.rowCount())]
    assert "p01" not in players and players[0] == "p02" and "p32" in players
    window.invitations.setData(window.invitations.index(5, 4), "two",
                               Qt.ItemDataRole.EditRole)
    assert warnings and "numbers" in warnings[-1]
    assert season_service.load_season(path).semifinal.preferences == {}
    window.events_table.selectRow(1)
    assert "not a qualifying event" in cell(window.events, 1, 6)
    assert main.season.remove_event()
    assert window.events.rowCount() == 1

