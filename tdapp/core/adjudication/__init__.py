"""core/adjudication: the judge. Movement (DATC), retreats, adjustments and rule variants.

``adjudicate_phase(position, entries, rules)`` is the one entry point most callers need.
"""

# The names below load their module on first use (PEP 562), so that importing one light module of
# this package (a model, say) does not load the whole package at start-up.

from typing import TYPE_CHECKING

from tdapp.core.lazy import load_name

if TYPE_CHECKING:
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

_MODULE_OF = {
    "OrderEntry": "results",
    "OrderResult": "results",
    "PhaseOutcome": "judge",
    "RuleOptions": "rules",
    "adjudicate_phase": "judge",
    "format_order": "results",
}

if not TYPE_CHECKING:
    def __getattr__(name: str) -> object:
        return load_name(__name__, globals(), _MODULE_OF, name)
