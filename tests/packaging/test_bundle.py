"""Build the Linux one-folder bundle and run the built program offscreen (slow: ~2-4 minutes)."""

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


def _run(bundle: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TDAPP_SETTINGS_SCOPE": "tests"}
    return subprocess.run([str(bundle / "tdapp" / "tdapp"), *args], capture_output=True,
                          text=True, timeout=300, env=env)


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
