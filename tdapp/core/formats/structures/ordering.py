"""Players in order as groups of equal rank, each gap explained: what every ranking returns."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Ordering:
    """Players in order, as groups of equal rank, best first.

    ``reasons[i]`` says why ``groups[i]`` is above ``groups[i + 1]``; ``ties[i]`` is ``""`` for a
    single player, ``"shared"`` for a tie the rules keep, ``"td"`` for one left to the TD, and
    ``notes[i]`` explains a tie.
    """

    groups: list[list[str]] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    ties: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @classmethod
    def one(cls, players: list[str], tie: str = "", note: str = "") -> Ordering:
        """A single group: one player, or several sharing a rank (``tie`` says how)."""
        return cls([list(players)], [], [tie if len(players) > 1 else ""], [note])

    def extend(self, other: Ordering, joint: str | None) -> None:
        if self.groups and joint is not None:
            self.reasons.append(joint)
        self.groups.extend(other.groups)
        self.reasons.extend(other.reasons)
        self.ties.extend(other.ties)
        self.notes.extend(other.notes)

    def flat(self) -> list[str]:
        return [p for g in self.groups for p in g]
