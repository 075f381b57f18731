"""What a tournament format is, as plain frozen data.

A format says how each round is seated and scored, how round scores roll up into a tournament
score, which special structures it has (a championship pool, a top board, final-round boards
locked to rank ranges, a knock-out stage), the tie-breakers in order, the awards and the house
rules for the adjudicator, the clock and the draw votes. Nothing here computes standings:
``tdapp.core.tournament`` reads these fields.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from tdapp.core.adjudication.rules import CHOICES
from tdapp.core.clock.formats import list_clock_formats
from tdapp.core.formats.errors import FormatError
from tdapp.core.formats.options import (
    BoardChampion,
    BuildErrors,
    CorrectionLimit,
    DoubleBoard,
    DrawParticipants,
    FinalSeeding,
    PowerMethod,
    RankWithin,
    Season,
    SitOutOrder,
    TeamMembers,
    TieMode,
    typed,
    typed_list,
)
from tdapp.core.formats.structures.registry import final_ranking_names, final_ranking_rule
from tdapp.core.formats.tie_breakers import known_criterion

# The order parser's own lists of choices (the parser is what follows them)
from tdapp.core.orders.options import (
    MissingBuildCoast,
    MissingCoast,
    ParseOptions,
    WrongUnitType,
)
from tdapp.core.seating.model import METHODS

DEFAULT_CORRECTION_TEXT = "errors found after the next deadline stand unless the TD rules otherwise"


def seating_methods() -> tuple[str, ...]:
    """Seating method names, as the seating engine spells them."""
    return METHODS


def rule_variants() -> Mapping[str, tuple[str, ...]]:
    """Adjudicator variants, the keys and values of the CONTRACTS ``rules`` object, as the judge
    itself lists them (so a format never names a variant the judge does not know)."""
    return MappingProxyType(dict(CHOICES))


@dataclass(frozen=True)
class RoundRule:
    """One round: how it is scored, seated and powered, and what its score is worth.

    ``scoring`` is a system name of ``tdapp.core.scoring.registry``; ``multiplier`` applies to
    every player's score of the round (a pool bonus is a :class:`PoolRule` instead).
    """

    number: int
    scoring: str
    seating: str = "balanced"
    powers: PowerMethod = PowerMethod.AUTOMATIC
    multiplier: float = 1.0
    label: str = ""

    def __post_init__(self) -> None:
        typed(self, f"round_rules[{self.number - 1}]", powers=PowerMethod)


@dataclass(frozen=True)
class CountGroup:
    """Rounds that count together: the ``best`` highest scores of ``rounds`` (all when None).

    ``max_played`` is how many of these rounds a player may play at all (WDC 2018: three of the
    four preliminaries); playing more is reported as an issue, and only ``best`` still count.
    """

    rounds: tuple[int, ...]
    best: int | None = None
    max_played: int | None = None


@dataclass(frozen=True)
class PoolRule:
    """A championship pool picked after ``after_round`` from the ``size`` best players.

    Pool players' score of ``bonus_round`` is multiplied by ``bonus_multiplier``. When
    ``pool_first_on_ties`` a pool player is ranked above a non-pool player on the same score.
    ``cut_tie_breakers`` settle a tie at the cut (later rounds are not known then).
    ``ranking_private``: the ranking is not shown in public until the bonus round is over
    (WDC 2025 II.2.a); the projector then shows the pool's members by name, without order.
    """

    after_round: int
    size: int
    bonus_round: int
    bonus_multiplier: float = 1.0
    champion_from_pool: bool = True
    pool_first_on_ties: bool = True
    cut_tie_breakers: tuple[str, ...] = ()
    ranking_private: bool = False


@dataclass(frozen=True)
class TopBoardRule:
    """A top board of the ``size`` best players after ``after_round`` plays round ``round``.

    A player who declines is replaced by the next in line. ``champion`` is ``"board-winner"``
    (the highest game score on the top board) or ``"board-topper"`` (most centres, count-back
    year by year on a shared top).
    """

    after_round: int
    round: int
    size: int = 7
    champion: BoardChampion = BoardChampion.BOARD_WINNER

    def __post_init__(self) -> None:
        typed(self, "top_board", champion=BoardChampion)


@dataclass(frozen=True)
class LockedFinalRule:
    """Final-round boards keep the rank range their players held when the round began.

    The top board's board-topper is champion; a shared top is settled by count-back year by
    year, the losers taking the next places. Inside each range players order by ``within``:
    ``"total"`` (tournament score) or ``"round"`` (their final-round score).
    """

    round: int
    within: RankWithin = RankWithin.TOTAL
    champion: BoardChampion = BoardChampion.BOARD_TOPPER

    def __post_init__(self) -> None:
        typed(self, "locked_final", within=RankWithin, champion=BoardChampion)


@dataclass(frozen=True)
class KnockoutRule:
    """A qualifying stage of winner-take-all games and a final game (DBN Invitational).

    The ``automatic`` best seeds go straight to the final; the winner of each qualifying game
    joins them. The final is seeded by ``final_seeding`` criteria in order (``"solo"``: a solo
    in the qualifying stage first, ``"seed"``: lower seed number first).
    """

    qualifying_rounds: tuple[int, ...]
    final_round: int
    automatic: int = 3
    final_seeding: tuple[FinalSeeding, ...] = (FinalSeeding.SOLO, FinalSeeding.SEED)

    def __post_init__(self) -> None:
        typed_list(self, "knockout", "final_seeding", FinalSeeding)


@dataclass(frozen=True)
class TeamRule:
    """A team tournament in ``round``: teams of ``size``, team score = sum of members' scores.

    ``members_from``: ``"non-pool"`` (only players outside the championship pool) or ``"all"``.
    Ties are broken by dropping each team's lowest score in turn when ``drop_lowest_on_ties``;
    a tie that remains goes to the TD.
    """

    round: int
    size: int = 7
    members_from: TeamMembers = TeamMembers.NON_POOL
    team_picks_powers: bool = True
    teammates_apart: bool = True
    drop_lowest_on_ties: bool = True
    min_players: int = 49

    def __post_init__(self) -> None:
        typed(self, "team", members_from=TeamMembers)


@dataclass(frozen=True)
class BestCountryRule:
    """Best country (outstanding play of a power) by single-game score.

    ``exclude_top_board``: games on a top board do not compete. ``solo_loss_never_wins``: a
    player who lost to a solo never takes the award. ``counted_games_only``: a game that did not
    count (the worse of a double board) does not compete. ``ties``: ``"shared"`` or ``"td"``.
    ``td_discretion`` marks a format where the TD decides and the table only suggests.
    """

    enabled: bool = True
    exclude_top_board: bool = False
    solo_loss_never_wins: bool = False
    counted_games_only: bool = False
    ties: TieMode = TieMode.SHARED
    td_discretion: bool = False

    def __post_init__(self) -> None:
        typed(self, "awards.best_country", ties=TieMode)


@dataclass(frozen=True)
class AwardsRule:
    """Which awards a format gives: places ``1..places``, best country, team, special awards."""

    places: int = 7
    best_country: BestCountryRule = field(default_factory=BestCountryRule)
    team: bool = False
    special: tuple[str, ...] = ()


@dataclass(frozen=True)
class DrawVoteRule:
    """When draw votes may be held and how: from ``from_year`` (``from_season`` spring/fall).

    ``secret_votes``: how many votes per board are secret before votes turn open (None: all
    secret, 0: all open). ``forced_draw_after``: the game ends in a draw after this year.
    """

    from_year: int = 1901
    from_season: Season = Season.SPRING
    secret_votes: int | None = None
    clock_stops: bool = True
    forced_draw_after: int | None = None
    participants: DrawParticipants = DrawParticipants.SURVIVORS

    def __post_init__(self) -> None:
        typed(self, "draw_votes", from_season=Season, participants=DrawParticipants)


@dataclass(frozen=True)
class GraceRule:
    """A grace period for a sheet not handed in: ``minutes`` long, ``per_game`` times per power
    and game, in movement phases only when ``movement_only`` (EDC 2026: 2, once, movement)."""

    minutes: int = 2
    per_game: int = 1
    movement_only: bool = True


@dataclass(frozen=True)
class CorrectionRule:
    """Until when a mistake found in an adjudicated phase is corrected without the TD.

    ``until`` (:class:`CorrectionLimit`); ``text`` is the rule in the format's own
    words, quoted when a correction is refused. ``build_errors`` (:class:`BuildErrors`) says what a correction does to builds already played past the
    next Spring movement deadline (EDC 2026: they stand, the difference comes at the next
    build phase).
    """

    until: CorrectionLimit = CorrectionLimit.NEXT_DEADLINE
    text: str = DEFAULT_CORRECTION_TEXT
    build_errors: BuildErrors = BuildErrors.RECOMPUTE

    def __post_init__(self) -> None:
        typed(self, "corrections", until=CorrectionLimit, build_errors=BuildErrors)


@dataclass(frozen=True)
class OrderReadingRule:
    """How an assistant's typing of a paper order sheet is read (the parser's ``ParseOptions``
    without the name it cites, which is the format's own).

    ``strict_abbreviations``: an official but wrong abbreviation means exactly its province even
    when that makes the order illegal ("F Lon-Nor" is London to Norway: EDC 2026); otherwise
    only ``correct_slips`` reads an impossible official abbreviation as its usual neighbour
    (Nwy/Nwg, Lvp/Lvn, Tyr/Tys) when that is the one possible reading, with a warning.
    ``require_unit_type_in_builds``: every build says A or F (otherwise only coastal ones).
    ``missing_coast`` (``"infer"`` the one coast a fleet can reach, or ``"strict"``: no coast,
    no move), ``missing_build_coast`` (``"waive"`` a fleet St Petersburg build without a coast,
    or ``"void"``), ``wrong_unit_type`` (``"follow"`` an order naming an army for a fleet, or
    ``"fail"``): the parser's ``ParseOptions`` says each in full. Two orders for one unit is the judge's
    ``rules["duplicate_orders"]``, not repeated here.
    """

    strict_abbreviations: bool = False
    correct_slips: bool = True
    require_unit_type_in_builds: bool = False
    missing_coast: MissingCoast = MissingCoast.INFER
    missing_build_coast: MissingBuildCoast = MissingBuildCoast.WAIVE
    wrong_unit_type: WrongUnitType = WrongUnitType.FOLLOW

    def __post_init__(self) -> None:
        typed(self, "reading", missing_coast=MissingCoast,
              missing_build_coast=MissingBuildCoast, wrong_unit_type=WrongUnitType)

    @classmethod
    def of(cls, options: ParseOptions) -> OrderReadingRule:
        """The rule that reads as ``options`` do (its cited name aside)."""
        return cls(**{f.name: getattr(options, f.name) for f in dataclasses.fields(cls)})

    def options(self, rules_name: str) -> ParseOptions:
        """The parser's options for this rule, citing ``rules_name`` in its messages."""
        return ParseOptions(**dataclasses.asdict(self), rules_name=rules_name)


@dataclass(frozen=True)
class TournamentFormat:
    """A tournament format. ``rounds``, ``scoring`` and ``clock_schedule`` are kept for the other
    layers that read them directly; ``scoring`` is the default system of every round."""

    name: str
    title: str
    rounds: int
    scoring: str
    clock_schedule: str
    source: str = ""
    round_rules: tuple[RoundRule, ...] = ()
    counting: tuple[CountGroup, ...] = ()
    double_board: DoubleBoard = DoubleBoard.BEST
    two_boards_allowed: bool = False
    pool: PoolRule | None = None
    top_board: TopBoardRule | None = None
    locked_final: LockedFinalRule | None = None
    knockout: KnockoutRule | None = None
    final_ranking: str = "total"
    tie_breakers: tuple[str, ...] = ()
    champion_tie_breakers: tuple[str, ...] | None = None
    tie_break_places: int | None = None
    unresolved_ties: TieMode = TieMode.TD
    awards: AwardsRule = field(default_factory=AwardsRule)
    team: TeamRule | None = None
    rules: Mapping[str, str] = field(default_factory=dict)
    civil_disorder: str = "rulebook"  # the judge's removal priority (rules.civil_disorder)
    sit_out_order: SitOutOrder = SitOutOrder.TD_CHOICE
    draw_votes: DrawVoteRule = field(default_factory=DrawVoteRule)
    end_year: int | None = None
    grace: GraceRule | None = None  # None: a missing sheet means every unit holds
    corrections: CorrectionRule = field(default_factory=CorrectionRule)
    reading: OrderReadingRule = field(default_factory=OrderReadingRule)

    def __post_init__(self) -> None:
        typed(self, "", double_board=DoubleBoard, unresolved_ties=TieMode,
              sit_out_order=SitOutOrder)

    def __hash__(self) -> int:  # ``rules`` is a dict (the CONTRACTS shape): hash the rest
        return hash((self.name, self.title, self.rounds, self.round_rules, self.counting))

    def adjudicator_rules(self) -> dict[str, str]:
        """The CONTRACTS ``rules`` object for this format's boards, civil disorder included."""
        return {**self.rules, "civil_disorder": self.civil_disorder}

    def round_rule(self, number: int) -> RoundRule:
        """The rule of round ``number`` (a default one when the format lists none)."""
        for rule in self.round_rules:
            if rule.number == number:
                return rule
        return RoundRule(number, self.scoring)

    def scoring_for(self, number: int) -> str:
        return self.round_rule(number).scoring

    def count_groups(self) -> tuple[CountGroup, ...]:
        """How rounds count; every round counts once when the format says nothing."""
        if self.counting:
            return self.counting
        return (CountGroup(tuple(range(1, self.rounds + 1))),)


def validate_format(fmt: TournamentFormat, *, changed: bool = False) -> TournamentFormat:
    """Return ``fmt`` unchanged, or raise :class:`FormatError` naming the first wrong field.

    ``changed``: the format is being edited, so the structural rule's checks of how its
    settings fit the rounds run too (a saved format reads back without them)."""
    if not fmt.name.strip():
        raise FormatError("a format needs a name", "name")
    if fmt.rounds < 1:
        raise FormatError(f"must be at least 1, not {fmt.rounds}", "rounds")
    for i, rule in enumerate(fmt.round_rules):
        where = f"round_rules[{i}]"
        if not 1 <= rule.number <= fmt.rounds:
            raise FormatError(f"round {rule.number} is outside 1..{fmt.rounds}", where + ".number")
        if rule.seating not in seating_methods():
            raise FormatError(f"{rule.seating!r} is not one of: {', '.join(seating_methods())}",
                              where + ".seating")
        PowerMethod.parse(rule.powers, where + ".powers")
        if rule.multiplier <= 0:
            raise FormatError("must be positive", where + ".multiplier")
    seen: set[int] = set()
    for i, group in enumerate(fmt.count_groups()):
        for number in group.rounds:
            if not 1 <= number <= fmt.rounds or number in seen:
                raise FormatError(f"round {number} is outside the format or counted twice",
                                  f"counting[{i}].rounds")
            seen.add(number)
        if group.best is not None and group.best < 1:
            raise FormatError("must be at least 1", f"counting[{i}].best")
    if fmt.final_ranking not in final_ranking_names():
        raise FormatError(f"unknown final ranking {fmt.final_ranking!r} (known: "
                          f"{', '.join(final_ranking_names())})", "final_ranking")
    structure = final_ranking_rule(fmt.final_ranking)
    structure.validate(fmt)
    if changed:
        structure.check_change(fmt)
    _validate_clock(fmt)
    lists = {"tie_breakers": fmt.tie_breakers, "champion_tie_breakers": fmt.champion_tie_breakers or (),
             "pool.cut_tie_breakers": fmt.pool.cut_tie_breakers if fmt.pool else ()}
    for where, names in lists.items():
        for i, name in enumerate(names):
            if not known_criterion(name):
                raise FormatError(f"unknown tie-breaker {name!r}", f"{where}[{i}]")
    variants = rule_variants()
    for key, value in fmt.rules.items():
        if key not in variants:
            raise FormatError(f"unknown rule variant {key!r}", f"rules.{key}")
        if value not in variants[key]:
            raise FormatError(f"{value!r} is not one of: {', '.join(variants[key])}",
                              f"rules.{key}")
    if "civil_disorder" in variants and fmt.civil_disorder not in variants["civil_disorder"]:
        raise FormatError(f"{fmt.civil_disorder!r} is not one of: "
                          f"{', '.join(variants['civil_disorder'])}", "civil_disorder")
    _validate_game_rules(fmt)
    return fmt


def _validate_clock(fmt: TournamentFormat) -> None:
    """The clock schedule, whose names the clock rules own (the typed choices were refused,
    if wrong, when the format was made)."""
    schedules = tuple(clock.name for clock in list_clock_formats())
    if fmt.clock_schedule not in schedules:
        raise FormatError(f"{fmt.clock_schedule!r} is not one of: {', '.join(schedules)}",
                          "clock_schedule")


def _validate_game_rules(fmt: TournamentFormat) -> None:
    """The grace period and the late-correction rule."""
    if fmt.grace is not None:
        if fmt.grace.minutes < 1:
            raise FormatError(f"must be at least 1, not {fmt.grace.minutes}", "grace.minutes")
        if fmt.grace.per_game < 1:
            raise FormatError(f"must be at least 1, not {fmt.grace.per_game}", "grace.per_game")
    rule = fmt.corrections
    if not rule.text.strip():
        raise FormatError("say the rule in words (it is quoted when a correction is refused)",
                          "corrections.text")
