"""Province names as people write them, keyed for fast lookup by the order parser.

A written name is reduced to a *key*: lower case, letters and digits only ("St. Petersburg" ->
``stpetersburg``, "Mid-Atlantic" -> ``midatlantic``). Keys come from the standard map's aliases plus
the few spellings below that order sheets use and the map does not list.

Two kinds of spelling need care:

- *ambiguous* spellings that name several provinces (``nor``: Norway, Norwegian Sea or North Sea;
  ``liv``: Liverpool or Livonia). They have no reading of their own; the parser picks the one
  reading that is possible for the unit, or reports the order as ambiguous.
- *slips*: official abbreviations that are easily written for their neighbour (``Nwy``/``Nwg``,
  ``Lvp``/``Lvn``, ``Tyr``/``Tys``). They mean what they say; the parser only considers the
  neighbour when what they say is impossible and the tournament allows it.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from tdapp.core.board.standard_map import STANDARD_MAP

_NON_ALNUM = re.compile(r"[^a-z0-9]+")

# Spellings seen on order sheets that the map's alias list does not carry.
EXTRA_ALIASES: dict[str, str] = {
    "stpeter": "STP",
    "stpetersberg": "STP",
    "petersberg": "STP",
    "leningrad": "STP",
    "tyrrhenean": "TYS",
    "nwgsea": "NWG",
    "nsea": "NTH",  # "N Sea" on a paper sheet is the North Sea (issue 14)
    "northatl": "NAO",
    "midatl": "MAO",
    "midatlanticoc": "MAO",
    "gulfoflions": "LYO",
    "lions": "LYO",
    "lion": "LYO",
    "skagerak": "SKA",
    "skaggerak": "SKA",
    "skaggerrak": "SKA",
    "helgolandbucht": "HEL",
    "heligo": "HEL",
    "livpool": "LVP",
    "lvrpl": "LVP",
    "liverpol": "LVP",
    "constantinopel": "CON",
    "cons": "CON",
    "constan": "CON",
    "smyr": "SMY",
    "sevastopl": "SEV",
    "munchen": "MUN",
    "wien": "VIE",
    "warszawa": "WAR",
    "moskva": "MOS",
    "roma": "ROM",
    "napoli": "NAP",
    "venezia": "VEN",
    "tunisia": "TUN",
    "bohmen": "BOH",
    "schlesien": "SIL",
    "yorks": "YOR",
    "edinborough": "EDI",
    "edinburg": "EDI",
    "portugese": "POR",
    "belg": "BEL",
    "denm": "DEN",
    "swed": "SWE",
    "finl": "FIN",
}

# Spellings the map file maps that a paper sheet uses for something else, or that are too
# short to trust (``yonkers`` is a joke entry of another program's map).
_DROPPED_ALIASES = frozenset({"yonkers"})

# Ambiguous spellings with no reading of their own, beyond those the map lists.
EXTRA_AMBIGUOUS: dict[str, tuple[str, ...]] = {
    "nor": ("NWY", "NWG", "NTH"),
    "liv": ("LVP", "LVN"),
}

# The EDC 2026 rules call "Nor" an official abbreviation of Norway ("Fleet move Lon-Nor, uses
# official abbreviations for London and Norway"); under strict abbreviations it means Norway.
STRICT_OFFICIAL: dict[str, str] = {"nor": "NWY"}


def key_of(text: str) -> str:
    """The lookup key of a written name: lower case, letters and digits only."""
    return _NON_ALNUM.sub("", text.lower())


# The last word of a sea's name, which a paper sheet often writes after its abbreviation.
WATER_WORDS = frozenset({"sea", "ocean", "channel", "bight"})


def _add_water_words(aliases: dict[str, str], max_words: dict[str, int]) -> None:
    """"Nth Sea", "Nwg Sea", "Eng Channel", "Mao Ocean": a short spelling of a sea followed by
    the last word of its name reads as the sea (two words, so the name reader must look on)."""
    for key, loc in list(aliases.items()):
        info = STANDARD_MAP.provinces.get(loc)
        if info is None or len(key) > 4:
            continue
        last = [w for w in _NON_ALNUM.split(info.name.lower()) if w][-1]
        if last in WATER_WORDS and not key.endswith(last):
            aliases.setdefault(key + last, loc)
            max_words[key] = max(max_words.get(key, 1), 2)


def _build_tables() -> tuple[dict[str, str], dict[str, tuple[str, ...]], dict[str, int]]:
    aliases: dict[str, str] = {}
    max_words: dict[str, int] = {}
    for spelling, loc in STANDARD_MAP.aliases.items():
        if spelling in _DROPPED_ALIASES:
            continue
        words = [w for w in _NON_ALNUM.split(spelling.lower()) if w]
        if not words:
            continue
        aliases["".join(words)] = loc
        if len(words) > 1:
            max_words[words[0]] = max(max_words.get(words[0], 1), len(words))
    for abbr, info in STANDARD_MAP.provinces.items():
        aliases.setdefault(abbr.lower(), abbr)
        words = [w for w in _NON_ALNUM.split(info.name.lower()) if w]
        aliases.setdefault("".join(words), abbr)
        if len(words) > 1:
            max_words[words[0]] = max(max_words.get(words[0], 1), len(words))
    for key, loc in EXTRA_ALIASES.items():
        aliases.setdefault(key, loc)
    _add_water_words(aliases, max_words)
    ambiguous: dict[str, tuple[str, ...]] = {}
    for spelling, readings in STANDARD_MAP.ambiguous_aliases.items():
        ambiguous[key_of(spelling)] = tuple(readings)
    for key, readings in EXTRA_AMBIGUOUS.items():
        ambiguous.setdefault(key, readings)
    for key in ambiguous:
        if key not in aliases or aliases[key] not in ambiguous[key]:
            aliases.pop(key, None)  # no reading of its own: never taken at face value
    return aliases, ambiguous, max_words


ALIASES, AMBIGUOUS, MAX_WORDS = _build_tables()
PROVINCES = STANDARD_MAP.provinces


def province_name(loc: str) -> str:
    """``STP/NC`` -> ``St Petersburg north coast``; ``BUR`` -> ``Burgundy``."""
    prov, _, coast = loc.partition("/")
    info = PROVINCES.get(prov)
    name = info.name if info else prov
    return f"{name} {COAST_NAMES[coast]}" if coast else name


def describe(loc: str) -> str:
    """``Burgundy (BUR)``: how a message names a location."""
    return f"{province_name(loc)} ({loc})"


COAST_NAMES: dict[str, str] = {"NC": "north coast", "SC": "south coast", "EC": "east coast"}


@lru_cache(maxsize=1)
def _suggestion_keys() -> tuple[str, ...]:
    return tuple(k for k in ALIASES if len(k) >= 3)


def suggest(written: str) -> str | None:
    """The location a misspelt name most likely means (``bergundy`` -> ``BUR``), if any."""
    key = key_of(written)
    if len(key) < 2:
        return None
    matches = difflib.get_close_matches(key, _suggestion_keys(), n=1, cutoff=0.75)
    if not matches:
        return None
    return ALIASES[matches[0]].partition("/")[0]


def completions(prefix: str, limit: int = 10) -> list[tuple[str, str]]:
    """Provinces whose name or abbreviation starts with what is typed, for autocompletion:
    ``"bu"`` -> ``[("BUD", "Budapest"), ("BUL", "Bulgaria"), ("BUR", "Burgundy")]``."""
    key = key_of(prefix)
    if not key:
        return []
    found: dict[str, str] = {}
    for abbr, info in sorted(PROVINCES.items()):
        if abbr.lower().startswith(key) or key_of(info.name).startswith(key):
            found[abbr] = info.name
    for alias, loc in sorted(ALIASES.items()):
        prov = loc.partition("/")[0]
        if len(found) >= limit:
            break
        if prov not in found and alias.startswith(key) and len(alias) > 3:
            found[prov] = PROVINCES[prov].name
    return sorted(found.items())[:limit]
