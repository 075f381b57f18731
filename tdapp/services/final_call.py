"""Who a knock-out's final calls (DBN 2025's championship game): the best seeds who advanced
automatically and every qualifying game's winner, seeded as the format says; everyone else is
not called, each with the reason in the TD's words (as WDC 2018's "Not called" list).

Seed 000 4.1.2: "The Championship Game includes the Top Three Seeds who automatically advanced
and the 4 Semi-Final game winners."
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tdapp.core.formats.structures import seating_needs
from tdapp.core.tournament.results import scorer_with
from tdapp.core.tournament.standings import knockout_call
from tdapp.services.formats import effective_format, scoring_systems
from tdapp.services.standings_data import tournament_model
from tdapp.store.database import TournamentDb


@dataclass(frozen=True)
class FinalCall:
    """The final's players best seed first (player id -> how they got there), the others with
    why they are not called, and what is not known yet."""

    called: dict[int, str] = field(default_factory=dict)
    not_called: dict[int, str] = field(default_factory=dict)
    issues: tuple[str, ...] = ()


def final_call(db: TournamentDb, round_number: int) -> FinalCall | None:
    """The final's call for ``round_number``, or None when the round is not a knock-out final."""
    fmt = effective_format(db)
    finalists_only = any(n.finalists for n in seating_needs(fmt, round_number))
    if not finalists_only or fmt.knockout is None:
        return None
    model = tournament_model(db)
    found, issues = knockout_call(model, fmt, scorer=scorer_with(scoring_systems(db)))
    called = {int(f.player): f.how for f in found}
    rounds = ", ".join(map(str, fmt.knockout.qualifying_rounds))
    why = (f"not in the final: neither one of the best {fmt.knockout.automatic} seeds nor a "
           f"game winner of rounds {rounds}")
    not_called = {int(p.id): why for p in model.players
                  if int(p.id) not in called and not p.withdrawn}
    return FinalCall(called, not_called, tuple(issues))
