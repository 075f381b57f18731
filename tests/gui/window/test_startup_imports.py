"""What ``tdapp FILE`` imports before its window shows: kept to a list, so start-up stays quick.

A fresh Python opens the main window on the 49-player demo file offscreen, exactly as
``tdapp FILE --smoke-screenshot PNG`` does, and lists the tdapp modules it loaded, and any of
the heavy libraries that only some commands need (Alembic, reportlab, openpyxl, psycopg).
A page, a dialog or a document builder is imported when it is first used, so none of them
belongs here; the Tournament page (shown when a file opens) and the Boards page (Round > Seat
round reads it) do. ``tests/benchmarks/bench_startup.py`` times the same start.

A module outside ``startup_modules.txt`` fails the test. If the first window really needs it,
rewrite the list (and say why in the commit):

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.gui.window.test_startup_imports --write
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
ALLOWED = Path(__file__).with_name("startup_modules.txt")
HEAVY = ("alembic", "reportlab", "openpyxl", "psycopg", "psycopg2", "uvicorn", "starlette",
         "jinja2")  # the players' page's server loads when File › Players' page… starts it
UPDATE = ("QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.gui.window.test_startup_imports "
          "--write")

# Run in the fresh Python: the command line's own path to the window, then the module list.
# os._exit skips the interpreter's teardown, which has nothing to do with what was imported.
PROBE = """
import json, os, sys
from tdapp.cli import main
code = main([sys.argv[1], "--smoke-screenshot", sys.argv[2]])
heavy = {heavy!r}
loaded = sorted(m for m in sys.modules if m == "tdapp" or m.startswith("tdapp.")
                or m.split(".")[0] in heavy)
print(json.dumps({{"code": code, "modules": loaded}}), flush=True)
os._exit(0)
"""


def startup_modules(tournament: Path, folder: Path) -> list[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TDAPP_SETTINGS_SCOPE": "tests",
           "TDAPP_SETTINGS_DIR": str(folder), "TDAPP_PORTABLE_DIR": str(folder / "portable")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(heavy=HEAVY), str(tournament),
         str(folder / "window.png")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert answer["code"] == 0, f"the window did not show: {done.stderr}"
    assert (folder / "window.png").stat().st_size > 0
    return list(answer["modules"])


def allowed_modules() -> set[str]:
    lines = ALLOWED.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def test_the_window_shows_without_importing_more_than_the_list(demo_file: Path,
                                                               tmp_path: Path) -> None:
    loaded = startup_modules(demo_file, tmp_path)
    assert "tdapp.gui.window.controller" in loaded, "the probe did not start the window"
    heavy = [m for m in loaded if m.split(".")[0] in HEAVY]
    assert not heavy, (
        f"start-up imports {sorted({m.split('.')[0] for m in heavy})}: a library only some "
        "commands need; import it in the function that uses it (with a comment saying why)")
    extra = sorted(set(loaded) - allowed_modules())
    assert not extra, (
        f"start-up now imports {len(extra)} module(s) outside "
        f"{ALLOWED.relative_to(ROOT)}: {', '.join(extra)}. Import a page, dialog or document "
        "builder where it is first used; if the first window really needs it, rewrite the "
        f"list with: {UPDATE}")


def _write() -> None:
    from tdapp.commands.demo import write_demo

    with tempfile.TemporaryDirectory() as folder:
        demo = write_demo(Path(folder) / "demo.tdt", players=49, format_name="wdc-2025",
                          rounds_played=2)
        loaded = startup_modules(demo, Path(folder))
    header = ("# The modules `tdapp FILE` imports before its window shows (49-player demo file).\n"
              f"# Written by: {UPDATE}\n")
    ALLOWED.write_text(header + "\n".join(m for m in loaded if m.startswith("tdapp")) + "\n",
                       encoding="utf-8")
    print(f"{ALLOWED}: {len(loaded)} modules")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit(__doc__)
    _write()
