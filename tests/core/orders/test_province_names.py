"""The province-name table behind the parser: lookups, suggestions and autocompletion."""

from __future__ import annotations

from tdapp.core.orders.names import (
    ALIASES,
    AMBIGUOUS,
    completions,
    describe,
    key_of,
    province_name,
    suggest,
)


def test_keys_ignore_case_spaces_and_punctuation() -> None:
    assert key_of("St. Petersburg") == "stpetersburg"
    assert key_of("Mid-Atlantic Ocean") == "midatlanticocean"
    assert ALIASES[key_of("St. Petersburg")] == "STP"
    assert ALIASES[key_of("Gulf of Lyon")] == "LYO"


def test_ambiguous_spellings_have_no_reading_of_their_own() -> None:
    assert "nor" not in ALIASES and AMBIGUOUS["nor"] == ("NWY", "NWG", "NTH")
    assert "liv" not in ALIASES and set(AMBIGUOUS["liv"]) == {"LVP", "LVN"}


def test_slip_prone_abbreviations_mean_what_they_say_first() -> None:
    for abbr in ("nwy", "nwg", "lvp", "lvn", "tyr", "tys"):
        assert ALIASES[abbr] == abbr.upper()
        assert AMBIGUOUS[abbr][0] == abbr.upper()


def test_names_for_messages() -> None:
    assert province_name("STP/NC") == "St Petersburg north coast"
    assert describe("BUR") == "Burgundy (BUR)"


def test_suggestions_for_misspellings() -> None:
    assert suggest("Bergundy") == "BUR"
    assert suggest("Sevastapool") == "SEV"
    assert suggest("Norht Sea") == "NTH"
    assert suggest("qqqq") is None
    assert suggest("x") is None


def test_completions() -> None:
    assert completions("bu") == [("BUD", "Budapest"), ("BUL", "Bulgaria"), ("BUR", "Burgundy")]
    assert ("NTH", "North Sea") in completions("North")
    assert completions("st. p") == [("STP", "St Petersburg")]
    assert completions("") == []
    assert len(completions("n", limit=3)) == 3


def test_every_abbreviation_has_three_letters() -> None:
    # geography.province() cuts a location to its first three letters
    from tdapp.core.orders.names import PROVINCES

    assert all(len(abbr) == 3 for abbr in PROVINCES)
