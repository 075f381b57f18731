"""Help > Keyboard shortcuts (F1) lists every menu command with keys, read from the menus."""

from __future__ import annotations

from tests.gui import screens


def test_f1_lists_the_menu_commands_and_the_page_keys(qtbot, qapp, monkeypatch) -> None:
    monkeypatch.setenv("TDAPP_SETTINGS_SCOPE", "tests")
    from tdapp.gui.app import build_main, make_application

    make_application()
    main = build_main()
    try:
        window = main.window
        assert window.menus.shortcuts_action.shortcut().toString() == "F1"
        window.menus.shortcuts_action.trigger()
        dialog = window.shortcuts_dialog
        assert dialog.isVisible()
        rows = [tuple(dialog.table.item(r, c).text() for c in range(3))
                for r in range(dialog.table.rowCount())]
        commands = {(keys, what) for _, keys, what in rows}
        assert ("Ctrl+N", "New tournament") in commands
        assert any(keys == "Ctrl+Z" for keys, _ in commands)
        assert any(keys == "Ctrl+Shift+B" for keys, _ in commands)  # Round > Seat round
        assert any(keys == "P / A / S / L" for keys, _ in commands)  # roll call, a page key
        assert any(keys == "Space" and where == "Clock" for where, keys, _ in rows)
        screens.save(dialog, "gui/16-keyboard-shortcuts.png")
        dialog.close()
    finally:
        main.window.close()
