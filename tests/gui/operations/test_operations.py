"""The one operation API: a conflict or a refusal is one message in the TD's words, a slow
call never freezes the window, long work can be cancelled, and what changed is broadcast."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton, QWidget

from tdapp.gui import operations
from tdapp.gui.controller import AppController
from tdapp.gui.operations import STALE_TITLE, CancelToken, Operation
from tdapp.services import players as player_service
from tdapp.services.changes import Change, ServiceError, StaleEdit
from tdapp.services.tournaments import TournamentInfo, create_tournament

SLOW = 1.2  # seconds a fake service sleeps: far longer than a quick call may block


@pytest.fixture
def app(qtbot, tournament_path: Path) -> Iterator[AppController]:
    """A controller on a real tournament file, with a window for its messages."""
    create_tournament(tournament_path, TournamentInfo("Test Open", "wdc-2025", 4)).close()
    window = QWidget()
    qtbot.addWidget(window)
    controller = AppController()
    controller.set_window(window)
    assert controller.open_file(tournament_path)
    yield controller
    controller.operations.wait_all()
    controller.close_file()


@pytest.fixture
def changes(app: AppController) -> list[Change]:
    seen: list[Change] = []
    app.changed.connect(seen.append)
    return seen


class Ticker:
    """A QTimer that counts its ticks: it only ticks while the GUI thread runs its events."""

    def __init__(self) -> None:
        self.ticks = 0
        self.modal_seen: list[str] = []
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        self.ticks += 1
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QProgressDialog):
            self.modal_seen.append(modal.labelText())

    def __enter__(self) -> Ticker:
        self.timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.timer.stop()


def test_a_stale_edit_is_one_readable_message_and_every_view_reloads(
        app: AppController, changes: list[Change], dialog_answers, monkeypatch) -> None:
    """A real conflict: the player was edited (on another laptop) after this one read it."""
    first = app.call(player_service.add_player,
                     player_service.PlayerData("Ann Smith", "Leeds", "UK"))
    assert first is not None
    player_id = first.ids[0]
    version = app.read(player_service.list_players)[0].version
    app.call(player_service.update_player, player_id,
             player_service.PlayerData("Ann Smith", "York", "UK"), version)
    changes.clear()
    # Both versions now come with the conflict: it is the conflict dialog (theirs vs yours),
    # answered "Keep theirs" here; a StaleEdit without versions stays the one message below.
    from tdapp.gui.venue import conflict

    shown: list[str] = []

    def keep_theirs(dialog: conflict.ConflictDialog) -> int:
        shown.append(dialog.windowTitle() + ": " + str(dialog.findChildren(
            conflict.QLabel)[0].text()))
        dialog.keep_button.click()
        return dialog.result()

    monkeypatch.setattr(conflict.ConflictDialog, "exec", keep_theirs)
    assert app.call(player_service.update_player, player_id,
                    player_service.PlayerData("Ann Smyth", "Leeds", "UK"), version) is None
    assert dialog_answers.shown == [] and len(shown) == 1
    assert shown[0].startswith(STALE_TITLE + ": Ann Smith was changed by someone else")
    assert "Traceback" not in shown[0]
    assert [c.players and c.results for c in changes] == [True]  # the screen shows theirs
    assert app.read(player_service.list_players)[0].home_town == "York"


def test_a_stale_edit_in_long_work_is_the_same_one_message(qtbot, app: AppController,
                                                           dialog_answers) -> None:
    def work(token: CancelToken) -> Change:
        raise StaleEdit("This board was changed by someone else meanwhile; look again.")

    done: list[object] = []
    app.start(Operation("Saving…", work, on_done=done.append))
    qtbot.waitUntil(lambda: not app.busy, timeout=5000)
    assert done == []
    assert [(k, t) for k, t, _ in dialog_answers.shown] == [("warning", STALE_TITLE)]


def test_a_refusal_is_shown_in_the_services_own_words(app: AppController,
                                                      dialog_answers) -> None:
    def refuse(db) -> Change:  # noqa: ANN001
        raise ServiceError("Round 2 cannot be seated before round 1 is finished.")

    assert app.call(refuse) is None
    assert dialog_answers.shown == [
        ("warning", "That could not be done",
         "Round 2 cannot be seated before round 1 is finished.")]


def test_an_unexpected_error_is_explained_once(app: AppController, dialog_answers) -> None:
    def broken(db) -> Change:  # noqa: ANN001
        raise KeyError("seat")

    assert app.call(broken) is None
    [(kind, title, text)] = dialog_answers.shown
    assert title == "Something went wrong" and "Nothing was changed" in text
    assert "Details: KeyError" in text


def test_a_slow_service_call_leaves_the_window_responsive(app: AppController,
                                                          changes: list[Change],
                                                          dialog_answers) -> None:
    """The call waits for its answer, yet the window's timers keep ticking all along and the
    TD is told what it is waiting for."""

    def slow(db) -> Change:  # noqa: ANN001 - a database across a slow network
        time.sleep(SLOW)
        return Change("Slow but saved", players=True)

    with Ticker() as ticker:
        began = time.monotonic()
        change = app.call(slow)
        took = time.monotonic() - began
    assert change is not None and change.description == "Slow but saved"
    assert changes == [change]  # broadcast once it arrived
    assert took >= SLOW
    assert ticker.ticks >= 10, ticker.ticks  # ~60 ticks of 20 ms in 1.2 s; frozen would be 0
    assert any("Waiting for the tournament database" in text for text in ticker.modal_seen)
    assert QApplication.activeModalWidget() is None  # the notice went with the wait
    assert dialog_answers.shown == []


def test_a_quick_call_is_a_plain_function_call(app: AppController) -> None:
    """Nothing else runs in the middle of a quick call (events wait until it returns)."""
    fired: list[str] = []
    QTimer.singleShot(0, lambda: fired.append("timer"))
    assert app.read(lambda db: fired.copy()) == []
    assert fired == []
    QApplication.processEvents()
    assert fired == ["timer"]


def test_slow_long_work_keeps_the_window_responsive(qtbot, app: AppController,
                                                    changes: list[Change]) -> None:
    def slow(token: CancelToken) -> Change:
        for step in range(8):
            time.sleep(SLOW / 8)
            token.progress((step + 1) / 8)
        return Change("Imported 8 players", players=True)

    done: list[Change] = []
    with Ticker() as ticker:
        job = app.start(Operation("Importing…", slow, on_done=done.append))
        assert app.busy and job.running
        qtbot.waitUntil(lambda: bool(done), timeout=10000)
    assert ticker.ticks >= 10
    assert done[0].description == "Imported 8 players" and changes == done
    assert not app.busy and not job.running


def test_cancel_stops_work_that_checks_its_token(qtbot, app: AppController,
                                                 changes: list[Change], dialog_answers) -> None:
    started = threading.Event()
    checks: list[int] = []

    def endless(token: CancelToken) -> Change:
        started.set()
        while True:
            checks.append(1)
            token.check()
            time.sleep(0.01)

    done: list[object] = []
    cancelled: list[bool] = []
    job = app.start(Operation("Searching…", endless, on_done=done.append, cancellable=True,
                              on_cancelled=lambda: cancelled.append(True)))
    assert started.wait(5)
    dialog = job.view.dialog  # type: ignore[attr-defined]
    button = dialog.findChild(QPushButton)
    assert button.text() == "Cancel"
    button.click()
    qtbot.waitUntil(lambda: not job.running, timeout=5000)
    assert job.cancelled and cancelled == [True] and done == []
    assert changes == [] and dialog_answers.shown == []  # cancelling is not a problem
    assert len(checks) >= 1


def test_cancelled_work_that_finishes_anyway_is_dropped_unless_kept(qtbot,
                                                                    app: AppController) -> None:
    release = threading.Event()

    def stubborn(token: CancelToken) -> str:
        release.wait(5)
        return "finished"

    dropped: list[object] = []
    kept: list[object] = []
    first = app.start(Operation("Writing…", stubborn, on_done=dropped.append, cancellable=True))
    second = app.start(Operation("Seating…", stubborn, on_done=kept.append, cancellable=True,
                                 keeps_result=True))
    first.cancel()
    second.cancel()
    release.set()
    qtbot.waitUntil(lambda: not app.busy, timeout=5000)
    assert dropped == [] and kept == ["finished"]


def test_work_that_cannot_stop_offers_no_cancel(qtbot, app: AppController) -> None:
    release = threading.Event()
    job = app.start(Operation("Importing…", lambda token: release.wait(5)))
    dialog = job.view.dialog  # type: ignore[attr-defined]
    assert dialog.findChild(QPushButton) is None or not dialog.findChild(QPushButton).isVisible()
    release.set()
    qtbot.waitUntil(lambda: not app.busy, timeout=5000)


def test_opening_a_file_that_cannot_be_opened_is_one_message(app: AppController,
                                                             tmp_path: Path,
                                                             dialog_answers) -> None:
    bad = tmp_path / "not-a-tournament.tdt"
    bad.write_text("hello")
    assert not app.open_file(bad)
    assert len(dialog_answers.shown) == 1 and dialog_answers.shown[0][1] == "Cannot open this file"
    assert app.path is not None and app.path.name != bad.name  # the open file stays open


def test_no_notice_for_a_call_quicker_than_the_wait(app: AppController) -> None:
    assert operations.QUICK_SECONDS < operations.NOTICE_AFTER
    with Ticker() as ticker:
        app.read(lambda db: time.sleep(0.3))  # slower than quick, quicker than the notice
    assert ticker.modal_seen == []


def test_closing_the_file_stops_a_search_but_waits_for_an_import(qtbot,
                                                                 app: AppController) -> None:
    """A search means nothing once its file closes; an import still writing is finished."""
    stopped: list[bool] = []
    imported: list[bool] = []
    seated: list[object] = []

    def search(token: CancelToken) -> str:
        while not token.cancelled:
            time.sleep(0.01)
        stopped.append(True)
        return "best so far"

    def import_players(token: CancelToken) -> Change:
        time.sleep(0.3)
        imported.append(True)
        return Change("Imported", players=True)

    app.start(Operation("Seating…", search, on_done=seated.append, cancellable=True,
                        keeps_result=True, stops_with_file=True))
    app.start(Operation("Importing…", import_players))
    began = time.monotonic()
    app.close_file()
    assert stopped == [True] and imported == [True] and time.monotonic() - began < 5
    qtbot.waitUntil(lambda: not app.busy, timeout=5000)
    assert seated == []  # dropped: nothing is left to show it


def test_the_td_may_stop_waiting_for_a_database_that_does_not_answer(
        qtbot, app: AppController, changes: list[Change], dialog_answers,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An unreachable server: after a while the notice offers "Stop waiting"; the TD gets one
    message saying what it means, and the change is still shown if it arrives later."""
    monkeypatch.setattr(operations, "NOTICE_AFTER", 0.2)
    monkeypatch.setattr(operations, "GIVE_UP_AFTER", 0.5)
    answer = threading.Event()

    def silent(db) -> Change:  # noqa: ANN001 - the server answers only when the test says
        answer.wait(10)
        return Change("Saved at last", players=True)

    clicked: list[str] = []

    def click_stop() -> None:
        modal = QApplication.activeModalWidget()
        button = modal.findChild(QPushButton) if isinstance(modal, QProgressDialog) else None
        if button is not None and button.isVisible() and not clicked:
            clicked.append(button.text())
            button.click()

    poller = QTimer()
    poller.setInterval(30)
    poller.timeout.connect(click_stop)
    poller.start()
    try:
        assert app.call(silent) is None
    finally:
        poller.stop()
    assert clicked == ["Stop waiting"]
    [(kind, title, text)] = dialog_answers.shown
    assert kind == "warning" and "did not answer" in text and "look before doing it again" in text
    assert changes == []
    answer.set()
    qtbot.waitUntil(lambda: bool(changes), timeout=5000)
    assert changes[0].description == "Saved at last"


def test_a_waited_call_is_done_only_once_its_signal_is_posted(qapp: QApplication) -> None:
    """A caller waiting on ``done`` may go on to quit: the worker must have finished emitting
    by then (set before the emit, 1 start in 6 of `tdapp FILE --smoke-screenshot` crashed at
    exit while the worker still emitted)."""
    from PySide6.QtCore import Qt

    seen: list[bool] = []
    task = operations._Task(lambda _token: 42, CancelToken())
    # A direct connection runs in the worker, inside the emit: done must not be set yet.
    task.signals.finished.connect(lambda _result: seen.append(task.done.is_set()),
                                  Qt.ConnectionType.DirectConnection)
    operations.hold_collection()
    task.run()
    assert seen == [False]
    assert task.done.is_set() and task.result == 42
