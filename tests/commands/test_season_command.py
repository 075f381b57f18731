"""`tdapp season` exactly as CONTRACTS.md describes it (DBN Invitational 2025, seed 000 part 2)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tdapp.commands import season as season_command

CONTRACT_EXAMPLE: dict[str, Any] = {
    "events": [
        {"name": "Whipping 2025", "date": "2025-04-12", "boards": 12, "players": 40,
         "major": False, "places": {"ann": 1, "bob": 2, "cat": 3},
         "topshare": {"ann": [100.0, 35.5], "bob": [0.0, 64.5]}}
    ],
    "best": 3, "invited": 31, "alternates": 4,
    "automatic": [{"player": "dan", "why": "defending champion"}],
    "known_players": ["bob"],
    "coin_tosses": [{"between": ["eve", "fay"], "winner": "fay"}],
}


def run(capsys: pytest.CaptureFixture[str], tmp_path: Path,
        document: Any) -> tuple[int, Any, str]:
    path = tmp_path / "season.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document),
                    encoding="utf-8")
    code = season_command.main([str(path)])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


def event(name: str, places: dict[str, int], *, boards: int = 12, players: int = 40,
          major: bool = False, **extra: Any) -> dict[str, Any]:
    return {"name": name, "date": "2025-05-01", "boards": boards, "players": players,
            "major": major, "places": places, **extra}


def test_the_contract_example(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, doc, err = run(capsys, tmp_path, CONTRACT_EXAMPLE)
    assert code == 0 and err == ""
    assert doc["events"] == [{"name": "Whipping 2025", "class": "standard", "event_score": 80.0,
                              "qualifies": True, "why": "12 boards, 40 players",
                              "date": "2025-04-12", "outside_season": ""}]
    ann = doc["standings"][0]
    assert {k: ann[k] for k in ("rank", "player", "total", "counted", "best_single", "topshare",
                                "rookie", "decided_by")} == {
        "rank": 1, "player": "ann", "total": 80.0,
        "counted": [{"event": "Whipping 2025", "place": 1, "points": 80.0}],
        "best_single": 80.0, "topshare": 67.75, "rookie": True, "decided_by": ""}
    assert doc["standings"][1]["rookie"] is False  # bob is in known_players (2.10)
    assert doc["invitations"][0] == {"seed": 1, "player": "ann", "why": "standings 1",
                                     "alternate": False}
    # the defending champion has no points this season: invited, seeded after the standings
    assert doc["invitations"][-1] == {"seed": 4, "player": "dan", "why": "defending champion",
                                      "alternate": False}


def test_standard_input_when_dash_or_absent(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["-"], []):
        monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(CONTRACT_EXAMPLE)))
        assert season_command.main(argv) == 0
        assert json.loads(capsys.readouterr().out)["standings"][0]["player"] == "ann"


def test_the_command_line_runs_it() -> None:
    proc = subprocess.run([sys.executable, "-m", "tdapp", "season", "-"],
                          input=json.dumps(CONTRACT_EXAMPLE), capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["events"][0]["class"] == "standard"


def test_placement_points_are_exact(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """2.5.1: "This results in 1st, 2nd, and 3rd place being awarded 100%, 60%, and 40% of the
    Event Score, respectively. Subsequent places are awarded decreasing scores, reaching about
    10% of the Event Score at 10th place, about 3% of the Event Score at 28th place, and so on,
    never dropping below 1% of the Event Score." """
    places = {f"p{n:03d}": n for n in range(1, 121)}
    _, doc, _ = run(capsys, tmp_path, {"events": [event("WDC", places, boards=30, players=120,
                                                         major=True)]})
    points = {r["player"]: r["counted"][0]["points"] for r in doc["standings"]}
    assert points["p001"] == 100.0 and points["p002"] == 60.0
    assert points["p003"] == pytest.approx(40, abs=0.1)
    assert points["p010"] == pytest.approx(10, abs=1.0)
    assert points["p028"] == pytest.approx(3, abs=0.5)
    # exact, not rounded: the formula itself
    assert points["p007"] == 1.5 * 100.0 / (1.5 + 6 ** 1.17)
    # never under 1%: from about 73rd place the formula alone would be
    assert 1.5 * 100 / (1.5 + 72 ** 1.17) < 1.0 and points["p073"] == 1.0
    assert points["p072"] > 1.0 and points["p120"] == 1.0
    assert min(points.values()) == 1.0


def test_event_classes_and_why(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """2.3.1 "At least 5 boards and 14 unique players"; 2.4.2 Standard "at least 9 boards and
    21 unique players"; 2.4.3 Major by the board's say; 2.2.3 60 / 80 / 100 points."""
    doc_in = {"events": [
        event("Small", {"ann": 1}, boards=4, players=30),
        event("Minor", {"ann": 1}, boards=5, players=14),
        event("Almost standard", {"bob": 1}, boards=9, players=20),
        event("Standard", {"bob": 2}, boards=9, players=21),
        event("Major", {"cat": 1}, boards=5, players=14, major=True),
    ]}
    _, doc, _ = run(capsys, tmp_path, doc_in)
    got = [(e["class"], e["event_score"], e["qualifies"]) for e in doc["events"]]
    assert got == [(None, 0.0, False), ("minor", 60.0, True), ("minor", 60.0, True),
                   ("standard", 80.0, True), ("major", 100.0, True)]
    assert "not a qualifying event" in doc["events"][0]["why"]
    assert "major" in doc["events"][4]["why"]
    ann = next(r for r in doc["standings"] if r["player"] == "ann")
    assert ann["counted"] == [{"event": "Minor", "place": 1, "points": 60.0}]  # Small gives none


def test_total_is_the_best_three(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """2.5.2: "A player's Placement Points Total is the sum of their three largest Placement
    Points." """
    events = [event(f"E{i}", {"ann": 1 + i, "bob": 2}) for i in range(5)]
    _, doc, _ = run(capsys, tmp_path, {"events": events})
    ann = next(r for r in doc["standings"] if r["player"] == "ann")
    assert [c["event"] for c in ann["counted"]] == ["E0", "E1", "E2"]
    assert ann["total"] == pytest.approx(sum(c["points"] for c in ann["counted"]))
    _, doc2, _ = run(capsys, tmp_path, {"events": events, "best": 2})
    assert len(doc2["standings"][0]["counted"]) == 2


def test_tie_breakers_best_single_topshare_coin_toss(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    """2.6: "Largest number of Placement Points for a single Qualifying Event", "% TopShare of
    all games within all Qualifying Events", "Public Coin Toss"."""
    # ann: 80 (standard win); bob: 60 (minor win) + 20 (minor 2nd 36?) -- build exact ties instead
    doc_in = {"events": [
        event("A", {"ann": 1, "bob": 1, "cat": 2, "dan": 2, "eve": 2}),
        event("B", {"cat": 1, "dan": 1, "eve": 1},
              topshare={"cat": [20.0, 40.0], "dan": [10.0], "eve": [10.0]}),
        event("C", {"ann": 2, "bob": 3}, boards=5, players=14),
        event("D", {"bob": 2, "ann": 3}, boards=5, players=14),
    ]}
    _, doc, _ = run(capsys, tmp_path, doc_in)
    rows = {r["player"]: r for r in doc["standings"]}
    # cat, dan, eve: 80 + 48 each, same best single; cat's TopShare 30 beats 10 and 10
    order = [r["player"] for r in doc["standings"]]
    assert order.index("cat") < order.index("dan") < order.index("eve")
    assert rows["dan"]["decided_by"] == "topshare"
    assert rows["dan"]["rank"] == rows["eve"]["rank"]  # no coin toss yet: equal ranks
    assert rows["eve"]["decided_by"] == "" and rows["eve"]["coin_toss_needed"] is True
    assert rows["ann"]["total"] == pytest.approx(rows["bob"]["total"])
    assert rows["ann"]["rank"] == rows["bob"]["rank"]
    doc_in["coin_tosses"] = [{"between": ["dan", "eve"], "winner": "eve"},
                             {"between": ["ann", "bob"], "winner": "bob"}]
    _, tossed, _ = run(capsys, tmp_path, doc_in)
    rows = {r["player"]: r for r in tossed["standings"]}
    assert rows["eve"]["rank"] == rows["dan"]["rank"] - 1
    assert rows["dan"]["decided_by"] == "coin toss" and rows["eve"]["decided_by"] == "topshare"
    assert rows["ann"]["rank"] == rows["bob"]["rank"] + 1
    assert rows["ann"]["decided_by"] == "coin toss"


def test_best_single_breaks_a_tie(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """2.6.1: "Largest number of Placement Points for a single Qualifying Event"."""
    single = {"events": [event("M", {"ann": 1}, major=True),                  # ann 100
                         event("N", {"ann": 1}, boards=5, players=14),        # ann 60
                         event("S1", {"bob": 1}), event("S2", {"bob": 1})]}   # bob 80 + 80
    _, doc, _ = run(capsys, tmp_path, single)
    assert [r["total"] for r in doc["standings"]] == [160.0, 160.0]
    assert [r["player"] for r in doc["standings"]] == ["ann", "bob"]
    assert doc["standings"][1]["decided_by"] == "best single"
    assert [r["rank"] for r in doc["standings"]] == [1, 2]
    same = {"events": [event("X", {"ann": 1, "bob": 2}, major=True),   # ann 100, bob 60
                       event("Y", {"bob": 1, "ann": 2}, major=True)]}  # bob 100, ann 60
    _, doc, _ = run(capsys, tmp_path, same)
    assert [r["rank"] for r in doc["standings"]] == [1, 1]  # nothing but a coin toss is left
    assert all(r["coin_toss_needed"] for r in doc["standings"])


def test_invitations_automatic_major_winners_then_standings(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """2.7: "31 players shall be invited", "The defending champion and winners of a Major Event
    receive automatic invitations", "Additional invitations are extended in DBN Invitational
    Standings order until all 31 slots are filled." 2.8: "4 alternates". 2.9.1: "Qualifiers shall
    be assigned a Seed from 1 to 31 and Alternates shall be assigned a Seed from 32 to 35 in the
    order of their DBN Invitational Standings"."""
    places = {f"p{n:02d}": n for n in range(1, 51)}
    doc_in = {"events": [event("Big", places, boards=12, players=50),
                         event("Minor major", {"zed": 1, "p01": 2}, boards=5, players=14,
                               major=True)],
              "automatic": [{"player": "champ", "why": "defending champion"}],
              "known_players": list(places)}
    _, doc, _ = run(capsys, tmp_path, doc_in)
    inv = doc["invitations"]
    assert [i["seed"] for i in inv] == list(range(1, 36))
    assert [i["alternate"] for i in inv] == [False] * 31 + [True] * 4
    by_player = {i["player"]: i for i in inv}
    assert by_player["champ"]["why"] == "defending champion" and by_player["champ"]["seed"] == 31
    assert by_player["zed"]["why"] == "won major event Minor major"
    # p01 (80 + 60) is 1st and zed (100) 2nd in the standings: seed 2 whatever the reason
    assert by_player["zed"]["seed"] == 2
    assert by_player["p01"]["why"] == "standings 1" and by_player["p01"]["seed"] == 1
    # 31 - 2 automatic = 29 from the standings: p01..p29, then alternates p30..p33
    assert "p29" in by_player and not by_player["p29"]["alternate"]
    assert [i["player"] for i in inv[31:]] == ["p30", "p31", "p32", "p33"]
    assert [i["why"] for i in inv[31:]] == ["standings 31", "standings 32", "standings 33",
                                            "standings 34"]
    assert all(not r["rookie"] for r in doc["standings"] if r["player"] != "zed")
    doc_in["declined"] = ["p05"]
    _, doc, _ = run(capsys, tmp_path, doc_in)
    players = [i["player"] for i in doc["invitations"]]
    assert "p05" not in players and "p30" in players[:31]  # the place passes on
    doc_in.pop("declined")
    doc_in.update(invited=10, alternates=2)
    _, doc, _ = run(capsys, tmp_path, doc_in)
    assert len(doc["invitations"]) == 12


BAD_INPUTS = [
    ("[1, 2]", "input"),
    ("{", "input"),
    ({}, "events"),
    ({"events": {}}, "events"),
    ({"events": [], "bogus": 1}, "bogus"),
    ({"events": [[]]}, "events[0]"),
    ({"events": [{"boards": 5, "players": 14, "places": {}}]}, "events[0].name"),
    ({"events": [event("", {})]}, "events[0].name"),
    ({"events": [event("A", {}), event("A", {})]}, "events[1].name"),
    ({"events": [event("A", {}, date="12/04/2025")]}, "events[0].date"),
    ({"events": [event("A", {}, boards="12")]}, "events[0].boards"),
    ({"events": [event("A", {}, boards=-1)]}, "events[0].boards"),
    ({"events": [event("A", {}, players=3.5)]}, "events[0].players"),
    ({"events": [event("A", {}, major="yes")]}, "events[0].major"),
    ({"events": [event("A", [])]}, "events[0].places"),
    ({"events": [event("A", {"ann": 0})]}, "events[0].places.ann"),
    ({"events": [event("A", {"ann": True})]}, "events[0].places.ann"),
    ({"events": [event("A", {"ann": 1}, topshare={"ann": 5})]}, "events[0].topshare.ann"),
    ({"events": [event("A", {"ann": 1}, topshare={"ann": [101]})]}, "events[0].topshare.ann[0]"),
    ({"events": [event("A", {"ann": 1}, colour="red")]}, "events[0].colour"),
    ({"events": [event("A", {"ann": 1}, topshare={"bob": [10.0]})]}, "events[0].topshare.bob"),
    ({"events": [], "kind": "tdapp-tournament"}, "kind"),
    ({"events": [], "kind": "tdapp-season", "version": 2}, "version"),
    ({"events": [], "semifinal": {"preferences": {"ann": [4]}}}, "semifinal.preferences.ann"),
    ({"events": [], "semifinal": {"winners": {"x": {"player": "ann"}}}}, "semifinal.winners.x"),
    ({"events": [], "best": 0}, "best"),
    ({"events": [], "invited": "31"}, "invited"),
    ({"events": [], "alternates": -1}, "alternates"),
    ({"events": [], "automatic": [{"why": "champion"}]}, "automatic[0].player"),
    ({"events": [], "automatic": ["dan"]}, "automatic[0]"),
    ({"events": [], "known_players": "bob"}, "known_players"),
    ({"events": [], "known_players": [3]}, "known_players[0]"),
    ({"events": [], "coin_tosses": [{"between": ["eve"], "winner": "eve"}]},
     "coin_tosses[0].between"),
    ({"events": [], "coin_tosses": [{"between": ["eve", "fay"], "winner": "gus"}]},
     "coin_tosses[0].winner"),
    ({"events": [], "coin_tosses": [{"between": ["eve", "fay"]}]}, "coin_tosses[0].winner"),
    # 5.8 and 4.2 in the season file's semi-final section
    ({"events": [], "semifinal": {"mid_game": {"board": 1}}}, "semifinal.mid_game"),
    ({"events": [], "semifinal": {"mid_game": [{"player": "ann"}]}}, "semifinal.mid_game[0].board"),
    ({"events": [], "semifinal": {"mid_game": [{"board": 0, "player": "ann"}]}},
     "semifinal.mid_game[0].board"),
    ({"events": [], "semifinal": {"mid_game": [{"board": 1, "player": "ann", "why": "x"}]}},
     "semifinal.mid_game[0].why"),
    ({"events": [], "semifinal": {"championship_start": {"option": 3}}},
     "semifinal.championship_start"),
    ({"events": [], "semifinal": {"championship_start": {"option": 1, "chosen_by": "gm"}}},
     "semifinal.championship_start"),
]


@pytest.mark.parametrize(("document", "field"), BAD_INPUTS)
def test_bad_input_exits_2_naming_the_field(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            document: Any, field: str) -> None:
    code, doc, err = run(capsys, tmp_path, document)
    assert code == 2 and doc is None
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f" {field}:" in err or f"{field}: " in err, err


def test_a_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert season_command.main([str(tmp_path / "nowhere.json")]) == 2
    assert "input" in capsys.readouterr().err


# ---------------------------------------------------------------- issue 24, item 5

def _full_season(**extra: Any) -> dict[str, Any]:
    """One qualifying event of 40 players: 31 invited, 4 alternates, a full semi-final stage."""
    places = {f"p{i:02d}": i for i in range(1, 41)}
    return {"events": [event("Big", places)], **extra}


def test_a_player_given_two_places_at_one_event_is_refused(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    """A duplicate key kept only the last place: the winner lost the win (86.79 to about 19)."""
    text = ('{"events": [{"name": "A", "boards": 12, "players": 40, '
            '"places": {"ann": 1, "bob": 2, "ann": 9}}]}')
    code, doc, err = run(capsys, tmp_path, text)
    assert code == 2 and doc is None
    assert err.startswith("tdapp: bad input: events[0].places.ann: is given twice"), err


def test_names_differing_only_in_case_or_spaces(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    """At one event they are one player given two places (refused); across events they are
    one player, written as first written, and the output says which spellings were merged."""
    code, _doc, err = run(capsys, tmp_path, {"events": [event("A", {"Ann Lee": 1, " ann  lee": 2,
                                                                    "bob": 3})]})
    assert code == 2 and err.startswith("tdapp: bad input: events[0].places. ann")
    assert ": is the same player as 'Ann Lee'" in err
    code, doc, _err = run(capsys, tmp_path, {"events": [
        event("A", {"Ann Lee": 1, "bob": 2}), event("B", {"ann lee": 1, "Bob": 2})]})
    assert code == 0
    top = doc["standings"][0]
    assert top["player"] == "Ann Lee" and len(top["counted"]) == 2
    assert [r["player"] for r in doc["standings"]] == ["Ann Lee", "bob"]
    assert doc["merged_names"] == [{"player": "Ann Lee", "also_written": ["ann lee"]},
                                   {"player": "bob", "also_written": ["Bob"]}]


def test_the_semi_finals_and_championship_are_printed(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    """Seed 000 2.9.2: "The Top Three Seeds automatically advance"; 3.2: semi-final boards of
    seven; 4.3: the championship is seeded "Solo in Semi-Final game, DBN Invitational Seed"."""
    code, doc, _err = run(capsys, tmp_path, _full_season())
    assert code == 0
    semi = doc["semifinal"]
    assert semi["assigned"] and len(semi["boards"]) == 4
    assert [f["player"] for f in semi["automatic_finalists"]] == ["p01", "p02", "p03"]
    assert all(len(b["players"]) == 7 and b["winner"] is None for b in semi["boards"])
    assert doc["championship"]["complete"] is False
    board_2 = semi["boards"][1]["players"][-1]["player"]
    board_1 = semi["boards"][0]["players"][-1]["player"]
    code, doc, _err = run(capsys, tmp_path, _full_season(semifinal={
        "winners": {"1": {"player": board_1}, "2": {"player": board_2, "solo": True}}}))
    assert code == 0
    final = doc["championship"]["players"]
    assert final[0] == {"player": board_2, "seed": int(board_2[1:]), "solo": True,
                        "how": "won semi-final board 2 (solo)"}
    assert [f["player"] for f in final[1:4]] == ["p01", "p02", "p03"]
    assert doc["semifinal"]["boards"][0]["winner"] == {"player": board_1, "solo": False}
    # Five semi-finalists make no board of seven: said, not refused.
    code, doc, _err = run(capsys, tmp_path, {"events": [event("A", {f"q{i}": i
                                                                    for i in range(1, 9)})]})
    assert code == 0 and doc["semifinal"]["assigned"] is False and doc["semifinal"]["why"]
    assert doc["championship"] is None


def test_the_semifinal_part_is_checked_as_the_gui_checks_it(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    """Each of these exited 0; the season window refuses every one."""
    code, doc, _err = run(capsys, tmp_path, _full_season())
    boards = doc["semifinal"]["boards"]
    on_1 = [p["player"] for p in boards[0]["players"]]
    on_2 = [p["player"] for p in boards[1]["players"]]
    bad = [
        ({"winners": {"1": {"player": "Nobody"}}}, {}, "semifinal.winners.1.player"),
        ({"winners": {"9": {"player": on_1[0]}}}, {}, "semifinal.winners.9"),
        ({"winners": {"1": {"player": on_1[0]}, "2": {"player": on_1[0]}}}, {},
         "semifinal.winners.2.player"),
        ({"winners": {"2": {"player": on_2[0]}}, "unavailable": [on_2[0]]}, {},
         "semifinal.winners.2.player"),
        ({"mid_game": [{"board": 1, "player": "Nobody", "phase": "F1904M"}]}, {},
         "semifinal.mid_game[0].player"),
        ({"mid_game": [{"board": 1, "player": on_2[0], "phase": "F1904M"}]}, {},
         "semifinal.mid_game[0].player"),
        ({"preferences": {on_1[0]: [2, 2]}}, {}, f"semifinal.preferences.{on_1[0]}"),
        ({"unavailable": ["Nobody"]}, {}, "semifinal.unavailable[0]"),
        ({"unavailable": ["p01"]}, {}, "semifinal.unavailable[0]"),
        ({}, {"automatic": [{"player": "dan", "why": "defending champion"},
                            {"player": "dan", "why": "defending champion"}]},
         "automatic[1].player"),
    ]
    for semifinal, top, field in bad:
        code, doc, err = run(capsys, tmp_path, _full_season(semifinal=semifinal, **top))
        assert code == 2 and doc is None, (field, doc and doc.get("semifinal"))
        assert err.startswith(f"tdapp: bad input: {field}: "), (field, err)
