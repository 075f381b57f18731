"""Format options are typed choices declared once (``core/formats/options.py``).

The issue: "``validate_format`` accepts ``sit_out_order = "lowest-seed-move"``,
``team.members_from = "nonpool"`` and ``clock_schedule = "nope"``: a file holding such a format
opens and is played with a rule nobody chose." Now each is refused, in words naming the field
and what it may be, and a saved format still reads back the same strings."""

from __future__ import annotations

import dataclasses
import json

import pytest

from tdapp.core.formats import FormatError, format_from_dict, format_to_dict, list_formats
from tdapp.core.formats.model import TeamRule, TournamentFormat
from tdapp.core.formats.options import (
    WORDS,
    Choice,
    PowerMethod,
    SitOutOrder,
    TeamMembers,
)
from tests.format_option_cases import MISSPELT


@pytest.mark.parametrize(("field", "value", "document"), MISSPELT,
                         ids=[case[0] for case in MISSPELT])
def test_a_misspelt_option_is_refused_naming_its_field(field, value, document) -> None:
    with pytest.raises(FormatError) as info:
        format_from_dict(document)
    assert info.value.field == field
    assert str(info.value).startswith(f"{field}: ")
    assert repr(value) in str(info.value)


def test_the_refusal_lists_what_the_option_may_be() -> None:
    with pytest.raises(FormatError) as info:
        format_from_dict({"base": "dbn-2025", "sit_out_order": "lowest-seed-move"})
    assert str(info.value) == ("sit_out_order: 'lowest-seed-move' is not one of: td-choice, "
                               "wdc-2018-locals-first, lowest-seeds-move")


def test_a_format_made_in_code_is_refused_too() -> None:
    with pytest.raises(FormatError, match=r"^team\.members_from: 'nonpool' is not one of: "):
        TeamRule(round=4, members_from="nonpool")  # type: ignore[arg-type]
    with pytest.raises(FormatError, match=r"^sit_out_order: "):
        TournamentFormat("x", "X", 1, "haight", "wdc-2025",
                         sit_out_order="lowest-seed-move")  # type: ignore[arg-type]
    base = list_formats()[0]
    with pytest.raises(FormatError, match=r"^double_board: "):
        dataclasses.replace(base, double_board="better")  # type: ignore[arg-type]


def test_a_plain_string_becomes_its_member() -> None:
    rule = TeamRule(round=4, members_from="all")  # type: ignore[arg-type]
    assert rule.members_from is TeamMembers.ALL
    fmt = format_from_dict({"base": "wdc-2025", "sit_out_order": "lowest-seeds-move"})
    assert fmt.sit_out_order is SitOutOrder.LOWEST_SEEDS_MOVE
    assert all(isinstance(r.powers, PowerMethod) for r in fmt.round_rules)


@pytest.mark.parametrize("fmt", list_formats(), ids=lambda f: f.name)
def test_a_saved_format_keeps_its_strings_and_reads_back_the_same(fmt) -> None:
    """Saved formats and tournament files written before still read: the JSON holds the same
    plain strings it always did."""
    saved = format_to_dict(fmt)
    text = json.dumps(saved, sort_keys=True)
    assert '"sit_out_order": "' + fmt.sit_out_order.value + '"' in text
    assert not _any_choice(saved)  # plain str, int, list, dict: nothing of the enum leaks out
    assert format_from_dict(json.loads(text)) == fmt


def test_every_choice_has_words_for_every_value() -> None:
    for choice in Choice.__subclasses__():
        assert len(choice) >= 2, choice
        for member in choice:
            assert member in WORDS and member.words.strip(), member


def _any_choice(value: object) -> bool:
    if isinstance(value, Choice):
        return True
    if isinstance(value, dict):
        return any(_any_choice(v) for v in value.values())
    if isinstance(value, list):
        return any(_any_choice(v) for v in value)
    return False
