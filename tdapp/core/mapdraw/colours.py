"""The board map's colours, as hex strings: one set for the program's map (Qt) and the players'
page's SVG. Okabe-Ito based (colour-blind safe) with the board's customary hues; Russia white."""

from __future__ import annotations

POWER_COLOURS: dict[str, str] = {
    "AUSTRIA": "#D55E00",
    "ENGLAND": "#CC79A7",
    "FRANCE": "#0072B2",
    "GERMANY": "#4D4D4D",
    "ITALY": "#009E73",
    "RUSSIA": "#FFFFFF",
    "TURKEY": "#F0E442",
}
UNKNOWN_POWER = "#9A9A9A"
LAND = "#EDE3C4"
SEA = "#BFD8EA"
NEUTRAL_LAND = "#D6CCB0"
IMPASSABLE = "#D9D9D9"
BORDER = "#6E6554"
COAST = "#3F5F78"
FAIL = "#D7191C"
INK = "#1E1E1E"
OWNER_SHARE = 0.42  # how much of the owner's colour a province takes
