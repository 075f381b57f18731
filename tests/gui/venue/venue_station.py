"""A real station for the venue tests: tdapp's main window (offscreen) in a process of its own,
driven by its command line, saying what it does on stdout, one line at a time.

``keep URL BOARD PHASE PLAYER``: opens the server tournament, prints ``ready`` once it hears
the server, waits for the server to go (the test cuts the network), then types through the
window's one service-call path (``AppController.call``) what an assistant types at a board:
two order sheets, a sheet marked "no orders", a roll call mark, a draw proposal vetoed openly;
prints ``kept N`` after each and ``all kept``, then idles until it is killed.

``send URL``: opens the same server tournament on the same laptop folder, finds the journal of
what was kept and sends it; prints the report as one JSON line and ends.

``journal PATH``: keeps order sheets of ~20 kB each, one after another, into the journal at
PATH (the server "gone"), printing ``kept N`` after each journal write, until killed.

Every message box is printed (``message: ...``) instead of shown: nobody is there to click.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def _quiet_dialogs() -> None:
    from PySide6.QtWidgets import QMessageBox

    def show(_parent, title, text, *args, **kwargs):
        print(f"message: {title}: {' '.join(str(text).split())}", flush=True)
        return QMessageBox.StandardButton.Ok

    for kind in ("question", "warning", "critical", "information"):
        setattr(QMessageBox, kind, staticmethod(show))


def _until(app, condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            print(f"timeout: {what}", flush=True)
            sys.exit(3)
        app.processEvents()
        time.sleep(0.02)


def _window(settings: str):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from tdapp.gui.window.controller import MainController

    app = QApplication.instance() or QApplication(["venue-station"])
    _quiet_dialogs()
    main = MainController(QSettings(settings, QSettings.Format.IniFormat))
    main.window.show()
    return app, main


def keep(url: str, board_id: int, phase: str, player_id: int, settings: str) -> None:
    from tdapp.services import games, rollcall

    app, main = _window(settings)
    assert main.app.open_file(url)
    _until(app, lambda: main.venue.watcher is not None and main.venue.watcher.connected, 20,
           "the server heard")
    print("ready", flush=True)
    _until(app, lambda: main.window.file_label.text() == "Venue server gone", 30,
           "the server gone")
    print(f"said: {main.window.file_label.text()}", flush=True)
    typing = [
        (games.save_orders, (board_id, "AUSTRIA", "A Vie-Gal; A Bud-Ser; F Tri-Alb", phase)),
        (games.save_orders, (board_id, "ENGLAND", "F Lon-Nth, F Edi-Nwg, A Lvp-Yor", phase)),
        (games.set_sheet_status, (board_id, "FRANCE", games.NO_ORDERS, None, phase)),
        (rollcall.set_answers, (3, [player_id])),
        (games.veto_draw_openly, (board_id, ["GERMANY"], phase)),
    ]
    for service, args in typing:
        kwargs = {"status": "standby"} if service is rollcall.set_answers else {}
        main.app.call(service, *args, **kwargs)
        print(f"kept {len(main.app.outbox)}", flush=True)
    print("all kept", flush=True)
    while True:  # the test kills this station (SIGKILL): nothing after this line runs
        app.processEvents()
        time.sleep(0.05)


def send(url: str, settings: str) -> None:
    app, main = _window(settings)
    assert main.app.open_file(url)
    _until(app, lambda: main.venue.last_report is not None, 60, "the kept entries sent")
    report = main.venue.last_report
    print(json.dumps({"sent": report.sent, "already": report.already,
                      "refused": [[what, str(why)] for what, why in report.refused],
                      "still_kept": report.still_kept, "words": report.words(),
                      "journal": main.app.outbox.journal.exists()}), flush=True)
    main.shutdown()
    main.window.close()


def journal(path: str) -> None:
    from tdapp.services import games
    from tdapp.services.outbox import Outbox
    from tdapp.store.pg import ServerRefused

    gone = ServerRefused("The venue server at x cannot be reached")
    outbox = Outbox("postgresql://tdapp_td:x@127.0.0.1:5999/tournament", Path(path))
    number = len(outbox)
    while True:
        number += 1  # board ``number``: a sheet of its own, never replacing an earlier one
        text = f"sheet {number} " + "A Vie-Gal; " * 1800
        outbox.keep(games.save_orders, (number, "AUSTRIA", text, "S1901M"), {}, gone)
        print(f"kept {len(outbox)}", flush=True)


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "keep":
        keep(sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), sys.argv[6])
    elif mode == "send":
        send(sys.argv[2], sys.argv[3])
    elif mode == "journal":
        journal(sys.argv[2])
