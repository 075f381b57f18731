"""Every format option with a fixed set of values, each with a misspelt value: the saved
format document that holds it (a few changes on a built-in, as a TD's own format is saved) and
the field the refusal must name. Shared by the core's and the command line's tests."""

from __future__ import annotations

from typing import Any

# (field the refusal names, the misspelling, the saved document holding it)
MISSPELT: tuple[tuple[str, str, dict[str, Any]], ...] = (
    # the three: read and played with a rule nobody chose
    ("sit_out_order", "lowest-seed-move", {"base": "dbn-2025", "sit_out_order": "lowest-seed-move"}),
    ("team.members_from", "nonpool", {"base": "wdc-2025", "team": {"members_from": "nonpool"}}),
    ("clock_schedule", "nope", {"base": "wdc-2025", "clock_schedule": "nope"}),
    # every other choice
    ("double_board", "better", {"base": "wdc-2025", "double_board": "better"}),
    ("unresolved_ties", "coin", {"base": "wdc-2025", "unresolved_ties": "coin"}),
    ("top_board.champion", "board-winer",
     {"base": "wdc-2018", "top_board": {"champion": "board-winer"}}),
    ("locked_final.within", "totals", {"base": "edc-2026", "locked_final": {"within": "totals"}}),
    ("locked_final.champion", "board-toper",
     {"base": "edc-2026", "locked_final": {"champion": "board-toper"}}),
    ("knockout.final_seeding[1]", "seeds",
     {"base": "dbn-2025", "knockout": {"final_seeding": ["solo", "seeds"]}}),
    ("awards.best_country.ties", "split",
     {"base": "wdc-2018", "awards": {"best_country": {"ties": "split"}}}),
    ("draw_votes.from_season", "autumn", {"base": "wdc-2025", "draw_votes": {"from_season": "autumn"}}),
    ("draw_votes.participants", "everyone",
     {"base": "wdc-2025", "draw_votes": {"participants": "everyone"}}),
    ("corrections.until", "never", {"base": "wdc-2025", "corrections": {"until": "never"}}),
    ("corrections.build_errors", "ignore",
     {"base": "edc-2026", "corrections": {"build_errors": "ignore"}}),
    ("round_rules[0].powers", "pariss", {"base": "wdc-2025", "round_rules": [
        {"number": 1, "scoring": "haight", "powers": "pariss"},
        {"number": 2, "scoring": "haight"}, {"number": 3, "scoring": "haight"},
        {"number": 4, "scoring": "haight"}]}),
    ("round_rules[0].seating", "balance", {"base": "wdc-2025", "round_rules": [
        {"number": 1, "scoring": "haight", "seating": "balance"}]}),
    ("final_ranking", "pool", {"base": "wdc-2025", "final_ranking": "pool"}),
    ("tie_breakers[0]", "best-games", {"base": "wdc-2025", "tie_breakers": ["best-games"]}),
    ("rules.convoy_to_adjacent", "explicitly",
     {"base": "wdc-2025", "rules": {"convoy_to_adjacent": "explicitly"}}),
    ("civil_disorder", "rule-book", {"base": "wdc-2025", "civil_disorder": "rule-book"}),
    ("reading.missing_coast", "guess", {"base": "edc-2026", "reading": {"missing_coast": "guess"}}),
    ("reading.missing_build_coast", "waived",
     {"base": "edc-2026", "reading": {"missing_build_coast": "waived"}}),
    ("reading.wrong_unit_type", "follows",
     {"base": "edc-2026", "reading": {"wrong_unit_type": "follows"}}),
)
