"""tdapp: the tournament director's program for face-to-face Diplomacy."""

from __future__ import annotations

from importlib import metadata


def _read_version() -> str:
    try:
        return metadata.version("tdapp")
    except metadata.PackageNotFoundError:  # running from a source tree or a frozen bundle
        return "0.1.0"


__version__ = _read_version()
