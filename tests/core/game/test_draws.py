"""Draw votes under each format, on real positions and phases: when one may be held, who votes,
whether it is secret, which powers a proposed draw includes. No database."""

from __future__ import annotations

import dataclasses

import pytest

from tdapp.core.board.contract import position_to_contract
from tdapp.core.board.position import Phase, Position
from tdapp.core.formats import copy_format, get_format
from tdapp.core.game.draws import (
    draw_vote_open,
    eligible_voters,
    next_vote_secret,
    proposed_draw,
    voted_this_season,
)
from tdapp.core.game.errors import GameRuleRefusal
from tdapp.core.game.record import VoteRow
from tdapp.core.powers import POWERS


def italy_and_turkey_out() -> dict:
    """A position in which Italy and Turkey own no centre any more."""
    board = Position.initial()
    board.phase = Phase.parse("S1907M")
    for sc, owner in list(board.centers.items()):
        if owner in ("ITALY", "TURKEY"):
            board.centers[sc] = "AUSTRIA"
    return position_to_contract(board)


def test_draws_may_be_proposed_from_the_formats_first_season() -> None:
    # WDC 2025 (seed 001): "Starting in Spring 1906, players may propose to end the game."
    wdc = get_format("wdc-2025")
    assert draw_vote_open(wdc, "W1905A") == f"{wdc.title}: draws may be proposed from Spring 1906."
    assert draw_vote_open(wdc, Phase.parse("S1906M")) is None
    assert draw_vote_open(wdc, "S1906R") is None
    assert draw_vote_open(get_format("edc-2026"), "S1901M") is None


def test_one_vote_per_spring_or_fall() -> None:
    # WDC 2025 (seed 001): "Only one draw vote may be held per Spring or Fall phase."
    held = [VoteRow("F1906M", POWERS, False, True, None)]
    assert voted_this_season("F1906R", held) and voted_this_season("W1906A", held)
    assert not voted_this_season("S1907M", held)
    assert not voted_this_season("S1906M", held)


def test_every_power_with_a_centre_votes() -> None:
    assert eligible_voters(position_to_contract(Position.initial())) == POWERS
    assert eligible_voters(italy_and_turkey_out()) == tuple(
        p for p in POWERS if p not in ("ITALY", "TURKEY"))


def test_secret_votes_turn_open_after_the_third_failed_one() -> None:
    # WDC 2025 (seed 001): "Following a third failed secret draw vote on a board, subsequent
    # draw votes will be by open voting"
    fmt = get_format("wdc-2025")
    failed = VoteRow("S1906M", POWERS, False, True, None)
    assert next_vote_secret(fmt, [failed, failed])
    assert not next_vote_secret(fmt, [failed, failed, failed])
    assert next_vote_secret(get_format("wdc-2018"), [failed] * 5)


def test_a_dias_draw_includes_every_power_with_a_centre() -> None:
    eligible = eligible_voters(italy_and_turkey_out())
    edc = get_format("edc-2026")
    assert proposed_draw(edc, eligible, None) == eligible
    assert proposed_draw(edc, eligible, list(reversed(eligible))) == eligible
    with pytest.raises(GameRuleRefusal, match=f"^{edc.title}: a draw includes every power"):
        proposed_draw(edc, eligible, ["FRANCE", "ENGLAND"])


def test_a_named_draw_lists_its_powers_in_aefgirt_order() -> None:
    edc = get_format("edc-2026")
    named = copy_format(edc, draw_votes=dataclasses.replace(edc.draw_votes,
                                                            participants="named"))
    eligible = eligible_voters(italy_and_turkey_out())
    assert proposed_draw(named, eligible, ["GERMANY", "ENGLAND"]) == ("ENGLAND", "GERMANY")
    with pytest.raises(GameRuleRefusal, match="Italy has no centre"):
        proposed_draw(named, eligible, ["ITALY", "ENGLAND"])
    with pytest.raises(GameRuleRefusal, match="two powers at least"):
        proposed_draw(named, eligible, ["ENGLAND"])
