"""The built-in tournament formats (minimal for now; the scoring issue completes them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TournamentFormat:
    name: str
    title: str
    rounds: int
    scoring: str
    clock_schedule: str


_BUILT_IN: tuple[TournamentFormat, ...] = (
    TournamentFormat("wdc-2025", "World DipCon 2025 (Haight scoring)", 4, "haight", "wdc-2025"),
    TournamentFormat("wdc-2018", "World DipCon 2018 (Sum of Squares)", 5, "sum-of-squares", "wdc-2018"),
    TournamentFormat("edc-2026", "European Diplomacy Championship 2026", 4, "edc-2026", "edc-2026"),
    TournamentFormat("dbn-2025", "DBN Invitational 2025 (winner takes all)", 3, "dbn-winner", "dbn-2025"),
)


def list_formats() -> tuple[TournamentFormat, ...]:
    return _BUILT_IN


def get_format(name: str) -> TournamentFormat:
    for fmt in _BUILT_IN:
        if fmt.name == name:
            return fmt
    known = ", ".join(f.name for f in _BUILT_IN)
    raise KeyError(f"unknown tournament format {name!r} (known: {known})")
