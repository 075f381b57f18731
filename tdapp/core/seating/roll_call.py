"""Step 1 of the board call: who plays. From the roll call, propose how to reach a multiple of
seven the way the format prefers, with the reasons, and the other ways that also work so the TD
can pick another.

The fixes: bring standbys in; let volunteers sit out; the format's sit-out order (WDC 2018: local
board members, then local club members, then local non-members, then travellers; a player who sat
out before is not asked again); players who volunteered to play two boards (never both on one
board; their better score counts).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tdapp.core.powers import BOARD_SIZE

STATUSES = ("present", "standby", "late", "absent")
FIXES = ("standbys", "volunteers", "sit_out_order", "two_boards", "standbys_and_two_boards")
WDC_2018_ORDER = ("board", "club", "local", "traveller")


@dataclass(frozen=True)
class RollCallEntry:
    player: str
    status: str = "present"
    two_boards: bool = False  # willing to play two boards
    sit_out_volunteer: bool = False
    category: str = "traveller"  # for the sit-out order, e.g. board / club / local / traveller
    sat_out_before: bool = False
    competing: bool = True  # False: a TD or assistant who fills a seat only if needed


@dataclass(frozen=True)
class SitOutPolicy:
    """How a format fixes a count that is not a multiple of seven, most preferred fix first."""

    fixes: tuple[str, ...] = ("standbys", "volunteers", "sit_out_order", "two_boards",
                              "standbys_and_two_boards")
    category_order: tuple[str, ...] = WDC_2018_ORDER
    include_late: bool = True


@dataclass
class Proposal:
    fix: str  # one of FIXES, or "none" when the count is already right
    players: list[str]  # who plays; a two-board player is listed twice
    sitting_out: list[str] = field(default_factory=list)
    standbys_in: list[str] = field(default_factory=list)
    two_boards: list[str] = field(default_factory=list)
    explanations: list[str] = field(default_factory=list)
    alternatives: list[Proposal] = field(default_factory=list)

    @property
    def boards(self) -> int:
        return len(self.players) // BOARD_SIZE


def propose_players(
    roll_call: Sequence[RollCallEntry],
    policy: SitOutPolicy | None = None,
    ranking: Sequence[str] = (),
) -> Proposal:
    """The preferred proposal, with every other working fix in ``alternatives``. ``ranking``
    (best first) decides within a category: the lowest-ranked is asked first."""
    policy = policy or SitOutPolicy()
    for entry in roll_call:
        if entry.status not in STATUSES:
            raise ValueError(f"roll call: unknown status {entry.status!r} for {entry.player}")
    available = [e for e in roll_call if e.status == "present"
                 or (e.status == "late" and policy.include_late)]
    # A non-competing TD or assistant fills a seat only when needed: never counted in while a
    # competing player sits out, so they wait behind the competing standbys.
    playing = [e for e in available if e.competing]
    fillers = [e for e in available if not e.competing]
    standbys = ([e for e in roll_call if e.status == "standby" and e.competing] + fillers
                + [e for e in roll_call if e.status == "standby" and not e.competing])
    names = [e.player for e in playing]
    count = len(names)
    late = [e.player for e in playing if e.status == "late"]
    base_notes = [f"{', '.join(late)} counted in although late"] if late else []
    if count % BOARD_SIZE == 0 and count:
        idle = [e.player for e in fillers]
        return Proposal("none", names, sitting_out=idle, explanations=base_notes + [
            f"{count} players make {count // BOARD_SIZE} boards: nobody needs to sit out"]
            + [f"{p} (not competing) is not needed" for p in idle])
    short, extra = (-count) % BOARD_SIZE, count % BOARD_SIZE
    builders = {
        "standbys": lambda: _standbys(names, standbys, short),
        "volunteers": lambda: _volunteers(names, playing, extra),
        "sit_out_order": lambda: _sit_out_order(names, playing, extra, policy, ranking),
        "two_boards": lambda: _two_boards(names, playing, short, []),
        "standbys_and_two_boards": lambda: _two_boards(names, playing, short, standbys),
    }
    found: list[Proposal] = []
    for fix in policy.fixes:
        if fix not in builders:
            raise ValueError(f"unknown fix {fix!r}; one of {', '.join(FIXES)}")
        proposal = builders[fix]()
        if proposal is not None and any(proposal.players == f.players for f in found):
            continue
        if proposal is not None and proposal.players:
            idle = [e.player for e in fillers if e.player not in proposal.players]
            proposal.sitting_out += idle
            proposal.explanations += [f"{p} (not competing) is not needed" for p in idle]
            proposal.explanations = base_notes + [
                f"{count} players is {extra} more than a multiple of 7 ({short} short of the next)"
            ] + proposal.explanations
            found.append(proposal)
    if not found:
        return Proposal("unresolved", names + [e.player for e in fillers], explanations=base_notes + [
            f"{count} players is not a multiple of 7 and no fix of the format works: "
            f"add {short} or remove {extra} by hand"])
    best = found[0]
    best.alternatives = found[1:]
    return best


def _standbys(names: list[str], standbys: list[RollCallEntry], short: int) -> Proposal | None:
    if len(standbys) < short:
        return None
    chosen = [e.player for e in standbys[:short]]
    notes = [f"standby {e.player} plays" if e.competing and e.status == "standby"
             else f"{e.player} (not competing) fills a seat" for e in standbys[:short]]
    notes += [f"standby {e.player} stays out" for e in standbys[short:]
              if e.status == "standby"]
    return Proposal("standbys", names + chosen, standbys_in=chosen, explanations=notes)


def _volunteers(names: list[str], playing: list[RollCallEntry], extra: int) -> Proposal | None:
    volunteers = [e for e in playing if e.sit_out_volunteer]
    volunteers.sort(key=lambda e: e.sat_out_before)  # those who have not sat out yet first
    if len(volunteers) < extra:
        return None
    out = [e.player for e in volunteers[:extra]]
    return Proposal("volunteers", [p for p in names if p not in out], sitting_out=out,
                    explanations=[f"{p} volunteered to sit out" for p in out])


def _sit_out_order(
    names: list[str],
    playing: list[RollCallEntry],
    extra: int,
    policy: SitOutPolicy,
    ranking: Sequence[str],
) -> Proposal | None:
    """Volunteers first, then the format's order of categories; within a category the
    lowest-ranked (or the last on the roll call) first; nobody who sat out before unless
    everyone else is already out (then they are asked a second time, in the same order)."""
    position = {p: i for i, p in enumerate(ranking)}
    roll = {e.player: i for i, e in enumerate(playing)}
    volunteers = [e for e in playing if e.sit_out_volunteer and not e.sat_out_before]
    out = [e.player for e in volunteers[:extra]]
    notes = [f"{p} volunteered to sit out" for p in out]
    order = {c: i for i, c in enumerate(policy.category_order)}
    asked = [e for e in playing if e.player not in out and not e.sat_out_before
             and e.category in order]
    asked.sort(key=lambda e: (order[e.category], -position.get(e.player, len(position)),
                              -roll[e.player]))
    for entry in asked[: extra - len(out)]:
        out.append(entry.player)
        notes.append(f"{entry.player} sits out ({entry.category}, by the sit-out order)")
    if len(out) < extra:  # everyone else is out: some must sit out a second time
        again = [e for e in playing if e.player not in out and e.sat_out_before]
        volunteered = [e for e in again if e.sit_out_volunteer]
        others = sorted((e for e in again if not e.sit_out_volunteer and e.category in order),
                        key=lambda e: (order[e.category],
                                       -position.get(e.player, len(position)), -roll[e.player]))
        for entry in (volunteered + others)[: extra - len(out)]:
            out.append(entry.player)
            notes.append(f"{entry.player} sits out a second time (everyone else who could "
                         "is already out)")
    if len(out) < extra:
        return None
    skipped = [e.player for e in playing if e.sat_out_before and e.player not in out]
    if skipped:
        notes.append(f"not asked again (sat out before): {', '.join(skipped)}")
    return Proposal("sit_out_order", [p for p in names if p not in out], sitting_out=out,
                    explanations=notes)


def _two_boards(
    names: list[str], playing: list[RollCallEntry], short: int, standbys: list[RollCallEntry]
) -> Proposal | None:
    chosen_standbys = [e.player for e in standbys[:short]]
    need = short - len(chosen_standbys)
    volunteers = [e.player for e in playing if e.two_boards]
    if standbys and not chosen_standbys:
        return None
    if len(volunteers) < need or (len(names) + short) // BOARD_SIZE < 2 and need:
        return None
    doubles = volunteers[:need]
    notes = [f"standby {p} plays" for p in chosen_standbys]
    notes += [f"{p} plays two boards (the better score counts)" for p in doubles]
    fix = "standbys_and_two_boards" if standbys else "two_boards"
    return Proposal(fix, names + chosen_standbys + doubles, standbys_in=chosen_standbys,
                    two_boards=doubles, explanations=notes)
