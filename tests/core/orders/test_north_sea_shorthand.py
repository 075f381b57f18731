"""Issue 14: "F Lon-N Sea" suggested the Norwegian Sea, which London does not touch; a paper
sheet's "N Sea" is the North Sea."""

from __future__ import annotations

import pytest

from tdapp.core.orders.parser import parse_order


@pytest.mark.parametrize("text", ["F Lon-N Sea", "F Lon - N. Sea", "F Lon-N.Sea", "f lon-n sea"])
def test_n_sea_reads_as_the_north_sea(text: str) -> None:
    result = parse_order(text, "ENGLAND")
    assert result.error is None
    assert result.normalized == "F LON - NTH"


def test_norwegian_sea_still_reads_as_itself() -> None:
    assert parse_order("F Edi-Norwegian Sea", "ENGLAND").normalized == "F EDI - NWG"
