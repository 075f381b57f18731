from __future__ import annotations

import shutil
from pathlib import Path

from tdapp.services.rating import rating_view
from tdapp.store.files import open_tournament_file


def test_rating_of_the_demo_is_zero_sum_and_explained(demo_file: Path, tmp_path: Path) -> None:
    copy = tmp_path / "demo.tdt"
    shutil.copy(demo_file, copy)
    db = open_tournament_file(copy)
    try:
        view = rating_view(db)
    finally:
        db.close()
    assert len(view.boards) == 14  # two rounds of seven boards
    assert len(view.lines) == 49 and all(line.games == 2 for line in view.lines)
    # The seed's compression over eliminated players keeps every board zero-sum, so the
    # average rating stays where everyone started (up to the rounding of each change).
    average = sum(line.rating for line in view.lines) / len(view.lines)
    assert abs(average - view.initial) < 1
    ranks = [line.rank for line in view.lines]
    assert ranks == sorted(ranks) and ranks[0] == 1
    first = view.boards[0]
    assert first.title == "Round 1, board 1"
    assert first.explanation[0].startswith("places: ")
    assert any("base score" in line for line in first.explanation)
    assert {s.power for s in first.steps} == {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY",
                                              "ITALY", "RUSSIA", "TURKEY"}
    assert all(s.player and not s.player.isdigit() for s in first.steps)  # names, not ids


def test_both_compression_readings_are_offered_the_current_one_the_default(
        demo_file: Path, tmp_path: Path) -> None:
    """Seed 003 reads two ways ("S = sum of original base scores, n = number of scores"): the
    rating says which reading it used, keeps the eliminated-only one as the default, shows
    each reading's worked example and computes either on request."""
    import pytest

    from tdapp.services.changes import ServiceError

    copy = tmp_path / "demo.tdt"
    shutil.copy(demo_file, copy)
    db = open_tournament_file(copy)
    try:
        default = rating_view(db)
        everyone = rating_view(db, compression="all")
        with pytest.raises(ServiceError, match="Unknown compression reading 'most'"):
            rating_view(db, compression="most")
    finally:
        db.close()
    assert default.compression == "eliminated" and default.used.default
    assert [r.mode for r in default.readings] == ["eliminated", "all"]
    assert all(r.example for r in default.readings)
    assert everyone.used.title == "S and n over all the scores of the board"
    assert any("over all scores" in line for b in everyone.boards for line in b.explanation)
    assert [line.rating for line in default.lines] != [line.rating for line in everyone.lines]
