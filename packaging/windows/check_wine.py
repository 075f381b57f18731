"""Check the Windows build under Wine (run on Linux by .ci/run after build.sh):

    python packaging/windows/check_wine.py DIST

Unpacks the zip and runs its python.exe and launchers under Wine: ``--version``, the JSON
commands (their output compared with this Linux tdapp's on the same input), ``standings`` and
``export`` of a demo file made on Linux, ``demo`` (its file then read back on Linux), the
players' page (``tdapp web`` served by Windows, read and posted to from Linux), the
Windows-only code paths (probe.py: the msvcrt lock from two processes, drive types, settings
folder), the windowless launcher, and the NSIS installer run silently, the installed tdapp
answering, then its uninstaller (which must leave a tournament in the folder alone).
Prints one line per check and exits 1 if any failed.

What cannot run here: the windows. Qt6Core.dll needs Windows' own icuuc.dll (Windows 10 1703+),
which Wine 8 does not have, so the GUI tests are Windows-only (listed in packaging/README.md).
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ADJUDICATE = {
    "phase": "S1901M",
    "units": {"ENGLAND": ["F NTH", "A YOR"], "FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
    "centers": {"ENGLAND": ["LON", "EDI", "LVP"], "FRANCE": ["PAR", "MAR", "BRE"]},
    "orders": {"ENGLAND": ["F NTH C A YOR - NWY", "A YOR - NWY"], "FRANCE": ["A PAR - BUR"],
               "GERMANY": ["A MUN - BUR"]},
    "rules": {},
}
SCORE = {  # CONTRACTS.md's example
    "system": "haight", "end_year": 1909, "solo": None,
    "centers": {"AUSTRIA": 10, "ENGLAND": 9, "FRANCE": 8, "GERMANY": 5, "ITALY": 2, "RUSSIA": 0,
                "TURKEY": 0},
    "eliminated": {"RUSSIA": 1905, "TURKEY": 1907},
}
SEAT = {"players": [f"player{i:02d}" for i in range(14)], "seed": 7, "time_limit": 1}


def windows_path(path: Path) -> str:
    """Wine's Z: drive is Linux's root: Z:\\tmp\\x.tdt (backslashes and a drive letter)."""
    return "Z:" + str(path.resolve()).replace("/", "\\")


class Checker:
    def __init__(self, dist: Path, work: Path, prefix: Path) -> None:
        self.dist, self.work = dist, work
        self.folder = work / "unzipped" / "tdapp"  # the zip as a TD unpacks it (main)
        self.env = {**os.environ, "WINEPREFIX": str(prefix.resolve()), "WINEDEBUG": "-all",
                    "WINEDLLOVERRIDES": "mscoree,mshtml="}
        self.env.pop("DISPLAY", None)  # no window: Wine would try to open one
        self.failures: list[str] = []
        self.ran = 0

    def wine(self, *args: str, stdin: str | None = None, timeout: float = 300
             ) -> subprocess.CompletedProcess[str]:
        # Separate pipes for stdout and stderr: Wine 8 gives the launcher's child an invalid
        # handle when stderr is a regular Linux file (real Windows has no such trouble).
        return subprocess.run(["wine", *args], input=stdin if stdin is not None else "",
                              capture_output=True, text=True, env=self.env, timeout=timeout,
                              encoding="utf-8", errors="replace")

    def linux(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        env = {**os.environ}
        return subprocess.run([sys.executable, "-m", "tdapp", *args], input=stdin or "",
                              capture_output=True, text=True, env=env, timeout=300)

    def check(self, name: str, test: Callable[[], str]) -> None:
        started = time.monotonic()
        self.ran += 1
        try:
            detail = test()
            print(f"ok   {name} ({time.monotonic() - started:.0f} s){': ' + detail if detail else ''}",
                  flush=True)
        except Exception as problem:  # noqa: BLE001 (every failure is reported, then exit 1)
            self.failures.append(name)
            print(f"FAIL {name}: {problem}", flush=True)

    # --- the program ------------------------------------------------------------------------

    def python(self, *args: str) -> subprocess.CompletedProcess[str]:
        """``python.exe -m tdapp ...``: the runtime itself, as the issue's checks name it."""
        return self.wine(str(self.folder / "runtime" / "python.exe"), "-m", "tdapp", *args)

    def console(self, *args: str) -> subprocess.CompletedProcess[str]:
        """``tdapp.com ...``: what a TD types in a command prompt."""
        return self.wine(str(self.folder / "tdapp.com"), *args)


def _a_player_code(path: Path) -> tuple[str, str]:
    """Codes made on Linux (the TD's codes sheet does this): the first player's name and code."""
    from tdapp.services import player_codes
    from tdapp.services.files import close_tournament, open_tournament

    db = open_tournament(path)
    try:
        player_codes.ensure_codes(db)
        first = player_codes.list_codes(db)[0]
    finally:
        close_tournament(db)
    return first.name, first.code


def _checked_in(path: Path) -> list[str]:
    from tdapp.services import checkins, player_codes
    from tdapp.services.files import close_tournament, open_tournament

    db = open_tournament(path)
    try:
        number = checkins.check_in_round(db)
        names = {row.player_id: row.name for row in player_codes.list_codes(db)}
        return [names[p] for p in checkins.check_ins(db, number)] if number else []
    finally:
        close_tournament(db)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _first_line(process: subprocess.Popen[str], seconds: float) -> str:
    """The process's first line of output, waiting at most ``seconds``."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], seconds)
    line = process.stdout.readline() if ready else ""
    if not line:
        process.kill()
        raise AssertionError(f"no ready line: {process.stderr.read()[-600:] if process.stderr else ''}")
    return line


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return str(answer.read().decode("utf-8"))


def _ok(result: subprocess.CompletedProcess[str]) -> str:
    if result.returncode != 0:
        raise AssertionError(f"exit {result.returncode}: {result.stderr.strip()[-600:]}")
    return result.stdout


def _same_json(windows: str, linux: str, what: str) -> None:
    if json.loads(windows) != json.loads(linux):
        raise AssertionError(f"{what} differs from Linux's:\n{windows[:400]}\n{linux[:400]}")


def run_checks(c: Checker, version: str) -> None:
    work = c.work
    demo = work / "linux-demo.tdt"
    _ok(c.linux("demo", "--out", str(demo)))

    def version_python() -> str:
        out = _ok(c.python("--version")).strip()
        assert out == f"tdapp {version}", out
        return out

    def version_console() -> str:
        out = _ok(c.console("--version")).strip()
        assert out == f"tdapp {version}", out
        return "tdapp.com " + out

    def json_command(args: list[str], document: Mapping[str, object]) -> Callable[[], str]:
        def test() -> str:
            path = work / f"{args[0]}.json"
            path.write_text(json.dumps(document), encoding="utf-8")
            windows = _ok(c.console(*args, windows_path(path)))
            _same_json(windows, _ok(c.linux(*args, str(path))), " ".join(args))
            return "same JSON as Linux"
        return test

    def clock() -> str:
        args = ("clock", "schedule", "--format", "wdc-2025")
        _same_json(_ok(c.console(*args)), _ok(c.linux(*args)), "clock schedule")
        return "same JSON as Linux"

    def standings() -> str:
        windows = _ok(c.python("standings", windows_path(demo)))
        _same_json(windows, _ok(c.linux("standings", str(demo))), "standings")
        return "Linux-made file: same JSON as Linux"

    def export() -> str:
        out = {k: work / f"win-{k}.{ext}" for k, ext in (("pdf", "pdf"), ("xlsx", "xlsx"),
                                                          ("csv", "csv"), ("certificates", "pdf"))}
        _ok(c.console("export", windows_path(demo),
                      *(a for k, p in out.items() for a in (f"--{k}", windows_path(p)))))
        linux_csv = work / "linux.csv"
        _ok(c.linux("export", str(demo), "--csv", str(linux_csv)))
        assert out["csv"].read_bytes() == linux_csv.read_bytes(), "the CSV differs from Linux's"
        pdf = out["pdf"].read_bytes()
        assert pdf.startswith(b"%PDF") and b"DejaVu" in pdf, "the PDF lacks resources/fonts"
        from openpyxl import load_workbook

        sheet = load_workbook(out["xlsx"], read_only=True)["Standings"]
        rows = sum(1 for _ in sheet.iter_rows(min_row=2))
        assert rows == 49, rows
        return (f"PDF {len(pdf) // 1024} KB with DejaVu fonts, Excel 49 players, CSV = Linux's, "
                f"certificates {out['certificates'].stat().st_size // 1024} KB")

    def windows_demo() -> str:
        path = work / "windows-demo.tdt"
        made = json.loads(_ok(c.console("demo", "--out", windows_path(path))))
        assert made["file"] == windows_path(path), made
        _same_json(_ok(c.console("standings", windows_path(path))),
                   _ok(c.linux("standings", str(path))), "standings of the Windows-made demo")
        return "Windows-made file reads the same on Linux"

    def probe() -> str:
        tdt = work / "probe.tdt"
        shutil.copy(demo, tdt)
        report = json.loads(_ok(c.wine(str(c.folder / "runtime" / "python.exe"),
                                       str(Path(__file__).parent / "probe.py"),
                                       windows_path(tdt))))
        expected = {"platform": "win32", "machine": "AMD64", "lock_file": True,
                    "after_release": "taken", "lock_file_removed": True, "drive_type": 3,
                    "network_local_file": None, "network_unc": "a network share", "font": True,
                    "process_alive": True, "process_gone": True}
        wrong = {k: report.get(k) for k, v in expected.items() if report.get(k) != v}
        assert not wrong, wrong
        for key in ("second_copy", "second_copy_other_name"):
            assert str(report[key]).startswith("refused:"), report
        assert "another name for the same file" in str(report["second_copy_hard_link"]), report
        return (f"msvcrt lock refuses a 2nd process (also as {tdt.name.upper()} with /, and through a hard link), "
                f"UNC share refused, a running process seen and not killed, settings in {report['settings_folder']}")

    def window_launcher() -> str:
        path = work / "launcher.tdt"
        # tdapp.exe is a GUI program (no console): it answers in files, not on stdout.
        c.wine(str(c.folder / "tdapp.exe"), "demo", "--out", windows_path(path))
        for _ in range(60):
            if path.exists():
                break
            time.sleep(1)
        assert path.exists(), "tdapp.exe (pythonw) wrote no demo file"
        return "tdapp.exe -> pythonw.exe wrote a demo"

    def players_page() -> str:
        """`tdapp web` on Windows: the JSON line, /api/state, a player's own page by their
        code, and a check-in posted from a phone (here, Linux) written to the .tdt."""
        path = work / "page.tdt"
        shutil.copy(demo, path)
        name, code = _a_player_code(path)
        port = _free_port()
        server = subprocess.Popen(
            ["wine", str(c.folder / "tdapp.com"), "web", windows_path(path), "--listen",
             "127.0.0.1", "--port", str(port)], stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, env=c.env)
        try:
            started = json.loads(_first_line(server, 120))
            base = f"http://127.0.0.1:{port}"
            assert started["url"].endswith(f":{port}/"), started
            state = json.loads(_get(f"{base}/api/state"))
            linux = json.loads(_ok(c.linux("standings", str(path))))
            assert state["tournament"]["format"] == linux["format"], state["tournament"]
            page = _get(f"{base}/p/{code}")
            assert html.escape(name) in page, page[:300]
            token = re.search(r'action="([^"]*/checkin)">\s*<input type="hidden" '
                              r'name="csrf" value="([^"]+)"', page)
            assert token is not None, "no check-in form on the player's page"
            body = urllib.parse.urlencode({"csrf": token.group(2)}).encode()
            request = urllib.request.Request(
                base + token.group(1), data=body, method="POST",
                headers={"Content-Type": "application/x-www-form-urlencoded",
                         "Origin": base})
            with urllib.request.urlopen(request, timeout=30) as answer:  # 303, then the page
                assert answer.status == 200, answer.status
        finally:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
        checked = _checked_in(path)
        assert checked == [name], checked
        return f"served by Windows: /api/state, {name}'s own page, a phone's check-in kept"

    for name, test in (("--version (python.exe -m tdapp)", version_python),
                       ("--version (tdapp.com)", version_console),
                       ("adjudicate", json_command(["adjudicate"], ADJUDICATE)),
                       ("score", json_command(["score"], SCORE)),
                       ("seat", json_command(["seat"], SEAT)),
                       ("clock schedule", clock), ("standings", standings), ("export", export),
                       ("demo", windows_demo), ("Windows code paths (probe.py)", probe),
                       ("tdapp.exe (no console)", window_launcher),
                       ("players' page (tdapp web)", players_page)):
        c.check(name, test)


def installer_checks(c: Checker, setup: Path, version: str) -> None:
    user = subprocess.run(["wine", "cmd", "/c", "echo %LOCALAPPDATA%"], capture_output=True,
                          text=True, env=c.env).stdout.strip()
    local = subprocess.run(["winepath", "-u", user], capture_output=True, text=True,
                           env=c.env).stdout.strip()
    installed = Path(local) / "Programs" / "tdapp"
    roaming = Path(subprocess.run(["winepath", "-u", user.replace("Local", "Roaming")],
                                  capture_output=True, text=True, env=c.env).stdout.strip())

    def install() -> str:
        _ok(c.wine(str(setup), "/S", timeout=900))
        out = _ok(c.wine(str(installed / "tdapp.com"), "--version")).strip()
        assert out == f"tdapp {version}", out
        found = c.wine("reg", "query", r"HKCU\Software\Classes\tdapp.Tournament\shell\open\command")
        assert "tdapp.exe" in found.stdout, found.stdout
        assert (installed / "uninstall.exe").exists()
        assert (roaming / "Microsoft" / "Windows" / "Start Menu" / "Programs" / "tdapp.lnk"
                ).exists(), "no Start-menu entry"
        size = sum(p.stat().st_size for p in installed.rglob("*") if p.is_file())
        return f"installed in {user}\\Programs\\tdapp ({size / 1e6:.0f} MB), answers {out!r}, Start menu, .tdt opens with tdapp.exe"

    def uninstall() -> str:
        kept = installed / "kept.tdt"
        shutil.copy(c.work / "linux-demo.tdt", kept)
        # _?= makes the uninstaller run in place and wait (else it copies itself and returns)
        c.wine(str(installed / "uninstall.exe"), "/S", "_?=" + windows_path(installed))
        assert not (installed / "runtime").exists(), "the program stayed"
        assert kept.exists(), "the uninstaller removed a tournament"
        found = c.wine("reg", "query", r"HKCU\Software\Classes\tdapp.Tournament")
        assert found.returncode != 0, "the .tdt file type stayed"
        kept.unlink()
        (installed / "uninstall.exe").unlink(missing_ok=True)
        return "program and file type removed, the TD's tournament left in place"

    c.check("installer /S", install)
    c.check("uninstaller /S", uninstall)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dist", type=Path)
    parser.add_argument("--prefix", type=Path, default=ROOT / "build" / "windows-cache" / "wine",
                        help="the Wine prefix (made on first use, reused after)")
    args = parser.parse_args(argv)
    if shutil.which("wine") is None:
        print("check_wine: Wine is not installed (apt-get install wine64)")
        return 1
    with open(ROOT / "pyproject.toml", "rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tdapp-wine-") as work:
        checker = Checker(args.dist, Path(work), args.prefix)
        with zipfile.ZipFile(args.dist / f"tdapp-{version}-windows-x64.zip") as archive:
            archive.extractall(Path(work) / "unzipped")
        subprocess.run(["wineboot", "-i"], env=checker.env, capture_output=True, timeout=300)
        run_checks(checker, version)
        setup = args.dist / f"tdapp-{version}-windows-x64-setup.exe"
        if setup.exists():
            installer_checks(checker, setup, version)
        else:
            checker.failures.append("installer")
            print(f"FAIL installer: {setup} was not built")
        subprocess.run(["wineserver", "-k"], env=checker.env, capture_output=True)
    failed = len(checker.failures)
    print(f"check_wine: {checker.ran - failed} of {checker.ran} checks passed under Wine "
          f"({time.monotonic() - started:.0f} s){': failed ' + ', '.join(checker.failures) if failed else ''}")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
