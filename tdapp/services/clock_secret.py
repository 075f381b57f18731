"""How a ``.tdt`` file keeps a round's hidden end time: sealed with the TD's key
(services.sealed), never in plain, so one SQL query on a copy of the file does not reveal it.
Its own module so that copies and snapshots (services.snapshots, commands.copy) can seal a
time read from a venue server without importing the clock's services."""

from __future__ import annotations

from typing import Any

from tdapp.services import sealed

# The hidden end time is kept sealed under this key; "hidden_end" stays None in the file.
SEALED_END_KEY = "hidden_end_sealed"
SEALED_END_LABEL = "round clock hidden end"


def file_clock(state: dict[str, Any], hidden_end: Any) -> dict[str, Any]:
    """A round's clock state as a file keeps it, with ``hidden_end`` sealed."""
    return {**state, "hidden_end": None,
            SEALED_END_KEY: sealed.seal(hidden_end, SEALED_END_LABEL)}
