"""Real station windows under an X server (Xvfb), for the two-window test and the latency
benchmark: a free display, a station process (``python -m tdapp URL``) whose probe file says
what its window shows (tdapp/gui/venue/probe.py), and waiting with a deadline."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "xdotool")


def missing_tools(*extra: str) -> list[str]:
    return [tool for tool in (*TOOLS, *extra) if shutil.which(tool) is None]


def free_display(first: int = 93) -> int:
    for number in range(first, first + 40):
        if not Path(f"/tmp/.X{number}-lock").exists() and \
                not Path(f"/tmp/.X11-unix/X{number}").exists():
            return number
    raise RuntimeError("no free X display number")


def wait(what: str, check: Callable[[], object], timeout: float, every: float = 0.05
         ) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


@contextlib.contextmanager
def xvfb() -> Iterator[str]:
    """A fresh Xvfb on a free display number (its DISPLAY), stopped afterwards."""
    # pytest-xdist workers (gw0, gw1...) look in ranges of their own, so two never take one
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    number = free_display(93 + 40 * (int(worker) if worker.isdigit() else 0))
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1920x1080x24",
                               "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        wait("Xvfb", lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 10)
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


def _probe(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


class Station:
    """One ``python -m tdapp URL`` process on the X display, and what its window shows
    (``page`` and ``tab``: what it shows once the tournament is open, see the probe)."""

    def __init__(self, name: str, url: str, display: str, folder: Path,
                 page: str = "", tab: str = "") -> None:
        self.name = name
        self.probe_file = folder / f"{name}.json"
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb",
                   TDAPP_STATION_PROBE=str(self.probe_file), TDAPP_STATION=f"{name}-laptop",
                   TDAPP_SETTINGS_DIR=str(folder / f"{name}-settings"),
                   TDAPP_PORTABLE_DIR=str(folder / f"{name}-portable"),
                   TDAPP_VENUE_COPIES=str(folder / f"{name}-copies"),
                   PYTHONPATH=str(ROOT))
        if page:
            env["TDAPP_STATION_PROBE_PAGE"] = page
        if tab:
            env["TDAPP_STATION_PROBE_TAB"] = tab
        self.log = (folder / f"{name}.log").open("w")
        self.process = subprocess.Popen([sys.executable, "-m", "tdapp", url], env=env,
                                        cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)

    def state(self) -> dict:
        return _probe(self.probe_file)

    def shared(self) -> bool:
        assert self.process.poll() is None, f"{self.name} station exited: see {self.log.name}"
        return self.state().get("file_label", "").startswith("Shared:")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(10)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.log.close()


def xdotool(display: str, *args: str) -> str:
    done = subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=display),
                          capture_output=True, text=True, timeout=20, check=True)
    return done.stdout.strip()
