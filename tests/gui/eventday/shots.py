"""Screenshots of the event-day fixes: written under the test's tmp_path, with a copy in the
worktree's gitignored out/eventday/ for a person to look at."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

LOOK = Path(__file__).resolve().parents[3] / "out" / "eventday"


def shot(widget: QWidget, tmp_path: Path, name: str) -> Path:
    QApplication.processEvents()
    target = tmp_path / f"{name}.png"
    assert widget.grab().save(str(target)), f"could not write {target}"
    LOOK.mkdir(parents=True, exist_ok=True)
    shutil.copy(target, LOOK / target.name)
    return target
