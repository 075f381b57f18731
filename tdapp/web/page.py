"""What the page's template needs beyond the state: the search by name and the words."""

from __future__ import annotations

import math
from typing import Any

STATUS_WORDS = {"planned": "not seated yet", "called": "board call published",
                "playing": "being played", "finished": "finished", "none": "no round yet"}


def clock_text(seconds: float | None) -> str:
    """Time left as the projector shows it (14:59, 1:02:03; +0:12 over time)."""
    if seconds is None:
        return ""
    whole = math.ceil(seconds - 1e-9) if seconds > 0 else -math.floor(-seconds)
    sign = "+" if whole < 0 else ""
    hours, rest = divmod(abs(whole), 3600)
    minutes, secs = divmod(rest, 60)
    return sign + (f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}")


def search(boards: list[dict[str, Any]], query: str) -> list[dict[str, Any]]:
    """Every seat whose player's name holds ``query`` (any case): board, power, player."""
    wanted = query.casefold().strip()
    if not wanted:
        return []
    return [{"board": board["number"], "power": seat["power"].title(), "player": seat["player"]}
            for board in boards for seat in board["seats"]
            if wanted in seat["player"].casefold()]


def page_context(state: dict[str, Any], query: str) -> dict[str, Any]:
    round_ = state["round"]
    return {
        "state": state,
        "query": query,
        "found": search(state["boards"], query),
        "round_words": STATUS_WORDS.get(round_["status"], round_["status"]),
        "clock_text": clock_text(state["clock"]["remaining_s"]),
    }
