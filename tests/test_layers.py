"""The layers of ARCHITECTURE.md, enforced: the import-linter contracts of pyproject.toml
(core < store | reports < services < commands < gui < cli; no Qt, database or documents in the
core; formats never import the tournament; no import cycles in the core, the store, the services,
the reports or the commands) hold, and the core imports everything at the top of its modules (an
import inside a function is how a cycle hides)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "tdapp" / "core"

LINT = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"


def test_the_import_contracts_hold() -> None:
    # cwd is the checkout, so ``tdapp`` is this tree's package even when another one is installed
    result = subprocess.run([sys.executable, "-c", LINT, "--no-cache", "--no-logo"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_the_contracts_name_every_top_level_part_of_tdapp() -> None:
    """A new package or module beside core, store, ... must be placed in the layers."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers = config["tool"]["importlinter"]["contracts"][0]["layers"]
    placed = {name.strip() for layer in layers for name in layer.replace(":", "|").split("|")}
    parts = {f"tdapp.{p.stem}" for p in (ROOT / "tdapp").iterdir()
             if (p.is_dir() and (p / "__init__.py").exists())
             or (p.suffix == ".py" and p.stem not in ("__init__", "__main__"))}
    assert parts <= placed, f"not in the layers contract: {sorted(parts - placed)}"


def _imports_inside_functions(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found += [f"{path.relative_to(ROOT)}:{node.lineno}" for node in ast.walk(func)
                      if isinstance(node, (ast.Import, ast.ImportFrom))]
    return found


@pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: str(p.relative_to(CORE)))
def test_the_core_imports_at_the_top_of_its_modules(path: Path) -> None:
    assert not _imports_inside_functions(path)


def test_core_imports_without_qt_or_sqlalchemy() -> None:
    code = (
        "import sys, tdapp.core, pkgutil, importlib\n"
        "for m in pkgutil.walk_packages(tdapp.core.__path__, 'tdapp.core.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'sqlalchemy')]\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


BELOW_GUI = sorted(
    [ROOT / "tdapp" / "cli.py"]
    + [path for part in ("store", "services", "reports", "commands", "web")
       for path in (ROOT / "tdapp" / part).rglob("*.py")])
# Not tidied yet; their lazy imports hide no cycle (lint-imports counts them, and passes).
NOT_YET_EXPLAINED: set[str] = set()


def _unexplained_lazy_imports(path: Path) -> list[str]:
    """Imports of tdapp inside functions with no comment on their line or above their group."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for where in _imports_inside_functions(path):
        number = int(where.rsplit(":", 1)[1])
        line = lines[number - 1]
        above = number - 2
        while lines[above].strip().startswith(("from ", "import ")):
            above -= 1
        if ("tdapp" in line.split("#")[0] and "#" not in line
                and not lines[above].strip().startswith("#")):
            found.append(f"{where}: {line.strip()}")
    return found


@pytest.mark.parametrize("path", BELOW_GUI, ids=lambda p: str(p.relative_to(ROOT / "tdapp")))
def test_a_lazy_import_below_the_gui_says_why(path: Path) -> None:
    """Below the GUI, tdapp is imported at the top of a module; an import inside a function
    must say why it waits (speed, Qt, an optional dependency): a cycle never is the reason,
    the acyclic contracts above forbid one either way."""
    if str(path.relative_to(ROOT)) in NOT_YET_EXPLAINED:
        pytest.skip("not tidied yet (see NOT_YET_EXPLAINED)")
    assert not _unexplained_lazy_imports(path)


TYPED = sorted(path for part in ("core", "store", "services", "reports", "commands", "gui", "web")
               for path in (ROOT / "tdapp" / part).rglob("*.py"))
# GUI modules mypy still looks away from ([[tool.mypy.overrides]] ignore_errors in
# pyproject.toml): none now, every branch's GUI folders are clean.
NOT_YET_TYPED: tuple[str, ...] = ()


@pytest.mark.parametrize("path", TYPED, ids=lambda p: str(p.relative_to(ROOT / "tdapp")))
def test_a_type_ignore_names_its_code_and_says_why(path: Path) -> None:
    """mypy checks these folders; where it is told to look away, the code and the reason are
    written down (on the line, or in a comment just above)."""
    if str(path.relative_to(ROOT / "tdapp")).startswith(NOT_YET_TYPED):
        pytest.skip("mypy does not check it yet (see NOT_YET_TYPED)")
    lines = path.read_text(encoding="utf-8").splitlines()
    bare = []
    for number, line in enumerate(lines, 1):
        if "# type: ignore" not in line:
            continue
        after = line.split("# type: ignore", 1)[1]
        named = after.startswith("[")
        reason = "#" in after or (number > 1 and lines[number - 2].strip().startswith("#"))
        if not (named and reason):
            bare.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not bare
