"""What the players' page says of each built-in format: its title in the header, the
championship pool's boards, and the ranking while a format keeps it private."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import datetime
from html import unescape
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tdapp.core.formats import list_formats
from tdapp.services.announcements import announce, withdraw_announcement
from tdapp.store.files import open_tournament_file
from tdapp.web.app import create_app
from tdapp.web.source import open_live
from tests.web.conftest import make_demo

WDC_2025_PRIVATE = "The specific ranking of individual players will not be made public"
WDC_2025_POOL = ('The 21 top ranked players from the qualifying rounds, based on their best two '
                 'scores, will participate in the "Championship Pool" in Round 4')


SEED = Path("/work/shared/seeds/001_67e51696d45233cb.txt")


def test_the_quoted_sentences_are_the_seeds() -> None:
    if not SEED.exists():
        pytest.skip("the seeds are not on this machine")
    seed = SEED.read_text(encoding="utf-8")
    assert WDC_2025_POOL in seed and WDC_2025_PRIVATE in seed


def _page_and_state(path: Path) -> tuple[str, dict]:
    live = open_live(str(path))
    try:
        with TestClient(create_app(live)) as client:
            return client.get("/").text, client.get("/api/state").json()
    finally:
        live.close()


def _text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def _section(html: str, name: str) -> str:
    return _text(html.split(f'<section id="{name}"', 1)[1].split("</section>", 1)[0])


@pytest.fixture(scope="module")
def wdc_2025_round_4(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict]]:
    """WDC 2025 with 35 players: three rounds played, round 4's board call out."""
    demo = make_demo(tmp_path_factory.mktemp("pool"), "wdc-2025", rounds_played=3,
                     players=35)
    yield _page_and_state(demo.path)


@pytest.mark.parametrize("fmt", list_formats(), ids=lambda f: f.name)
def test_each_built_in_format_says_its_title_and_whether_the_ranking_is_shown(
        tmp_path: Path, fmt) -> None:
    demo = make_demo(tmp_path, fmt.name, rounds_played=1, call_next=False)
    html, state = _page_and_state(demo.path)
    assert state["tournament"]["format"] == fmt.name
    assert state["tournament"]["title"] == fmt.title
    header = _text(html.split("<header>", 1)[1].split("</header>", 1)[0])
    assert fmt.title in header and fmt.name not in header
    standings = _section(html, "standings")
    if fmt.pool is not None and fmt.pool.ranking_private:  # WDC 2025 II.2.a
        assert state["standings"] is None and state["standings_private"] is True
        assert state["private_until"] == fmt.pool.bonus_round == 4
        assert ("The format keeps the ranking private until round 4 is over, so nobody's place "
                "is shown yet. The standings will be shown here then." in standings)
        assert state["pool_members"] == []  # not picked before round 3 is over
    else:
        assert state["standings_private"] is False and state["standings"]
        assert "After round 1" in standings and "private" not in standings
        first = state["standings"][0]
        assert first["player"] in standings and f"{first['score']:.2f}" in standings


def test_wdc_2025_names_the_pool_but_not_its_order_while_the_ranking_is_private(
        wdc_2025_round_4: tuple[str, dict]) -> None:
    """Seed 001, II.2: "The 21 top ranked players from the qualifying rounds, based on their best
    two scores, will participate in the "Championship Pool" in Round 4"; II.2.a: "The specific
    ranking of individual players will not be made public" (until round 4 is over)."""
    html, state = wdc_2025_round_4
    assert state["standings"] is None and state["standings_private"] is True
    members = state["pool_members"]
    assert len(members) == 21 and members == sorted(members, key=str.casefold)
    standings = _section(html, "standings")
    assert "keeps the ranking private until round 4 is over" in standings
    assert "The championship pool: 21 players, in alphabetical order (not a ranking)" in standings
    assert all(name in standings for name in members)
    assert not re.search(r"\d+\.\d\d", standings)  # no score anywhere


def test_the_championship_pools_boards_are_marked_pool(
        wdc_2025_round_4: tuple[str, dict]) -> None:
    """Seed 001, II.2: "The 21 top ranked players from the qualifying rounds, based on their best
    two scores, will participate in the "Championship Pool" in Round 4"; II.2.b: "All remaining
    players will be seeded in a separate pool". A pool board: its seven players all the pool's."""
    html, state = wdc_2025_round_4
    assert state["round"] == {"number": 4, "status": "playing"}
    pool = set(state["pool_members"])
    marks = {board["number"]: board["pool"] for board in state["boards"]}
    assert marks == {1: True, 2: True, 3: True, 4: False, 5: False}
    for board in state["boards"]:
        inside = {seat["player"] in pool for seat in board["seats"]}
        assert inside == {board["pool"]}
    boards = _section(html, "boards")
    assert boards.count("(championship pool)") == 3


def test_pool_is_false_outside_the_pools_round(tmp_path: Path) -> None:
    """Round 3 of WDC 2025 is a qualifying round: no board of it is the pool's."""
    demo = make_demo(tmp_path, "wdc-2025", rounds_played=2, players=21)
    _html, state = _page_and_state(demo.path)
    assert state["boards"] and not any(board["pool"] for board in state["boards"])


def test_the_tds_announcements_newest_first_as_text(tmp_path: Path) -> None:
    """CONTRACTS.md: "announcements": [{"at": float, "text": str}]; the page shows each with
    its time, newest first, a withdrawn one never, hostile text as text."""
    demo = make_demo(tmp_path, "wdc-2018", rounds_played=1, call_next=False)
    db = open_tournament_file(demo.path)
    try:
        before = time.time()
        announce(db, "Lunch is served in the Garden Room until 13:30.")
        announce(db, "Round 2 starts at 14:00.\nBring your pens.")
        gone = announce(db, "Wrong room!").ids[0]
        announce(db, "<script>alert('x')</script> is not a room")
        withdraw_announcement(db, gone)
        after = time.time()
    finally:
        db.close()
    html, state = _page_and_state(demo.path)
    texts = [item["text"] for item in state["announcements"]]
    assert texts == ["<script>alert('x')</script> is not a room",
                     "Round 2 starts at 14:00.\nBring your pens.",
                     "Lunch is served in the Garden Room until 13:30."]
    for item in state["announcements"]:
        assert isinstance(item["at"], float) and before - 1 <= item["at"] <= after + 1
    section = html.split('<section id="announcements"', 1)[1].split("</section>", 1)[0]
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; is not a room" in section
    assert "<script>" not in section and "Wrong room!" not in section
    shown = _text(section)
    assert shown.index("is not a room") < shown.index("Round 2 starts") < shown.index("Lunch")
    clock = datetime.fromtimestamp(state["announcements"][0]["at"]).strftime("%H:%M")
    assert f">{clock}</time>" in section
