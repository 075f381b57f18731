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
