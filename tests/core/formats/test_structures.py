"""The built-in structural rules check their own settings: always what a rule cannot work
without, and, when a format is being changed, how the settings fit the rounds (a format saved
before that check still reads back, so its tournament file opens)."""

from __future__ import annotations

import dataclasses

import pytest

from tdapp.core.formats import (
    FormatError,
    copy_format,
    format_from_dict,
    format_to_dict,
    get_format,
)
from tdapp.core.formats.model import KnockoutRule, TopBoardRule
from tdapp.core.formats.structures import SeatingNeeds, final_ranking_rule, seating_needs


@pytest.mark.parametrize(("name", "changes", "field"), [
    ("wdc-2025", {"rounds": 3, "counting": (), "round_rules": ()}, "pool.after_round"),
    ("wdc-2018", {"top_board": TopBoardRule(after_round=4, round=6)}, "top_board.round"),
    ("edc-2026", {"rounds": 5, "round_rules": (), "counting": (),
                  "locked_final": dataclasses.replace(get_format("edc-2026").locked_final,
                                                      round=6)}, "locked_final.round"),
    ("dbn-2025", {"knockout": KnockoutRule((1, 4), 4)}, "knockout.qualifying_rounds[1]"),
])
def test_a_change_that_no_longer_fits_the_rounds_is_refused_but_a_saved_one_reads(
        name: str, changes: dict, field: str) -> None:
    fmt = get_format(name)
    with pytest.raises(FormatError) as refused:
        copy_format(fmt, **changes)
    assert refused.value.field == field
    saved = format_to_dict(dataclasses.replace(fmt, **changes))
    assert format_from_dict(saved) == dataclasses.replace(fmt, **changes)


def test_what_a_rule_cannot_work_without_is_refused_even_when_read() -> None:
    fmt = get_format("wdc-2018")
    data = format_to_dict(fmt)
    data["top_board"]["champion"] = "most-votes"
    with pytest.raises(FormatError) as refused:
        format_from_dict(data)
    assert refused.value.field == "top_board.champion"
    data = format_to_dict(fmt)
    data["top_board"] = None
    with pytest.raises(FormatError, match="needs its rule set") as refused:
        format_from_dict(data)
    assert refused.value.field == "final_ranking"


def test_each_built_in_says_what_it_needs_from_seating() -> None:
    assert seating_needs(get_format("edc-2026"), 3) == ()
    (final,) = seating_needs(get_format("edc-2026"), 4)
    assert final.ranked_groups == 7 and final.locked_ranges
    (top,) = seating_needs(get_format("wdc-2018"), 5)
    assert top == SeatingNeeds(top_board=7, words=top.words) and "board 1" in top.words
    (pool,) = seating_needs(get_format("wdc-2025"), 4)
    assert pool.apart == "pool" and not pool.words  # the seating service says what it did
    # seed 000 4.1.2: "The Championship Game includes the Top Three Seeds who automatically
    # advanced and the 4 Semi-Final game winners."
    assert seating_needs(get_format("dbn-2025"), 3) == ()
    (knockout,) = seating_needs(get_format("dbn-2025"), 4)
    assert knockout == SeatingNeeds(finalists=True, words=knockout.words)
    assert "best 3 seeds" in knockout.words
    assert final_ranking_rule("knockout").champion == "winner of the championship game"
