"""A station for the venue tests and benchmark: a separate process on one server tournament.

``python station_process.py listen URL N``: prints ``ready``, then one JSON line per notice
received (with the time it arrived), until N notices or 20 seconds.
"""

from __future__ import annotations

import json
import sys
import time


def listen(url: str, count: int) -> None:
    from tdapp.store.live import ChangeListener

    with ChangeListener(url) as listener:
        print("ready", flush=True)
        seen = 0
        deadline = time.monotonic() + 20
        while seen < count and time.monotonic() < deadline:
            for notice in listener.poll(0.5):
                print(json.dumps({"received": time.time(), "notice": notice}), flush=True)
                seen += 1


if __name__ == "__main__":
    if sys.argv[1] == "listen":
        listen(sys.argv[2], int(sys.argv[3]))
