"""Units as the contract shape writes them (``"F STP/NC"``), matched by province."""

from __future__ import annotations


def unit_key(unit: str) -> str:
    """``F STP/NC`` -> ``STP`` (also ``STP/NC`` -> ``STP``): units are matched by province, so
    that an order naming no coast still finds its fleet; "" for no unit."""
    words = unit.split()
    return words[-1].split("/", 1)[0] if words else ""
