"""What the page's template needs beyond the state: the search by name and the words
(said in the player's language: a request is answered inside ``i18n.Speaking``)."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from tdapp.web.i18n import _, power_name
from tdapp.web.words import ROUND_STATUSES, clock_label

STATUS_WORDS = ROUND_STATUSES


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
    return [{"board": board["number"], "power": power_name(seat["power"]), "player": seat["player"]}
            for board in boards for seat in board["seats"]
            if wanted in seat["player"].casefold()]


def page_context(state: dict[str, Any], query: str) -> dict[str, Any]:
    round_ = state["round"]
    return {
        "state": state,
        "query": query,
        "found": search(state["boards"], query),
        "round_words": _(STATUS_WORDS[round_["status"]]) if round_["status"] in STATUS_WORDS
        else round_["status"],
        "clock_label": clock_label(state["clock"].get("parts", {}), _),
        "clock_text": clock_text(state["clock"]["remaining_s"]),
        "announcements": [announcement(item) for item in state["announcements"]],
    }


def announcement(item: dict[str, Any]) -> dict[str, Any]:
    """An announcement with its time as the room's clock says it (the server's local time)."""
    when = datetime.fromtimestamp(float(item["at"])).astimezone()
    return {"text": item["text"], "clock": when.strftime("%H:%M"),
            "iso": when.isoformat(timespec="seconds")}
