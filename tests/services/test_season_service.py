"""A DBN Invitational season kept in a season file, through the services a TD's window calls
(seed 000 part 2): events from CSV, Excel and a tdapp tournament, standings, 31 invitations
with reasons, 4 alternates, declined invitations, the semi-final stage and the championship."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from tdapp.services import season as season_service
from tdapp.services.season import SeasonFileError
from tdapp.services.season_import import (
    EventImportError,
    event_from_tournament,
    read_event_standings,
)
from tests.season_helpers import big_event, make_season


def test_a_season_gives_31_invitations_with_reasons_and_4_alternates(tmp_path: Path) -> None:
    """2.7.1 "31 players shall be invited." 2.7.2 "The defending champion and winners of a Major
    Event receive automatic invitations." 2.8.2 "Invitations shall be sent to 4 alternates"."""
    path = make_season(tmp_path)
    view = season_service.season_view(path)
    assert len(view.invitations) == 35
    qualifiers = [i for i in view.invitations if not i.alternate]
    assert len(qualifiers) == 31 and [i.seed for i in view.invitations] == list(range(1, 36))
    why = {i.player: i.how for i in view.invitations}
    assert why["champ"] == "defending champion"
    assert why["p06"] == "won major event WDC"  # 6th player wins the WDC (offset 5)
    assert all(w.startswith(("standings ", "defending", "won major")) for w in why.values())
    rookies = {r.player for r in view.standings.rows if r.rookie}
    assert rookies == {f"p{n:02d}" for n in range(31, 41)}
    # the top three seeds go straight to the final; 28 play the semi-final stage
    assert view.stage is not None and len(view.stage.seats) == 28
    assert [f.seed for f in view.stage.finalists] == [1, 2, 3]


def test_a_declined_invitation_passes_to_the_next_in_order(tmp_path: Path) -> None:
    path = make_season(tmp_path)
    before = season_service.season_view(path).invitations
    last_in = [i.player for i in before if not i.alternate][-2]  # champ (no points) is last
    first_alternate = next(i.player for i in before if i.alternate)
    season_service.decline(path, before[0].player)
    after = season_service.season_view(path).invitations
    assert before[0].player not in [i.player for i in after]
    assert first_alternate in [i.player for i in after if not i.alternate]
    assert last_in in [i.player for i in after if not i.alternate]
    with pytest.raises(SeasonFileError, match="already declined"):
        season_service.decline(path, before[0].player)


def test_the_file_is_what_tdapp_season_reads(tmp_path: Path) -> None:
    path = make_season(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "tdapp", "season", str(path)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    view = season_service.season_view(path)
    assert [r["player"] for r in doc["standings"]] == view.standings.order()
    assert [i["player"] for i in doc["invitations"]] == [i.player for i in view.invitations]


def test_refused_actions_leave_the_file_as_it_was(tmp_path: Path) -> None:
    path = make_season(tmp_path)
    before = path.read_bytes()
    with pytest.raises(SeasonFileError, match="already has an event"):
        season_service.add_event(path, big_event("WDC", 1))
    with pytest.raises(SeasonFileError, match="round is 1, 2 or 3"):
        season_service.set_preference(path, "p10", [4])
    with pytest.raises(SeasonFileError, match="already exists"):
        season_service.new_season(path, "again")
    assert path.read_bytes() == before
    (tmp_path / "not.tds").write_text("{\"kind\": \"something\"}", encoding="utf-8")
    with pytest.raises(SeasonFileError, match="not a tdapp season file"):
        season_service.load_season(tmp_path / "not.tds")
    (tmp_path / "broken.tds").write_text("{\"kind\": ", encoding="utf-8")
    with pytest.raises(SeasonFileError, match="damaged"):
        season_service.load_season(tmp_path / "broken.tds")


def test_semi_final_stage_and_championship_through_the_season_file(tmp_path: Path) -> None:
    """3.2.1 preferences "in seed order", "The lowest seeds shall be moved to make multiples of
    7"; 3.3 alternates in seed order; 4.3 "Solo in Semi-Final game", then "DBN Invitational
    Seed"."""
    path = make_season(tmp_path)
    view = season_service.season_view(path)
    semi = [i for i in view.invitations if not i.alternate][3:]
    for inv in semi:  # everybody wants round 1: 28 in one round is 4 boards, fine
        season_service.set_preference(path, inv.player, [1])
    season_service.set_preference(path, semi[0].player, [2])  # one alone in round 2 must move
    view = season_service.season_view(path)
    assert view.stage is not None
    assert [len(view.stage.round_players(r)) for r in (1, 2, 3)] == [28, 0, 0]
    moved = [s for s in view.stage.seats if s.moved]
    assert [s.player for s in moved] == [semi[0].player]
    out = semi[5].player
    season_service.cannot_play(path, out)
    view = season_service.season_view(path)
    assert view.stage is not None
    first_alternate = next(i for i in view.invitations if i.alternate)
    assert view.stage.replacements[0].out == out
    assert view.stage.replacements[0].alternate == first_alternate.player
    with pytest.raises(SeasonFileError, match="already out for the season"):
        season_service.cannot_play(path, out)
    boards = view.stage.boards()
    winners = {b: sorted(seats, key=lambda s: -s.seed)[0] for b, seats in boards.items()}
    for board, seat in winners.items():
        season_service.record_semifinal_winner(path, board, seat.player, solo=(board == 4))
    with pytest.raises(SeasonFileError, match="does not play on semi-final board 1"):
        season_service.record_semifinal_winner(path, 1, winners[2].player, solo=False)
    final = season_service.season_view(path).finalists
    assert len(final) == 7
    assert final[0].player == winners[4].player and final[0].solo  # the soloist first
    assert [f.seed for f in final[1:]] == sorted(f.seed for f in final[1:])


def test_event_standings_from_csv_and_excel(tmp_path: Path) -> None:
    csv = tmp_path / "whipping.csv"
    csv.write_text("Rank;Player;TopShare\n1;Ann;100 35.5\n2;Bob;0;\n2;Bob;0\nx;Cat;\n3;Dan;"
                   "120\n", encoding="utf-8")
    got = read_event_standings(csv)
    assert got.places == {"Ann": 1, "Bob": 2, "Dan": 3}
    assert got.topshare == {"Ann": (100.0, 35.5), "Bob": (0.0,)}
    assert any("line 4" in p and "twice" in p for p in got.problems)
    assert any("line 5" in p and "Cat" in p for p in got.problems)
    assert any("line 6" in p and "TopShare" in p for p in got.problems)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Player", "Place"])
    sheet.append(["Ann", 2])
    sheet.append(["Bob", 1])
    book.save(tmp_path / "event.xlsx")
    assert read_event_standings(tmp_path / "event.xlsx").places == {"Ann": 2, "Bob": 1}
    (tmp_path / "bad.csv").write_text("Who,When\nAnn,1\n", encoding="utf-8")
    with pytest.raises(EventImportError, match="Player column and a Place column"):
        read_event_standings(tmp_path / "bad.csv")


def test_event_standings_from_a_tdapp_tournament(demo_file: Path, tmp_path: Path) -> None:
    """2.3.1 "At least 5 boards and 14 unique players", from the tournament's own boards."""
    got = event_from_tournament(demo_file)
    assert got.boards == 14 and got.players == 49  # two rounds of seven boards
    assert sorted(got.places.values())[0] == 1 and len(got.places) == 49
    event = got.event("Demo Open", got.date, got.boards or 0, got.players or 0)
    assert event.classification == "standard" and event.score == 80.0
    path = tmp_path / "season.tds"
    season_service.new_season(path, "s")
    season_service.add_event(path, event)
    assert len(season_service.season_view(path).standings.rows) == 49
    with pytest.raises(EventImportError):
        event_from_tournament(tmp_path / "season.tds")


def test_the_invitational_tournament_file_from_the_season(tmp_path: Path) -> None:
    """2.9.1 seeds 1-35 in the tournament; 3.2.1 each semi-final round's players at its roll
    call; the rest absent."""
    from tdapp.services import players, rollcall
    from tdapp.services.tournaments import tournament_info
    from tdapp.store.files import open_tournament_file

    path = make_season(tmp_path)
    view = season_service.season_view(path)
    semi = [i for i in view.invitations if not i.alternate][3:]
    for n, inv in enumerate(semi):
        season_service.set_preference(path, inv.player, [1 + n % 3])
    season_service.cannot_play(path, semi[0].player)
    made = season_service.start_invitational(path, tmp_path / "dbni.tdt")
    assert made.players == 34  # 35 invited, one out for the season
    assert sorted(len(p) for p in made.rounds.values()) == [7, 7, 14]
    db = open_tournament_file(made.path)
    try:
        assert tournament_info(db).format_name == "dbn-2025"
        people = {p.name: p for p in players.list_players(db)}
        assert semi[0].player not in people
        assert sorted(p.seed for p in people.values()) == [s for s in range(1, 36) if s != 4]
        for number, names in made.rounds.items():
            present = {r.player_id for r in rollcall.roll_call(db, number)
                       if r.status == "present"}
            assert present == {people[n].id for n in names}
    finally:
        db.close()
    with pytest.raises(SeasonFileError, match="already exists"):
        season_service.start_invitational(path, made.path)
