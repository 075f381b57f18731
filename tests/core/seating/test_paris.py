from __future__ import annotations

import pytest

from tdapp.core.seating.paris import DONE, ORDERING, PICKING, ParisSelection

SEEDS = ["s1", "s2", "s3", "s4", "s5", "s6", "s7"]  # best seed first


def test_order_is_built_from_the_second_lowest_seed_up():
    paris = ParisSelection(SEEDS)
    assert paris.order == ["s7"]
    turn = paris.turn()
    assert turn.stage == ORDERING and turn.player == "s6" and turn.options == (0, 1)
    paris.choose_position(1)  # s6 picks after s7
    turn = paris.turn()
    assert turn.player == "s5" and turn.options == (0, 1, 2)
    paris.choose_position(0)
    for _ in range(4):
        paris.choose_position(0)
    assert paris.order == ["s1", "s2", "s3", "s4", "s5", "s7", "s6"]
    assert paris.stage == PICKING


def test_powers_are_picked_in_selection_order_and_the_order_is_kept():
    paris = ParisSelection(SEEDS, played={"s1": ["FRANCE"]})
    for _ in range(6):
        paris.choose_position(0)
    assert paris.turn().player == "s1"
    assert "FRANCE" not in paris.turn().options
    with pytest.raises(ValueError, match="may choose only"):
        paris.choose_power("FRANCE")
    paris.choose_power("england")
    assert "ENGLAND" not in paris.turn().options
    for _ in range(6):
        paris.choose_power(paris.turn().options[0])
    assert paris.stage == DONE and paris.turn() is None
    assert sorted(paris.powers.values()) == sorted(SEEDS)
    assert paris.selection_order() == SEEDS


def test_undo_and_wrong_stage():
    paris = ParisSelection(SEEDS[:3])
    with pytest.raises(ValueError):
        paris.choose_power("AUSTRIA")
    paris.choose_position(0)
    paris.undo()
    assert paris.order == ["s3"] and paris.turn().player == "s2"
    with pytest.raises(ValueError, match="position"):
        paris.choose_position(5)


def test_for_board_seeds_by_ranking():
    paris = ParisSelection.for_board(["c", "a", "b"], ["a", "b", "c"], {"a": ["TURKEY"]})
    assert paris.seeds == ["a", "b", "c"]
    assert paris.turn().player == "b"
    assert paris.played == {"a": ["TURKEY"], "b": [], "c": []}
