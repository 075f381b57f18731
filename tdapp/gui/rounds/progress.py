"""Where the tournament stands, in one line, for pages that show it (e.g. Standings)."""

from __future__ import annotations

from tdapp.services.rounds import ROUND_STATUSES, RoundRow


def boards_state(rounds: list[RoundRow]) -> str:
    seated = [r for r in rounds if r.boards]
    if not seated:
        return "No round has been seated yet."
    parts = [f"round {r.number}: {r.boards} boards, "
             f"{ROUND_STATUSES.get(r.status, r.status).lower()}" for r in seated]
    return "So far — " + "; ".join(parts) + "."


def standings_state(rounds: list[RoundRow]) -> str:
    finished = sum(1 for r in rounds if r.status == "finished")
    return f"{finished} of {len(rounds)} rounds finished." if rounds else ""
