"""A new structural rule is one module: this test module defines a toy final ranking, registers
it, and sees it in the registry, the format's description, its checks, the standings, the
champion award, seating's needs, a saved format read back and the format dialog's choices,
without touching any other file (issue 13, part 4). Its settings editor is one class too,
registered by the rule's name: the format dialog's structure tab shows it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout

from tdapp.core.formats import (
    FormatError,
    TournamentFormat,
    copy_format,
    describe_format,
    format_from_dict,
    format_to_dict,
    get_format,
)
from tdapp.core.formats.structures import (
    FinalRanking,
    Ordering,
    RankingContext,
    SeatingNeeds,
    final_ranking_names,
    final_ranking_rule,
    register_final_ranking,
    seating_needs,
    unregister_final_ranking,
)
from tdapp.core.scoring.registry import list_systems
from tdapp.core.tournament import (
    Board,
    Player,
    Tournament,
    compute_awards,
    compute_standings,
)
from tdapp.gui.formats.fields import Binder
from tdapp.gui.formats.format_dialog import FormatDialog, summary_html
from tdapp.gui.formats.settings_box import SettingsBox
from tdapp.gui.formats.settings_editors import (
    register_settings_editor,
    settings_editor,
    settings_editors,
    unregister_settings_editor,
)


class LastRoundWinner(FinalRanking):
    """Toy: the best score of the last round is champion; the rest by tournament score."""

    name = "last-round-winner"
    choice = "best score of the last round"
    champion = "best score of the last round"

    def seating(self, fmt: TournamentFormat, round_number: int) -> SeatingNeeds:
        if round_number != fmt.rounds:
            return SeatingNeeds()
        return SeatingNeeds(ranked_groups=7, words="the last round is seated by ranking")

    def validate(self, fmt: TournamentFormat) -> None:
        if fmt.rounds < 2:
            raise FormatError("a last-round winner needs at least two rounds", "rounds")

    def rank(self, fmt: TournamentFormat, players: Sequence[str],
             ctx: RankingContext) -> Ordering:
        last = ctx.through
        order = ctx.order_by(players, lambda p: ctx.sheet.round_score(p, last) or 0.0,
                             phrase="higher last-round score")
        champion = order.groups[0]
        result = Ordering.one(champion)
        rest = [p for p in players if p not in champion]
        result.extend(ctx.by_total(rest, offset=len(champion)),
                      "champion: best score of the last round")
        return result


class LastRoundWinnerBox(SettingsBox):
    """Toy editor: the rule has no settings of its own, so its box says what it does and which
    existing setting it leans on (the number of rounds), shown from the loaded format."""

    rule = "last-round-winner"
    title_words = "Best score of the last round"

    def build(self, bind: Binder) -> None:
        self.words = QLabel()
        QVBoxLayout(self).addWidget(self.words)

    def show_settings(self, fmt: TournamentFormat) -> None:
        self.words.setText(f"The best score of round {fmt.rounds} is champion.")


@pytest.fixture
def toy() -> Iterator[FinalRanking]:
    register_final_ranking(LastRoundWinner)
    register_settings_editor(LastRoundWinnerBox)
    try:
        yield final_ranking_rule("last-round-winner")
    finally:
        unregister_settings_editor("last-round-winner")
        unregister_final_ranking("last-round-winner")
    assert "last-round-winner" not in final_ranking_names()
    assert settings_editor("last-round-winner") is None


def _toy_format() -> TournamentFormat:
    return copy_format(get_format("edc-2026"), name="toy", title="Toy",
                       final_ranking="last-round-winner", locked_final=None)


def _tournament() -> Tournament:
    """Two rounds of seven: p1 leads on total, p7 wins round 2 by a little."""
    players = tuple(Player(f"p{i}", f"Player {i}") for i in range(1, 8))
    powers = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
    one = Board(1, 1, {pw: f"p{i + 1}" for i, pw in enumerate(powers)},
                scores={pw: 100.0 - 10 * i for i, pw in enumerate(powers)})
    two = Board(2, 1, {pw: f"p{i + 1}" for i, pw in enumerate(powers)},
                scores={pw: 10.0 + i for i, pw in enumerate(powers)})
    return Tournament(players=players, boards=(one, two))


def test_the_toy_rule_is_in_the_registry_and_checks_its_own_settings(toy) -> None:
    assert final_ranking_names()[:5] == ("total", "pool-champion", "top-board-winner",
                                         "locked-final-boards", "knockout")
    assert "last-round-winner" in final_ranking_names()
    fmt = _toy_format()
    assert fmt.final_ranking == "last-round-winner"
    with pytest.raises(FormatError) as caught:
        copy_format(fmt, rounds=1, counting=())
    assert caught.value.field == "rounds"
    with pytest.raises(ValueError, match="already|two structural rules"):
        register_final_ranking(LastRoundWinner)


def test_the_toy_rule_describes_ranks_awards_and_seats(toy) -> None:
    fmt = copy_format(_toy_format(), rounds=2, round_rules=(), counting=())
    assert ("Champion", "the best score of the last round") in describe_format(fmt)
    standings = compute_standings(_tournament(), fmt)
    assert standings.order()[0] == "p7"  # 16 in round 2, though last on total
    assert standings.order()[1:3] == ["p1", "p2"]
    assert standings.rows[0].reason == "champion: best score of the last round"
    champion = compute_awards(_tournament(), fmt, standings).named("Champion")
    assert champion.players == ("p7",) and champion.rule == "best score of the last round"
    assert seating_needs(fmt, 2) == (SeatingNeeds(ranked_groups=7,
                                                  words="the last round is seated by ranking"),)
    assert seating_needs(fmt, 1) == ()


def test_a_saved_format_naming_the_toy_rule_reads_back(toy) -> None:
    fmt = _toy_format()
    assert format_from_dict(format_to_dict(fmt)) == fmt
    unknown = {**format_to_dict(fmt), "final_ranking": "no-such-rule"}
    with pytest.raises(FormatError) as caught:
        format_from_dict(unknown)
    assert caught.value.field == "final_ranking" and "last-round-winner" in str(caught.value)


def test_the_format_dialog_offers_the_toy_rule_and_says_it(qtbot, toy) -> None:
    dialog = FormatDialog()
    qtbot.addWidget(dialog)
    dialog.form.set_systems([(s.name, s.title) for s in list_systems()])
    box = dialog.form.final_ranking
    choices = {box.itemData(i): box.itemText(i) for i in range(box.count())}
    assert choices["last-round-winner"] == "best score of the last round"
    index = box.findData("last-round-winner")
    assert box.itemData(index, Qt.ItemDataRole.ToolTipRole) == (
        "Champion: best score of the last round")
    fmt = _toy_format()
    dialog.form.load(fmt)
    assert box.currentData() == "last-round-winner"
    assert dialog.form.build(fmt, fmt.name, fmt.title) == fmt
    assert "the best score of the last round" in summary_html(fmt, None)


def test_the_toy_rule_brings_its_settings_editor_into_the_dialog(qtbot, toy) -> None:
    assert [e.rule for e in settings_editors()] == [
        "pool-champion", "top-board-winner", "locked-final-boards", "knockout",
        "last-round-winner"]  # the core's order of the rules, built-in ones first
    with pytest.raises(ValueError, match="two settings editors"):
        register_settings_editor(LastRoundWinnerBox)
    with pytest.raises(ValueError, match="built in"):
        unregister_settings_editor("pool-champion")
    dialog = FormatDialog()
    qtbot.addWidget(dialog)
    dialog.form.set_systems([(s.name, s.title) for s in list_systems()])
    box = dialog.form.box("last-round-winner")
    assert isinstance(box, LastRoundWinnerBox)
    assert box.title() == "Best score of the last round" and not box.isCheckable()
    assert box.parent() is not None  # laid out on the structure tab, beside the built-in boxes
    fmt = _toy_format()
    dialog.form.load(fmt)
    assert box.words.text() == "The best score of round 4 is champion."
    assert dialog.form.build(fmt, fmt.name, fmt.title) == fmt
    dialog.form.setCurrentIndex(2)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert box.isVisible()


def test_without_the_toy_rule_the_dialog_has_no_box_for_it(qtbot) -> None:
    dialog = FormatDialog()
    qtbot.addWidget(dialog)
    assert "last-round-winner" not in dialog.form.structure.boxes
    assert set(dialog.form.structure.boxes) == {
        "pool-champion", "top-board-winner", "locked-final-boards", "knockout"}
