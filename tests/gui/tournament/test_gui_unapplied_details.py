"""Tournament details typed but not applied are offered on closing (QA: a new name typed on the
Tournament page vanished without a word on File > Close, though the status bar promises that
every change is written as it is made)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from tdapp.services.tournaments import tournament_info
from tdapp.store.files import open_tournament_file


def _type_name(main, filled_file: Path, name: str):
    assert main.files.open_path(filled_file)
    page = main.window.tournament_page
    main.window.show_page("Tournament")
    page.form.name.setText(name)
    assert page.is_edited()
    return page


def _name_on_disk(path: Path) -> str:
    db = open_tournament_file(path)
    try:
        return tournament_info(db).name
    finally:
        db.close()


def test_yes_applies_the_details_before_the_file_closes(main, dialog_answers,
                                                        filled_file: Path) -> None:
    _type_name(main, filled_file, "Midlands Open 2026")
    dialog_answers.next_answer = QMessageBox.StandardButton.Yes
    main.window.menus.close_action.trigger()
    kind, title, text = dialog_answers.shown[-1]
    assert (kind, title) == ("question", "Tournament details")
    assert "(Midlands Open 2026) are not applied yet" in text
    assert main.app.db is None
    assert _name_on_disk(filled_file) == "Midlands Open 2026"


def test_no_leaves_the_file_as_it_was(main, dialog_answers, filled_file: Path) -> None:
    _type_name(main, filled_file, "Never Applied")
    dialog_answers.next_answer = QMessageBox.StandardButton.No
    main.window.menus.close_action.trigger()
    assert dialog_answers.shown[-1][0] == "question"
    assert _name_on_disk(filled_file) == "Test Open"


def test_nothing_is_asked_when_nothing_was_typed(main, dialog_answers, filled_file: Path) -> None:
    assert main.files.open_path(filled_file)
    main.window.menus.close_action.trigger()
    assert dialog_answers.shown == []
