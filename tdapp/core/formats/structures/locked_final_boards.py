"""Final-round boards locked to the rank range their players held (EDC 2026).

Seed 004, Final Ranking: "Each of group of seven players forming a board in the final round
will be locked into the range of rankings they occupy at the start of the final round ...
With the exception of the top board, players will swap freely within this range of ranks ...
The board topper of the top board in the final round will be crowned the champion of the
tournament. If there is a joint board top, then count back shall be used and the player losing
the count back will be awarded 2nd place (also 3rd for a 3-person board top continuing ad
infinitum). The remaining places will be determined using the full tournament scores across
all rounds."

Settings: ``TournamentFormat.locked_final`` (:class:`~tdapp.core.formats.model.LockedFinalRule`):
``round`` (the final round), ``within`` (``"total"``: inside a range by tournament score, or
``"round"``: by final-round score) and ``champion`` (``"board-topper"``).

Each final-round board takes the places its players occupied when the round began. On the top
board the board-topper (most centres; a shared top goes to count-back year by year, the losers
taking the next places) is champion and the others follow by tournament score; on every other
board players swap within the range. A player who sits the final round out keeps the place
held when it began; a player seated on two final-round boards is ranked with the lower-numbered
one, and each board's players share out the places they held. Seating: the final round is
seated by ranking in boards of seven available players, the best on board 1
(``SeatingNeeds.ranked_groups``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tdapp.core.formats.errors import FormatError
from tdapp.core.formats.options import BoardChampion, RankWithin
from tdapp.core.formats.structures.base import FinalRanking, RankingContext, SeatingNeeds
from tdapp.core.formats.structures.ordering import Ordering

if TYPE_CHECKING:
    from tdapp.core.formats.model import TournamentFormat

SIT_OUT_WORDS = ("a player who sits the final round out keeps the place held when it began; "
                 "a player seated on two final-round boards is ranked with the lower-numbered "
                 "board, and each board's players share out the places they held")


class LockedFinalBoards(FinalRanking):
    name = "locked-final-boards"
    choice = "final boards keep their rank range"
    champion = "board-topper of the top board in the final round"
    settings = "locked_final"

    def champion_words(self, fmt: TournamentFormat) -> str:
        return ("the board-topper of the final round's top board (a joint top settled by "
                "count-back, the loser second, third for a three-way top, and so on)")

    def describe(self, fmt: TournamentFormat) -> list[tuple[str, str]]:
        rule = fmt.locked_final
        if rule is None:
            return []
        within = rule.within.words
        return [("Final round", f"round {rule.round} is seated by ranking, seven available "
                 "players a board, the best on board 1; each board keeps the rank range its "
                 f"players held when it began, and swaps places inside it {within}"),
                ("Final-round sit-outs", SIT_OUT_WORDS)]

    def validate(self, fmt: TournamentFormat) -> None:
        super().validate(fmt)
        rule = fmt.locked_final
        assert rule is not None
        if rule.champion != BoardChampion.BOARD_TOPPER:
            raise FormatError("the champion is the top board's board-topper",
                              "locked_final.champion")

    def check_change(self, fmt: TournamentFormat) -> None:
        rule = fmt.locked_final
        assert rule is not None
        if not 2 <= rule.round <= fmt.rounds:
            raise FormatError(f"the final round is one of 2..{fmt.rounds}, not {rule.round}",
                              "locked_final.round")

    def seating(self, fmt: TournamentFormat, round_number: int) -> SeatingNeeds:
        rule = fmt.locked_final
        if rule is None or round_number != rule.round:
            return SeatingNeeds()
        return SeatingNeeds(ranked_groups=7, locked_ranges=True,
                            words="final round: each board is locked to the range of places "
                                  "its players hold now; board 1 is the top board, whose "
                                  "board-topper is champion")

    def applies(self, fmt: TournamentFormat, through: int) -> bool:
        return fmt.locked_final is not None and through >= fmt.locked_final.round

    def marked(self, fmt: TournamentFormat, ctx: RankingContext) -> tuple[str, ...]:
        assert fmt.locked_final is not None
        return tuple(p for b in ctx.tournament.boards if b.round == fmt.locked_final.round
                     and b.top for p in b.powers.values())

    def rank(self, fmt: TournamentFormat, players: Sequence[str],
             ctx: RankingContext) -> Ordering:
        return locked_final_ordering(players, fmt, ctx)


@dataclass(frozen=True)
class _Slot:
    player: str
    unit: str  # the board (or lone player) whose range this place belongs to
    group: int  # equal-rank group inside that unit's ordering
    after: str  # why this player is above the next one of the same unit
    tie: str
    note: str


def locked_final_ordering(players: Sequence[str], fmt: TournamentFormat,
                          ctx: RankingContext) -> Ordering:
    """The final standings: every final-round board in its locked range of places."""
    rule = fmt.locked_final
    sheet = ctx.sheet
    assert rule is not None and sheet is not None
    rnd = rule.round
    start = ctx.before(rnd).by_total(players)
    if any(t == "td" for t in start.ties):
        ctx.issues.append(f"a tie in the standings after round {rnd - 1} is left to the TD; "
                      "final-round rank ranges assume the order shown")
    position = {p: i for i, p in enumerate(start.flat())}
    boards = sorted((b for b in ctx.tournament.boards if b.round == rnd), key=lambda b: b.number)
    top_board = next((b for b in boards if b.top), None)
    if top_board is None and boards:
        top_board = min(boards, key=lambda b: min((position.get(p, 1 << 30)
                                                   for p in b.powers.values()), default=1 << 30))
    slots: dict[int, _Slot] = {}
    done: set[str] = set()
    for board in boards:
        members = [p for p in board.powers.values() if p in position and p not in done]
        if not members:
            continue
        done.update(members)
        if board is top_board:
            order = _top_board_order(members, board, ctx)
        else:
            value = sheet.totals.__getitem__ if rule.within == RankWithin.TOTAL else (
                lambda p: sheet.round_score(p, rnd) or 0.0)
            order = ctx.order_by(members, value, phrase="higher score"
                                 if rule.within == RankWithin.TOTAL else "higher final-round score")
        _fill(slots, order, sorted(position[p] for p in members), f"board {board.number}")
    for p in players:
        if p not in done:  # did not play the final round: keeps the place it held
            slots[position[p]] = _Slot(p, f"player {p}", 0, "", "", "")
    return _assemble(slots)


def _top_board_order(members: list[str], board: Any, ctx: RankingContext) -> Ordering:
    """The top board: board-topper(s) first by count-back, the rest by tournament score."""
    centres = {p: int(board.centers.get(board.power_of(p) or "", 0)) for p in members}
    most = max(centres.values())
    toppers = sorted(p for p in members if centres[p] == most)
    order = _count_back_centres(toppers, board)
    rest = [p for p in members if p not in toppers]
    if rest:
        why = (f"board-topper of the top board ({most} centres against "
               f"{max(centres[p] for p in rest)})")
        order.extend(ctx.by_total(rest, offset=len(toppers)), why)
    return order


def _count_back_centres(toppers: list[str], board: Any) -> Ordering:
    """Order a shared board top by centres one year back, then two, ... (EDC 2026)."""
    if len(toppers) == 1:
        return Ordering([toppers], [], [""], [""])
    history = {int(y): c for y, c in (board.history or {}).items()}
    end = board.end_year or max(history, default=0)
    years = sorted((y for y in history if y < end), reverse=True)
    power = {p: board.power_of(p) or "" for p in toppers}
    keys = {p: tuple(int(history[y].get(power[p], 0)) for y in years) for p in toppers}
    out = Ordering()
    groups: dict[tuple[int, ...], list[str]] = {}
    for p in toppers:
        groups.setdefault(keys[p], []).append(p)
    ordered = sorted(groups, reverse=True)
    for i, key in enumerate(ordered):
        members = sorted(groups[key])
        tie = "td" if len(members) > 1 else ""
        note = "shared board top in every year of count-back; left to the TD" if tie else ""
        joint = None
        if i > 0:
            prev = ordered[i - 1]
            k = next(j for j, (a, b) in enumerate(zip(prev, key, strict=True)) if a != b)
            joint = (f"shared board top; ahead on count-back ({prev[k]} against {key[k]} "
                     f"centres in {years[k]})")
        out.extend(Ordering([members], [], [tie], [note]), joint)
    return out


def _fill(slots: dict[int, _Slot], order: Ordering, places: list[int], unit: str) -> None:
    flat = [(g, p) for g, group in enumerate(order.groups) for p in group]
    for (g, p), place in zip(flat, places, strict=True):
        group = order.groups[g]
        last = p == group[-1]
        after = (order.reasons[g] if g < len(order.reasons) else "") if last else order.notes[g]
        tie = order.ties[g] if len(group) > 1 else ""
        slots[place] = _Slot(p, unit, g, after, tie, order.notes[g] if tie else "")


def _assemble(slots: dict[int, _Slot]) -> Ordering:
    out = Ordering()
    places = sorted(slots)
    current: list[_Slot] = []
    for i, place in enumerate(places):
        slot = slots[place]
        current.append(slot)
        nxt = slots[places[i + 1]] if i + 1 < len(places) else None
        if nxt is not None and nxt.unit == slot.unit and nxt.group == slot.group:
            continue
        members = [s.player for s in current]
        out.groups.append(members)
        out.ties.append(slot.tie if len(members) > 1 else "")
        out.notes.append(slot.note)
        if nxt is not None:
            if nxt.unit == slot.unit:
                out.reasons.append(slot.after)
            else:
                out.reasons.append(_range_reason(slot, nxt, slots))
        current = []
    return out


def _range_reason(slot: _Slot, nxt: _Slot, slots: dict[int, _Slot]) -> str:
    mine = [place + 1 for place, s in slots.items() if s.unit == slot.unit]
    if slot.unit.startswith("player"):
        return f"held place {min(mine)} and did not play the final round"
    return (f"final-round {slot.unit} is locked to places {min(mine)}-{max(mine)} "
            f"(its players' ranks when the round began)")

