"""Hidden end time: Key… — take this laptop's secret key to another laptop, or bring one in.

The hidden end time is sealed in the tournament file with a key kept in the TD's settings folder
(``tdapp.services.sealed``). A laptop that did not set the time cannot read it until the key of
the laptop that did is imported here.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from tdapp.services import sealed

KEY_FILTER = "tdapp key (*.json)"


def export_key(parent: QWidget) -> Path | None:
    chosen, _ = QFileDialog.getSaveFileName(parent, "Export this laptop's secret key",
                                            "tdapp-key.json", KEY_FILTER)
    if not chosen:
        return None
    try:
        target = sealed.export_key(Path(chosen))
    except sealed.SealError as exc:
        QMessageBox.warning(parent, "The key was not exported", str(exc))
        return None
    QMessageBox.information(
        parent, "Key exported",
        f"This laptop's key is in {target}. Import it on the other laptop (Hidden end time: "
        f"Key… > Import) and then delete the file: whoever has it can read hidden end times.")
    return target


def import_key(parent: QWidget) -> bool:
    chosen, _ = QFileDialog.getOpenFileName(parent, "Import a secret key", "", KEY_FILTER)
    if not chosen:
        return False
    try:
        name = sealed.import_key(Path(chosen))
    except sealed.SealError as exc:
        QMessageBox.warning(parent, "The key was not imported", str(exc))
        return False
    QMessageBox.information(parent, "Key imported",
                            f"Key {name} imported: hidden end times sealed with it can be "
                            f"read on this laptop.")
    return True
