"""The custom formula language: reading, errors with columns, exact evaluation, and systems
written as formulas agreeing with the built-in ones."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdapp.core.scoring.base import GameResult, ScoringError
from tdapp.core.scoring.formula import (
    FUNCTIONS,
    VARIABLES,
    FormulaError,
    FormulaSystem,
    evaluate,
    formula_problem,
    parse_formula,
    sample_board,
    sample_boards,
    tokenize,
)
from tdapp.core.scoring.registry import get_system
from tests.core.scoring.scoring_helpers import board, values

A = board([10, 9, 8, 5, 2], eliminated=[1905, 1907])
B = board([8, 8, 6, 6, 4, 2], eliminated=[1906])
S = board([18, 10, 4, 2], end_year=1910, solo=True, eliminated=[1905, 1906, 1907])


def austria(formula: str, game: GameResult = A) -> object:
    return evaluate(parse_formula(formula), game)["AUSTRIA"]


# --- reading -----------------------------------------------------------------------------------


def test_tokens_carry_columns() -> None:
    tokens = tokenize("10 * centres >= 2.5")
    assert [(t.kind, t.text, t.column) for t in tokens] == [
        ("number", "10", 1), ("op", "*", 4), ("name", "centres", 6), ("op", ">=", 14),
        ("number", "2.5", 17), ("end", "", 20),
    ]


@pytest.mark.parametrize(
    ("formula", "expected"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("2 ^ 3 ^ 2", 512),  # right-associative
        ("-2 ^ 2", -4),  # the sign applies after the power
        ("2 ^ -1", Fraction(1, 2)),
        ("10 - 4 - 3", 3),  # left-associative
        ("12 / 4 / 3", 1),
        ("1 / 3 + 1 / 6", Fraction(1, 2)),  # exact, not 0.49999...
        ("0.1 + 0.2 == 0.3", 1),  # decimals are exact fractions
        (".5 * 4", 2),
        ("3 > 2 and 2 > 3", 0),
        ("3 > 2 or 2 > 3", 1),
        ("not 0", 1),
        ("not 2 > 1", 0),
        ("1 + 1 == 2", 1),
        ("5 != 5", 0),
        ("if(1 < 2, 10, 20)", 10),
        ("if(0, 1 / 0, 7)", 7),  # only the branch taken is evaluated
        ("min(3, 1, 2)", 1),
        ("max(3, 1, 2)", 3),
        ("abs(-4)", 4),
        ("floor(-1.5)", -2),
        ("ceil(1.2)", 2),
        ("round(2.5)", 3),
        ("round(-2.5)", -2),  # halves up
        ("sqrt(16 / 9)", Fraction(4, 3)),
    ],
)
def test_arithmetic(formula: str, expected: object) -> None:
    value = austria(formula)
    assert value == expected
    assert isinstance(value, Fraction)


def test_irrational_results_become_floats() -> None:
    assert austria("sqrt(2)") == pytest.approx(1.41421356237)
    assert austria("4 ^ 0.5") == 2.0


@pytest.mark.parametrize(
    ("formula", "message"),
    [
        ("centers2 + 1", "unknown name 'centers2' at column 1"),
        ("10 * centers2", "unknown name 'centers2' at column 6"),
        ("foo(1)", "unknown function 'foo' at column 1"),
        ("if(1, 2)", "if() takes 3 arguments, not 2 at column 1"),
        ("abs(1, 2)", "abs() takes 1 argument, not 2 at column 1"),
        ("min()", "min() takes at least 1 argument, not 0 at column 1"),
        ("1 +", "the formula ends too soon at column 4"),
        ("(1 + 2", "expected ')' but found the end at column 7"),
        ("1 2", "unexpected '2' at column 3"),
        ("centres = 3", "unexpected character '='; use '==' to compare at column 9"),
        ("3 $ 4", "unexpected character '$' at column 3"),
        ("1 < 2 < 3", "comparisons cannot be chained; use 'and' at column 7"),
        ("sum(count(alive))", "count() cannot be used inside sum() or count() at column 5"),
        ("floor + 1", "floor is a function: write floor(...) at column 1"),
        ("", "the formula is empty"),
        ("and", "unexpected 'and' at column 1"),
    ],
)
def test_errors_name_the_column(formula: str, message: str) -> None:
    with pytest.raises(FormulaError) as info:
        parse_formula(formula)
    assert str(info.value) == message
    assert info.value.field == "formula"
    assert formula_problem(formula) == message


def test_formula_problem_is_none_for_a_good_formula() -> None:
    assert formula_problem("10 * centres + if(rank == 1, 66, 0)") is None


@pytest.mark.parametrize(
    "formula",
    ["(" * 50 + "1" + ")" * 50, "-" * 60 + "1", "2" + "^2" * 60, "not " * 60 + "1", "+".join(["1"] * 200)],
)
def test_hostile_nesting_is_refused_cleanly(formula: str) -> None:
    with pytest.raises(FormulaError, match="nested too deeply"):
        parse_formula(formula)


def test_overlong_formula_is_refused() -> None:
    with pytest.raises(FormulaError, match="longer than"):
        parse_formula("1" * 3000)


def test_huge_powers_are_refused_at_run_time() -> None:
    with pytest.raises(FormulaError, match="at most 64"):
        austria("2 ^ 65")
    assert austria("(10 ^ 64) ^ 64") == 10 ** 4096  # large but bounded: allowed
    with pytest.raises(FormulaError, match="too large to use at column 18"):
        austria("((10 ^ 64) ^ 64) ^ 64")


def test_scores_too_large_for_a_float_are_refused() -> None:
    with pytest.raises(FormulaError, match="too large"):
        FormulaSystem("x", "x", "(10 ^ 64) ^ 64").score(A)
    with pytest.raises(FormulaError, match="too large"):
        FormulaSystem("x", "x", "sqrt(2 * (10 ^ 64) ^ 64)").score(A)
    with pytest.raises(FormulaError, match="too large"):
        FormulaSystem("x", "x", "(10 ^ 64) ^ 64 + sqrt(2)").score(A)


def test_run_time_errors_name_the_column() -> None:
    with pytest.raises(FormulaError) as info:
        austria("100 / (centres - 10)")
    assert str(info.value) == "division by zero at column 5"
    with pytest.raises(FormulaError, match="square root of a negative number"):
        austria("sqrt(-1)")


def test_python_is_not_reachable() -> None:
    for formula in ("__import__('os')", "centres.__class__", "open('x')", "lambda: 1", "[1]"):
        with pytest.raises(FormulaError):
            parse_formula(formula)


# --- variables ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variable", "expected_a", "expected_b"),
    [
        ("centres", [10, 9, 8, 5, 2, 0, 0], [8, 8, 6, 6, 4, 2, 0]),
        ("centers", [10, 9, 8, 5, 2, 0, 0], [8, 8, 6, 6, 4, 2, 0]),
        ("rank", [1, 2, 3, 4, 5, 6, 6], [1, 1, 3, 3, 5, 6, 7]),
        ("tied", [1, 1, 1, 1, 1, 2, 2], [2, 2, 2, 2, 1, 1, 1]),
        ("place", [1, 2, 3, 4, 5, 7, 6], [1, 1, 3, 3, 5, 6, 7]),
        ("place_tied", [1, 1, 1, 1, 1, 1, 1], [2, 2, 2, 2, 1, 1, 1]),
        ("survivors", [5] * 7, [6] * 7),
        ("top", [10] * 7, [8] * 7),
        ("second", [9] * 7, [8] * 7),
        ("toppers", [1] * 7, [2] * 7),
        ("topper", [1, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0]),
        ("alive", [1, 1, 1, 1, 1, 0, 0], [1, 1, 1, 1, 1, 1, 0]),
        ("eliminated", [0, 0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 0, 0, 1]),
        ("year", [1909, 1909, 1909, 1909, 1909, 1905, 1907], [1909] * 6 + [1906]),
        ("end_year", [1909] * 7, [1909] * 7),
        ("draw_size", [5] * 7, [6] * 7),
        ("in_draw", [1, 1, 1, 1, 1, 0, 0], [1, 1, 1, 1, 1, 1, 0]),
        ("total", [34] * 7, [34] * 7),
        ("sum_squares", [274] * 7, [220] * 7),
        ("powers", [7] * 7, [7] * 7),
        ("solo", [0] * 7, [0] * 7),
        ("solo_game", [0] * 7, [0] * 7),
    ],
)
def test_variables(variable: str, expected_a: list[int], expected_b: list[int]) -> None:
    tree = parse_formula(variable)
    assert values(evaluate(tree, A)) == expected_a
    assert values(evaluate(tree, B)) == expected_b


def test_solo_variables_and_draw_of_a_solo() -> None:
    tree = parse_formula("solo * 100 + solo_game * 1000 + draw_size * 10000")
    assert values(evaluate(tree, S), 2) == [11100, 11000]


def test_recorded_draw_is_used() -> None:
    game = board([10, 9, 8, 5, 2], eliminated=[1905, 1907], draw=("AUSTRIA", "ENGLAND"))
    assert values(evaluate(parse_formula("in_draw * 100 / draw_size"), game)) == [50, 50, 0, 0, 0, 0, 0]


def test_every_documented_name_parses() -> None:
    for name in VARIABLES:
        parse_formula(name)
    for name, (fewest, _, description) in FUNCTIONS.items():
        parse_formula(f"{name}({', '.join(['1'] * fewest)})")
        assert description


def test_aggregates() -> None:
    assert austria("sum(centres)") == 34
    assert austria("count(alive)") == 5
    assert austria("count(centres > 5)") == 3
    assert austria("sum(centres) / count(alive)", B) == Fraction(34, 6)


def test_year_needs_the_elimination_year() -> None:
    with pytest.raises(ScoringError) as info:
        FormulaSystem("x", "x", "year - 1900").score(board([10, 9, 8, 5, 2]))
    assert info.value.field == "eliminated.RUSSIA"


# --- systems written as formulas ---------------------------------------------------------------

HAIGHT = (
    "if(solo_game,"
    "   if(solo, 451, if(alive, max(5 * centres, year - 1900), year - 1900)),"
    "   if(alive, 10 * centres, year - 1900)"
    "   + max(0, 66 - 11 * (place + place_tied - 2))"
    "   + if(topper and toppers == 1, 5 * (top - second), 0))"
)

SUM_OF_SQUARES = "if(solo_game, 100 * solo, 100 * centres^2 / sum(centres^2))"
# Haight v1.0 written out: 10/centre, rank points by the lowest tied rank, a lone top's lead.
HAIGHT_SURVIVORS_ONLY = (
    "if(solo_game, if(solo, 451, if(alive, max(5 * centres, year - 1900), year - 1900)),"
    " 10 * centres + max(0, 66 - 11 * (rank + tied - 2))"
    " + if(topper and toppers == 1, 5 * (top - second), 0))"
)

BOARDS = {
    "A": A,
    "B": B,
    "S": S,
    "sos-table-1": board([12, 0, 3, 6, 9, 0, 4], eliminated=[1905, 1906]),
    "sos-table-2": board([12, 4, 4, 4, 4, 3, 3]),
    "same-year-eliminations": board([10, 9, 8, 5, 2], eliminated=[1906, 1906]),
    "haight-c": board([11, 11, 11, 1], eliminated=[1905, 1906, 1907]),
    "haight-e": board([12, 10, 10, 2], eliminated=[1905, 1906, 1907]),
}


@pytest.mark.parametrize("key", sorted(BOARDS))
def test_sum_of_squares_as_a_formula_equals_the_built_in(key: str) -> None:
    custom = FormulaSystem("my-squares", "My Sum of Squares", SUM_OF_SQUARES)
    assert custom.score(BOARDS[key]) == get_system("sum-of-squares").score(BOARDS[key])


@pytest.mark.parametrize("key", sorted(BOARDS))
def test_haight_as_a_formula_equals_the_built_in(key: str) -> None:
    custom = FormulaSystem("my-haight", "My Haight", HAIGHT)
    assert custom.score(BOARDS[key]) == get_system("haight").score(BOARDS[key])


@pytest.mark.parametrize("key", ["A", "S", "haight-e"])
def test_haight_as_a_formula_equals_the_built_in_without_shared_elimination_ranks(key: str) -> None:
    # The formula ranks eliminated powers by centres (all 0), so compare the survivors only.
    custom = FormulaSystem("my-haight", "My Haight", HAIGHT_SURVIVORS_ONLY).score(BOARDS[key])
    built_in = get_system("haight").score(BOARDS[key])
    survivors = [p for p in built_in if BOARDS[key].centers[p] > 0]
    assert {p: custom[p] for p in survivors} == {p: built_in[p] for p in survivors}


def test_formula_system_protocol_and_storage() -> None:
    system = FormulaSystem("ten-a-centre", "Ten a centre", "10 * centres")
    assert (system.name, system.title, system.source) == ("ten-a-centre", "Ten a centre", "custom formula")
    assert values(system.score(A)) == [100.0, 90.0, 80.0, 50.0, 20.0, 0.0, 0.0]
    copy = FormulaSystem.from_dict(system.to_dict())
    assert copy.to_dict() == system.to_dict()
    assert copy.score(B) == system.score(B)


def test_bad_formula_fails_when_the_system_is_made() -> None:
    with pytest.raises(FormulaError, match="unknown name 'centers2' at column 6"):
        FormulaSystem("x", "x", "10 * centers2")


def test_formula_system_validates_the_board() -> None:
    bad = GameResult(centers={"AUSTRIA": 40}, end_year=1909)
    with pytest.raises(ScoringError) as info:
        FormulaSystem("x", "x", "centres").score(bad)
    assert info.value.field is not None and info.value.field.startswith("centers")


def test_preview_on_the_sample_board() -> None:
    system = FormulaSystem("x", "x", "10 * centres + 66 * topper")
    assert system.sample_board() == sample_board()
    assert values(system.preview()) == [166.0, 90.0, 80.0, 50.0, 20.0, 0.0, 0.0]
    boards = sample_boards()
    assert set(boards) == {"lone top", "shared top", "solo"}
    for game in boards.values():
        assert len(system.preview(game)) == 7



TOKENS = [
    "centres", "rank", "top", "second", "solo", "year", "1", "2", "0", "0.5", "64", "+", "-", "*",
    "/", "^", "(", ")", ",", "<", "==", "and", "or", "not", "if(", "min(", "sqrt(", "floor(",
    "sum(", "count(", "round(", " ", "=", "$", "x",
]


@settings(max_examples=400, deadline=None)
@given(parts=st.lists(st.sampled_from(TOKENS), min_size=1, max_size=25))
def test_any_text_is_read_or_refused_cleanly(parts: list[str]) -> None:
    text = " ".join(parts)
    try:
        system = FormulaSystem("fuzz", "Fuzz", text)
    except FormulaError as exc:
        assert exc.field == "formula" and str(exc)
        return
    for game in sample_boards().values():
        try:
            scores = system.score(game)
        except FormulaError as exc:
            assert str(exc)
        else:
            assert len(scores) == 7 and all(math.isfinite(v) for v in scores.values())
