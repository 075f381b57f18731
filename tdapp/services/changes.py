"""What a service call changed, for the GUI to broadcast (and the venue server to pass on).

A :class:`Change` says, one boolean per kind of thing, what a view may need to reread; a view
asks ``change.players or change.roll_call``. The kinds are fields, not strings, so a misspelt
kind is a type error (and an AttributeError or TypeError at run time), never a view that
silently stops refreshing. The same value crosses the network as :meth:`Change.to_payload`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, fields
from typing import Any


class ServiceError(Exception):
    """An action refused for a reason the TD should read (nothing was changed)."""


class StaleEdit(ServiceError):
    """Someone else changed the same thing first; reload and try again.

    Besides the words, a conflict may carry both versions side by side (``rows``: what, theirs
    as saved, yours as typed), the ``version`` now stored, and ``retry``: the same edit again
    over theirs, so a TD who decides theirs is wrong loses nothing typed (the GUI's conflict
    dialog offers both)."""

    def __init__(self, message: str, *, rows: tuple[tuple[str, str, str], ...] = (),
                 version: int | None = None,
                 retry: Callable[[], Change] | None = None) -> None:
        super().__init__(message)
        self.rows = rows
        self.version = version
        self.retry = retry


@dataclass(frozen=True, slots=True)
class Change:
    """What one action changed. ``ids`` name the rows, when it helps a view refresh one line
    (players for ``players``, a board for ``games``, a team for ``teams``...)."""

    description: str
    _: KW_ONLY
    ids: tuple[int, ...] = ()
    players: bool = False  # the player list, keep-apart pairs
    roll_call: bool = False  # who plays which round
    rounds: bool = False  # rounds, their status and times
    boards: bool = False  # the seating of a round
    results: bool = False  # centres and scores on the boards
    tournament: bool = False  # name, format, scoring systems, settings
    games: bool = False  # a board's game: orders, adjudication, draw votes
    teams: bool = False  # teams and their members
    standings: bool = False  # tie decisions and other inputs of the ranking
    awards: bool = False  # awards and their winners
    assistants: bool = False  # assistants' logins and the boards given them (venue server)
    room: bool = False  # the players' page: codes, check-ins, announcements, confirmations
    history: bool = True  # every recorded action adds a line to the history

    @classmethod
    def everything(cls, description: str) -> Change:
        """Anything may have changed (an undo, a restored snapshot): every view rereads."""
        return cls(description, ids=(), **dict.fromkeys(KINDS, True))

    @property
    def kinds(self) -> frozenset[str]:
        """The names of the kinds that changed (for a payload or a log line)."""
        return frozenset(kind for kind in KINDS if getattr(self, kind))

    def to_payload(self) -> dict[str, Any]:
        """A small JSON-ready dict: what another laptop receives for this same change."""
        return {"description": self.description, "kinds": sorted(self.kinds),
                "ids": list(self.ids)}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Change:
        """The change a payload describes. Kinds this version does not know (sent by a newer
        one) are left out; anything malformed raises ValueError."""
        description = payload.get("description") if isinstance(payload, dict) else None
        kinds = payload.get("kinds", []) if isinstance(payload, dict) else None
        ids = payload.get("ids", []) if isinstance(payload, dict) else None
        if not isinstance(description, str) or not isinstance(kinds, list) \
                or not isinstance(ids, list) or not all(isinstance(k, str) for k in kinds) \
                or not all(type(i) is int for i in ids):
            raise ValueError(f"not a change description: {payload!r:.200}")
        flags = {kind: kind in kinds for kind in KINDS}
        return cls(description, ids=tuple(ids), **flags)


KINDS: tuple[str, ...] = tuple(f.name for f in fields(Change) if f.type in ("bool", bool))
