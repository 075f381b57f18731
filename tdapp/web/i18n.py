"""One catalogue for every word of the players' page (gettext, domain ``tdapp-web``).

Templates say their words with ``{% trans %}...{% endtrans %}`` or ``{{ _("...") }}`` and
their language with ``<html lang="{{ language() }}">``; Python marks a word with ``N_("...")``
where it is defined (it stays English there) and says it with ``_()`` while a request is
answered. ``tdapp/web/locale/tdapp-web.pot`` is the catalogue template (``python -m
tdapp.web.catalogue`` writes it and compiles translations); a translation is
``locale/LANG/LC_MESSAGES/tdapp-web.mo``.

The player's language comes from the browser's Accept-Language, English when no catalogue of
theirs exists. :class:`Speaking`, around the whole application, sets it for each request, so
every route and template speaks it with nothing to pass: render any template of the one
environment :func:`make_env` makes. Anything kept across requests (a page made once for many
phones) must be kept per :func:`current_language`.
"""

from __future__ import annotations

import gettext as _gettext
import re
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from jinja2 import Environment, FileSystemLoader, select_autoescape

from tdapp.web.words import N_, POWER_NAMES, phase_text, season_words

__all__ = ["N_", "Catalogue", "Pages", "Speaking", "_", "current_language", "make_env",
           "ngettext", "phase_words", "power_name", "season_name", "speaking"]

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
LOCALE = HERE / "locale"
DOMAIN = "tdapp-web"
ENGLISH = "en"  # the words as written: the catalogue's source language
MAX_ACCEPT = 512  # characters of Accept-Language read; a hostile header is cut, not parsed
MAX_RANGES = 16

_ENGLISH = _gettext.NullTranslations()


class _Speech(NamedTuple):
    language: str
    translations: _gettext.NullTranslations


_IN_ENGLISH = _Speech(ENGLISH, _ENGLISH)
_speaking: ContextVar[_Speech | None] = ContextVar("tdapp_web_language", default=None)


def _speech() -> _Speech:
    return _speaking.get() or _IN_ENGLISH
_RANGE = re.compile(r"^([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)$")


def _(message: str) -> str:
    """The word in the language of the page being made now (English outside one)."""
    return _speech().translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _speech().translations.ngettext(singular, plural, count)


def power_name(power: str) -> str:
    """A power's name in the player's language (an unknown one as written, title-cased)."""
    word = POWER_NAMES.get(power.upper())
    return _(word) if word else power.title()


def phase_words(phase: str) -> str:
    """``S1901M`` -> ``Spring 1901 movement`` in the player's language."""
    return phase_text(phase, _)


def season_name(phase: str) -> str:
    """``S1906M`` -> ``Spring 1906`` in the player's language."""
    return season_words(phase, _)


def current_language() -> str:
    """The language being spoken now, as ``<html lang>`` writes it (``en``, ``pt-BR``)."""
    language = _speech().language
    head, _sep, region = language.partition("_")
    return f"{head}-{region.upper()}" if region else head


def accepted(header: str | None) -> list[str]:
    """The languages of an Accept-Language header, most wanted first (RFC 9110 12.5.4);
    malformed parts are skipped."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "")[:MAX_ACCEPT].split(",")[:MAX_RANGES]):
        tag, _sep, params = part.strip().partition(";")
        tag = tag.strip()
        if not _RANGE.match(tag):
            continue
        weight = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if 0.0 < weight <= 1.0:
            ranked.append((-weight, index, tag.lower().replace("-", "_")))
    return [tag for _w, _i, tag in sorted(ranked)]


class Catalogue:
    """The translations found in one locale folder."""

    def __init__(self, folder: Path = LOCALE) -> None:
        self.folder = folder

    @cached_property  # translations come with the program, never while it serves
    def languages(self) -> frozenset[str]:
        """Languages with a compiled catalogue (English is always there: it is the source)."""
        found = {path.parent.parent.name.lower()
                 for path in self.folder.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
        return frozenset(found | {ENGLISH})

    def choose(self, accept_language: str | None) -> str:
        """The player's language: the first of theirs we have (``fr_ch`` falls back to
        ``fr``), English otherwise."""
        have = self.languages
        for tag in accepted(accept_language):
            if tag == "*":
                return ENGLISH
            for candidate in (tag, tag.split("_")[0]):
                if candidate in have:
                    return candidate
        return ENGLISH

    def translations(self, language: str) -> _gettext.NullTranslations:
        if language == ENGLISH:
            return _ENGLISH
        return _load(self.folder, language)


_DEFAULT = Catalogue()


@lru_cache(maxsize=32)
def _load(folder: Path, language: str) -> _gettext.NullTranslations:
    return _gettext.translation(DOMAIN, localedir=folder, languages=[language], fallback=True)


@contextmanager
def speaking(accept_language: str | None, catalogue: Catalogue | None = None) -> Iterator[str]:
    """Within: ``_()`` says words in the language the header asks for (English when we have
    none of its languages); yields that language."""
    have = catalogue or _DEFAULT
    language = have.choose(accept_language)
    token = _speaking.set(_Speech(language, have.translations(language)))
    try:
        yield language
    finally:
        _speaking.reset(token)


class Pages(Environment):
    """The page's Jinja2 environment: autoescape on, gettext installed, a catalogue."""

    def __init__(self, templates: Path = TEMPLATES, catalogue: Catalogue | None = None) -> None:
        super().__init__(loader=FileSystemLoader(templates), extensions=["jinja2.ext.i18n"],
                         autoescape=select_autoescape(default=True, default_for_string=True),
                         # the templates ship with tdapp: no look at their files per render
                         auto_reload=False)
        self.catalogue = catalogue or Catalogue()
        # {% trans %} blocks are written across lines; the catalogue holds them on one.
        self.policies["ext.i18n.trimmed"] = True
        # newstyle: a {% trans %} block's variables are escaped like any other; the extension
        # adds this method at run time, which the type checker cannot see.
        self.install_gettext_callables(  # type: ignore[attr-defined]
            _, ngettext, newstyle=True)
        self.globals["language"] = current_language
        self.globals["power_name"] = power_name
        self.globals["phase_words"] = phase_words

    def speaking(self, accept_language: str | None) -> AbstractContextManager[str]:
        """Within: ``_()`` (Python or template) says words in that header's language (for
        work outside a request; :class:`Speaking` does it for each request)."""
        return speaking(accept_language, self.catalogue)

    def render(self, name: str, **context: Any) -> str:
        """A template in the language being spoken now."""
        return self.get_template(name).render(**context)


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class Speaking:
    """ASGI middleware: each HTTP request is answered in its Accept-Language's language (the
    context variable is copied into the threads Starlette runs routes in)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]],
                 catalogue: Catalogue | None = None) -> None:
        self.app = app
        self.catalogue = catalogue

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = dict(scope.get("headers") or []).get(b"accept-language", b"")
        with speaking(header.decode("latin-1"), self.catalogue):
            await self.app(scope, receive, send)


def make_env(templates: Path = TEMPLATES, locale: Path = LOCALE) -> Pages:
    """The one factory of the page's templates (every route renders through it; the
    application puts :class:`Speaking` around itself with ``env.catalogue``)."""
    return Pages(templates, Catalogue(locale))
