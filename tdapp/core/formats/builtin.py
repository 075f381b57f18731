"""The built-in formats, each from one of the user's rule documents (../shared/seeds/)."""

from __future__ import annotations

from tdapp.core.formats.model import (
    AwardsRule,
    BestCountryRule,
    CorrectionRule,
    CountGroup,
    DrawVoteRule,
    GraceRule,
    KnockoutRule,
    LockedFinalRule,
    OrderReadingRule,
    PoolRule,
    RoundRule,
    TeamRule,
    TopBoardRule,
    TournamentFormat,
)
from tdapp.core.formats.options import (
    BoardChampion,
    BuildErrors,
    CorrectionLimit,
    DoubleBoard,
    FinalSeeding,
    PowerMethod,
    RankWithin,
    Season,
    SitOutOrder,
    TeamMembers,
    TieMode,
)
from tdapp.core.orders import options as sheets  # each seed's order-writing rules

WDC_2025_SPECIAL_AWARDS: tuple[str, ...] = (
    "Special bears", "Player's choice", "Whip", "Handcuffs", "Best Pirate",
    "Best defensive play", "Random shenanigans",
)

# Seed 001, VIII.1.b: i..vi. "Distance" needs home locations; the recorded draw settles what is
# left only when the TD chose to draw lots (the document leaves it to the TD).
WDC_2025_TIE_BREAKERS: tuple[str, ...] = (
    "round-score:4", "best-game", "head-to-head-best", "counted-centres", "dropped-round",
    "distance",
)

WDC_2025 = TournamentFormat(
    name="wdc-2025",
    title="World DipCon 2025 (Haight scoring)",
    rounds=4,
    scoring="haight",
    clock_schedule="wdc-2025",
    source="seeds/001: World DipCon 2025 at Whipping",
    round_rules=(
        RoundRule(1, "haight", "balanced", PowerMethod.AUTOMATIC, label="Round 1"),
        RoundRule(2, "haight", "balanced", PowerMethod.AUTOMATIC, label="Round 2"),
        RoundRule(3, "haight", "balanced", PowerMethod.AUTOMATIC, label="Round 3"),
        RoundRule(4, "haight", "team", PowerMethod.PREFERENCES, label="Round 4 (pool and team round)"),
    ),
    counting=(CountGroup((1, 2, 3), best=2), CountGroup((4,))),
    double_board=DoubleBoard.BEST,
    two_boards_allowed=True,
    pool=PoolRule(
        after_round=3, size=21, bonus_round=4, bonus_multiplier=1.5,
        champion_from_pool=True, pool_first_on_ties=True,
        cut_tie_breakers=("best-game", "head-to-head-best", "counted-centres", "dropped-round",
                          "distance"),
        ranking_private=True,  # II.2.a
    ),
    final_ranking="pool-champion",
    tie_breakers=("pool-first", *WDC_2025_TIE_BREAKERS),
    champion_tie_breakers=WDC_2025_TIE_BREAKERS,
    tie_break_places=7,  # tie-breakers are written for the champion and places 2-7 only
    unresolved_ties=TieMode.TD,
    awards=AwardsRule(
        places=7,
        best_country=BestCountryRule(ties=TieMode.TD, td_discretion=True),
        team=True,
        special=WDC_2025_SPECIAL_AWARDS,
    ),
    team=TeamRule(round=4, size=7, members_from=TeamMembers.NON_POOL, min_players=49),
    rules={"convoy_to_adjacent": "explicit", "duplicate_orders": "hold"},
    civil_disorder="wdc-2025",
    sit_out_order=SitOutOrder.TD_CHOICE,
    draw_votes=DrawVoteRule(from_year=1906, from_season=Season.SPRING, secret_votes=3, clock_stops=True),
    end_year=None,
    grace=None,
    # VI.3: a misadjudication noticed after negotiation time ends leaves the board as it stands
    corrections=CorrectionRule(CorrectionLimit.NEXT_DEADLINE, "after negotiation time ends the board stands "
                                                "(WDC 2025 VI.3)"),
    reading=OrderReadingRule.of(sheets.WDC_2025),
)

WDC_2018 = TournamentFormat(
    name="wdc-2018",
    title="World DipCon 2018 (Sum of Squares)",
    rounds=5,
    scoring="sum-of-squares",
    clock_schedule="wdc-2018",
    source="seeds/002: World DipCon 2018 (Tempest)",
    round_rules=(
        *(RoundRule(n, "sum-of-squares", "balanced", PowerMethod.AUTOMATIC, label=f"Preliminary {n}")
          for n in range(1, 5)),
        RoundRule(5, "sum-of-squares", "balanced", PowerMethod.AUTOMATIC, label="Final round and top board"),
    ),
    counting=(CountGroup((1, 2, 3, 4), best=3, max_played=3), CountGroup((5,))),
    double_board=DoubleBoard.BEST,
    two_boards_allowed=True,
    top_board=TopBoardRule(after_round=4, round=5, size=7, champion=BoardChampion.BOARD_WINNER),
    final_ranking="top-board-winner",
    tie_breakers=("best-game", "head-to-head-best", "head-to-head-total", "distance"),
    unresolved_ties=TieMode.TD,
    awards=AwardsRule(
        places=7,
        best_country=BestCountryRule(counted_games_only=True, ties=TieMode.TD),
        team=False,
    ),
    rules={"convoy_to_adjacent": "explicit", "duplicate_orders": "hold"},
    civil_disorder="rulebook-1971",  # 5th ed. p.19: farthest from the country
    sit_out_order=SitOutOrder.WDC_2018_LOCALS_FIRST,
    draw_votes=DrawVoteRule(from_year=1904, from_season=Season.SPRING, secret_votes=None,
                            clock_stops=False),
    end_year=None,
    grace=None,
    # "Errors that remain undetected until after the next Deadline will stand unless the
    # Tournament Director rules that correcting the error will not cause a major disruption"
    corrections=CorrectionRule(CorrectionLimit.NEXT_DEADLINE, "errors found after the next deadline stand "
                                                "unless the TD rules otherwise (WDC 2018)"),
    reading=OrderReadingRule.of(sheets.WDC_2018),
)

EDC_2026 = TournamentFormat(
    name="edc-2026",
    title="European Diplomacy Championship 2026",
    rounds=4,
    scoring="edc-2026",
    clock_schedule="edc-2026",
    source="seeds/004: European Diplomacy Championship 2026",
    round_rules=(
        RoundRule(1, "edc-2026", "random", PowerMethod.AUTOMATIC, label="Round 1"),
        RoundRule(2, "edc-2026", "weighted", PowerMethod.AUTOMATIC, label="Round 2"),
        RoundRule(3, "edc-2026", "weighted", PowerMethod.AUTOMATIC, label="Round 3"),
        RoundRule(4, "edc-2026", "ranked", PowerMethod.PARIS, label="Round 4 (final)"),
    ),
    counting=(CountGroup((1, 2, 3, 4)),),
    double_board=DoubleBoard.BEST,
    two_boards_allowed=False,
    locked_final=LockedFinalRule(round=4, within=RankWithin.TOTAL, champion=BoardChampion.BOARD_TOPPER),
    final_ranking="locked-final-boards",
    tie_breakers=("count-back",),
    unresolved_ties=TieMode.TD,
    awards=AwardsRule(places=7, best_country=BestCountryRule(enabled=False)),
    rules={"convoy_to_adjacent": "intent", "duplicate_orders": "last"},
    civil_disorder="rulebook-1971",  # AH 4th ed. (2000): distance from home
    sit_out_order=SitOutOrder.TD_CHOICE,
    draw_votes=DrawVoteRule(from_year=1901, from_season=Season.SPRING, secret_votes=None,
                            clock_stops=False),
    end_year=1909,
    # "a 2-minute grace period ... one grace period allowed during the whole game" (movement)
    grace=GraceRule(minutes=2, per_game=1, movement_only=True),
    # "If it isn't reported before the next movement phase, it is final"; a build error found
    # after the next Spring movement deadline is put right at the next build phase
    corrections=CorrectionRule(CorrectionLimit.NEXT_MOVEMENT, "a mistake not reported before the next "
                                                "movement phase is final (EDC 2026)",
                               build_errors=BuildErrors.NEXT_ADJUSTMENT),
    # "if an official but incorrect abbreviation is used this will be deemed an illegal order"
    reading=OrderReadingRule.of(sheets.EDC_2026),
)

DBN_2025 = TournamentFormat(
    name="dbn-2025",
    title="DBN Invitational 2025 (winner takes all)",
    rounds=4,
    scoring="dbn-winner",
    clock_schedule="dbn-2025",
    source="seeds/000: DBN Invitational 2025",
    round_rules=(
        *(RoundRule(n, "dbn-winner", "seed_order", PowerMethod.PARIS, label=f"Semi-final round {n}")
          for n in range(1, 4)),
        RoundRule(4, "dbn-winner", "seed_order", PowerMethod.PARIS, label="Championship game"),
    ),
    counting=(CountGroup((1, 2, 3, 4)),),
    double_board=DoubleBoard.BEST,
    two_boards_allowed=False,
    knockout=KnockoutRule(qualifying_rounds=(1, 2, 3), final_round=4, automatic=3,
                          final_seeding=(FinalSeeding.SOLO, FinalSeeding.SEED)),
    final_ranking="knockout",
    tie_breakers=(),
    unresolved_ties=TieMode.TD,
    awards=AwardsRule(places=1, best_country=BestCountryRule(enabled=False)),
    rules={"convoy_to_adjacent": "intent", "duplicate_orders": "hold"},
    civil_disorder="rulebook",
    sit_out_order=SitOutOrder.LOWEST_SEEDS_MOVE,  # seed 000 3.2.1: the lowest seeds move
    draw_votes=DrawVoteRule(from_year=1907, from_season=Season.SPRING, secret_votes=None,
                            clock_stops=True, forced_draw_after=1915),
    end_year=1915,
    reading=OrderReadingRule.of(sheets.DBN_2025),
)

BUILT_IN: tuple[TournamentFormat, ...] = (WDC_2025, WDC_2018, EDC_2026, DBN_2025)

# How order-reading messages name each built-in's rules ("... (EDC 2026)"); a TD's own format
# is named by its title (registry.parse_options_for).
CITED_AS: dict[str, str] = {
    WDC_2025.name: sheets.WDC_2025.rules_name, WDC_2018.name: sheets.WDC_2018.rules_name,
    EDC_2026.name: sheets.EDC_2026.rules_name, DBN_2025.name: sheets.DBN_2025.rules_name,
}
