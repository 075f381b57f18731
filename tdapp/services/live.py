"""What another station's notice means for the open views: the change it announced, as the
``Change`` a local edit produces, so every view refreshes the same way (see store.live)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tdapp.services.changes import Change

# Which views a changed table concerns (the topics services put in their Change).
TABLE_TOPICS: dict[str, tuple[str, ...]] = {
    "tournament": ("tournament", "standings"),
    "player": ("players", "standings"),
    "keep_apart": ("players",),
    "round": ("rounds", "boards"),
    "roll_call": ("roll_call", "players"),
    "board": ("boards", "results", "standings", "games"),
    "seat": ("boards", "results", "standings"),
    "center_count": ("results", "standings"),
    "team": ("teams", "standings", "awards"),
    "team_member": ("teams", "standings", "awards"),
    "special_award": ("awards",),
    "sit_out": ("rounds", "standings"),
    "tie_decision": ("standings", "awards"),
    "custom_scoring": ("tournament", "standings"),
    "game_phase": ("games", "boards"),
    "phase_orders": ("games",),
    "draw_vote": ("games",),
}


def change_from_notice(notice: Mapping[str, Any]) -> Change:
    """The Change another station announced (every topic when it named no tables)."""
    tables = notice.get("tables") or list(TABLE_TOPICS)
    topics: set[str] = set()
    for table in tables:
        topics.update(TABLE_TOPICS.get(str(table), ()))
    rows = notice.get("rows") or []
    ids = tuple(int(row[1]) for row in rows if isinstance(row, list) and len(row) == 2
                and isinstance(row[1], int))
    who = notice.get("who") or "another station"
    description = f"{notice.get('what', 'A change')} ({who})"
    # The typed change: the same value a local edit produces (services.changes).
    return Change.from_payload({"description": description,
                                "kinds": sorted(topics | {"history"}), "ids": list(ids)})
