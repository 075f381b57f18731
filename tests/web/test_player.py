"""A player's own page, ``/p/CODE``, through Starlette's TestClient: each route, each refusal
(a wrong code, a missing or foreign CSRF token, a post from another site, an oversized body),
the hostile name, and one player's code giving nothing of another's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tdapp.services import games
from tdapp.services.checkins import check_ins
from tdapp.services.result_responses import responses_for_round
from tdapp.store.files import open_tournament_file
from tdapp.web.app import create_app
from tdapp.web.limits import FIRST_DELAY_S, LONGEST_DELAY_S, PostLimit, WrongCodes
from tdapp.web.source import open_live
from tests.web.conftest import HOSTILE
from tests.web.player_helpers import (
    ORIGIN,
    Played,
    Sleeps,
    make_played,
    player_id_of,
    post,
    token,
)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    return make_played(tmp_path_factory.mktemp("player"))


@pytest.fixture
def client(played: Played) -> Iterator[TestClient]:
    live = open_live(str(played.demo.path))
    try:
        with TestClient(create_app(live)) as test_client:
            test_client.app.state.players.wrong = WrongCodes(sleep=Sleeps())  # type: ignore[attr-defined]
            yield test_client
    finally:
        live.close()


def _code(played: Played, power: str) -> str:
    return played.codes[played.seats[power]]


def test_a_players_page_shows_name_round_board_and_power(played: Played,
                                                          client: TestClient) -> None:
    code = _code(played, "FRANCE")
    for typed in (code, code.lower(), f"{code[:4]}-{code[4:]}"):
        answer = client.get(f"/p/{typed}")
        assert answer.status_code == 200
        html = answer.text
        assert played.seats["FRANCE"] in html and "Round 3" in html
        assert "Board 1" in html and 'class="power p-france">France<' in html
    assert answer.headers["cache-control"].startswith("no-store")
    assert "set-cookie" not in answer.headers  # the code in the address is the session
    assert answer.headers["referrer-policy"] == "same-origin"
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    assert re.findall(r"<script[^>]*>\s*[^<\s]", html) == []  # no inline script
    assert client.head(f"/p/{code}").status_code == 200


def test_a_hostile_name_is_text_on_its_own_page(played: Played, client: TestClient) -> None:
    html = client.get(f"/p/{played.codes[HOSTILE]}").text
    assert HOSTILE not in html and "<img" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_a_wrong_code_is_404_with_one_body_and_each_one_waits_longer(
        played: Played, client: TestClient) -> None:
    sleeps: Sleeps = client.app.state.players.wrong.sleep  # type: ignore[attr-defined]
    wrongs = ["ABCDEFGH", "zzzz-zzzz", "O0O0O0O0", "x" * 60, "%3Cimg%3E", "ABCD-EFGJ"]
    answers = [client.get(f"/p/{typed}") for typed in wrongs]
    assert {a.status_code for a in answers} == {404}
    assert len({a.text for a in answers}) == 1  # the same body whatever the code
    assert all("ABCD" not in a.text.replace("ABCD-EFGH", "") for a in answers)
    assert sleeps.asked[0] == pytest.approx(FIRST_DELAY_S, abs=0.01)
    assert sleeps.asked == sorted(sleeps.asked) and sleeps.asked[-1] > 8 * FIRST_DELAY_S
    # A right code from the same address is never slowed.
    before = len(sleeps.asked)
    assert client.get(f"/p/{_code(played, 'ITALY')}").status_code == 200
    assert len(sleeps.asked) == before
    # A post to a wrong code: refused before any lookup (no token can be right for it).
    refused = client.post("/p/ABCDEFGH/checkin", data={"csrf": "0" * 64}, headers=ORIGIN)
    assert refused.status_code == 403


def test_wrong_codes_wait_in_line_per_address_bounded_and_capped_over_all() -> None:
    now = [0.0]
    wrong = WrongCodes(clock=lambda: now[0], addresses=100)
    delays = [wrong.delay_for("10.0.0.9") for _ in range(12)]
    # One after another in a line: each waits for the ones before it, doubling to the cap.
    steps = [b - a for a, b in zip(delays, delays[1:], strict=False)]
    assert steps[0] == pytest.approx(2 * FIRST_DELAY_S) and steps[-1] == LONGEST_DELAY_S
    # Thousands of addresses (a phone farm): memory stays bounded, and past the burst the
    # answers over all of them come at the global rate, not one per address at once.
    farm = [wrong.delay_for(f"10.1.{n // 250}.{n % 250}") for n in range(1000)]
    assert len(wrong) <= 100
    assert farm[-1] > 100  # the 1000th guess of the farm waits minutes, not half a second
    # A right code's address stays welcome even while the line is full.
    wrong._waiting = 10**6
    wrong.right_code("10.2.0.1")
    assert not wrong.must_wait("10.2.0.1") and wrong.must_wait("10.3.0.1")


def test_every_post_needs_the_token_of_its_own_code_and_this_host(
        played: Played, client: TestClient) -> None:
    mine, theirs = _code(played, "GERMANY"), _code(played, "TURKEY")
    good = token(client, mine)
    assert good != token(client, theirs)
    url = f"/p/{mine}/checkin"
    cases = [
        ({"note": ""}, ORIGIN),  # no token
        ({"csrf": "f" * 64}, ORIGIN),  # a made-up token
        ({"csrf": token(client, theirs)}, ORIGIN),  # another player's token
        ({"csrf": good}, {"origin": "http://evil.example"}),  # another site's page
        ({"csrf": good}, {"origin": "null"}),
        ({"csrf": good}, {}),  # neither Origin nor Referer
        ({"csrf": good}, {"referer": "http://evil.example/p/x"}),
    ]
    for data, headers in cases:
        answer = client.post(url, data=data, headers=headers, follow_redirects=False)
        assert answer.status_code == 403, (data, headers)
        assert "out of date" in answer.text
    assert player_id_of(played.demo.path, played.seats["GERMANY"]) not in _checked_in(played)
    # The same form from the page itself (its Referer, as a browser without Origin sends).
    answer = client.post(url, data={"csrf": good},
                         headers={"referer": f"http://testserver/p/{mine}"},
                         follow_redirects=False)
    assert answer.status_code == 303


def test_bodies_are_small_forms_and_posts_are_limited_per_address(
        played: Played, client: TestClient) -> None:
    code = _code(played, "RUSSIA")
    good = token(client, code)
    url = f"/p/{code}/dispute"
    big = client.post(url, data={"csrf": good, "note": "x" * 9000}, headers=ORIGIN)
    assert big.status_code == 413
    lying = client.post(url, content=b"csrf=" + good.encode() + b"&note=" + b"y" * 9000,
                        headers={**ORIGIN, "content-type": "application/x-www-form-urlencoded",
                                 "content-length": "80"})
    assert lying.status_code in (400, 413)  # a body longer than it said is never read whole
    long_note = post(client, code, "dispute", board=str(played.board_id), result="",
                     note="z" * 301)
    assert "at most 300 characters" in long_note
    as_json = client.post(url, json={"csrf": good}, headers=ORIGIN)
    assert as_json.status_code == 415
    chunked = client.post(url, content=iter([b"csrf=", good.encode()]), headers={
        **ORIGIN, "content-type": "application/x-www-form-urlencoded"})
    assert chunked.status_code == 411
    elsewhere = client.post("/api/state", data={"csrf": good}, headers=ORIGIN)
    assert elsewhere.status_code == 405
    client.app.state.players.posts = PostLimit(burst=2, every_s=3600)  # type: ignore[attr-defined]
    statuses = [client.post(f"/p/{code}/uncheckin", data={"csrf": good}, headers=ORIGIN,
                            follow_redirects=False).status_code for _ in range(4)]
    assert statuses == [303, 303, 429, 429]


def _checked_in(played: Played) -> set[int]:
    db = open_tournament_file(played.demo.path)
    try:
        return set(check_ins(db, 4))
    finally:
        db.close()


def test_check_in_from_the_phone_reaches_the_roll_call(played: Played,
                                                        client: TestClient) -> None:
    name = played.seats["ENGLAND"]
    page = post(client, played.codes[name], "checkin")
    assert "You are checked in for round 4." in page
    player_id = player_id_of(played.demo.path, name)
    db = open_tournament_file(played.demo.path)
    try:
        row = check_ins(db, 4)[player_id]
    finally:
        db.close()
    assert row.via == "phone"
    page = post(client, played.codes[name], "uncheckin")
    assert "Check in for round 4" in page and player_id not in _checked_in(played)


def test_one_code_gives_nothing_of_another_player(played: Played, client: TestClient) -> None:
    mine = _code(played, "AUSTRIA")
    html = client.get(f"/p/{mine}").text
    for code in played.codes.values():
        if code != mine:
            assert code not in html and code.lower() not in html
            assert f"{code[:4]}-{code[4:]}" not in html
    # A board that is not theirs: refused in words, nothing recorded.
    other_board = str(played.board_id + 1)
    page = post(client, mine, "dispute", board=other_board, note="not mine", result="")
    assert "not one of your boards" in page


def test_confirm_and_dispute_reach_the_td(tmp_path: Path) -> None:
    played = make_played(tmp_path, "wdc-2018", "S1904M")
    db = open_tournament_file(played.demo.path)
    try:
        games.end_game(db, played.board_id, "time")
    finally:
        db.close()
    live = open_live(str(played.demo.path))
    try:
        with TestClient(create_app(live)) as client:
            first, second = _code(played, "ITALY"), _code(played, "TURKEY")
            page = client.get(f"/p/{first}").text
            words = re.search(r'<p class="result">([^<]+)</p>', page)
            assert words and "Ended" in words.group(1)
            result = words.group(1).replace("&#39;", "'").replace("&amp;", "&")
            page = post(client, first, "confirm", board=str(played.board_id), result=result)
            assert "You confirmed this result." in page
            page = post(client, second, "dispute", board=str(played.board_id), result=result,
                        note="Turkey had 6 centres, not 5 <b>")
            assert "went to the TD" in page and "You disputed this result" in page
            stale = post(client, first, "dispute", board=str(played.board_id),
                         result="Ended 1901: an older result", note="x")
            assert "changed since you looked" in stale
    finally:
        live.close()
    db = open_tournament_file(played.demo.path)
    try:
        board = next(b for b in responses_for_round(db, 3) if b.board_id == played.board_id)
    finally:
        db.close()
    assert board.confirmed == (played.seats["ITALY"],)
    assert board.disputed and board.disputes[0].player == played.seats["TURKEY"]
    assert board.disputes[0].note == "Turkey had 6 centres, not 5 <b>"


def test_a_secret_draw_vote_on_the_phones(tmp_path: Path) -> None:
    """WDC 2025 VII: the first three draw votes of a board are secret, then open; the
    ballots stay in the server's memory and only the outcome is recorded."""
    played = make_played(tmp_path, "wdc-2025", "S1906M")
    live = open_live(str(played.demo.path))
    try:
        with TestClient(create_app(live)) as client:
            codes = {power: _code(played, power) for power in played.seats}
            page = post(client, codes["ENGLAND"], "propose", board=str(played.board_id))
            assert "0 of 7 have voted." in page and "A secret vote" in page
            # Only one vote at a time per board.
            again = post(client, codes["FRANCE"], "propose", board=str(played.board_id))
            assert "open on this board already" in again
            for n, power in enumerate(["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY",
                                       "RUSSIA"]):
                page = post(client, codes[power], "vote", board=str(played.board_id),
                            choice="no" if power == "ITALY" else "yes")
                assert f"{n + 1} of 7 have voted." in page and "Your ballot is in." in page
                assert 'value="yes"' not in page  # one ballot each
            twice = post(client, codes["ITALY"], "vote", board=str(played.board_id),
                         choice="yes")
            assert "votes once" in twice
            assert "6 of 7 have voted." in client.get(f"/p/{codes['TURKEY']}").text
            page = post(client, codes["TURKEY"], "vote", board=str(played.board_id),
                        choice="yes")
            assert "Draw vote, Spring 1906 (secret): failed." in page
            for code in codes.values():
                assert "(secret): failed." in client.get(f"/p/{code}").text
            assert len(client.app.state.players.votes) == 0  # type: ignore[attr-defined]
    finally:
        live.close()
    db = open_tournament_file(played.demo.path)
    try:
        votes = games.game_state(db, played.board_id).votes
    finally:
        db.close()
    assert len(votes) == 1 and votes[0].secret and not votes[0].passed
    assert votes[0].votes is None  # a secret vote keeps no ballot


def test_a_vote_nobody_finishes_lapses_with_nothing_recorded(tmp_path: Path) -> None:
    played = make_played(tmp_path, "wdc-2025", "S1906M")
    live = open_live(str(played.demo.path))
    now = [1000.0]
    try:
        with TestClient(create_app(live)) as client:
            votes = client.app.state.players.votes  # type: ignore[attr-defined]
            votes.clock = lambda: now[0]
            code = _code(played, "GERMANY")
            post(client, code, "propose", board=str(played.board_id))
            post(client, code, "vote", board=str(played.board_id), choice="yes")
            now[0] += votes.timeout_s + 1
            page = client.get(f"/p/{code}").text
            assert "lapsed" in page and "within 5 minutes" in page and "Nothing was" in page
            late = post(client, _code(played, "TURKEY"), "vote", board=str(played.board_id),
                        choice="yes")
            assert "No draw vote is open" in late
    finally:
        live.close()
    db = open_tournament_file(played.demo.path)
    try:
        assert games.game_state(db, played.board_id).votes == ()
    finally:
        db.close()


def test_a_format_that_lets_a_proposal_name_the_powers(tmp_path: Path) -> None:
    """A TD's own format whose draw proposals name the powers in the draw: the phone ticks
    them; every power with a centre still votes."""
    from tdapp.core.formats import copy_format, get_format
    from tdapp.core.formats.model import DrawVoteRule
    from tdapp.core.formats.options import DrawParticipants
    from tdapp.services.formats import save_custom_format

    played = make_played(tmp_path, "wdc-2018", "S1904M")
    db = open_tournament_file(played.demo.path)
    try:
        house = copy_format(get_format("wdc-2018"), name="house", title="House rules",
                            draw_votes=DrawVoteRule(from_year=1901,
                                                    participants=DrawParticipants.NAMED))
        save_custom_format(db, house, "wdc-2018")
    finally:
        db.close()
    live = open_live(str(played.demo.path))
    try:
        with TestClient(create_app(live)) as client:
            codes = {power: _code(played, power) for power in played.seats}
            page = client.get(f"/p/{codes['FRANCE']}").text
            assert 'type="checkbox" name="power" value="ITALY" checked' in page
            page = post(client, codes["FRANCE"], "propose", board=str(played.board_id),
                        power=["FRANCE"])
            assert "two powers at least" in page
            page = post(client, codes["FRANCE"], "propose", board=str(played.board_id),
                        power=["FRANCE", "ITALY"])
            assert "A draw is proposed (Spring 1904):</strong> France, Italy." in page
            for code in codes.values():
                page = post(client, code, "vote", board=str(played.board_id), choice="yes")
            assert "passed: the game ends in a draw of France, Italy." in page
    finally:
        live.close()
    db = open_tournament_file(played.demo.path)
    try:
        state = games.game_state(db, played.board_id)
    finally:
        db.close()
    assert state.end_reason == "draw" and state.votes[-1].powers == ("FRANCE", "ITALY")


def test_what_a_form_did_is_said_once_and_only_where_the_form_came_back(
        played: Played, client: TestClient) -> None:
    code = _code(played, "AUSTRIA")
    answer = client.post(f"/p/{code}/checkin", data={"csrf": token(client, code)},
                         headers=ORIGIN, follow_redirects=False)
    assert answer.headers["location"] == f"/p/{code}?said"
    # The live script's fetch (no ?said) does not take the words away first.
    assert 'class="said"' not in client.get(f"/p/{code}").text
    assert "You are checked in for round 4." in client.get(f"/p/{code}?said").text
    assert 'class="said"' not in client.get(f"/p/{code}?said").text  # once
    # Words never ride in the address: a link cannot put any on a player's page.
    assert "Send money" not in client.get(f"/p/{code}?said=Send+money").text
    post(client, code, "uncheckin")


def test_a_code_typed_on_the_front_page_opens_the_players_own(played: Played,
                                                               client: TestClient) -> None:
    """The slip says "scan the square or open <address> and type your code": a player without
    a camera types it in the form on `/`, which works without JavaScript."""
    front = client.get("/").text
    assert 'action="/p"' in front and 'name="code"' in front
    code = _code(played, "FRANCE")
    typed = f" {code[:4].lower()} {code[4:]} "  # as a phone's keyboard may send it
    answer = client.get("/p", params={"code": typed}, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == f"/p/{code[:4].lower()}{code[4:]}"
    page = client.get(answer.headers["location"])
    assert page.status_code == 200 and played.seats["FRANCE"] in page.text
    # Nothing typed: back to the front page; anything not a code's letters is dropped, and
    # a wrong code is answered 404 like any other.
    assert client.get("/p", params={"code": ""}, follow_redirects=False).headers[
        "location"] == "/"
    hostile = client.get("/p", params={"code": "<img src=x>/../api"}, follow_redirects=False)
    assert hostile.headers["location"] == "/p/imgsrcxapi"
    assert client.get(hostile.headers["location"]).status_code == 404
