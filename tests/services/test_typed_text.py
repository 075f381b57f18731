"""Issue 17: names and every typed text lose bidi overrides and control characters, and each
text field has a length bound with a message naming it (services.text, one place)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdapp.core.text import strip_invisible
from tdapp.services import awards, teams
from tdapp.services.changes import ServiceError
from tdapp.services.players import PlayerData, add_keep_apart, add_player, list_players
from tdapp.services.text import NAME_LIMIT, typed_text
from tdapp.services.tournaments import TournamentInfo, create_tournament, tournament_info

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: "Ann\u202eekiM" prints as "AnnMike"
HOSTILE = f"Ann{RLO}ekiM\u2066\u200b\x00\x1b[31m\u200f"


@pytest.fixture
def db(tmp_path: Path):
    database = create_tournament(tmp_path / "t.tdt", TournamentInfo(name="Open",
                                                                     format_name="wdc-2025",
                                                                     rounds_planned=4))
    yield database
    database.close()


def test_invisible_characters_go_and_joiners_stay() -> None:
    assert strip_invisible(HOSTILE) == "AnnekiM[31m"
    assert strip_invisible("Zoe\u0308") == "Zoë"  # one name however it was typed (NFC)
    assert strip_invisible("👩\u200d💻") == "👩\u200d💻"  # an emoji's joiner is kept
    assert strip_invisible("line one\r\nline\ttwo", multiline=True) == "line one\nline\ttwo"
    assert strip_invisible("line one\nline two") == "line oneline two"


def test_a_player_name_loses_bidi_overrides_and_controls(db) -> None:
    add_player(db, PlayerData(name=HOSTILE, home_town=f"Lyon{RLO}", club="\x07Club",
                              notes=f"fine\n{RLO}note"))
    player = list_players(db)[0]
    assert player.name == "AnnekiM[31m"
    assert (player.home_town, player.club, player.notes) == ("Lyon", "Club", "fine\nnote")
    assert not any(RLO in v for v in (player.name, player.home_town, player.notes))


@pytest.mark.parametrize(("field", "label"), [
    ("name", "The player's name"), ("home_town", "The home town"), ("club", "The club"),
    ("country", "The country"), ("email", "The e-mail address"), ("notes", "The notes"),
])
def test_every_player_field_is_bounded_with_a_message(db, field: str, label: str) -> None:
    value = "a@" + "x" * 20_000
    with pytest.raises(ServiceError) as raised:
        add_player(db, PlayerData(**{"name": "Ann", field: value}))
    assert label in str(raised.value) and "at most" in str(raised.value)
    assert list_players(db) == []  # nothing saved


def test_teams_awards_keep_apart_and_the_tournament_are_bounded_and_cleaned(db) -> None:
    with pytest.raises(ServiceError, match="team's name is 201 characters long"):
        teams.create_team(db, "T" * 201)
    teams.create_team(db, f"Les {RLO}Bleus")
    assert [t.name for t in teams.list_teams(db)] == ["Les Bleus"]
    with pytest.raises(ServiceError, match="Award title"):
        awards.add_special_award(db, "A" * (NAME_LIMIT + 1), None)
    awards.add_special_award(db, f"Best{RLO} stab", None, note="\x00kind words")
    assert [(a.title, a.note) for a in awards.list_special_awards(db)] == [("Best stab",
                                                                           "kind words")]
    add_player(db, PlayerData(name="Ann"))
    add_player(db, PlayerData(name="Bob"))
    a, b = (p.id for p in list_players(db))
    with pytest.raises(ServiceError, match="keep-apart reason"):
        add_keep_apart(db, a, b, "r" * 500)
    from dataclasses import replace

    from tdapp.services.tournaments import update_tournament

    with pytest.raises(ServiceError, match="venue"):
        update_tournament(db, replace(tournament_info(db), venue="v" * 1000))
    update_tournament(db, replace(tournament_info(db), name=f"Open{RLO} 2026"))
    assert tournament_info(db).name == "Open 2026"


def test_typed_text_names_the_field() -> None:
    with pytest.raises(ServiceError, match=r"^The club is 1,001 characters long; it may be at "
                                            r"most 200\.$"):
        typed_text("c" * 1001, "The club", 200)



def test_an_order_sheet_loses_controls_and_is_bounded(demo_file: Path, tmp_path: Path) -> None:
    import shutil

    from sqlalchemy import select

    from tdapp.core.powers import POWERS
    from tdapp.services import games
    from tdapp.services.files import open_tournament
    from tdapp.services.rounds import BoardPlan, all_boards, save_board_call
    from tdapp.store.models import Player

    shutil.copy(demo_file, tmp_path / "game.tdt")
    with open_tournament(tmp_path / "game.tdt") as db:
        with db.read() as session:
            ids = list(session.scalars(select(Player.id).order_by(Player.id)))[:7]
        save_board_call(db, 3, [BoardPlan(1, dict(zip(POWERS, ids, strict=True)))])
        board_id = all_boards(db, 3)[0].board_id
        games.start_game(db, board_id)
        games.save_orders(db, board_id, "ITALY", f"A Ven{RLO}-Tyr\x00 \nF Nap H ")
        sheet = games.game_state(db, board_id).current.sheets["ITALY"]
        assert sheet.text == "A Ven-Tyr \nF Nap H "  # as typed, less the invisible characters
        with pytest.raises(ServiceError, match="The order sheet is 20,000 characters long"):
            games.save_orders(db, board_id, "ITALY", "H" * 20_000)


def test_a_scoring_formula_title_and_length_are_checked() -> None:
    from tdapp.services.formats import FormulaRefused, make_system

    assert make_system("mine", f"My{RLO} system", "centres").title == "My system"
    with pytest.raises(FormulaRefused) as refused:
        make_system("mine", "T" * 300, "centres")
    assert refused.value.field == "title" and "at most 200" in str(refused.value)
    with pytest.raises(FormulaRefused) as refused:
        make_system("mine", "Mine", "centres + " * 2000)
    assert refused.value.field == "formula"


def test_a_custom_format_title_is_cleaned_and_bounded(db) -> None:
    from tdapp.core.formats import copy_format, get_format
    from tdapp.services import formats

    wdc = get_format("wdc-2025")
    with pytest.raises(formats.FormatRefused) as refused:
        formats.save_custom_format(db, copy_format(wdc, name="mine", title="T" * 300),
                                   "wdc-2025")
    assert refused.value.field == "title" and "at most 200" in str(refused.value)
    formats.save_custom_format(db, copy_format(wdc, name="mine", title=f"Our{RLO} rules"),
                               "wdc-2025")
    assert formats.effective_format(db).title == "Our rules"
