"""A player's own page, ``/p/CODE``, and what they do from it (the POSTs under ``/p/CODE/``).

The code in the address is the player's whole session (a phone reopens it from the QR code on
their slip): no cookie is set. A code is looked up by its hash (``player_for_code``); a wrong
one is answered 404 with the same body whatever it was, after the delay of ``limits``. Every
form carries a token of ``csrf`` and must come from this host; each POST answers 303 back to
the page (``?said``), where what happened is said once (kept in memory for that player, never
in the address, so no link can put words on someone's page). A response for one code holds nothing of
another player's own: the page shows the player's boards (whose seats are public anyway), and
of a draw vote only how many have voted.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any
from urllib.parse import parse_qs, quote

from jinja2 import Environment
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from tdapp.core.powers import POWERS
from tdapp.core.tournament.player_codes import code_hash, normalise
from tdapp.services.changes import ServiceError
from tdapp.services.checkins import cancel_check_in, check_in
from tdapp.services.player_codes import PlayerCard, player_for_code
from tdapp.services.player_view import PlayerBoard, PlayerView, RoomViews, player_view
from tdapp.services.result_responses import respond_to_result
from tdapp.web.csrf import FIELD, Tokens, same_host
from tdapp.web.i18n import _, current_language, power_name, season_name
from tdapp.web.limits import PostLimit, WrongCodes
from tdapp.web.player_cache import Kept, PlayerCache
from tdapp.web.refusals import refusal_words
from tdapp.web.source import LiveSource
from tdapp.web.votes import BallotView, DrawVotes
from tdapp.web.words import N_

MAX_BODY = 8192  # bytes of a form: a token, a choice, a note of a few lines (encoded)
NOTE_LIMIT = 300  # characters of a dispute's note
MAX_CODE = 40  # characters of the address's code worth looking up
ACTIONS = ("checkin", "uncheckin", "confirm", "dispute", "propose", "vote")
FLASHES = 2048  # players whose "what happened" line is kept until their next page

NOT_FOUND = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport"
content="width=device-width, initial-scale=1"><title>{title}</title>
<link rel="stylesheet" href="/static/page.css"></head><body><main><h1>{title}</h1><p>{words}</p>
<p><a href="{back}">{link}</a></p></main></body></html>"""
SLOW_DOWN = N_("Too many wrong codes came from this device. Wait a minute, then open your page "
               "again.")
STALE_FORM = N_("This form is out of date or did not come from your own page (the page server "
                "may have restarted). Open your page again and repeat what you did.")
Said = tuple[str, dict[str, object]]  # a word of the catalogue and its values


def _say(said: Said) -> str:
    """A word of the catalogue in the player's language; a service's refusal (in the TD's
    English, no values) through ``refusals``: in the player's words when listed there."""
    words, values = said
    if not values:
        return refusal_words(words)
    return _(words) % {k: refusal_words(str(v)) if isinstance(v, Exception) else v
                       for k, v in values.items()}


def _powers(powers: Sequence[str]) -> str:
    return ", ".join(power_name(p) for p in powers)


def _page(title: str, words: str, back: str, link: str, lang: str) -> str:
    """A short page of words (a refusal) in the page's style, every value escaped."""
    return NOT_FOUND.format(lang=escape(lang), title=escape(title), words=escape(words),
                            back=escape(back), link=escape(link))


@dataclass(frozen=True)
class BoardItem:
    """One of the player's boards as the page shows it."""

    board: PlayerBoard
    ballot: BallotView | None
    ballot_season: str
    ballot_powers: str
    can_propose: bool
    why_no_vote: str
    named: bool
    eligible: tuple[str, ...]
    eligible_words: str
    secret_next: bool
    last_vote: str
    vote_note: str


VOTE_WORDS = {
    (True, True): N_("Draw vote, %(season)s (secret): passed: the game ends in a draw of "
                     "%(powers)s."),
    (True, False): N_("Draw vote, %(season)s (secret): failed."),
    (False, True): N_("Draw vote, %(season)s (open): passed: the game ends in a draw of "
                      "%(powers)s."),
    (False, False): N_("Draw vote, %(season)s (open): failed."),
}


def _words_of_vote(passed: bool, secret: bool, phase: str, powers: Sequence[str]) -> str:
    """The outcome of a board's last draw vote: never who voted what, even for an open one
    (the TD's program shows those)."""
    return _(VOTE_WORDS[secret, passed]) % {"season": season_name(phase), "powers": _powers(powers)}


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
        self.cache = PlayerCache(source)
        self._flash: OrderedDict[int, Said] = OrderedDict()

    def routes(self) -> list[Route]:
        return [Route("/p/{code}", self.page, methods=["GET", "HEAD"]),
                Route("/p/{code}/{action}", self.act, methods=["POST"])]

    # --------------------------------------------------------------------- the lookup
    async def _card(self, request: Request,
                    book: dict[str, PlayerCard] | None = None) -> PlayerCard | Response:
        """The code's player: from ``book`` (the kept code book) when it is there, otherwise
        (a code newer than the book, a wrong one, a form) from the file."""
        address = request.client.host if request.client else "unknown"
        if self.wrong.must_wait(address):
            return PlainTextResponse(_(SLOW_DOWN), status_code=429, headers={"Retry-After": "60"})
        code = request.path_params["code"]
        card = None
        if book is not None and len(code) <= MAX_CODE:
            normalised = normalise(code)
            card = book.get(code_hash(normalised)) if normalised is not None else None
        if card is None and len(code) <= MAX_CODE:
            try:
                card = await run_in_threadpool(player_for_code, self.source.db, code)
            except ServiceError as exc:  # served with a login that may not read codes
                return HTMLResponse(_page(_("Players' codes do not work here"),
                                          refusal_words(str(exc)), "/",
                                          _("The board call, clock and standings"),
                                          current_language()), status_code=503)
        if card is None:
            await self.wrong.wait_wrong(address)
            html = _page(_("No such code"), _(
                "No player has this code. Check the code on your slip (eight letters and "
                "digits, like ABCD-EFGH) or ask the TD."), "/",
                _("The board call, clock and standings"), current_language())
            return HTMLResponse(html, status_code=404, headers={"Cache-Control": "no-store"})
        self.wrong.right_code(address)
        return card

    # ----------------------------------------------------------------------- the page
    async def page(self, request: Request) -> Response:
        # Every player's view and the code book, read once per version for all the phones
        # (player_cache.py); this page is then made from memory.
        kept, trouble = None, None
        try:
            kept = await self.cache.get()
        except ServiceError as exc:  # the format cannot be read: said once the code is right
            trouble = exc
        card = await self._card(request, kept.book if kept else None)
        if isinstance(card, Response):
            return card
        if kept is not None and card.player_id not in kept.room.views:
            self.cache.wrote()  # a player newer than what is kept: read again, once
            try:
                kept = await self.cache.get()
            except ServiceError as exc:
                kept, trouble = None, exc
        # Said once, on the page a form came back to (``?said``: no words ride in the address;
        # the live script's fetches, without it, never take them away first).
        flash = (self._flash.pop(card.player_id, None)
                 if request.method == "GET" and "said" in request.query_params else None)
        said = _say(flash) if flash else ""
        try:
            if kept is None:
                assert trouble is not None
                raise trouble
            context = self._context(card, request.path_params["code"], kept)
        except ServiceError as exc:  # the player went from the tournament a moment ago
            return HTMLResponse(_page(_("Your page"), refusal_words(str(exc)), "/",
                                      _("The board call, clock and standings"),
                                      current_language()), status_code=409)
        html = self.env.get_template("player.html").render(said=said, **context)
        return HTMLResponse(html, headers={"Cache-Control": "no-store, private"})

    def _context(self, card: PlayerCard, code: str, kept: Kept) -> dict[str, Any]:
        """The page's values, from memory: the kept room and this server's draw votes."""
        self.votes.sweep()  # a vote past its time says so, even before its timer fires
        view = kept.room.view(card.player_id)
        # Only what is still current may lapse a vote the game moved past (a form being
        # written meanwhile makes it stale: the vote it proposes may be newer than it).
        current = kept.key == self.cache.key()
        return {"view": view, "tournament": kept.room.tournament,
                "items": [self._item(board, kept.room, current) for board in view.boards],
                "action": f"/p/{quote(code, safe='')}",
                "token": self.tokens.token(normalise(code) or ""),
                "version": kept.key[0], "note_limit": NOTE_LIMIT,
                "timeout_minutes": round(self.votes.timeout_s / 60)}

    def _item(self, board: PlayerBoard, room: RoomViews, current: bool) -> BoardItem:
        game = room.games[board.board_id]
        shown = game.last_vote
        last = _words_of_vote(shown.passed, shown.secret, shown.phase,
                              shown.powers) if shown else ""
        ballot, can_propose, why, named, secret, note = None, False, "", False, True, ""
        eligible: tuple[str, ...] = ()
        phase = game.open_phase
        if current:
            self.votes.drop_if_moved_on(board.board_id, phase)
        if board.game_in_progress and phase is not None:
            happened = self.votes.note(board.board_id, phase)
            note = _say(happened) if happened else ""
            ballot = self.votes.ballot(board.board_id, board.power)
            if ballot is None:
                preview = game.preview
                named, eligible, secret = preview.named, preview.eligible, preview.secret
                can_propose = (preview.refusal is None and board.surviving
                               and board.power in preview.eligible)
                why = refusal_words(preview.refusal) if preview.refusal else (
                    "" if can_propose else _(
                    "Only a power with a supply centre proposes a draw."))
        return BoardItem(board, ballot, season_name(ballot.phase) if ballot else "",
                         _powers(ballot.powers) if ballot else "", can_propose, why, named,
                         eligible, _powers(eligible), secret, last, note)

    # -------------------------------------------------------------------- the actions
    async def act(self, request: Request) -> Response:
        address = request.client.host if request.client else "unknown"
        if not self.posts.allow(address):
            return PlainTextResponse(_("Too many requests from this device: wait a little."),
                                     status_code=429, headers={"Retry-After": "10"})
        action = request.path_params["action"]
        if action not in ACTIONS:
            return PlainTextResponse(_("Not found."), status_code=404)
        form = await _bounded_form(request)
        if form is None:
            return PlainTextResponse(_("A form here is a few lines at most."), status_code=413)
        code = request.path_params["code"]
        normalised = normalise(code) if len(code) <= MAX_CODE else None
        if (not same_host({k.lower(): v for k, v in request.headers.items()})
                or normalised is None
                or not self.tokens.valid(normalised, _one(form, FIELD))):
            return self._stale(code)
        card = await self._card(request)  # from the file itself, never the kept book
        if isinstance(card, Response):
            return card
        said: Said
        self.cache.wrote()  # before and after the write: no page made meanwhile lapses a vote
        try:
            said = await run_in_threadpool(self._do, action, card, form)
        except Refused as refused:
            said = refused.said
        except ServiceError as exc:  # a service's refusal (or votes.py's, a catalogue word)
            said = (str(exc), {})
        else:
            if action == "propose":  # the vote lapses on time even if nobody looks
                asyncio.get_running_loop().call_later(self.votes.timeout_s + 0.5,
                                                      self.votes.sweep)
        finally:
            self.cache.wrote()  # the page it comes back to is read afresh
        self._flash[card.player_id] = said
        self._flash.move_to_end(card.player_id)
        while len(self._flash) > FLASHES:
            self._flash.popitem(last=False)
        return RedirectResponse(f"/p/{quote(code, safe='')}?said", status_code=303)

    def _stale(self, code: str) -> Response:
        html = _page(_("Form out of date"), _(STALE_FORM), f"/p/{quote(code, safe='')}",
                     _("Open my page again"), current_language())
        return HTMLResponse(html, status_code=403, headers={"Cache-Control": "no-store"})

    def _do(self, action: str, card: PlayerCard, form: dict[str, list[str]]) -> Said:
        db = self.source.db
        view = player_view(db, card.player_id)
        if action in ("checkin", "uncheckin"):
            return self._check_in(view, action == "checkin")
        board = _my_board(view, _one(form, "board"))
        number: dict[str, object] = {"number": board.board_number}
        if action in ("confirm", "dispute"):
            if _one(form, "result") != board.result_words:
                raise Refused(N_("The result of board %(number)s changed since you looked: "
                                 "read it again, then answer. Nothing was recorded."), number)
            note = (_one(form, "note") or "").strip()
            if len(note) > NOTE_LIMIT:
                raise Refused(N_("A note for the TD is at most %(limit)s characters; yours has "
                                 "%(length)s. Nothing was recorded."),
                              {"limit": NOTE_LIMIT, "length": len(note)})
            respond_to_result(db, card.player_id, board.board_id, action,
                              note if action == "dispute" else "")
            if action == "confirm":
                return N_("You confirmed the result of board %(number)s."), number
            return N_("Your dispute of board %(number)s's result went to the TD, who settles "
                      "it."), number
        if not board.game_in_progress:
            raise Refused(N_("Draw votes are held during a game in progress."), {})
        if action == "propose":
            if not board.surviving:
                raise Refused(N_("Only a power with a supply centre proposes a draw."), {})
            named = [p for p in form.get("power", []) if p in POWERS]
            self.votes.propose(db, board.board_id, board.power, named or None)
            return N_("You proposed a draw: every power with a centre now votes on its "
                      "phone."), {}
        choice = _one(form, "choice")
        if choice not in ("yes", "no"):
            raise Refused(N_("Choose yes or no."), {})
        done = self.votes.vote(db, board.board_id, board.power, choice == "yes")
        return (N_("Your ballot is in. Every power has voted: the outcome is below.") if done
                else N_("Your ballot is in."), {})

    def _check_in(self, view: PlayerView, arriving: bool) -> Said:
        number = view.check_in_round
        if number is None:
            raise Refused(N_("There is no round to check in for now."), {})
        values: dict[str, object] = {"number": number}
        if arriving:
            check_in(self.source.db, view.player_id, number, via="phone")
            return N_("You are checked in for round %(number)s."), values
        cancel_check_in(self.source.db, view.player_id, number)
        return N_("Your check-in for round %(number)s is withdrawn."), values


class Refused(ServiceError):
    """A player's form refused by the page itself, in words of the catalogue."""

    def __init__(self, words: str, values: dict[str, object]) -> None:
        super().__init__(words % values if values else words)
        self.said: Said = (words, values)


def _one(form: dict[str, list[str]], name: str) -> str | None:
    values = form.get(name)
    return values[0] if values else None


def _my_board(view: PlayerView, given: str | None) -> PlayerBoard:
    for board in view.boards:
        if given is not None and given.isdigit() and board.board_id == int(given):
            return board
    raise Refused(N_("That is not one of your boards (the board call may have changed: look "
                     "at your page again)."), {})


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
