"""The one error a format raises: what is wrong, and which field it is in."""

from __future__ import annotations


class FormatError(ValueError):
    """A format that cannot be used; ``field`` names the part at fault (e.g. ``round_rules[2]``)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)
