"""``tdapp --bundle-check FILE.tdt OUTDIR``: prove a built bundle holds what the program loads.

The bundle leaves out the Qt plugins and libraries tdapp never uses (slim.py); this check is what
catches an exclusion that went too far. On the tournament FILE it shows every page of the main
window, the dialogs of the menus, a board's game view, the map, the projector and Qt's file
dialog, saving a picture of each in OUTDIR, reads the sample players' workbook and tries the ICU
services QtCore calls; it then prints one JSON line (what was shown, Qt's platform and image
formats, ICU, the sound backend, the problems) and exits 1 if anything failed.
Exports are checked by ``tdapp export`` from the same bundle (tests/packaging/test_bundle.py).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

WINDOW_SIZE = (1280, 800)


def _distinct_colours(widget: Any) -> int:
    """How many colours a sample of the widget's pixels shows (a blank window shows one)."""
    image = widget.grab().toImage()
    return len({image.pixel(x, y) for x in range(0, image.width(), 29)
                for y in range(0, image.height(), 17)})


class Check:
    """Runs the steps, saves a picture of each window and collects the problems in words."""

    def __init__(self, app: Any, out: Path) -> None:
        self.app = app
        self.out = out
        self.shown: list[str] = []
        self.problems: list[str] = []

    def settle(self) -> None:
        for _ in range(5):
            self.app.processEvents()

    def picture(self, name: str, widget: Any) -> None:
        self.settle()
        if not widget.grab().save(str(self.out / f"{name}.png")):
            self.problems.append(f"{name}: the picture could not be written")
        elif _distinct_colours(widget) <= 3:
            self.problems.append(f"{name}: the window is blank")
        else:
            self.shown.append(name)

    def step(self, name: str, show: Callable[[], Any]) -> None:
        """Open a window with ``show`` and picture it; a failure is recorded, not raised."""
        try:
            widget = show()
            if widget is None:
                self.problems.append(f"{name}: nothing was opened")
                return
            self.picture(name, widget)
            if widget is not getattr(self, "main_window", None):
                widget.close()
        except Exception as exc:  # noqa: BLE001 - every failure is reported, in words
            self.problems.append(f"{name}: {type(exc).__name__}: {exc}")


def _icu_facts() -> dict[str, bool]:
    """The ICU services QtCore calls still work with the bundle's smaller ICU data (icu_data.py):
    collation by language, case mapping, time-zone names and converters."""
    from PySide6.QtCore import QCollator, QLocale, QStringDecoder, QTimeZone

    paris = QTimeZone(b"Europe/Paris")
    name = paris.displayName(QTimeZone.TimeType.StandardTime, QTimeZone.NameType.LongName,
                             QLocale("fr_FR"))
    return {
        # Swedish sorts ö after z, German before it
        "collation": (QCollator(QLocale("sv_SE")).compare("ö", "z") > 0
                      and QCollator(QLocale("de_DE")).compare("ö", "z") < 0),
        "case_mapping": QLocale("tr_TR").toUpper("i") == "İ",
        "time_zone_names": "Europe" in name,
        "converters": QStringDecoder("Shift_JIS").isValid(),
    }


def _facts() -> dict[str, Any]:
    """Qt's platform and image formats, ICU's services, and reportlab's C speed-ups."""
    import importlib.util

    from PySide6.QtGui import QGuiApplication, QImageReader

    formats = sorted(bytes(f.data()).decode() for f in QImageReader.supportedImageFormats())
    from tdapp.gui.clock.sound import AlertPlayer

    return {"platform": QGuiApplication.platformName(), "image_formats": formats,
            "icu": _icu_facts(), "rl_accel": importlib.util.find_spec("_rl_accel") is not None,
            "sound": AlertPlayer().backend}


def _file_dialog(folder: Path) -> Any:
    """Qt's own file dialog (the bundle has no GTK theme): icons, and sorting by ICU collation."""
    from PySide6.QtWidgets import QFileDialog

    dialog = QFileDialog(None, "Open a tournament", str(folder), "Tournaments (*.tdt)")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.resize(900, 560)
    dialog.show()
    return dialog


def _map() -> Any:
    """The standard map at the start position, drawn from the bundled map data."""
    from tdapp.core.board.standard_map import STANDARD_MAP
    from tdapp.gui.game.map_view import MapView

    view = MapView()
    view.set_position({
        "phase": "S1901M",
        "units": {p: list(u) for p, u in STANDARD_MAP.starting_units.items()},
        "centers": {p: list(c) for p, c in STANDARD_MAP.home_centers.items()},
    })
    view.resize(*WINDOW_SIZE)
    view.show()
    return view


def _first_board(main: Any) -> int | None:
    from tdapp.services.rounds import all_boards

    boards = main.app.read(all_boards, default=[]) or []
    return boards[0].board_id if boards else None


def _projector(main: Any) -> Any:
    page = main.window.clock_page
    main.window.show_page("Clock")
    panel = getattr(page, "panel", None)
    return panel.open_projector() if panel is not None else None


def _sample_players() -> Any:
    from tdapp.resources import resource_path
    from tdapp.services.player_import import read_player_table

    return read_player_table(resource_path("samples", "players-60.xlsx")).rows


def run_checks(main: Any, check: Check) -> None:
    from tdapp.gui.icons import app_icon
    from tdapp.gui.window.main_window import PAGE_NAMES

    window = main.window
    check.main_window = window  # type: ignore[attr-defined]
    window.resize(*WINDOW_SIZE)
    window.show()
    if app_icon().isNull():
        check.problems.append("icon: the program's icon did not load")
    for number, name in enumerate(PAGE_NAMES, start=1):
        check.step(f"{number:02d}-{name.lower()}",
                   lambda n=name: (window.show_page(n), window)[1])
    check.step("history", main.history.show_history)
    check.step("snapshots", main.snapshots.show_snapshots)
    check.step("shortcuts", lambda: (window.show_shortcuts(), window.shortcuts_dialog)[1])
    check.step("format", main.formats.show_format_dialog)
    check.step("scoring-systems", main.formats.show_systems_dialog)
    check.step("teams", main.teams.show_dialog)
    check.step("rating", main.rating.show_dialog)
    board = _first_board(main)
    check.step("game-view", lambda: main.games.open_board(board) if board else None)
    check.step("map", _map)
    check.step("file-dialog", lambda: _file_dialog(check.out))
    check.step("projector", lambda: _projector(main))
    try:
        if not _sample_players():
            check.problems.append("players-60.xlsx: no rows were read")
    except Exception as exc:  # noqa: BLE001
        check.problems.append(f"players-60.xlsx: {type(exc).__name__}: {exc}")


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: tdapp --bundle-check FILE.tdt OUTDIR", file=sys.stderr)
        return 2
    file, out = Path(argv[0]), Path(argv[1])
    out.mkdir(parents=True, exist_ok=True)
    from tdapp.gui.app import build_main, make_application

    app = make_application()
    main_controller = build_main()
    check = Check(app, out)
    try:
        if not main_controller.files.open_path(file):
            check.problems.append(f"{file}: the tournament did not open")
        else:
            run_checks(main_controller, check)
        facts = _facts()
        check.problems += [f"ICU: {name} does not work" for name, works in facts["icu"].items()
                           if not works]
        report = {"shown": check.shown, **facts, "problems": check.problems}
    finally:
        main_controller.games.close_all()
        main_controller.shutdown()
    print(json.dumps(report))
    return 1 if check.problems else 0
