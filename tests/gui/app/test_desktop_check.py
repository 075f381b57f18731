"""Issue 14: on a fresh Linux desktop the window did not open until libxcb-icccm4 and
libxcb-keysyms1 (and libxcb-cursor0 on Qt 6.5 and later) were installed, and Qt's own message
named none of them. The program now says which Debian packages to install."""

from __future__ import annotations

import subprocess
import sys

from tdapp.gui.desktop_check import XCB_LIBRARIES, check_desktop, missing_packages, uses_xcb

X11 = {"DISPLAY": ":0"}


def _without(*absent: str):
    return lambda soname: soname not in absent


def test_a_fresh_desktop_is_told_the_packages_in_one_line() -> None:
    message = check_desktop((6, 11), X11, _without("libxcb-icccm.so.4", "libxcb-keysyms.so.1",
                                                   "libxcb-cursor.so.0"), "linux")
    assert message is not None and "\n" not in message
    assert message.endswith("sudo apt install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1")


def test_cursor_library_only_from_qt_6_5() -> None:
    loads = _without("libxcb-cursor.so.0")
    assert missing_packages((6, 4), loads) == []
    assert missing_packages((6, 5), loads) == ["libxcb-cursor0"]


def test_nothing_said_when_everything_loads_or_xcb_is_not_used() -> None:
    assert check_desktop((6, 11), X11, lambda soname: True, "linux") is None
    nothing = _without(*XCB_LIBRARIES, "libxcb-cursor.so.0")
    assert check_desktop((6, 11), {"QT_QPA_PLATFORM": "offscreen"}, nothing, "linux") is None
    assert check_desktop((6, 11), X11, nothing, "win32") is None
    assert check_desktop((6, 11), {"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, nothing,
                         "linux") is None
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb"}, "linux")


def test_this_machine_has_what_the_window_needs() -> None:
    """The real loader on this machine (which has the packages): nothing is missing."""
    assert missing_packages((6, 11)) == []


def test_the_program_prints_the_message_and_stops(tmp_path) -> None:
    """The check runs before QApplication: simulated here by a library name nobody has."""
    script = ("import tdapp.gui.desktop_check as d, sys;"
              "d.XCB_LIBRARIES['libno-such-xcb.so.9'] = 'libno-such-xcb9';"
              "from tdapp.gui.app import run_gui;"
              "import argparse; sys.exit(run_gui(argparse.Namespace()))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env={"DISPLAY": ":1", "PATH": "/usr/bin:/bin",
                               "PYTHONPATH": ":".join(sys.path)}, timeout=60, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.strip() == ("tdapp: this desktop lacks libraries Qt needs to open a "
                                   "window; install them with: sudo apt install libno-such-xcb9")
