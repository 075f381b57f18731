"""The players' page as an ASGI application (Starlette): ``/``, ``/api/state``, ``/events``,
each board's page with its map (``/board/<round>/<number>``, ``board.py``) and a player's own
page ``/p/CODE`` (``player.py``).

Only GET and HEAD are answered (anything else is 405) and a request with a body is refused,
except the forms of a player's own page: POST to ``/p/CODE/<action>``, form-encoded, at most
``MAX_BODY`` bytes with its length declared. Every page carries a Content-Security-Policy
without inline script, and every name goes through Jinja2's autoescape.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import re
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tdapp.core.clock import SystemTime, TimeSource
from tdapp.web.board import board_routes
from tdapp.web.i18n import LOCALE, Speaking, _, current_language, make_env
from tdapp.web.page import page_context
from tdapp.web.player import MAX_BODY, PlayerPages
from tdapp.web.presence import Presence
from tdapp.web.source import LiveSource
from tdapp.web.state import build_state, clock_now

HERE = Path(__file__).parent
POLL_S = 0.2  # how often the source is asked whether the tournament changed
KEEPALIVE_S = 15.0  # a comment line on a quiet stream, so proxies and phones keep it open
MAX_QUERY = 2048  # bytes of a URL's query string; a search is a name, not a document
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; "
       "object-src 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
# A player's page sends its forms with their origin: under "no-referrer" a browser sends
# "Origin: null", which the CSRF check must refuse. "same-origin" never leaves this host.
PLAYER_HEADERS = [(b"referrer-policy", b"same-origin") if name == b"referrer-policy"
                  else (name, value) for name, value in HEADERS]
PLAYER_POST = re.compile(r"/p/[^/]{1,64}/(checkin|uncheckin|confirm|dispute|propose|vote)")
FORM = b"application/x-www-form-urlencoded"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
Asgi = Callable[[Scope, Receive, Send], Awaitable[None]]


class Guard:
    """Around the whole application: GET/HEAD only, no body, short queries, safe headers."""

    def __init__(self, app: Asgi) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        extra = PLAYER_HEADERS if scope.get("path", "").startswith("/p/") else HEADERS

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + extra
            await send(message)

        if refusal is not None:
            await refusal(scope, receive, with_headers)
            return
        await self.app(scope, receive, with_headers)

    @staticmethod
    def _refusal(scope: Scope) -> PlainTextResponse | None:
        if not venue_host(dict(scope.get("headers") or []).get(b"host", b"")):
            return PlainTextResponse(_("Open this page by the address the TD shows."),
                                     status_code=421)
        if scope["method"] == "POST" and PLAYER_POST.fullmatch(scope.get("path", "")):
            return Guard._form_refusal(scope)
        if scope["method"] not in ("GET", "HEAD"):
            return PlainTextResponse(_("Only reading is allowed here."), status_code=405,
                                     headers={"Allow": "GET, HEAD"})
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"0")
        if length.strip() not in (b"", b"0") or b"transfer-encoding" in headers:
            return PlainTextResponse(_("A request here carries no body."), status_code=413)
        if len(scope.get("query_string", b"")) > MAX_QUERY:
            return PlainTextResponse(_("That address is too long."), status_code=414)
        return None

    @staticmethod
    def _form_refusal(scope: Scope) -> PlainTextResponse | None:
        """A player's form: form-encoded, its length declared and small, no query."""
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"").strip()
        if b"transfer-encoding" in headers or not length.isdigit():
            return PlainTextResponse(_("A form here says its length."), status_code=411)
        if int(length) > MAX_BODY:
            return PlainTextResponse(_("A form here is a few lines at most."), status_code=413)
        if headers.get(b"content-type", b"").split(b";")[0].strip().lower() != FORM:
            return PlainTextResponse(_("Only a web form is taken here."), status_code=415)
        if scope.get("query_string", b""):
            return PlainTextResponse(_("A form here has no query."), status_code=414)
        return None


def venue_host(host: bytes) -> bool:
    """The page answers only by an address (the QR code's), a name of one word (localhost, the
    laptop's) or a ``.local`` name: another site's script cannot read it by pointing a name of
    its own at this laptop (DNS rebinding); an absent Host is HTTP/1.0's and allowed."""
    name = host.decode("latin-1").strip().lower()
    if name.startswith("["):  # [IPv6]:port
        name = name[1:name.find("]")] if "]" in name else ""
    elif name.count(":") == 1:
        name = name.split(":")[0]
    if not name:
        return not host
    with suppress(ValueError):
        ipaddress.ip_address(name)
        return True
    return "." not in name.rstrip(".") or name.rstrip(".").endswith(".local")


class StateCache:
    """The state is worked out once per version (standings cost a little); only the clock,
    which moves with time, is asked afresh for each request.

    What every phone fetches at once after a change (the JSON, the page without a search) is
    also kept as bytes, made once per version and at most ``REUSE_S`` old: 256 phones cost one
    build and 256 sends, not 256 builds (tests/benchmarks/bench_web_phones.py). Only the
    clock's time can be that much behind; any change to the tournament is a new version.
    """

    REUSE_S = 0.25  # less than a phone's own delay on the venue's WiFi

    def __init__(self, source: LiveSource, time: TimeSource) -> None:
        self.source = source
        self.time = time
        self._lock = threading.Lock()
        self._kept: dict[str, Any] | None = None
        self._making = threading.Lock()
        self._made: dict[str, bytes] = {}
        self._made_at = (0, float("-inf"))  # the version and the moment of what is in _made

    def get(self) -> dict[str, Any]:
        with self._lock:
            version = self.source.version
            if self._kept is None or self._kept["version"] != version:
                self._kept = build_state(self.source.db, version, self.time)
                return dict(self._kept)
            fresh = dict(self._kept)
        fresh["clock"] = clock_now(self.source.db, fresh["round"], self.time)
        return fresh

    def kept(self, kind: str) -> bytes | None:
        """``kind`` as made from the state now, when it is fresh enough (no database work)."""
        version, at = self._made_at
        if version != self.source.version or not 0 <= self.time.now() - at <= self.REUSE_S:
            return None  # (a clock set back is not a fresh page)
        return self._made.get(kind)

    def made(self, kind: str, make: Callable[[dict[str, Any]], bytes]) -> bytes:
        """``kind`` made by ``make`` from the state, or kept from a moment ago (in a thread:
        the state may need the database). One is made at a time: the phones that asked
        meanwhile take it, rather than each making its own."""
        with self._making:
            kept = self.kept(kind)
            if kept is not None:
                return kept
            state, now = self.get(), self.time.now()
            body = make(state)
            version, at = self._made_at
            if version != state["version"] or now - at > self.REUSE_S:
                self._made, self._made_at = {}, (state["version"], now)
            self._made[kind] = body
            return body

    async def serve(self, kind: str, make: Callable[[dict[str, Any]], bytes]) -> bytes:
        """``kind`` must name everything the bytes depend on beyond the public state (a page
        that depends on the request, such as a search or a player's own page, is not kept)."""
        kept = self.kept(kind)
        return kept if kept is not None else await run_in_threadpool(self.made, kind, make)


class Changes:
    """One watcher for all streams: polls the source and wakes every open ``/events``."""

    def __init__(self, source: LiveSource) -> None:
        self.source = source
        self._changed = asyncio.Event()
        self.stopping = False
        self._loop: asyncio.AbstractEventLoop | None = None

    def stop_soon(self) -> None:
        """End every open stream (the server is stopping): callable from a signal handler."""
        self.stopping = True
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._changed.set)

    async def watch(self) -> None:
        self._loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(POLL_S)
            try:
                moved = await asyncio.to_thread(self.source.poll)
            except Exception:  # noqa: BLE001 - a server gone for a moment: look again later
                continue
            if moved:
                self._changed.set()
                self._changed = asyncio.Event()

    async def wait(self, timeout: float) -> None:
        changed = self._changed
        with suppress(TimeoutError):
            await asyncio.wait_for(changed.wait(), timeout)


def _client(request: Request) -> str:
    return request.client.host if request.client is not None else ""


def create_app(source: LiveSource, time: TimeSource | None = None,
               locale: Path = LOCALE, presence: Presence | None = None) -> Starlette:
    """The application for one open tournament (``locale``: where its translations are;
    ``presence``: who has the page, counted for the program that serves it)."""
    presence = presence or Presence()
    env = make_env(locale=locale)
    cache = StateCache(source, time or SystemTime())
    changes = Changes(source)

    def page(state: dict[str, Any], query: str = "") -> str:
        return env.get_template("index.html").render(**page_context(state, query))

    async def index(request: Request) -> HTMLResponse:
        presence.seen(_client(request), page=True)
        query = request.query_params.get("q", "")[:80].strip()
        if query:
            html = await run_in_threadpool(lambda: page(cache.get(), query))
            return HTMLResponse(html, headers={"Cache-Control": "no-store"})
        # Kept per language: the page speaks the phone's (i18n.Speaking), the JSON English.
        body = await cache.serve(f"page:{current_language()}", lambda state: page(state).encode())
        return HTMLResponse(body, headers={"Cache-Control": "no-store"})

    def own_page(request: Request) -> RedirectResponse:
        """The code typed on ``/`` (the slip's words: "open this address and type your code"):
        on to ``/p/CODE``, where a wrong code is answered and slowed as any other."""
        typed = "".join(c for c in request.query_params.get("code", "")[:40]
                        if c.isalnum() or c in "- ")
        code = typed.strip().replace(" ", "")
        return RedirectResponse(f"/p/{quote(code)}" if code else "/", status_code=303)

    async def api_state(request: Request) -> JSONResponse:
        presence.seen(_client(request))
        body = await cache.serve("json", lambda state: bytes(JSONResponse(state).body))
        return _Serialised(body, headers={"Cache-Control": "no-store"})

    async def events(request: Request) -> StreamingResponse:
        async def stream() -> AsyncIterator[str]:
            sent = source.version
            presence.opened(_client(request))
            try:
                yield f"retry: 1000\ndata: {json.dumps({'version': sent})}\n\n"
                while not changes.stopping and not await request.is_disconnected():
                    if source.version != sent:
                        sent = source.version
                        yield f"data: {json.dumps({'version': sent})}\n\n"
                        continue
                    # No await between the look above and taking the event: none is missed.
                    await changes.wait(KEEPALIVE_S)
                    if source.version == sent and not changes.stopping:
                        yield ": still here\n\n"
            finally:
                presence.closed()

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store",
                                          "X-Accel-Buffering": "no"})

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(changes.watch())
        try:
            yield
        finally:
            task.cancel()

    players = PlayerPages(source, env)
    routes = [
        *players.routes(),
        Route("/", index, methods=["GET", "HEAD"]),
        Route("/p", own_page, methods=["GET", "HEAD"]),
        Route("/api/state", api_state, methods=["GET", "HEAD"]),
        Route("/events", events, methods=["GET"]),
        *board_routes(env, cache.get, source),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(_GuardMiddleware)
    app.add_middleware(Speaking, catalogue=env.catalogue)  # outermost: refusals too
    app.state.changes = changes  # the command ends the streams when it is asked to stop
    app.state.presence = presence  # the program shows how many phones have the page
    app.state.players = players  # its draw votes and limits, for the tests
    return app


class _Serialised(JSONResponse):
    """A JSON answer already serialised (kept by StateCache)."""

    def render(self, content: Any) -> bytes:
        return bytes(content)


class _GuardMiddleware(Guard):
    """Guard in Starlette's middleware list (the outermost layer after its error handler)."""
