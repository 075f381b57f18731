"""A demo tournament in play for the players' page: round 3's board call published, its clock
running with a hidden end time set, and a player with a hostile name."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tdapp.commands.demo import _call_boards, _take_roll_call, write_demo
from tdapp.core.clock import SystemTime
from tdapp.core.formats import get_format
from tdapp.services import players as player_service
from tdapp.services.clock import load_clock, save_clock
from tdapp.services.rounds import set_round_status
from tdapp.store.files import open_tournament_file
from tdapp.web.source import LiveSource, open_live

HOSTILE = "<img src=x onerror=alert(1)>"


@dataclasses.dataclass(frozen=True)
class Demo:
    path: Path
    hidden_end: float  # the secret: never in any response


def make_demo(folder: Path, format_name: str = "wdc-2018", rounds_played: int = 2,
              call_next: bool = True, players: int = 21) -> Demo:
    path = write_demo(folder / f"{format_name}.tdt", players=players, format_name=format_name,
                      rounds_played=rounds_played)
    db = open_tournament_file(path)
    try:
        first = player_service.list_players(db)[0]
        data = player_service.PlayerData(**{
            f.name: getattr(first, f.name) for f in dataclasses.fields(player_service.PlayerData)})
        player_service.update_player(db, first.id, dataclasses.replace(data, name=HOSTILE),
                                     first.version)
        hidden = 0.0
        if call_next:
            number = rounds_played + 1
            _take_roll_call(db, number, rounds_played)
            _call_boards(db, get_format(format_name), number, random.Random(7))
            set_round_status(db, number, "playing")
            clock = load_clock(db, number, SystemTime())
            clock.start()
            hidden = SystemTime().now() + 7777.125
            clock.set_hidden_end(hidden)
            save_clock(db, number, clock)
    finally:
        db.close()
    return Demo(path, hidden)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Demo:
    return make_demo(tmp_path_factory.mktemp("web"))


@pytest.fixture
def source(demo: Demo) -> Iterator[LiveSource]:
    live = open_live(str(demo.path))
    yield live
    live.close()
