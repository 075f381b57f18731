"""Where GUI tests put their pictures: the running test's own ``tmp_path/screens/`` folder.

Pictures are for people to look at, so a run may keep them: ``pytest --keep-screens DIR``
(or ``TDAPP_KEEP_SCREENS=DIR``) copies each test's pictures into DIR after the test, keeping
their sub-folders (``--keep-screens out/screens`` gives the familiar out/screens/gui/...).
Nothing is written outside ``tmp_path`` otherwise. The folder is set for each test by the
autouse fixture in tests/gui/conftest.py.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from PySide6.QtWidgets import QWidget

ENV_KEEP = "TDAPP_KEEP_SCREENS"
_current: Path | None = None


def begin(tmp_path: Path) -> Path:
    """The running test's picture folder (made on first use)."""
    global _current
    _current = tmp_path / "screens"
    return _current


def folder(sub: str = "") -> Path:
    """``sub`` inside the running test's picture folder, created."""
    if _current is None:
        raise RuntimeError("screens.folder() outside a GUI test (no tmp_path set)")
    target = _current / sub if sub else _current
    target.mkdir(parents=True, exist_ok=True)
    return target


def path(relative: str) -> Path:
    """Where the picture ``relative`` (e.g. "gui/01-welcome.png") goes, its folder created."""
    target = folder() / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    return target


def save(widget: QWidget, relative: str) -> Path:
    """A picture of ``widget`` at ``relative``, checked to have been written."""
    target = path(relative)
    assert widget.grab().save(str(target)), f"could not write {target}"
    return target


def keep(keep_dir: str | None) -> list[Path]:
    """Copy the running test's pictures into ``keep_dir`` (when one is asked for); then forget
    the folder, so a helper called outside a test fails loudly rather than writing anywhere."""
    global _current
    source, _current = _current, None
    if not keep_dir or source is None or not source.is_dir():
        return []
    copied = []
    for picture in sorted(p for p in source.rglob("*") if p.is_file()):
        target = Path(keep_dir) / picture.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(picture, target)
        copied.append(target)
    return copied


def keep_dir_from(option: str | None) -> str | None:
    return option or os.environ.get(ENV_KEEP) or None
