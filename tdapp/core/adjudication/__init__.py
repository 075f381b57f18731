"""core/adjudication: the judge. Movement (DATC), retreats, adjustments and rule variants.

``adjudicate_phase(position, entries, rules)`` is the one entry point most callers need.
"""

from tdapp.core.adjudication.judge import PhaseOutcome, adjudicate_phase
from tdapp.core.adjudication.results import OrderEntry, OrderResult, format_order
from tdapp.core.adjudication.rules import RuleOptions

__all__ = [
    "OrderEntry",
    "OrderResult",
    "PhaseOutcome",
    "RuleOptions",
    "adjudicate_phase",
    "format_order",
]
