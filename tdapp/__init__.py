"""tdapp: the tournament director's program for face-to-face Diplomacy."""

from __future__ import annotations

from functools import cache
from importlib import metadata

FALLBACK_VERSION = "0.1.0"  # a source tree that was never installed, or a frozen bundle


@cache
def _read_version() -> str:
    try:
        return metadata.version("tdapp")
    except metadata.PackageNotFoundError:
        return FALLBACK_VERSION


def __getattr__(name: str) -> str:
    # Looked up on first use only: reading package metadata costs tens of milliseconds, which
    # every `import tdapp.core` (and every `tdapp score` call) would otherwise pay.
    if name == "__version__":
        return _read_version()
    raise AttributeError(f"module 'tdapp' has no attribute {name!r}")
