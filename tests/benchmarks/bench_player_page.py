"""Benchmark: a player's own page (tdapp.web.player) on a board in play.

Run by hand (never part of the test run):

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_player_page.py [N]

Medians over N repetitions (default 30), through Starlette's TestClient (no network):
- GET /p/CODE of a player on a board played through order entry (their view, the game's state
  and the draw-vote preview read for each request), against its peer in the same run: GET /
  (the board call, state kept per version);
- GET /p/CODE while a draw vote is open on the board (the ballot read from memory);
- a ballot posted (token read, CSRF checked, 303) and the page it comes back to;
- the bytes of the page, raw and gzipped (a phone's first load also fetches page.css,
  player.css and player.js once).
"""

from __future__ import annotations

import gzip
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from starlette.testclient import TestClient  # noqa: E402

from tdapp.web.app import create_app  # noqa: E402
from tdapp.web.limits import PostLimit  # noqa: E402
from tdapp.web.source import open_live  # noqa: E402


def _median_ms(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv: list[str]) -> int:
    from tests.web.player_helpers import ORIGIN, TOKEN, make_played

    repeat = int(argv[1]) if len(argv) > 1 else 30
    played = make_played(Path(tempfile.mkdtemp()), "wdc-2025", "S1906M")
    live = open_live(str(played.demo.path))
    try:
        with TestClient(create_app(live)) as client:
            client.app.state.players.posts = PostLimit(burst=10**6)  # type: ignore[attr-defined]
            code = played.codes[played.seats["ITALY"]]
            page = client.get(f"/p/{code}")
            index = _median_ms(lambda: client.get("/"), repeat)
            own = _median_ms(lambda: client.get(f"/p/{code}"), repeat)
            token = TOKEN.search(page.text)
            assert token
            client.post(f"/p/{code}/propose", data={"csrf": token.group(1),
                                                    "board": str(played.board_id)},
                        headers=ORIGIN)
            during = _median_ms(lambda: client.get(f"/p/{code}"), repeat)
            votes = client.app.state.players.votes  # type: ignore[attr-defined]

            def ballot() -> None:
                answer = client.post(f"/p/{code}/vote", data={
                    "csrf": token.group(1), "board": str(played.board_id), "choice": "yes"},
                    headers=ORIGIN)
                assert answer.status_code == 200
                with votes._lock:  # the same ballot again, for the timing only
                    votes._open[played.board_id].ballots.clear()

            posted = _median_ms(ballot, repeat)
            html = client.get(f"/p/{code}").text
    finally:
        live.close()
    raw = len(html.encode())
    print(f"GET /p/CODE (board in play): {own:.1f} ms median; GET / {index:.1f} ms "
          f"(ratio {own / index:.1f})")
    print(f"GET /p/CODE with a vote open: {during:.1f} ms median")
    print(f"a ballot posted and the page it comes back to: {posted:.1f} ms median")
    print(f"the page: {raw} bytes, {len(gzip.compress(html.encode()))} gzipped; "
          f"{len(re.findall('<form', html))} forms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
