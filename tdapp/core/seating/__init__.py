"""Seating: the board call from roll call to seated boards with powers (issue 5).

Each wizard step is a plain function on dataclasses:

1. who plays: :func:`roll_call.propose_players`;
2. seating: :func:`engine.seat_round` (methods balanced, random, ranked, weighted, seed_order,
   team; ``progress`` callback and ``cancel`` callable for the long balanced search);
3. powers: :func:`powers.assign_round_powers`, :func:`powers.assign_from_preferences`,
   :class:`paris.ParisSelection`, hand-set with :func:`review.set_power`;
4. review: :func:`review.review_round`, :func:`review.swap_players`,
   :func:`engine.reseed_unlocked`.
"""

# The names below load their module on first use (PEP 562), so that importing one light module of
# this package (a model, say) does not load the whole package at start-up.

from typing import TYPE_CHECKING

from tdapp.core.lazy import load_name

if TYPE_CHECKING:
    from .engine import reseed_unlocked, seat_round, validate_players
    from .history import History, RepeatBound, repeat_lower_bound
    from .methods import assign_rounds_by_preference
    from .model import (
        METHODS,
        Board,
        Issue,
        PastBoard,
        SeatingRequest,
        SeatingResult,
        SeatingStats,
    )
    from .paris import ParisSelection, Turn
    from .powers import (
        assign_from_preferences,
        assign_round_powers,
        choosing_order,
        parse_preferences,
    )
    from .review import call_by_player, review_round, set_power, swap_players
    from .roll_call import Proposal, RollCallEntry, SitOutPolicy, propose_players

__all__ = [
    "METHODS", "Board", "History", "Issue", "ParisSelection", "PastBoard", "Proposal",
    "RepeatBound", "RollCallEntry", "SeatingRequest", "SeatingResult", "SeatingStats",
    "SitOutPolicy", "Turn", "assign_from_preferences", "assign_round_powers",
    "assign_rounds_by_preference", "call_by_player", "choosing_order", "parse_preferences", "propose_players", "repeat_lower_bound",
    "reseed_unlocked", "review_round", "seat_round", "set_power", "swap_players",
    "validate_players",
]

_MODULE_OF = {
    "Board": "model",
    "History": "history",
    "Issue": "model",
    "METHODS": "model",
    "ParisSelection": "paris",
    "PastBoard": "model",
    "Proposal": "roll_call",
    "RepeatBound": "history",
    "RollCallEntry": "roll_call",
    "SeatingRequest": "model",
    "SeatingResult": "model",
    "SeatingStats": "model",
    "SitOutPolicy": "roll_call",
    "Turn": "paris",
    "assign_from_preferences": "powers",
    "assign_round_powers": "powers",
    "assign_rounds_by_preference": "methods",
    "call_by_player": "review",
    "choosing_order": "powers",
    "parse_preferences": "powers",
    "propose_players": "roll_call",
    "repeat_lower_bound": "history",
    "reseed_unlocked": "engine",
    "review_round": "review",
    "seat_round": "engine",
    "set_power": "review",
    "swap_players": "review",
    "validate_players": "engine",
}

if not TYPE_CHECKING:
    def __getattr__(name: str) -> object:
        return load_name(__name__, globals(), _MODULE_OF, name)
