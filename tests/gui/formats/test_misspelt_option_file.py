"""Opening a tournament whose own format holds a misspelt option: the window says so in the
words of ``tdapp standings`` (naming the field), once, and the file stays open so that
Tournament › Format… can choose the format again."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.models import Tournament

WORDS = ("sit_out_order: 'lowest-seed-move' is not one of: td-choice, wdc-2018-locals-first, "
         "lowest-seeds-move")


def _misspelt_file(tmp_path: Path) -> Path:
    path = tmp_path / "misspelt.tdt"
    db = create_tournament(path, TournamentInfo("Misspelt Cup", "dbn-2025", 4))
    with db.action("a format edited by hand") as session:
        session.scalars(select(Tournament)).one().custom_format = {
            "base": "dbn-2025", "sit_out_order": "lowest-seed-move"}
    db.close()
    return path


def test_opening_it_shows_the_field_at_fault_once(main, qtbot, dialog_answers,
                                                  tmp_path: Path) -> None:
    path = _misspelt_file(tmp_path)
    assert main.app.open_file(path) is True
    qtbot.wait(50)  # every view's first refresh has run
    shown = [s for s in dialog_answers.shown if WORDS in s[2]]
    assert len(shown) == 1, dialog_answers.shown
    kind, _title, text = shown[0]
    assert kind == "warning" and "Tournament > Format" in text
    assert main.app.db is not None  # open, so that the format can be chosen again
    box = main.window.tournament_page.format_box
    assert WORDS in box.title_label.text().replace("&#x27;", "'")
