"""Reading ../shared/datc/datc-v3.0.json: its order spelling translated to tdapp's order model."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from tdapp.core.adjudication import RuleOptions
from tdapp.core.adjudication import rules as R
from tdapp.core.board.position import Unit
from tdapp.core.orders.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
)

DATC_PATH = Path(
    os.environ.get(
        "TDAPP_DATC",
        Path(__file__).resolve().parents[3].parent / "shared/datc/datc-v3.0.json",
    )
)
POWER_CODES = {
    "AUS": "AUSTRIA", "ENG": "ENGLAND", "FRA": "FRANCE", "GER": "GERMANY",
    "ITA": "ITALY", "RUS": "RUSSIA", "TUR": "TURKEY",
}
_LOC = r"[a-z]{3}(?:\([a-z]{2}\))?"
_KEY = re.compile(r"^([A-Z]{3}): ([AF]) (" + _LOC + r")(?: (.*))?$")


def load_cases() -> list[dict]:
    with DATC_PATH.open(encoding="utf-8") as handle:
        return json.load(handle)["cases"]


def location(text: str) -> str:
    """``spa(nc)`` -> ``SPA/NC``."""
    text = text.strip()
    match = re.fullmatch(r"([a-z]{3})\(([a-z]{2})\)", text)
    return f"{match.group(1)}/{match.group(2)}".upper() if match else text.upper()


def split_key(key: str) -> tuple[str, str, str, str]:
    """``"ENG: F nth -> pic"`` -> (power, unit type, location, rest of the order)."""
    match = _KEY.match(key)
    if not match:
        raise ValueError(f"unreadable DATC order {key!r}")
    code, unit_type, loc, rest = match.groups()
    return POWER_CODES[code], unit_type, location(loc), (rest or "").strip()


def translate(key: str, phase: str) -> tuple[str, Order]:
    """One DATC order as (power, order)."""
    power, t, loc, rest = split_key(key)
    words = rest.split()
    low = [w.lower() for w in words]
    if phase == "Build":
        if low == ["build"]:
            return power, Build(t, loc)
        if low == ["disband"]:
            return power, Remove(t, loc)
    if phase == "Retreat":
        if low and low[0] == "->":
            return power, Retreat(t, loc, location(words[1]))
        if low in (["disband"], ["hold"]):
            return power, Disband(t, loc)
    if not low or low == ["hold"] or low == ["holds"]:
        return power, Hold(t, loc)
    if low[0] == "->":
        via = "via" in low
        return power, Move(t, loc, location(words[1]), via_convoy=via)
    if low[0] == "supports":
        st, sloc = words[1], location(words[2])
        if len(words) > 3 and words[3] == "->":
            return power, SupportMove(t, loc, st, sloc, location(words[4]))
        return power, SupportHold(t, loc, st, sloc)
    if low[0] == "convoys":
        # "convoys yor -> nwy" or "Convoys A yor -> nwy"
        args = [w for w in words[1:] if w not in ("A",)]
        return power, Convoy(t, loc, location(args[0]), location(args[2]))
    raise ValueError(f"unreadable DATC order {key!r}")


# The rule options each edition of the JSON names.
EDITIONS: dict[str | None, RuleOptions] = {
    None: RuleOptions(),
    "2023": RuleOptions(),
    "1982": RuleOptions(),  # same convoy-intent answers as 2023 in every case marked 1982
    "1971": RuleOptions(convoy_to_adjacent=R.ANY_CONVOY, civil_disorder=R.RULEBOOK_1971),
    "dptg": RuleOptions(convoy_to_adjacent=R.EXPLICIT),
}


def units_for(case_orders: dict, starting: list[str]) -> dict[str, Unit]:
    units: dict[str, Unit] = {}
    for text in starting:
        power, t, loc, _ = split_key(text)
        units[loc.split("/")[0]] = Unit(power, t, loc)
    for key in case_orders:
        power, t, loc, _ = split_key(key)
        units.setdefault(loc.split("/")[0], Unit(power, t, loc))
    return units
