"""Starting the program: run_gui with a file, --demo, and --smoke-screenshot."""

from __future__ import annotations

import argparse
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from tdapp import __version__
from tdapp.gui.app import run_gui


def _options(**values) -> argparse.Namespace:
    return argparse.Namespace(**{"file": None, "demo": False, "smoke_screenshot": None,
                                 **values})


def test_smoke_screenshot_of_a_file(qapp, settings_dir: Path, filled_file: Path,
                                    tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    assert run_gui(_options(file=str(filled_file), smoke_screenshot=str(shot))) == 0
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (1280, 800)


def test_demo_opens_a_demo_tournament(qapp, settings_dir: Path, tmp_path: Path) -> None:
    from tdapp.gui.app import build_main, make_application

    make_application()
    main = build_main()
    try:
        assert main.files.open_demo()
        assert main.app.path is not None and main.app.path.name == "demo-tournament.tdt"
        assert main.app.path.parent == tmp_path / "portable", "portable mode keeps the demo"
        assert main.window.players_page.model.rowCount() == 49
        rounds = main.window.rounds_page.rounds.rows()
        assert [r.status for r in rounds[:2]] == ["finished", "finished"]
        played = [p for p in main.window.players_page.model.rows() if p.boards_played]
        assert played
        main.window.players_page.select_player(played[0].id)
        assert not main.window.players_page.delete_button.isEnabled(), "played: never deleted"
    finally:
        main.shutdown()
        main.window.close()
    assert run_gui(_options(demo=True, smoke_screenshot=str(tmp_path / "demo.png"))) == 0


def test_a_bad_file_on_the_command_line_is_explained(qapp, settings_dir: Path, dialog_answers,
                                                     tmp_path: Path) -> None:
    bogus = tmp_path / "notes.tdt"
    bogus.write_text("not a tournament")
    assert run_gui(_options(file=str(bogus), smoke_screenshot=str(tmp_path / "s.png"))) == 0
    assert dialog_answers.shown and "not a tdapp tournament file" in dialog_answers.shown[0][2]


def test_navigation_and_about(main, qtbot, dialog_answers, filled_file: Path) -> None:
    window = main.window
    assert not window.sidebar.isEnabled(), "no pages without a tournament"
    assert not window.menus.page_actions[1].isEnabled()
    main.files.open_path(filled_file)
    for number, name in enumerate(("Tournament", "Players", "Rounds"), start=1):
        qtbot.keyClick(window, Qt.Key(Qt.Key.Key_0 + number), Qt.KeyboardModifier.ControlModifier)
        assert window.current_page_name() == name
    window.sidebar.setCurrentRow(1)
    assert window.current_page_name() == "Players"
    window.clock_page.go_to.emit("Rounds")
    assert window.current_page_name() == "Rounds"
    window.menus.about_action.trigger()
    kind, title, text = dialog_answers.shown[-1]
    assert title == "About tdapp" and __version__ in text


def test_portable_mode_keeps_settings_beside_the_program(qapp, monkeypatch,
                                                          tmp_path: Path) -> None:
    from tdapp.gui.files.controller import demo_path
    from tdapp.gui.settings import make_settings

    monkeypatch.delenv("TDAPP_SETTINGS_SCOPE", raising=False)
    monkeypatch.setenv("TDAPP_PORTABLE_DIR", str(tmp_path / "stick"))
    settings = make_settings()
    assert Path(settings.fileName()) == tmp_path / "stick" / "tdapp.ini"
    assert demo_path() == tmp_path / "stick" / "demo-tournament.tdt"
