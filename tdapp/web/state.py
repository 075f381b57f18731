"""What the players' page shows, as plain JSON-ready data (``/api/state`` of CONTRACTS.md).

Everything is read through the services. The clock is asked for the projector's view
(``operator=False``), which never holds the hidden end time.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from tdapp.core.clock import SystemTime, TimeSource
from tdapp.services.announcements import announcements
from tdapp.services.changes import ServiceError
from tdapp.services.clock import current_round, load_clock
from tdapp.services.formats import effective_format
from tdapp.services.rounds import all_boards, list_rounds
from tdapp.services.seating import pool_boards
from tdapp.services.standings_data import tournament_standings
from tdapp.services.tournaments import tournament_info
from tdapp.store.database import TournamentDb
from tdapp.web.words import clock_label

_SYSTEM_TIME = SystemTime()
# A round whose boards are out: its board call is published for the room.
PUBLISHED = ("called", "playing", "finished")


def ranking_private(db: TournamentDb, through: int) -> int | None:
    """The round after which the ranking goes public, while the format keeps it private
    (WDC 2025 II.2.a: "The specific ranking of individual players will not be made public"
    until the bonus round is over); None when it may be shown."""
    pool = effective_format(db).pool
    if pool is not None and pool.ranking_private and through < pool.bonus_round:
        return int(pool.bonus_round)
    return None


def _boards(db: TournamentDb, number: int | None, status: str) -> list[dict[str, Any]]:
    if number is None or status not in PUBLISHED:
        return []
    # WDC 2025 II.2: the championship pool plays among itself in round 4 (its boards: every
    # seat a pool player's, as the projector's board call marks them).
    pool = pool_boards(db, number)
    return [
        {"round": row.round_number, "number": row.number, "top_board": row.top_board,
         "pool": row.number in pool,
         "seats": [{"power": seat.power, "player": seat.player_name} for seat in row.seats]}
        for row in all_boards(db, number)
    ]


def _timestamp(at: dt.datetime) -> float:
    """Seconds since the epoch; the file keeps UTC without a zone, a server may give one."""
    return (at if at.tzinfo is not None else at.replace(tzinfo=dt.UTC)).timestamp()


def _announcements(db: TournamentDb) -> list[dict[str, Any]]:
    """The TD's announcements shown now, newest first (withdrawn ones never)."""
    return [{"at": _timestamp(row.at), "text": row.text} for row in announcements(db)]


def clock_now(db: TournamentDb, round_: dict[str, Any], time: TimeSource) -> dict[str, Any]:
    """The round clock as the projector shows it now (``round_``: the state's ``round``)."""
    number, status = round_["number"], round_["status"]
    now = time.now()
    idle: dict[str, Any] = {"state": "none", "label": "", "remaining_s": None, "at": now, "parts": {}}
    if number is None or status not in ("called", "playing"):
        return idle
    try:
        view = load_clock(db, number, time).view(operator=False)
    except ServiceError:
        return idle
    timer = view.central
    shown = timer.status not in ("ready",) and not view.round_called
    state = "over" if view.round_called else timer.status
    # The label's parts, so that the page says it in the player's language (words.py);
    # ``label`` itself is English, as /api/state is.
    parts = {"phase": timer.phase, "kind": timer.kind, "status": state}
    return {"state": state, "label": clock_label(parts), "parts": parts,
            "remaining_s": float(timer.seconds_left) if shown else None, "at": view.now}


def build_state(db: TournamentDb, version: int, time: TimeSource = _SYSTEM_TIME
                ) -> dict[str, Any]:
    """The whole public state of the tournament now (see CONTRACTS.md, ``tdapp web``).

    Beyond the contract, for the page: the format's ``title`` (``format`` stays the id that
    ``tdapp standings`` gives), ``private_until`` (the round whose end makes the ranking
    public), ``pool_members`` (while the ranking is private, the championship pool by name in
    alphabetical order, as the projector shows it) and ``standings_through``."""
    info = tournament_info(db)
    fmt = effective_format(db)
    standings, names = tournament_standings(db)
    number = current_round(db)
    status = next((r.status for r in list_rounds(db) if r.number == number), "none")
    private_until = ranking_private(db, standings.through)
    table = None
    members: list[str] = []
    if private_until is None:
        table = [{"rank": "" if row.rank is None else str(row.rank),
                  "player": row.name or names.get(row.player, row.player),
                  "score": float(row.score)} for row in standings.rows]
    else:
        members = sorted((names.get(p, p) for p in standings.pool), key=str.casefold)
    round_ = {"number": number, "status": status}
    return {
        "tournament": {"name": info.name, "format": standings.format, "title": fmt.title},
        "round": round_,
        "boards": _boards(db, number, status),
        "clock": clock_now(db, round_, time),
        "standings": table,
        "standings_private": private_until is not None,
        "private_until": private_until,
        "pool_members": members,
        "standings_through": standings.through,
        "announcements": _announcements(db),
        "version": version,
    }
