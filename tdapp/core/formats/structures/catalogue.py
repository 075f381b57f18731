"""Every built-in structural rule: the one list the registry reads (a new built-in rule is its
module and one line here)."""

from __future__ import annotations

from tdapp.core.formats.structures.base import FinalRanking
from tdapp.core.formats.structures.knockout import Knockout
from tdapp.core.formats.structures.locked_final_boards import LockedFinalBoards
from tdapp.core.formats.structures.pool_champion import PoolChampion
from tdapp.core.formats.structures.top_board_winner import TopBoardWinner
from tdapp.core.formats.structures.total import Total


def built_in_final_rankings() -> list[FinalRanking]:
    """In the order the format dialog offers them."""
    return [Total(), PoolChampion(), TopBoardWinner(), LockedFinalBoards(), Knockout()]
