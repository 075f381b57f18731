"""A bug met while saving is explained in the TD's words (QA: a correction showed the TD a
screenful of '(sqlite3.IntegrityError) ... [SQL: INSERT INTO ...] [parameters: ...]')."""

from __future__ import annotations

from pathlib import Path

from tdapp.gui.controller import unexpected_problem_text
from tdapp.services import players as player_service


def test_text_says_what_it_means_for_the_file_and_keeps_one_short_line() -> None:
    exc = RuntimeError("(sqlite3.IntegrityError) UNIQUE constraint failed: t.a\n"
                       "[SQL: INSERT INTO t (a) VALUES (?)]\n[parameters: (1,)]")
    text = unexpected_problem_text(exc, saved_nothing=True)
    assert "Nothing was changed: the tournament file is as it was before." in text
    assert text.endswith("Details: RuntimeError: (sqlite3.IntegrityError) UNIQUE constraint "
                         "failed: t.a")
    assert "[SQL:" not in text
    long = unexpected_problem_text(ValueError("x" * 500), saved_nothing=False)
    assert "It did not finish." in long and len(long.split("Details: ")[1]) < 220
    assert unexpected_problem_text(KeyError(), saved_nothing=False).endswith("Details: KeyError")


def test_a_failing_action_is_reported_in_td_words(main, dialog_answers,
                                                  filled_file: Path) -> None:
    main.files.open_path(filled_file)
    before = [p.name for p in main.app.read(player_service.list_players)]

    def broken(db) -> None:
        raise RuntimeError("boom\nsecond line of SQL")

    assert main.app.call(broken) is None
    kind, title, text = dialog_answers.shown[-1]
    assert (kind, title) == ("warning", "Something went wrong")
    assert "Nothing was changed" in text
    assert "Details: RuntimeError: boom" in text and "second line" not in text
    assert [p.name for p in main.app.read(player_service.list_players)] == before
