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


@pytest.mark.parametrize(("text", "normalized"), [
    ("F Edi-Nwg Sea", "F EDI - NWG"),
    ("F Edi-Nrg Sea", "F EDI - NWG"),
    ("F Lon-Nth Sea", "F LON - NTH"),
    ("F Lon-Eng Channel", "F LON - ENG"),
    ("F Bre-Mao Ocean", "F BRE - MAO"),
    ("F Nth Sea S F Edi-Nwg", "F NTH S F EDI - NWG"),
    ("F Hel Bight-Hol", "F HEL - HOL"),
])
def test_a_seas_abbreviation_with_the_last_word_of_its_name(text: str, normalized: str) -> None:
    """A sheet's "Nwg Sea" or "Eng Channel": the abbreviation and the kind of water it is."""
    result = parse_order(text)
    assert result.error is None, result.error
    assert result.normalized == normalized


def test_a_land_abbreviation_takes_no_water_word() -> None:
    result = parse_order("A Lon-Yor Sea")
    assert result.error is not None and "Sea" in result.error
