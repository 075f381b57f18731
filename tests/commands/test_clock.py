"""`tdapp clock schedule` exactly as CONTRACTS.md describes it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tdapp.commands import clock as clock_command


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, object, str]:
    code = clock_command.main(list(args))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


def test_contract_example_wdc_2025(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, err = run(capsys, "schedule", "--format", "wdc-2025", "--first", "1901",
                         "--last", "1901")
    assert code == 0 and err == ""
    assert doc["format"] == "wdc-2025"
    assert doc["segments"][:2] == [
        {"year": 1901, "season": "spring", "segment": "negotiation", "seconds": 900},
        {"year": 1901, "season": "spring", "segment": "order-writing", "seconds": 120},
    ]
    for segment in doc["segments"]:
        assert set(segment) <= {"year", "season", "segment", "seconds", "optional"}
        assert segment["segment"] in ("negotiation", "order-writing", "retreats", "adjustments")


def test_defaults_are_1901_to_1910(capsys: pytest.CaptureFixture[str]) -> None:
    _, doc, _ = run(capsys, "schedule", "--format", "wdc-2018")
    years = [s["year"] for s in doc["segments"]]
    assert years[0] == 1901 and years[-1] == 1910 and len(years) == 20
    assert doc["segments"][12] == {"year": 1907, "season": "spring", "segment": "negotiation",
                                   "seconds": 1020}


def test_edc_total_is_5h22(capsys: pytest.CaptureFixture[str]) -> None:
    _, doc, _ = run(capsys, "schedule", "--format", "edc-2026")
    assert sum(s["seconds"] for s in doc["segments"]) == 5 * 3600 + 22 * 60
    assert doc["total_seconds"] == 19320
    assert {s["segment"] for s in doc["segments"] if s["year"] < 1909} == {
        "negotiation", "adjustments"}


def test_dbn_year_range(capsys: pytest.CaptureFixture[str]) -> None:
    _, doc, _ = run(capsys, "schedule", "--format", "dbn-2025", "--first", "1909", "--last", "1910")
    negotiation = [(s["year"], s["seconds"]) for s in doc["segments"]
                   if s["segment"] == "negotiation"]
    assert negotiation == [(1909, 900), (1909, 900), (1910, 720), (1910, 720)]
    assert {s["seconds"] for s in doc["segments"] if s["segment"] != "negotiation"} == {180}


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc, _ = run(capsys, "schedule", "--list")
    assert code == 0
    names = [f["name"] for f in doc["formats"]]
    assert {"wdc-2025", "wdc-2018", "edc-2026", "dbn-2025"} <= set(names)


@pytest.mark.parametrize(("args", "field"), [
    (("schedule", "--format", "wdc-1999"), "--format"),
    (("schedule",), "--format"),
    (("schedule", "--format", "wdc-2018", "--first", "1900"), "--first"),
    (("schedule", "--format", "wdc-2018", "--first", "1905", "--last", "1903"), "--last"),
    (("schedule", "--format", "wdc-2018", "--last", "soon"), "--last"),
    (("tick",), "arguments"),
])
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], field: str
) -> None:
    code, doc, err = run(capsys, *args)
    assert code == 2 and doc is None
    assert err.count("\n") == 1 and field in err


def test_through_the_tdapp_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tdapp", "clock", "schedule", "--format", "nope"],
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert "unknown format 'nope'" in result.stderr
    result = subprocess.run(
        [sys.executable, "-m", "tdapp", "clock", "schedule", "--format", "edc-2026", "--first",
         "1909"], capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0
    assert json.loads(result.stdout)["segments"][-1]["segment"] == "retreats"
