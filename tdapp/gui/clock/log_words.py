"""The clock's adjustment log in the TD's words ("+1 min, board 3"), not the core's action codes."""

from __future__ import annotations

from datetime import datetime

from tdapp.core.clock.round_clock import LogEntry

ACTION_WORDS: dict[str, str] = {
    "start": "Started",
    "pause": "Paused",
    "resume": "Resumed",
    "add-time": "Time",
    "next-segment": "Next segment:",
    "previous-segment": "Previous segment:",
    "restart-segment": "Segment restarted:",
    "goto-segment": "Jumped to",
    "schedule-edited": "Schedule edited:",
    "pause-board": "Paused",
    "resume-board": "Resumed",
    "rejoin-room": "Rejoined the room clock",
    "orders-in-early": "Orders in early:",
    "game-over": "Game over",
    "round-over": "Round over: every board has its result; clock stopped",
    "draw-vote": "Draw vote:",
    "draw-vote-end": "Draw vote",
    "grace": "Grace period",
    "hidden-end-set": "Hidden end time set",
    "hidden-end-cleared": "Hidden end time cleared",
}


def minutes_text(seconds: float) -> str:
    """+60 -> '+1 min', -30 -> '-30 s', +90 -> '+1 min 30 s'."""
    sign = "+" if seconds >= 0 else "\u2212"
    whole = round(abs(seconds))
    minutes, rest = divmod(whole, 60)
    parts = ([f"{minutes} min"] if minutes else []) + ([f"{rest} s"] if rest or not minutes else [])
    return sign + " ".join(parts)


def describe(entry: LogEntry) -> str:
    """One log entry without its time: what was done, to which board, by how much."""
    words = [ACTION_WORDS.get(entry.action, entry.action.replace("-", " ").capitalize())]
    if entry.seconds is not None:
        amount = minutes_text(entry.seconds)
        words.append(f"{amount.lstrip('+')} for" if entry.action == "grace" else amount)
    if entry.detail:
        words.append(entry.detail)
    text = " ".join(words)
    if entry.board is not None:
        text += f" \u2014 board {entry.board}"
    return text


def stamped(entry: LogEntry) -> str:
    """'07:57:30  Next segment: Spring 1901 — Order writing'."""
    return f"{datetime.fromtimestamp(entry.at).strftime('%H:%M:%S')}  {describe(entry)}"
