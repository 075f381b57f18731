"""The board's map as SVG for the players' page: written on the server from the core's plan
(``tdapp.core.mapdraw``), no script in it.

It draws what the GUI's map draws (``gui/game/map_view.py``), in its colours and with its marks:
provinces filled in their owner's colour, supply centres, armies (discs) and fleets (hulls),
moves as solid arrows, supports dashed, convoys dotted, retreats dash-dot, holds an octagon;
a failed order is faded and carries a red cross, a dislodged unit a broken red outline, so
colour is never the only sign. Every look is a presentation attribute (``fill=``,
``stroke=``...), never a ``style`` attribute or element: the page's Content-Security-Policy
(``style-src 'self'``) would drop those from an inline SVG.

Every text written here (titles, order texts typed at a board) is escaped: the SVG is put into
the page as it is.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from tdapp.core.board.standard_map import IMPASSABLE, SEA, STANDARD_MAP
from tdapp.core.mapdraw import colours
from tdapp.core.mapdraw.geometry import MapGeometry, Point, Ring, load_geometry
from tdapp.core.mapdraw.plan import (
    BUILD,
    CONVOY,
    DISBAND,
    HOLD,
    MOVE,
    REMOVE,
    RETREAT,
    SUPPORT_HOLD,
    SUPPORT_MOVE,
    BoardPlan,
    OrderMark,
    UnitMark,
    centre_counts,
)
from tdapp.core.powers import POWERS
from tdapp.web.i18n import _, power_name
from tdapp.web.words import N_

# The map's colours, shared with the program's map (core/mapdraw/colours.py).
POWER_COLOURS = colours.POWER_COLOURS
UNKNOWN_POWER = colours.UNKNOWN_POWER
LAND = colours.LAND
SEA_COLOUR = colours.SEA
NEUTRAL_LAND = colours.NEUTRAL_LAND
IMPASSABLE_COLOUR = colours.IMPASSABLE
BORDER = colours.BORDER
COAST = colours.COAST
FAIL = colours.FAIL
INK = colours.INK
SEA_LABEL = "#3D6485"
LAND_LABEL = "#4A4234"
OWNER_SHARE = colours.OWNER_SHARE

# Its words (the page's catalogue): tooltips, the legend and the map in words.
OWNED = N_("%(province)s (%(power)s)")
ORDER_FAILED = N_("%(order)s (failed)")
ORDER_SUCCEEDED = N_("%(order)s (succeeded)")
UNIT_WORDS = {
    (True, ""): N_("%(power)s army in %(place)s"),
    (True, "dislodged"): N_("%(power)s army in %(place)s dislodged"),
    (True, "removed"): N_("%(power)s army in %(place)s removed"),
    (True, "built"): N_("%(power)s army in %(place)s built"),
    (False, ""): N_("%(power)s fleet in %(place)s"),
    (False, "dislodged"): N_("%(power)s fleet in %(place)s dislodged"),
    (False, "removed"): N_("%(power)s fleet in %(place)s removed"),
    (False, "built"): N_("%(power)s fleet in %(place)s built"),
}
POWER_COUNTS = N_("%(power)s %(centres)s centres, %(units)s units")

UNIT_RADIUS = 8.5
MARKS = 1.4  # marks and letters: a phone shows the map small (the GUI's small-map growth)
FONT = "system-ui, sans-serif"
LEGEND_BOX = (6.0, 6.0, 186.0, 262.0)


def power_colour(power: str) -> str:
    return POWER_COLOURS.get(power, UNKNOWN_POWER)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def mix(a: str, b: str, amount: float) -> str:
    """``a`` moved ``amount`` of the way towards ``b`` (the GUI's province fill)."""
    ra, rb = _rgb(a), _rgb(b)
    return "#" + "".join(f"{round(x + (y - x) * amount):02X}" for x, y in zip(ra, rb, strict=True))


def text_colour_on(colour: str) -> str:
    """Dark letters on a light fill, white on a dark one (HSL lightness, as Qt's)."""
    channels = _rgb(colour)
    lightness = (max(channels) + min(channels)) / 2 / 255
    return INK if lightness > 0.55 else "#FFFFFF"


def _n(value: float) -> str:
    """A coordinate, short: one decimal, no trailing zero."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _pt(point: Point) -> str:
    return f"{_n(point[0])},{_n(point[1])}"


def _rings_d(rings: Iterable[Ring]) -> str:
    return "".join("M" + " ".join(_pt(p) for p in ring) + "Z" for ring in rings if ring)


def _attrs(**values: object) -> str:
    """XML attributes from keywords (``stroke_width`` -> ``stroke-width``); None left out."""
    return "".join(f" {key.rstrip('_').replace('_', '-')}={quoteattr(str(value))}"
                   for key, value in values.items() if value is not None)


def _tag(name: str, **values: object) -> str:
    return f"<{name}{_attrs(**values)}/>"


@dataclass(frozen=True)
class _Board:
    """What does not change from phase to phase: province outlines and the coastline."""

    provinces: dict[str, str]  # abbr -> path data
    neutral: str
    coastline: str


def _coast_runs(geometry: MapGeometry) -> str:
    """Every edge with sea on one side and land on the other, as runs along the land's rings
    (consecutive edges joined into one polyline: a tenth of the bytes of loose segments)."""
    sides: dict[tuple[Point, Point], set[bool]] = {}
    rings: list[tuple[bool, Ring]] = []
    for abbr, shape in geometry.provinces.items():
        info = STANDARD_MAP.provinces.get(abbr)
        rings += [(info is not None and info.type == SEA, ring) for ring in shape.rings]
    rings += [(False, ring) for ring in geometry.neutral_land]
    for is_sea, ring in rings:
        for i, a in enumerate(ring):
            b = ring[(i + 1) % len(ring)]
            sides.setdefault((min(a, b), max(a, b)), set()).add(is_sea)
    coast = {edge for edge, kinds in sides.items() if kinds == {True, False}}
    runs: list[list[Point]] = []
    for is_sea, ring in rings:
        if is_sea:
            continue
        run: list[Point] = []
        for i, a in enumerate(ring):
            b = ring[(i + 1) % len(ring)]
            if (min(a, b), max(a, b)) in coast:
                if not run:
                    run = [a]
                run.append(b)
            elif run:
                runs.append(run)
                run = []
        if run:
            runs.append(run)
    return "".join("M" + " ".join(_pt(p) for p in run) for run in runs)


_BOARDS: dict[int, tuple[MapGeometry, _Board]] = {}  # by id: a geometry holds dicts


def _board(geometry: MapGeometry) -> _Board:
    """The outlines of ``geometry``, written once per process (they never change)."""
    kept = _BOARDS.get(id(geometry))
    if kept is None or kept[0] is not geometry:
        kept = (geometry, _Board(
            provinces={abbr: _rings_d(shape.rings) for abbr, shape in geometry.provinces.items()},
            neutral=_rings_d(geometry.neutral_land),
            coastline=_coast_runs(geometry)))
        _BOARDS[id(geometry)] = kept
    return kept[1]


class _Writer:
    """One plan written as SVG elements, in the GUI's painting order."""

    def __init__(self, geometry: MapGeometry, plan: BoardPlan) -> None:
        self.geo = geometry
        self.plan = plan
        self.out: list[str] = []
        self.occupied = {u.point for u in plan.units if not u.dislodged}

    # -- board ------------------------------------------------------------------------------

    def board(self) -> None:
        shapes = _board(self.geo)
        self.out.append(_tag("rect", x=0, y=0, width=_n(self.geo.width),
                             height=_n(self.geo.height), fill=SEA_COLOUR))
        self.out.append(_tag("path", d=shapes.neutral, fill=NEUTRAL_LAND, stroke=BORDER,
                             stroke_width="0.6"))
        overlays: list[str] = []
        self.out.append(f'<g{_attrs(stroke=BORDER, stroke_width="0.7", fill_rule="evenodd")}>')
        for abbr, d in shapes.provinces.items():
            info = STANDARD_MAP.provinces.get(abbr)
            kind = info.type if info else SEA
            owner = self.plan.centres.get(abbr)
            if kind == SEA:
                fill = SEA_COLOUR
            elif kind == IMPASSABLE:
                fill = IMPASSABLE_COLOUR
                overlays.append(_tag("path", d=d, fill="url(#m-cross)", stroke="none"))
            else:
                fill = mix(LAND, power_colour(owner), OWNER_SHARE) if owner else LAND
            if abbr in self.plan.contested:
                overlays.append(_tag("path", d=d, fill="url(#m-hatch)", stroke="none"))
            # the catalogue holds the map's province names (catalogue.map_messages)
            name = _(info.name) if info else abbr
            if owner and kind != SEA:
                name = _(OWNED) % {"province": name, "power": power_name(owner)}
            self.out.append(f"<path{_attrs(d=d, fill=fill)} data-province={quoteattr(abbr)}>"
                            f"<title>{escape(name)}</title></path>")
        self.out.append("</g>")
        self.out.extend(overlays)
        self.out.append(_tag("path", d=shapes.coastline, fill="none", stroke=COAST,
                             stroke_width="1.4", stroke_linecap="round",
                             stroke_linejoin="round"))
        self.labels()
        self.centres()

    def labels(self) -> None:
        self.out.append(f'<g{_attrs(font_family=FONT, font_size=_n(8 * MARKS * 0.8), font_weight="bold", text_anchor="middle")}>')  # noqa: E501
        for abbr, shape in self.geo.provinces.items():
            info = STANDARD_MAP.provinces.get(abbr)
            colour = SEA_LABEL if info is not None and info.type == SEA else LAND_LABEL
            self.out.append(f"<text{_attrs(x=_n(shape.label[0]), y=_n(shape.label[1]), dy='0.35em', fill=colour)}>{escape(abbr)}</text>")  # noqa: E501
        self.out.append("</g>")

    def centres(self) -> None:
        radius = 3.6 * MARKS
        for abbr in STANDARD_MAP.supply_centers:
            shape = self.geo.provinces.get(abbr)
            if shape is None:
                continue
            owner = self.plan.centres.get(abbr)
            x, y = _n(shape.sc[0]), _n(shape.sc[1])
            if owner:
                self.out.append(_tag("circle", cx=x, cy=y, r=_n(radius),
                                     fill=power_colour(owner), stroke=INK, stroke_width="1"))
            else:  # unowned: a smaller dark dot in a white ring
                self.out.append(_tag("circle", cx=x, cy=y, r=_n(radius * 0.62), fill=INK,
                                     stroke="#FFFFFF", stroke_width="1.2"))

    # -- marks ------------------------------------------------------------------------------

    def marks(self) -> None:
        for start, end in self.plan.retreat_hints:  # where a dislodged unit may go
            width = 1.5 * MARKS
            self.out.append(_tag("line", x1=_n(start[0]), y1=_n(start[1]), x2=_n(end[0]),
                                 y2=_n(end[1]), stroke=INK, stroke_opacity="0.8",
                                 stroke_width=_n(width), stroke_dasharray=_dots(width),
                                 stroke_linecap="round"))
            self.out.append(_tag("circle", cx=_n(end[0]), cy=_n(end[1]), r=_n(4 * MARKS),
                                 fill="none", stroke=INK, stroke_width=_n(width)))
        for order in self.plan.orders:
            if order.kind in (SUPPORT_HOLD, SUPPORT_MOVE, CONVOY):
                self.support_or_convoy(order)
        for order in self.plan.orders:
            if order.kind in (MOVE, RETREAT):
                self.arrow(order)
        for unit in self.plan.units:
            self.unit(unit)
        for order in self.plan.orders:
            if order.kind == HOLD:
                self.hold(order)
            elif order.kind in (DISBAND, REMOVE, BUILD):
                self.adjustment(order)
        for order in self.plan.orders:
            if order.failed:
                self.failure(order)

    def _open(self, order: OrderMark) -> None:
        """A group per order: its text as a tooltip, faded when it failed."""
        words = _(ORDER_FAILED if order.failed else ORDER_SUCCEEDED) % {"order": order.text}
        self.out.append(f"<g{_attrs(opacity='0.6' if order.failed else None)}"
                        f"{_attrs(data_order=order.kind, data_power=order.power)}"
                        f"><title>{escape(words)}</title>")

    def arrow(self, order: OrderMark) -> None:
        if order.end is None:
            return
        (sx, sy), (ex, ey) = order.start, order.end
        length = math.hypot(ex - sx, ey - sy)
        if length < 1:
            return
        ux, uy = (ex - sx) / length, (ey - sy) / length
        if any(o is not order and o.kind == order.kind and o.start == order.end
               and o.end == order.start for o in self.plan.orders):  # head to head: both seen
            sx, sy, ex, ey = sx - uy * 3, sy + ux * 3, ex - uy * 3, ey + ux * 3
        lead = UNIT_RADIUS * MARKS * 0.9
        tail = lead + 2 if order.end in self.occupied else 3
        ax, ay = sx + ux * lead, sy + uy * lead
        bx, by = ex - ux * tail, ey - uy * tail
        head = 8.0 * MARKS
        shaft = (bx - ux * head * 0.8, by - uy * head * 0.8)
        width = (2.6 if order.kind == MOVE else 2.2) * MARKS
        dash = _dash_dot(width) if order.kind == RETREAT else None
        line = {"x1": _n(ax), "y1": _n(ay), "x2": _n(shaft[0]), "y2": _n(shaft[1])}
        self._open(order)
        self.out.append(_tag("line", **line, stroke=INK, stroke_opacity="0.8",
                             stroke_width=_n(width + 2 * MARKS), stroke_linecap="round"))
        self.out.append(_tag("line", **line, stroke=power_colour(order.power),
                             stroke_width=_n(width), stroke_dasharray=dash,
                             stroke_linecap="round"))
        tip = [(bx, by),
               (bx - ux * head - uy * head * 0.55, by - uy * head + ux * head * 0.55),
               (bx - ux * head + uy * head * 0.55, by - uy * head - ux * head * 0.55)]
        self.out.append(_tag("polygon", points=" ".join(_pt(p) for p in tip),
                             fill=power_colour(order.power), stroke=INK, stroke_width="1"))
        self.out.append("</g>")

    def support_or_convoy(self, order: OrderMark) -> None:
        towards = order.end if order.kind == SUPPORT_HOLD else order.target_midpoint()
        if towards is None:
            return
        (sx, sy), (tx, ty) = order.start, towards
        length = math.hypot(tx - sx, ty - sy)
        if length < 1:
            return
        ux, uy = (tx - sx) / length, (ty - sy) / length
        ring = (UNIT_RADIUS + 4.5) * MARKS if order.kind == SUPPORT_HOLD else 0.0
        lead = UNIT_RADIUS * MARKS * 0.9
        ax, ay = sx + ux * lead, sy + uy * lead
        bx, by = tx - ux * ring, ty - uy * ring
        width = (2.3 if order.kind == CONVOY else 1.8) * MARKS
        dash = _dots(width) if order.kind == CONVOY else _dashes(width)
        colour = power_colour(order.power)
        line = {"x1": _n(ax), "y1": _n(ay), "x2": _n(bx), "y2": _n(by)}
        self._open(order)
        self.out.append(_tag("line", **line, stroke="#FFFFFF", stroke_opacity="0.67",
                             stroke_width=_n(width + 2 * MARKS), stroke_linecap="round"))
        self.out.append(_tag("line", **line, stroke=colour, stroke_width=_n(width),
                             stroke_dasharray=dash, stroke_linecap="round"))
        if order.kind == SUPPORT_HOLD:  # a dashed ring round the supported unit
            circle = {"cx": _n(tx), "cy": _n(ty), "r": _n(ring), "fill": "none"}
            self.out.append(_tag("circle", **circle, stroke=INK, stroke_opacity="0.8",
                                 stroke_width=_n(1.8 * MARKS + 2 * MARKS)))
            self.out.append(_tag("circle", **circle, stroke=colour,
                                 stroke_width=_n(1.8 * MARKS), stroke_dasharray=_dashes(1.8)))
        elif order.kind == CONVOY:  # a dotted ring marks the convoying fleet; a diamond the path
            circle = {"cx": _n(sx), "cy": _n(sy), "r": _n((UNIT_RADIUS + 4.0) * MARKS),
                      "fill": "none"}
            self.out.append(_tag("circle", **circle, stroke="#FFFFFF", stroke_opacity="0.67",
                                 stroke_width=_n(width + 2 * MARKS)))
            self.out.append(_tag("circle", **circle, stroke=colour, stroke_width=_n(width),
                                 stroke_dasharray=dash, stroke_linecap="round"))
            d = 4.4 * MARKS
            diamond = [(bx, by - d), (bx + d, by), (bx, by + d), (bx - d, by)]
            self.out.append(_tag("polygon", points=" ".join(_pt(p) for p in diamond),
                                 fill=colour, stroke=INK, stroke_width="1"))
        else:  # a supported move: a dot in the middle of the move
            self.out.append(_tag("circle", cx=_n(bx), cy=_n(by), r=_n(2.8 * MARKS), fill=colour,
                                 stroke=INK, stroke_width="1"))
        self.out.append("</g>")

    def unit(self, unit: UnitMark) -> None:
        radius = UNIT_RADIUS * MARKS * (0.85 if unit.dislodged else 1.0)
        x, y = unit.point
        colour = power_colour(unit.power)
        outline: dict[str, Any] = {"stroke": FAIL if unit.dislodged else INK,
                                   "stroke_width": "1.6" if unit.dislodged else "1.1",
                                   "stroke_dasharray": "4 2" if unit.dislodged or unit.built
                                   else None}
        state = "dislodged" if unit.dislodged else "removed" if unit.removed else \
            "built" if unit.built else ""
        words = _(UNIT_WORDS[unit.unit_type == "A", state]) % {
            "power": power_name(unit.power), "place": unit.location}
        self.out.append(f"<g{_attrs(opacity='0.45' if unit.removed else None)}"
                        f"{_attrs(data_unit=f'{unit.unit_type} {unit.location}', data_power=unit.power)}"  # noqa: E501
                        f"><title>{escape(words)}</title>")
        if unit.unit_type == "F":  # a hull: flat deck, narrow keel
            r = radius
            hull = [(x - r * 1.15, y - r * 0.55), (x + r * 1.15, y - r * 0.55),
                    (x + r * 0.7, y + r * 0.75), (x - r * 0.7, y + r * 0.75)]
            self.out.append(_tag("polygon", points=" ".join(_pt(p) for p in hull), fill=colour,
                                 **outline))
        else:
            self.out.append(_tag("circle", cx=_n(x), cy=_n(y), r=_n(radius), fill=colour,
                                 **outline))
        letter_y = y - radius * 0.05 if unit.unit_type == "F" else y
        self.out.append(f"<text{_attrs(x=_n(x), y=_n(letter_y), dy='0.35em', text_anchor='middle', font_family=FONT, font_size=_n(radius * 1.25), font_weight='bold', fill=text_colour_on(colour))}>{unit.unit_type}</text></g>")  # noqa: E501

    def hold(self, order: OrderMark) -> None:
        radius = (UNIT_RADIUS + 3.2) * MARKS
        x, y = order.start
        octagon = " ".join(_pt((x + radius * math.cos(math.pi / 8 + k * math.pi / 4),
                                y + radius * math.sin(math.pi / 8 + k * math.pi / 4)))
                           for k in range(8))
        self._open(order)
        self.out.append(_tag("polygon", points=octagon, fill="none", stroke=INK,
                             stroke_opacity="0.8", stroke_width=_n(1.8 * MARKS + 2 * MARKS)))
        self.out.append(_tag("polygon", points=octagon, fill="none",
                             stroke=power_colour(order.power), stroke_width=_n(1.8 * MARKS)))
        self.out.append("</g>")

    def adjustment(self, order: OrderMark) -> None:
        x, y = order.start
        r = UNIT_RADIUS * MARKS
        self._open(order)
        if order.kind == BUILD:  # a "+" badge on the new unit
            bx, by = x + r * 0.95, y - r * 0.95
            self.out.append(_tag("circle", cx=_n(bx), cy=_n(by), r=_n(r * 0.5), fill="#FFFFFF",
                                 stroke=INK, stroke_width="1"))
            self.out.append(_tag("path", d=f"M{_pt((bx - r * 0.3, by))}H{_n(bx + r * 0.3)}"
                                           f"M{_pt((bx, by - r * 0.3))}V{_n(by + r * 0.3)}",
                                 stroke=INK, stroke_width="1.5"))
        else:  # disbanded or removed: struck through
            d = f"M{_pt((x - r * 1.1, y + r * 1.1))}L{_pt((x + r * 1.1, y - r * 1.1))}"
            for width, colour in ((4.0, "#FFFFFF"), (2.2, INK)):
                self.out.append(_tag("path", d=d, stroke=colour, stroke_width=_n(width * MARKS),
                                     stroke_linecap="round"))
        self.out.append("</g>")

    def _failure_point(self, order: OrderMark) -> Point:
        (sx, sy), r = order.start, UNIT_RADIUS * MARKS
        if order.kind in (MOVE, RETREAT) and order.end is not None:
            ex, ey = order.end
            length = math.hypot(ex - sx, ey - sy) or 1.0
            back = min(r + 12 if order.end in self.occupied else 12, length * 0.5)
            return (ex - (ex - sx) / length * back, ey - (ey - sy) / length * back)
        mid = order.target_midpoint()
        if order.kind in (SUPPORT_MOVE, CONVOY) and mid is not None:
            return ((sx + mid[0]) / 2, (sy + mid[1]) / 2)
        if order.kind == SUPPORT_HOLD and order.end is not None:
            return ((sx + order.end[0]) / 2, (sy + order.end[1]) / 2)
        if order.aside_from is not None:  # beyond the set-aside unit, clear of the attack
            dx, dy = sx - order.aside_from[0], sy - order.aside_from[1]
            length = math.hypot(dx, dy) or 1.0
            return (sx + dx / length * (r + 4), sy + dy / length * (r + 4))
        return (sx - r, sy - r)

    def failure(self, order: OrderMark) -> None:
        x, y = self._failure_point(order)
        d = 4.2 * MARKS
        cross = f"M{_pt((x - d, y - d))}L{_pt((x + d, y + d))}M{_pt((x - d, y + d))}L{_pt((x + d, y - d))}"  # noqa: E501
        self.out.append(f"<g{_attrs(data_failed=order.text)}>")
        for width, colour in ((4.6, "#FFFFFF"), (2.4, FAIL)):
            self.out.append(_tag("path", d=cross, stroke=colour, stroke_width=_n(width * MARKS),
                                 stroke_linecap="round"))
        self.out.append("</g>")

    # -- legend (the map alone: on the page, the legend is the page's own table) ------------

    def legend(self, title: str) -> None:
        x, y, w, h = LEGEND_BOX
        self.out.append(f'<g{_attrs(font_family=FONT, font_size="10", fill=INK)}>')
        self.out.append(_tag("rect", x=_n(x), y=_n(y), width=_n(w), height=_n(h), rx="5",
                             fill="#FFFFFF", fill_opacity="0.85", stroke=BORDER,
                             stroke_width="0.8"))
        squeeze = _n(w - 16) if len(title) > 28 else None  # a long heading is fitted
        self.out.append(f"<text{_attrs(x=_n(x + 8), y=_n(y + 18), font_size='11', font_weight='bold', textLength=squeeze, lengthAdjust='spacingAndGlyphs' if squeeze else None)}>{escape(title)}</text>")  # noqa: E501
        counts = power_counts(self.plan)
        row = y + 32
        self.out.append(f"<text{_attrs(x=_n(x + 176), y=_n(row), text_anchor='end')}>{escape(_('centres  units'))}</text>")  # noqa: E501
        row += 13
        for power in POWERS:
            self.out.append(_tag("circle", cx=_n(x + 15), cy=_n(row - 3.5), r="5.2",
                                 fill=power_colour(power), stroke=INK, stroke_width="0.9"))
            self.out.append(f"<text{_attrs(x=_n(x + 25), y=_n(row))}>{escape(power_name(power))}</text>")  # noqa: E501
            self.out.append(f"<text{_attrs(x=_n(x + 136), y=_n(row), text_anchor='end')}>{counts[power][0]}</text>")  # noqa: E501
            self.out.append(f"<text{_attrs(x=_n(x + 176), y=_n(row), text_anchor='end')}>{counts[power][1]}</text>")  # noqa: E501
            row += 15
        row += 6
        for name, dash in ((_("move"), None), (_("support"), _dashes(1.8)),
                           (_("convoy"), _dots(1.8)), (_("retreat"), _dash_dot(1.8))):
            self.out.append(_tag("line", x1=_n(x + 10), y1=_n(row - 3.5), x2=_n(x + 40),
                                 y2=_n(row - 3.5), stroke=INK, stroke_width="1.8",
                                 stroke_dasharray=dash, stroke_linecap="round"))
            self.out.append(f"<text{_attrs(x=_n(x + 48), y=_n(row))}>{escape(name)}</text>")  # noqa: E501
            row += 14
        cx, cy = x + 25, row - 3.5
        self.out.append(_tag("path", d=f"M{_pt((cx - 4, cy - 4))}L{_pt((cx + 4, cy + 4))}"
                                       f"M{_pt((cx - 4, cy + 4))}L{_pt((cx + 4, cy - 4))}",
                             stroke=FAIL, stroke_width="2.2"))
        self.out.append(f"<text{_attrs(x=_n(x + 48), y=_n(row))}>{escape(_('failed (faded)'))}</text>")  # noqa: E501
        row += 15
        self.out.append(_tag("circle", cx=_n(cx), cy=_n(row - 3.5), r="5", fill="none",
                             stroke=FAIL, stroke_width="1.5", stroke_dasharray="3 2"))
        self.out.append(f"<text{_attrs(x=_n(x + 48), y=_n(row))}>{escape(_('dislodged (set aside)'))}</text>")  # noqa: E501
        self.out.append("</g>")


def _dashes(width: float) -> str:
    return f"{_n(width * 3)} {_n(width * 2)}"


def _dots(width: float) -> str:
    return f"0 {_n(width * 2)}"  # round caps make each zero-length dash a dot


def _dash_dot(width: float) -> str:
    return f"{_n(width * 3)} {_n(width * 2)} 0 {_n(width * 2)}"


DEFS = ('<defs><pattern id="m-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><path d="M0,0V6" stroke="#783C14" stroke-opacity="0.35" '
        'stroke-width="1.5"/></pattern>'
        '<pattern id="m-cross" width="6" height="6" patternUnits="userSpaceOnUse">'
        '<path d="M0,0L6,6M6,0L0,6" stroke="#6F6F6F" stroke-width="0.8"/></pattern></defs>')


def board_svg(plan: BoardPlan, title: str, description: str = "", *, legend: str | None = None,
              geometry: MapGeometry | None = None, id_prefix: str = "map") -> str:
    """The map of ``plan`` as one ``<svg>`` element (valid XML, with its namespace, so it also
    stands alone as an image). ``title`` names it for screen readers (``<title>``); ``legend``,
    when given, heads a legend drawn on the map's Atlantic (powers named, marks explained)."""
    geo = geometry or load_geometry()
    writer = _Writer(geo, plan)
    writer.board()
    writer.marks()
    if legend is not None:
        writer.legend(legend)
    label = f"{id_prefix}-title"
    described = f"{id_prefix}-desc" if description else None
    head = (f'<svg xmlns="http://www.w3.org/2000/svg"'
            f'{_attrs(viewBox=f"0 0 {_n(geo.width)} {_n(geo.height)}", width=_n(geo.width), height=_n(geo.height), role="img", aria_labelledby=label, aria_describedby=described, class_="map")}>'  # noqa: E501
            f"<title{_attrs(id=label)}>{escape(title)}</title>")
    if description:
        head += f"<desc{_attrs(id=described)}>{escape(description)}</desc>"
    return head + DEFS + "".join(writer.out) + "</svg>"


def power_counts(plan: BoardPlan) -> dict[str, tuple[int, int]]:
    """Centres and units (builds of this phase not yet counted) for each power."""
    counts = centre_counts(plan.centres)
    units: dict[str, int] = {}
    for unit in plan.units:
        if not unit.built:
            units[unit.power] = units.get(unit.power, 0) + 1
    return {p: (counts.get(p, 0), units.get(p, 0)) for p in POWERS}


def describe(plan: BoardPlan) -> str:
    """The map in words, for a screen reader: centres and units per power."""
    return "; ".join(_(POWER_COUNTS) % {"power": power_name(p), "centres": c, "units": u}
                     for p, (c, u) in power_counts(plan).items()) + "."
