"""The board map as painted (Qt): centres, arrows, failure marks, screens, the projector; what
it plans is tested without Qt in tests/core/mapdraw/test_plan.py.

Screenshots at 1280x1024 and 1920x1080 go to the test's picture folder, map/
(--keep-screens DIR keeps them).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QAbstractButton, QPushButton, QVBoxLayout, QWidget

from tdapp.core.board.standard_map import STANDARD_MAP
from tdapp.core.mapdraw.geometry import load_geometry, point_in_rings
from tdapp.core.mapdraw.plan import (
    MapDataError,
    plan_board,
)
from tdapp.gui.game.map_view import POWER_COLOURS, MapPainter, MapView, shown_phase
from tests.core.mapdraw.map_scenarios import (
    adjustment_phase,
    busy_phase,
    retreat_phase,
    start_position,
)
from tests.gui import screens

GEO = load_geometry()
SIZES = [(1280, 1024), (1920, 1080)]


def _orders_by_text(plan):
    return {o.text: o for o in plan.orders}


def _close(colour: QColor, hex_colour: str, tolerance: int = 40) -> bool:
    want = QColor(hex_colour)
    return (abs(colour.red() - want.red()) <= tolerance
            and abs(colour.green() - want.green()) <= tolerance
            and abs(colour.blue() - want.blue()) <= tolerance)


def _red_cross_pixels(view: MapView) -> int:
    """Failure-red pixels on the map (the legend, which shows the mark, left out)."""
    view.set_legend_visible(False)
    image = view.render_image(1000)
    view.set_legend_visible(True)
    count = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = image.pixelColor(x, y)
            if c.red() > 190 and c.green() < 60 and c.blue() < 60:
                count += 1
    return count


def test_phase_titles_are_words():
    # the map names a phase as the history and the log do (one phase_title for the program)
    assert shown_phase("S1901M") == "Spring 1901 movement"
    assert shown_phase("F1905R") == "Fall 1905 retreats"
    assert shown_phase("W1901A") == "Winter 1901 adjustments"
    assert shown_phase("odd") == "odd"


# -- painting (Qt) ----------------------------------------------------------------------------

@pytest.fixture
def map_view(qtbot):
    view = MapView()
    qtbot.addWidget(view)
    return view


def _shoot(view: MapView, qtbot, name: str) -> list[QImage]:
    """Screenshots of the widget at the proof sizes; returns the grabbed images."""
    images = []
    view.show()
    qtbot.waitExposed(view)
    for width, height in SIZES:
        view.resize(width, height)
        image = view.grab().toImage()
        assert image.width() == width and image.height() == height
        assert image.save(str(screens.folder("map") / f"{name}-{width}x{height}.png"))
        images.append(image)
    return images


def test_start_position_paints_centres_in_their_owners_colours(map_view, qtbot):
    map_view.set_position(start_position())
    assert map_view.title() == "Spring 1901 movement"
    for image in _shoot(map_view, qtbot, "01-start"):
        target = QRectF(0, 0, image.width(), image.height())
        for province, power in (("PAR", "FRANCE"), ("MOS", "RUSSIA"), ("ANK", "TURKEY"),
                                ("VIE", "AUSTRIA"), ("KIE", "GERMANY")):
            point = map_view.canvas_to_widget(GEO.provinces[province].sc, target)
            colour = image.pixelColor(round(point.x()), round(point.y()))
            assert _close(colour, POWER_COLOURS[power]), (province, colour.name())
        neutral = map_view.canvas_to_widget(GEO.provinces["BEL"].sc, target)
        # an unowned centre is a white ring with a dark dot in its middle
        assert image.pixelColor(round(neutral.x()), round(neutral.y())).lightness() < 80
    assert _red_cross_pixels(map_view) == 0  # no orders, nothing failed


def test_busy_phase_paints_arrows_and_failure_marks(map_view, qtbot):
    doc, out = busy_phase()
    map_view.set_position(doc, out["results"])
    images = _shoot(map_view, qtbot, "02-moves-supports-convoy-failures")
    for image in images:
        target = QRectF(0, 0, image.width(), image.height())
        # the middle of a successful move's shaft is in the mover's colour
        ber, sil = GEO.provinces["BER"].unit, GEO.provinces["SIL"].unit
        mid = map_view.canvas_to_widget(((ber[0] + sil[0]) / 2, (ber[1] + sil[1]) / 2), target)
        assert _close(image.pixelColor(round(mid.x()), round(mid.y())), POWER_COLOURS["GERMANY"])
    assert _red_cross_pixels(map_view) > 40
    without = MapView()
    qtbot.addWidget(without)
    without.set_position(doc)
    assert _red_cross_pixels(without) == 0


def test_retreat_phase_screens(map_view, qtbot):
    position, out = retreat_phase()
    map_view.set_position(position)
    _shoot(map_view, qtbot, "03-retreat-phase")
    map_view.set_position(position, out["results"])
    images = _shoot(map_view, qtbot, "04-retreat-ordered")
    image = images[0]
    target = QRectF(0, 0, image.width(), image.height())
    aside = next(u for u in map_view.plan().units if u.dislodged)
    centre = map_view.canvas_to_widget(aside.point, target)
    assert _close(image.pixelColor(round(centre.x()), round(centre.y() + 3)),
                  POWER_COLOURS["TURKEY"])


def test_adjustment_screens(map_view, qtbot):
    position, results = adjustment_phase()
    map_view.set_position(position, results)
    assert map_view.title() == "Winter 1901 adjustments"
    _shoot(map_view, qtbot, "05-adjustments")


def test_render_image_scales_with_the_size_asked(map_view):
    map_view.set_position(start_position())
    small, large = map_view.render_image(800), map_view.render_image(2400)
    assert (small.width(), small.height()) == (800, 680)
    assert (large.width(), large.height()) == (2400, 2040)
    for image in (small, large):
        point = map_view.canvas_to_widget(GEO.provinces["LON"].sc,
                                          QRectF(0, 0, image.width(), image.height()))
        assert _close(image.pixelColor(round(point.x()), round(point.y())),
                      POWER_COLOURS["ENGLAND"])


def test_png_export(map_view, tmp_path):
    map_view.set_position(start_position())
    path = tmp_path / "board.png"
    assert map_view.save_png(str(path), width=1000)
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1000, 850)


def test_projector_full_screen_and_back(map_view, qtbot):
    doc, out = busy_phase()
    map_view.set_position(doc, out["results"])
    map_view.set_title("Board 3 · Fall 1901")
    map_view.show_on_projector()
    qtbot.waitExposed(map_view)
    assert map_view.isFullScreen() and map_view.is_projector()
    map_view.resize(1920, 1080)  # the offscreen screen is small: shoot at the projector's size
    assert map_view.grab().save(str(screens.folder("map") / "06-projector-1920x1080.png"))
    assert map_view.title() == "Board 3 · Fall 1901"
    assert map_view.findChildren(QAbstractButton) == []  # nothing to click on the projector
    qtbot.keyClick(map_view, Qt.Key.Key_Escape)
    assert not map_view.isFullScreen() and not map_view.is_projector()


def test_bad_data_leaves_the_previous_picture(map_view):
    map_view.set_position(start_position())
    before = map_view.plan()
    with pytest.raises(MapDataError):
        map_view.set_position({"units": {"FRANCE": ["A XYZ"]}})
    assert map_view.plan() is before


def test_every_province_label_fits_on_the_map(map_view):
    """Labels are drawn at their anchors, inside the canvas."""
    for abbr in STANDARD_MAP.province_names:
        x, y = GEO.provinces[abbr].label
        assert 10 <= x <= GEO.width - 10 and 5 <= y <= GEO.height - 5, abbr


def test_board_layer_is_reused_until_size_or_centres_change(map_view, qtbot):
    doc, out = busy_phase()
    map_view.set_position(doc)
    map_view.resize(900, 760)
    map_view.grab()
    first = map_view._board_cache[1]
    map_view.set_results(out["results"])  # new orders: same board
    map_view.grab()
    assert map_view._board_cache[1] is first
    changed = dict(doc, centers={"FRANCE": ["PAR", "MAR", "BRE", "SPA"]})
    map_view.set_position(changed)
    map_view.grab()
    assert map_view._board_cache[1] is not first
    again = map_view._board_cache[1]
    map_view.resize(1000, 850)
    map_view.grab()
    assert map_view._board_cache[1] is not again


def test_clicking_a_province_names_it(map_view, qtbot):
    map_view.set_position(start_position())
    map_view.resize(1000, 850)
    map_view.show()
    qtbot.waitExposed(map_view)
    for abbr in ("PAR", "NTH", "STP", "SWI"):
        point = map_view.canvas_to_widget(GEO.provinces[abbr].label)
        assert map_view.province_at(point) == abbr
        with qtbot.waitSignal(map_view.province_clicked, timeout=1000) as blocker:
            qtbot.mouseClick(map_view, Qt.MouseButton.LeftButton, pos=point.toPoint())
        assert blocker.args == [abbr]
    # land that is no province (Ireland, Corsica ...) names nothing
    inside_neutral = [
        (sum(x for x, _ in ring) / len(ring), sum(y for _, y in ring) / len(ring))
        for ring in GEO.neutral_land
    ]
    inside_neutral = [p for p in inside_neutral if point_in_rings(p, GEO.neutral_land)]
    assert inside_neutral
    for point in inside_neutral:
        assert map_view.province_at(map_view.canvas_to_widget(point)) is None


def test_an_embedded_map_opens_a_projector_window_that_follows_it(qtbot):
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    embedded = MapView()
    layout.addWidget(embedded)
    layout.addWidget(QPushButton("Map on the projector"))
    holder.resize(900, 700)
    holder.show()
    doc, out = busy_phase()
    embedded.set_position(doc, out["results"])
    projector = embedded.show_on_projector()
    qtbot.waitExposed(projector)
    assert projector is not embedded and projector.isWindow()
    assert projector.isFullScreen() and projector.is_projector()
    assert not embedded.is_projector() and not holder.isFullScreen()
    assert embedded.projector_window() is projector
    assert embedded.show_on_projector() is projector  # asked again: the same window
    assert len(projector.plan().orders) == len(out["results"])
    position, _out = retreat_phase()
    embedded.set_position(position)  # the next phase reaches the projector too
    assert projector.title() == "Fall 1901 retreats"
    assert [u.location for u in projector.plan().units if u.dislodged] == ["BUL"]
    assert projector.findChildren(QAbstractButton) == []
    with qtbot.waitSignal(projector.destroyed, timeout=2000):
        qtbot.keyClick(projector, Qt.Key.Key_Escape)
    assert embedded.projector_window() is None


def test_marks_grow_on_a_small_map_and_on_the_projector():
    plan = plan_board(start_position(), None, GEO)
    painter = MapPainter(GEO, plan, "t")
    painter._fit(QRectF(0, 0, 1000, 850))
    assert painter.scale == 1.0
    painter._fit(QRectF(0, 0, 500, 425))  # half size: marks as large as allowed
    assert painter.scale == pytest.approx(1.5)
    painter._fit(QRectF(0, 0, 700, 595))
    assert painter.scale == pytest.approx(0.8 / 0.7)
    projector = MapPainter(GEO, plan, "t", large=True)
    projector._fit(QRectF(0, 0, 1920, 1080))
    assert projector.scale == pytest.approx(1.3)
