"""A DBN Invitational season as a JSON document (CONTRACTS.md ``tdapp season``; seed 000 part 2).

The input document (events, ``best``, ``invited``, ``alternates``, ``automatic``,
``known_players``, ``coin_tosses``) is read field by field; a season file (``.tds``) is the
same document with a few more fields (its ``kind``, ``name`` and the semi-final stage), so
``tdapp season`` reads a season file as it is. Bad input raises :class:`SeasonInputError`
naming the field at fault.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tdapp.core.tournament.season import (
    CoinToss,
    Invitation,
    QualifyingEvent,
    Season,
    invitations,
    major_winners,
    season_standings,
    season_topshare,
)
from tdapp.core.tournament.season_calendar import outside_season, season_of, start_words
from tdapp.core.tournament.semifinal import (
    Entrant,
    Finalist,
    MidGame,
    SemifinalError,
    Stage,
    championship_seeding,
    mid_game_replacements,
    semifinal_stage,
)

SEASON_KIND = "tdapp-season"
TOP_FIELDS = {"events", "best", "invited", "alternates", "automatic", "known_players",
              "coin_tosses", "declined", "kind", "version", "name", "semifinal"}


class SeasonInputError(ValueError):
    """Input that cannot be used; ``field`` names where it is, e.g. ``events[2].places.ann``."""

    def __init__(self, message: str, field: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


EVENT_FIELDS = {"name", "date", "boards", "players", "major", "places", "topshare"}


@dataclass(frozen=True)
class SeasonInput:
    events: tuple[QualifyingEvent, ...]
    best: int = 3
    invited: int = 31
    alternates: int = 4
    automatic: tuple[tuple[str, str], ...] = ()
    known_players: frozenset[str] = frozenset()
    coin_tosses: tuple[CoinToss, ...] = ()
    declined: tuple[str, ...] = field(default=())
    name: str = ""
    semifinal: SemifinalInput = field(default_factory=lambda: SemifinalInput())
    # spellings read as one player (differing only in capitals or spaces): (name used, others)
    merged_names: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class SemifinalInput:
    """The semi-final stage as the season file records it: each qualifier's preferred rounds
    (first choice first), who cannot play, and each semi-final board's winner."""

    preferences: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    unavailable: tuple[str, ...] = ()
    winners: Mapping[int, tuple[str, bool]] = field(default_factory=dict)  # board -> (who, solo)
    mid_game: tuple[tuple[int, str, str], ...] = ()  # (board, replaced player, phase), 5.8
    start: tuple[int, str] | None = None  # championship start (option, "players"/"board"), 4.2


def name_key(name: str) -> str:
    """Names that differ only in capitals or spaces are one player ("Ann  Lee" is "ann lee")."""
    return " ".join(name.split()).casefold()


def _int(value: Any, where: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SeasonInputError(f"must be a whole number, not {value!r}", where)
    if value < least:
        raise SeasonInputError(f"must be {least} or more, not {value}", where)
    return value


def _name(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SeasonInputError(f"must be a non-empty name, not {value!r}", where)
    return value


def _object(value: Any, where: str, allowed: set[str] | None = None) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise SeasonInputError(f"must be a JSON object, not {type(value).__name__}", where)
    for key in value:
        if allowed is not None and key not in allowed:
            raise SeasonInputError(f"unknown field (expected one of {', '.join(sorted(allowed))})",
                           f"{where}.{key}" if where else key)
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise SeasonInputError(f"must be a JSON array, not {type(value).__name__}", where)
    return value


def _names(value: Any, where: str) -> list[str]:
    return [_name(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where))]


def _date(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise SeasonInputError(f"must be a date written YYYY-MM-DD, not {value!r}", where)
    try:
        dt.date.fromisoformat(value)
    except ValueError as exc:
        raise SeasonInputError(f"must be a date written YYYY-MM-DD, not {value!r}", where) from exc
    return value


def _topshare(value: Any, where: str) -> dict[str, tuple[float, ...]]:
    out: dict[str, tuple[float, ...]] = {}
    for player, games in _object(value, where).items():
        at = f"{where}.{player}"
        _name(player, at)
        shares = []
        for i, share in enumerate(_list(games, at)):
            if isinstance(share, bool) or not isinstance(share, int | float) \
                    or not 0 <= share <= 100:
                raise SeasonInputError(f"must be a percentage from 0 to 100, not {share!r}", f"{at}[{i}]")
            shares.append(float(share))
        out[player] = tuple(shares)
    return out


def _event(value: Any, where: str) -> QualifyingEvent:
    raw = _object(value, where, EVENT_FIELDS)
    for required in ("name", "boards", "players", "places"):
        if required not in raw:
            raise SeasonInputError("is missing", f"{where}.{required}")
    major = raw.get("major", False)
    if not isinstance(major, bool):
        raise SeasonInputError(f"must be true or false, not {major!r}", f"{where}.major")
    places = {_name(p, f"{where}.places.{p}"): _int(v, f"{where}.places.{p}", 1)
              for p, v in _object(raw["places"], f"{where}.places").items()}
    spelt: dict[str, str] = {}
    for player in places:  # one player, one place (the GUI's import keeps the first line)
        first = spelt.setdefault(name_key(player), player)
        if first != player:
            raise SeasonInputError(
                f"is the same player as {first!r} (names that differ only in capitals or "
                "spaces are one player), who already has a place at this event",
                f"{where}.places.{player}")
    topshare = _topshare(raw.get("topshare", {}), f"{where}.topshare")
    for player in topshare:
        if name_key(player) not in spelt:
            raise SeasonInputError(f"{player} has no place at this event", f"{where}.topshare.{player}")
    return QualifyingEvent(
        name=_name(raw["name"], f"{where}.name"),
        date=_date(raw["date"], f"{where}.date") if "date" in raw else "",
        boards=_int(raw["boards"], f"{where}.boards", 0),
        players=_int(raw["players"], f"{where}.players", 0),
        major=major, places=places,
        topshare=topshare)


def _automatic(value: Any) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    for i, entry in enumerate(_list(value, "automatic")):
        raw = _object(entry, f"automatic[{i}]", {"player", "why"})
        if "player" not in raw:
            raise SeasonInputError("is missing", f"automatic[{i}].player")
        why = raw.get("why", "automatic invitation")
        player = _name(raw["player"], f"automatic[{i}].player")
        earlier = [j for j, (p, _w) in enumerate(out) if name_key(p) == name_key(player)]
        if earlier:
            raise SeasonInputError(f"{player} is already invited automatically "
                                   f"(automatic[{earlier[0]}]): a player has one invitation",
                                   f"automatic[{i}].player")
        out.append((player, _name(why, f"automatic[{i}].why")))
    return tuple(out)


def _coin_tosses(value: Any) -> tuple[CoinToss, ...]:
    out = []
    for i, entry in enumerate(_list(value, "coin_tosses")):
        where = f"coin_tosses[{i}]"
        raw = _object(entry, where, {"between", "winner"})
        for required in ("between", "winner"):
            if required not in raw:
                raise SeasonInputError("is missing", f"{where}.{required}")
        between = _names(raw["between"], f"{where}.between")
        if len(set(between)) < 2:
            raise SeasonInputError("a coin toss is between two or more players", f"{where}.between")
        winner = _name(raw["winner"], f"{where}.winner")
        if winner not in between:
            raise SeasonInputError(f"{winner!r} is not one of the players tossing", f"{where}.winner")
        out.append(CoinToss(frozenset(between), winner))
    return tuple(out)


def read_season(document: Any) -> SeasonInput:
    """The season input of CONTRACTS.md, checked field by field (SeasonInputError names the field)."""
    if not isinstance(document, dict):
        raise SeasonInputError(f"must be a JSON object, not {type(document).__name__}", "input")
    raw = _object(document, "", TOP_FIELDS)
    if "version" in raw and raw["version"] != 1:
        raise SeasonInputError(f"is {raw['version']!r}: a season file of a newer tdapp (this "
                               "one reads version 1)", "version")
    if "kind" in raw and raw["kind"] != SEASON_KIND:
        raise SeasonInputError(f"is {raw['kind']!r}; a season file says {SEASON_KIND!r}", "kind")
    if "events" not in raw:
        raise SeasonInputError("is missing", "events")
    events = tuple(_event(e, f"events[{i}]") for i, e in enumerate(_list(raw["events"], "events")))
    seen: set[str] = set()
    for i, event in enumerate(events):
        if event.name in seen:
            raise SeasonInputError(f"two events are called {event.name!r}", f"events[{i}].name")
        seen.add(event.name)
    return one_spelling(SeasonInput(
        events=events,
        best=_int(raw.get("best", 3), "best", 1),
        invited=_int(raw.get("invited", 31), "invited", 0),
        alternates=_int(raw.get("alternates", 4), "alternates", 0),
        automatic=_automatic(raw.get("automatic", [])),
        known_players=frozenset(_names(raw.get("known_players", []), "known_players")),
        coin_tosses=_coin_tosses(raw.get("coin_tosses", [])),
        declined=tuple(_names(raw.get("declined", []), "declined")),
        name=_text(raw.get("name", ""), "name"),
        semifinal=_semifinal(raw.get("semifinal", {}))))


def _spellings(season: SeasonInput) -> list[str]:
    """Every player's name in the season, in the order the document gives them."""
    semi = season.semifinal
    names: list[str] = []
    for event in season.events:
        names += [*event.places, *event.topshare]
    names += [p for p, _why in season.automatic]
    names += sorted(season.known_players)
    for toss in season.coin_tosses:
        names += [*sorted(toss.between), toss.winner]
    names += [*season.declined, *semi.preferences, *semi.unavailable]
    names += [p for _b, (p, _s) in sorted(semi.winners.items())]
    names += [p for _b, p, _ph in semi.mid_game]
    return names


def one_spelling(season: SeasonInput) -> SeasonInput:
    """Names that differ only in capitals or spaces are one player: each is written as it was
    first written, and ``merged_names`` says which spellings were read as one."""
    first: dict[str, str] = {}
    others: dict[str, list[str]] = {}
    for name in _spellings(season):
        used = first.setdefault(name_key(name), name)
        if name != used and name not in others.setdefault(used, []):
            others[used].append(name)
    if not any(others.values()):
        return season
    one = {name: first[name_key(name)] for name in _spellings(season)}

    def as_one(name: str) -> str:
        return one.get(name, name)

    semi = season.semifinal
    return replace(
        season,
        events=tuple(replace(e, places={as_one(p): v for p, v in e.places.items()},
                             topshare={as_one(p): v for p, v in e.topshare.items()})
                     for e in season.events),
        automatic=tuple((as_one(p), why) for p, why in season.automatic),
        known_players=frozenset(as_one(p) for p in season.known_players),
        coin_tosses=tuple(CoinToss(frozenset(as_one(p) for p in t.between), as_one(t.winner))
                          for t in season.coin_tosses),
        declined=tuple(as_one(p) for p in season.declined),
        semifinal=replace(
            semi, preferences={as_one(p): v for p, v in semi.preferences.items()},
            unavailable=tuple(as_one(p) for p in semi.unavailable),
            winners={b: (as_one(p), solo) for b, (p, solo) in semi.winners.items()},
            mid_game=tuple((b, as_one(p), ph) for b, p, ph in semi.mid_game)),
        merged_names=tuple((used, tuple(spelt)) for used, spelt in others.items() if spelt))


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise SeasonInputError(f"must be text, not {value!r}", where)
    return value


def _semifinal(value: Any) -> SemifinalInput:
    raw = _object(value, "semifinal", {"preferences", "unavailable", "winners", "mid_game",
                                       "championship_start"})
    prefs: dict[str, tuple[int, ...]] = {}
    for player, wish in _object(raw.get("preferences", {}), "semifinal.preferences").items():
        at = f"semifinal.preferences.{player}"
        rounds = [wish] if isinstance(wish, int) and not isinstance(wish, bool) else \
            _list(wish, at)
        prefs[player] = tuple(_int(r, f"{at}[{i}]", 1) for i, r in enumerate(rounds))
        if any(r > 3 for r in prefs[player]):
            raise SeasonInputError("the semi-final stage has rounds 1 to 3", at)
        twice = [r for i, r in enumerate(prefs[player]) if r in prefs[player][:i]]
        if twice:
            raise SeasonInputError(f"round {twice[0]} is given twice: list each preferred "
                                   "round once, first choice first", at)
    winners: dict[int, tuple[str, bool]] = {}
    for board, won in _object(raw.get("winners", {}), "semifinal.winners").items():
        at = f"semifinal.winners.{board}"
        if not board.isdigit() or int(board) < 1:
            raise SeasonInputError("a board number must be 1 or more", at)
        entry = _object(won, at, {"player", "solo"})
        if "player" not in entry:
            raise SeasonInputError("is missing", f"{at}.player")
        solo = entry.get("solo", False)
        if not isinstance(solo, bool):
            raise SeasonInputError(f"must be true or false, not {solo!r}", f"{at}.solo")
        winners[int(board)] = (_name(entry["player"], f"{at}.player"), solo)
    unavailable = _names(raw.get("unavailable", []), "semifinal.unavailable")
    for i, player in enumerate(unavailable):
        if any(name_key(p) == name_key(player) for p in unavailable[:i]):
            raise SeasonInputError(f"{player} is already out for the season",
                                   f"semifinal.unavailable[{i}]")
    out = {name_key(p) for p in unavailable}
    boards_won: dict[str, int] = {}
    for number, (player, _solo) in sorted(winners.items()):
        at = f"semifinal.winners.{number}.player"
        if name_key(player) in out:
            raise SeasonInputError(f"{player} cannot play (semifinal.unavailable): out for the "
                                   "season, so no winner of a semi-final board", at)
        if name_key(player) in boards_won:
            raise SeasonInputError(f"{player} already won semi-final board "
                                   f"{boards_won[name_key(player)]}: a player plays one "
                                   "semi-final game", at)
        boards_won[name_key(player)] = number
    return SemifinalInput(prefs, tuple(unavailable), winners,
                          _mid_game(raw.get("mid_game", [])),
                          _start(raw.get("championship_start")))


def _mid_game(value: Any) -> tuple[tuple[int, str, str], ...]:
    out = []
    for i, raw in enumerate(_list(value, "semifinal.mid_game")):
        at = f"semifinal.mid_game[{i}]"
        entry = _object(raw, at, {"board", "player", "phase"})
        for key in ("board", "player"):
            if key not in entry:
                raise SeasonInputError("is missing", f"{at}.{key}")
        out.append((_int(entry["board"], f"{at}.board", 1),
                    _name(entry["player"], f"{at}.player"),
                    _text(entry.get("phase", ""), f"{at}.phase")))
    return tuple(out)


def _start(value: Any) -> tuple[int, str] | None:
    if value is None:
        return None
    at = "semifinal.championship_start"
    entry = _object(value, at, {"option", "chosen_by"})
    option = _int(entry.get("option"), f"{at}.option", 1)
    chosen_by = entry.get("chosen_by", "players")
    try:
        start_words(option, chosen_by)
    except ValueError as exc:
        raise SeasonInputError(str(exc), at) from exc
    return option, chosen_by


def season_file_document(season_in: SeasonInput) -> dict[str, Any]:
    """The season as the season file (and ``tdapp season``) reads it back."""
    semi = season_in.semifinal
    return {
        "kind": SEASON_KIND, "version": 1, "name": season_in.name,
        "events": [{"name": e.name, **({"date": e.date} if e.date else {}),
                    "boards": e.boards, "players": e.players, "major": e.major,
                    "places": dict(e.places),
                    "topshare": {p: list(v) for p, v in e.topshare.items()}}
                   for e in season_in.events],
        "best": season_in.best, "invited": season_in.invited,
        "alternates": season_in.alternates,
        "automatic": [{"player": p, "why": why} for p, why in season_in.automatic],
        "known_players": sorted(season_in.known_players),
        "coin_tosses": [{"between": sorted(t.between), "winner": t.winner}
                        for t in season_in.coin_tosses],
        "declined": list(season_in.declined),
        "semifinal": {"preferences": {p: list(v) for p, v in semi.preferences.items()},
                      "unavailable": list(semi.unavailable),
                      "winners": {str(b): {"player": p, "solo": solo}
                                  for b, (p, solo) in sorted(semi.winners.items())},
                      "mid_game": [{"board": b, "player": p, "phase": ph}
                                   for b, p, ph in semi.mid_game],
                      **({"championship_start": {"option": semi.start[0],
                                                 "chosen_by": semi.start[1]}}
                         if semi.start else {})},
    }


def compute(season_in: SeasonInput) -> tuple[Season, tuple[Invitation, ...]]:
    """The season standings and the invitation list of a season."""
    results = [r for e in season_in.events if (r := e.result()) is not None]
    season = season_standings(results, best=season_in.best,
                              top_share=season_topshare(season_in.events),
                              coin_tosses=season_in.coin_tosses,
                              known_players=season_in.known_players)
    automatic = list(season_in.automatic) + major_winners(season_in.events)
    invites = invitations(season, automatic=automatic, invited=season_in.invited,
                          alternates=season_in.alternates, declined=season_in.declined)
    return season, invites


def season_document(season_in: SeasonInput) -> dict[str, Any]:
    season, invites = compute(season_in)
    year = season_of([e.date for e in season_in.events])
    semifinal, final = semifinal_document(season_in, invites)
    return {
        "events": [{"name": e.name, "class": e.classification, "event_score": e.score,
                    "qualifies": e.qualifies, "why": e.why(), "date": e.date,
                    "outside_season": outside_season(e.date, year)}
                   for e in season_in.events],
        "standings": [{"rank": r.rank, "player": r.player, "total": r.total,
                       "counted": [{"event": c.event, "place": c.place, "points": c.points}
                                   for c in r.counted],
                       "best_single": r.best_single, "topshare": r.top_share,
                       "rookie": r.rookie, "decided_by": r.decided_by,
                       "coin_toss_needed": r.coin_toss_needed}
                      for r in season.rows],
        "invitations": [{"seed": i.seed, "player": i.player, "why": i.how,
                         "alternate": i.alternate} for i in invites],
        "merged_names": [{"player": used, "also_written": list(others)}
                         for used, others in season_in.merged_names],
        "semifinal": semifinal,
        "championship": final,
    }


def checked_stage(season_in: SeasonInput, invites: Sequence[Invitation]) -> Stage | str:
    """The semi-final stage with the ``semifinal`` part checked against it as the GUI checks
    each entry (SeasonInputError naming the field), or why the stage cannot be assigned."""
    semi = season_in.semifinal
    try:
        stage = season_stage(season_in, invites)
    except SemifinalError as exc:
        for i in range(len(semi.unavailable)):  # the first player the stage cannot take out
            fewer = replace(semi, unavailable=semi.unavailable[:i + 1])
            try:
                season_stage(replace(season_in, semifinal=fewer), invites)
            except SemifinalError as why:
                raise SeasonInputError(str(why), f"semifinal.unavailable[{i}]") from why
        for part in ("winners", "mid_game"):
            if getattr(semi, part):
                raise SeasonInputError(f"cannot be checked: the semi-final stage cannot be "
                                       f"assigned ({exc})", f"semifinal.{part}") from exc
        return str(exc)
    replaced = {r.out for r in stage.replacements}
    for i, player in enumerate(semi.unavailable):
        if player not in replaced:
            raise SeasonInputError(f"{player} plays no semi-final game",
                                   f"semifinal.unavailable[{i}]")
    spare = entrants(invites)[1]
    for i in range(len(semi.mid_game)):
        try:
            mid_game_replacements(stage, spare, semi.mid_game[:i + 1])
        except SemifinalError as exc:
            raise SeasonInputError(str(exc), f"semifinal.mid_game[{i}].player") from exc
    return stage


def semifinal_document(season_in: SeasonInput, invites: Sequence[Invitation]
                       ) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The semi-finals (rounds, boards, who replaced whom, each board's winner) and the
    championship game as far as it is known (seed 000, 3 and 4), for ``tdapp season``."""
    stage = checked_stage(season_in, invites)
    if isinstance(stage, str):
        return {"assigned": False, "why": stage}, None
    semi = season_in.semifinal
    taken = mid_game(season_in, stage, invites) if semi.mid_game else []
    finalists = championship(season_in, stage)
    boards = stage.boards()
    document = {
        "assigned": True, "why": "",
        "automatic_finalists": [{"player": e.player, "seed": e.seed} for e in stage.finalists],
        "replacements": [{"out": r.out, "alternate": r.alternate} for r in stage.replacements],
        "boards": [{"board": number, "round": seats[0].round,
                    "players": [{"player": s.player, "seed": s.seed,
                                 "preferred": list(s.preferred), "moved": s.moved,
                                 "replaces": s.replaces} for s in seats],
                    "winner": ({"player": semi.winners[number][0],
                                "solo": semi.winners[number][1]}
                               if number in semi.winners else None)}
                   for number, seats in sorted(boards.items())],
        "mid_game": [{"board": m.board, "out": m.out, "alternate": m.alternate,
                      "seed": m.alternate_seed, "phase": m.phase} for m in taken],
    }
    final = {
        "players": [{"player": f.player, "seed": f.seed, "solo": f.solo, "how": f.how}
                    for f in finalists],
        "complete": all(b in semi.winners for b in boards),
        "start": start_words(*semi.start) if semi.start else "",
    }
    return document, final


def entrants(invites: Sequence[Invitation]) -> tuple[list[Entrant], list[Entrant]]:
    """(qualifiers, alternates) of an invitation list, with their seeds."""
    return ([Entrant(i.player, i.seed) for i in invites if not i.alternate],
            [Entrant(i.player, i.seed) for i in invites if i.alternate])


def season_stage(season_in: SeasonInput,
                 invites: Sequence[Invitation] | None = None) -> Stage:
    """The semi-final stage of the season's invitation list (seed 000, 3.2-3.3)."""
    if invites is None:
        invites = compute(season_in)[1]
    qualifiers, spare = entrants(invites)
    semi = season_in.semifinal
    return semifinal_stage(qualifiers, spare, semi.preferences, unavailable=semi.unavailable)


def championship(season_in: SeasonInput, stage: Stage) -> list[Finalist]:
    """The championship game's players in its seeding order, as far as the winners are known."""
    seeds = {s.player: s.seed for s in stage.seats}
    boards = stage.boards()
    taken = mid_game(season_in, stage) if season_in.semifinal.mid_game else []
    seeds |= {m.alternate: m.alternate_seed for m in taken}
    winners = []
    for board, (player, solo) in sorted(season_in.semifinal.winners.items()):
        if board not in boards:
            raise SeasonInputError(f"the semi-final stage has no board {board}",
                           f"semifinal.winners.{board}")
        if any(m.out == player for m in taken):
            raise SeasonInputError(f"{player} was replaced by an alternate and is out for the "
                                   "season (5.8.4)", f"semifinal.winners.{board}.player")
        if player not in {s.player for s in boards[board]} | {m.alternate for m in taken
                                                             if m.board == board}:
            raise SeasonInputError(f"{player} does not play on semi-final board {board}",
                           f"semifinal.winners.{board}.player")
        winners.append((Entrant(player, seeds[player]), board, solo))
    return championship_seeding(stage.finalists, winners)


def mid_game(season_in: SeasonInput, stage: Stage,
             invites: Sequence[Invitation] | None = None) -> list[MidGame]:
    """The alternates who took over semi-final seats during a game (5.8), in the order recorded."""
    if invites is None:
        invites = compute(season_in)[1]
    return mid_game_replacements(stage, entrants(invites)[1], season_in.semifinal.mid_game)
