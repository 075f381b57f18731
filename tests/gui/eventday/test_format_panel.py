"""Issue 14: the Tournament page's format panel said "No scoring systems of its own" instead of
summing up the format (WDC 2025: best 2 of 3 + round 4, pool of 21, x1.5, team round)."""

from __future__ import annotations

from tdapp.core.formats import get_format
from tdapp.gui.formats.page_box import format_summary

from .shots import shot


def test_wdc_2025_summed_up_in_its_own_words() -> None:
    text = format_summary(get_format("wdc-2025"))
    assert text.splitlines()[0] == "4 rounds, scored with Haight v1.0 (WDC 2025)"
    assert "Tournament score: best 2 of rounds 1, 2, 3 + round 4" in text
    assert "Championship pool: the best 21 after round 3; their round-4 score x1.5; the ranking is not shown until round 4 is over" in text
    assert "Team tournament: round 4, teams of 7 players outside the championship pool" in text


def test_the_tournament_page_shows_the_summary(qtbot, demo_main, tmp_path) -> None:
    page = demo_main.window.tournament_page
    demo_main.window.show_page("Tournament")
    box = page.format_box
    assert "pool" in box.summary.text() and "x1.5" in box.summary.text()
    assert "No scoring systems of its own" not in box.systems.text()
    assert not box.systems.isVisibleTo(box)  # no formulas of the TD's own: nothing said
    shot(demo_main.window, "tournament-format-panel")


def test_the_scoring_system_is_named_by_its_title() -> None:
    """Issue 24: the Tournament page said "Edc-2026 scoring" (the name, capitalised)."""
    text = format_summary(get_format("edc-2026"))
    assert text.splitlines()[0] == "4 rounds, scored with EDC 2026 four-part score"
    assert "Edc-2026" not in text
    assert format_summary(get_format("edc-2026"), {"edc-2026": "Our EDC points"}) \
        .splitlines()[0].endswith("scored with Our EDC points")
