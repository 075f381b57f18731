"""One power, one colour: the board call on `/` marks each power with the board map's colour
(the program's, tdapp/web/map_svg.py), as a TD noticed England blue on the call and pink on
the map."""

from __future__ import annotations

import re

from tdapp.web import map_svg
from tdapp.web.app import HERE


def test_the_board_call_and_the_map_colour_each_power_alike() -> None:
    css = (HERE / "static" / "page.css").read_text(encoding="utf-8")
    marked = {power.upper(): colour.lower() for power, colour in re.findall(
        r"\.p-([a-z]+) \{ border-left-color: (#[0-9a-fA-F]{3,6});", css)}

    def full(colour: str) -> str:
        return "#" + "".join(c * 2 for c in colour[1:]) if len(colour) == 4 else colour

    assert {p: full(c) for p, c in marked.items()} == {
        p: c.lower() for p, c in map_svg.POWER_COLOURS.items()}
