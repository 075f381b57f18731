"""The test suite's own layout: every folder of tests/ is a package, so pytest names each test
module by its path (tests.gui.players.test_gui_players) and two folders may hold modules of one
name; helpers are imported by that path (tests.core.adjudication.judge_helpers), never by a bare
module name that only works when pytest happens to put the folder on sys.path."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
NOT_PACKAGES = {"benchmarks", "__pycache__", ".hypothesis", "data"}  # scripts, caches, files


def _folders() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*") if p.is_dir()
                  and not NOT_PACKAGES & set(p.relative_to(TESTS).parts))


def test_every_test_folder_is_a_package() -> None:
    missing = [str(p.relative_to(TESTS)) for p in [TESTS, *_folders()]
               if not (p / "__init__.py").is_file()]
    assert not missing, f"add an empty __init__.py to: {missing}"


def test_helpers_are_imported_by_their_path() -> None:
    helpers = {p.stem for folder in [TESTS, *_folders()] for p in folder.glob("*.py")
               if not p.name.startswith(("test_", "conftest", "__init__"))}
    bare = []
    for path in [*TESTS.glob("*.py"), *(p for f in _folders() for p in f.glob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module] if isinstance(node, ast.ImportFrom) and node.module
                     and not node.level else
                     [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            bare += [f"{path.relative_to(TESTS)}: {n}" for n in names
                     if n.split(".")[0] in helpers]
    assert not bare, f"import these as tests.<folder>.<module>: {bare}"
