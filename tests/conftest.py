"""Shared test set-up: offscreen Qt, a fresh tournament file per test, stubbed modal dialogs,
and a failure for any test that leaves a QTimer running."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TDAPP_SETTINGS_SCOPE", "tests")  # keep QSettings away from the user's

# Two stations on one venue server (``shared``, ``stations``): fixtures of a helper module.
pytest_plugins = ["tests.venue_stations"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--keep-screens", metavar="DIR", default=None,
        help="copy the GUI tests' pictures (written under each test's tmp_path) into DIR")
    parser.addoption(
        "--postgres-pass", action="store_true", default=False,
        help="also run the store, services and command tests on PostgreSQL in this same run "
             "(what TDAPP_TEST_ENGINE=postgres does in a run of its own); their ids end in "
             "[sqlite] and [postgres]")


ENGINE_ENV = "TDAPP_TEST_ENGINE"
# The tests that run on both engines: everything that reaches a tournament through the store.
POSTGRES_PASS = ("store", "services", "commands", "test_cli.py")
TESTS = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "sqlite_only(why): a test of the .tdt file itself; skipped when the store "
        "tests run against PostgreSQL (TDAPP_TEST_ENGINE=postgres)")


def on_postgres() -> bool:
    return os.environ.get(ENGINE_ENV, "sqlite") == "postgres"


def _in_postgres_pass(path: Path) -> bool:
    with contextlib.suppress(ValueError):
        return path.relative_to(TESTS).parts[0] in POSTGRES_PASS
    return False


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # The engine reaches a test only through its tournament (``tournament_path``, or a fixture
    # built on it): a test without one would run twice the same way.
    if metafunc.config.getoption("--postgres-pass") and _in_postgres_pass(
            metafunc.definition.path) and "tournament_path" in metafunc.fixturenames:
        metafunc.parametrize("tdapp_engine", ["sqlite", "postgres"], indirect=True)


@pytest.fixture(autouse=True)
def tdapp_engine(request: pytest.FixtureRequest) -> str:
    """The engine this test's tournament is on: ``TDAPP_TEST_ENGINE``, or with
    ``--postgres-pass`` each engine in turn."""
    return getattr(request, "param", None) or ("postgres" if on_postgres() else "sqlite")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist, the files of slow tests (the bundle build) start first, then the
    files with the most tests, so that no worker is left with one long file at the end while
    the others wait (.ci/run gives --no-loadscope-reorder so that xdist keeps this order; a
    file's own tests keep theirs)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    per_file: dict[Path, int] = {}
    for item in items:
        per_file[item.path] = per_file.get(item.path, 0) + 1
    items.sort(key=lambda item: (item.get_closest_marker("slow") is None, -per_file[item.path]))


@pytest.fixture
def tournament_path(request: pytest.FixtureRequest, tmp_path: Path,
                    monkeypatch: pytest.MonkeyPatch, tdapp_engine: str):
    """Where a test's own tournament goes (created by the test through the store): a file, or
    with ``TDAPP_TEST_ENGINE=postgres`` (or ``--postgres-pass``) a fresh database on the
    session's venue server (its URL, a str: every service that takes a path takes a URL)."""
    marker = request.node.get_closest_marker("sqlite_only")
    if tdapp_engine != "postgres":
        yield tmp_path / "test-tournament.tdt"
        return
    if marker is not None:
        pytest.skip(f"SQLite only: {marker.args[0] if marker.args else 'the .tdt file itself'}")
    from tests.venue_helpers import drop_database, fresh_database_url

    server = request.getfixturevalue("venue_server")
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "venue copies"))
    url = fresh_database_url(server.url_td, "t")
    yield url
    drop_database(url)


@pytest.fixture
def dialog_answers(monkeypatch: pytest.MonkeyPatch):
    """Stub every modal QMessageBox; tests read ``shown`` and may set the next answer."""
    from PySide6.QtWidgets import QMessageBox

    class Answers:
        def __init__(self) -> None:
            self.shown: list[tuple[str, str, str]] = []
            self.next_answer = QMessageBox.StandardButton.Yes

        def _record(self, kind: str):
            def show(parent, title, text, *args, **kwargs):
                self.shown.append((kind, title, text))
                return self.next_answer if kind == "question" else QMessageBox.StandardButton.Ok

            return show

    answers = Answers()
    for kind in ("question", "warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, kind, staticmethod(answers._record(kind)))
    # A conflict with both versions is its own dialog: recorded as "conflict", answered
    # "Keep theirs" (a test that wants another answer patches ConflictDialog.exec itself).
    from tdapp.gui.venue.conflict import ConflictDialog

    def keep_theirs(dialog: ConflictDialog) -> int:
        answers.shown.append(("conflict", dialog.windowTitle(), dialog.words.text()))
        dialog.keep_button.click()
        return dialog.result()

    monkeypatch.setattr(ConflictDialog, "exec", keep_theirs)
    return answers


@pytest.fixture(autouse=True)
def _no_modal_dialogs(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch):
    """A test that uses Qt must never block on a modal dialog it did not expect."""
    if "qtbot" not in request.fixturenames and "qapp" not in request.fixturenames:
        yield
        return
    from PySide6.QtWidgets import QDialog, QMessageBox

    def refuse_exec(self, *args, **kwargs):
        raise AssertionError(
            f"unexpected modal dialog {type(self).__name__}: stub it or use dialog_answers"
        )

    def refuse_message(kind: str):
        # The static QMessageBox functions run their own event loop in C++, past any Python
        # patch of exec(): offscreen, nobody could ever click them and the test would hang.
        def show(parent, title, text, *args, **kwargs):
            raise AssertionError(f"unexpected QMessageBox.{kind}: {title!r}: {text}")

        return staticmethod(show)

    if "dialog_answers" not in request.fixturenames:
        monkeypatch.setattr(QMessageBox, "exec", refuse_exec)
        for kind in ("question", "warning", "critical", "information"):
            monkeypatch.setattr(QMessageBox, kind, refuse_message(kind))
    monkeypatch.setattr(QDialog, "exec", refuse_exec, raising=False)
    yield


@pytest.fixture(autouse=True)
def _no_running_timers(request: pytest.FixtureRequest):
    """Fail a Qt test that leaves a QTimer running on any widget it made."""
    yield
    if "qtbot" not in request.fixturenames and "qapp" not in request.fixturenames:
        return
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        return
    running = []
    for widget in app.topLevelWidgets():
        for timer in widget.findChildren(QTimer):
            if timer.isActive():
                running.append(f"{type(widget).__name__}/{timer.objectName() or 'QTimer'}")
    for widget in app.topLevelWidgets():
        widget.close()
        widget.deleteLater()
    app.processEvents()
    assert not running, f"test left QTimers running: {running}"


@pytest.fixture(scope="session")
def demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A demo tournament (49 players, WDC 2025, two rounds played), written once per test run.

    Tests must not change it: copy it first (``shutil.copy``) when a test edits.
    """
    from tdapp.commands.demo import write_demo

    path = tmp_path_factory.mktemp("demo") / "demo.tdt"
    return write_demo(path, players=49, format_name="wdc-2025", rounds_played=2)


# -- the venue server (PostgreSQL) ----------------------------------------------------------


@pytest.fixture(scope="session")
def venue_server(tmp_path_factory: pytest.TempPathFactory):
    """One real PostgreSQL venue server for the whole run, on a free loopback port (under
    pytest-xdist, one per worker: a session per worker, its own folder and port).

    ``TDAPP_TEST_PG=URL`` (a TD role's URL on a server tdapp started) uses that server instead.
    Skips when no PostgreSQL can be found (neither the ``venue`` extra nor a system one).
    """
    from tdapp.store import venue_server as server
    from tests.venue_helpers import server_folder

    given = os.environ.get("TDAPP_TEST_PG")
    if given:
        yield server.ServerStatus(given, "", "", 0)
        return
    try:
        server.find_binaries()
    except server.VenueServerError as exc:
        pytest.skip(str(exc))
    with server_folder(tmp_path_factory.mktemp("venue")) as data:
        status = _start_server(server, data)
        try:
            yield status
        finally:
            server.stop(data)


def _start_server(server, data: Path, attempts: int = 3):
    """Start the server on a free port; workers starting theirs at once may pick the same free
    port (or make the server's account together), so a refused start is tried again."""
    for attempt in range(1, attempts + 1):
        try:
            return server.start(data, server.free_port(), "127.0.0.1")
        except server.VenueServerError:
            if attempt == attempts:
                raise
    raise AssertionError("unreachable")
