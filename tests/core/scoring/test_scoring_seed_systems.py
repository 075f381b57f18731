"""The four systems of the user's documents, against the documents' own worked examples."""

from __future__ import annotations

import pytest

from tdapp.core.scoring.base import ScoringError
from tdapp.core.scoring.registry import get_system
from tests.core.scoring.scoring_helpers import board, values

# --- Haight v1.0: the seven examples of seeds/001 IX.3 -----------------------------------------


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ([10, 9, 8, 5, 2], [171, 145, 124, 83, 42]),  # a.
        ([17, 10, 4, 3], [271, 155, 84, 63]),  # b.
        ([11, 11, 11, 1], [154, 154, 154, 43]),  # c.
        ([12, 11, 11], [191, 154, 154]),  # d.
        ([12, 10, 10, 2], [196, 144, 144, 53]),  # e.
    ],
)
def test_haight_draw_examples(counts: list[int], expected: list[int]) -> None:
    dead = 7 - len(counts)
    game = board(counts, eliminated=[1905 + i for i in range(dead)])
    assert values(get_system("haight").score(game), len(counts)) == expected


@pytest.mark.parametrize(("year", "last"), [(1910, 10), (1911, 11)])  # f. and g.
def test_haight_solo_examples(year: int, last: int) -> None:
    game = board([18, 10, 4, 2], end_year=year, solo=True, eliminated=[1905, 1906, 1907])
    assert values(get_system("haight").score(game), 4) == [451, 50, 20, last]


def test_haight_eliminated_powers_rank_by_elimination_year() -> None:
    # 10-9-8-5-2 with Russia out in 1905 and Turkey in 1907: Turkey is 6th (11 + 7 years),
    # Russia 7th (0 + 5 years).
    scores = get_system("haight").score(board([10, 9, 8, 5, 2], eliminated=[1905, 1907]))
    assert (scores["RUSSIA"], scores["TURKEY"]) == (5.0, 18.0)


def test_haight_eliminated_in_the_same_year_take_the_lower_rank() -> None:
    scores = get_system("haight").score(board([10, 9, 8, 5, 2], eliminated=[1906, 1906]))
    assert (scores["RUSSIA"], scores["TURKEY"]) == (6.0, 6.0)


def test_haight_needs_elimination_years() -> None:
    with pytest.raises(ScoringError) as info:
        get_system("haight").score(board([10, 9, 8, 5, 2]))
    assert info.value.field == "eliminated.RUSSIA"


# --- Sum of Squares: the three tables of seeds/002 (printed to two decimals) -------------------


@pytest.mark.parametrize(
    ("counts", "printed"),
    [
        ([12, 0, 3, 6, 9, 0, 4], [50.35, 0.00, 3.15, 12.59, 28.32, 0.00, 5.59]),
        ([12, 4, 4, 4, 4, 3, 3], [63.72, 7.08, 7.08, 7.08, 7.08, 3.98, 3.98]),
    ],
)
def test_sum_of_squares_tables(counts: list[int], printed: list[float]) -> None:
    scores = values(get_system("sum-of-squares").score(board(counts, eliminated=[1905, 1906])))
    assert [round(s, 2) for s in scores] == printed
    assert sum(scores) == pytest.approx(100.0, abs=1e-9)


def test_sum_of_squares_exact_value() -> None:
    scores = get_system("sum-of-squares").score(board([12, 0, 3, 6, 9, 0, 4], eliminated=[1905, 1906]))
    assert scores["AUSTRIA"] == 100 * 144 / 286


def test_sum_of_squares_solo_table() -> None:
    game = board([18, 3, 4, 0, 0, 9, 0], solo=True, eliminated=[1905, 1906, 1907])
    assert values(get_system("sum-of-squares").score(game)) == [100, 0, 0, 0, 0, 0, 0]


# --- EDC 2026: the example of seeds/004 with its slip corrected --------------------------------

EDC_HISTORY = {
    # Only the years the count-back needs to separate the three eliminated powers.
    1907: {"AUSTRIA": 14, "ENGLAND": 12, "FRANCE": 2, "GERMANY": 1, "ITALY": 0, "RUSSIA": 5, "TURKEY": 0},
}


def edc_example(**extra) -> object:
    from tdapp.core.scoring.base import GameResult

    return GameResult(
        centers={"AUSTRIA": 16, "ENGLAND": 13, "FRANCE": 1, "GERMANY": 0, "ITALY": 0, "RUSSIA": 4, "TURKEY": 0},
        end_year=1909,
        eliminated={"GERMANY": 1908, "ITALY": 1905, "TURKEY": 1903},
        **extra,
    )


def test_edc_example_parts() -> None:
    parts = get_system("edc-2026").score_parts(edc_example())
    table = {p: [int(x) for x in parts[p]] for p in parts}
    assert table == {
        "AUSTRIA": [130, 80, 30, 9],
        "ENGLAND": [90, 65, -10, 9],
        "RUSSIA": [60, 20, -10, 9],
        "FRANCE": [40, 5, -10, 9],
        "GERMANY": [30, 0, 0, 8],
        "ITALY": [20, 0, 0, 5],
        "TURKEY": [10, 0, 0, 3],
    }


def test_edc_example_totals_follow_the_rule_text_not_the_slip() -> None:
    scores = get_system("edc-2026").score(edc_example())
    # The document prints 240, 145 and 70: sums without Score 4 (seeds/README.md).
    assert scores == {
        "AUSTRIA": 249.0, "ENGLAND": 154.0, "FRANCE": 44.0, "GERMANY": 38.0,
        "ITALY": 25.0, "RUSSIA": 79.0, "TURKEY": 13.0,
    }


def test_edc_count_back_settles_a_tie_on_centres() -> None:
    history = {
        1908: {"AUSTRIA": 10, "ENGLAND": 9, "FRANCE": 8, "GERMANY": 3, "ITALY": 2, "RUSSIA": 2, "TURKEY": 0},
        1907: {"AUSTRIA": 9, "ENGLAND": 9, "FRANCE": 8, "GERMANY": 3, "ITALY": 2, "RUSSIA": 3, "TURKEY": 0},
    }
    # England and France tie on 8 in 1909; in 1908 England had 9 and France 8. Italy and
    # Russia tie in 1909 and 1908; in 1907 Russia had more.
    game = board([10, 8, 8, 4, 2, 2], eliminated=[1907], history=history)
    parts = get_system("edc-2026").score_parts(game)
    assert (parts["ENGLAND"][0], parts["FRANCE"][0]) == (90, 60)
    assert (parts["RUSSIA"][0], parts["ITALY"][0]) == (30, 20)


def test_edc_count_back_names_history_when_a_year_is_missing() -> None:
    history = {
        1908: {"AUSTRIA": 10, "ENGLAND": 9, "FRANCE": 8, "GERMANY": 3, "ITALY": 2, "RUSSIA": 2, "TURKEY": 0},
    }
    game = board([10, 8, 8, 4, 2, 2], eliminated=[1907], history=history)
    with pytest.raises(ScoringError) as info:
        get_system("edc-2026").score(game)
    assert info.value.field == "history"
    assert "1907" in str(info.value)


def test_edc_tie_in_every_year_splits_the_places() -> None:
    years = {
        y: {"AUSTRIA": 9, "ENGLAND": 9, "FRANCE": 6, "GERMANY": 5, "ITALY": 4, "RUSSIA": 1, "TURKEY": 0}
        for y in range(1901, 1909)
    }
    game = board([9, 9, 6, 5, 4, 1], eliminated=[1901], history=years)
    parts = get_system("edc-2026").score_parts(game)
    assert parts["AUSTRIA"][0] == parts["ENGLAND"][0] == 110  # (130 + 90) / 2


def test_edc_needs_history_for_a_tie_it_cannot_otherwise_settle() -> None:
    with pytest.raises(ScoringError) as info:
        get_system("edc-2026").score(board([10, 8, 8, 4, 2, 1, 1]))
    assert info.value.field == "history"


def test_edc_no_history_needed_without_ties() -> None:
    # Eliminated powers in different years are ordered by elimination without any history.
    assert get_system("edc-2026").score(edc_example())["GERMANY"] == 38.0


def test_edc_margin_loss_is_rounded_down() -> None:
    # Lead 13 - 9 = 4 gives 40, paid by 3 other survivors: 40 / 3 = 13.33, each loses 13.
    game = board([13, 9, 8, 4], eliminated=[1905, 1906, 1907])
    parts = get_system("edc-2026").score_parts(game)
    assert [parts[p][2] for p in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY")] == [40, -13, -13, -13]


def test_edc_margin_is_capped_at_60() -> None:
    game = board([17, 9, 8], eliminated=[1905, 1906, 1907, 1908])
    parts = get_system("edc-2026").score_parts(game)
    assert parts["AUSTRIA"][2] == 60
    assert parts["ENGLAND"][2] == -30


def test_edc_solo() -> None:
    game = board([18, 10, 6], solo=True, eliminated=[1904, 1905, 1906, 1907])
    parts = get_system("edc-2026").score_parts(game)
    assert parts["AUSTRIA"] == (130, 90, 60, 9)
    assert parts["ENGLAND"] == (90, 0, -30, 9)
    assert parts["GERMANY"] == (10, 0, 0, 4)  # out first (1904): 7th place, years 1901-1904


def test_edc_solo_without_the_margin_reading() -> None:
    from tdapp.core.scoring.edc import Edc2026

    game = board([18, 10, 6], solo=True, eliminated=[1904, 1905, 1906, 1907])
    parts = Edc2026(margin_in_solo=False).score_parts(game)
    assert parts["AUSTRIA"] == (130, 90, 0, 9)
    assert parts["ENGLAND"] == (90, 0, 0, 9)


# --- DBN winner-take-all --------------------------------------------------------------------


def test_dbn_solo_wins() -> None:
    game = board([18, 16], solo=True, eliminated=[1905] * 5)
    assert values(get_system("dbn-winner").score(game), 3) == [1, 0, 0]


def test_dbn_single_top_wins() -> None:
    assert values(get_system("dbn-winner").score(board([9, 12, 9, 4]))) == [0, 1, 0, 0, 0, 0, 0]


def test_dbn_shared_top_goes_to_the_later_selector() -> None:
    order = ("TURKEY", "ENGLAND", "AUSTRIA", "ITALY", "FRANCE", "GERMANY", "RUSSIA")
    scores = get_system("dbn-winner").score(board([12, 12, 10], selection_order=order))
    assert (scores["AUSTRIA"], scores["ENGLAND"]) == (1.0, 0.0)


def test_dbn_shared_top_without_selection_order() -> None:
    with pytest.raises(ScoringError) as info:
        get_system("dbn-winner").score(board([12, 12, 10]))
    assert info.value.field == "selection_order"
