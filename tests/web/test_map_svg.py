"""The board's map as SVG (tdapp/web/map_svg.py): valid XML, every province one path, units
where the position puts them, orders as the GUI draws them, nothing a CSP or a hostile text
could turn against the page."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from tdapp.core.board.standard_map import STANDARD_MAP
from tdapp.core.mapdraw.geometry import load_geometry
from tdapp.core.mapdraw.plan import plan_board
from tdapp.core.powers import POWERS
from tdapp.web import map_svg
from tdapp.web.map_svg import LAND, OWNER_SHARE, POWER_COLOURS, board_svg, describe, mix
from tests.core.mapdraw.map_scenarios import busy_phase, retreat_phase, start_position
from tests.web.conftest import HOSTILE

GEO = load_geometry()
SVG = "{http://www.w3.org/2000/svg}"
NS = {"s": SVG[1:-1]}


def _svg(position, results=None, title="Board 1", **kw) -> ET.Element:
    plan = plan_board(position, results, GEO)
    return ET.fromstring(board_svg(plan, title, describe(plan), **kw))


def _floats(text: str) -> list[float]:
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", text)]


def test_the_map_is_valid_svg_with_one_path_per_province():
    root = _svg(start_position())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 1000 850" and root.get("role") == "img"
    provinces = [p.get("data-province") for p in root.iter(SVG + "path")
                 if p.get("data-province")]
    assert sorted(provinces) == sorted(GEO.provinces) and len(provinces) == 76
    title = root.find("s:title", NS)
    assert title is not None and title.text == "Board 1"
    assert root.get("aria-labelledby") == title.get("id")


def test_provinces_take_their_owners_colour_and_every_centre_is_drawn():
    root = _svg(start_position())
    fills = {p.get("data-province"): p.get("fill") for p in root.iter(SVG + "path")
             if p.get("data-province")}
    assert fills["PAR"] == mix(LAND, POWER_COLOURS["FRANCE"], OWNER_SHARE)
    assert fills["VIE"] == mix(LAND, POWER_COLOURS["AUSTRIA"], OWNER_SHARE)
    assert fills["BUR"] == LAND  # nobody's centre
    assert fills["NTH"] == map_svg.SEA_COLOUR
    centres = [c for c in root.iter(SVG + "circle")
               if (float(c.get("cx")), float(c.get("cy"))) in
               {(round(GEO.provinces[a].sc[0], 1), round(GEO.provinces[a].sc[1], 1))
                for a in STANDARD_MAP.supply_centers}]
    assert len(centres) == 34
    paris = next(c for c in centres if math.dist(
        (float(c.get("cx")), float(c.get("cy"))), GEO.provinces["PAR"].sc) < 0.1)
    assert paris.get("fill") == POWER_COLOURS["FRANCE"]


def test_units_stand_where_the_position_puts_them():
    root = _svg(start_position())
    units = {g.get("data-unit"): g for g in root.iter(SVG + "g") if g.get("data-unit")}
    expected = {u for units in STANDARD_MAP.starting_units.values() for u in units}
    assert set(units) == expected and len(units) == 22
    army = units["A PAR"]
    disc = army.find("s:circle", NS)
    assert disc is not None and army.get("data-power") == "FRANCE"
    assert (float(disc.get("cx")), float(disc.get("cy"))) == pytest.approx(
        GEO.provinces["PAR"].unit, abs=0.06)
    assert army.find("s:text", NS).text == "A"
    fleet = units["F STP/SC"]  # a hull, on its own coast
    hull = _floats(fleet.find("s:polygon", NS).get("points"))
    centre = (sum(hull[0::2]) / 4, sum(hull[1::2]) / 4)
    assert math.dist(centre, GEO.location_point("STP/SC")) < 3
    assert fleet.find("s:text", NS).text == "F"


def test_orders_are_drawn_and_failures_marked():
    doc, out = busy_phase()
    root = _svg(doc, out["results"])
    groups = {g.find("s:title", NS).text: g for g in root.iter(SVG + "g")
              if g.get("data-order")}
    move = groups["A YOR - NWY (succeeded)"]
    assert move.get("data-order") == "move" and move.get("opacity") is None
    shaft = move.findall("s:line", NS)[-1]
    assert shaft.get("stroke") == POWER_COLOURS["ENGLAND"]
    tip = _floats(move.find("s:polygon", NS).get("points"))[:2]
    nwy = GEO.provinces["NWY"].unit
    assert math.dist(tip, nwy) < math.dist(GEO.provinces["YOR"].unit, nwy) * 0.2  # points there
    bounce = groups["F LON - ENG (failed)"]
    assert bounce.get("opacity") == "0.6"
    failed = {g.get("data-failed") for g in root.iter(SVG + "g") if g.get("data-failed")}
    assert {"F LON - ENG", "A MAR S A PAR - BUR"} <= failed
    cut = groups["A MAR S A PAR - BUR (failed)"]
    assert cut.get("data-order") == "support move"
    assert cut.findall("s:line", NS)[-1].get("stroke-dasharray")  # dashed
    convoy = groups["F NTH C A YOR - NWY (succeeded)"]
    assert convoy.get("data-order") == "convoy"
    assert convoy.findall("s:line", NS)[-1].get("stroke-dasharray").startswith("0 ")  # dotted
    dislodged = next(g for g in root.iter(SVG + "g")
                     if g.get("data-unit") == "A BUL" and g.get("data-power") == "TURKEY")
    assert dislodged.find("s:circle", NS).get("stroke") == map_svg.FAIL


def test_a_retreat_phase_shows_the_dislodged_unit_and_where_it_may_go():
    position, _out = retreat_phase()
    root = _svg(position)
    unit = next(g for g in root.iter(SVG + "g")
                if g.get("data-unit") == "A BUL" and g.get("data-power") == "TURKEY")
    assert unit.find("s:title", NS).text == "Turkey army in BUL dislodged"
    assert unit.find("s:circle", NS).get("stroke-dasharray")
    rings = {(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(SVG + "circle")
             if c.get("fill") == "none"}
    for place in ("CON", "RUM"):  # its legal retreats, ringed
        assert any(math.dist(r, GEO.provinces[place].unit) < 0.1 for r in rings), place


def test_the_legend_names_every_power_not_only_its_colour():
    root = _svg(start_position(), legend="Board 1 · Spring 1901 movement")
    texts = {t.text for t in root.iter(SVG + "text")}
    assert {p.title() for p in POWERS} <= texts
    assert {"move", "support", "convoy", "retreat", "failed (faded)"} <= texts
    assert describe(plan_board(start_position(), None, GEO)).startswith(
        "Austria 3 centres, 3 units; England 3 centres, 3 units")


def test_nothing_a_csp_drops_or_a_script_could_use():
    doc, out = busy_phase()
    text = board_svg(plan_board(doc, out["results"], GEO), "Board", legend=HOSTILE)
    assert " style=" not in text and "<style" not in text
    assert "<script" not in text and not re.findall(r"<[^>]*\son\w+=", text)  # no handler
    assert "href" not in text.replace('fill="url(#m-', "")  # no link out of the picture


def test_hostile_text_is_text():
    results = [{"power": "FRANCE", "normalized": "", "order": HOSTILE, "tags": ["void"]},
               {"power": "FRANCE", "normalized": "A PAR H", "order": "A PAR H <b>", "tags": []}]
    plan = plan_board(start_position(), results, GEO)
    text = board_svg(plan, HOSTILE, HOSTILE, legend=HOSTILE)
    assert HOSTILE not in text and "&lt;img src=x onerror=alert(1)&gt;" in text
    root = ET.fromstring(text)
    assert root.find("s:title", NS).text == HOSTILE
    assert root.find("s:desc", NS).text == HOSTILE
    assert not [e for e in root.iter() if e.tag.endswith("img")]


def test_the_gui_map_and_the_page_use_the_same_colours():
    pytest.importorskip("PySide6")
    from PySide6.QtGui import QColor

    from tdapp.gui.game import map_view
    assert map_svg.POWER_COLOURS == map_view.POWER_COLOURS
    assert map_svg.UNKNOWN_POWER == map_view.UNKNOWN_POWER
    for name in ("LAND", "NEUTRAL_LAND", "IMPASSABLE_COLOUR", "BORDER", "COAST", "FAIL", "INK"):
        assert QColor(getattr(map_svg, name)) == getattr(map_view, name), name
    assert QColor(map_svg.SEA_COLOUR) == map_view.SEA_COLOUR
    for power, colour in POWER_COLOURS.items():
        qt = map_view._mix(map_view.LAND, QColor(colour), OWNER_SHARE)
        ours = QColor(mix(LAND, colour, OWNER_SHARE))
        assert abs(qt.red() - ours.red()) <= 1 and abs(qt.blue() - ours.blue()) <= 1, power
        assert QColor(map_svg.text_colour_on(colour)) == map_view.text_colour_on(QColor(colour))
