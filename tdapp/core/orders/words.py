"""The words of an order other than province names: unit types, verbs, coasts and powers."""

from __future__ import annotations

TYPE = "type"
HOLD = "hold"
MOVE = "move"
SUPPORT = "support"
CONVOY = "convoy"
VIA = "via"
RETREAT = "retreat"
DISBAND = "disband"
REMOVE = "remove"
BUILD = "build"
WAIVE = "waive"
FILLER = "filler"

UNIT_TYPES: dict[str, str] = {"a": "A", "army": "A", "armee": "A", "f": "F", "fleet": "F",
                              "flotte": "F"}

_ROLE_WORDS: dict[str, tuple[str, ...]] = {
    HOLD: ("h", "hold", "holds", "holding", "hld", "stand", "stands", "stay", "stays"),
    MOVE: ("to", "move", "moves", "moving", "m", "mv", "mov", "attack", "attacks", "att",
           "hit", "hits", "go", "goes", "into"),
    SUPPORT: ("s", "sup", "supp", "support", "supports", "supporting", "sp", "spt", "sps"),
    CONVOY: ("c", "convoy", "convoys", "convoying", "cvy", "conv", "cv", "transport",
             "transports"),
    VIA: ("via", "by", "convoyed"),
    RETREAT: ("r", "retreat", "retreats", "ret", "rt", "retr"),
    DISBAND: ("d", "disband", "disbands", "disbanded", "destroy", "destroyed"),
    REMOVE: ("remove", "removes", "removed", "rem", "rm", "delete"),
    BUILD: ("b", "build", "builds", "bld", "built", "new"),
    WAIVE: ("waive", "waived", "waives", "waiving", "waiver", "pass", "passes", "none", "no"),
    FILLER: ("the", "in", "at", "from", "unit", "an", "my", "and", "then"),
}

ROLES: dict[str, str] = {w: role for role, words in _ROLE_WORDS.items() for w in words}
for _w in UNIT_TYPES:
    ROLES[_w] = TYPE

# Words that follow "via" / "by": the convoy itself rather than a route.
CONVOY_NOUNS = frozenset({"convoy", "convoys", "convoyed", "sea", "fleet", "fleets", "c", "boat",
                          "cvy", "conv"})

# Coast written inside brackets, after a slash, or (the two-letter forms) as a word of its own.
COASTS: dict[str, str] = {
    "nc": "NC", "n": "NC", "north": "NC", "northcoast": "NC", "ncoast": "NC", "nth": "NC",
    "sc": "SC", "s": "SC", "south": "SC", "southcoast": "SC", "scoast": "SC", "sth": "SC",
    "ec": "EC", "e": "EC", "east": "EC", "eastcoast": "EC", "ecoast": "EC",
}
BARE_COASTS = frozenset({"nc", "sc", "ec"})
COMPASS_COASTS = frozenset({"north", "south", "east"})

POWERS: dict[str, str] = {
    "austria": "AUSTRIA", "austrian": "AUSTRIA", "austriahungary": "AUSTRIA",
    "england": "ENGLAND", "english": "ENGLAND", "britain": "ENGLAND", "british": "ENGLAND",
    "france": "FRANCE", "french": "FRANCE",
    "germany": "GERMANY", "german": "GERMANY",
    "italy": "ITALY", "italian": "ITALY",
    "russia": "RUSSIA", "russian": "RUSSIA",
    "turkey": "TURKEY", "turkish": "TURKEY", "ottoman": "TURKEY",
}
# Short forms only taken before a colon ("ENG: F nth -> pic"): on their own they are provinces.
POWER_CODES: dict[str, str] = {
    "aus": "AUSTRIA", "a": "AUSTRIA", "eng": "ENGLAND", "e": "ENGLAND", "fra": "FRANCE",
    "f": "FRANCE", "ger": "GERMANY", "g": "GERMANY", "ita": "ITALY", "i": "ITALY",
    "rus": "RUSSIA", "r": "RUSSIA", "tur": "TURKEY", "t": "TURKEY",
}
POWER_NAMES: dict[str, str] = {
    "AUSTRIA": "Austria", "ENGLAND": "England", "FRANCE": "France", "GERMANY": "Germany",
    "ITALY": "Italy", "RUSSIA": "Russia", "TURKEY": "Turkey",
}
