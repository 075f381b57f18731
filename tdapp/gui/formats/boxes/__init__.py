"""The settings editors of the built-in structural rules, one module each: the one list the
registry (``gui/formats/settings_editors.py``) reads. A new built-in rule with settings is its
module here and one line below."""

from __future__ import annotations

from tdapp.gui.formats.boxes.knockout import KnockoutBox
from tdapp.gui.formats.boxes.locked_final import LockedFinalBox
from tdapp.gui.formats.boxes.pool import PoolBox
from tdapp.gui.formats.boxes.top_board import TopBoardBox
from tdapp.gui.formats.settings_box import SettingsBox


def built_in_settings_editors() -> list[type[SettingsBox]]:
    """In the order of the core's rules (the registry orders them by the core anyway)."""
    return [PoolBox, TopBoardBox, LockedFinalBox, KnockoutBox]
