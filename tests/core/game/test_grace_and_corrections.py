"""Grace periods and corrections under each format's rule, on real phases. No database."""

from __future__ import annotations

from tdapp.core.formats import get_format
from tdapp.core.game.corrections import (
    correction_allowed,
    no_longer_valid,
    void_orders,
    written_orders,
)
from tdapp.core.game.grace import grace_refusal
from tdapp.core.game.record import PhaseRow


def test_one_grace_period_per_game_in_movement_phases() -> None:
    # EDC 2026 (seed 004): "Any player not already eliminated that submits no orders in a
    # movement round shall be given a 2-minute grace period to submit orders. Each player has
    # one grace period allowed during the whole game"
    edc = get_format("edc-2026")
    assert grace_refusal(edc, "FRANCE", "S1903M", used=0) is None
    assert grace_refusal(edc, "FRANCE", "F1903R", used=0) == (
        f"{edc.title}: grace periods are for movement phases only.")
    assert grace_refusal(edc, "FRANCE", "S1903M", used=1) == (
        f"France has had its grace period this game ({edc.title}: 1 per game); its units hold.")
    wdc = get_format("wdc-2025")
    assert grace_refusal(wdc, "FRANCE", "S1903M", used=0) == (
        f"{wdc.title} has no grace period: mark the power as no orders.")


def played(*names: str) -> list[PhaseRow]:
    """Phases of a game in order, all adjudicated but the last."""
    return [PhaseRow(i, i, name, {}, [] if i < len(names) - 1 else None, None, {})
            for i, name in enumerate(names)]


def test_a_phase_may_be_corrected_until_the_formats_limit() -> None:
    # EDC 2026: "a mistake not reported before the next movement phase is final"
    edc = get_format("edc-2026").corrections
    assert correction_allowed(played("S1902M", "S1902R", "F1902M"), 0, edc)[0]
    assert not correction_allowed(played("S1902M", "S1902R", "F1902M", "F1902R"), 0, edc)[0]
    allowed, words = correction_allowed(played("F1902M", "F1902R"), 1, edc)
    assert allowed and words == edc.text


def test_the_orders_a_correction_made_void_are_told_once() -> None:
    before = [{"power": "FRANCE", "order": "A Pic S F Mao-Bre", "tags": []},
              {"power": "FRANCE", "order": "A Par H", "tags": ["void"], "message": "no unit"},
              {"power": "ITALY", "order": "", "tags": ["void"]}]
    after = [{"power": "FRANCE", "order": "A Pic S F Mao-Bre", "tags": ["void"],
              "message": "no army in Picardy"},
             {"power": "FRANCE", "order": "A Par H", "tags": ["void"], "message": "no unit"}]
    assert written_orders("F1902M", before) == {("F1902M", "FRANCE", "A Pic S F Mao-Bre"),
                                                ("F1902M", "FRANCE", "A Par H")}
    assert void_orders("F1902M", before) == {("F1902M", "FRANCE", "A Par H"): "no unit"}
    assert no_longer_valid(void_orders("F1902M", after), written_orders("F1902M", before),
                           void_orders("F1902M", before)) == (
        "F1902M France: 'A Pic S F Mao-Bre' — no army in Picardy",)
