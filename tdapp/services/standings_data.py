"""The tournament file as the plain data of ``tdapp.core.tournament`` (players, boards, teams)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from tdapp.core.tournament import model as tm
from tdapp.core.tournament.results import scorer_with
from tdapp.core.tournament.standings import Standings, compute_standings
from tdapp.services.formats import effective_format, scoring_systems
from tdapp.services.replacements import board_replacements_by_id
from tdapp.store.database import TournamentDb
from tdapp.store.models import (
    Board,
    CenterCount,
    Player,
    Round,
    SitOut,
    SpecialAward,
    Team,
    TeamMember,
    TieDecision,
)
from tdapp.store.models import Tournament as TournamentRow


def tournament_model(db: TournamentDb) -> tm.Tournament:
    """Everything the standings are computed from, read in one session.

    Player ids become strings (the core's ids); only boards with a result count.
    """
    with db.read() as session:
        info = session.scalars(select(TournamentRow)).one()
        players = tuple(
            tm.Player(
                id=str(p.id), name=p.name, competing=p.competing, withdrawn=p.withdrawn,
                home=", ".join(x for x in (p.home_town, p.country) if x),
                latitude=p.latitude, longitude=p.longitude, seed=p.seed,
            )
            for p in session.scalars(select(Player).order_by(Player.id))
        )
        histories: dict[int, dict[int, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
        # Thousands of rows: plain column tuples, not ORM objects.
        counts = select(CenterCount.board_id, CenterCount.year, CenterCount.power,
                        CenterCount.centers)
        for board_id, year, power, centers in session.execute(counts):
            histories[board_id][year][power] = centers
        departures = board_replacements_by_id(session)
        boards = []
        query = (select(Board, Round.number).join(Round).options(selectinload(Board.seats))
                 .order_by(Round.number, Board.number))
        for board, round_number in session.execute(query).all():
            if board.status not in ("finished", "scored"):
                continue
            seats = board.seats
            history = {y: dict(c) for y, c in histories.get(board.id, {}).items()} or None
            boards.append(
                tm.Board(
                    round=round_number, number=board.number,
                    powers={s.power: str(s.player_id) for s in seats},
                    scores={s.power: s.score for s in seats if s.score is not None} or None,
                    centers={s.power: s.centers or 0 for s in seats},
                    end_year=board.end_year, solo=board.solo_power,
                    eliminated={s.power: s.eliminated_year for s in seats
                                if s.eliminated_year is not None},
                    history=history,
                    draw=tuple(board.draw_powers) if board.draw_powers else None,
                    selection_order=tuple(board.selection_order) if board.selection_order else None,
                    top=board.top_board,
                    replacements=departures.get(board.id, ()),
                )
            )
        members: dict[int, list[TeamMember]] = defaultdict(list)
        for member in session.scalars(select(TeamMember)):
            members[member.team_id].append(member)
        teams = tuple(
            tm.Team(
                name=team.name, members=tuple(str(m.player_id) for m in members[team.id]),
                powers={str(m.player_id): m.power for m in members[team.id] if m.power},
            )
            for team in session.scalars(select(Team).order_by(Team.name))
        )
        awards = tuple(
            tm.SpecialAward(name=a.title, players=(str(a.player_id),) if a.player_id else (),
                            note=a.note)
            for a in session.scalars(select(SpecialAward).order_by(SpecialAward.id))
        )
        sit_outs = tuple(
            tm.SitOut(round=number, player=str(s.player_id), bonus=s.bonus)
            for s, number in session.execute(select(SitOut, Round.number).join(Round))
        )
        decisions = tuple(
            tm.TieDecision(order=tuple(str(p) for p in d.order), method=d.method, about=d.about,
                           note=d.note)
            for d in session.scalars(select(TieDecision).order_by(TieDecision.id))
        )
        declined = tuple(str(p.id) for p in session.scalars(
            select(Player).where(Player.declined_top_board.is_(True))))
        venue = None
        if info.venue_latitude is not None and info.venue_longitude is not None:
            venue = (info.venue_latitude, info.venue_longitude)
        return tm.Tournament(players=players, boards=tuple(boards), sit_outs=sit_outs,
                             teams=teams, tie_decisions=decisions, special_awards=awards,
                             top_board_declined=declined, venue=venue, name=info.name)


def tournament_standings(db: TournamentDb) -> tuple[Standings, dict[str, str]]:
    """The standings under the tournament's format, and player id -> name."""
    model = tournament_model(db)
    scorer = scorer_with(scoring_systems(db))
    standings = compute_standings(model, effective_format(db), scorer=scorer)
    return standings, {p.id: p.name for p in model.players}


@dataclass(frozen=True)
class PublicLine:
    """One line the room sees: no rank nor score while the ranking stays private."""

    rank: int | None
    name: str
    score: float | None
    tied: bool = False  # shares the rank: "18=" as the PDF prints it


@dataclass(frozen=True)
class PublicStandings:
    title: str
    lines: tuple[PublicLine, ...]


def public_standings(db: TournamentDb) -> PublicStandings:
    """The standings as the room may see them on the projector. A format whose ranking stays
    private until its pool's bonus round is over (WDC 2025 II.2.a: "The specific ranking of
    individual players will not be made public") shows no ranking until then: once the pool is
    picked, its members by name in alphabetical order; before, nothing."""
    standings, names = tournament_standings(db)
    fmt = effective_format(db)

    def name_of(player: str, written: str | None = None) -> str:
        return written or names.get(player, player)

    pool = fmt.pool
    if pool is not None and pool.ranking_private and standings.through < pool.bonus_round:
        if not standings.pool:
            return PublicStandings("The ranking is not shown before the end of round "
                                   f"{pool.bonus_round}", ())
        members = sorted((name_of(p) for p in standings.pool), key=str.casefold)
        return PublicStandings("Championship pool (in alphabetical order)",
                               tuple(PublicLine(None, n, None) for n in members))
    title = f"Standings after round {standings.through}" if standings.through else "Standings"
    return PublicStandings(title, tuple(
        PublicLine(row.rank, name_of(row.player, row.name), row.score, bool(row.tie))
        for row in standings.rows if row.rank is not None))
