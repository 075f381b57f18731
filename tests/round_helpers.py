"""Seating a round straight from the seating engine, for tests that need boards on the file
without walking the seating services (the demo and the TD's wizard go through those)."""

from __future__ import annotations

from typing import Any

from tdapp.core.seating.engine import seat_round as seat_round_engine
from tdapp.core.seating.model import PastBoard, SeatingRequest
from tdapp.services import rounds


def seat_round(player_ids: list[int], history: list[dict[str, Any]],
               seed: int) -> list[rounds.BoardPlan]:
    """Boards of seven with powers (fewest repeats, no repeated power), ready for
    ``rounds.save_board_call``; ``history`` is ``rounds.seating_history``'s."""
    request = SeatingRequest(
        players=[str(p) for p in player_ids],
        history=[PastBoard(h["round"], h["board"], {pw: str(p) for pw, p in h["powers"].items()})
                 for h in history],
        method="balanced", seed=seed, time_limit=2.0,
    )
    result = seat_round_engine(request)
    return [rounds.BoardPlan(number=b.number, powers={pw: int(p) for pw, p in b.powers.items()})
            for b in result.boards]
