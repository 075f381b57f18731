"""The Paris method of power selection (DBN Invitational 5.3, EDC 2026 round 4), step by step.

Stage 1: from the second-lowest seed up, each player chooses where in the selection order they
pick (the lowest seed simply starts the order). Stage 2: in the selection order, each player picks
a free, eligible power (eligible: not played before, when anything else is left). The wizard asks
:meth:`ParisSelection.turn` whose turn it is; the final selection order is kept because DBN breaks
top-centre ties by it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tdapp.core.powers import POWERS

ORDERING = "ordering"
PICKING = "picking"
DONE = "done"


@dataclass(frozen=True)
class Turn:
    stage: str  # ORDERING or PICKING
    player: str
    options: tuple  # positions (ints) while ordering, powers while picking


@dataclass
class ParisSelection:
    """``seeds`` lists the board's players best seed first. ``played`` gives the powers each
    player has already played (they are not eligible unless nothing else is left)."""

    seeds: Sequence[str]
    played: Mapping[str, Sequence[str]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    powers: dict[str, str] = field(default_factory=dict)  # power -> player
    log: list[str] = field(default_factory=list)

    @classmethod
    def for_board(
        cls, players: Sequence[str], ranking: Sequence[str], played: Mapping[str, Sequence[str]]
    ) -> ParisSelection:
        """A selection for one board: seeds by ``ranking`` (best first; unranked players last)."""
        position = {player: index for index, player in enumerate(ranking)}
        seeds = sorted(players, key=lambda p: position.get(p, len(position)))
        return cls(seeds, {p: list(played.get(p, ())) for p in players})

    def __post_init__(self) -> None:
        if len(set(self.seeds)) != len(self.seeds) or not self.seeds:
            raise ValueError("Paris method needs distinct players")
        if len(self.seeds) > len(POWERS):
            raise ValueError("Paris method seats at most seven players")
        if not self.order:
            self.order = [self.seeds[-1]]
            self.log.append(f"{self.seeds[-1]} (lowest seed) starts the selection order")

    @property
    def stage(self) -> str:
        if len(self.order) < len(self.seeds):
            return ORDERING
        if len(self.powers) < len(self.seeds):
            return PICKING
        return DONE

    def turn(self) -> Turn | None:
        """Whose turn it is and what they may choose, or None when the selection is done."""
        stage = self.stage
        if stage == ORDERING:
            player = self.seeds[-1 - len(self.order)]
            return Turn(ORDERING, player, tuple(range(len(self.order) + 1)))
        if stage == PICKING:
            player = self.order[len(self.powers)]
            return Turn(PICKING, player, tuple(self.eligible_powers(player)))
        return None

    def choose_position(self, position: int) -> None:
        """The player on turn takes ``position`` in the selection order (0 = picks first)."""
        turn = self._expect(ORDERING)
        if position not in turn.options:
            raise ValueError(f"position must be between 0 and {len(self.order)}")
        self.order.insert(position, turn.player)
        self.log.append(f"{turn.player} picks {_ordinal(position + 1)} of {len(self.order)}")

    def choose_power(self, power: str) -> None:
        """The player on turn takes ``power``."""
        turn = self._expect(PICKING)
        power = power.upper()
        if power not in turn.options:
            raise ValueError(f"{turn.player} may choose only {', '.join(turn.options)}")
        self.powers[power] = turn.player
        self.log.append(f"{turn.player} chooses {power}")

    def eligible_powers(self, player: str) -> list[str]:
        free = [power for power in POWERS if power not in self.powers]
        fresh = [power for power in free if power not in self.played.get(player, ())]
        return fresh or free

    def undo(self) -> None:
        """Take back the last choice (a slip of the TD's mouse at the projector)."""
        if self.powers:
            power = next(reversed(self.powers))
            del self.powers[power]
        elif len(self.order) > 1:
            mover = self.seeds[-len(self.order)]
            self.order.remove(mover)
        else:
            return
        self.log.pop()

    def selection_order(self) -> list[str]:
        return list(self.order)

    def _expect(self, stage: str) -> Turn:
        turn = self.turn()
        if turn is None or turn.stage != stage:
            raise ValueError(f"not the time to {'order' if stage == ORDERING else 'pick'}")
        return turn


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
