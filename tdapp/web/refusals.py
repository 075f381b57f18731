"""A service's refusal, written in English for the TD, said to a player in their language.

The services keep their English (the TD's program, the logs and the command line read it).
A refusal a player can meet on their own page (``/p/CODE``) is listed here as a word of the
catalogue that *is* the service's English with its values named (``%(number)s``): the word is
read back out of the English (each value a named group), then said in the player's language
with its values (a season and a power in their words too). A refusal not listed here, or
already a word of the catalogue (``votes.py``'s, the page's own), is said through ``_()``:
translated when the catalogue has it, the service's English otherwise, never a blank.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache

from tdapp.web.i18n import _, power_name
from tdapp.web.words import N_, SEASONS, season_words

# The service's English, word for word (checkins, result_responses, games, core.game.draws,
# player_view): tests/web/test_refusals.py makes each service say it.
REFUSALS = (
    # check-in (services/checkins.py)
    N_("There is no round %(number)s in this tournament."),
    N_("Check-in for round %(number)s is closed: every round is seated already."),
    N_("Check-in for round %(number)s is closed: it is seated already. Check-in is open for "
       "round %(open)s."),
    N_("Check-in for round %(number)s is not open yet: check in for round %(open)s first."),
    N_("That player is no longer in the tournament."),
    N_("%(name)s has withdrawn from the tournament: see the TD."),
    # a board's result (services/result_responses.py)
    N_("That board no longer exists."),
    N_("%(name)s does not play on round %(round)s board %(number)s: only its own players may "
       "confirm or dispute its result."),
    N_("Round %(round)s board %(number)s has no result yet: there is nothing to confirm or "
       "dispute."),
    N_("The result of round %(round)s board %(number)s was changed since you looked: look at "
       "it again, then confirm or dispute it. Nothing was recorded."),
    # draw votes (core/game/draws.py, services/games.py)
    N_("Draw votes are held during a game in progress."),
    N_("A draw vote was held this season already: one per Spring or Fall."),
    N_("A draw vote was held in %(season)s already: one per season."),
    N_("%(format)s: draws may be proposed from %(season)s."),
    N_("%(format)s: a draw includes every power with a centre."),
    N_("%(power)s has no centre: it cannot be in the draw."),
    N_("A draw needs two powers at least (one alone would be a conceded solo)."),
    N_("%(power)s has not voted."),
    N_("%(phase)s is over already (the board is at %(now)s); look again."),
)

_VALUE = re.compile(r"%\((\w+)\)s")
_SEASON_LETTER = {word: letter for letter, word in SEASONS.items()}


def _season(english: str) -> str:
    """``Spring 1902`` (the service's words) in the player's language."""
    word, _sep, year = english.partition(" ")
    letter = _SEASON_LETTER.get(word.title())
    return season_words(f"{letter}{year}M", _) if letter and year.isdigit() else english


# How a named value is said: a season and a power in the player's words, the rest as written.
SAYING: Mapping[str, Callable[[str], str]] = {"season": _season, "power": power_name}


def _pattern(words: str) -> re.Pattern[str]:
    """The English of ``words`` with each value read back as a named group."""
    parts = _VALUE.split(words)  # text, name, text, name, ... text
    return re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
                              for i, part in enumerate(parts)), re.S)


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((_pattern(words), words) for words in REFUSALS if "%(" in words)


def refusal_words(english: str) -> str:
    """A service's refusal (or a word of the catalogue) in the player's language; its English
    when the catalogue has no translation of it."""
    text = " ".join(english.split())
    for pattern, words in _patterns():
        found = pattern.fullmatch(text)
        if found:
            values = {name: SAYING.get(name, str)(value)
                      for name, value in found.groupdict().items()}
            return _(words) % values
    return _(english)
