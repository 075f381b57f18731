"""The demo's final round as the format plays it, through the services a TD uses: WDC 2025's
championship pool seated apart with the team round for the others (teams formed as players
would form them), WDC 2018's top board. Used by ``tdapp demo`` for a round whose structure asks
for it."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tdapp.core.formats.structures import seating_needs
from tdapp.core.powers import BOARD_SIZE, POWERS
from tdapp.services import teams
from tdapp.services.formats import effective_format
from tdapp.store.database import TournamentDb


def is_final_structure_round(db: TournamentDb, number: int) -> bool:
    """Whether the format's structure asks something of this round's seating (a pool kept
    apart, a top board)."""
    return any(n.apart == "pool" or n.top_board
               for n in seating_needs(effective_format(db), number))


def form_teams(db: TournamentDb, number: int, playing: Sequence[int],
               rng: random.Random) -> int:
    """WDC 2025 II.4.a: "Teams will be self-forming, and comprise 7 players each. One player
    from the team will play each country, and this will be assigned by the team." The players
    outside the pool form teams of seven at random when there are enough for a team round;
    returns how many teams were formed."""
    rule = effective_format(db).team
    if rule is None or rule.round != number or teams.list_teams(db):
        return 0
    pool, known = teams.championship_pool(db)
    outside = [p for p in dict.fromkeys(playing) if p not in pool]
    if not known or len(outside) < rule.min_players or len(outside) % BOARD_SIZE:
        return 0
    rng.shuffle(outside)
    count = len(outside) // BOARD_SIZE
    for index in range(count):
        team_id = teams.create_team(db, f"Team {index + 1}").ids[0]
        powers = list(POWERS)
        rng.shuffle(powers)
        for player, power in zip(outside[index * BOARD_SIZE:(index + 1) * BOARD_SIZE], powers,
                                 strict=True):
            teams.add_member(db, team_id, player, power)
    return count


def resting(db: TournamentDb, number: int, ids: Sequence[int], rounds_played: int) -> set[int]:
    """Players who skip this round by choice because the format lets them play only some of a
    group of rounds (WDC 2018: "no more than three of the four preliminary rounds"): player i
    skips the group's rounds from position i on, spread evenly over the group. A demo that
    stops before the group's last round needs nobody to rest."""
    for group in effective_format(db).counting:
        if group.max_played is None or number not in group.rounds \
                or max(group.rounds) > rounds_played:
            continue
        skips = len(group.rounds) - group.max_played
        position = group.rounds.index(number)
        return {p for i, p in enumerate(ids)
                if (position - i) % len(group.rounds) < skips}
    return set()

