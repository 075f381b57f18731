"""What a service call changed, for the GUI to broadcast."""

from __future__ import annotations

from dataclasses import dataclass, field


class ServiceError(Exception):
    """An action refused for a reason the TD should read (nothing was changed)."""


class StaleEdit(ServiceError):
    """Someone else changed the same thing first; reload and try again."""


@dataclass(frozen=True)
class Change:
    """``topics`` name what changed ("players", "roll_call", "rounds", "boards", "results",
    "tournament", "history"); ``ids`` the rows, when it helps a view refresh one line."""

    description: str
    topics: frozenset[str]
    ids: tuple[int, ...] = field(default=())

    @staticmethod
    def of(description: str, *topics: str, ids: tuple[int, ...] = ()) -> Change:
        return Change(description, frozenset(topics) | {"history"}, ids)
