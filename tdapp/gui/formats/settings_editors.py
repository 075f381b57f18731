"""The structural rules' settings editors, by rule name: the built-in ones from
``boxes/__init__.py``, others (a plug-in, a test's toy rule) registered once.

The structure tab asks :func:`settings_editors` for the box of each rule the core knows, in
the core's order (``final_rankings()``), so nothing switches on a rule's name.
"""

from __future__ import annotations

from tdapp.core.formats.structures import final_rankings
from tdapp.gui.formats.boxes import built_in_settings_editors
from tdapp.gui.formats.settings_box import SettingsBox

_EDITORS: dict[str, type[SettingsBox]] = {}


def _editors() -> dict[str, type[SettingsBox]]:
    if not _EDITORS:
        for editor in built_in_settings_editors():
            _add(editor)
    return _EDITORS


def _add(editor: type[SettingsBox]) -> None:
    if not editor.rule or not editor.title_words:
        raise ValueError(f"{editor.__name__} needs the rule it edits and a title")
    if editor.rule in _EDITORS:
        raise ValueError(f"two settings editors for {editor.rule!r}")
    _EDITORS[editor.rule] = editor


def register_settings_editor(editor: type[SettingsBox]) -> type[SettingsBox]:
    """Register ``editor`` for its rule (usable as a class decorator); one per rule."""
    _editors()
    _add(editor)
    return editor


def unregister_settings_editor(rule: str) -> None:
    """Forget the editor of a rule that is not built in (a test's toy rule)."""
    if rule in {e.rule for e in built_in_settings_editors()}:
        raise ValueError(f"the editor of {rule!r} is built in and stays")
    _editors().pop(rule, None)


def settings_editor(rule: str) -> type[SettingsBox] | None:
    """The editor registered for ``rule``, if any (a rule with no settings may have none)."""
    return _editors().get(rule)


def settings_editors() -> tuple[type[SettingsBox], ...]:
    """The editor of every rule that has one, in the order the core offers the rules."""
    found = (settings_editor(rule.name) for rule in final_rankings())
    return tuple(editor for editor in found if editor is not None)
