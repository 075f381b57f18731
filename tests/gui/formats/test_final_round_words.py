"""EDC 2026's final-round rule for sit-outs and two boards is readable in the format dialog:
in the locked-ranges box and in the summary in words (issue 15)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from tdapp.core.formats import get_format
from tdapp.core.formats.structures.locked_final_boards import SIT_OUT_WORDS
from tdapp.core.scoring.registry import list_systems
from tdapp.gui.formats.format_dialog import FormatDialog, summary_html
from tests.gui import screens


def test_the_locked_box_and_the_summary_say_the_sit_out_rule(qtbot) -> None:
    dialog = FormatDialog()
    qtbot.addWidget(dialog)
    dialog.form.set_systems([(s.name, s.title) for s in list_systems()])
    fmt = get_format("edc-2026")
    dialog.form.load(fmt)
    dialog.form.setCurrentIndex(2)
    dialog.resize(1200, 740)
    dialog.show()
    texts = [label.text() for label in dialog.form.box("locked-final-boards").findChildren(QLabel)]
    assert "Sit-outs and two boards: " + SIT_OUT_WORDS + "." in texts
    assert "keeps the place held when it began" in summary_html(fmt, None)
    assert screens.save(dialog, "formats/format-final-round.png").is_file()
