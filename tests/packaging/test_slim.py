"""What the bundle leaves out (packaging/pyinstaller/slim.py), on made-up PyInstaller TOCs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging" / "pyinstaller"))

from slim import (  # noqa: E402
    KEPT_PLUGIN_FOLDERS,
    KEPT_PLUGINS,
    prune_unreachable,
    slim,
    symlink_target,
    unused_modules,
    unused_qt_file,
)

PLUGINS = "PySide6/Qt/plugins/"


@pytest.mark.parametrize("name", [
    PLUGINS + "platforms/libqxcb.so", PLUGINS + "platforms/libqoffscreen.so",
    PLUGINS + "platforms/libqwayland.so", PLUGINS + "imageformats/libqsvg.so",
    PLUGINS + "iconengines/libqsvgicon.so", PLUGINS + "xcbglintegrations/libqxcb-glx-integration.so",
    PLUGINS + "platforminputcontexts/libcomposeplatforminputcontextplugin.so",
    PLUGINS + "platformthemes/libqxdgdesktopportal.so",
    PLUGINS + "wayland-shell-integration/libxdg-shell.so",
    "PySide6/Qt/lib/libQt6Core.so.6", "resources/icons/tdapp.svg", "libpython3.11.so.1.0",
])
def test_what_tdapp_loads_is_kept(name: str) -> None:
    assert not unused_qt_file(name)


@pytest.mark.parametrize("name", [
    "PySide6/Qt/translations/qtbase_de.qm", PLUGINS + "platforms/libqvnc.so",
    PLUGINS + "platforms/libqeglfs.so", PLUGINS + "imageformats/libqjpeg.so",
    PLUGINS + "imageformats/libqtiff.so", PLUGINS + "tls/libqopensslbackend.so",
    PLUGINS + "networkinformation/libqnetworkmanager.so", PLUGINS + "generic/libqevdevmouseplugin.so",
    PLUGINS + "platformthemes/libqgtk3.so",
    PLUGINS + "platforminputcontexts/libqtvirtualkeyboardplugin.so",
    PLUGINS + "wayland-graphics-integration-client/libvulkan-server.so",
    PLUGINS + "egldeviceintegrations/libqeglfs-kms-integration.so",
])
def test_what_tdapp_never_loads_is_left_out(name: str) -> None:
    assert unused_qt_file(name)


def test_every_kept_plugin_exists_in_the_installed_pyside6() -> None:
    """A PySide6 upgrade that renames a plugin must fail here, not in a TD's hands."""
    pyside = pytest.importorskip("PySide6")
    plugins = Path(pyside.__file__).parent / "Qt" / "plugins"
    if not plugins.is_dir():
        pytest.skip("not a Linux PySide6 wheel")
    for folder, names in KEPT_PLUGINS.items():
        for name in names:
            assert (plugins / folder / name).is_file(), f"{folder}/{name}"
    for folder in KEPT_PLUGIN_FOLDERS - {"multimedia"}:  # only the full PySide6 has that one
        assert (plugins / folder).is_dir(), folder


LINKS = {  # what each made-up library names in its ELF NEEDED entries
    "/src/QtGui.abi3.so": ["libQt6Gui.so.6"],
    "/src/libQt6Gui.so.6": ["libQt6Core.so.6", "libfontconfig.so.1"],
    "/src/libQt6Core.so.6": ["libicuuc.so.73", "libc.so.6"],
    "/src/libicuuc.so.73": ["libicudata.so.73"],
    "/src/libqxcb.so": ["libQt6XcbQpa.so.6"],
    "/src/libQt6XcbQpa.so.6": ["libQt6Gui.so.6"],
    "/src/libqgtk3.so": ["libcairo.so.2"],
    "/src/libcairo.so.2": ["libpixman-1.so.0"],
}


def _entry(name: str, kind: str = "BINARY") -> tuple[str, str, str]:
    return name, "/src/" + Path(name).name, kind


def _needed(path: str) -> list[str]:
    return LINKS.get(path, [])


def test_pruning_keeps_what_the_kept_files_link_to_and_drops_the_rest() -> None:
    binaries = [
        _entry("PySide6/QtGui.abi3.so", "EXTENSION"), _entry("PySide6/Qt/lib/libQt6Gui.so.6"),
        _entry("PySide6/Qt/lib/libQt6Core.so.6"), _entry("PySide6/Qt/lib/libicuuc.so.73"),
        _entry("PySide6/Qt/lib/libicudata.so.73"), _entry("libfontconfig.so.1"),
        _entry(PLUGINS + "platforms/libqxcb.so"), _entry("PySide6/Qt/lib/libQt6XcbQpa.so.6"),
        _entry("libcairo.so.2"), _entry("libpixman-1.so.0"), _entry("libpython3.11.so.1.0"),
    ]
    kept = {e[0] for e in prune_unreachable(binaries, _needed)}
    assert kept == {e[0] for e in binaries} - {"libcairo.so.2", "libpixman-1.so.0"}


def test_slim_drops_a_plugin_with_the_libraries_only_it_needed_and_their_links() -> None:
    binaries = [_entry(PLUGINS + "platforms/libqxcb.so"),
                _entry("PySide6/Qt/lib/libQt6XcbQpa.so.6"), _entry("PySide6/Qt/lib/libQt6Gui.so.6"),
                _entry("PySide6/Qt/lib/libQt6Core.so.6"), _entry("libfontconfig.so.1"),
                _entry(PLUGINS + "platformthemes/libqgtk3.so"), _entry("libcairo.so.2"),
                _entry("libpixman-1.so.0")]
    datas = [("libQt6Gui.so.6", "PySide6/Qt/lib/libQt6Gui.so.6", "SYMLINK"),
             ("libcairo-link.so", "libcairo.so.2", "SYMLINK"),
             ("PySide6/Qt/translations/qtbase_fr.qm", "/src/qtbase_fr.qm", "DATA"),
             ("resources/maps/standard.json", "/src/standard.json", "DATA")]
    kept_binaries, kept_datas = slim(binaries, datas, _needed)
    assert {e[0] for e in kept_binaries} == {
        PLUGINS + "platforms/libqxcb.so", "PySide6/Qt/lib/libQt6XcbQpa.so.6",
        "PySide6/Qt/lib/libQt6Gui.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "libfontconfig.so.1"}
    assert [e[0] for e in kept_datas] == ["libQt6Gui.so.6", "resources/maps/standard.json"]


def test_a_symlink_target_is_read_from_the_link_s_own_folder() -> None:
    assert symlink_target(("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK")) == \
        "PySide6/Qt/lib/libQt6Core.so.6"
    assert symlink_target(("a/b/lib.so", "../c/lib.so.1", "SYMLINK")) == "a/c/lib.so.1"


def test_the_smaller_icu_data_keeps_the_services_qtcore_calls(tmp_path: Path) -> None:
    """Built from the installed PySide6's ICU: the unused trees are gone, the rest is there."""
    import shutil
    import subprocess

    from icu_data import UNUSED_TREES, trimmed_library

    if shutil.which("icupkg") is None or shutil.which("cc") is None:
        pytest.skip("needs icupkg (Debian's icu-devtools) and a C compiler")
    pyside = pytest.importorskip("PySide6")
    found = sorted((Path(pyside.__file__).parent / "Qt" / "lib").glob("libicudata.so.*"))
    if not found:
        pytest.skip("not a Linux PySide6 wheel")
    trimmed = trimmed_library(found[0], tmp_path)
    assert trimmed.name == found[0].name  # the same soname, so QtCore's ICU finds it
    assert trimmed.stat().st_size < found[0].stat().st_size * 0.7
    items = subprocess.run(["icupkg", "-l", str(next((tmp_path / "out").glob("*.dat")))],
                           capture_output=True, text=True, check=True).stdout.split()
    assert not [item for item in items if item.startswith(UNUSED_TREES)]
    for kept in ("coll/sv.res", "coll/ucadata.icu", "zone/fr.res", "cnvalias.icu", "de.res"):
        assert kept in items, kept


def test_qtnetwork_stays_when_qtmultimedia_needs_it() -> None:
    assert "PySide6.QtNetwork" in unused_modules(has_multimedia=False)
    assert "PySide6.QtNetwork" not in unused_modules(has_multimedia=True)
    assert "PySide6.QtMultimedia" not in unused_modules(has_multimedia=True)
    assert not unused_qt_file(PLUGINS + "multimedia/libffmpegmediaplugin.so")


def test_used_qt_modules_are_the_ones_tdapp_imports() -> None:
    """The Windows build keeps only USED_QT_MODULES (and the optional ones): a new import of
    another Qt module must be added there, or the Windows program would fail to start it."""
    import re

    from slim import OPTIONAL_QT_MODULES, USED_QT_MODULES

    imported = set()
    for path in (ROOT / "tdapp").rglob("*.py"):
        imported |= set(re.findall(r"PySide6\.(Qt\w+)", path.read_text(encoding="utf-8")))
    assert imported <= set(USED_QT_MODULES) | set(OPTIONAL_QT_MODULES), imported
    assert set(USED_QT_MODULES) <= imported


def test_windows_plugins_follow_the_same_choice() -> None:
    from slim import unused_windows_qt_file

    assert not unused_windows_qt_file("PySide6/plugins/platforms/qwindows.dll")
    assert not unused_windows_qt_file("PySide6/plugins/iconengines/qsvgicon.dll")  # shared folder
    assert unused_windows_qt_file("PySide6/plugins/platforms/qminimal.dll")
    assert unused_windows_qt_file("PySide6/translations/qtbase_fr.qm")
    assert not unused_windows_qt_file("PySide6/Qt6Core.dll")
