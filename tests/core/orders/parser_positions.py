"""Positions shared by the parser tests."""

from __future__ import annotations

from tdapp.core.board.standard_map import STANDARD_MAP

START = {"units": {power: list(units) for power, units in STANDARD_MAP.starting_units.items()}}

# A position from the middle of a game, with units next to the usual slips (NWG/NWY, TYR/TYS,
# LVP/LVN) and on split coasts.
MID = {
    "units": {
        "ENGLAND": ["F NTH", "F NWG", "A YOR", "F LON", "A LVP", "F ENG"],
        "FRANCE": ["A BUR", "F MAO", "A PAR", "F POR", "A BEL"],
        "GERMANY": ["A MUN", "F HOL", "A KIE", "F DEN"],
        "ITALY": ["F TYS", "A TYR", "F ION", "A APU"],
        "RUSSIA": ["F STP/NC", "A LVN", "F SEV", "A WAR"],
        "TURKEY": ["F CON", "A BUL", "F BLA", "A ARM"],
        "AUSTRIA": ["A VIE", "A SER", "F GRE"],
    }
}

# A retreat phase: France's army in Burgundy was dislodged from Munich.
RETREATS = {
    "units": {
        "FRANCE": ["A PAR", "F BRE"],
        "GERMANY": ["A BUR", "A RUH"],
        "ENGLAND": ["F NTH"],
    },
    "dislodged": {
        "FRANCE": [{"unit": "A BUR", "attacker_from": "MUN"}],
        "ENGLAND": [{"unit": "F ENG", "attacker_from": "BRE"}],
    },
}

# A winter: Russia may build (St Petersburg and Moscow empty), Germany must remove.
WINTER = {
    "units": {
        "RUSSIA": ["A WAR", "F SEV"],
        "GERMANY": ["A MUN", "F KIE", "A BER", "A HOL", "A RUH"],
        "FRANCE": ["A PAR"],
    }
}

POSITIONS = {"start": START, "mid": MID, "retreats": RETREATS, "winter": WINTER}
