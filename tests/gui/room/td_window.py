"""The TD's real window for the Xvfb test: ``python -m tests.gui.room.td_window FILE FOLDER``.

It opens FILE in tdapp's main window on the X display and writes what the window shows to
FOLDER/state.json a few times a second (the players' page dialog: open, its Start button's
place on the screen, the address it shows), so the test can click with xdotool and check.
When FOLDER/publish appears, the TD publishes round 3's board call through the window's own
operation API (the seating wizard's last step: ``seating.publish``); FOLDER/quit quits as
File › Quit does (the event loop ends, then the program shuts down as ``gui/app.run`` does).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QTimer
from PySide6.QtWidgets import QApplication

from tdapp.atomic import write_atomically
from tdapp.gui.app import build_main, make_application
from tdapp.services import seating

ROUND = 3


def main(argv: list[str]) -> int:
    path, folder = Path(argv[0]), Path(argv[1])
    make_application()
    controller = build_main()
    window = controller.window
    window.setGeometry(0, 0, 1380, 900)
    window.show()
    controller.app.open_file(path)
    published = False

    def publish() -> None:
        nonlocal published
        published = True
        db = controller.app.db
        assert db is not None
        plan = seating.who_plays(db, ROUND).plan()
        proposal = seating.seat(db, ROUND, plan, seed=7, time_limit=2)
        controller.app.call(seating.publish, ROUND, proposal)

    def look() -> None:
        if (folder / "quit").exists():
            QApplication.quit()  # then as tdapp.gui.app.run: shut down once exec returns
            return
        if (folder / "publish").exists() and not published:
            publish()
        dialog = controller.room.dialog
        bar = window.menuBar()
        file_menu = bar.actionGeometry(bar.actions()[0]).center()
        at = bar.mapToGlobal(file_menu)
        state: dict[str, object] = {"title": window.windowTitle(), "published": published,
                                    "dialog": bool(dialog and dialog.isVisible()),
                                    "file_menu": [at.x(), at.y()]}
        if dialog is not None and dialog.isVisible():
            button, field = dialog.start_button, dialog.announcement
            centre = button.mapToGlobal(QPoint(button.width() // 2, button.height() // 2))
            typed = field.mapToGlobal(QPoint(field.width() // 2, field.height() // 2))
            state.update(start=[centre.x(), centre.y()], url=dialog.address.text(),
                         announcement=[typed.x(), typed.y()],
                         announcements=dialog.announcements.count(),
                         connected=dialog.connected.text(), port=controller.room.server.port
                         if controller.room.server else None)
        write_atomically(folder / "state.json", json.dumps(state).encode())

    timer = QTimer()
    timer.timeout.connect(look)
    timer.start(200)
    try:
        return int(QApplication.exec())
    finally:
        controller.shutdown()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
