"""The record of a board's game as plain values: sheets, phases played and draw votes.

Positions are in the contract shape of CONTRACTS.md (what the file stores and the views draw);
the rules of :mod:`tdapp.core.game` read these rows, the services fill them from the file.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

# What became of a power's sheet in a phase.
ENTERED, NO_ORDERS, LATE, GRACE = "entered", "no-orders", "late", "grace"
SHEET_STATUSES = {
    ENTERED: "Orders entered",
    NO_ORDERS: "No orders: every unit holds",
    LATE: "Orders handed in late",
    GRACE: "Grace period running",
}


@dataclass(frozen=True)
class SheetRow:
    power: str
    text: str
    status: str
    grace_started_at: dt.datetime | None = None
    version: int = 0  # the row's version on the file or server; 0: no sheet saved yet

    @property
    def handed_in(self) -> bool:
        """Something was done with this sheet: orders typed or a status other than entered."""
        return bool(self.text.strip()) or self.status != ENTERED


@dataclass(frozen=True)
class PhaseRow:
    id: int
    seq: int
    phase: str
    position: dict[str, Any]
    results: list[dict[str, Any]] | None
    adjudicated_at: dt.datetime | None
    sheets: dict[str, SheetRow]

    @property
    def adjudicated(self) -> bool:
        return self.results is not None

    @property
    def kind(self) -> str:
        return self.phase[-1]


@dataclass(frozen=True)
class VoteRow:
    phase: str
    powers: tuple[str, ...]
    passed: bool
    secret: bool
    votes: dict[str, bool] | None
    vetoed_by: tuple[str, ...] = ()  # openly vetoed before any vote: no vote was held

    @property
    def vetoed(self) -> bool:
        return bool(self.vetoed_by)


def saved_status(before: str | None) -> str:
    """A sheet's status once its orders are typed: a sheet handed in during its grace period
    is late; one marked "no orders" is entered after all."""
    if before == GRACE:
        return LATE
    if before in (None, NO_ORDERS):
        return ENTERED
    return before
