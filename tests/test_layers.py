"""The layers of DESIGN.md: core imports neither Qt nor SQLAlchemy; store, services, reports and
commands import no Qt; nothing imports the GUI from below it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tdapp"

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "core": ("PySide6", "shiboken6", "sqlalchemy", "alembic", "tdapp.store", "tdapp.services",
             "tdapp.reports", "tdapp.gui", "tdapp.commands", "reportlab", "openpyxl"),
    "store": ("PySide6", "shiboken6", "tdapp.services", "tdapp.reports", "tdapp.gui"),
    "services": ("PySide6", "shiboken6", "tdapp.gui"),
    "reports": ("PySide6", "shiboken6", "tdapp.gui"),
    "commands": ("PySide6", "shiboken6", "tdapp.gui"),
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def layer_files():
    for layer, forbidden in FORBIDDEN.items():
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            yield pytest.param(path, forbidden, id=str(path.relative_to(PACKAGE)))


@pytest.mark.parametrize(("path", "forbidden"), list(layer_files()))
def test_layer_imports(path: Path, forbidden: tuple[str, ...]) -> None:
    bad = sorted(
        name for name in imported_modules(path)
        if any(name == f or name.startswith(f + ".") for f in forbidden)
    )
    assert not bad, f"{path.relative_to(PACKAGE)} imports {bad}, which its layer must not"


def test_core_imports_without_qt_or_sqlalchemy() -> None:
    import subprocess
    import sys

    code = (
        "import sys, tdapp.core, pkgutil, importlib\n"
        "for m in pkgutil.walk_packages(tdapp.core.__path__, 'tdapp.core.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'sqlalchemy')]\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
