"""A qualifying event's final standings for the season file, from where the TD has them.

- a CSV file or an Excel workbook with a player column and a place column (any common header
  words; a TopShare column holds the player's percentage in each game, separated by ``;`` or
  spaces), read by the same reader as the player import;
- a tdapp tournament file: its final standings, its boards with a result and its unique players
  (read from a private copy, so a file open in the program is not disturbed).
"""

from __future__ import annotations

import re
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from tdapp.core.tournament.season import QualifyingEvent
from tdapp.services.changes import ServiceError
from tdapp.services.exports import tournament_standings
from tdapp.services.player_import import ImportFileError, read_player_table
from tdapp.services.standings_data import tournament_model
from tdapp.services.tournaments import tournament_info
from tdapp.store.database import TournamentFileError
from tdapp.store.reading import open_for_reading

PLAYER_WORDS = ("player", "name", "player name", "joueur", "spieler", "nom", "naam")
PLACE_WORDS = ("place", "rank", "position", "pos", "final place", "final rank", "#", "rang",
               "platz")
TOPSHARE_WORDS = ("topshare", "top share", "topshare %", "% topshare", "topshare (%)")


class EventImportError(ServiceError):
    """The standings cannot be read; the message names the file and the line."""


@dataclass(frozen=True)
class EventStandings:
    places: dict[str, int]
    topshare: dict[str, tuple[float, ...]] = field(default_factory=dict)
    boards: int | None = None  # known when read from a tournament file
    players: int | None = None
    name: str = ""
    date: str = ""
    problems: list[str] = field(default_factory=list)  # lines left out, in the TD's words

    def event(self, name: str, date: str, boards: int, players: int,
              major: bool = False) -> QualifyingEvent:
        return QualifyingEvent(name=name, date=date, boards=boards, players=players,
                               places=self.places, major=major, topshare=self.topshare)


def _column(headers: list[str], words: tuple[str, ...]) -> int | None:
    keys = [re.sub(r"\s+", " ", h.strip().lower()) for h in headers]
    return next((i for i, k in enumerate(keys) if k in words), None)


def _shares(text: str) -> tuple[float, ...]:
    parts = [p for p in re.split(r"[;\s]+", text.replace("%", " ").strip()) if p]
    values = tuple(float(p.replace(",", ".")) for p in parts)
    if any(not 0 <= v <= 100 for v in values):
        raise ValueError("a TopShare percentage is from 0 to 100")
    return values


def read_event_standings(path: Path | str, sheet: str | None = None) -> EventStandings:
    """An event's final standings from CSV or Excel: every good line kept, every bad line named."""
    try:
        table = read_player_table(path, sheet)
    except ImportFileError as exc:
        raise EventImportError(str(exc)) from exc
    name = Path(path).name
    player_col = _column(table.headers, PLAYER_WORDS)
    place_col = _column(table.headers, PLACE_WORDS)
    if player_col is None or place_col is None:
        raise EventImportError(f"{name} needs a Player column and a Place column (found: "
                               f"{', '.join(h for h in table.headers if h) or 'no headers'}).")
    share_col = _column(table.headers, TOPSHARE_WORDS)
    places: dict[str, int] = {}
    shares: dict[str, tuple[float, ...]] = {}
    problems = list(table.warnings)
    for index, row in enumerate(table.rows):
        line = table.line_of(index)
        player = row[player_col].strip() if player_col < len(row) else ""
        place_text = row[place_col].strip().rstrip(".") if place_col < len(row) else ""
        if not player:
            problems.append(f"line {line}: no player name; line left out")
            continue
        if player in places:
            problems.append(f"line {line}: {player} is listed twice; the first line counts")
            continue
        if not place_text.isdigit() or int(place_text) < 1:
            problems.append(f"line {line}: {player}'s place {place_text!r} is not a whole number "
                            "from 1; line left out")
            continue
        places[player] = int(place_text)
        if share_col is not None and share_col < len(row) and row[share_col].strip():
            try:
                shares[player] = _shares(row[share_col])
            except ValueError:
                problems.append(f"line {line}: {player}'s TopShare {row[share_col]!r} is not "
                                "percentages from 0 to 100; TopShare left out")
    if not places:
        raise EventImportError(f"{name} has no line with a player and a place.")
    return EventStandings(places, shares, problems=problems)


def event_from_tournament(path: Path | str) -> EventStandings:
    """A tdapp tournament's final standings, boards with a result and unique players."""
    source = Path(path)  # a file, never a server's URL
    with ExitStack() as stack:
        try:
            db = stack.enter_context(open_for_reading(source))
        except TournamentFileError as exc:
            raise EventImportError(str(exc)) from exc
        standings, names = tournament_standings(db)
        model = tournament_model(db)
        info = tournament_info(db)
    seated = {pid for b in model.boards for pid in b.powers.values()}
    places = {names.get(r.player, r.player): r.rank for r in standings.rows
              if r.player in seated and r.rank is not None}
    if not places:
        raise EventImportError(f"{source.name} has no finished board yet.")
    return EventStandings(places, boards=len(model.boards), players=len(seated), name=info.name,
                          date=info.start_date.isoformat() if info.start_date else "",
                          problems=list(standings.issues))
