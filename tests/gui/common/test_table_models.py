"""The table models on their own, without a window: plain rows in, Qt roles out.

Each page's table is a RowTableModel over frozen rows, behind a sort/filter proxy; these tests
check what every view relies on: set_rows resets, the sort role gives native values (numbers
sort as numbers, a missing seed last), the row role gives the row object, and the proxy's
search and the standings' "show" filter keep the right lines.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush

from tdapp.gui.common.table_model import ROW_ROLE, SORT_ROLE, Column, RowTableModel, make_proxy
from tdapp.gui.players.model import PLAYER_COLUMNS, players_model
from tdapp.gui.rounds.model import roll_call_model, rounds_model
from tdapp.gui.standings.model import StandingsFilter, StandingsModel
from tdapp.services.players import PlayerRow
from tdapp.services.rollcall import RollCallRow
from tdapp.services.rounds import RoundRow
from tdapp.services.standings_views import RoundCell, StandingsLine

DISPLAY = Qt.ItemDataRole.DisplayRole


@dataclass(frozen=True)
class Thing:
    name: str
    count: int
    ok: bool


THING_COLUMNS: list[Column[Thing]] = [
    Column("Name", lambda t: t.name),
    Column("Count", lambda t: t.count, align_right=True),
    Column("OK", lambda t: t.ok, checkable=True, editable=True),
]


def column_of(model: RowTableModel, title: str) -> int:
    return [c.title for c in model.columns].index(title)


def shown(model: QSortFilterProxyModel | RowTableModel, column: int) -> list[str]:
    return [model.index(r, column).data(DISPLAY) for r in range(model.rowCount())]


# -- the generic model ---------------------------------------------------------------------------
def test_set_rows_resets_and_keeps_its_own_copy(qapp) -> None:
    model = RowTableModel(THING_COLUMNS)
    resets: list[bool] = []
    model.modelReset.connect(lambda: resets.append(True))
    rows = [Thing("b", 10, True), Thing("a", 9, False)]
    model.set_rows(rows)
    rows.append(Thing("c", 1, True))  # the caller's list changing later is not the model's
    assert resets == [True]
    assert (model.rowCount(), model.columnCount()) == (2, 3)
    assert model.rows() == [Thing("b", 10, True), Thing("a", 9, False)]
    assert model.headerData(1, Qt.Orientation.Horizontal, DISPLAY) == "Count"
    assert model.headerData(1, Qt.Orientation.Vertical, DISPLAY) is None
    model.set_rows([])
    assert model.rowCount() == 0 and resets == [True, True]


def test_replace_rows_changes_as_many_rows_in_place(qapp) -> None:
    """A table typed into is refreshed without a reset (an open editor stays the view's)."""
    model = RowTableModel(THING_COLUMNS)
    model.set_rows([Thing("b", 10, True), Thing("a", 9, False)])
    resets: list[bool] = []
    changed: list[tuple[int, int, int, int]] = []
    model.modelReset.connect(lambda: resets.append(True))
    model.dataChanged.connect(lambda top, bottom, _roles=(): changed.append(
        (top.row(), top.column(), bottom.row(), bottom.column())))
    model.replace_rows([Thing("b", 11, True), Thing("a", 9, True)])
    assert not resets and changed == [(0, 0, 1, 2)]
    assert model.index(0, 1).data(DISPLAY) == "11"
    model.replace_rows([Thing("c", 1, True)])  # fewer rows: a reset after all
    assert resets == [True] and model.rowCount() == 1


def test_roles_give_text_native_sort_values_and_the_row(qapp) -> None:
    model = RowTableModel(THING_COLUMNS, greyed=lambda t: not t.ok)
    model.set_rows([Thing("Bee", 10, True), Thing("ant", 9, False)])
    count = model.index(0, 1)
    assert count.data(DISPLAY) == "10"  # shown as text
    assert count.data(SORT_ROLE) == 10  # sorted as a number
    assert model.index(0, 0).data(SORT_ROLE) == "bee"  # text sorts ignoring case
    assert model.index(1, 2).data(ROW_ROLE) == Thing("ant", 9, False)
    assert model.index(0, 2).data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert model.index(0, 2).data(DISPLAY) is None  # a check box has no text
    assert isinstance(model.index(1, 0).data(Qt.ItemDataRole.ForegroundRole), QBrush)
    assert model.index(0, 0).data(Qt.ItemDataRole.ForegroundRole) is None
    assert model.index(0, 1).data(Qt.ItemDataRole.TextAlignmentRole) == int(
        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    assert model.index(5, 0).data(DISPLAY) is None  # beyond the rows: nothing


def test_editing_a_check_box_hands_the_row_to_the_controller(qapp) -> None:
    model = RowTableModel(THING_COLUMNS)
    model.set_rows([Thing("a", 1, False)])
    cell = model.index(0, 2)
    assert not model.setData(cell, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    edits: list[tuple[Thing, int, object]] = []
    model.on_edit = lambda row, column, value: edits.append((row, column, value))
    assert model.flags(cell) & Qt.ItemFlag.ItemIsUserCheckable
    assert not model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemIsEditable
    assert model.setData(cell, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert edits == [(Thing("a", 1, False), 2, True)]
    assert model.rows() == [Thing("a", 1, False)]  # the refresh, not the model, brings it back


def test_the_proxy_sorts_numbers_as_numbers_and_searches_every_column(qapp) -> None:
    model = RowTableModel(THING_COLUMNS)
    model.set_rows([Thing("x", 10, True), Thing("Yak", 9, True), Thing("z", 100, False)])
    proxy = make_proxy(model)
    proxy.sort(1, Qt.SortOrder.AscendingOrder)
    assert shown(proxy, 1) == ["9", "10", "100"]  # not "10", "100", "9"
    proxy.setFilterFixedString("YA")
    assert shown(proxy, 0) == ["Yak"]
    proxy.setFilterFixedString("10")
    assert shown(proxy, 0) == ["x", "z"]


def test_the_generic_model_passes_qt_model_checks(qtmodeltester) -> None:
    model = RowTableModel(THING_COLUMNS)
    model.set_rows([Thing("a", 1, True), Thing("b", 2, False)])
    qtmodeltester.check(model, force_py=True)
    assert model.index(0, 0, model.index(0, 0)).isValid() is False  # a table: no children
    assert model.rowCount(model.index(0, 0)) == 0
    assert model.rowCount(QModelIndex()) == 2


# -- the players table ----------------------------------------------------------------------------
def player(name: str, seed: int | None = None, **kw: object) -> PlayerRow:
    return PlayerRow(name=name, seed=seed, **kw)  # type: ignore[arg-type]


def test_players_sort_by_seed_with_the_unseeded_last(qapp) -> None:
    model = players_model()
    model.set_rows([player("Cy", None), player("Al", 10), player("Bo", 2)])
    proxy = make_proxy(model)
    seed = column_of(model, "Seed")
    proxy.sort(seed, Qt.SortOrder.AscendingOrder)
    assert shown(proxy, 0) == ["Bo", "Al", "Cy"]
    assert shown(proxy, seed) == ["2", "10", ""]
    assert proxy.index(0, 0).data(ROW_ROLE) == player("Bo", 2)


def test_players_local_status_sorts_in_sit_out_order_and_withdrawn_are_greyed(qapp) -> None:
    model = players_model()
    model.set_rows([player("T", local_status="traveller"),
                    player("B", local_status="board_member", withdrawn=True)])
    proxy = make_proxy(model)
    proxy.sort(column_of(model, "Local status"), Qt.SortOrder.AscendingOrder)
    assert shown(proxy, 0) == ["B", "T"]  # "board members sit out first, travellers last"
    assert proxy.index(0, 0).data(Qt.ItemDataRole.ForegroundRole) is not None
    assert proxy.index(1, 0).data(Qt.ItemDataRole.ForegroundRole) is None
    assert model.columnCount() == len(PLAYER_COLUMNS)


# -- the rounds list and the roll call ---------------------------------------------------------
def test_rounds_sort_by_status_in_the_rounds_order(qapp) -> None:
    model = rounds_model()
    model.set_rows([RoundRow(1, 1, "finished", 3, 3), RoundRow(2, 2, "planned", 0, 0),
                    RoundRow(3, 3, "playing", 3, 1)])
    proxy = make_proxy(model)
    proxy.sort(column_of(model, "Status"), Qt.SortOrder.AscendingOrder)
    assert shown(proxy, 0) == ["2", "3", "1"]
    assert shown(model, column_of(model, "Finished")) == ["3 of 3", "", "1 of 3"]


def roll(name: str, status: str, recorded: bool = True, carried: bool = False) -> RollCallRow:
    return RollCallRow(0, name, "", status, False, True, True, recorded, carried)


def test_roll_call_shows_answers_greys_the_absent_and_filters(qapp) -> None:
    model = roll_call_model()
    model.set_rows([roll("Ann", "present"), roll("Bob", "absent", False, True),
                    roll("Cem", "late", False)])
    answered = column_of(model, "Answered")
    assert shown(model, answered) == ["yes", "carried over", "not yet"]
    assert model.index(1, 0).data(Qt.ItemDataRole.ForegroundRole) is not None  # absent
    assert model.index(0, 0).data(Qt.ItemDataRole.ForegroundRole) is None
    sit_out = column_of(model, "Sit out?")
    assert model.index(0, sit_out).data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    proxy = make_proxy(model)
    proxy.setFilterFixedString("late arr")
    assert shown(proxy, 0) == ["Cem"]


# -- the standings table ---------------------------------------------------------------------------
def line(rank: int | None, name: str, score: float, *, pool: bool = False, tie: str = "",
         withdrawn: bool = False, cells: tuple[RoundCell, ...] = ()) -> StandingsLine:
    return StandingsLine(rank, 0, name, score, cells, pool, False, "", tie, "", rank is not None,
                         withdrawn, "")


@pytest.fixture
def standings(qapp) -> tuple[StandingsModel, StandingsFilter]:
    model = StandingsModel()
    model.set_view((1, 2), [
        line(1, "Ann", 120.5, pool=True,
             cells=(RoundCell(1, 60.5, True, False), RoundCell(2, 60.0, True, False))),
        line(2, "Bob", 99.0, tie="td",
             cells=(RoundCell(1, 9.0, False, True), RoundCell(2, 90.0, True, False, True))),
        line(None, "Cat", 5.0, withdrawn=True),
    ])
    proxy = StandingsFilter()
    proxy.setSourceModel(model)
    return model, proxy


def test_standings_columns_follow_the_rounds_and_show_dropped_and_provisional(
        standings) -> None:
    model, _ = standings
    titles = [c.title for c in model.columns]
    assert titles[:5] == ["Rank", "Player", "Score", "R1", "R2"]
    assert shown(model, 0) == ["1", "2=", "not ranked"]
    assert shown(model, 3) == ["60.5", "(9)", ""]  # a dropped round is bracketed
    assert model.index(1, 4).data(DISPLAY) == "90*"  # not final yet
    assert model.index(1, 4).data(Qt.ItemDataRole.FontRole).italic()
    assert model.index(1, 3).data(Qt.ItemDataRole.ForegroundRole) is not None  # dropped: grey
    assert model.index(1, 0).data(Qt.ItemDataRole.BackgroundRole) is not None  # the TD's tie
    assert model.index(0, 0).data(Qt.ItemDataRole.BackgroundRole) is None


def test_standings_sort_puts_the_unranked_after_every_rank(standings) -> None:
    model, proxy = standings
    proxy.sort(0, Qt.SortOrder.DescendingOrder)
    assert shown(proxy, 1) == ["Cat (withdrawn)", "Bob", "Ann"]
    proxy.sort(2, Qt.SortOrder.AscendingOrder)  # the score as a number
    assert shown(proxy, 2) == ["5", "99", "120.5"]
    assert proxy.index(0, 2).data(SORT_ROLE) == 5.0 and proxy.index(0, 0).data(SORT_ROLE) > 2


@pytest.mark.parametrize(("show", "names"), [
    ("all", ["Ann", "Bob", "Cat (withdrawn)"]),
    ("ranked", ["Ann", "Bob"]),
    ("pool", ["Ann"]),
    ("ties", ["Bob"]),
    ("withdrawn", ["Cat (withdrawn)"]),
])
def test_standings_show_filter(standings, show: str, names: list[str]) -> None:
    _, proxy = standings
    proxy.set_show(show)
    assert shown(proxy, 1) == names
    assert set(StandingsFilter.SHOWS) >= {show}


def test_standings_search_and_show_filter_together(standings) -> None:
    _, proxy = standings
    proxy.set_show("ranked")
    proxy.setFilterFixedString("bo")
    assert shown(proxy, 1) == ["Bob"]
    proxy.setFilterFixedString("cat")
    assert shown(proxy, 1) == []  # Cat is not ranked


# -- a board's result grid ---------------------------------------------------------------------
def test_result_grid_columns_typing_and_the_draw_check_box(qtmodeltester) -> None:
    from tdapp.core.powers import POWERS
    from tdapp.gui.results.form import ResultForm
    from tdapp.gui.results.grid import ResultGridModel
    from tdapp.gui.results.needs import ResultNeeds

    needs = ResultNeeds("sum", "Sum of squares", elimination_years=True, draw_members=True,
                        history=False)
    model = ResultGridModel(ResultForm(needs, end_year=1903), {"AUSTRIA": "Ann"})
    qtmodeltester.check(model, force_py=True)
    assert model.rowCount() == len(POWERS)
    headers = [model.headerData(c, Qt.Orientation.Horizontal, DISPLAY)
               for c in range(model.columnCount())]
    assert headers == ["Power", "Player", "1901", "1902", "Final 1903", "Out in", "In draw"]
    assert (model.index(0, 0).data(DISPLAY), model.index(0, 1).data(DISPLAY)) == ("Austria", "Ann")
    edited: list[bool] = []
    model.edited.connect(lambda: edited.append(True))
    final = model.index(0, model.final_column())
    assert model.setData(final, " 7 ")
    assert model.form.final == {POWERS[0]: "7"} and final.data(DISPLAY) == "7"
    draw = model.index(1, model.draw_column())
    assert model.setData(draw, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert model.form.draw == {POWERS[1]} and edited == [True, True]
    assert not model.setData(model.index(0, 0), "x")  # the power's name is not typed
    model.set_bad({("final", POWERS[0]): "More than 34 centres"})
    assert final.data(Qt.ItemDataRole.ToolTipRole) == "More than 34 centres"
    model.set_end_year(1901)
    assert model.columnCount() == 5 and model.years() == []
