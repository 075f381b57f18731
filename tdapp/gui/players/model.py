"""The players table: columns over PlayerRow."""

from __future__ import annotations

from typing import Any

from tdapp.gui.common.table_model import Column, RowTableModel
from tdapp.services.players import LOCAL_STATUSES, PlayerRow

LOCAL_ORDER = {key: n for n, key in enumerate(LOCAL_STATUSES)}  # the sit-out order


_UNSET = 10**6  # above any seed or board number (the sort role must be a plain number)


def _unset_last(number: int | None) -> int:
    """Sorts numbers as numbers, a player without one after all who have one."""
    return _UNSET if number is None else number

COUNTRY_COLUMN, CLUB_COLUMN = 2, 3  # sized by what they hold

PLAYER_COLUMNS: list[Column[PlayerRow]] = [
    Column("Name", lambda p: p.name),
    Column("Home town", lambda p: p.home_town),
    Column("Country", lambda p: p.country),
    Column("Club", lambda p: p.club),
    Column("Local status", lambda p: LOCAL_STATUSES.get(p.local_status, p.local_status),
           sort_key=lambda p: LOCAL_ORDER.get(p.local_status, 99),
           tooltip="WDC 2018 sit-out order: board members sit out first, travellers last"),
    Column("Competing", lambda p: "Yes" if p.competing else "No — never ranks",
           sort_key=lambda p: int(p.competing)),
    Column("Seed", lambda p: p.seed, sort_key=lambda p: _unset_last(p.seed), align_right=True,
           tooltip="Qualifying seed (DBN Invitational): 1 is the top seed"),
    Column("Pinned board", lambda p: p.pinned_board,
           sort_key=lambda p: _unset_last(p.pinned_board), align_right=True,
           tooltip="Always seated at this board (accessibility); the seating keeps it"),
    Column("Boards played", lambda p: p.boards_played, align_right=True,
           tooltip="Boards with a result; a board called but not yet played does not count"),
    Column("Withdrawn", lambda p: "Withdrawn" if p.withdrawn else "",
           sort_key=lambda p: int(p.withdrawn)),
]


def players_model(parent: Any = None) -> RowTableModel[PlayerRow]:
    return RowTableModel(PLAYER_COLUMNS, greyed=lambda p: p.withdrawn, parent=parent)
