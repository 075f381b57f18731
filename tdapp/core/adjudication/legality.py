"""Orders the judge will void whatever the other orders are, found before adjudication.

The order-entry screens ask this while a sheet is typed, so that an army ordered into a sea or a
fleet ordered inland is shown at once as void (the unit holds) instead of only at adjudication.
The checks are the judge's own (:mod:`movement`, :mod:`retreats`, :mod:`adjustments`), not a
copy: what this flags is exactly what the judge voids on its own. Nothing here changes what the
parser reads or what ``tdapp adjudicate`` reports.
"""

from __future__ import annotations

from collections.abc import Sequence

from tdapp.core.adjudication.adjustments import adjustment_faults
from tdapp.core.adjudication.movement import movement_faults
from tdapp.core.adjudication.results import DESTINATION, TARGET, UNIT, WHOLE, Fault
from tdapp.core.adjudication.retreats import retreat_faults
from tdapp.core.board.position import ADJUSTMENTS, RETREATS, Position

__all__ = ["DESTINATION", "TARGET", "UNIT", "WHOLE", "Fault", "order_faults"]


def order_faults(position: Position, power: str,
                 orders: Sequence[object | None]) -> list[Fault | None]:
    """Per written order of ``power`` (None where the parser could not read one), why the judge
    will void it in ``position``'s phase, or None. What depends on the other orders (a support
    no move matches, two orders for one unit, builds beyond those owed) is not judged here."""
    kind = position.phase.kind
    if kind == RETREATS:
        return retreat_faults(position, power, orders)
    if kind == ADJUSTMENTS:
        return adjustment_faults(position, power, orders)
    return movement_faults(position, power, orders)
