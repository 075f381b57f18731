"""The one way a text a person typed goes into a spreadsheet: as text, never as a formula.

A player imported as ``=HYPERLINK("http://…"&A1,"Click")`` must print as those characters in
every export. Two doors lead into a spreadsheet:

- Excel workbooks (openpyxl): a ``str`` that starts with ``=`` becomes a formula cell on
  ``append``; :func:`append_row` marks every text cell as a string (data type ``s``) instead.
- CSV files: the spreadsheet decides when it opens the file, so the cell's text itself must be
  made harmless. Following the OWASP CSV-injection guidance, a cell that starts with ``=``, ``+``,
  ``-``, ``@``, a tab or a carriage return (also after leading spaces, which Calc and Sheets skip)
  gets a single quote in front, which spreadsheets read as "this is text".

Numbers the program computed (scores, ranks, centres) pass through unchanged: ``-3`` stays a
number a spreadsheet can sort.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

# The characters that make a spreadsheet read a cell as a formula (OWASP; NUL per the ASVS).
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "\n", "\0")
# What a spreadsheet may skip before it looks for a trigger.
_SKIPPED = " \u00a0\u3000"
# Full-width forms some spreadsheets fold to their ASCII trigger.
_WIDE_TRIGGERS = ("\uff1d", "\uff0b", "\uff0d", "\uff20")


def is_formula_like(text: str) -> bool:
    """True when a spreadsheet could run ``text`` as a formula if it were written as it is."""
    if not text:
        return False
    if text.startswith(FORMULA_TRIGGERS):
        return True
    stripped = text.lstrip(_SKIPPED)
    return stripped.startswith(FORMULA_TRIGGERS) or stripped.startswith(_WIDE_TRIGGERS)


def csv_text(value: Any) -> Any:
    """One CSV cell: a text a spreadsheet would run gets a leading single quote; the rest (and
    every number) is written as it is."""
    if isinstance(value, str) and is_formula_like(value):
        return "'" + value
    return value


def csv_text_back(text: str) -> str:
    """A CSV cell read back: the quote :func:`csv_text` put before a formula-like text goes, so
    an exported list imports back as it was typed."""
    if text.startswith("'") and is_formula_like(text[1:]):
        return text[1:]
    return text


def csv_row(values: Iterable[Any]) -> list[Any]:
    """A CSV row with every text cell neutralised (see :func:`csv_text`)."""
    return [csv_text(value) for value in values]


def append_row(sheet: Any, values: Sequence[Any]) -> None:
    """Append a row to an openpyxl worksheet; every ``str`` stays text, never a formula."""
    sheet.append(list(values))
    row = sheet.max_row
    for column, value in enumerate(values, start=1):
        if isinstance(value, str):
            # openpyxl made a cell starting with "=" a formula ('f'); a string it stays.
            sheet.cell(row=row, column=column).data_type = "s"
