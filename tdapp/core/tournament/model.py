"""The plain-data input of the standings: players, boards, sit-outs, teams and TD decisions.

The store maps its rows to these; nothing here knows about a database. Game scores are normally
already on each board (``Board.scores``); a board without them is scored with the format's system.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from tdapp.core.game.replacement import Replacement
from tdapp.core.scoring.base import GameResult


@dataclass(frozen=True)
class Player:
    """A player. ``competing`` is False for TDs and assistants: they play but never rank.

    Distance from home for the distance tie-breaker is ``distance_km`` when given, else the
    great-circle distance from (``latitude``, ``longitude``) to the venue. ``seed`` is a
    qualifying seed (DBN Invitational), lower is better.
    """

    id: str
    name: str = ""
    competing: bool = True
    withdrawn: bool = False
    home: str = ""
    latitude: float | None = None
    longitude: float | None = None
    distance_km: float | None = None
    seed: int | None = None

    @property
    def label(self) -> str:
        return self.name or self.id


@dataclass(frozen=True)
class Board:
    """A board (a game at a table) of one round.

    ``powers`` maps power to player id. ``scores`` are the game scores per power when already
    computed; the rest mirrors :class:`GameResult` and is used to score the board when
    ``scores`` is missing, for centre-based tie-breakers and for count-back.
    """

    round: int
    number: int
    powers: Mapping[str, str]
    scores: Mapping[str, float] | None = None
    centers: Mapping[str, int] = field(default_factory=dict)
    end_year: int | None = None
    solo: str | None = None
    eliminated: Mapping[str, int] = field(default_factory=dict)
    history: Mapping[int, Mapping[str, int]] | None = None
    draw: tuple[str, ...] | None = None
    selection_order: tuple[str, ...] | None = None
    top: bool = False
    # players who left a seat mid-game, in the order they left (WDC 2025 III.3)
    replacements: tuple[Replacement, ...] = ()

    def game_result(self) -> GameResult:
        return GameResult(
            centers=dict(self.centers),
            end_year=self.end_year or 0,
            solo=self.solo,
            eliminated=dict(self.eliminated),
            history=self.history,
            draw=self.draw,
            selection_order=self.selection_order,
        )

    def power_of(self, player: str) -> str | None:
        for power, who in self.powers.items():
            if who == player:
                return power
        return None


@dataclass(frozen=True)
class SitOut:
    """A player who sat out a round (asked to stand aside) and the score the TD gave for it."""

    round: int
    player: str
    bonus: float = 0.0


@dataclass(frozen=True)
class Team:
    """A team of the team tournament: members and, when the team picks them, their powers."""

    name: str
    members: tuple[str, ...]
    powers: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class TieDecision:
    """How a tie was settled outside the rules' criteria: a recorded random draw or the TD.

    ``order`` lists the players best first; it settles any tie among players it contains.
    ``method`` is ``"random-draw"`` or ``"td"``; ``about`` says which table it is for
    (``"standings"``, ``"team"``, ``"best-country:FRANCE"`` ...).
    """

    order: tuple[str, ...]
    method: str = "random-draw"
    about: str = "standings"
    note: str = ""


@dataclass(frozen=True)
class SpecialAward:
    """An award the TD names and gives (Player's choice, Best Pirate ...)."""

    name: str
    players: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True)
class Tournament:
    """Everything the standings are computed from.

    ``pool``: the championship pool as published (computed from the rules when None).
    ``top_board_declined``: players who declined their top-board place, in any order.
    ``venue``: (latitude, longitude) of the venue, for the distance tie-breaker.
    """

    players: tuple[Player, ...]
    boards: tuple[Board, ...] = ()
    sit_outs: tuple[SitOut, ...] = ()
    teams: tuple[Team, ...] = ()
    tie_decisions: tuple[TieDecision, ...] = ()
    special_awards: tuple[SpecialAward, ...] = ()
    pool: tuple[str, ...] | None = None
    top_board_declined: tuple[str, ...] = ()
    venue: tuple[float, float] | None = None
    name: str = ""

    @cached_property
    def _by_id(self) -> dict[str, Player]:
        return {p.id: p for p in self.players}

    def player(self, player_id: str) -> Player:
        try:
            return self._by_id[player_id]
        except KeyError:
            raise KeyError(f"unknown player {player_id!r}") from None

    def rounds_played(self) -> int:
        """The highest round with a board or a sit-out (0 before the first round)."""
        numbers = [b.round for b in self.boards] + [s.round for s in self.sit_outs]
        return max(numbers, default=0)

    def distance_of(self, player: Player) -> float | None:
        if player.distance_km is not None:
            return player.distance_km
        if self.venue is None or player.latitude is None or player.longitude is None:
            return None
        return great_circle_km((player.latitude, player.longitude), self.venue)


EARTH_RADIUS_KM = 6371.0


def great_circle_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Haversine distance between two (latitude, longitude) points in kilometres."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (math.sin((lat2 - lat1) / 2) ** 2
         + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2)
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(min(1.0, h)))
