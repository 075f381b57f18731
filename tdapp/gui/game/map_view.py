"""The map of the standard board: units, centres and orders, drawn from tdapp's own geometry.

``MapView`` takes plain data: a position in the CONTRACTS shape (``units``, ``centers``,
``dislodged``, ``contested``) and, optionally, the adjudicator's results for the phase. It scales
to its widget, can go full screen on the projector (no controls; Escape leaves) and renders to
a QImage for exports (``render_image``).

How orders are drawn: moves are solid arrows, supports dashed lines (to the middle of the
supported move, or to a ring round a supported unit), convoys dotted lines to the middle of the
convoyed army's path, holds a ring round the unit, retreats dash-dot arrows. A failed order is
faded and carries a red cross; colour is never the only sign. Dislodged units stand beside their
province with a broken red outline.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QHelpEvent,
    QImage,
    QImageWriter,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPolygonF,
    QScreen,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from tdapp.core.board.standard_map import IMPASSABLE, SEA, STANDARD_MAP
from tdapp.core.game.phases import phase_title
from tdapp.core.mapdraw import colours
from tdapp.core.mapdraw.geometry import MapGeometry, Point, Ring, load_geometry
from tdapp.core.mapdraw.plan import (
    BUILD,
    CONVOY,
    DISBAND,
    HOLD,
    MOVE,
    POWERS,
    REMOVE,
    RETREAT,
    SUPPORT_HOLD,
    SUPPORT_MOVE,
    BoardPlan,
    OrderMark,
    UnitMark,
    centre_counts,
    plan_board,
)

# The map's colours, shared with the players' page (core/mapdraw/colours.py).
POWER_COLOURS = colours.POWER_COLOURS
UNKNOWN_POWER = colours.UNKNOWN_POWER
LAND = QColor(colours.LAND)
SEA_COLOUR = QColor(colours.SEA)
NEUTRAL_LAND = QColor(colours.NEUTRAL_LAND)
IMPASSABLE_COLOUR = QColor(colours.IMPASSABLE)
BORDER = QColor(colours.BORDER)
COAST = QColor(colours.COAST)
FAIL = QColor(colours.FAIL)
INK = QColor(colours.INK)

UNIT_RADIUS = 8.5
PROJECTOR_MARKS = 1.3  # units, arrows and letters on the projector
SMALL_MAP_FACTOR = 0.8  # below this canvas scale, marks grow so that they stay readable
MAX_SMALL_MARKS = 1.5
COMPACT_LEGEND_HEIGHT = 154
LEGEND_RECT = QRectF(6, 6, 186, 262)


def shown_phase(phase: str) -> str:
    """The map's title for a position's phase: in words (``phase_title``), or as written when
    it is no phase (a position from a file may say anything)."""
    try:
        return phase_title(phase)
    except ValueError:
        return phase


def power_colour(power: str) -> QColor:
    return QColor(POWER_COLOURS.get(power, UNKNOWN_POWER))


def text_colour_on(colour: QColor) -> QColor:
    return INK if colour.lightnessF() > 0.55 else QColor("white")


def _mix(a: QColor, b: QColor, amount: float) -> QColor:
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * amount,
        a.greenF() + (b.greenF() - a.greenF()) * amount,
        a.blueF() + (b.blueF() - a.blueF()) * amount,
    )


def fit_canvas(geometry: MapGeometry, target: QRectF) -> tuple[float, float, float]:
    """Scale and offset that fit the map canvas, centred, into ``target``."""
    factor = min(target.width() / geometry.width, target.height() / geometry.height)
    return (factor, target.center().x() - geometry.width * factor / 2,
            target.center().y() - geometry.height * factor / 2)


def _fitted_font(text: str, width: float, largest: int, smallest: int) -> QFont:
    """A bold font as large as fits ``text`` into ``width`` (down to ``smallest``)."""
    font = QFont()
    font.setBold(True)
    for size in range(largest, smallest - 1, -1):
        font.setPixelSize(size)
        if QFontMetricsF(font).horizontalAdvance(text) <= width:
            break
    return font


def _p(point: Point) -> QPointF:
    return QPointF(point[0], point[1])


class _Shapes:
    """Painter paths for every province, built once per geometry."""

    _cache: dict[int, _Shapes] = {}

    def __init__(self, geometry: MapGeometry) -> None:
        self.provinces: dict[str, QPainterPath] = {}
        for abbr, shape in geometry.provinces.items():
            self.provinces[abbr] = self._path(shape.rings)
        self.neutral = self._path(geometry.neutral_land)
        self.coastline = self._coastline(geometry)

    @staticmethod
    def _coastline(geometry: MapGeometry) -> QPainterPath:
        """Every edge with sea on one side and land on the other, drawn over the borders."""
        sides: dict[tuple, set[bool]] = {}
        rings = [(abbr, ring) for abbr, shape in geometry.provinces.items()
                 for ring in shape.rings]
        rings += [("", ring) for ring in geometry.neutral_land]
        for abbr, ring in rings:
            info = STANDARD_MAP.provinces.get(abbr)
            is_sea = info is not None and info.type == SEA
            for i, a in enumerate(ring):
                b = ring[(i + 1) % len(ring)]
                sides.setdefault((min(a, b), max(a, b)), set()).add(is_sea)
        path = QPainterPath()
        for (a, b), kinds in sides.items():
            if kinds == {True, False}:
                path.moveTo(a[0], a[1])
                path.lineTo(b[0], b[1])
        return path

    @staticmethod
    def _path(rings: Iterable[Ring]) -> QPainterPath:
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.OddEvenFill)
        for ring in rings:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
            path.closeSubpath()
        return path

    @classmethod
    def of(cls, geometry: MapGeometry) -> _Shapes:
        key = id(geometry)
        if key not in cls._cache:
            cls._cache[key] = cls(geometry)
        return cls._cache[key]


class MapPainter:
    """Paints one board plan onto a canvas of the geometry's size."""

    def __init__(self, geometry: MapGeometry, plan: BoardPlan, title: str, *,
                 legend: bool = True, large: bool = False) -> None:
        self.geo = geometry
        self.plan = plan
        self.title = title
        self.legend = legend
        self.large = large
        self.scale = 1.0  # marks and letters; set for each target by _fit
        self.shapes = _Shapes.of(geometry)
        self.occupied = {u.point for u in plan.units if not u.dislodged}

    # -- the whole picture ------------------------------------------------------------------

    def board_key(self) -> tuple:
        """What the board layer depends on (not the orders or units): for caching it."""
        return (tuple(sorted(self.plan.centres.items())), tuple(sorted(self.plan.contested)),
                self.large)

    def _fit(self, target: QRectF) -> tuple[float, float, float]:
        """Canvas fit for ``target``; marks grow on the projector and on a small map."""
        factor, dx, dy = fit_canvas(self.geo, target)
        if self.large:
            self.scale = PROJECTOR_MARKS
        else:
            self.scale = min(MAX_SMALL_MARKS, max(1.0, SMALL_MAP_FACTOR / factor))
        return factor, dx, dy

    def paint_board_layer(self, painter: QPainter, target: QRectF) -> None:
        """Sea, provinces, labels and supply centres only."""
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        factor, dx, dy = self._fit(target)
        painter.translate(dx, dy)
        painter.scale(factor, factor)
        painter.setClipRect(QRectF(0, 0, self.geo.width, self.geo.height))
        self._paint_board(painter)
        painter.restore()

    def paint(self, painter: QPainter, target: QRectF, *, board_done: bool = False) -> None:
        """The whole map; ``board_done`` when the board layer is already there (cached)."""
        if not board_done:
            self.paint_board_layer(painter, target)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        factor, dx, dy = self._fit(target)
        painter.translate(dx, dy)
        painter.scale(factor, factor)
        painter.setClipRect(QRectF(0, 0, self.geo.width, self.geo.height))
        self._paint_retreat_hints(painter)
        for order in self.plan.orders:
            if order.kind in (SUPPORT_HOLD, SUPPORT_MOVE, CONVOY):
                self._paint_support_or_convoy(painter, order)
        for order in self.plan.orders:
            if order.kind in (MOVE, RETREAT):
                self._paint_arrow_order(painter, order)
        for unit in self.plan.units:
            self._paint_unit(painter, unit)
        for order in self.plan.orders:
            if order.kind == HOLD:
                self._paint_hold(painter, order)
            elif order.kind in (DISBAND, REMOVE, BUILD):
                self._paint_adjustment(painter, order)
        for order in self.plan.orders:
            if order.failed:
                self._paint_failure(painter, order)
        painter.restore()
        if self.legend:
            self._place_legend(painter, target)

    def _place_legend(self, painter: QPainter, target: QRectF) -> None:
        """On the map's open Atlantic; on a wide projector, large in the empty side band;
        on a small map, larger but without the key to the marks."""
        factor, dx, dy = fit_canvas(self.geo, target)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        band = dx - target.left()
        grow = min(MAX_SMALL_MARKS, max(1.0, SMALL_MAP_FACTOR / factor))
        if self.large and band > LEGEND_RECT.width() * factor * 1.1:
            margin = band * 0.06
            k = min((band - 2 * margin) / LEGEND_RECT.width(),
                    (target.height() - 2 * margin) / LEGEND_RECT.height())
            painter.translate(target.left() + margin, target.top() + margin)
            painter.scale(k, k)
            self._paint_legend(painter, QRectF(0, 0, LEGEND_RECT.width(), LEGEND_RECT.height()))
        elif grow > 1.05 and not self.large:
            painter.translate(dx + LEGEND_RECT.left() * factor, dy + LEGEND_RECT.top() * factor)
            painter.scale(factor * grow, factor * grow)
            self._paint_legend(painter, QRectF(0, 0, LEGEND_RECT.width(), COMPACT_LEGEND_HEIGHT),
                               compact=True)
        else:
            painter.translate(dx, dy)
            painter.scale(factor, factor)
            self._paint_legend(painter, LEGEND_RECT)
        painter.restore()

    # -- board ------------------------------------------------------------------------------

    def _paint_board(self, painter: QPainter) -> None:
        painter.fillRect(QRectF(0, 0, self.geo.width, self.geo.height), SEA_COLOUR)
        painter.setPen(QPen(BORDER, 0.6))
        painter.setBrush(NEUTRAL_LAND)
        painter.drawPath(self.shapes.neutral)
        for abbr, path in self.shapes.provinces.items():
            info = STANDARD_MAP.provinces.get(abbr)
            kind = info.type if info else SEA
            if kind == SEA:
                fill = SEA_COLOUR
            elif kind == IMPASSABLE:
                fill = IMPASSABLE_COLOUR
            else:
                owner = self.plan.centres.get(abbr)
                fill = _mix(LAND, power_colour(owner), colours.OWNER_SHARE) if owner else LAND
            painter.setBrush(fill)
            painter.setPen(QPen(BORDER, 0.7))
            painter.drawPath(path)
            if kind == IMPASSABLE:  # hatched, so it never reads as a power's colour
                painter.setBrush(QBrush(QColor("#6F6F6F"), Qt.BrushStyle.DiagCrossPattern))
                painter.drawPath(path)
            if abbr in self.plan.contested:
                painter.setBrush(QBrush(QColor(120, 60, 20, 90), Qt.BrushStyle.BDiagPattern))
                painter.drawPath(path)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(COAST, 1.4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.drawPath(self.shapes.coastline)
        self._paint_labels(painter)
        self._paint_centres(painter)

    def _paint_labels(self, painter: QPainter) -> None:
        font = QFont()
        font.setPixelSize(round(8 * self.scale))
        font.setBold(True)
        painter.setFont(font)
        for abbr, shape in self.geo.provinces.items():
            info = STANDARD_MAP.provinces.get(abbr)
            is_sea = info is not None and info.type == SEA
            painter.setPen(QColor("#3D6485") if is_sea else QColor("#4A4234"))
            box = QRectF(shape.label[0] - 20, shape.label[1] - 6, 40, 12)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, abbr)

    def _paint_centres(self, painter: QPainter) -> None:
        radius = 3.6 * self.scale
        for abbr in STANDARD_MAP.supply_centers:
            shape = self.geo.provinces.get(abbr)
            if shape is None:
                continue
            owner = self.plan.centres.get(abbr)
            centre = _p(shape.sc)
            if owner:
                painter.setPen(QPen(INK, 1.0))
                painter.setBrush(power_colour(owner))
                painter.drawEllipse(centre, radius, radius)
            else:  # unowned: a smaller dark dot in a white ring
                painter.setPen(QPen(QColor("white"), 1.2))
                painter.setBrush(INK)
                painter.drawEllipse(centre, radius * 0.62, radius * 0.62)

    def _paint_retreat_hints(self, painter: QPainter) -> None:
        pen = QPen(QColor(40, 40, 40, 210), 1.5 * self.scale, Qt.PenStyle.DotLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for start, end in self.plan.retreat_hints:  # where a dislodged unit may go
            painter.drawLine(_p(start), _p(end))
            painter.drawEllipse(_p(end), 4 * self.scale, 4 * self.scale)

    # -- units ------------------------------------------------------------------------------

    def _unit_path(self, unit_type: str, centre: QPointF, radius: float) -> QPainterPath:
        path = QPainterPath()
        if unit_type == "F":  # a hull: flat deck, narrow keel
            r = radius
            path.moveTo(centre.x() - r * 1.15, centre.y() - r * 0.55)
            path.lineTo(centre.x() + r * 1.15, centre.y() - r * 0.55)
            path.lineTo(centre.x() + r * 0.7, centre.y() + r * 0.75)
            path.lineTo(centre.x() - r * 0.7, centre.y() + r * 0.75)
            path.closeSubpath()
        else:
            path.addEllipse(centre, radius, radius)
        return path

    def _paint_unit(self, painter: QPainter, unit: UnitMark) -> None:
        radius = UNIT_RADIUS * self.scale * (0.85 if unit.dislodged else 1.0)
        centre = _p(unit.point)
        colour = power_colour(unit.power)
        path = self._unit_path(unit.unit_type, centre, radius)
        painter.save()
        if unit.removed:
            painter.setOpacity(0.45)
        outline = QPen(FAIL if unit.dislodged else INK, 1.6 if unit.dislodged else 1.1)
        if unit.dislodged or unit.built:
            outline.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(outline)
        painter.setBrush(colour)
        painter.drawPath(path)
        font = QFont()
        font.setPixelSize(round(radius * 1.25))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(text_colour_on(colour))
        box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        if unit.unit_type == "F":
            box.translate(0, -radius * 0.05)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, unit.unit_type)
        painter.restore()

    # -- orders -----------------------------------------------------------------------------

    def _order_pen(self, order: OrderMark, width: float, style: Qt.PenStyle) -> QPen:
        colour = power_colour(order.power)
        pen = QPen(colour, width * self.scale, style, Qt.PenCapStyle.RoundCap,
                   Qt.PenJoinStyle.RoundJoin)
        return pen

    def _halo(self, width: float, style: Qt.PenStyle, colour: QColor | None = None) -> QPen:
        return QPen(colour or QColor(20, 20, 20, 200), (width + 2.0) * self.scale, style,
                    Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)

    def _paint_arrow_order(self, painter: QPainter, order: OrderMark) -> None:
        if order.end is None:  # a move or retreat the plan could not place: no arrow
            return
        start, end = _p(order.start), _p(order.end)
        length = math.hypot(end.x() - start.x(), end.y() - start.y())
        if length < 1:
            return
        ux, uy = (end.x() - start.x()) / length, (end.y() - start.y()) / length
        # head-to-head moves: keep both arrows visible
        if any(o is not order and o.kind == order.kind and o.start == order.end
               and o.end == order.start for o in self.plan.orders):
            start = QPointF(start.x() - uy * 3, start.y() + ux * 3)
            end = QPointF(end.x() - uy * 3, end.y() + ux * 3)
        lead = UNIT_RADIUS * self.scale * 0.9
        tail = lead + 2 if order.end in self.occupied else 3
        a = QPointF(start.x() + ux * lead, start.y() + uy * lead)
        b = QPointF(end.x() - ux * tail, end.y() - uy * tail)
        head = 8.0 * self.scale
        shaft_end = QPointF(b.x() - ux * head * 0.8, b.y() - uy * head * 0.8)
        style = Qt.PenStyle.DashDotLine if order.kind == RETREAT else Qt.PenStyle.SolidLine
        width = 2.6 if order.kind == MOVE else 2.2
        painter.save()
        if order.failed:
            painter.setOpacity(0.6)
        painter.setPen(self._halo(width, Qt.PenStyle.SolidLine))
        painter.drawLine(a, shaft_end)
        painter.setPen(self._order_pen(order, width, style))
        painter.drawLine(a, shaft_end)
        arrow = QPolygonF([
            b,
            QPointF(b.x() - ux * head - uy * head * 0.55, b.y() - uy * head + ux * head * 0.55),
            QPointF(b.x() - ux * head + uy * head * 0.55, b.y() - uy * head - ux * head * 0.55),
        ])
        painter.setPen(QPen(INK, 1.0))
        painter.setBrush(power_colour(order.power))
        painter.drawPolygon(arrow)
        painter.restore()

    def _paint_support_or_convoy(self, painter: QPainter, order: OrderMark) -> None:
        start = _p(order.start)
        towards = order.end if order.kind == SUPPORT_HOLD else order.target_midpoint()
        if towards is None:  # the plan could not place what it is for: no line
            return
        target = _p(towards)
        ring = (UNIT_RADIUS + 4.5) * self.scale if order.kind == SUPPORT_HOLD else 0.0
        length = math.hypot(target.x() - start.x(), target.y() - start.y())
        if length < 1:
            return
        ux, uy = (target.x() - start.x()) / length, (target.y() - start.y()) / length
        lead = UNIT_RADIUS * self.scale * 0.9
        a = QPointF(start.x() + ux * lead, start.y() + uy * lead)
        b = QPointF(target.x() - ux * ring, target.y() - uy * ring)
        style = Qt.PenStyle.DotLine if order.kind == CONVOY else Qt.PenStyle.DashLine
        width = 2.3 if order.kind == CONVOY else 1.8
        painter.save()
        if order.failed:
            painter.setOpacity(0.6)
        painter.setPen(self._halo(width, Qt.PenStyle.SolidLine, QColor(255, 255, 255, 170)))
        painter.drawLine(a, b)
        painter.setPen(self._order_pen(order, width, style))
        painter.drawLine(a, b)
        outline = QPen(INK, 1.0)
        painter.setPen(outline)
        painter.setBrush(power_colour(order.power))
        if order.kind == SUPPORT_HOLD:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(self._halo(1.8, Qt.PenStyle.SolidLine))
            painter.drawEllipse(target, ring, ring)
            painter.setPen(self._order_pen(order, 1.8, Qt.PenStyle.DashLine))
            painter.drawEllipse(target, ring, ring)
        elif order.kind == CONVOY:
            # a dotted ring marks the convoying fleet even when it sits on the army's path
            ring_radius = (UNIT_RADIUS + 4.0) * self.scale
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(self._halo(width, Qt.PenStyle.SolidLine, QColor(255, 255, 255, 170)))
            painter.drawEllipse(start, ring_radius, ring_radius)
            painter.setPen(self._order_pen(order, width, style))
            painter.drawEllipse(start, ring_radius, ring_radius)
            painter.setPen(outline)
            painter.setBrush(power_colour(order.power))
            d = 4.4 * self.scale
            painter.drawPolygon(QPolygonF([QPointF(b.x(), b.y() - d), QPointF(b.x() + d, b.y()),
                                           QPointF(b.x(), b.y() + d), QPointF(b.x() - d, b.y())]))
        else:
            painter.drawEllipse(b, 2.8 * self.scale, 2.8 * self.scale)
        painter.restore()

    def _paint_hold(self, painter: QPainter, order: OrderMark) -> None:
        radius = (UNIT_RADIUS + 3.2) * self.scale
        centre = _p(order.start)
        octagon = QPolygonF([
            QPointF(centre.x() + radius * math.cos(math.pi / 8 + k * math.pi / 4),
                    centre.y() + radius * math.sin(math.pi / 8 + k * math.pi / 4))
            for k in range(8)
        ])
        painter.save()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(self._halo(1.8, Qt.PenStyle.SolidLine))
        painter.drawPolygon(octagon)
        painter.setPen(self._order_pen(order, 1.8, Qt.PenStyle.SolidLine))
        painter.drawPolygon(octagon)
        painter.restore()

    def _paint_adjustment(self, painter: QPainter, order: OrderMark) -> None:
        centre = _p(order.start)
        r = UNIT_RADIUS * self.scale
        painter.save()
        if order.kind == BUILD:  # a "+" badge on the new unit
            badge = QPointF(centre.x() + r * 0.95, centre.y() - r * 0.95)
            painter.setPen(QPen(INK, 1.0))
            painter.setBrush(QColor("white"))
            painter.drawEllipse(badge, r * 0.5, r * 0.5)
            painter.setPen(QPen(INK, 1.5))
            painter.drawLine(QPointF(badge.x() - r * 0.3, badge.y()),
                             QPointF(badge.x() + r * 0.3, badge.y()))
            painter.drawLine(QPointF(badge.x(), badge.y() - r * 0.3),
                             QPointF(badge.x(), badge.y() + r * 0.3))
        else:  # disbanded or removed: struck through
            for width, colour in ((4.0, QColor("white")), (2.2, INK)):
                painter.setPen(QPen(colour, width * self.scale, Qt.PenStyle.SolidLine,
                                    Qt.PenCapStyle.RoundCap))
                painter.drawLine(QPointF(centre.x() - r * 1.1, centre.y() + r * 1.1),
                                 QPointF(centre.x() + r * 1.1, centre.y() - r * 1.1))
        painter.restore()

    def _failure_point(self, order: OrderMark) -> QPointF:
        if order.kind in (MOVE, RETREAT) and order.end is not None:
            start, end = order.start, order.end
            length = math.hypot(end[0] - start[0], end[1] - start[1]) or 1.0
            back = UNIT_RADIUS * self.scale + 12 if order.end in self.occupied else 12
            back = min(back, length * 0.5)
            return QPointF(end[0] - (end[0] - start[0]) / length * back,
                           end[1] - (end[1] - start[1]) / length * back)
        mid = order.target_midpoint()
        if order.kind in (SUPPORT_MOVE, CONVOY) and mid is not None:
            return QPointF((order.start[0] + mid[0]) / 2, (order.start[1] + mid[1]) / 2)
        if order.kind == SUPPORT_HOLD and order.end is not None:
            return QPointF((order.start[0] + order.end[0]) / 2,
                           (order.start[1] + order.end[1]) / 2)
        r = UNIT_RADIUS * self.scale
        if order.aside_from is not None:  # beyond the set-aside unit, clear of the attack
            dx, dy = order.start[0] - order.aside_from[0], order.start[1] - order.aside_from[1]
            length = math.hypot(dx, dy) or 1.0
            return QPointF(order.start[0] + dx / length * (r + 4),
                           order.start[1] + dy / length * (r + 4))
        return QPointF(order.start[0] - r, order.start[1] - r)

    def _paint_failure(self, painter: QPainter, order: OrderMark) -> None:
        centre = self._failure_point(order)
        d = 4.2 * self.scale
        painter.save()
        for width, colour in ((4.6, QColor("white")), (2.4, FAIL)):
            painter.setPen(QPen(colour, width * self.scale, Qt.PenStyle.SolidLine,
                                Qt.PenCapStyle.RoundCap))
            painter.drawLine(QPointF(centre.x() - d, centre.y() - d),
                             QPointF(centre.x() + d, centre.y() + d))
            painter.drawLine(QPointF(centre.x() - d, centre.y() + d),
                             QPointF(centre.x() + d, centre.y() - d))
        painter.restore()

    # -- legend -----------------------------------------------------------------------------

    def _paint_legend(self, painter: QPainter, box: QRectF, compact: bool = False) -> None:
        painter.save()
        painter.setPen(QPen(BORDER, 0.8))
        painter.setBrush(QColor(255, 255, 255, 215))
        painter.drawRoundedRect(box, 5, 5)
        title_box = QRectF(box.left() + 8, box.top() + 4, box.width() - 16, 20)
        painter.setFont(_fitted_font(self.title or "Diplomacy", title_box.width(), 13, 8))
        painter.setPen(INK)
        painter.drawText(title_box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         QFontMetricsF(painter.font()).elidedText(
                             self.title or "Diplomacy", Qt.TextElideMode.ElideRight,
                             title_box.width()))
        font = QFont()
        font.setPixelSize(10)
        font.setBold(False)
        painter.setFont(font)
        counts = centre_counts(self.plan.centres)
        units = {p: 0 for p in POWERS}
        for unit in self.plan.units:
            if not unit.built:
                units[unit.power] = units.get(unit.power, 0) + 1
        y = box.top() + 32
        painter.drawText(QRectF(box.left() + 96, y - 9, 80, 12), Qt.AlignmentFlag.AlignRight,
                         "centres  units")
        y += 12
        for power in POWERS:
            colour = power_colour(power)
            painter.setPen(QPen(INK, 0.9))
            painter.setBrush(colour)
            painter.drawEllipse(QPointF(box.left() + 15, y), 5.2, 5.2)
            painter.setPen(INK)
            painter.drawText(QRectF(box.left() + 25, y - 7, 80, 14),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             power.title())
            painter.drawText(QRectF(box.left() + 96, y - 7, 40, 14),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             str(counts.get(power, 0)))
            painter.drawText(QRectF(box.left() + 136, y - 7, 40, 14),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             str(units.get(power, 0)))
            y += 15
        if not compact:
            self._legend_symbols(painter, box, y + 6)
        painter.restore()

    def _legend_symbols(self, painter: QPainter, box: QRectF, y: float) -> None:
        x0, x1 = box.left() + 10, box.left() + 40
        text_left = box.left() + 48
        rows = [
            ("move", Qt.PenStyle.SolidLine), ("support", Qt.PenStyle.DashLine),
            ("convoy", Qt.PenStyle.DotLine), ("retreat", Qt.PenStyle.DashDotLine),
        ]
        for name, style in rows:
            painter.setPen(QPen(INK, 1.8, style))
            painter.drawLine(QPointF(x0, y), QPointF(x1, y))
            painter.setPen(INK)
            painter.drawText(QRectF(text_left, y - 7, 130, 14), Qt.AlignmentFlag.AlignVCenter,
                             name)
            y += 14
        painter.setPen(QPen(FAIL, 2.2))
        cx = (x0 + x1) / 2
        painter.drawLine(QPointF(cx - 4, y - 4), QPointF(cx + 4, y + 4))
        painter.drawLine(QPointF(cx - 4, y + 4), QPointF(cx + 4, y - 4))
        painter.setPen(INK)
        painter.drawText(QRectF(text_left, y - 7, 130, 14), Qt.AlignmentFlag.AlignVCenter,
                         "failed (faded)")
        y += 15
        painter.setPen(QPen(FAIL, 1.5, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(cx, y), 5, 5)
        painter.setPen(INK)
        painter.drawText(QRectF(text_left, y - 7, 130, 14), Qt.AlignmentFlag.AlignVCenter,
                         "dislodged (set aside)")


class MapView(QWidget):
    """The board map as a widget: call ``set_position`` and, after adjudication, ``set_results``.

    ``province_clicked`` carries the abbreviation of a province clicked on (for views that let
    the assistant pick a province on the map); hovering shows the province's full name.
    """

    province_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None, *, geometry: MapGeometry | None = None
                 ) -> None:
        super().__init__(parent)
        self.setObjectName("mapView")
        self._geometry = geometry or load_geometry()
        self._position: Mapping = {}
        self._results: list[Mapping] = []
        self._custom_title = ""
        self._legend = True
        self._projector = False
        self._plan = BoardPlan()
        self._board_cache: tuple[tuple, QImage] | None = None
        self._mirror: MapView | None = None  # the projector window, when one is open
        self._closes_on_escape = False
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 272)
        self.setAccessibleName("Board map")

    # -- data -------------------------------------------------------------------------------

    def set_position(self, position: Mapping, results: Iterable[Mapping] | None = None) -> None:
        """Show a position, with the phase's adjudicated (or entered) orders if given.

        Raises MapDataError (a ValueError naming the field) for units or centres the map
        does not know; the view keeps what it showed before.
        """
        results_list = [r for r in (results or [])]
        plan = plan_board(position, results_list, self._geometry)
        self._position = position
        self._results = results_list
        self._plan = plan
        self.update()
        if self._mirror is not None:
            self._mirror.set_position(position, results_list)

    def set_results(self, results: Iterable[Mapping] | None) -> None:
        """The orders of the shown position and what became of them (CONTRACTS ``results``)."""
        self.set_position(self._position, results)

    def set_title(self, title: str) -> None:
        """A caption for the legend (default: the position's phase in words)."""
        self._custom_title = title
        self.update()
        if self._mirror is not None:
            self._mirror.set_title(title)

    def set_legend_visible(self, visible: bool) -> None:
        self._legend = visible
        self.update()

    def plan(self) -> BoardPlan:
        """What is drawn (units, orders, skipped orders): for tests and for the order views."""
        return self._plan

    def title(self) -> str:
        return self._custom_title or shown_phase(str(self._position.get("phase", "")))

    # -- display ----------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(int(self._geometry.width), int(self._geometry.height))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return round(width * self._geometry.height / self._geometry.width)

    def canvas_to_widget(self, point: Point, target: QRectF | None = None) -> QPointF:
        """Where a canvas point is drawn in the widget (or in ``target``, e.g. an image)."""
        factor, dx, dy = fit_canvas(self._geometry, target or QRectF(self.rect()))
        return QPointF(dx + point[0] * factor, dy + point[1] * factor)

    def province_at(self, point: QPointF) -> str | None:
        """The province drawn under a widget point, if any (Switzerland included)."""
        factor, dx, dy = fit_canvas(self._geometry, QRectF(self.rect()))
        canvas = ((point.x() - dx) / factor, (point.y() - dy) / factor)
        for abbr, shape in self._geometry.provinces.items():
            if shape.contains(canvas):
                return abbr
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        province = self.province_at(event.position())
        if province is not None and event.button() == Qt.MouseButton.LeftButton:
            self.province_clicked.emit(province)
            event.accept()
            return
        super().mousePressEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            province = self.province_at(QPointF(event.pos()))
            info = STANDARD_MAP.provinces.get(province or "")
            if info is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), f"{info.name} ({info.abbr})", self)
            return True
        return super().event(event)

    def show_on_projector(self, screen: QScreen | None = None) -> MapView:
        """The map full screen for spectators: large marks, no controls; Escape (or F11) leaves.

        A map embedded in a view opens a separate window that follows what this one shows and
        closes on Escape; a map that is itself a window goes full screen. With several screens,
        the projector window goes to a screen other than this widget's, unless ``screen`` says.
        Returns the widget on the projector.
        """
        if not self.isWindow():
            mirror = self._mirror
            if mirror is None:
                mirror = MapView(geometry=self._geometry)
                mirror.setObjectName("mapProjector")
                mirror.setWindowTitle("Board map")
                mirror.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
                mirror._closes_on_escape = True
                mirror.destroyed.connect(self._forget_mirror)
                self.destroyed.connect(mirror.close)  # the projector leaves with its view
                self._mirror = mirror
            mirror._custom_title = self._custom_title
            mirror._legend = self._legend
            mirror.set_position(self._position, self._results)
            mirror._go_full_screen(screen or self._other_screen())
            return mirror
        self._go_full_screen(screen)
        return self

    def projector_window(self) -> MapView | None:
        """The separate projector window this map opened, while it is open."""
        return self._mirror

    def _forget_mirror(self) -> None:
        self._mirror = None

    def _other_screen(self) -> QScreen | None:
        here = self.screen()
        others = [s for s in QGuiApplication.screens() if s is not here]
        return others[0] if others else None

    def _go_full_screen(self, screen: QScreen | None) -> None:
        self._projector = True
        if screen is not None:
            self.setScreen(screen)
            self.setGeometry(screen.geometry())
        self.showFullScreen()
        self.update()

    def is_projector(self) -> bool:
        return self._projector

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        leaving = event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_F11)
        if leaving and self.isWindow() and (self.isFullScreen() or self._projector):
            self._projector = False
            if self._closes_on_escape:
                self.close()
            else:
                self.showNormal()
                self.update()
            event.accept()
            return
        super().keyPressEvent(event)

    def _painter_for(self) -> MapPainter:
        return MapPainter(self._geometry, self._plan, self.title(), legend=self._legend,
                          large=self._projector)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        map_painter = self._painter_for()
        painter = QPainter(self)
        painter.drawImage(0, 0, self._board_layer(map_painter))
        map_painter.paint(painter, QRectF(self.rect()), board_done=True)
        painter.end()

    def _board_layer(self, map_painter: MapPainter) -> QImage:
        """The board without units or orders, redrawn only when its size or centres change."""
        ratio = self.devicePixelRatioF()
        key = (self.width(), self.height(), ratio, self._projector, map_painter.board_key())
        if self._board_cache is None or self._board_cache[0] != key:
            image = QImage(round(self.width() * ratio), round(self.height() * ratio),
                           QImage.Format.Format_ARGB32_Premultiplied)
            image.setDevicePixelRatio(ratio)
            image.fill(QColor("black") if self._projector else QColor("#5B7C95"))
            painter = QPainter(image)
            map_painter.paint_board_layer(painter, QRectF(self.rect()))
            painter.end()
            self._board_cache = (key, image)
        return self._board_cache[1]

    def render_image(self, width: int = 2000, height: int | None = None) -> QImage:
        """The map alone as an image (for exports); height defaults to the map's proportions."""
        if height is None:
            height = self.heightForWidth(width)
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("white"))
        painter = QPainter(image)
        self._painter_for().paint(painter, QRectF(0, 0, width, height))
        painter.end()
        return image

    def save_png(self, path: str, width: int = 2000) -> bool:
        # A PNG whatever the name ends with. (QImage.save takes the format as str at run time
        # but its stub says bytes; the writer takes bytes at both.)
        return QImageWriter(path, b"PNG").write(self.render_image(width))
