"""Nothing secret leaves the page server: every response of a played tournament (every route,
every player's code, every form, a secret draw vote in progress and done) is scanned for the
round's hidden end time and for any ballot of the secret vote."""

from __future__ import annotations

import json
import re
from pathlib import Path

from sqlalchemy import select
from starlette.testclient import TestClient

from tdapp.services import games
from tdapp.store.files import open_tournament_file
from tdapp.store.models import AuditEntry
from tdapp.web.app import create_app
from tdapp.web.limits import PostLimit, WrongCodes
from tdapp.web.source import open_live
from tests.web.player_helpers import ORIGIN, TOKEN, Sleeps, jump_to, make_played

STATIC = ("live.js", "page.css", "player.js", "player.css")
POWER_WORDS = "austria|england|france|germany|italy|russia|turkey"
# A ballot as a response could hold it: a power next to its choice, or a choice "voted".
BALLOT = re.compile(rf"(?i)\b({POWER_WORDS})\b\W{{0,12}}(yes|no|true|false|accept|refuse)\b"
                    r"|voted (yes|no)|\"votes\"|ballots?\W{0,3}:")


class Recorder:
    """Every answer of the client, as text with its headers."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.seen: list[str] = []

    def get(self, path: str) -> str:
        answer = self.client.get(path)
        self.seen.append(answer.text + json.dumps(dict(answer.headers)))
        head = self.client.head(path)
        self.seen.append(json.dumps(dict(head.headers)))
        return answer.text

    def post(self, code: str, action: str, **fields: str) -> str:
        page = self.get(f"/p/{code}")
        found = TOKEN.search(page)
        assert found
        answer = self.client.post(f"/p/{code}/{action}", data={"csrf": found.group(1),
                                                               **fields},
                                  headers=ORIGIN, follow_redirects=False)
        self.seen.append(answer.text + json.dumps(dict(answer.headers)))
        assert answer.status_code == 303, answer.text
        return self.get(answer.headers["location"])

    def every_page(self, codes: list[str]) -> None:
        for path in ["/", "/api/state", "/nowhere", "/p/ABCDEFGH",
                     *(f"/static/{name}" for name in STATIC), *(f"/p/{c}" for c in codes)]:
            self.get(path)
        with self.client.stream("GET", "/events") as stream:
            self.seen.append(next(stream.iter_lines()))


def _hidden_forms(secret: float) -> set[str]:
    return {repr(secret), f"{secret:.3f}", f"{secret:.2f}", f"{secret:.1f}", str(int(secret)),
            str(int(secret * 1000)), str(round(secret))}


def _without_self(page: str, name: str, code: str) -> str:
    """A player's page with what is theirs by right taken out (to compare two players')."""
    page = TOKEN.sub('name="csrf" value="T"', page)
    page = re.sub(r'<p class="seat">.*?</p>', "SEAT", page)
    return page.replace(name, "SELF").replace(code, "CODE")


def test_no_response_holds_the_hidden_end_or_a_ballot(tmp_path: Path) -> None:
    played = make_played(tmp_path, "wdc-2025", "S1906M")
    codes = list(played.codes.values())
    board = str(played.board_id)
    mine = {power: played.codes[name] for power, name in played.seats.items()}
    live = open_live(str(played.demo.path))
    try:
        with TestClient(create_app(live)) as client:
            # one test client is one address: a room of phones, not one phone's limit
            client.app.state.players.posts = PostLimit(burst=10**6)  # type: ignore[attr-defined]
            client.app.state.players.wrong = WrongCodes(sleep=Sleeps())  # type: ignore[attr-defined]
            out = Recorder(client)
            out.every_page(codes)
            for code in codes:
                out.post(code, "checkin")
            # A secret draw vote: Italy says no. Halfway through, the pages of a power that
            # voted no and of one that voted yes are the same page but for their own.
            out.post(mine["GERMANY"], "propose", board=board)
            for power in ("AUSTRIA", "ITALY", "ENGLAND"):
                out.post(mine[power], "vote", board=board,
                         choice="no" if power == "ITALY" else "yes")
            out.every_page(codes)
            pages = {p: out.get(f"/p/{mine[p]}") for p in ("AUSTRIA", "ITALY")}
            assert (_without_self(pages["AUSTRIA"], played.seats["AUSTRIA"], mine["AUSTRIA"])
                    == _without_self(pages["ITALY"], played.seats["ITALY"], mine["ITALY"]))
            assert "3 of 7 have voted." in pages["ITALY"]
            for power in ("FRANCE", "GERMANY", "RUSSIA", "TURKEY"):
                out.post(mine[power], "vote", board=board, choice="yes")
            out.every_page(codes)
            assert "(secret): failed." in out.get(f"/p/{mine['TURKEY']}")
            # The next season: a second secret vote, every power yes: the game ends drawn.
            jump_to(played.demo.path, played.board_id, "F1906M")
            out.post(mine["ITALY"], "propose", board=board)
            for power in mine:
                out.post(mine[power], "vote", board=board, choice="yes")
            # The result: confirmed, disputed, checked in and out, by every code.
            for power, code in mine.items():
                page = out.get(f"/p/{code}")
                words = re.search(r'name="result" value="([^"]*)"', page)
                assert words, "the result of the drawn game is on the page"
                result = words.group(1).replace("&#39;", "'").replace("&amp;", "&")
                out.post(code, "dispute" if power == "ITALY" else "confirm", board=board,
                         result=result, note="I voted no, said nobody")
            for code in codes:
                out.post(code, "uncheckin")
            out.every_page(codes)
    finally:
        live.close()
    secret = played.demo.hidden_end
    for text in out.seen:
        for form in _hidden_forms(secret):
            assert form not in text
        hit = BALLOT.search(text.replace("I voted no, said nobody", ""))
        assert hit is None, hit.group(0)
    assert len(out.seen) > 400
    db = open_tournament_file(played.demo.path)
    try:
        state = games.game_state(db, played.board_id)
        with db.read() as session:
            kept = [entry.after for entry in session.scalars(
                select(AuditEntry).where(AuditEntry.table_name == "draw_vote"))]
    finally:
        db.close()
    assert [(v.secret, v.passed, v.votes) for v in state.votes] == [(True, False, None),
                                                                   (True, True, None)]
    assert kept and all(after is None or after.get("votes") is None for after in kept)
