"""A board's own page on the players' page: ``/board/<round>/<number>`` and its map image.

The page shows the board's seats and, for a game played through order entry
(``services/games.game_state``), the map of each phase: an adjudicated phase's map is the
position it started from with its orders and what became of them; the open phase's map is the
position the last adjudication left (its orders, still being written, are never shown). Links
lead to the earlier and later phases, so no script is needed.

Only the current round's published boards are served, as ``/`` shows them. The map is an
``<img>`` of ``map.svg`` whose address carries a digest of what it draws: the page (which
``live.js`` fetches again on each change) stays a few kilobytes, and a phone keeps the image
until the phase it shows changes.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from jinja2 import Environment
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from tdapp.core.game.record import PhaseRow
from tdapp.core.mapdraw.geometry import load_geometry
from tdapp.core.mapdraw.plan import BoardPlan, MapDataError, plan_board
from tdapp.core.powers import POWERS
from tdapp.services.games import GameState, game_state
from tdapp.services.rounds import all_boards
from tdapp.store.database import TournamentDb
from tdapp.web.i18n import N_, _, current_language, phase_words
from tdapp.web.map_svg import board_svg, describe, power_colour, power_counts
from tdapp.web.source import LiveSource

PHASE_FORM = re.compile(r"[SFW][0-9]{4}[MRA]")
OUTCOME_WORDS = {"bounce": N_("bounced"), "cut": N_("support cut"), "dislodged": N_("dislodged"),
                 "void": N_("void"), "no convoy": N_("no convoy"),
                 "disrupted": N_("convoy disrupted"), "disband": N_("disbanded")}


class NotShown(LookupError):
    """A board or phase the page does not show; the message says so in a player's words."""


@dataclass(frozen=True)
class MapImage:
    """What one phase's map draws, as the key its picture is made and kept by."""

    title: str
    legend: str  # the legend's heading: short, it sits on the map
    position: Mapping[str, Any]
    results: Sequence[Mapping[str, Any]] | None
    language: str = "en"  # the words drawn on it (legend, tooltips) are in this language

    @property
    def payload(self) -> str:
        return json.dumps([self.title, self.legend, self.position, self.results, self.language],
                          sort_keys=True, default=str, separators=(",", ":"))

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.payload.encode()).hexdigest()[:16]


@lru_cache(maxsize=64)
def _svg(payload: str) -> str:
    # the words drawn are said in the language being spoken, which the payload names
    title, legend, position, results, _language = json.loads(payload)
    plan = plan_board(position, results, load_geometry())
    return board_svg(plan, title, describe(plan), legend=legend)


def map_svg(image: MapImage) -> str:
    """The picture (MapDataError for a position the map cannot draw); the same payload is
    written once, however many phones ask."""
    return _svg(image.payload)


def _published(state: Mapping[str, Any], round_number: int, number: int
               ) -> Mapping[str, Any]:
    """The board as ``/`` shows it, or NotShown."""
    if state["round"]["number"] == round_number:
        for board in state["boards"]:
            if board["number"] == number:
                return board
    raise NotShown(_("Board %(number)s of round %(round)s is not in the published board call.")
                   % {"number": number, "round": round_number})


def _board_id(db: TournamentDb, round_number: int, number: int) -> int:
    for row in all_boards(db, round_number):
        if row.number == number:
            return row.board_id
    raise NotShown(_("Board %(number)s of round %(round)s is not in the published board call.")
                   % {"number": number, "round": round_number})


def _href(round_number: int, number: int, phase: str) -> str:
    return f"/board/{round_number}/{number}?{urlencode({'phase': phase})}"


def _heading(row: PhaseRow, last: bool, finished: bool) -> str:
    title = phase_words(row.phase)
    if row.adjudicated:
        return _("%(phase)s: orders and results") % {"phase": title}
    if finished:
        return _("Final position (%(phase)s)") % {"phase": title}
    return _("%(phase)s: the position now") % {"phase": title} if last else title


def _outcome(result: Mapping[str, Any]) -> str:
    tags = [str(t) for t in result.get("tags") or ()]
    if not tags:
        return _("succeeded")
    return _("failed: %(why)s") % {"why": ", ".join(_(OUTCOME_WORDS[t]) if t in OUTCOME_WORDS
                                                      else t for t in tags)}


def _orders(results: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One line per order, in the order of the powers, as the adjudicator read it."""
    rank = {p: i for i, p in enumerate(POWERS)}
    rows = sorted(results, key=lambda r: rank.get(str(r.get("power")), 99))
    return [{"power": str(r.get("power", "")),
             "order": str(r.get("normalized") or r.get("order") or r.get("unit") or ""),
             "written": str(r.get("order") or ""),
             "outcome": _outcome(r), "failed": bool(r.get("tags"))}
            for r in rows]


@dataclass(frozen=True)
class _Shown:
    """The board asked for and the phase of its game the page shows."""

    board: Mapping[str, Any]
    game: GameState
    index: int  # into game.phases (-1: no game entered move by move)

    @property
    def row(self) -> PhaseRow:
        return self.game.phases[self.index]

    def heading(self) -> str:
        last = self.index == len(self.game.phases) - 1
        return _heading(self.row, last, self.game.status in ("finished", "scored"))

    def image(self, round_number: int, number: int) -> MapImage:
        return MapImage(_("Board %(number)s, round %(round)s: %(heading)s") % {
                            "number": number, "round": round_number, "heading": self.heading()},
                        _("Board %(number)s · %(phase)s") % {
                            "number": number, "phase": phase_words(self.row.phase)},
                        self.row.position, self.row.results, current_language())


def _shown(db: TournamentDb, state: Mapping[str, Any], round_number: int, number: int,
           phase: str | None) -> _Shown:
    board = _published(state, round_number, number)
    if phase is not None and not PHASE_FORM.fullmatch(phase):
        raise NotShown(_("“%(phase)s” is not a phase (they read like S1901M).")
                       % {"phase": phase[:12]})
    game = game_state(db, _board_id(db, round_number, number))
    phases = game.phases
    if not phases:
        if phase is not None:
            raise NotShown(_("Board %(number)s's game is not entered move by move: it has no "
                             "phases to show.") % {"number": number})
        return _Shown(board, game, -1)
    if phase is None:
        return _Shown(board, game, len(phases) - 1)
    matches = [i for i, row in enumerate(phases) if row.phase == phase]
    if not matches:
        raise NotShown(_("Board %(number)s's game has no phase %(phase)s (yet).")
                       % {"number": number, "phase": phase})
    return _Shown(board, game, matches[-1])


def board_page(db: TournamentDb, state: Mapping[str, Any], round_number: int, number: int,
               phase: str | None) -> dict[str, Any]:
    """What ``board.html`` needs; NotShown for a board not published now or a phase the
    board's game has not reached."""
    shown = _shown(db, state, round_number, number, phase)
    context: dict[str, Any] = {
        "board": shown.board, "round": round_number, "number": number, "game": None,
        "seats": [{"power": s["power"], "player": s["player"],
                   "colour": power_colour(s["power"]), "centres": None, "units": None}
                  for s in shown.board["seats"]],
    }
    if shown.index < 0:
        return context
    phases, index, row = shown.game.phases, shown.index, shown.row
    image = shown.image(round_number, number)
    plan: BoardPlan | None = None
    problem: str | None = None
    try:
        plan = plan_board(row.position, row.results, load_geometry())
    except MapDataError as exc:  # a position the map cannot draw: the page still says so
        problem = _("The map cannot show this phase (%(why)s).") % {"why": exc}
    else:
        counts = power_counts(plan)
        for seat in context["seats"]:
            seat["centres"], seat["units"] = counts.get(seat["power"], (0, 0))
    context["game"] = {
        "phases": [{"phase": r.phase, "title": phase_words(r.phase),
                    "href": _href(round_number, number, r.phase), "shown": i == index,
                    "adjudicated": r.adjudicated} for i, r in enumerate(phases)],
        "heading": shown.heading(),
        "earlier": _href(round_number, number, phases[index - 1].phase) if index else None,
        "later": (_href(round_number, number, phases[index + 1].phase)
                  if index + 1 < len(phases) else None),
        "img": (None if plan is None else
                f"/board/{round_number}/{number}/map.svg?"
                f"{urlencode({'phase': row.phase, 'v': image.digest})}"),
        "alt": f"{image.title}. {describe(plan)}" if plan is not None else "",
        "problem": problem,
        "orders": _orders(row.results or []) if row.adjudicated else [],
        "skipped": list(plan.skipped) if plan is not None else [],
    }
    return context


def board_image(db: TournamentDb, state: Mapping[str, Any], round_number: int, number: int,
                phase: str | None) -> MapImage:
    """What the map of the phase the page shows draws (NotShown as for the page)."""
    shown = _shown(db, state, round_number, number, phase)
    if shown.index < 0:
        raise NotShown(_("Board %(number)s's game is not entered move by move: it has no map.")
                       % {"number": number})
    return shown.image(round_number, number)


class BoardCache:
    """Board pages worked out once per version of the tournament (a page is asked again by
    every open phone on each change)."""

    LIMIT = 256

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._version: int | None = None
        self._kept: dict[tuple[str, int, int, str | None], Any] = {}

    def get(self, version: int, key: tuple[str, int, int, str | None],
            make: Callable[[], Any]) -> Any:
        with self._lock:
            if self._version != version:
                self._version, self._kept = version, {}
            if key in self._kept:
                return self._kept[key]
        try:
            value = make()
        except NotShown as exc:
            value = exc
        with self._lock:
            if self._version == version and len(self._kept) < self.LIMIT:
                self._kept[key] = value
        return value


def board_routes(env: Environment, state: Callable[[], dict[str, Any]], source: LiveSource
                 ) -> list[Route]:
    """``/board/<round>/<number>`` (the page) and ``.../map.svg`` (its map), for ``app``."""
    pages = BoardCache()

    def _phase(request: Request) -> str | None:
        return request.query_params.get("phase") or None

    def page(request: Request) -> HTMLResponse:
        now = state()
        round_number, number = request.path_params["round"], request.path_params["number"]
        phase = _phase(request)
        # Kept per language: the words of a page are the player's (i18n.Speaking).
        context = pages.get(now["version"], (f"page:{current_language()}", round_number, number,
                                             phase),
                            lambda: board_page(source.db, now, round_number, number, phase))
        headers = {"Cache-Control": "no-store"}
        if isinstance(context, NotShown):
            html = env.get_template("board.html").render(state=now, missing=str(context))
            return HTMLResponse(html, status_code=404, headers=headers)
        html = env.get_template("board.html").render(state=now, missing=None, **context)
        return HTMLResponse(html, headers=headers)

    def picture(request: Request) -> Response:
        now = state()
        round_number, number = request.path_params["round"], request.path_params["number"]
        phase = _phase(request)
        image = pages.get(now["version"], (f"map:{current_language()}", round_number, number,
                                           phase),
                          lambda: board_image(source.db, now, round_number, number, phase))
        if isinstance(image, NotShown):
            return PlainTextResponse(str(image), status_code=404)
        try:
            svg = map_svg(image)
        except MapDataError as exc:
            return PlainTextResponse(_("The map cannot show this phase (%(why)s).")
                                     % {"why": exc}, status_code=404)
        # Its address names what it draws: kept while that holds, asked again otherwise.
        same = request.query_params.get("v") == image.digest
        cache = "max-age=86400, immutable" if same else "no-store"
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": cache})

    return [
        Route("/board/{round:int}/{number:int}", page, methods=["GET", "HEAD"]),
        Route("/board/{round:int}/{number:int}/map.svg", picture, methods=["GET", "HEAD"]),
    ]
