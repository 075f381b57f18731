"""A round the TD picked by hand on a page (Boards, Clock), remembered on this computer for
that tournament file, so reopening the file shows it again.

The pick is kept with the round the page would have chosen itself at that moment: once the
tournament has moved on (a later round seated, a round finished), the page's own choice is
newer than the pick, and the pick is forgotten rather than holding the page on an old round."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tdapp.gui.settings import make_settings

GROUP = "picked_round"


def _key(page: str, path: Path | None) -> str | None:
    if path is None:
        return None
    digest = hashlib.sha1(str(Path(path).resolve()).encode("utf-8")).hexdigest()[:16]
    return f"{GROUP}/{page}-{digest}"


def remember(page: str, path: Path | None, picked: int, default: int | None) -> None:
    """The TD picked ``picked`` while the page's own choice was ``default``."""
    key = _key(page, path)
    if key is None:
        return
    settings = make_settings()
    if picked == default:
        settings.remove(key)  # back on the page's own choice: nothing to remember
    else:
        settings.setValue(key, f"{picked}:{'' if default is None else default}")
    settings.sync()


def recall(page: str, path: Path | None, default: int | None, rounds: list[int]) -> int | None:
    """The round to show on opening: the TD's pick while the page's own choice is still the
    one it was then (and the picked round still exists), else ``default``."""
    key = _key(page, path)
    if key is None:
        return default
    value = make_settings().value(key)
    if not isinstance(value, str) or ":" not in value:
        return default
    picked_text, default_text = value.split(":", 1)
    try:
        picked = int(picked_text)
        then = int(default_text) if default_text else None
    except ValueError:
        return default
    return picked if then == default and picked in rounds else default
