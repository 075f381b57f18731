"""A player's own page, ``/p/CODE``, and what they do from it (the POSTs under ``/p/CODE/``).

The code in the address is the player's whole session (a phone reopens it from the QR code on
their slip): no cookie is set. A code is looked up by its hash (``player_for_code``); a wrong
one is answered 404 with the same body whatever it was, after the delay of ``limits``. Every
form carries a token of ``csrf`` and must come from this host; each POST answers 303 back to
the page, where what happened is said once (kept in memory for that player, never in the
address, so no link can put words on someone's page). A response for one code holds nothing of
another player's own: the page shows the player's boards (whose seats are public anyway), and
of a draw vote only how many have voted.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, quote

from jinja2 import Environment
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from tdapp.core.game.phases import phase_title
from tdapp.core.powers import POWERS
from tdapp.core.tournament.player_codes import normalise
from tdapp.services.changes import ServiceError
from tdapp.services.checkins import cancel_check_in, check_in
from tdapp.services.games import draw_vote_preview, game_state
from tdapp.services.player_codes import PlayerCard, player_for_code
from tdapp.services.player_view import PlayerBoard, PlayerView, player_view
from tdapp.services.result_responses import respond_to_result
from tdapp.services.tournaments import tournament_info
from tdapp.web.csrf import FIELD, Tokens, same_host
from tdapp.web.limits import PostLimit, WrongCodes
from tdapp.web.source import LiveSource
from tdapp.web.votes import BallotView, DrawVotes

MAX_BODY = 8192  # bytes of a form: a token, a choice, a note of a few lines (encoded)
NOTE_LIMIT = 300  # characters of a dispute's note
MAX_CODE = 40  # characters of the address's code worth looking up
ACTIONS = ("checkin", "uncheckin", "confirm", "dispute", "propose", "vote")
FLASHES = 2048  # players whose "what happened" line is kept until their next page

NOT_FOUND_HTML = (
    "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
    "content=\"width=device-width, initial-scale=1\"><title>No such code</title>"
    "<link rel=\"stylesheet\" href=\"/static/page.css\"></head><body><main><h1>No such code"
    "</h1><p>No player has this code. Check the code on your slip (eight letters and digits, "
    "like ABCD-EFGH) or ask the TD.</p><p><a href=\"/\">The board call, clock and standings"
    "</a></p></main></body></html>")
SLOW_DOWN = ("Too many wrong codes came from this device. Wait a minute, then open your page "
             "again.")
STALE_FORM = ("This form is out of date or did not come from your own page (the page server may "
              "have restarted). Open your page again and repeat what you did.")


@dataclass(frozen=True)
class BoardItem:
    """One of the player's boards as the page shows it."""

    board: PlayerBoard
    power_title: str
    ballot: BallotView | None
    can_propose: bool
    why_no_vote: str
    named: bool
    eligible: tuple[str, ...]
    secret_next: bool
    last_vote: str
    vote_note: str


def _words_of_vote(passed: bool, secret: bool, phase: str, powers: Sequence[str]) -> str:
    kind = "secret" if secret else "open"
    draw = ", ".join(p.title() for p in powers)
    outcome = f"passed: the game ends in a draw of {draw}" if passed else "failed"
    return f"Draw vote, {phase_title(phase)} ({kind}): {outcome}."


class PlayerPages:
    """The routes of a player's own page over one live tournament."""

    def __init__(self, source: LiveSource, env: Environment, votes: DrawVotes | None = None,
                 wrong: WrongCodes | None = None, posts: PostLimit | None = None,
                 tokens: Tokens | None = None) -> None:
        self.source = source
        self.env = env
        self.votes = votes or DrawVotes(on_change=source.nudge)
        self.wrong = wrong or WrongCodes()
        self.posts = posts or PostLimit()
        self.tokens = tokens or Tokens()
        self._flash: OrderedDict[int, str] = OrderedDict()

    def routes(self) -> list[Route]:
        return [Route("/p/{code}", self.page, methods=["GET", "HEAD"]),
                Route("/p/{code}/{action}", self.act, methods=["POST"])]

    # --------------------------------------------------------------------- the lookup
    async def _card(self, request: Request) -> PlayerCard | Response:
        address = request.client.host if request.client else "unknown"
        if self.wrong.must_wait(address):
            return PlainTextResponse(SLOW_DOWN, status_code=429, headers={"Retry-After": "60"})
        code = request.path_params["code"]
        card = None
        if len(code) <= MAX_CODE:
            card = await run_in_threadpool(player_for_code, self.source.db, code)
        if card is None:
            await self.wrong.wait_wrong(address)
            return HTMLResponse(NOT_FOUND_HTML, status_code=404,
                                headers={"Cache-Control": "no-store"})
        self.wrong.right_code(address)
        return card

    # ----------------------------------------------------------------------- the page
    async def page(self, request: Request) -> Response:
        card = await self._card(request)
        if isinstance(card, Response):
            return card
        said = self._flash.pop(card.player_id, "") if request.method == "GET" else ""
        context = await run_in_threadpool(self._context, card, request.path_params["code"])
        html = self.env.get_template("player.html").render(said=said, **context)
        return HTMLResponse(html, headers={"Cache-Control": "no-store, private"})

    def _context(self, card: PlayerCard, code: str) -> dict[str, Any]:
        db = self.source.db
        self.votes.sweep()  # a vote past its time says so, even before its timer fires
        view = player_view(db, card.player_id)
        return {"view": view, "tournament": tournament_info(db).name,
                "items": [self._item(board) for board in view.boards],
                "action": f"/p/{quote(code, safe='')}",
                "token": self.tokens.token(normalise(code) or ""),
                "version": self.source.version, "note_limit": NOTE_LIMIT,
                "timeout_minutes": round(self.votes.timeout_s / 60)}

    def _item(self, board: PlayerBoard) -> BoardItem:
        db = self.source.db
        state = game_state(db, board.board_id)
        shown = [v for v in state.votes if not v.vetoed]
        last = _words_of_vote(shown[-1].passed, shown[-1].secret, shown[-1].phase,
                              shown[-1].powers) if shown else ""
        ballot, can_propose, why, named, secret, note = None, False, "", False, True, ""
        eligible: tuple[str, ...] = ()
        phase = state.current.phase if state.current and not state.finished else None
        self.votes.drop_if_moved_on(board.board_id, phase)
        if board.game_in_progress and phase is not None:
            note = self.votes.note(board.board_id, phase)
            ballot = self.votes.ballot(board.board_id, board.power)
            if ballot is None:
                preview = draw_vote_preview(db, board.board_id)
                named, eligible, secret = preview.named, preview.eligible, preview.secret
                can_propose = (preview.refusal is None and board.surviving
                               and board.power in preview.eligible)
                why = preview.refusal or ("" if can_propose else
                                          "Only a power with a supply centre proposes a draw.")
        return BoardItem(board, board.power.title(), ballot, can_propose, why, named, eligible,
                         secret, last, note)

    # -------------------------------------------------------------------- the actions
    async def act(self, request: Request) -> Response:
        address = request.client.host if request.client else "unknown"
        if not self.posts.allow(address):
            return PlainTextResponse("Too many requests from this device: wait a little.",
                                     status_code=429, headers={"Retry-After": "10"})
        action = request.path_params["action"]
        if action not in ACTIONS:
            return PlainTextResponse("Not found.", status_code=404)
        form = await _bounded_form(request)
        if form is None:
            return PlainTextResponse("A form here is a few lines at most.", status_code=413)
        code = request.path_params["code"]
        normalised = normalise(code) if len(code) <= MAX_CODE else None
        if (not same_host({k.lower(): v for k, v in request.headers.items()})
                or normalised is None
                or not self.tokens.valid(normalised, _one(form, FIELD))):
            return self._stale(code)
        card = await self._card(request)
        if isinstance(card, Response):
            return card
        try:
            said = await run_in_threadpool(self._do, action, card, form)
        except ServiceError as exc:
            said = str(exc)
        else:
            if action == "propose":  # the vote lapses on time even if nobody looks
                asyncio.get_running_loop().call_later(self.votes.timeout_s + 0.5,
                                                      self.votes.sweep)
        self._flash[card.player_id] = said
        self._flash.move_to_end(card.player_id)
        while len(self._flash) > FLASHES:
            self._flash.popitem(last=False)
        return RedirectResponse(f"/p/{quote(code, safe='')}", status_code=303)

    def _stale(self, code: str) -> Response:
        page = quote(code, safe="")
        html = self.env.from_string(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta "
            "name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Form out "
            "of date</title><link rel=\"stylesheet\" href=\"/static/page.css\"></head><body>"
            "<main><h1>Form out of date</h1><p>{{ words }}</p><p><a href=\"/p/{{ page }}\">"
            "Open my page again</a></p></main></body></html>").render(words=STALE_FORM,
                                                                         page=page)
        return HTMLResponse(html, status_code=403, headers={"Cache-Control": "no-store"})

    def _do(self, action: str, card: PlayerCard, form: dict[str, list[str]]) -> str:
        db = self.source.db
        view = player_view(db, card.player_id)
        if action in ("checkin", "uncheckin"):
            return self._check_in(view, action == "checkin")
        board = _my_board(view, _one(form, "board"))
        if action in ("confirm", "dispute"):
            if _one(form, "result") != board.result_words:
                raise ServiceError(f"The result of board {board.board_number} changed since "
                                   "you looked: read it again, then answer. Nothing was "
                                   "recorded.")
            note = (_one(form, "note") or "").strip()
            if len(note) > NOTE_LIMIT:
                raise ServiceError(f"A note for the TD is at most {NOTE_LIMIT} characters; "
                                   f"yours has {len(note)}. Nothing was recorded.")
            respond_to_result(db, card.player_id, board.board_id, action,
                              note if action == "dispute" else "")
            if action == "confirm":
                return f"You confirmed the result of board {board.board_number}."
            return (f"Your dispute of board {board.board_number}'s result went to the TD, "
                    f"who settles it.")
        if not board.game_in_progress:
            raise ServiceError("Draw votes are held during a game in progress.")
        if action == "propose":
            if not board.surviving:
                raise ServiceError("Only a power with a supply centre proposes a draw.")
            named = [p for p in form.get("power", []) if p in POWERS]
            self.votes.propose(db, board.board_id, board.power, named or None)
            return "You proposed a draw: every power with a centre now votes on its phone."
        choice = _one(form, "choice")
        if choice not in ("yes", "no"):
            raise ServiceError("Choose yes or no.")
        done = self.votes.vote(db, board.board_id, board.power, choice == "yes")
        return ("Your ballot is in. Every power has voted: the outcome is below." if done
                else "Your ballot is in.")

    def _check_in(self, view: PlayerView, arriving: bool) -> str:
        number = view.check_in_round
        if number is None:
            raise ServiceError("There is no round to check in for now.")
        if arriving:
            check_in(self.source.db, view.player_id, number, via="phone")
            return f"You are checked in for round {number}."
        cancel_check_in(self.source.db, view.player_id, number)
        return f"Your check-in for round {number} is withdrawn."


def _one(form: dict[str, list[str]], name: str) -> str | None:
    values = form.get(name)
    return values[0] if values else None


def _my_board(view: PlayerView, given: str | None) -> PlayerBoard:
    for board in view.boards:
        if given is not None and given.isdigit() and board.board_id == int(given):
            return board
    raise ServiceError("That is not one of your boards (the board call may have changed: "
                       "look at your page again).")


async def _bounded_form(request: Request) -> dict[str, list[str]] | None:
    """The form's fields, or None when the body is larger than ``MAX_BODY`` (whatever its
    declared length) or not a form. Only ``application/x-www-form-urlencoded`` is read."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return None
    try:
        return parse_qs(text, keep_blank_values=True, max_num_fields=20)
    except ValueError:  # more fields than any form of the page has
        return None
