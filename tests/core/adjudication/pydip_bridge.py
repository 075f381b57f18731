"""Orders of a random phase (canonical text) as pydip commands, for the benchmark and the
cross-check. pydip has no order parser, so the conversion is done here, by name."""

from __future__ import annotations

from tests.core.adjudication.random_phases import RandomPhase

_PYDIP_NAMES = {
    "EAS": "Eastern Mediterranean Sea", "WES": "Western Mediterranean Sea",
    "STP": "St. Petersburg", "BUL/EC": "Bulgaria North Coast", "BUL/SC": "Bulgaria South Coast",
}


def pydip_name(m, loc: str, unit_type: str, names: set[str]) -> str:
    if loc in _PYDIP_NAMES:
        return _PYDIP_NAMES[loc]
    province = m.province_of(loc)
    base = _PYDIP_NAMES.get(province, m.provinces[province].name)
    if "/" in loc:
        coast = {"NC": "North Coast", "SC": "South Coast", "EC": "East Coast"}[loc.split("/")[1]]
        return f"{base} {coast}"
    if unit_type == "F" and f"{base} Coast" in names:
        return f"{base} Coast"
    return base


def pydip_commands(ph: RandomPhase, game_map):
    from pydip.player.command.command import (
        ConvoyMoveCommand,
        ConvoyTransportCommand,
        HoldCommand,
        MoveCommand,
        SupportCommand,
    )
    from pydip.player.player import Player
    from pydip.player.unit import UnitTypes

    from tdapp.core.board.standard_map import STANDARD_MAP as m

    names = set(game_map.name_map)
    kinds = {"A": UnitTypes.TROOP, "F": UnitTypes.FLEET}
    players, unit_at = {}, {}
    for power, units in ph.units.items():
        config = [
            {"territory_name": pydip_name(m, u.split()[1], u.split()[0], names),
             "unit_type": kinds[u.split()[0]]}
            for u in units
        ]
        player = Player(power, game_map, config)
        players[power] = player
        for written, unit in zip(units, player.units, strict=True):
            unit_at[m.province_of(written.split()[1])] = (player, unit, written.split()[0])

    def where(province: str, unit_type: str, loc: str | None = None) -> str:
        return pydip_name(m, loc or province, unit_type, names)

    moving_to = {
        m.province_of(text.split()[1]): text.split()[3]
        for orders in ph.orders.values() for text in orders if text.split()[2] == "-"
    }
    commands = []
    for _power, orders in ph.orders.items():
        for text in orders:
            w = text.split()
            player, unit, t = unit_at[m.province_of(w[1])]
            if w[2] == "H":
                commands.append(HoldCommand(player, unit))
            elif w[2] == "-":
                dest = w[3]
                if t == "A" and (w[-1] == "VIA" or not m.can_move("A", w[1], dest)):
                    commands.append(ConvoyMoveCommand(player, unit, where(dest, "A")))
                else:
                    commands.append(MoveCommand(player, unit, where(dest, t, dest)))
            elif w[2] == "S":
                _, s_unit, s_type = unit_at[m.province_of(w[4])]
                if len(w) == 5:
                    commands.append(SupportCommand(player, unit, s_unit, s_unit.position))
                else:
                    dest = m.province_of(w[6])
                    if s_type == "F":  # pydip wants the coast the supported fleet can enter
                        s_loc = w[4]
                        coasts = [d for d in m.adjacent_locations("F", s_loc)
                                  if m.province_of(d) == dest]
                        # a support written without a coast fits the coast the fleet goes to
                        going = moving_to.get(m.province_of(s_loc))
                        if going in coasts:
                            coasts = [going]
                        target = where(dest, "F", coasts[0]) if coasts else where(dest, "A")
                    else:
                        target = where(dest, "A")
                    commands.append(SupportCommand(player, unit, s_unit, target))
            elif w[2] == "C":
                _, army, _ = unit_at[w[4]]
                commands.append(ConvoyTransportCommand(player, unit, army, where(w[6], "A")))
    return commands


