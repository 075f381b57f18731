"""Small pieces the wizard's steps share: headings, issue texts, card views of a proposal."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel

from tdapp.core.seating import Issue
from tdapp.gui import theme
from tdapp.gui.seating.cards import SEVERE, CardView, SeatView, by_power
from tdapp.services.rounds import BoardRow

if TYPE_CHECKING:  # the seating engine loads with the board call, not at start-up
    from tdapp.core.tournament.board_call import SeatingProposal

ISSUE_TITLES = {
    "repeat": "met before",
    "power_repeat": "power played before",
    "keep_apart": "keep apart",
    "double_board": "twice on one board",
    "locked_seat": "not at the pinned board",
}


def big_label(text: str = "", points: int = 4, bold: bool = True) -> QLabel:
    label = QLabel(text)
    theme.enlarge(label, points, bold=bold)
    label.setWordWrap(True)
    return label


def hint_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    theme.set_text_colour(label, theme.MUTED)
    return label


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def issue_text(issue: Issue) -> str:
    return f"Board {issue.board}: {issue.message}"


def stats_text(proposal: SeatingProposal, pairs_bound: int | None = None) -> str:
    """"10 boards · 17 repeated pairs of opponents · 0 repeated powers"; ``pairs_bound``, the
    provable least number of repeated pairs, is said next to the pairs it counts."""
    stats = proposal.stats
    bound = f" (at least {pairs_bound} unavoidable)" if pairs_bound else ""
    parts = [
        plural(len(proposal.boards), "board"),
        f"{plural(stats.repeat_pairs, 'repeated pair')} of opponents{bound}",
        plural(stats.power_repeats, "repeated power"),
    ]
    if stats.keep_apart_violations:
        count = stats.keep_apart_violations
        parts.append(f"{count} keep-apart breach{'' if count == 1 else 'es'}")
    if stats.locked_seat_violations:
        parts.append(plural(stats.locked_seat_violations, "pinned player") + " moved")
    return " · ".join(parts)


def card_views(proposal: SeatingProposal, picked: str = "") -> list[CardView]:
    """The proposal's boards as cards: seats by power, coloured by their issues."""
    by_seat: dict[tuple[int, str], list[Issue]] = defaultdict(list)
    for issue in proposal.issues:
        for player in issue.players:
            by_seat[(issue.board, player)].append(issue)
    views = []
    pool = set(proposal.context.pool)  # WDC 2025 round 4: marked by who sits there, unranked
    top = set(proposal.context.top_board)  # WDC 2018's final round: board 1, the best seven
    # WDC 2025's team round: each seat says its team, so the TD sees team-mates kept apart
    team_of = {player: name for name, members in proposal.context.teams.items()
               for player in members.values()}
    for board in proposal.boards:
        seats = []
        for power, player in by_power(board.seats, board.powers):
            found = by_seat.get((board.number, player), [])
            problem = ("severe" if any(i.kind in SEVERE for i in found)
                       else "repeat" if found else "")
            tooltip = "\n".join(i.message for i in found)
            seats.append(SeatView(power, player, problem, tooltip, team_of.get(player, "")))
        count = sum(1 for i in proposal.issues if i.board == board.number)
        notes = ["championship pool"] if pool and set(board.seats) <= pool else []
        if top and top <= set(board.seats):
            notes.append("top board")
        if team_of and all(player in team_of for player in board.seats):
            notes.append("team round")
        if board.number in proposal.selection_orders:
            notes.append("Paris")
        if count:
            notes.append(plural(count, "issue"))
        views.append(CardView(board.number, tuple(seats), " · ".join(notes),
                              board.number in proposal.locked_boards))
    return views


def result_text(centers: int | None, score: float | None) -> str:
    if centers is None:
        return ""
    text = f"{centers} SC"
    # two decimals at most, as the result dialog and the standings show them (Sum of Squares)
    return f"{text} · {round(score, 2):g}" if score is not None else text


def called_card_views(boards: Sequence[BoardRow], pool_boards: Collection[int] = (),
                      team_boards: Collection[int] = ()) -> list[CardView]:
    """A published round's boards, with centres and scores once results are in; the
    championship pool's boards and the team round's say so (WDC 2025 round 4)."""
    views = []
    for board in boards:
        seats = tuple(SeatView(s.power, s.player_name, extra=result_text(s.centers, s.score))
                      for s in board.seats)
        notes = ["championship pool"] if board.number in pool_boards else []
        if board.number in team_boards:
            notes.append("team round")
        if board.top_board:
            notes.append("top board")
        notes.append({"seated": "not started", "playing": "playing", "finished": "finished",
                      "scored": "scored"}.get(board.status, board.status))
        views.append(CardView(board.number, seats, " · ".join(notes)))
    return views


def call_seats(boards: Sequence[BoardRow]) -> list[tuple[int, list[tuple[str, str]]]]:
    return [(b.number, [(s.power, s.player_name) for s in b.seats]) for b in boards]
