"""Every format option with a fixed set of values, declared once as a typed choice.

Each choice is a :class:`enum.StrEnum`: a member *is* its string, so a saved format keeps the
same JSON (``"sit_out_order": "lowest-seeds-move"``) and reads back into the same member. A
value outside the set is refused where a format is made (the dataclasses' ``__post_init__``)
or read (``serialize.format_from_dict``), in words naming the field and the allowed values:
``sit_out_order: 'lowest-seed-move' is not one of: td-choice, wdc-2018-locals-first,
lowest-seeds-move``. Code compares against members (``rule.members_from is
TeamMembers.NON_POOL``), never against a spelling.

``words`` is each value as the format dialog and the description say it, so the GUI holds no
list of its own. Choices whose lists belong to another part of the core stay there, checked by
``validate_format`` against that list: the judge's rule variants
(``core.adjudication.rules.CHOICES``), the order parser's (``core.orders.options``), seating
methods (``core.seating.model.METHODS``), clock schedules (``core.clock.formats``), scoring
systems and structural rules (registries).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, TypeVar

from tdapp.core.formats.errors import FormatError

C = TypeVar("C", bound="Choice")
E = TypeVar("E", bound=enum.StrEnum)


def parse_choice(choice: type[E], value: object, field: str) -> E:
    """``value`` as a member of ``choice`` (any string enum: the order parser's own choices
    too); :class:`FormatError` at ``field`` naming the allowed values otherwise."""
    if isinstance(value, choice):
        return value
    if isinstance(value, str):
        try:
            return choice(value)
        except ValueError:
            pass
    raise FormatError(f"{value!r} is not one of: {', '.join(m.value for m in choice)}", field)


class Choice(enum.StrEnum):
    """A format option's fixed set of values (subclass with members, add their words)."""

    @classmethod
    def parse(cls: type[C], value: object, field: str) -> C:
        """``value`` as a member; :class:`FormatError` at ``field`` naming the allowed ones."""
        return parse_choice(cls, value, field)

    @classmethod
    def allowed(cls) -> str:
        return ", ".join(member.value for member in cls)

    @classmethod
    def choices(cls) -> tuple[tuple[str, str], ...]:
        """(value, words) pairs in declaration order: a choice box's items."""
        return tuple((member.value, member.words) for member in cls)

    @property
    def words(self) -> str:
        return WORDS.get(self, self.value)


class SitOutOrder(Choice):
    """Who sits out when the count is not a multiple of seven."""

    TD_CHOICE = "td-choice"
    WDC_2018_LOCALS_FIRST = "wdc-2018-locals-first"  # seed 002: board, club, local, travellers
    LOWEST_SEEDS_MOVE = "lowest-seeds-move"  # seed 000 3.2.1


class TeamMembers(Choice):
    """Who may be on a team (``TeamRule.members_from``)."""

    NON_POOL = "non-pool"
    ALL = "all"


class PowerMethod(Choice):
    """How powers are assigned in a round (``RoundRule.powers``)."""

    AUTOMATIC = "automatic"
    PREFERENCES = "preferences"
    PARIS = "paris"
    MANUAL = "manual"


class DoubleBoard(Choice):
    """What counts of a player's two boards in one round."""

    BEST = "best"
    FIRST = "first"
    SUM = "sum"


class TieMode(Choice):
    """A tie nothing breaks: shared, or left to the TD."""

    TD = "td"
    SHARED = "shared"


class CorrectionLimit(Choice):
    """Until when a mistake in an adjudicated phase is corrected without the TD."""

    NEXT_DEADLINE = "next-deadline"  # until the phase after the mistake is adjudicated
    NEXT_MOVEMENT = "next-movement"  # until a later movement phase is adjudicated (EDC 2026)


class BuildErrors(Choice):
    """What a correction does to builds already played past the next Spring."""

    RECOMPUTE = "recompute"  # adjudicate every later phase again, builds included
    NEXT_ADJUSTMENT = "next-adjustment"  # builds stand; the difference comes at the next build


class DrawParticipants(Choice):
    """Who is in a draw."""

    SURVIVORS = "survivors"  # every power with a centre (DIAS)
    NAMED = "named"  # the proposal names the powers


class Season(Choice):
    """The season draw votes may start in."""

    SPRING = "spring"
    FALL = "fall"


class BoardChampion(Choice):
    """Who of a top board is champion."""

    BOARD_WINNER = "board-winner"  # the highest game score on the board
    BOARD_TOPPER = "board-topper"  # most centres, count-back year by year on a shared top


class RankWithin(Choice):
    """How players order inside a locked final board's rank range."""

    TOTAL = "total"
    ROUND = "round"


class FinalSeeding(Choice):
    """A knock-out final's seeding criteria."""

    SOLO = "solo"
    SEED = "seed"


WORDS: dict[Choice, str] = {
    SitOutOrder.TD_CHOICE: "the TD chooses",
    SitOutOrder.WDC_2018_LOCALS_FIRST: "locals and organisers first (WDC 2018)",
    SitOutOrder.LOWEST_SEEDS_MOVE: "the lowest seeds (DBN)",
    TeamMembers.NON_POOL: "players outside the pool",
    TeamMembers.ALL: "every player",
    PowerMethod.AUTOMATIC: "automatic",
    PowerMethod.PREFERENCES: "preference lists",
    PowerMethod.PARIS: "Paris method",
    PowerMethod.MANUAL: "by hand",
    DoubleBoard.BEST: "the better score counts",
    DoubleBoard.FIRST: "the first board counts",
    DoubleBoard.SUM: "both scores count",
    TieMode.TD: "left to the TD",
    TieMode.SHARED: "shared",
    CorrectionLimit.NEXT_DEADLINE: "until the next deadline",
    CorrectionLimit.NEXT_MOVEMENT: "until the next movement phase",
    BuildErrors.RECOMPUTE: "re-adjudicate everything",
    BuildErrors.NEXT_ADJUSTMENT: "carry to the next adjustment phase",
    DrawParticipants.SURVIVORS: "every power with a centre (DIAS)",
    DrawParticipants.NAMED: "the powers the proposal names",
    Season.SPRING: "spring",
    Season.FALL: "fall",
    BoardChampion.BOARD_WINNER: "highest game score",
    BoardChampion.BOARD_TOPPER: "most centres",
    RankWithin.TOTAL: "by tournament score",
    RankWithin.ROUND: "by final-round score",
    FinalSeeding.SOLO: "a solo in the qualifying stage first",
    FinalSeeding.SEED: "lower seed number first",
}


def typed(obj: Any, where: str, **fields: type[enum.StrEnum]) -> None:
    """In a frozen dataclass's ``__post_init__``: each named field as its choice's member
    (a plain string is accepted and converted), refusing any other value at ``where.name``."""
    for name, choice in fields.items():
        value = getattr(obj, name)
        object.__setattr__(obj, name, parse_choice(choice, value, _join(where, name)))


def typed_list(obj: Any, where: str, name: str, choice: type[Choice]) -> None:
    """The same for a tuple of one choice's values (``where.name[i]`` at fault)."""
    values: Iterable[object] = getattr(obj, name)
    field = _join(where, name)
    object.__setattr__(obj, name, tuple(choice.parse(value, f"{field}[{i}]")
                                        for i, value in enumerate(values)))


def _join(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name
