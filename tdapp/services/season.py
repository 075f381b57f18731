"""A DBN Invitational season file (``.tds``): the TD's actions on it, one function each.

The season file is a small JSON document of its own kind (``"kind": "tdapp-season"``), the same
document ``tdapp season`` reads, so a season the program keeps can be checked from the command
line as it is. It holds the qualifying events (name, date, size, the DBN Board's say on "major",
final places and TopShare), the defending champion and other automatic invitations, the players
known before the season, recorded coin tosses, declined invitations, and the semi-final stage
(preferred rounds, who cannot play, each board's winner). Every action reads the file, changes
one thing, checks the whole season again and writes it back atomically: a refused action leaves
the file as it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from tdapp.atomic import write_atomically
from tdapp.core.game.phases import phase_title
from tdapp.core.tournament.season import CoinToss, Invitation, QualifyingEvent, Season
from tdapp.core.tournament.season_calendar import outside_season, season_of, start_words
from tdapp.core.tournament.season_doc import (
    SeasonInput,
    SeasonInputError,
    championship,
    compute,
    mid_game,
    read_season,
    season_file_document,
    season_stage,
)
from tdapp.core.tournament.semifinal import (
    Entrant,
    Finalist,
    MidGame,
    SemifinalError,
    Stage,
    championship_alternates,
)
from tdapp.services import players as player_service
from tdapp.services import rollcall
from tdapp.services.changes import Change, ServiceError
from tdapp.services.replacements import Departure, record_departure
from tdapp.services.rounds import all_boards
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.database import TournamentDb

if TYPE_CHECKING:
    from tdapp.reports.season import SeasonReport

SEASON_SUFFIX = ".tds"


class SeasonFileError(ServiceError):
    """The season file cannot be read or the action is refused; nothing was changed."""


# ---------------------------------------------------------------- the file


def new_season(path: Path | str, name: str) -> SeasonInput:
    """A new, empty season file (refuses to overwrite one)."""
    path = Path(path)
    if path.exists():
        raise SeasonFileError(f"{path.name} already exists; open it instead.")
    season = SeasonInput(events=(), name=name.strip())
    save_season(path, season)
    return season


def load_season(path: Path | str) -> SeasonInput:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SeasonFileError(f"{path.name} cannot be read: {exc.strerror}.") from exc
    except UnicodeDecodeError as exc:
        raise SeasonFileError(f"{path.name} is not a season file (not UTF-8 text).") from exc
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SeasonFileError(f"{path.name} is damaged: line {exc.lineno}: {exc.msg}.") from exc
    if not isinstance(document, dict) or document.get("kind") != "tdapp-season":
        raise SeasonFileError(f"{path.name} is not a tdapp season file.")
    try:
        return read_season(document)
    except SeasonInputError as exc:
        raise SeasonFileError(f"{path.name}: {exc}") from exc


def save_season(path: Path | str, season: SeasonInput) -> None:
    """Write the whole season: a temporary file beside it, flushed, then renamed over it."""
    path = Path(path)
    text = json.dumps(season_file_document(season), ensure_ascii=False, indent=1)
    try:
        write_atomically(path, text + "\n")
    except OSError as exc:
        raise SeasonFileError(f"{path.name} cannot be written: {exc.strerror}; "
                              "the season file is as it was.") from exc


def _change(path: Path | str, edit: Callable[[SeasonInput], SeasonInput]) -> SeasonInput:
    """Read, change, check the result as a whole, write. A refusal changes nothing."""
    season = load_season(path)
    changed = edit(season)
    try:
        read_season(season_file_document(changed))  # the same checks as reading the file
        compute(changed)
    except (SeasonInputError, ValueError) as exc:
        raise SeasonFileError(str(exc)) from exc
    save_season(path, changed)
    return changed


# ---------------------------------------------------------------- events


def add_event(path: Path | str, event: QualifyingEvent) -> SeasonInput:
    """Add a qualifying event (its class follows from its size and the DBN Board's say)."""
    def edit(season: SeasonInput) -> SeasonInput:
        if any(e.name == event.name for e in season.events):
            raise SeasonFileError(f"The season already has an event called {event.name!r}.")
        if not event.name.strip():
            raise SeasonFileError("An event needs a name.")
        outside = outside_season(event.date, season_of([e.date for e in season.events]))
        if outside:
            raise SeasonFileError(f"{event.name}: {outside}.")
        return replace(season, events=(*season.events, event))
    return _change(path, edit)


def remove_event(path: Path | str, name: str) -> SeasonInput:
    def edit(season: SeasonInput) -> SeasonInput:
        kept = tuple(e for e in season.events if e.name != name)
        if len(kept) == len(season.events):
            raise SeasonFileError(f"The season has no event called {name!r}.")
        return replace(season, events=kept)
    return _change(path, edit)


def set_major(path: Path | str, name: str, major: bool) -> SeasonInput:
    """The DBN Board's say on whether an event is a Major (2.4.3)."""
    def edit(season: SeasonInput) -> SeasonInput:
        if not any(e.name == name for e in season.events):
            raise SeasonFileError(f"The season has no event called {name!r}.")
        return replace(season, events=tuple(replace(e, major=major) if e.name == name else e
                                            for e in season.events))
    return _change(path, edit)


# ---------------------------------------------------------------- invitations


def set_defending_champion(path: Path | str, player: str) -> SeasonInput:
    def edit(season: SeasonInput) -> SeasonInput:
        others = tuple(a for a in season.automatic if a[1] != "defending champion")
        return replace(season, automatic=((player.strip(), "defending champion"), *others))
    return _change(path, edit)


def set_known_players(path: Path | str, players: Sequence[str]) -> SeasonInput:
    """Players in the DBN database before the season's first event (everyone else is a rookie)."""
    return _change(path, lambda s: replace(s, known_players=frozenset(p.strip() for p in players
                                                                      if p.strip())))


def record_coin_toss(path: Path | str, between: Sequence[str], winner: str) -> SeasonInput:
    """A public coin toss made between players no other tie-breaker separates (2.6.3)."""
    if len(set(between)) < 2 or winner not in between:
        raise SeasonFileError("A coin toss is between two or more players, and one of them won.")
    toss = CoinToss(frozenset(between), winner)
    return _change(path, lambda s: replace(s, coin_tosses=(*s.coin_tosses, toss)))


def decline(path: Path | str, player: str) -> SeasonInput:
    """The player declined the invitation: it passes to the next player in order."""
    def edit(season: SeasonInput) -> SeasonInput:
        if player in season.declined:
            raise SeasonFileError(f"{player} has already declined.")
        return replace(season, declined=(*season.declined, player))
    return _change(path, edit)


# ---------------------------------------------------------------- the semi-final stage


def set_preference(path: Path | str, player: str, rounds: Sequence[int]) -> SeasonInput:
    """The player's preferred semi-final rounds, first choice first (3.2.1)."""
    if not rounds or any(not 1 <= r <= 3 for r in rounds):
        raise SeasonFileError("A preferred semi-final round is 1, 2 or 3.")

    def edit(season: SeasonInput) -> SeasonInput:
        prefs = dict(season.semifinal.preferences) | {player: tuple(rounds)}
        return replace(season, semifinal=replace(season.semifinal, preferences=prefs))
    return _change(path, edit)


def cannot_play(path: Path | str, player: str) -> SeasonInput:
    """A qualifier who cannot play: the next alternate in seed order replaces them, and they
    are out for the season (3.3, 5.8.4). There is no undoing this one."""
    def edit(season: SeasonInput) -> SeasonInput:
        semi = season.semifinal
        if player in semi.unavailable:
            raise SeasonFileError(f"{player} is already out for the season.")
        changed = replace(season, semifinal=replace(semi, unavailable=(*semi.unavailable,
                                                                       player)))
        try:
            stage = season_stage(changed)
        except SemifinalError as exc:
            raise SeasonFileError(str(exc)) from exc
        if not any(r.out == player for r in stage.replacements):
            raise SeasonFileError(f"{player} plays no semi-final game.")
        return changed
    return _change(path, edit)


def replace_mid_game(path: Path | str, board: int, player: str, phase: str) -> SeasonInput:
    """A player who leaves a semi-final game (5.8.1-5.8.2): the next alternate in seed order
    takes the seat from ``phase`` on; the player is out for the season (5.8.4). No undoing."""
    try:
        phase_title(phase.strip().upper())
    except ValueError as exc:
        raise SeasonFileError(f"{phase!r} is not a phase: write it like F1904M (Fall 1904 "
                              "movement).") from exc
    phase = phase.strip().upper()

    def edit(season: SeasonInput) -> SeasonInput:
        semi = season.semifinal
        changed = replace(season, semifinal=replace(
            semi, mid_game=(*semi.mid_game, (board, player.strip(), phase.strip()))))
        try:
            mid_game(changed, season_stage(changed))
        except SemifinalError as exc:
            raise SeasonFileError(f"{exc}.") from exc
        return changed
    return _change(path, edit)


def set_championship_start(path: Path | str, option: int, chosen_by: str) -> SeasonInput:
    """The championship game's start (4.2): option 1 or 2, agreed by the finalists
    (``"players"``) or selected by the DBN Board when they do not agree (``"board"``)."""
    try:
        start_words(option, chosen_by)
    except ValueError as exc:
        raise SeasonFileError(str(exc)[0].upper() + str(exc)[1:] + ".") from exc
    return _change(path, lambda s: replace(s, semifinal=replace(s.semifinal,
                                                               start=(option, chosen_by))))


def record_semifinal_winner(path: Path | str, board: int, player: str,
                            solo: bool) -> SeasonInput:
    """The single winner of a semi-final board (5.1), who goes to the championship game."""
    def edit(season: SeasonInput) -> SeasonInput:
        winners = dict(season.semifinal.winners) | {board: (player, solo)}
        changed = replace(season, semifinal=replace(season.semifinal, winners=winners))
        try:
            championship(changed, season_stage(changed))
        except (SeasonInputError, SemifinalError) as exc:
            raise SeasonFileError(str(exc).split(": ", 1)[-1]) from exc
        return changed
    return _change(path, edit)


# ---------------------------------------------------------------- what the TD sees


@dataclass(frozen=True)
class SeasonView:
    season_input: SeasonInput
    standings: Season
    invitations: tuple[Invitation, ...]
    stage: Stage | None
    finalists: list[Finalist] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # why the stage cannot be shown yet
    final_alternates: list[Entrant] = field(default_factory=list)  # 4.4, in seed order
    mid_game: list[MidGame] = field(default_factory=list)  # alternates who took over a seat
    outside_season: list[str] = field(default_factory=list)  # events outside 2.2.1's window
    championship_start: str = ""  # 4.2, in words, once recorded

    @property
    def out_for_season(self) -> set[str]:
        """Players replaced by an alternate, before or during their game (5.8.4)."""
        out = {m.out for m in self.mid_game}
        return out | ({r.out for r in self.stage.replacements} if self.stage else set())


def season_view(source: Path | str | SeasonInput) -> SeasonView:
    """Standings, invitation list, semi-final stage and championship game of a season."""
    season = source if isinstance(source, SeasonInput) else load_season(source)
    standings, invites = compute(season)
    problems: list[str] = []
    stage: Stage | None = None
    finalists: list[Finalist] = []
    spare: list[Entrant] = []
    taken: list[MidGame] = []
    try:
        stage = season_stage(season, invites)
        taken = mid_game(season, stage, invites)
        finalists = championship(season, stage)
        gone = {m.out for m in taken}
        spare = [e for e in championship_alternates(
            [Entrant(i.player, i.seed) for i in invites if not i.alternate],
            [Entrant(i.player, i.seed) for i in invites if i.alternate], stage, finalists)
            if e.player not in gone]
    except SemifinalError as exc:
        problems.append(str(exc))
    except SeasonInputError as exc:
        problems.append(exc.message)
    year = season_of([e.date for e in season.events])
    outside = [f"{e.name}: {why}" for e in season.events
               if (why := outside_season(e.date, year))]
    start = start_words(*season.semifinal.start) if season.semifinal.start else ""
    return SeasonView(season, standings, invites, stage, finalists, problems, spare, taken,
                      outside, start)



def season_report(source: Path | str | SeasonInput, title: str = "") -> SeasonReport:
    """The season's documents' data: standings, invitations, semi-finals, championship."""
    # lazy, for start-up speed: the season's documents load reportlab and openpyxl
    from tdapp.reports.season import SeasonReport

    view = season_view(source)
    name = title or view.season_input.name or (
        Path(source).stem if isinstance(source, (str, Path)) else "Season")
    return SeasonReport(
        title=name, events=tuple(e.name for e in view.season_input.events if e.qualifies),
        standings=view.standings, invitations=view.invitations, stage=view.stage,
        finalists=tuple(view.finalists), out_for_season=frozenset(view.out_for_season),
        mid_game=tuple(view.mid_game), championship_start=view.championship_start,
        problems=tuple(view.problems + view.outside_season))


def export_season(source: Path | str, target: Path | str) -> Path:
    """Write the season as a PDF (``.pdf``) or an Excel workbook (``.xlsx``)."""
    # lazy, for start-up speed: reportlab and openpyxl are loaded when a document is written
    from tdapp.reports.season import write_season_pdf, write_season_workbook

    target = Path(target)
    report = season_report(source)
    try:
        if target.suffix.lower() == ".pdf":
            return write_season_pdf(report, target)
        if target.suffix.lower() == ".xlsx":
            return write_season_workbook(report, target)
    except OSError as exc:
        raise SeasonFileError(f"{target.name} cannot be written: {exc.strerror}.") from exc
    raise SeasonFileError(f"{target.name}: the season is exported as .pdf or .xlsx.")


# ---------------------------------------------------------------- from the season to the games


@dataclass(frozen=True)
class InvitationalFile:
    path: Path
    players: int
    rounds: dict[int, list[str]]  # semi-final round -> its players, best seed first


def start_invitational(season_path: Path | str, tournament_path: Path | str) -> InvitationalFile:
    """Write the DBN Invitational's tournament file (format dbn-2025) from the season: every
    invited player and alternate with their seed (players out for the season left out), and
    the roll call of semi-final rounds 1-3 from the stage: the round's players present, the
    others absent. The Seat round wizard then deals each round's boards in seed order and runs
    the Paris method on each board."""
    view = season_view(season_path)
    if view.stage is None:
        raise SeasonFileError("The semi-final stage cannot be assigned yet: "
                              + "; ".join(view.problems))
    target = Path(tournament_path)
    if target.exists():
        raise SeasonFileError(f"{target.name} already exists; choose a new file name.")
    out = {r.out for r in view.stage.replacements}
    invited = [i for i in view.invitations if i.player not in out]
    title = view.season_input.name or Path(season_path).stem
    db = create_tournament(target, TournamentInfo(title, "dbn-2025", 4))
    try:
        player_service.add_players(
            db, [player_service.PlayerData(name=i.player, seed=i.seed) for i in invited],
            f"Add the {len(invited)} invited players and alternates of {title}")
        ids = {p.name: p.id for p in player_service.list_players(db)}
        by_round: dict[int, list[str]] = {}
        for number in (1, 2, 3):
            seats = sorted(view.stage.round_players(number), key=lambda s: s.seed)
            by_round[number] = [s.player for s in seats]
            playing = {ids[s.player] for s in seats}
            if playing:
                rollcall.set_answers(db, number, sorted(playing), status="present")
            others = sorted(set(ids.values()) - playing)
            rollcall.set_answers(db, number, others, status="absent")
    finally:
        db.close()
    return InvitationalFile(target, len(invited), by_round)


def record_mid_game_in_tournament(db: TournamentDb, season_path: Path | str, board: int,
                                  player: str, phase: str) -> Change | None:
    """The alternate's taking over (5.8), recorded in the season file, also recorded on the
    Invitational's tournament file through services.replacements: the seat passes to the
    alternate from ``phase``, who gets "full points as if they had played the entire game"
    (5.8.6); the player who left scores zero. None when the tournament has no such seat (its
    semi-final round is not seated yet, or another tournament is open)."""
    view = season_view(season_path)
    taken = next((m for m in reversed(view.mid_game) if m.board == board and m.out == player),
                 None)
    seat = next((s for s in view.stage.seats if s.board == board), None) if view.stage else None
    if taken is None or seat is None:
        return None
    ids = {p.name: p.id for p in player_service.list_players(db)}
    if taken.alternate not in ids:
        return None
    for row in all_boards(db, seat.round):
        held = next((s for s in row.seats if s.player_name == player), None)
        if held is not None and row.status not in ("finished", "scored"):
            return record_departure(db, row.board_id, Departure(
                held.power, phase, replaced_by=ids[taken.alternate],
                note="DBN 5.8: the next alternate in seed order took over"))
    return None
