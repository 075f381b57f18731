"""Issue 14: the "where do I play?" sheet sorted Åsa, Émilie, Ólafur, Łukasz after Z. One
collation key sorts names as people do, everywhere names are sorted."""

from __future__ import annotations

from tdapp.core.collation import fold, name_key
from tdapp.core.seating.review import call_by_player

NAMES = ["Zoe Young", "Łukasz Nowak", "Ólafur Jónsson", "Émilie Roux", "Åsa Berg", "Adam Ames",
         "Oscar Olsen", "emil ek", "Ørjan Dahl"]


def test_names_sort_as_people_sort_them() -> None:
    assert sorted(NAMES, key=name_key) == [
        "Adam Ames", "Åsa Berg", "emil ek", "Émilie Roux", "Łukasz Nowak", "Ólafur Jónsson",
        "Ørjan Dahl", "Oscar Olsen", "Zoe Young"]


def test_fold_spells_out_letters_unicode_does_not_decompose() -> None:
    assert fold("Łukasz Ørsted Æsir Straße") == "lukasz orsted aesir strasse"


def test_the_board_call_by_player_uses_it() -> None:
    from tdapp.core.seating.model import Board

    powers = {"AUSTRIA": "Zoe Young", "ENGLAND": "Łukasz Nowak", "FRANCE": "Åsa Berg"}
    boards = [Board(1, list(powers.values()), powers)]
    assert [row[0] for row in call_by_player(boards)] == ["Åsa Berg", "Łukasz Nowak", "Zoe Young"]
