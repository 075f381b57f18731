from __future__ import annotations

import subprocess
import sys

from tdapp import __version__


def run_tdapp(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tdapp", *args], input=stdin, capture_output=True, text=True,
        timeout=120,
    )


def test_version() -> None:
    result = run_tdapp("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"tdapp {__version__}"


def test_help_lists_subcommands() -> None:
    result = run_tdapp("--help")
    assert result.returncode == 0
    for name in ("demo", "adjudicate", "score", "seat", "clock", "standings", "export"):
        assert name in result.stdout
