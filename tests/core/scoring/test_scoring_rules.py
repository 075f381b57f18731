"""The shared rules under every system: validation, tie modes, count-back, survival-year
readings, and the registry."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from tdapp.core.scoring.bangkok import Bangkok
from tdapp.core.scoring.base import GameResult, ScoringError
from tdapp.core.scoring.classic import Whipping
from tdapp.core.scoring.manorcon import ManorCon
from tdapp.core.scoring.ranking import (
    INCLUDING_YEAR,
    YEARS_BEFORE,
    countback_groups,
    lower_points,
    rank_groups,
    split_points,
    years_survived,
)
from tdapp.core.scoring.registry import UnknownSystem, get_system, list_systems, system_names
from tdapp.core.scoring.validate import validate_game
from tests.core.scoring.scoring_helpers import board, values

FULL = {"AUSTRIA": 10, "ENGLAND": 9, "FRANCE": 8, "GERMANY": 5, "ITALY": 2, "RUSSIA": 0, "TURKEY": 0}

# --- validation --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "field"),
    [
        (GameResult(centers={**FULL, "AUSTRIA": 40}, end_year=1909), "centers.AUSTRIA"),
        (GameResult(centers={**FULL, "AUSTRIA": 11}, end_year=1909), "centers"),  # 35 in all
        (GameResult(centers={k: v for k, v in FULL.items() if k != "ITALY"}, end_year=1909), "centers.ITALY"),
        (GameResult(centers={**FULL, "SPAIN": 0}, end_year=1909), "centers.SPAIN"),
        (GameResult(centers={**FULL, "ITALY": 2.0}, end_year=1909), "centers.ITALY"),
        (GameResult(centers=dict.fromkeys(FULL, 0), end_year=1909), "centers"),
        (GameResult(centers=FULL, end_year=1900), "end_year"),
        (GameResult(centers=FULL, end_year=10**9), "end_year"),
        (GameResult(centers=FULL, end_year=1909, solo="AUSTRIA"), "solo"),
        (GameResult(centers=FULL, end_year=1909, eliminated={"AUSTRIA": 1905}), "eliminated.AUSTRIA"),
        (GameResult(centers=FULL, end_year=1909, eliminated={"RUSSIA": 1910}), "eliminated.RUSSIA"),
        (GameResult(centers=FULL, end_year=1909, draw=("AUSTRIA", "RUSSIA")), "draw[1]"),
        (GameResult(centers=FULL, end_year=1909, draw=("AUSTRIA", "AUSTRIA")), "draw[1]"),
        (GameResult(centers=FULL, end_year=1909, selection_order=("PRUSSIA",)), "selection_order[0]"),
        (GameResult(centers=FULL, end_year=1909, history={1905: {**FULL, "ITALY": -1}}), "history.1905.ITALY"),
        (GameResult(centers=FULL, end_year=1909, history={1910: FULL}), "history.1910"),
    ],
)
def test_impossible_games_name_the_field(game: GameResult, field: str) -> None:
    with pytest.raises(ScoringError) as info:
        validate_game(game)
    assert info.value.field == field


def test_a_solo_must_be_declared() -> None:
    centers = {**FULL, "AUSTRIA": 18, "ENGLAND": 1}
    with pytest.raises(ScoringError) as info:
        validate_game(GameResult(centers=centers, end_year=1909))
    assert info.value.field == "solo"
    assert str(info.value) == "Austria has 18 centres: that is a solo"
    validate_game(GameResult(centers=centers, end_year=1909, solo="AUSTRIA"))


# --- tie modes and rank groups -----------------------------------------------------------------


def test_split_and_lower() -> None:
    groups = [["AUSTRIA", "ENGLAND"], ["FRANCE"], ["GERMANY", "ITALY", "RUSSIA"], ["TURKEY"]]
    points = (70, 60, 50, 40, 30, 20, 10)
    assert split_points(groups, points) == {
        "AUSTRIA": 65, "ENGLAND": 65, "FRANCE": 50, "GERMANY": 30, "ITALY": 30, "RUSSIA": 30, "TURKEY": 10,
    }
    assert lower_points(groups, points) == {
        "AUSTRIA": 60, "ENGLAND": 60, "FRANCE": 50, "GERMANY": 20, "ITALY": 20, "RUSSIA": 20, "TURKEY": 10,
    }
    # Positions past the end of a short table are worth nothing.
    assert split_points(groups, (38, 14, 7))["GERMANY"] == 0
    assert split_points([["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY"]], (38, 14, 7))["AUSTRIA"] == Fraction(59, 4)


def test_rank_groups_dead_equal_or_by_elimination() -> None:
    game = board([10, 9, 8, 5], eliminated=[1905, 1907, 1905])
    assert rank_groups(game, dead_order=False)[-1] == ["ITALY", "RUSSIA", "TURKEY"]
    assert rank_groups(game, dead_order=True)[-2:] == [["RUSSIA"], ["ITALY", "TURKEY"]]


# --- count-back --------------------------------------------------------------------------------


def test_count_back_uses_the_latest_year_that_differs() -> None:
    history = {
        1908: {"AUSTRIA": 9, "ENGLAND": 9, "FRANCE": 6, "GERMANY": 5, "ITALY": 3, "RUSSIA": 2, "TURKEY": 0},
        1907: {"AUSTRIA": 7, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 5, "ITALY": 3, "RUSSIA": 2, "TURKEY": 1},
    }
    game = board([9, 9, 6, 5, 3, 2], eliminated=[1908], history=history)
    assert countback_groups(game)[:2] == [["ENGLAND"], ["AUSTRIA"]]


def test_count_back_to_1901_then_shared() -> None:
    year = {"AUSTRIA": 5, "ENGLAND": 5, "FRANCE": 5, "GERMANY": 5, "ITALY": 5, "RUSSIA": 5, "TURKEY": 4}
    game = GameResult(centers=year, end_year=1903, history={1901: year, 1902: year})
    assert countback_groups(game) == [["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA"], ["TURKEY"]]


def test_count_back_without_history_when_elimination_years_differ() -> None:
    game = board([10, 9, 8, 5, 2], eliminated=[1905, 1907])
    assert countback_groups(game)[-2:] == [["TURKEY"], ["RUSSIA"]]


def test_count_back_needs_history_for_eliminations_in_the_same_year() -> None:
    with pytest.raises(ScoringError) as info:
        countback_groups(board([10, 9, 8, 5, 2], eliminated=[1906, 1906]))
    assert info.value.field == "history"


# --- survival-year readings (scoring-systems.md "Survival-year counting") -----------------------


def test_survival_year_conventions() -> None:
    assert years_survived(1905, YEARS_BEFORE) == 4
    assert years_survived(1905, INCLUDING_YEAR) == 5
    with pytest.raises(ValueError):
        years_survived(1905, "by-feel")


def test_bangkok_both_readings() -> None:
    game = board([10, 9, 8, 5, 2, 0, 0], eliminated=[1905, 1906])
    page = Bangkok().score(game)  # the rule page: 1905 is 5 years, 0.3 x 5
    dipvis = Bangkok(survival=YEARS_BEFORE).score(game)  # dipvis: 0.3 x (1905 - 1901)
    assert (page["RUSSIA"], dipvis["RUSSIA"]) == (1.5, float(Fraction(6, 5)))
    assert (page["TURKEY"], dipvis["TURKEY"]) == (float(Fraction(9, 5)), 1.5)  # dipvis's own test


def test_manorcon_both_readings() -> None:
    game = board([10, 9, 8, 5, 2, 0, 0], eliminated=[1904, 1906])
    assert ManorCon().score(game)["RUSSIA"] == 0.4  # official: counting 1904 itself
    assert ManorCon(survival=YEARS_BEFORE).score(game)["RUSSIA"] == float(Fraction(3, 10))


def test_weasel_moot_both_readings() -> None:
    game = board([10, 9, 8, 5, 2, 0, 0], eliminated=[1905, 1907])
    moot = get_system("weasel-moot")
    assert values(moot.score(game))[5:] == [4, 6]
    including = Whipping(name="x", title="x", source="x", solo_points=450, survival=INCLUDING_YEAR)
    assert values(including.score(game))[5:] == [5, 7]


# --- registry ----------------------------------------------------------------------------------


def test_unknown_system() -> None:
    with pytest.raises(UnknownSystem) as info:
        get_system("haigth")
    assert isinstance(info.value, KeyError)
    assert str(info.value) == "unknown scoring system 'haigth' (tdapp score --list names them)"


def test_names_and_coverage() -> None:
    names = system_names()
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", n) for n in names)
    required = {
        "haight", "sum-of-squares", "edc-2026", "dbn-winner", "draw-size", "solo-or-bust",
        "carnage-dead-equal", "carnage-elimination-order", "carnage-2023", "center-count-carnage",
        "c-diplo-100", "c-diplo-80", "c-diplo-namur", "c-diplo-73", "tribute", "open-tribute",
        "omg", "bangkok", "olympic", "bangkok-pike", "base-3", "detour09", "duct-tape",
        "manorcon", "manorcon-original", "manorcon-v2", "maxonian", "7eleven", "mischief",
        "ranked-classic", "ranked-classic-v2", "southern-sun", "sydney-league", "vulcan",
        "whipping", "world-classic", "summer-classic", "your-draw-size-short",
        "your-draw-size-unlimited", "dixie", "half-tribute", "goff", "cruise-con", "weasel-moot",
    }
    assert required <= set(names)
    assert names[:4] == ("haight", "sum-of-squares", "edc-2026", "dbn-winner")
    for system in list_systems():
        assert system.title and system.source
        assert get_system(system.name) is system
        assert len(system.description) > 20 and "\n\n" not in system.description


# --- tie-mode readings -------------------------------------------------------------------------


def test_haight_tie_mode_both_readings() -> None:
    from tdapp.core.scoring.haight import Haight
    from tdapp.core.scoring.ranking import SPLIT

    game = board([11, 11, 11, 1], eliminated=[1905, 1906, 1907])  # the document's example c.
    assert values(Haight().score(game), 4) == [154, 154, 154, 43]  # lower: 44 each
    assert values(Haight(tie_mode=SPLIT).score(game), 4) == [165, 165, 165, 43]  # (66+55+44)/3


def test_carnage_tie_mode_both_readings() -> None:
    from tdapp.core.scoring.position_points import CARNAGE_POINTS, PositionPoints
    from tdapp.core.scoring.ranking import LOWER

    game = board([8, 8, 6, 6, 4, 2], eliminated=[1906])
    split = get_system("carnage-elimination-order").score(game)
    lower = PositionPoints(
        name="x", title="x", source="x", points=CARNAGE_POINTS, solo_points=28034,
        dead_order=True, tie_mode=LOWER,
    ).score(game)
    assert (split["AUSTRIA"], lower["AUSTRIA"]) == (6508, 6008)
    assert (split["FRANCE"], lower["FRANCE"]) == (4506, 4006)


def test_unknown_tie_mode() -> None:
    from tdapp.core.scoring.ranking import tie_points

    with pytest.raises(ValueError):
        tie_points([["AUSTRIA"]], (1,), "random")


# --- roll-back (EDC tournament count-back) -----------------------------------------------------


def test_game_at_year() -> None:
    from tdapp.core.scoring.rollback import game_at_year

    history = {
        1907: {"AUSTRIA": 8, "ENGLAND": 7, "FRANCE": 7, "GERMANY": 5, "ITALY": 3, "RUSSIA": 2, "TURKEY": 1},
        1908: {"AUSTRIA": 9, "ENGLAND": 9, "FRANCE": 7, "GERMANY": 5, "ITALY": 3, "RUSSIA": 1, "TURKEY": 0},
    }
    game = board([10, 9, 8, 5, 2], eliminated=[1909, 1908], history=history)
    earlier = game_at_year(game, 1908)
    assert earlier.end_year == 1908
    assert earlier.centers == history[1908]
    assert earlier.eliminated == {"TURKEY": 1908}
    assert get_system("edc-2026").score(earlier)["TURKEY"] == 10 + 8  # 7th, years 1901-1908
    assert game_at_year(game, 1909) is game
    with pytest.raises(ScoringError) as info:
        game_at_year(game, 1906)
    assert info.value.field == "history"
    with pytest.raises(ScoringError):
        game_at_year(game, 1910)


# --- custom systems beside the built-in ones ---------------------------------------------------


def test_custom_systems_resolve_first_and_names_are_checked() -> None:
    from tdapp.core.scoring.formula import FormulaSystem
    from tdapp.core.scoring.registry import custom_name_problem

    mine = FormulaSystem("ten-a-centre", "Ten a centre", "10 * centres")
    assert get_system("ten-a-centre", custom=[mine]) is mine
    assert get_system("haight", custom=[mine]).name == "haight"
    with pytest.raises(UnknownSystem):
        get_system("ten-a-centre")
    assert custom_name_problem("ten-a-centre") is None
    assert "built-in" in (custom_name_problem("haight") or "")
    assert "not a name" in (custom_name_problem("Ten a centre") or "")


def test_every_problem_of_a_game_is_listed_each_naming_its_field() -> None:
    """The one list of what makes a result impossible: ``validate_game`` raises its first,
    the result entry (``BoardResult.problems``) shows them all."""
    from tdapp.core.scoring.validate import game_problems

    centers = {**FULL, "AUSTRIA": 18, "ENGLAND": 1, "TURKEY": 0}
    game = GameResult(centers=centers, end_year=1909, eliminated={"ITALY": 1905},
                      history={1906: {**FULL, "ITALY": 2}}, draw=("TURKEY",))
    problems = game_problems(game)
    assert [p.field for p in problems] == ["solo", "eliminated.ITALY", "eliminated.ITALY",
                                           "draw[0]"]
    assert [str(p) for p in problems][1:] == [
        f"Italy is marked eliminated but has centres ({FULL['ITALY']})",
        "Italy was eliminated in 1905 but has centres in 1906",
        "Turkey has no centres and cannot be in the draw"]
    with pytest.raises(ScoringError) as info:
        validate_game(game)
    assert str(info.value) == str(problems[0])
