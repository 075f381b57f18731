"""The built Windows program's windows: run on a real Windows only (marked ``windows_gui``).

Wine 8 cannot open them: Qt6Core.dll links Windows' own icuuc.dll (Windows 10 1703 and later),
which Wine lacks. So .ci/run's Wine stage checks everything but the windows, and these tests are
run by hand on a Windows machine, on the unzipped build:

    set TDAPP_WINDOWS_DIST=C:\\path\\to\\tdapp      (the folder with tdapp.exe and tdapp.com)
    python -m pytest -m windows_gui tests/packaging/test_windows_gui.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.windows_gui,
    pytest.mark.skipif(sys.platform != "win32" or not os.environ.get("TDAPP_WINDOWS_DIST"),
                       reason="needs Windows and TDAPP_WINDOWS_DIST (the unzipped build)"),
]


def _tdapp(*args: str) -> subprocess.CompletedProcess[str]:
    folder = Path(os.environ["TDAPP_WINDOWS_DIST"])
    return subprocess.run([str(folder / "tdapp.com"), *args], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "TDAPP_SETTINGS_SCOPE": "tests"})


def test_the_main_window_opens_on_a_demo(tmp_path: Path) -> None:
    demo = tmp_path / "demo.tdt"
    made = _tdapp("demo", "--out", str(demo))
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["file"] == str(demo)
    shot = tmp_path / "smoke.png"
    result = _tdapp(str(demo), "--smoke-screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000  # a real picture of the main window


def test_the_windows_style_and_svg_plugins_load(tmp_path: Path) -> None:
    """The plugins the build keeps (slim.WINDOWS_KEPT_PLUGINS) are the ones Qt picks."""
    folder = Path(os.environ["TDAPP_WINDOWS_DIST"])
    code = ("from PySide6.QtWidgets import QApplication, QStyleFactory;"
            "from PySide6.QtGui import QImageReader;"
            "app = QApplication([]);"
            "print(app.style().name(), 'svg' in [bytes(f).decode() for f in "
            "QImageReader.supportedImageFormats()])")
    result = subprocess.run([str(folder / "runtime" / "python.exe"), "-c", code],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    style, svg = result.stdout.split()
    assert style.lower() in ("windows11", "windowsvista"), style
    assert svg == "True"
