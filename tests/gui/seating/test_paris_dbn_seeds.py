"""Issue 24 item 11: the DBN Invitational's Paris method screen showed seeds 1-7 on each board
instead of the players' DBN seeds (seed 000: seeds from the season's invitation list)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from sqlalchemy import select

from tdapp.commands.demo import write_demo
from tdapp.gui.seating.wizard import SeatingWizard
from tdapp.services import rollcall
from tdapp.services.files import open_tournament
from tdapp.store.models import Player
from tests.gui import screens


def _wizard(main, qtbot, number: int) -> SeatingWizard:
    main.window.show_page("Boards")
    main.window.boards_page.select_round(number)
    qtbot.mouseClick(main.window.boards_page.seat_button, Qt.MouseButton.LeftButton)
    wizard = main.boards.wizard
    assert isinstance(wizard, SeatingWizard) and wizard.isVisible()
    wizard.resize(1280, 800)
    return wizard


def _wait_seated(qtbot, wizard: SeatingWizard) -> None:
    qtbot.waitUntil(lambda: not wizard.busy() and wizard.proposal is not None, timeout=60_000)
    QApplication.processEvents()


def test_the_paris_table_shows_the_dbn_seeds(main, qtbot, tmp_path: Path) -> None:
    source = write_demo(tmp_path / "dbn.tdt", players=35, format_name="dbn-2025",
                        rounds_played=0)
    db = open_tournament(source)
    try:
        with db.read() as session:
            players = [(p.id, p.name, p.seed) for p in session.scalars(select(Player))]
        seeds = {name: seed for _, name, seed in players}
        # a semi-final round of seeds 4-17 (the top three go straight to the final)
        rollcall.set_answers(db, 1, [pid for pid, _, seed in players if 4 <= (seed or 0) <= 17],
                             status="present")
    finally:
        db.close()
    assert main.app.open_file(source)
    wizard = _wizard(main, qtbot, 1)
    try:
        wizard.next()
        _wait_seated(qtbot, wizard)
        wizard.next()
        powers = wizard.powers_page
        qtbot.mouseClick(powers.group.button(2), Qt.MouseButton.LeftButton)  # Paris method
        panel = powers.paris
        assert len(panel.selections) == 2
        shown_seeds: list[int] = []
        for number in panel.selections:
            panel.show_board(number)
            rows = [(panel.seats.item(r, 0).text(), panel.seats.item(r, 1).text())
                    for r in range(panel.seats.rowCount())]
            for seed, player in rows:
                assert int(seed) == seeds[player], (number, seed, player)
            shown_seeds += [int(seed) for seed, _ in rows]
            assert [int(s) for s, _ in rows] == sorted(int(s) for s, _ in rows)  # best first
        assert len(set(shown_seeds)) == len(shown_seeds)  # not 1-7 again on every board
        panel.show_board(next(iter(panel.selections)))
        QApplication.processEvents()
        screens.save(wizard, "seating/paris-dbn-seeds.png")
    finally:
        wizard.close_now()
        main.boards.projector.close()
        QApplication.processEvents()
