"""Helpers of the players' page tests: a free port, real HTTP to the page, an open stream, the
roll call's "Checked in" cell."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import urllib.request
from typing import Any


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("0.0.0.0", port))
        except OSError:
            return False
        return True


def get(port: int, path: str) -> tuple[int, str]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
        return int(answer.status), answer.read().decode()


def state(port: int) -> dict[str, Any]:
    return dict(json.loads(get(port, "/api/state")[1]))


class Stream:
    """A phone's open ``/events`` stream, read on a thread of its own."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.connection.request("GET", "/events")
        self.response = self.connection.getresponse()
        self.lines: list[str] = []
        self.first = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            while line := self.response.readline():
                self.lines.append(line.decode().rstrip("\n"))
                if line.startswith(b"data:"):
                    self.first.set()
        except Exception:  # noqa: BLE001 - closed by the test or by the server stopping
            pass

    def close(self) -> None:
        sock = self.connection.sock
        if sock is not None:
            sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def checked_in(main, name: str) -> str:  # noqa: ANN001 - the GUI's fixture
    """The roll call's "Checked in" cell of ``name`` (the Rounds page, built if not yet)."""
    from tdapp.gui.common.table_model import ROW_ROLE
    from tdapp.gui.rounds.model import CHECKED_IN_COLUMN

    page = main.window.rounds_page
    for row in range(page.proxy.rowCount()):
        if page.proxy.index(row, 0).data(ROW_ROLE).name == name:
            return str(page.proxy.index(row, CHECKED_IN_COLUMN).data())
    raise AssertionError(f"{name} not in the roll call")
