"""Issue 24 item 12c: player search ignores accents ("Zoe", "Muller", "Munchen" find "Zoë",
"Müller", "München") in the tables' search boxes and the pickers a TD types a name into."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from tdapp.gui.common.fields import searchable
from tdapp.gui.common.table_model import Column, RowTableModel, make_proxy

PEOPLE = [("Zoë Lambert", "Paris"), ("Jörg Müller", "München"), ("Adam Ames", "Leeds")]


def shown(proxy) -> list[str]:
    return [proxy.index(i, 0).data() for i in range(proxy.rowCount())]


def test_a_table_search_folds_accents_and_case(qapp) -> None:
    model: RowTableModel[tuple[str, str]] = RowTableModel(
        [Column("Name", lambda r: r[0]), Column("Home town", lambda r: r[1])])
    model.set_rows(PEOPLE)
    proxy = make_proxy(model)
    for typed, found in (("Zoe", ["Zoë Lambert"]), ("muller", ["Jörg Müller"]),
                         ("Munchen", ["Jörg Müller"]), ("MÜLL", ["Jörg Müller"]),
                         ("zoë", ["Zoë Lambert"]), ("", [p[0] for p in PEOPLE]),
                         ("Zzz", [])):
        proxy.setFilterFixedString(typed)
        assert shown(proxy) == found, typed


def test_a_name_picker_offers_accented_names_for_plain_letters(qapp) -> None:
    combo = QComboBox()
    combo.addItems([p[0] for p in PEOPLE])
    line = searchable(combo, "Type a name…")
    line.setText("zoe")
    line.textEdited.emit("zoe")
    completer = combo.completer()
    assert completer is not None
    offered = completer.model()
    assert [offered.index(i, 0).data() for i in range(offered.rowCount())] == ["Zoë Lambert"]
    line.setText("Jorg")
    line.textEdited.emit("Jorg")
    assert [offered.index(i, 0).data() for i in range(offered.rowCount())] == ["Jörg Müller"]
