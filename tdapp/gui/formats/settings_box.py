"""What a structural rule's settings editor is: one box on the format dialog's structure tab.

Each structural rule (``tdapp/core/formats/structures/``) with settings of its own has one
module in ``gui/formats/boxes/`` holding a :class:`SettingsBox` subclass, registered by the
rule's name (``settings_editors.register_settings_editor``). The structure tab asks the
registry for the box of every rule, in the order the core offers the rules, so a new rule's box
appears without touching the tab.
"""

from __future__ import annotations

from typing import Any, ClassVar

from PySide6.QtWidgets import QFormLayout, QGroupBox, QWidget

from tdapp.core.formats import TournamentFormat
from tdapp.gui.formats.fields import Binder


def form_layout(parent: QWidget) -> QFormLayout:
    layout = QFormLayout(parent)
    layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
    return layout


class SettingsBox(QGroupBox):
    """A rule's settings as widgets. ``rule``: the structural rule's name (what it is registered
    under); ``field``: the ``TournamentFormat`` field holding its settings ("" when it has
    none: the box then only says what the rule does); ``title_words``: the box's title;
    ``column``: 0 (left) or 1 (right) on the structure tab.

    A box with settings is checkable: ticked, the format has them. Subclasses build their
    widgets in :meth:`build`, show a format in :meth:`show_settings` and read the widgets back
    in :meth:`settings` (raising ``FormatError`` naming the field when they say something
    impossible)."""

    rule: ClassVar[str] = ""
    field: ClassVar[str] = ""
    title_words: ClassVar[str] = ""
    column: ClassVar[int] = 1

    def __init__(self, bind: Binder, parent: QWidget | None = None) -> None:
        super().__init__(self.title_words, parent)
        if self.field:
            self.setCheckable(True)
            bind.add(self.field, self)
        self.build(bind)

    def build(self, bind: Binder) -> None:
        """Make the widgets, each registered under its field with ``bind.add``."""

    def load(self, fmt: TournamentFormat) -> None:
        """Show ``fmt``'s settings (a sensible start when it has none: ticking the box then
        offers them)."""
        if self.field:
            self.setChecked(getattr(fmt, self.field) is not None)
        self.show_settings(fmt)

    def show_settings(self, fmt: TournamentFormat) -> None:
        """Fill the widgets from ``fmt``."""

    def changes(self, start: TournamentFormat) -> dict[str, Any]:
        """The format fields this box sets: its settings, or None when unticked."""
        if not self.field:
            return {}
        return {self.field: self.settings(start) if self.isChecked() else None}

    def settings(self, start: TournamentFormat) -> Any:
        """The settings the widgets say (``start`` gives what the box does not show)."""
        return getattr(start, self.field)
