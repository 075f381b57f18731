"""``tdapp score`` against CONTRACTS.md: single games, batches, --list and bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdapp.commands import score
from tdapp.commands.jsonio import BadInput

CONTRACT_EXAMPLE: dict[str, Any] = {
    "system": "haight",
    "end_year": 1909,
    "solo": None,
    "centers": {"AUSTRIA": 10, "ENGLAND": 9, "FRANCE": 8, "GERMANY": 5, "ITALY": 2, "RUSSIA": 0, "TURKEY": 0},
    "eliminated": {"RUSSIA": 1905, "TURKEY": 1907},
    "history": {"1901": {"AUSTRIA": 4, "ENGLAND": 4, "FRANCE": 5, "GERMANY": 5, "ITALY": 4, "RUSSIA": 5, "TURKEY": 4}},
}
HAIGHT_SCORES = {
    "AUSTRIA": 171.0, "ENGLAND": 145.0, "FRANCE": 124.0, "GERMANY": 83.0,
    "ITALY": 42.0, "RUSSIA": 5.0, "TURKEY": 18.0,
}


def run(document: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        *args: str) -> tuple[int, Any, str]:
    """Run ``tdapp score`` in process with ``document`` on standard input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(document)))
    code = score.main([*args, "-"])
    captured = capsys.readouterr()
    output = json.loads(captured.out) if captured.out else None
    return code, output, captured.err


def with_changes(**changes: Any) -> dict[str, Any]:
    document = json.loads(json.dumps(CONTRACT_EXAMPLE))
    document.update(changes)
    return document


def test_contract_example(capsys, monkeypatch) -> None:
    code, output, err = run(CONTRACT_EXAMPLE, capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert output == {"system": "haight", "scores": HAIGHT_SCORES}
    assert list(output["scores"]) == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def test_exact_values_are_not_rounded(capsys, monkeypatch) -> None:
    code, output, _ = run(with_changes(system="sum-of-squares"), capsys, monkeypatch)
    assert code == 0
    assert output["scores"]["AUSTRIA"] == 100 * 100 / 274
    assert output["scores"]["RUSSIA"] == 0.0


def test_batch(capsys, monkeypatch) -> None:
    batch = [CONTRACT_EXAMPLE, with_changes(system="dbn-winner")]
    code, output, _ = run(batch, capsys, monkeypatch)
    assert code == 0
    assert output[0]["scores"] == HAIGHT_SCORES
    assert output[1] == {"system": "dbn-winner", "scores": {
        "AUSTRIA": 1.0, "ENGLAND": 0.0, "FRANCE": 0.0, "GERMANY": 0.0,
        "ITALY": 0.0, "RUSSIA": 0.0, "TURKEY": 0.0}}


def test_batch_error_names_the_index(capsys, monkeypatch) -> None:
    bad = with_changes()
    bad["centers"]["ITALY"] = "two"
    code, output, err = run([CONTRACT_EXAMPLE, bad], capsys, monkeypatch)
    assert (code, output) == (2, None)
    assert err.strip() == "tdapp: bad input: [1].centers.ITALY: a centre count must be an integer, not 'two'"


def test_list(capsys) -> None:
    assert score.main(["--list"]) == 0
    systems = json.loads(capsys.readouterr().out)["systems"]
    names = [s["name"] for s in systems]
    for required in ("haight", "sum-of-squares", "edc-2026", "dbn-winner"):
        assert required in names
    assert all(set(s) == {"name", "title", "source"} and s["title"] and s["source"] for s in systems)
    assert len(names) == len(set(names))


def _centres(**counts: int) -> dict[str, int]:
    base = dict(CONTRACT_EXAMPLE["centers"])
    base.update(counts)
    return base


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"system": "haigth"}, "system"),
        ({"system": 3}, "system"),
        ({"end_year": "1909"}, "end_year"),
        ({"end_year": 1800}, "end_year"),
        ({"centers": _centres(AUSTRIA=10.5)}, "centers.AUSTRIA"),
        ({"centers": _centres(AUSTRIA=True)}, "centers.AUSTRIA"),
        ({"centers": _centres(AUSTRIA=20, ENGLAND=9)}, "centers"),
        ({"centers": _centres(ITALY=-1)}, "centers.ITALY"),
        ({"centers": {**_centres(), "PRUSSIA": 0}}, "centers.PRUSSIA"),
        ({"centers": {k: v for k, v in _centres().items() if k != "ITALY"}}, "centers.ITALY"),
        ({"centers": [1, 2]}, "centers"),
        ({"solo": "AUSTRIA"}, "solo"),
        ({"solo": "SPAIN"}, "solo"),
        ({"eliminated": {"AUSTRIA": 1905}}, "eliminated.AUSTRIA"),
        ({"eliminated": {"RUSSIA": 1912}}, "eliminated.RUSSIA"),
        ({"eliminated": {"RUSSIA": "1905"}}, "eliminated.RUSSIA"),
        ({"history": {"nineteen": {}}}, "history.nineteen"),
        ({"history": {"1902": {**_centres(), "ITALY": "x"}}}, "history.1902.ITALY"),
        ({"eliminated": {}}, "eliminated.RUSSIA"),
    ],
)
def test_bad_input_exit_2_names_the_field(changes, field, capsys, monkeypatch) -> None:
    code, output, err = run(with_changes(**changes), capsys, monkeypatch)
    assert code == 2
    assert output is None
    assert err.startswith(f"tdapp: bad input: {field}: ")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_solo_with_18_centres_must_be_named(capsys, monkeypatch) -> None:
    centres = {"AUSTRIA": 18, "ENGLAND": 9, "FRANCE": 7, "GERMANY": 0, "ITALY": 0, "RUSSIA": 0, "TURKEY": 0}
    document = with_changes(centers=centres, eliminated={"GERMANY": 1905, "ITALY": 1906, "RUSSIA": 1907, "TURKEY": 1908})
    code, _, err = run(document, capsys, monkeypatch)
    assert code == 2 and "solo: " in err
    code, output, _ = run({**document, "solo": "AUSTRIA"}, capsys, monkeypatch)
    assert code == 0 and output["scores"]["AUSTRIA"] == 451.0


def test_missing_history_when_needed(capsys, monkeypatch) -> None:
    document = with_changes(system="edc-2026", centers=_centres(ENGLAND=8, FRANCE=8, GERMANY=6))
    del document["history"]
    code, _, err = run(document, capsys, monkeypatch)
    assert code == 2
    assert err.startswith("tdapp: bad input: history: ")


def test_not_an_object(capsys, monkeypatch) -> None:
    code, _, err = run("haight", capsys, monkeypatch)
    assert code == 2 and "input" in err


def test_malformed_json_from_a_file(tmp_path: Path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text("{nope", encoding="utf-8")
    assert score.main([str(path)]) == 2
    assert "input" in capsys.readouterr().err


def test_through_the_tdapp_command(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(CONTRACT_EXAMPLE), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "tdapp", "score", str(path)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"system": "haight", "scores": HAIGHT_SCORES}


def test_custom_formula_system(capsys, monkeypatch) -> None:
    document = with_changes(system="custom", formula="if(solo_game, 100 * solo, 100 * centres^2 / sum(centres^2))")
    code, output, _ = run(document, capsys, monkeypatch)
    assert code == 0
    code, built_in, _ = run(with_changes(system="sum-of-squares"), capsys, monkeypatch)
    assert output == {"system": "custom", "scores": built_in["scores"]}


@pytest.mark.parametrize(
    ("formula", "message"),
    [
        ("10 * centers2", "formula: unknown name 'centers2' at column 6"),
        (None, "formula: a custom system needs its formula as a string"),
        ("1 / (centres - 10)", "formula: division by zero at column 3"),
    ],
)
def test_custom_formula_errors(formula, message, capsys, monkeypatch) -> None:
    code, _, err = run(with_changes(system="custom", formula=formula), capsys, monkeypatch)
    assert code == 2
    assert err.strip() == f"tdapp: bad input: {message}"


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2100) | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["AUSTRIA", "TURKEY", "1905", "haight", "edc-2026"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["AUSTRIA", "RUSSIA", "TURKEY", "1901", "1905", "x"]), inner, max_size=4),
    max_leaves=10,
)
FIELDS = ["system", "end_year", "solo", "centers", "eliminated", "history", "draw", "selection_order", "formula"]


# 150 a run, and .ci/run runs this file on both engines (--postgres-pass): 300 fresh
# documents a CI run, as when it ran once with 300.
@settings(max_examples=150, deadline=None)
@given(
    system=st.sampled_from([s["name"] for s in score.list_document()["systems"]] + ["custom"]),
    changes=st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=3),
    power_changes=st.dictionaries(
        st.sampled_from(["AUSTRIA", "ENGLAND", "RUSSIA", "TURKEY"]), st.integers(-1, 20), max_size=3),
)
def test_any_input_is_scored_or_refused_cleanly(system, changes, power_changes) -> None:
    document = with_changes(system=system, formula="10 * centres")
    document["centers"].update(power_changes)
    document.update(changes)
    try:
        result = score.score_one(document)
    except BadInput as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert set(result["scores"]) == set(CONTRACT_EXAMPLE["centers"])


def test_edc_example_through_the_command(capsys, monkeypatch) -> None:
    document = {
        "system": "edc-2026", "end_year": 1909, "solo": None,
        "centers": {"AUSTRIA": 16, "ENGLAND": 13, "FRANCE": 1, "GERMANY": 0, "ITALY": 0, "RUSSIA": 4, "TURKEY": 0},
        "eliminated": {"GERMANY": 1908, "ITALY": 1905, "TURKEY": 1903},
    }
    code, output, _ = run(document, capsys, monkeypatch)
    assert code == 0
    assert output["scores"] == {
        "AUSTRIA": 249.0, "ENGLAND": 154.0, "FRANCE": 44.0, "GERMANY": 38.0,
        "ITALY": 25.0, "RUSSIA": 79.0, "TURKEY": 13.0,
    }


def test_dbn_tie_through_the_command(capsys, monkeypatch) -> None:
    document = with_changes(system="dbn-winner", centers=_centres(ENGLAND=10, FRANCE=7))
    code, _, err = run(document, capsys, monkeypatch)
    assert code == 2 and err.startswith("tdapp: bad input: selection_order: ")
    document["selection_order"] = ["ENGLAND", "TURKEY", "AUSTRIA", "FRANCE", "GERMANY", "ITALY", "RUSSIA"]
    code, output, _ = run(document, capsys, monkeypatch)
    assert code == 0
    assert output["scores"]["AUSTRIA"] == 1.0 and output["scores"]["ENGLAND"] == 0.0
