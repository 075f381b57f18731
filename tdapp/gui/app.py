"""Starting the GUI: ``tdapp [FILE] [--demo] [--smoke-screenshot PNG]``."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication

from tdapp import __version__
from tdapp.gui.desktop_check import check_desktop
from tdapp.gui.icons import app_icon
from tdapp.gui.settings import APPLICATION, ORGANISATION, make_settings

if TYPE_CHECKING:
    from tdapp.gui.window.controller import MainController

WINDOW_SIZE = (1280, 800)


def make_application() -> QApplication:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("tdapp")
    app.setApplicationVersion(__version__)
    app.setWindowIcon(app_icon())
    if os.environ.get("TDAPP_SETTINGS_SCOPE") == "tests":
        QStandardPaths.setTestModeEnabled(True)  # demo files go to a test folder, not the user's
    return app


def build_main(settings: QSettings | None = None) -> MainController:
    """The main controller with its window (not shown yet)."""
    from tdapp.gui.window.controller import MainController

    return MainController(settings or make_settings(), app_icon())


def smoke_screenshot(main: MainController, target: Path, app: QApplication) -> int:
    """Show the window, save a picture of it, and report success without entering the loop."""
    main.window.resize(*WINDOW_SIZE)
    main.window.show()
    for _ in range(5):
        app.processEvents()
    target.parent.mkdir(parents=True, exist_ok=True)
    if not main.window.grab().save(str(target)):
        print(f"tdapp: could not write the screenshot {target}", file=sys.stderr)
        return 1
    return 0


def _qt_version() -> tuple[int, int]:
    from PySide6.QtCore import qVersion

    major, minor = (int(part) for part in qVersion().split(".")[:2])
    return major, minor


def run_gui(options: Any) -> int:
    problem = check_desktop(_qt_version())
    if problem:  # Qt would abort with a message about plugins that tells a TD nothing
        print(problem, file=sys.stderr)
        return 1
    app = make_application()
    main = build_main()
    # An argparse Namespace whose options differ by caller (an empty one starts a bare window).
    file = getattr(options, "file", None)
    if getattr(options, "demo", False):
        main.files.open_demo()
    elif file and file.lower().startswith(("postgresql://", "postgres://")):
        main.app.open_file(file)  # a venue server's tournament: tdapp postgresql://…
    elif file:
        main.files.open_path(Path(file))
    try:
        target = getattr(options, "smoke_screenshot", None)
        if target:
            return smoke_screenshot(main, Path(target), app)
        main.window.show()
        return int(app.exec())
    finally:
        main.window.save_window_state()
        main.shutdown()
