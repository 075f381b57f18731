"""The GUI's one layout, checked from the source (no window is opened).

A feature lives in ``tdapp/gui/<feature>/`` with its views and its controller; views build
widgets and emit signals, controllers connect them to the services through the AppController.
Menus are built in tdapp/gui/window/menus.py and colours live in tdapp/gui/theme.py. The tests
follow the same map: tests/gui/<feature>/.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tdapp.gui

GUI = Path(tdapp.gui.__file__).parent
TYPE_FOLDERS = ("pages", "dialogs", "controllers", "models", "views", "widgets")

# Views that still reach the services themselves; each is a debt to pay by giving it a
# controller, never a list to grow. Empty: every view has its controller (issue 13).
VIEWS_CALLING_SERVICES: set[str] = set()


def _modules() -> list[Path]:
    return sorted(p for p in GUI.rglob("*.py") if "__pycache__" not in p.parts)


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _name(path: Path) -> str:
    return path.relative_to(GUI).as_posix()


def test_no_folder_sorts_files_by_type() -> None:
    folders = {p.name for p in GUI.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert not folders & set(TYPE_FOLDERS)
    for folder in folders:
        assert (GUI / folder / "__init__.py").is_file(), f"gui/{folder} is not a package"


def test_only_controllers_hold_the_app_controller() -> None:
    holders = {_name(p) for p in _modules()
               if "tdapp.gui.controller.AppController" in _imports(p)}
    controllers = {n for n in holders
                   if n.endswith(("controller.py", "round_end.py"))}
    views = holders - controllers
    assert views <= VIEWS_CALLING_SERVICES, (
        f"a view reaches the services: give it a controller: {sorted(views)}")
    assert views >= VIEWS_CALLING_SERVICES, "a debt was paid: take it off the list"


def test_menus_are_found_by_name_not_by_getattr() -> None:
    for path in _modules():
        source = path.read_text(encoding="utf-8")
        assert "getattr(window" not in source and "getattr(self.window" not in source, (
            f"{_name(path)} looks the window's parts up by name: use window.menus")
        assert ".menuBar()" not in source or _name(path) in {
            "window/menus.py", "window/main_window.py"}, (
            f"{_name(path)} reaches into the menu bar: use window.menus.add(Menu.X, action)")


def test_style_sheets_are_written_only_by_the_theme() -> None:
    writers = {_name(p) for p in _modules() if ".setStyleSheet(" in p.read_text("utf-8")}
    assert writers == {"theme.py"}, writers


def test_colours_are_named_in_the_theme() -> None:
    """A colour written as #rrggbb belongs in gui/theme.py; the map keeps its own drawing
    palette (colour-blind-safe power colours, terrain) beside the code that paints it."""
    literal = re.compile(r"#[0-9a-fA-F]{6}\b|['\"]#[0-9a-fA-F]{3}['\"]|color:\s*#")
    offenders = {_name(p) for p in _modules()
                 if literal.search(p.read_text("utf-8"))} - {"theme.py", "game/map_view.py"}
    assert not offenders, offenders


def test_gui_tests_live_in_feature_folders() -> None:
    """A GUI test sits beside its feature's other tests (tests/gui/players/ for gui/players/);
    only this file, which checks the whole GUI, stays at the top."""
    here = Path(__file__).resolve()
    flat = sorted(p.name for p in here.parent.glob("test_*.py") if p != here)
    assert not flat, f"move into tests/gui/<feature>/: {flat}"
