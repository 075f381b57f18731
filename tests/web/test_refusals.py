"""A service's refusal, in English for the TD, is a word of the players' page catalogue when a
player meets it: each listed word is the service's English, word for word (the services and
the core say them here), and its values are read back out of that English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tdapp.core.formats.registry import get_format
from tdapp.core.game.draws import NOT_IN_GAME, ONE_PER_SEASON, draw_vote_open, proposed_draw
from tdapp.core.game.errors import GameRuleRefusal
from tdapp.services import games
from tdapp.services.changes import ServiceError
from tdapp.services.checkins import check_in
from tdapp.services.players import PLAYER_GONE as GONE
from tdapp.store.files import open_tournament_file
from tdapp.web import catalogue
from tdapp.web.refusals import REFUSALS, _patterns, refusal_words
from tests.web.player_helpers import make_played, player_id_of

SAMPLE = {"number": "3", "open": "4", "round": "2", "name": "Ann O'Hara", "season": "Fall 1905",
          "format": "WDC 2025", "power": "Turkey", "phase": "S1906M", "now": "F1906M"}


def test_every_refusal_reads_its_values_back_and_falls_back_to_its_english() -> None:
    for words in REFUSALS:
        names = re.findall(r"%\((\w+)\)s", words)
        english = words % {name: SAMPLE[name] for name in names} if names else words
        assert refusal_words(english) == english, words  # no catalogue of theirs: English
    assert len(_patterns()) == sum("%(" in w for w in REFUSALS)


def test_the_catalogue_holds_every_refusal() -> None:
    ids = {m.msgid for m in catalogue.messages()}
    assert set(REFUSALS) <= ids


def test_the_listed_words_are_the_services_own(tmp_path: Path) -> None:
    """Each service and core rule says what the table lists (a reworded refusal fails here)."""
    listed = set(REFUSALS)
    assert {NOT_IN_GAME, ONE_PER_SEASON, GONE} <= listed
    said: list[str] = []
    wdc = get_format("wdc-2025")
    said.append(draw_vote_open(wdc, "F1902M") or "")
    three = ["AUSTRIA", "ENGLAND", "FRANCE"]
    for fmt, powers in ((_named(), ["TURKEY"]), (_named(), ["AUSTRIA"]),
                        (get_format("wdc-2018"), ["AUSTRIA", "ENGLAND"])):
        with pytest.raises(GameRuleRefusal) as refused:
            proposed_draw(fmt, three, powers)
        said.append(str(refused.value))
    played = make_played(tmp_path, "wdc-2025", "S1906M")
    db = open_tournament_file(played.demo.path)
    try:
        italy = player_id_of(played.demo.path, played.seats["ITALY"])
        for round_number in (1, 5, 9):  # seated already, not open yet, no such round
            with pytest.raises(ServiceError) as refused_in:
                check_in(db, italy, round_number)
            said.append(str(refused_in.value))
        votes = dict.fromkeys(played.seats, False)
        games.hold_draw_vote(db, played.board_id, votes)
        with pytest.raises(ServiceError) as again:
            games.hold_draw_vote(db, played.board_id, votes)
        said.append(str(again.value))
        with pytest.raises(ServiceError) as gone_by:
            games.hold_draw_vote(db, played.board_id, votes, phase="F1901M")
        said.append(str(gone_by.value))
    finally:
        db.close()
    assert len(said) == 9 and all(said)
    unlisted = [text for text in said
                if not any(p.fullmatch(" ".join(text.split())) for p, _w in _patterns())
                and text not in listed]
    assert not unlisted, unlisted


def _named():  # noqa: ANN202 - a format whose draws name their powers
    from dataclasses import replace

    from tdapp.core.formats.options import DrawParticipants
    fmt = get_format("wdc-2025")
    return replace(fmt, draw_votes=replace(fmt.draw_votes,
                                           participants=DrawParticipants.NAMED))
