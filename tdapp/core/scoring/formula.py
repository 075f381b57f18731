"""A scoring system a TD writes as a formula, without code.

The formula is one expression giving a power's score from facts about the finished game, e.g.
Sum of Squares is ``if(solo_game, 100 * solo, 100 * centres^2 / sum(centres^2))``. It is read
by our own tokenizer and recursive-descent parser into a small tree, checked (names, argument
counts) before it is ever run, and evaluated in exact fractions. Python's ``eval`` is never
used: nothing in a formula can reach anything but the numbers below.

Grammar (lowest precedence first)::

    expr       := and_expr ("or" and_expr)*
    and_expr   := not_expr ("and" not_expr)*
    not_expr   := "not" not_expr | comparison
    comparison := sum (("<" | "<=" | ">" | ">=" | "==" | "!=") sum)?
    sum        := product (("+" | "-") product)*
    product    := unary (("*" | "/") unary)*
    unary      := ("-" | "+") unary | power
    power      := primary ("^" unary)?            (right-associative; -2^2 is -4)
    primary    := NUMBER | NAME | NAME "(" [expr ("," expr)*] ")" | "(" expr ")"
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Union

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult, ScoringError
from tdapp.core.scoring.ranking import (
    draw_members,
    exit_year,
    positions,
    rank_groups,
    second_count,
    survivors,
    to_floats,
    top_count,
    toppers,
)
from tdapp.core.scoring.validate import validate_game

Number = Union[Fraction, float]  # noqa: UP007 - a runtime alias, kept 3.10-compatible

# Limits that keep any formula quick and within Python's recursion limit.
MAX_LENGTH = 2000
MAX_DEPTH = 40  # nested brackets, calls, signs and powers while parsing
MAX_TREE_DEPTH = 120  # levels of the parsed tree (long chains like 1+1+...+1 included)
MAX_EXPONENT = 64
MAX_BITS = 100_000  # the largest number a power may produce
AGGREGATES = ("sum", "count")


class FormulaError(ScoringError):
    """A formula that cannot be read or run; ``column`` is 1-based (None when not positional)."""

    def __init__(self, message: str, column: int | None = None) -> None:
        self.column = column
        where = f" at column {column}" if column is not None else ""
        super().__init__(f"{message}{where}", "formula")


# --- the names a formula may use ---------------------------------------------------------------

VARIABLES: dict[str, str] = {
    "centres": "the power's final supply-centre count",
    "centers": "the same as centres",
    "rank": "1 + the number of powers with more centres (tied powers share the better rank)",
    "tied": "how many powers have this power's centre count, itself included",
    "place": "like rank, but eliminated powers are ordered by elimination year (later is better)",
    "place_tied": "how many powers share this power's place, itself included",
    "survivors": "how many powers have at least one centre",
    "top": "the highest centre count",
    "second": "the second-highest entry of the centre counts (equals top on a shared top)",
    "toppers": "how many powers share the top",
    "topper": "1 if this power has the top count, else 0",
    "solo": "1 if this power soloed, else 0",
    "solo_game": "1 if the game ended in a solo, else 0",
    "alive": "1 if this power has centres, else 0",
    "eliminated": "1 if this power has no centres, else 0",
    "year": "the year this power was eliminated, or the game's last year if it was not",
    "end_year": "the last game year played",
    "draw_size": "how many powers are in the draw (all survivors when no draw was recorded)",
    "in_draw": "1 if this power is in the draw, else 0",
    "total": "the centres owned by all powers together",
    "sum_squares": "the sum of every power's centres squared",
    "powers": "the number of powers on the board (7)",
}

FUNCTIONS: dict[str, tuple[int, int | None, str]] = {
    # name: (fewest arguments, most arguments or None for any, description)
    "if": (3, 3, "if(condition, then, otherwise)"),
    "min": (1, None, "the smallest of its arguments"),
    "max": (1, None, "the largest of its arguments"),
    "abs": (1, 1, "the absolute value"),
    "floor": (1, 1, "rounded down to a whole number"),
    "ceil": (1, 1, "rounded up to a whole number"),
    "round": (1, 1, "rounded to the nearest whole number, halves up"),
    "sqrt": (1, 1, "the square root"),
    "sum": (1, 1, "sum(expression): the expression added up over all seven powers"),
    "count": (1, 1, "count(condition): how many of the seven powers meet the condition"),
}

KEYWORDS = ("and", "or", "not")

# --- tokens -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    kind: str  # "number", "name", "op", "end"
    text: str
    column: int


_OPERATORS = ("<=", ">=", "==", "!=", "+", "-", "*", "/", "^", "(", ")", ",", "<", ">")


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text``; FormulaError at the first character that fits none."""
    tokens: list[Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        column = i + 1
        if char.isspace():
            i += 1
        elif char.isdigit() or (char == "." and text[i + 1 : i + 2].isdigit()):
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            if j < len(text) and text[j] == ".":
                j += 1
                while j < len(text) and text[j].isdigit():
                    j += 1
            tokens.append(Token("number", text[i:j], column))
            i = j
        elif char.isalpha() or char == "_":
            j = i
            while j < len(text) and (text[j].isalnum() or text[j] == "_"):
                j += 1
            tokens.append(Token("name", text[i:j], column))
            i = j
        else:
            op = next((o for o in _OPERATORS if text.startswith(o, i)), None)
            if op is None:
                hint = "; use '==' to compare" if char == "=" else ""
                raise FormulaError(f"unexpected character {char!r}{hint}", column)
            tokens.append(Token("op", op, column))
            i += len(op)
    tokens.append(Token("end", "", len(text) + 1))
    return tokens


# --- the tree -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Num:
    value: Fraction


@dataclass(frozen=True)
class Var:
    name: str
    column: int


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple[Node, ...]
    column: int


@dataclass(frozen=True)
class Unary:
    op: str
    operand: Node
    column: int


@dataclass(frozen=True)
class Binary:
    op: str
    left: Node
    right: Node
    column: int


Node = Union[Num, Var, Call, Unary, Binary]  # noqa: UP007

# --- the parser ---------------------------------------------------------------------------------

_COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")


class _Parser:
    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.index = 0
        self.depth = 0
        self.in_aggregate = False

    @property
    def token(self) -> Token:
        return self.tokens[self.index]

    def _enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise FormulaError("the formula is nested too deeply", self.token.column)

    def _advance(self) -> Token:
        token = self.token
        self.index += 1
        return token

    def _is(self, kind: str, text: str | None = None) -> bool:
        return self.token.kind == kind and (text is None or self.token.text == text)

    def _expect(self, text: str) -> Token:
        if not self._is("op", text):
            found = "the end" if self.token.kind == "end" else repr(self.token.text)
            raise FormulaError(f"expected {text!r} but found {found}", self.token.column)
        return self._advance()

    def parse(self) -> Node:
        if self._is("end"):
            raise FormulaError("the formula is empty")
        node = self._or()
        if not self._is("end"):
            raise _unexpected(self.token)
        return node

    def _or(self) -> Node:
        self._enter()
        node = self._and()
        while self._is("name", "or"):
            column = self._advance().column
            node = Binary("or", node, self._and(), column)
        self.depth -= 1
        return node

    def _and(self) -> Node:
        node = self._not()
        while self._is("name", "and"):
            column = self._advance().column
            node = Binary("and", node, self._not(), column)
        return node

    def _not(self) -> Node:
        if self._is("name", "not"):
            column = self._advance().column
            self._enter()
            operand = self._not()
            self.depth -= 1
            return Unary("not", operand, column)
        return self._comparison()

    def _comparison(self) -> Node:
        node = self._sum()
        if self.token.kind == "op" and self.token.text in _COMPARISONS:
            token = self._advance()
            node = Binary(token.text, node, self._sum(), token.column)
            if self.token.kind == "op" and self.token.text in _COMPARISONS:
                raise FormulaError("comparisons cannot be chained; use 'and'", self.token.column)
        return node

    def _sum(self) -> Node:
        node = self._product()
        while self.token.kind == "op" and self.token.text in ("+", "-"):
            token = self._advance()
            node = Binary(token.text, node, self._product(), token.column)
        return node

    def _product(self) -> Node:
        node = self._unary()
        while self.token.kind == "op" and self.token.text in ("*", "/"):
            token = self._advance()
            node = Binary(token.text, node, self._unary(), token.column)
        return node

    def _unary(self) -> Node:
        self._enter()
        if self.token.kind == "op" and self.token.text in ("-", "+"):
            token = self._advance()
            node: Node = Unary(token.text, self._unary(), token.column)
        else:
            node = self._power()
        self.depth -= 1
        return node

    def _power(self) -> Node:
        node = self._primary()
        if self._is("op", "^"):
            token = self._advance()
            node = Binary("^", node, self._unary(), token.column)
        return node

    def _primary(self) -> Node:
        token = self.token
        if token.kind == "number":
            self._advance()
            return Num(Fraction(token.text))
        if token.kind == "op" and token.text == "(":
            self._advance()
            node = self._or()
            self._expect(")")
            return node
        if token.kind == "name" and token.text not in KEYWORDS:
            self._advance()
            if self._is("op", "("):
                return self._call(token)
            if token.text in FUNCTIONS:
                raise FormulaError(f"{token.text} is a function: write {token.text}(...)", token.column)
            if token.text not in VARIABLES:
                raise FormulaError(f"unknown name {token.text!r}", token.column)
            return Var(token.text, token.column)
        raise _unexpected(token)

    def _call(self, name: Token) -> Node:
        if name.text not in FUNCTIONS:
            raise FormulaError(f"unknown function {name.text!r}", name.column)
        self._expect("(")
        if name.text in AGGREGATES:
            if self.in_aggregate:
                raise FormulaError(f"{name.text}() cannot be used inside sum() or count()", name.column)
            self.in_aggregate = True
        args: list[Node] = []
        if not self._is("op", ")"):
            args.append(self._or())
            while self._is("op", ","):
                self._advance()
                args.append(self._or())
        self._expect(")")
        if name.text in AGGREGATES:
            self.in_aggregate = False
        fewest, most, _ = FUNCTIONS[name.text]
        if len(args) < fewest or (most is not None and len(args) > most):
            wanted = str(fewest) if most == fewest else f"at least {fewest}"
            noun = "argument" if fewest == 1 else "arguments"
            raise FormulaError(f"{name.text}() takes {wanted} {noun}, not {len(args)}", name.column)
        return Call(name.text, tuple(args), name.column)


def _unexpected(token: Token) -> FormulaError:
    if token.kind == "end":
        return FormulaError("the formula ends too soon", token.column)
    return FormulaError(f"unexpected {token.text!r}", token.column)


def parse_formula(text: str) -> Node:
    """The checked tree of ``text``; FormulaError (with a column) when it cannot be read."""
    if not isinstance(text, str):
        raise FormulaError("a formula must be text")
    if len(text) > MAX_LENGTH:
        raise FormulaError(f"the formula is longer than {MAX_LENGTH} characters")
    tree = _Parser(tokenize(text)).parse()
    if _tree_depth(tree) > MAX_TREE_DEPTH:
        raise FormulaError(f"the formula is nested too deeply (more than {MAX_TREE_DEPTH} levels)")
    return tree


def _children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, Binary):
        return (node.left, node.right)
    if isinstance(node, Unary):
        return (node.operand,)
    if isinstance(node, Call):
        return node.args
    return ()


def _tree_depth(tree: Node) -> int:
    """The depth of ``tree``, found without recursion."""
    deepest = 0
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in _children(node))
    return deepest


def formula_problem(text: str) -> str | None:
    """The message of what is wrong with ``text``, or None (for live checking as a TD types)."""
    try:
        parse_formula(text)
    except FormulaError as exc:
        return str(exc)
    return None


# --- evaluation ---------------------------------------------------------------------------------

_TRUE, _FALSE = Fraction(1), Fraction(0)


class _Board:
    """The facts of one game, computed once, from which each power's variables are read."""

    def __init__(self, game: GameResult) -> None:
        self.game = game
        counts = [game.centers[p] for p in POWERS]
        members = draw_members(game) if game.solo is None else [game.solo]
        self.shared: dict[str, Fraction] = {
            "survivors": Fraction(len(survivors(game))),
            "top": Fraction(top_count(game)),
            "second": Fraction(second_count(game)),
            "toppers": Fraction(len(toppers(game))),
            "solo_game": _TRUE if game.solo is not None else _FALSE,
            "end_year": Fraction(game.end_year),
            "draw_size": Fraction(len(members)),
            "total": Fraction(sum(counts)),
            "sum_squares": Fraction(sum(c * c for c in counts)),
            "powers": Fraction(len(POWERS)),
        }
        self.members = set(members)
        self._places: dict[str, tuple[int, int]] | None = None
        self._cache: dict[tuple[str, str], Fraction] = {}

    def place(self, power: str) -> tuple[int, int]:
        """(first position, last position), 0-based, survivors by centres then the eliminated
        by elimination year; computed only when a formula asks (it needs elimination years)."""
        if self._places is None:
            self._places = positions(rank_groups(self.game, dead_order=True))
        return self._places[power]

    def variable(self, name: str, power: str) -> Fraction:
        if name in self.shared:
            return self.shared[name]
        key = (name, power)
        value = self._cache.get(key)
        if value is None:
            value = self._cache[key] = Fraction(self._compute(name, power))
        return value

    def _compute(self, name: str, power: str) -> int | bool:
        game = self.game
        centres = game.centers[power]
        if name in ("centres", "centers"):
            return centres
        if name == "rank":
            return 1 + sum(1 for p in POWERS if game.centers[p] > centres)
        if name == "tied":
            return sum(1 for p in POWERS if game.centers[p] == centres)
        if name == "topper":
            return centres == self.shared["top"]
        if name == "solo":
            return power == game.solo
        if name == "alive":
            return centres > 0
        if name == "eliminated":
            return centres == 0
        if name == "year":
            return exit_year(game, power)  # may need the elimination year: only when asked
        if name == "in_draw":
            return power in self.members
        first, last = self.place(power)
        return first + 1 if name == "place" else last - first + 1


def _truth(value: Number) -> bool:
    return value != 0


def _power(base: Number, exponent: Number, column: int) -> Number:
    if isinstance(exponent, Fraction) and exponent.denominator == 1:
        if abs(exponent) > MAX_EXPONENT:
            raise FormulaError(f"an exponent may be at most {MAX_EXPONENT}", column)
        if base == 0 and exponent < 0:
            raise FormulaError("zero cannot be raised to a negative power", column)
        if isinstance(base, float):
            try:
                return base ** int(exponent)
            except (OverflowError, ZeroDivisionError) as exc:
                raise FormulaError("the power cannot be computed", column) from exc
        bits = max(base.numerator.bit_length(), base.denominator.bit_length())
        if bits * abs(int(exponent)) > MAX_BITS:
            raise FormulaError("the power gives a number too large to use", column)
        return base ** int(exponent)
    if base < 0:
        raise FormulaError("a negative number cannot be raised to a fractional power", column)
    try:
        return float(base) ** float(exponent)
    except (OverflowError, ZeroDivisionError) as exc:
        raise FormulaError("the power cannot be computed", column) from exc


def _sqrt(value: Number, column: int) -> Number:
    if value < 0:
        raise FormulaError("square root of a negative number", column)
    if isinstance(value, Fraction):
        top, bottom = math.isqrt(value.numerator), math.isqrt(value.denominator)
        if top * top == value.numerator and bottom * bottom == value.denominator:
            return Fraction(top, bottom)
    return math.sqrt(value)


def _round_half_up(value: Number) -> Fraction:
    return Fraction(math.floor(Fraction(value) + Fraction(1, 2)))


_ONE_ARGUMENT: dict[str, Callable[[Number, int], Number]] = {
    "abs": lambda v, _c: -v if v < 0 else v,  # abs() of a Fraction | float types as object
    "floor": lambda v, _c: Fraction(math.floor(v)),
    "ceil": lambda v, _c: Fraction(math.ceil(v)),
    "round": lambda v, _c: _round_half_up(v),
    "sqrt": _sqrt,
}


class _Evaluator:
    def __init__(self, board: _Board) -> None:
        self.board = board
        # sum() and count() run over all seven powers, so they are the same for every power.
        self.aggregates: dict[int, Number] = {}

    def value(self, node: Node, power: str) -> Number:
        if isinstance(node, Num):
            return node.value
        if isinstance(node, Var):
            return self.board.variable(node.name, power)
        if isinstance(node, Unary):
            operand = self.value(node.operand, power)
            if node.op == "not":
                return _FALSE if _truth(operand) else _TRUE
            return -operand if node.op == "-" else operand
        if isinstance(node, Binary):
            return self._binary(node, power)
        return self._call(node, power)

    def _binary(self, node: Binary, power: str) -> Number:
        if node.op == "and":
            return _TRUE if _truth(self.value(node.left, power)) and _truth(self.value(node.right, power)) else _FALSE
        if node.op == "or":
            return _TRUE if _truth(self.value(node.left, power)) or _truth(self.value(node.right, power)) else _FALSE
        left, right = self.value(node.left, power), self.value(node.right, power)
        if node.op == "+":
            return left + right
        if node.op == "-":
            return left - right
        if node.op == "*":
            return left * right
        if node.op == "/":
            if right == 0:
                raise FormulaError("division by zero", node.column)
            return left / right
        if node.op == "^":
            return _power(left, right, node.column)
        compare: dict[str, Callable[[Number, Number], bool]] = {
            "<": lambda a, b: a < b,
            "<=": lambda a, b: a <= b,
            ">": lambda a, b: a > b,
            ">=": lambda a, b: a >= b,
            "==": lambda a, b: a == b,
            "!=": lambda a, b: a != b,
        }
        return _TRUE if compare[node.op](left, right) else _FALSE

    def _aggregate(self, node: Call) -> Number:
        each = [self.value(node.args[0], p) for p in POWERS]
        if node.name == "sum":
            return sum(each, Fraction(0))
        return Fraction(sum(1 for v in each if _truth(v)))

    def _call(self, node: Call, power: str) -> Number:
        name, args = node.name, node.args
        if name == "if":
            chosen = args[1] if _truth(self.value(args[0], power)) else args[2]
            return self.value(chosen, power)
        if name in AGGREGATES:
            if id(node) not in self.aggregates:
                self.aggregates[id(node)] = self._aggregate(node)
            return self.aggregates[id(node)]
        values = [self.value(arg, power) for arg in args]
        if name == "min":
            return min(values)
        if name == "max":
            return max(values)
        return _ONE_ARGUMENT[name](values[0], node.column)


def evaluate(tree: Node, game: GameResult) -> dict[str, Number]:
    """Each power's value of the formula ``tree`` on ``game`` (exact where possible)."""
    evaluator = _Evaluator(_Board(game))
    try:
        return {power: evaluator.value(tree, power) for power in POWERS}
    except OverflowError as exc:  # a huge exact number met a float
        raise FormulaError("a number in the formula grows too large to use") from exc


# --- the system ---------------------------------------------------------------------------------


def sample_board() -> GameResult:
    """The board the formula editor previews on: 10-9-8-5-2, Russia out 1905, Turkey 1907."""
    return GameResult(
        centers={"AUSTRIA": 10, "ENGLAND": 9, "FRANCE": 8, "GERMANY": 5, "ITALY": 2, "RUSSIA": 0, "TURKEY": 0},
        end_year=1909,
        eliminated={"RUSSIA": 1905, "TURKEY": 1907},
    )


def sample_boards() -> dict[str, GameResult]:
    """A few boards that show a formula's behaviour: a lone top, a shared top, a solo."""
    return {
        "lone top": sample_board(),
        "shared top": GameResult(
            centers={"AUSTRIA": 8, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 6, "ITALY": 4, "RUSSIA": 2, "TURKEY": 0},
            end_year=1908,
            eliminated={"TURKEY": 1906},
        ),
        "solo": GameResult(
            centers={"AUSTRIA": 18, "ENGLAND": 10, "FRANCE": 4, "GERMANY": 2, "ITALY": 0, "RUSSIA": 0, "TURKEY": 0},
            end_year=1910,
            solo="AUSTRIA",
            eliminated={"ITALY": 1905, "RUSSIA": 1906, "TURKEY": 1907},
        ),
    }


class FormulaSystem:
    """A :class:`ScoringSystem` defined by a formula; the formula is checked when it is made."""

    def __init__(self, name: str, title: str, formula: str, source: str = "custom formula") -> None:
        self.name = name
        self.title = title
        self.formula = formula
        self.source = source
        self._tree = parse_formula(formula)

    @property
    def description(self) -> str:
        return f"Custom formula: {self.formula}"

    def __repr__(self) -> str:
        return f"FormulaSystem({self.name!r}, {self.title!r}, {self.formula!r})"

    def exact_scores(self, game: GameResult) -> dict[str, Number]:
        validate_game(game)
        return evaluate(self._tree, game)

    def score(self, game: GameResult) -> dict[str, float]:
        scores = self.exact_scores(game)
        for power, value in scores.items():
            if isinstance(value, float) and not math.isfinite(value):
                raise FormulaError(f"the formula gives {power} a score that is not a number")
        try:
            return to_floats(scores)
        except OverflowError as exc:
            raise FormulaError("the formula gives a score too large to use") from exc

    def preview(self, game: GameResult | None = None) -> dict[str, float]:
        """The scores on ``game``, by default on :func:`sample_board` (the editor's live view)."""
        return self.score(game if game is not None else sample_board())

    sample_board = staticmethod(sample_board)

    def to_dict(self) -> dict[str, str]:
        """What a tournament stores to keep this system."""
        return {"name": self.name, "title": self.title, "formula": self.formula, "source": self.source}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FormulaSystem:
        return cls(
            str(data["name"]),
            str(data["title"]),
            str(data["formula"]),
            str(data.get("source", "custom formula")),
        )
