"""A station for the venue tests and benchmark: a separate process on one server tournament.

``python station_process.py listen URL N``: prints ``ready``, then one JSON line per notice
received (with the time it arrived), until N notices or 20 seconds.

``python station_process.py hear URL N``: as a station's window hears the others: prints
``ready``, then one JSON line per change it would broadcast (``services.live.NoticeMerger``: the
sender's exact typed change, or the change the tables name), until N changes or 20 seconds.
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


def hear(url: str, count: int) -> None:
    from tdapp.services.live import NoticeMerger
    from tdapp.store.live import ChangeListener

    merger = NoticeMerger()
    with ChangeListener(url) as listener:
        print("ready", flush=True)
        seen = 0
        deadline = time.monotonic() + 20
        while seen < count and time.monotonic() < deadline:
            now = time.monotonic()
            heard = [h for n in listener.poll(0.1) for h in merger.feed(n, now)]
            for one in heard + merger.due(time.monotonic()):
                print(json.dumps({"change": one.change.to_payload(), "words": one.words}),
                      flush=True)
                seen += 1


if __name__ == "__main__":
    if sys.argv[1] == "listen":
        listen(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "hear":
        hear(sys.argv[2], int(sys.argv[3]))
