"""Awards as the TD sees them: computed awards with their rules, the TD's special awards, and
ties the rules leave to the TD, settled by a recorded random draw or a TD decision."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from tdapp.core.powers import POWERS
from tdapp.core.tournament.awards import Award, compute_awards
from tdapp.core.tournament.results import scorer_with
from tdapp.core.tournament.standings import compute_standings
from tdapp.core.tournament.tiebreakers import names_in_note
from tdapp.services.changes import Change, ServiceError
from tdapp.services.formats import effective_format, scoring_systems
from tdapp.services.standings_data import tournament_model
from tdapp.services.text import NAME_LIMIT, NOTE_LIMIT, typed_text
from tdapp.store.database import TournamentDb
from tdapp.store.models import Player, SpecialAward, TieDecision

METHODS = {"random-draw": "Random draw", "td": "TD's decision"}
KIND_TITLES = {"place": "Place", "best-country": "Best country", "team": "Team",
               "special": "Special"}


@dataclass(frozen=True)
class AwardRow:
    """One computed award, names resolved. ``tie`` is "" / "shared" / "td"."""

    name: str
    kind: str
    winners: tuple[str, ...]
    player_ids: tuple[int, ...]
    rule: str
    value: float | None
    tie: str
    power: str | None = None
    team: str | None = None

    @property
    def winners_text(self) -> str:
        return " / ".join(self.winners) if self.winners else "—"


@dataclass(frozen=True)
class SpecialAwardRow:
    id: int
    title: str
    player_id: int | None
    player_name: str
    note: str


@dataclass(frozen=True)
class OpenTie:
    """A tie the TD must settle: ``about`` is what the decision is recorded for ("standings",
    "best-country:FRANCE", "team"), ``what`` says it in words."""

    about: str
    what: str
    player_ids: tuple[int, ...]
    names: tuple[str, ...]
    note: str


@dataclass(frozen=True)
class TieDecisionRow:
    id: int
    about: str
    method: str
    order: tuple[int, ...]
    names: tuple[str, ...]
    note: str


@dataclass(frozen=True)
class AwardsView:
    awards: tuple[AwardRow, ...]
    open_ties: tuple[OpenTie, ...]
    decisions: tuple[TieDecisionRow, ...]
    issues: tuple[str, ...]
    through: int

    def best_countries(self) -> tuple[AwardRow, ...]:
        order = {p: i for i, p in enumerate(POWERS)}
        return tuple(sorted((a for a in self.awards if a.kind == "best-country"),
                            key=lambda a: order.get(a.power or "", 99)))

    def others(self) -> tuple[AwardRow, ...]:
        return tuple(a for a in self.awards if a.kind != "best-country")


def _award_row(award: Award, names: dict[str, str]) -> AwardRow:
    return AwardRow(
        name=award.name, kind=award.kind,
        winners=tuple(names.get(p, p) for p in award.players),
        player_ids=tuple(int(p) for p in award.players if p.isdigit()),
        rule=award.rule, value=award.value, tie=award.tie, power=award.power, team=award.team,
    )


def awards_view(db: TournamentDb) -> AwardsView:
    """The computed awards, the ties left to the TD and the decisions already recorded."""
    fmt = effective_format(db)  # the TD's own format and formula systems when there are some
    model = tournament_model(db)
    names = {p.id: p.label for p in model.players}
    standings = compute_standings(model, fmt, scorer=scorer_with(scoring_systems(db)))
    awards = compute_awards(model, fmt, standings)
    ties: list[OpenTie] = []
    for rank, players, note in standings.open_ties():
        ties.append(OpenTie("standings", f"Rank {rank} in the standings",
                            tuple(int(p) for p in players), tuple(names[p] for p in players),
                            names_in_note(note, names)))
    for award in awards.awards:
        if award.tie != "td" or award.kind == "place":
            continue  # place ties are the standings ties above
        about = f"best-country:{award.power}" if award.kind == "best-country" else "team"
        ties.append(OpenTie(about, award.name, tuple(int(p) for p in award.players),
                            tuple(names.get(p, p) for p in award.players),
                            names_in_note(award.rule, names)))
    return AwardsView(
        awards=tuple(_award_row(a, names) for a in awards.awards),
        open_ties=tuple(ties), decisions=tuple(tie_decisions(db)),
        issues=tuple(awards.issues) + tuple(standings.issues), through=standings.through,
    )


# -- special awards ---------------------------------------------------------------------------

def list_special_awards(db: TournamentDb) -> list[SpecialAwardRow]:
    with db.read() as session:
        names = dict(session.execute(select(Player.id, Player.name)).all())
        return [SpecialAwardRow(a.id, a.title, a.player_id, names.get(a.player_id, "")
                                if a.player_id else "", a.note)
                for a in session.scalars(select(SpecialAward).order_by(SpecialAward.id))]


def _check_award(session: Session, title: str, player_id: int | None) -> str:
    title = typed_text(title, "Award title: the title", NAME_LIMIT, collapse_spaces=True)
    if not title:
        raise ServiceError("Award title: type the name of the award.")
    if player_id is not None:
        player = session.get(Player, player_id)
        if player is None:
            raise ServiceError("Award winner: that player is not in the tournament.")
        if not player.competing:
            raise ServiceError(f"Award winner: {player.name} is not competing and cannot "
                               "take an award.")
    return title


def _note(note: str) -> str:
    return typed_text(note, "The note", NOTE_LIMIT, multiline=True)


def add_special_award(db: TournamentDb, title: str, player_id: int | None,
                      note: str = "") -> Change:
    with db.action(f"Add award {title.strip()}") as session:
        clean = _check_award(session, title, player_id)
        award = SpecialAward(title=clean, player_id=player_id, note=_note(note))
        session.add(award)
        session.flush()
        award_id = award.id
    return Change(f"Award {clean} added", awards=True, ids=(award_id,))


def update_special_award(db: TournamentDb, award_id: int, title: str, player_id: int | None,
                         note: str = "") -> Change:
    with db.action(f"Change award {title.strip()}") as session:
        award = session.get(SpecialAward, award_id)
        if award is None:
            raise ServiceError("That award no longer exists.")
        award.title = _check_award(session, title, player_id)
        award.player_id, award.note = player_id, _note(note)
        clean = award.title
    return Change(f"Award {clean} changed", awards=True, ids=(award_id,))


def remove_special_award(db: TournamentDb, award_id: int) -> Change:
    with db.read() as session:  # History and Edit > Undo name the award
        award = session.get(SpecialAward, award_id)
        if award is None:
            raise ServiceError("That award no longer exists.")
        title = award.title
    with db.action(f"Remove award {title}") as session:
        award = session.get(SpecialAward, award_id)
        if award is None:
            raise ServiceError("That award no longer exists.")
        session.delete(award)
    return Change(f"Award {title} removed", awards=True, ids=(award_id,))


# -- tie decisions ---------------------------------------------------------------------------


def _stored_method(db: TournamentDb, about: str, method: str) -> str:
    """Where the format's own tie-breakers never consult a random draw (the rules leave the tie
    to the TD), a draw the TD chose to make is recorded as the TD's decision, so it counts."""
    if method != "random-draw" or about != "standings":
        return method
    fmt = effective_format(db)
    chains = (fmt.tie_breakers, fmt.champion_tie_breakers or ())
    return method if any("random-draw" in chain for chain in chains) else "td"


def record_tie_decision(db: TournamentDb, about: str, order: tuple[int, ...] | list[int],
                        method: str, note: str = "") -> Change:
    """Store how a tie was settled: ``order`` lists the tied players best first."""
    if method not in METHODS:
        raise ServiceError(f"Tie decision method: choose {' or '.join(METHODS)}.")
    if len(order) < 2 or len(set(order)) != len(order):
        raise ServiceError("Tie decision order: list each tied player once, best first.")
    stored = _stored_method(db, about, method)
    if stored != method:
        note = ("random draw made in tdapp; the format leaves this tie to the TD"
                + (f"; {note}" if note else ""))
    with db.action(f"Settle a tie ({METHODS[method].lower()})") as session:
        known = set(session.scalars(select(Player.id).where(Player.id.in_(list(order)))))
        if known != set(order):
            raise ServiceError("Tie decision order: a player is not in the tournament.")
        decision = TieDecision(about=about, order=list(order), method=stored, note=_note(note))
        session.add(decision)
        session.flush()
        decision_id = decision.id
    return Change(f"Tie settled ({METHODS[method].lower()})", awards=True, standings=True,
                  ids=(decision_id,))


def remove_tie_decision(db: TournamentDb, decision_id: int) -> Change:
    with db.action("Remove tie decision") as session:
        decision = session.get(TieDecision, decision_id)
        if decision is None:
            raise ServiceError("That tie decision no longer exists.")
        session.delete(decision)
    return Change("Tie decision removed", awards=True, standings=True, ids=(decision_id,))


def tie_decisions(db: TournamentDb) -> list[TieDecisionRow]:
    with db.read() as session:
        names = dict(session.execute(select(Player.id, Player.name)).all())
        return [
            TieDecisionRow(d.id, d.about, d.method, tuple(int(p) for p in d.order),
                           tuple(names.get(int(p), str(p)) for p in d.order), d.note)
            for d in session.scalars(select(TieDecision).order_by(TieDecision.id))
        ]
