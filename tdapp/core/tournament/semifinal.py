"""The DBN Invitational semi-final stage (seed 000, 3.1-3.3 and 2.9.2).

The three top seeds go straight to the championship game; the other 28 qualifiers play one
semi-final game each in one of three rounds. Players are assigned "by preference in seed order.
The lowest seeds shall be moved to make multiples of 7"; within a round "the boards shall be
distributed in seed order" (the top seeds of the round on separate boards, then the next, and so
on). A qualifier who cannot play is replaced by the alternates in seed order, and is out for the
season.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tdapp.core.seating.methods import assign_rounds_by_preference

BOARD_SIZE = 7
ROUNDS = 3
AUTOMATIC_FINALISTS = 3  # 2.9.2: "The Top Three Seeds automatically advance"


class SemifinalError(ValueError):
    """The stage cannot be assigned; the message says why in a TD's words."""


@dataclass(frozen=True)
class Entrant:
    player: str
    seed: int


@dataclass(frozen=True)
class Seat:
    player: str
    seed: int
    round: int
    board: int  # numbered across the stage: round 1's boards first
    preferred: tuple[int, ...]  # the rounds the player asked for, first choice first
    moved: bool  # not in the first choice (a low seed moved to make multiples of seven)
    replaces: str = ""  # the qualifier this alternate plays for


@dataclass(frozen=True)
class Replacement:
    out: str  # the qualifier who cannot play: out for the season
    alternate: str


@dataclass(frozen=True)
class Stage:
    seats: tuple[Seat, ...]
    finalists: tuple[Entrant, ...]  # straight to the championship game
    replacements: tuple[Replacement, ...]

    def round_players(self, round_number: int) -> list[Seat]:
        return [s for s in self.seats if s.round == round_number]

    def boards(self) -> dict[int, list[Seat]]:
        out: dict[int, list[Seat]] = {}
        for seat in self.seats:
            out.setdefault(seat.board, []).append(seat)
        return out


def replace_unavailable(qualifiers: Sequence[Entrant], alternates: Sequence[Entrant],
                        unavailable: Sequence[str]) -> tuple[list[Entrant], list[Replacement]]:
    """3.3: "Alternates will be invited in the order of their DBN Invitational Seed." The
    qualifiers who cannot play leave (in seed order), the first alternates take their places."""
    out = set(unavailable)
    spare = [a for a in sorted(alternates, key=lambda e: e.seed) if a.player not in out]
    playing: list[Entrant] = []
    replacements: list[Replacement] = []
    for q in sorted(qualifiers, key=lambda e: e.seed):
        if q.player not in out:
            playing.append(q)
            continue
        if not spare:
            raise SemifinalError(f"{q.player} cannot play and no alternate is left to replace "
                                 "them")
        alternate = spare.pop(0)
        replacements.append(Replacement(q.player, alternate.player))
        playing.append(alternate)
    return playing, replacements


def assign_semifinals(entrants: Sequence[Entrant], preferences: Mapping[str, Sequence[int]],
                      *, rounds: int = ROUNDS,
                      replacing: Mapping[str, str] | None = None) -> list[Seat]:
    """3.2.1: "assigned to Semi-Final Round 1-3 by preference in seed order. The lowest seeds
    shall be moved to make multiples of 7." 3.2.2: boards "distributed in seed order". The
    rounds come from the seating core's preference assignment (a player with no preference
    counts as wanting round 1)."""
    ordered = sorted(entrants, key=lambda e: e.seed)
    if len(ordered) % BOARD_SIZE:
        raise SemifinalError(f"{len(ordered)} semi-finalists cannot make boards of {BOARD_SIZE}")
    for player, wish in preferences.items():
        for r in wish:
            if not 1 <= r <= rounds:
                raise SemifinalError(f"{player}: there is no semi-final round {r}")
    prefs = {e.player: tuple(preferences.get(e.player, ())) for e in ordered}
    by_round = assign_rounds_by_preference([e.player for e in ordered], prefs,
                                           list(range(1, rounds + 1)))
    placed = {p: r for r, players in by_round.items() for p in players}
    sizes = [len(by_round[r]) for r in range(1, rounds + 1)]
    return _boards(ordered, placed, prefs, sizes, replacing or {})


def _boards(ordered: Sequence[Entrant], placed: Mapping[str, int],
            prefs: Mapping[str, tuple[int, ...]], sizes: Sequence[int],
            replacing: Mapping[str, str]) -> list[Seat]:
    """Number the boards across the stage and deal each round's players in seed order: with k
    boards, seeds 1..k of the round go one to a board, then the next k, and so on."""
    seats: list[Seat] = []
    first_board = 1
    for r, size in enumerate(sizes, start=1):
        count = size // BOARD_SIZE
        players = [e for e in ordered if placed[e.player] == r]
        for i, e in enumerate(players):
            wish = prefs[e.player]
            seats.append(Seat(e.player, e.seed, r, first_board + i % count, wish,
                              bool(wish) and wish[0] != r, replacing.get(e.player, "")))
        first_board += count
    return sorted(seats, key=lambda s: (s.board, s.seed))


def semifinal_stage(invited: Sequence[Entrant], alternates: Sequence[Entrant],
                    preferences: Mapping[str, Sequence[int]], *,
                    unavailable: Sequence[str] = (), rounds: int = ROUNDS) -> Stage:
    """The whole stage from the invitation list: the top three seeds to the final, the other
    qualifiers (or the alternates replacing them) assigned to rounds and boards."""
    ordered = sorted(invited, key=lambda e: e.seed)
    finalists = [e for e in ordered[:AUTOMATIC_FINALISTS] if e.player not in unavailable]
    out_of_final = [e.player for e in ordered[:AUTOMATIC_FINALISTS] if e.player in unavailable]
    if out_of_final:
        raise SemifinalError(f"{', '.join(out_of_final)} cannot play: a top-three seed's place "
                             "in the championship game is filled by the championship game's "
                             "alternates (4.4), not in the semi-final stage")
    playing, replacements = replace_unavailable(ordered[AUTOMATIC_FINALISTS:], alternates,
                                                unavailable)
    replacing = {r.alternate: r.out for r in replacements}
    # an alternate plays in the round the replaced qualifier asked for unless they asked too
    prefs = dict(preferences)
    for r in replacements:
        if r.alternate not in prefs and r.out in prefs:
            prefs[r.alternate] = prefs[r.out]
    seats = assign_semifinals(playing, prefs, rounds=rounds, replacing=replacing)
    return Stage(tuple(seats), tuple(finalists), tuple(replacements))


@dataclass(frozen=True)
class Finalist:
    player: str
    seed: int
    solo: bool
    how: str  # "automatic (seed 2)", "won semi-final board 3 (solo)"


def championship_seeding(automatic: Sequence[Entrant],
                         winners: Sequence[tuple[Entrant, int, bool]]) -> list[Finalist]:
    """4.3: the championship game is "seeded as follows: Solo in Semi-Final game, DBN
    Invitational Seed" (``winners``: each board's winner, the board, and whether they soloed)."""
    out = [Finalist(e.player, e.seed, False, f"automatic (seed {e.seed})") for e in automatic]
    out.extend(Finalist(e.player, e.seed, solo,
                        f"won semi-final board {board}" + (" (solo)" if solo else ""))
               for e, board, solo in winners)
    return sorted(out, key=lambda f: (not f.solo, f.seed))


def championship_alternates(invited: Sequence[Entrant], alternates: Sequence[Entrant],
                            stage: Stage, finalists: Sequence[Finalist]) -> list[Entrant]:
    """4.4: "alternates will be invited from players who did not win a Semi-Final Stage game in
    the order of their DBN Invitational Seed" (a player replaced by an alternate is out for the
    season, 5.8.4)."""
    out = {r.out for r in stage.replacements} | {f.player for f in finalists}
    return [e for e in sorted((*invited, *alternates), key=lambda e: e.seed)
            if e.player not in out]


@dataclass(frozen=True)
class MidGame:
    """An alternate who took over a seat during a semi-final game (5.8.1-5.8.2): the replaced
    player is out for the season (5.8.4); the alternate gets the result as if they had played
    the whole game (5.8.6), so may win the board."""

    board: int
    out: str
    alternate: str
    alternate_seed: int
    phase: str  # the phase the alternate took over in, e.g. "F1904M"


def mid_game_replacements(stage: Stage, alternates: Sequence[Entrant],
                          requests: Sequence[tuple[int, str, str]]) -> list[MidGame]:
    """Each (board, player, phase) in the order recorded: the player must be playing on that
    board; the next alternate in seed order (3.3) not already seated or used takes over."""
    boards = stage.boards()
    used = {s.player for s in stage.seats}
    out: list[MidGame] = []
    for board, player, phase in requests:
        at_board = {s.player for s in boards.get(board, ())} | {
            m.alternate for m in out if m.board == board}
        gone = {m.out for m in out}
        if board not in boards:
            raise SemifinalError(f"The semi-final stage has no board {board}")
        if player in gone or player not in at_board:
            raise SemifinalError(f"{player} is not playing on semi-final board {board}")
        spare = [a for a in sorted(alternates, key=lambda e: e.seed) if a.player not in used]
        if not spare:
            raise SemifinalError(f"No alternate is left to replace {player} on board {board}: "
                                 "the GM processes hold orders and a yes to every draw (5.8.3)")
        alternate = spare[0]
        used.add(alternate.player)
        out.append(MidGame(board, player, alternate.player, alternate.seed, phase))
    return out
