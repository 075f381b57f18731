"""The Standings page: ranks, round scores with dropped rounds, marks, ties, the two counting
modes, sort, filter and search, greyed withdrawn players, refresh on changes."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tdapp.gui.standings.model import GREY
from tdapp.services import players
from tdapp.services.standings_views import COMPLETED, NOW
from tests.gui.results.fixtures import screenshot


def _page(main):
    main.window.show_page("Standings")
    return main.window.pages["Standings"]


def _visible_names(page) -> list[str]:
    return [page.proxy.index(r, 1).data() for r in range(page.proxy.rowCount())]


def test_standings_show_ranks_rounds_and_reasons(qtbot, demo_main) -> None:
    page = _page(demo_main)
    headers = [page.model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
               for c in range(page.model.columnCount())]
    assert headers == ["Rank", "Player", "Score", "R1", "R2", "Pool / top board",
                       "Why above the next / tie"]
    assert page.state.text() == "2 of 4 rounds finished."
    assert page.summary.text().startswith("After round 2.")
    first = page.proxy.index(0, 0).data(Qt.ItemDataRole.UserRole + 2)
    assert first.rank == 1 and first.reason.startswith("higher score")
    assert page.proxy.index(0, 0).data() == "1"
    ranked = [r for r in page.model.rows() if r.rank is not None]
    assert [r.rank for r in ranked] == sorted(r.rank for r in ranked)
    shared = [r for r in ranked if r.tie == "shared"]
    assert shared and all(r.rank_text.endswith("=") for r in shared)
    assert all(r.tie_text.startswith("Shared") for r in shared)
    screenshot(demo_main.window, "standings-page")


def test_sort_filter_search_and_modes(qtbot, demo_main) -> None:
    page = _page(demo_main)
    total = page.proxy.rowCount()
    page.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)  # by name
    names = _visible_names(page)
    assert names == sorted(names, key=str.lower)
    target = names[3]
    page.search.setText(target.split()[0][:4])
    assert target in _visible_names(page) and page.proxy.rowCount() < total
    page.search.clear()
    assert page.proxy.rowCount() == total
    page.show_box.setCurrentIndex(page.show_box.findData("ties"))
    assert page.proxy.rowCount() == 0  # WDC 2025 shares ties beyond the places it breaks
    page.show_box.setCurrentIndex(page.show_box.findData("all"))

    page.mode_buttons[NOW].setChecked(True)
    assert page.mode() == NOW
    assert "If all games ended now" in page.summary.text()
    assert "no centres known yet, left out" in page.summary.text()
    page.mode_buttons[COMPLETED].setChecked(True)
    assert page.summary.text().startswith("After round 2.")


def test_hidden_page_reads_its_data_when_shown(qtbot, demo_main) -> None:
    main = demo_main
    controller = main.standings
    main.window.show_page("Players")
    main.app.call(players.set_withdrawn, 1, True)
    assert controller.stale  # nothing computed for a page nobody looks at
    page = _page(main)
    assert not controller.stale
    assert next(r for r in page.model.rows() if r.player_id == 1).withdrawn


def test_withdrawn_player_is_greyed_and_page_refreshes(qtbot, demo_main) -> None:
    main = demo_main
    page = _page(main)
    line = page.model.rows()[5]
    main.app.call(players.set_withdrawn, line.player_id, True)  # the broadcast refreshes
    row = next(i for i, r in enumerate(page.model.rows()) if r.player_id == line.player_id)
    assert page.model.rows()[row].withdrawn
    assert page.model.index(row, 1).data().endswith("(withdrawn)")
    brush = page.model.index(row, 1).data(Qt.ItemDataRole.ForegroundRole)
    assert brush.color().name() == "#8a8a8a"
    page.show_box.setCurrentIndex(page.show_box.findData("withdrawn"))
    assert page.proxy.rowCount() == 1


def test_dropped_round_is_bracketed_and_grey() -> None:
    from tdapp.gui.standings.model import StandingsModel
    from tdapp.services.standings_views import RoundCell, StandingsLine

    line = StandingsLine(
        rank=1, player_id=1, name="Ann", score=50.0,
        rounds=(RoundCell(1, 50.0, True, False), RoundCell(2, 12.5, False, True)),
        in_pool=True, top_board=False, reason="higher score", tie="", note="",
        competing=True, withdrawn=False, home="")
    model = StandingsModel()
    model.set_view((1, 2), [line])
    assert model.index(0, 3).data() == "50"
    assert model.index(0, 4).data() == "(12.5)"
    assert model.index(0, 4).data(Qt.ItemDataRole.ForegroundRole).color() == GREY
    assert model.index(0, 5).data() == "pool"


def test_non_competing_player_is_listed_last_unranked(qtbot, demo_main) -> None:
    main = demo_main
    page = _page(main)
    first = next(r for r in page.model.rows() if r.rank == 1)
    row = players.get_player(main.app.db, first.player_id)
    main.app.call(players.update_player, first.player_id,
                  players.PlayerData(row.name, competing=False), row.version)
    last = page.proxy.index(page.proxy.rowCount() - 1, 0)
    assert last.data() == "not ranked"
    assert page.proxy.index(page.proxy.rowCount() - 1, 1).data() == first.name
    assert last.data(Qt.ItemDataRole.ForegroundRole).color().name() == "#8a8a8a"
    assert next(r for r in page.model.rows() if r.rank == 1).player_id != first.player_id
    page.show_box.setCurrentIndex(page.show_box.findData("ranked"))
    assert first.name not in _visible_names(page)
