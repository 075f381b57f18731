"""The operation API's typed surface (gui/controller.py): each service call is checked by mypy
against the service's own signature, the controllers never reach the runner beneath it, and
``run`` and ``wait`` hand every failure to their caller."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from mypy import api as mypy_api
from PySide6.QtWidgets import QWidget

from tdapp.gui.controller import AppController
from tdapp.services import players as player_service
from tdapp.services.changes import ServiceError
from tdapp.services.tournaments import TournamentInfo, create_tournament

ROOT = Path(__file__).resolve().parents[3]
GUI = ROOT / "tdapp" / "gui"


# One line per way of calling; "# wrong" marks the lines mypy must refuse, and only those.
CALLS = '''\
from tdapp.gui.controller import AppController
from tdapp.services import rollcall
from tdapp.services.players import keep_apart_list, list_players
from tdapp.services.rounds import all_boards


def calls(app: AppController) -> None:
    app.read(list_players, 3)  # wrong
    rows = app.read(list_players, default=[])
    rows[0].name
    rows[0].nonsense  # wrong
    app.call(rollcall.set_answers, 1, [2], status="present")
    app.call(rollcall.set_answers, 1, [2], status=3)  # wrong
    app.call(rollcall.set_answers, 1, [2], colour="red")  # wrong
    app.call(list_players)  # wrong
    app.read(keep_apart_list, "seven")  # wrong
    app.run(all_boards, 2)
    app.run(all_boards, "two")  # wrong
    app.wait(len, "abc", notice="Counting…")
    app.wait(len, 3)  # wrong
    reveal_type(app.read(keep_apart_list, 3))
    reveal_type(app.run(all_boards))
'''


def test_mypy_checks_each_service_call_against_its_signature(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrong argument, a wrong keyword, a service of the wrong kind or a misused answer is a
    type error at the call; the answer keeps the service's own type."""
    snippet = tmp_path / "calls.py"
    snippet.write_text(CALLS, encoding="utf-8")
    monkeypatch.chdir(ROOT)  # the project's own mypy settings and cache
    out, err, _status = mypy_api.run([str(snippet), "--no-error-summary"])
    assert not err, err
    errors = {int(m.group(1)) for m in re.finditer(r"calls\.py:(\d+): error", out)}
    wrong = {n for n, line in enumerate(CALLS.splitlines(), 1) if line.endswith("# wrong")}
    assert errors == wrong, out
    revealed = re.findall(r'Revealed type is "(.*)"', out)
    assert revealed == ["list[tdapp.services.players.KeepApartRow] | None",
                        "list[tdapp.services.rounds.BoardRow]"], out


def _controllers() -> list[Path]:
    return sorted(p for p in GUI.rglob("*.py") if p != GUI / "controller.py")


def test_controllers_call_services_only_through_the_api() -> None:
    """The runner's own waits (wait_for, wait_for_stoppable) belong to the operation API: a
    controller that used one would skip the API's types, its refusals and its broadcast."""
    reaching = sorted(str(p.relative_to(GUI)) for p in _controllers()
                      if re.search(r"operations\.wait_for", p.read_text(encoding="utf-8")))
    assert reaching == [], reaching


@pytest.fixture
def app(qtbot, tournament_path: Path) -> Iterator[AppController]:
    create_tournament(tournament_path, TournamentInfo("Test Open", "wdc-2025", 4)).close()
    window = QWidget()
    qtbot.addWidget(window)
    controller = AppController()
    controller.set_window(window)
    assert controller.open_file(tournament_path)
    yield controller
    controller.close_file()


def test_run_hands_a_refusal_to_its_caller_and_shows_nothing(app: AppController,
                                                              dialog_answers) -> None:
    """The clock says itself that it is not saved: no message box on top of it."""
    def refuse(db: object, number: int) -> None:
        raise ServiceError(f"Round {number} has no clock.")

    with pytest.raises(ServiceError, match="Round 3 has no clock"):
        app.run(refuse, 3)
    assert dialog_answers.shown == []


def test_run_without_a_tournament_is_a_refusal(app: AppController) -> None:
    app.close_file()
    with pytest.raises(ServiceError, match="No tournament is open"):
        app.run(player_service.list_players)


def test_run_and_wait_work_off_the_gui_thread(app: AppController) -> None:
    here = threading.get_ident()
    assert app.run(lambda db, extra: (db is app.db, extra, threading.get_ident() != here),
                   "x") == (True, "x", True)
    assert app.wait(lambda a, b: (a + b, threading.get_ident() != here), 2, 3,
                    notice="Adding…") == (5, True)


def test_read_gives_its_default_for_a_refusal(app: AppController, dialog_answers) -> None:
    def refuse(db: object) -> list[str]:
        raise ServiceError("Not now.")

    assert app.read(refuse, default=["kept"]) == ["kept"]
    assert [title for _kind, title, _text in dialog_answers.shown] == ["That could not be done"]
