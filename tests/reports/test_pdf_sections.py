from __future__ import annotations

import pytest

from tdapp.reports.pdf_sections import number


@pytest.mark.parametrize(
    ("value", "places", "text"),
    [(940.0, 0, "940"), (100.0, 2, "100"), (12.5, 2, "12.5"), (12.345, 2, "12.35"),
     (-0.001, 2, "0"), (None, 2, ""), (1000.0, 1, "1000"), (0.0, 0, "0")],
)
def test_numbers_print_as_a_td_writes_them(value, places, text) -> None:
    assert number(value, places) == text
