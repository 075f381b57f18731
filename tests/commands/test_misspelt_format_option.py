"""A tournament whose own format holds a misspelt option is refused, never played.

The issue: "a file holding such a format opens and is played with a rule nobody chose ... a
file holding a misspelt option is refused in words naming the field (`tdapp standings` exit 2,
one line)". CONTRACTS.md: "Exit 2 on bad input (...) with a one-line message on standard error
that names the field at fault. A traceback is never the answer to bad input."
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from tdapp.cli import main
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.models import Tournament
from tests.format_option_cases import MISSPELT


def _tournament_with(path: Path | str, document: dict[str, Any]) -> None:
    """A tournament whose own format is ``document``, written by hand past every check."""
    db = create_tournament(path, TournamentInfo("Misspelt Cup", str(document["base"]), 4))
    try:
        with db.action("a format edited by hand") as session:
            session.scalars(select(Tournament)).one().custom_format = document
    finally:
        db.close()


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("field", "value", "document"), MISSPELT,
                         ids=[case[0] for case in MISSPELT])
def test_standings_refuses_a_misspelt_option_in_one_line_naming_it(
        tournament_path, field, value, document) -> None:
    _tournament_with(tournament_path, document)
    code, out, err = _run(["standings", str(tournament_path)])
    assert code == 2, err
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert f"{field}: {value!r}" in err or (field in err and repr(value) in err), err
    assert "Traceback" not in err


def test_the_line_says_what_the_option_may_be(tournament_path) -> None:
    _tournament_with(tournament_path, {"base": "dbn-2025", "sit_out_order": "lowest-seed-move"})
    code, _out, err = _run(["standings", str(tournament_path)])
    assert code == 2
    assert ("sit_out_order: 'lowest-seed-move' is not one of: td-choice, "
            "wdc-2018-locals-first, lowest-seeds-move") in err


def test_export_refuses_it_too(tournament_path, tmp_path: Path) -> None:
    _tournament_with(tournament_path, {"base": "wdc-2025", "team": {"members_from": "nonpool"}})
    code, out, err = _run(["export", str(tournament_path), "--pdf", str(tmp_path / "out.pdf")])
    assert code == 2 and out == ""
    assert "team.members_from: 'nonpool' is not one of: non-pool, all" in err
    assert not (tmp_path / "out.pdf").exists()


def test_the_same_option_spelt_right_plays(tournament_path) -> None:
    _tournament_with(tournament_path, {"base": "dbn-2025", "sit_out_order": "lowest-seeds-move"})
    code, out, err = _run(["standings", str(tournament_path)])
    assert code == 0, err
    assert '"standings"' in out
