"""Before Qt starts on a Linux desktop: are the X11 (xcb) libraries Qt's window plugin needs there?

Without them Qt prints "could not load the Qt platform plugin xcb" and aborts, and a TD on a fresh
desktop sees nothing useful. This check names the Debian packages to install instead. It loads no
Qt; the loader is a parameter so that a missing library can be simulated in a test.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping

# The xcb plugin's own libraries (ldd of libqxcb.so / libQt6XcbQpa.so) and their Debian packages.
XCB_LIBRARIES: dict[str, str] = {
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}
# Qt 6.5 and later also needs the cursor library.
XCB_CURSOR = ("libxcb-cursor.so.0", "libxcb-cursor0")


def _loads(soname: str) -> bool:
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def uses_xcb(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Qt will start its X11 plugin: Linux, an X display, no other platform asked for."""
    if not platform.startswith("linux"):
        return False
    asked = environ.get("QT_QPA_PLATFORM", "")
    if asked:
        return asked.split(";")[0].startswith("xcb")
    if environ.get("WAYLAND_DISPLAY"):
        return False  # Qt 6 prefers its Wayland plugin there
    return bool(environ.get("DISPLAY"))


def missing_packages(qt_version: tuple[int, int], loads: Callable[[str], bool] = _loads
                     ) -> list[str]:
    """The Debian packages whose library the xcb plugin needs and cannot load."""
    needed = dict(XCB_LIBRARIES)
    if qt_version >= (6, 5):
        needed[XCB_CURSOR[0]] = XCB_CURSOR[1]
    return sorted({package for soname, package in needed.items() if not loads(soname)})


def desktop_message(missing: list[str]) -> str:
    return ("tdapp: this desktop lacks libraries Qt needs to open a window; install them with: "
            f"sudo apt install {' '.join(missing)}")


def check_desktop(qt_version: tuple[int, int], environ: Mapping[str, str] | None = None,
                  loads: Callable[[str], bool] = _loads, platform: str = sys.platform
                  ) -> str | None:
    """The one-line message to print before Qt would die, or None when the window can open."""
    environ = os.environ if environ is None else environ
    if not uses_xcb(environ, platform):
        return None
    missing = missing_packages(qt_version, loads)
    return desktop_message(missing) if missing else None
