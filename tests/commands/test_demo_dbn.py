"""`tdapp demo --format dbn-2025` plays the DBN Invitational (seed 000): a semi-final stage of
28 seeded players in three rounds and the championship game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import select

from tdapp.commands.demo import write_demo
from tdapp.services import players, rounds
from tdapp.services.exports import tournament_standings
from tdapp.store.files import open_tournament_file
from tdapp.store.models import Board


@pytest.fixture(scope="module")
def dbn_demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("dbn") / "dbn.tdt"
    return write_demo(path, players=35, format_name="dbn-2025", rounds_played=4, seed=7)


def test_the_semi_final_stage_seats_28_seeded_players(dbn_demo: Path) -> None:
    """3.1.2: "The remaining 28 Qualifiers ... shall play one game each during one of three
    Semi-Final Stage rounds." 2.9.2: "The Top Three Seeds automatically advance". 3.2.2: "the
    top two seeds in the round shall be distributed to separate boards"."""
    db = open_tournament_file(dbn_demo)
    try:
        seed = {p.id: p.seed for p in players.list_players(db)}
        assert sorted(seed.values()) == list(range(1, 36))  # 31 invited, 4 alternates
        semi = [b for n in (1, 2, 3) for b in rounds.board_call(db, n)]
        assert len(semi) == 4 and all(len(b.seats) == 7 for b in semi)
        seated = [s.player_id for b in semi for s in b.seats]
        assert len(set(seated)) == 28
        assert sorted(seed[p] for p in seated) == list(range(4, 32))
        for number in (1, 2, 3):
            boards = rounds.board_call(db, number)
            if len(boards) < 2:
                continue
            ranked = sorted((seed[s.player_id], b.number) for b in boards for s in b.seats)
            for i in range(0, len(ranked), len(boards)):  # each slice of k seeds: k boards
                assert len({board for _, board in ranked[i:i + len(boards)]}) == len(boards)
        for board in semi:  # a single winner per game (5.1)
            assert sorted(s.score for s in board.seats) == [0.0] * 6 + [1.0]
        with db.read() as session:  # the Paris method on every board, its order kept
            orders = [b.selection_order for b in session.scalars(select(Board))]
        assert len(orders) == 5 and all(sorted(o) == sorted(s.power for s in semi[0].seats)
                                        for o in orders)
    finally:
        db.close()


def test_the_final_is_the_top_three_seeds_and_the_four_winners(dbn_demo: Path) -> None:
    """4.1.2: "The Championship Game includes the Top Three Seeds who automatically advanced
    and the 4 Semi-Final game winners." 1.5: "The winner of the DBN Invitational Championship
    Game shall be heralded as the DBN Diplomat of the Year." """
    db = open_tournament_file(dbn_demo)
    try:
        seed = {p.id: p.seed for p in players.list_players(db)}
        winners = {s.player_id for n in (1, 2, 3) for b in rounds.board_call(db, n)
                   for s in b.seats if s.score}
        final = rounds.board_call(db, 4)
        assert len(final) == 1
        finalists = {s.player_id for s in final[0].seats}
        assert finalists == winners | {p for p, s in seed.items() if s in (1, 2, 3)}
        standings, _ = tournament_standings(db)
        champion = standings.rows[0]
        assert champion.rank == 1 and champion.reason.startswith("champion")
        assert int(champion.player) in finalists
        assert sum(1 for r in standings.rows if r.rank == 1) == 1
    finally:
        db.close()


def test_the_command_plays_every_round_by_default(tmp_path: Path) -> None:
    out = tmp_path / "dbn.tdt"
    proc = subprocess.run([sys.executable, "-m", "tdapp", "demo", "--format", "dbn-2025",
                           "--out", str(out)], capture_output=True, text=True, timeout=300,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"file": str(out), "players": 35, "format": "dbn-2025",
                                       "rounds_played": 4}
    partial = tmp_path / "semis.tdt"
    write_demo(partial, players=35, format_name="dbn-2025", rounds_played=2)
    db = open_tournament_file(partial)
    try:
        assert rounds.board_call(db, 2) and not rounds.board_call(db, 3)
    finally:
        db.close()


@pytest.mark.parametrize("count", [31, 33])
def test_31_qualifiers_with_few_or_no_alternates_play_the_invitational(tmp_path: Path,
                                                                      count: int) -> None:
    """Seed 000 2.7: 31 players are invited, 4 alternates beside them; 31 qualifiers and no
    alternates is a legal Invitational. `--players 31 --rounds-played 4` played four rounds of
    open boards; now it is the semi-final stage and the championship game."""
    out = tmp_path / "dbn.tdt"
    proc = subprocess.run([sys.executable, "-m", "tdapp", "demo", "--format", "dbn-2025",
                           "--players", str(count), "--rounds-played", "4", "--out", str(out)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    db = open_tournament_file(out)
    try:
        seed = {p.id: p.seed for p in players.list_players(db)}
        assert sorted(seed.values()) == list(range(1, count + 1))
        semi = [b for n in (1, 2, 3) for b in rounds.board_call(db, n)]
        assert len(semi) == 4 and all(len(b.seats) == 7 for b in semi)
        assert sorted(seed[s.player_id] for b in semi for s in b.seats) == list(range(4, 32))
        final = rounds.board_call(db, 4)
        assert len(final) == 1
        winners = {s.player_id for b in semi for s in b.seats if s.score}
        assert {s.player_id for s in final[0].seats} == winners | {
            p for p, s in seed.items() if s in (1, 2, 3)}
    finally:
        db.close()
