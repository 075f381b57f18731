"""Build ``standard_geometry.json``: tdapp's own drawing of the standard Diplomacy board.

Run from the repository root: ``python resources/maps/make_geometry.py``. Pure Python, no
third-party packages; the output is committed next to this script.

How the drawing is made (all data below is written for tdapp, from general geography):

1. Every province gets one or more seed points, written as longitude/latitude and projected onto
   a fixed 1000 x 850 canvas. Areas that belong to no province (Ireland, Corsica, Libya ...) get
   seeds owned by ``_land`` and are drawn as neutral land.
2. A simplified coastline (rings of longitude/latitude points) is sampled densely; each sample adds
   a land guide point just inside the coast and a sea guide point just outside it. A land guide
   belongs to the nearest land seed, a sea guide to the nearest sea seed (or to the ring's owner).
3. The Voronoi diagram of all points is computed by clipping the canvas rectangle with half-planes.
   Cells of the same owner are merged by dropping their shared edges, giving each province its
   polygon rings; land/sea colouring then shows the coastline.
4. Anchor points (unit, label, supply centre, named coasts) are placed inside each polygon.
"""

from __future__ import annotations

import json
import math
import sys
from collections import defaultdict
from pathlib import Path

WIDTH, HEIGHT = 1000.0, 850.0
LON0, LON1 = -27.0, 46.0
LAT_TOP, LAT_BOTTOM = 72.5, 30.5
GUIDE_OFFSET = 2.6  # px between the coastline and a guide point
GUIDE_SPACING = 5.0  # px between coastline samples
LAND_FILLER = "_land"

Point = tuple[float, float]


# The board draws the crowded north-west larger than the map does: a smooth local magnification.
LENS_CENTRE = (-1.5, 54.0)
LENS_POWER, LENS_RADIUS = 1.6, 260.0


def _plain(lon: float, lat: float) -> Point:
    x = (lon - LON0) / (LON1 - LON0) * WIDTH
    y = (LAT_TOP - lat) / (LAT_TOP - LAT_BOTTOM) * HEIGHT
    return (x, y)


def project(lon: float, lat: float) -> Point:
    x, y = _plain(lon, lat)
    cx, cy = _plain(*LENS_CENTRE)
    r = math.hypot(x - cx, y - cy)
    if r >= LENS_RADIUS:
        return (x, y)
    f = 1 + (LENS_POWER - 1) * (1 - r / LENS_RADIUS) ** 2
    return (cx + (x - cx) * f, cy + (y - cy) * f)


# -- seeds: province -> (lon, lat) points; the first is the province's main point -------------

SEEDS: dict[str, list[Point]] = {
    # seas
    "NAO": [(-20, 57), (-14, 60), (-24, 51), (-12, 55.5), (-17, 63), (-6.0, 55.6), (-7.8, 56.8)],
    "NWG": [(1, 66), (-6, 63.5), (6, 69), (-1, 62), (10, 70), (-3, 60), (7.5, 64.8), (12, 68), (-4.5, 59.5), (-7.5, 59)],
    "BAR": [(36, 71.4), (26, 72.2), (44, 71)],
    "NTH": [(3, 56), (2, 53.3), (2, 58.0), (5.5, 57.8), (6.8, 56.2), (-1.0, 56.5)],
    "IRI": [(-5.4, 53.4), (-7.5, 51), (-5.6, 51.8)],
    "ENG": [(-2.5, 50.1), (-5.0, 49.6), (0.8, 50.5)],
    "MAO": [(-16, 44), (-12, 38), (-19, 33), (-9, 46.5), (-12, 48.5), (-7.5, 35.5), (-7, 47.5), (-4, 45.5)],
    "SKA": [(9, 57.8), (11.4, 57.0)],
    "HEL": [(7.5, 54.4)],
    "BAL": [(17.5, 55.6), (20, 57.8), (14, 54.8), (11.5, 54.5)],
    "BOT": [(20.3, 61.8), (23.5, 64.6), (25.5, 59.9), (19.5, 60.2)],
    "WES": [(3, 38.2), (-2.3, 36.4), (6.5, 38.2)],
    "LYO": [(5, 42), (7.5, 43)],
    "TYS": [(11.5, 40), (11.3, 41.9), (10.5, 38.5)],
    "ION": [(18.5, 37), (15.5, 35), (21, 34.8), (17.5, 39.6), (12.5, 35.5), (23.5, 35.5), (19, 40.2)],
    "ADR": [(15, 43), (17.5, 41.9), (13.3, 44.6), (18.8, 41.3)],
    "AEG": [(25, 38.6), (25, 40.3), (24.5, 36.2)],
    "EAS": [(30, 34.3), (34.5, 34), (27, 35)],
    "BLA": [(34, 43.4), (31, 43.4), (38, 43.2), (30, 42)],
    # Britain
    "CLY": [(-4.9, 57.2), (-4.7, 56.3)],
    "EDI": [(-2.9, 57.0), (-2.8, 55.8), (-3.7, 58.1)],
    "LVP": [(-2.8, 54.0), (-4.3, 55.0)],
    "YOR": [(-1.1, 54.0), (-1.3, 53.2)],
    "WAL": [(-3.8, 52.1), (-3.4, 51.55), (-2.2, 52.9), (-3.7, 53.0)],
    "LON": [(-0.2, 51.7), (0.9, 52.3)],
    # Scandinavia
    "NWY": [(9, 61), (13.7, 65.8), (21, 69.5), (7, 59.5), (26.5, 69.8)],
    "SWE": [(15, 60.7), (19, 65), (13.7, 57.5), (14.2, 56.6)],
    "FIN": [(26, 62.8), (25.5, 66.8), (26, 61.0)],
    "STP": [(33, 63), (34.5, 67.7), (30.3, 60.4), (40, 66), (28.8, 60.9)],
    "DEN": [(9.4, 56.3), (10.2, 55.3), (12.0, 55.6)],
    # Germany, Low Countries, France
    "KIE": [(9.5, 52.8), (9.4, 51.5), (10.6, 54.0), (9.3, 54.4)],
    "BER": [(13.4, 52.7), (15.5, 53.6)],
    "PRU": [(20.3, 54.0)],
    "RUH": [(7.4, 51.1)],
    "MUN": [(11, 48.7), (8.9, 48.4), (12.5, 50.8)],
    "HOL": [(5.8, 52.4)],
    "BEL": [(4.5, 50.6)],
    "PIC": [(1.8, 50.0)],
    "PAR": [(2.2, 48.2)],
    "BRE": [(-3.0, 48.1)],
    "BUR": [(4.8, 47.3), (6.3, 49.1), (3.9, 49.2)],
    "GAS": [(-0.3, 44.4), (1, 45.8)],
    "MAR": [(5.0, 43.9), (2.8, 43.3), (6.5, 44.6), (3.6, 43.6)],
    "SWI": [(8.1, 46.7), (7.0, 46.6), (9.0, 46.8)],
    "SPA": [(-3.6, 40.2), (-1.2, 41.6), (-5.0, 37.9), (-5.3, 36.8), (-7.4, 42.8)],
    "POR": [(-8.2, 39.7), (-8.0, 41.4)],
    # Italy
    "PIE": [(7.7, 44.9), (9.5, 46.0), (10.6, 46.3)],
    "VEN": [(11.8, 45.4), (13.0, 43.6), (13.9, 42.6), (12.8, 45.8)],
    "TUS": [(11.0, 43.5)],
    "ROM": [(12.8, 41.9), (13.9, 41.3)],
    "APU": [(16.0, 41.1), (15.2, 41.6), (17.8, 40.5)],
    "NAP": [(15.8, 39.8), (14.2, 37.5), (15.0, 40.6)],
    # Central and eastern Europe
    "TYR": [(11.8, 47.1), (13.0, 47.2)],
    "BOH": [(15.3, 49.7), (17.8, 49.6)],
    "VIE": [(16.2, 47.8), (19.5, 48.6)],
    "SIL": [(17.2, 51.0), (15.4, 51.2)],
    "WAR": [(21, 52.2), (25.5, 52.5)],
    "LVN": [(25.3, 57.0), (27, 58.8)],
    "MOS": [(38, 55.5), (43, 60), (44, 52)],
    "GAL": [(23.5, 49.3), (20.8, 49.9)],
    "UKR": [(31, 49.2)],
    "SEV": [(36, 47), (41, 45.5), (34, 45.3)],
    "BUD": [(20.3, 47.1), (23, 46.4)],
    "TRI": [(15.2, 45.2), (17.4, 43.6), (14.0, 45.9)],
    "SER": [(20.9, 43.6)],
    "RUM": [(25.3, 45.0), (28.3, 44.6)],
    "BUL": [(25.0, 42.8), (26.8, 42.4), (25.5, 41.4)],
    "ALB": [(20.0, 41.0), (19.6, 41.9)],
    "GRE": [(22.0, 39.4), (22.3, 40.6), (22.3, 37.5)],
    "CON": [(28.2, 41.2), (29.8, 40.5), (26.6, 40.5)],
    "ANK": [(33.5, 40.6), (37, 40.9)],
    "ARM": [(41.5, 40.0), (44, 42), (41, 38.6)],
    "SMY": [(29.0, 38.4), (33.5, 37.6), (37, 38.3)],
    "SYR": [(38.0, 35.0), (41.5, 36.8), (35.8, 33.2)],
    # Africa
    "NAF": [(-2.0, 33.5), (4.0, 34.6), (-6, 32.5), (-5.2, 34.9)],
    "TUN": [(9.6, 34.6), (9.4, 36.4)],
    LAND_FILLER: [(15.5, 31.0), (21, 31.0), (26, 31.0), (31, 30.8), (-8.8, 53.2), (-7.5, 54.5),
                  (9.0, 40.0), (9.2, 42.2), (24.6, 35.2), (33.2, 35.0)],
}

SEA = {"NAO", "NWG", "BAR", "NTH", "IRI", "ENG", "MAO", "SKA", "HEL", "BAL", "BOT", "WES", "LYO",
       "TYS", "ION", "ADR", "AEG", "EAS", "BLA"}

# -- coastline: (owner or None, open?, points) ------------------------------------------------
# Land lies to the left of an open line's direction once it is closed along the frame; for rings,
# ``land_inside`` says which side is land. ``owner`` forces the land guides' owner (islands).

MAINLAND = [
    (46, 68.3), (40, 68.6), (36, 69.1), (33, 69.4), (28, 70.6), (25.8, 71.1), (21, 70.2),
    (17, 69.3), (14.5, 68.2), (13, 67), (12, 65.5), (10.5, 64), (8, 63), (5.2, 62),
    (5, 60), (5.6, 58.6), (7, 58), (8.5, 58.3), (10.5, 59.3), (11.2, 58.8), (11.8, 57.7),
    (12.7, 56.4), (12.4, 56.1), (11.6, 56.0), (10.9, 55.6), (10.6, 56.4), (10.5, 57.6), (9.5, 57.1), (8.2, 56.8), (8.1, 55.5),
    (8.6, 54.9), (8.8, 54.0), (8.0, 53.6), (7, 53.4), (5.5, 53.4), (4.7, 52.9), (4.3, 52.1),
    (3.6, 51.4), (2.5, 51.1), (1.6, 50.9), (1.6, 50.2), (0.2, 49.7), (-1.1, 49.4),
    (-1.3, 49.7), (-1.9, 49.7), (-1.6, 48.7), (-3, 48.8), (-4.7, 48.4), (-4.3, 47.8),
    (-2.5, 47.3), (-1.2, 46.2), (-1.2, 44.6), (-1.5, 43.5), (-3.8, 43.5), (-6, 43.6),
    (-8, 43.7), (-9.3, 43), (-8.9, 41.5), (-9.5, 38.8), (-8.8, 38.5), (-9, 37), (-7.4, 37.2),
    (-6.3, 36.6), (-5.6, 36.15), (-4.4, 36.7), (-2.1, 36.7), (-0.8, 37.6), (0.2, 38.8),
    (-0.3, 39.5), (0.9, 40.8), (3.2, 41.9), (3.1, 43), (4.8, 43.4), (6, 43.1), (7.5, 43.8),
    (8.8, 44.4), (10.2, 43.9), (10.5, 42.9), (12.2, 41.7), (13.8, 41.2), (15.6, 40.0),
    (16.0, 38.9), (15.7, 38.0), (16.1, 38.0), (17.1, 39.0), (16.6, 40.4), (17.3, 40.4),
    (18.5, 40.1), (18.0, 40.7), (16, 41.4), (15.3, 41.9), (14, 42.5), (13.6, 43.5),
    (12.4, 44.3), (12.3, 45.3), (13.6, 45.7), (13.7, 45.1), (14.5, 45.2), (15.5, 44),
    (16.4, 43.5), (18, 42.7), (19.4, 41.9), (19.5, 40.5), (20.1, 39.6), (20.8, 38.8),
    (21.1, 37.8), (21.7, 36.8), (22.4, 36.5), (23, 37.5), (22.9, 37.9), (24, 38.1),
    (23.5, 38.9), (22.8, 39.3), (22.6, 40.3), (23.7, 40.2), (24, 40.8), (26, 40.8),
    (26.4, 40.2), (26.2, 39.5), (26.8, 38.6), (27.2, 37.5), (27.6, 36.7), (28.5, 36.7),
    (30.5, 36.5), (32.5, 36.1), (34.5, 36.8), (36, 36.8), (35.9, 35.5), (35.9, 34.5),
    (35.5, 33.5), (35, 32.5), (34.4, 31.5), (32.3, 31.2), (30, 31.4), (29, 30.9), (25, 31.8),
    (20, 32.2), (19.5, 30.8), (15, 31.5), (11, 33.5), (10.5, 35.5), (11, 37), (10, 37.3),
    (8.5, 36.9), (5, 36.8), (3, 36.8), (0, 35.9), (-2, 35.1), (-5.3, 35.6), (-6, 35.4),
    (-6.8, 34), (-8.5, 33.2), (-9.7, 30.5),
]
BLACK_SEA = [
    (29, 41.2), (28, 41.6), (27.6, 42.5), (28.6, 43.6), (29.7, 45.2), (30.7, 46.5), (32.5, 46.1),
    (33.5, 45.9), (32.5, 45.3), (33.5, 44.5), (35.5, 45.1), (36.6, 45.3), (37.5, 44.7), (39, 44),
    (41.6, 41.6), (40, 41), (37, 41.1), (35, 42), (33.3, 41.9), (31.5, 41.2), (30, 41.1),
]
BALTIC = [
    (13.0, 55.7), (13.2, 55.4), (14.3, 55.5), (16, 56.2), (16.6, 57.6), (18.2, 59.3),
    (17.4, 60.6), (17.3, 62.3), (18.8, 63.5), (21, 64.5), (22.2, 65.7), (24.5, 65.8),
    (25.4, 65), (24.5, 64.2), (22.5, 63.2), (21.4, 62), (21.5, 60.8), (22.8, 60), (25, 60.3),
    (27, 60.6), (30.2, 60.0), (29, 59.8), (28, 59.5), (26, 59.5), (24, 59.3), (23.5, 58.8),
    (24.3, 58.1), (24, 57.2), (22.5, 57.7), (21.2, 57.2), (21, 56), (21.2, 55.2), (20, 54.8),
    (19.5, 54.4), (18.6, 54.5), (17, 54.8), (14.5, 54), (12.5, 54.4), (11, 54), (10.3, 54.6),
    (11.2, 55.2), (12.2, 55.1), (12.5, 55.45),
]
BRITAIN = [
    (-5.7, 50.0), (-4.2, 50.35), (-3.4, 50.6), (-1.5, 50.6), (0.3, 50.8), (1.4, 51.2),
    (0.9, 51.6), (1.7, 52.5), (1.7, 52.8), (0.3, 53.0), (0.1, 53.6), (-0.5, 54.5),
    (-1.4, 55.2), (-2, 55.9), (-3, 56.1), (-2.5, 56.6), (-1.8, 57.5), (-3.5, 57.7), (-3, 58.6),
    (-5, 58.6), (-5.8, 57.5), (-5.5, 56.4), (-5.6, 55.4), (-4.9, 55.7), (-5, 54.8),
    (-3.5, 54.9), (-3.3, 54.2), (-2.9, 53.4), (-4.5, 53.3), (-4.2, 52.8), (-4.5, 52.1),
    (-5.2, 51.8), (-4.2, 51.5), (-3.2, 51.4), (-3.0, 51.2), (-4.2, 51.1),
]
IRELAND = [
    (-6, 52.2), (-6.2, 53.5), (-5.5, 54.6), (-6.2, 55.3), (-7.4, 55.3), (-8.5, 54.6),
    (-10, 54.2), (-9.9, 53.3), (-9.9, 52.2), (-10.3, 51.6), (-8.5, 51.6), (-7, 52.1),
]
SICILY = [(12.4, 38.1), (15.6, 38.3), (15.1, 37.3), (15.0, 36.7), (12.5, 37.6)]
SARDINIA = [(8.4, 41.0), (9.5, 41.2), (9.8, 40.5), (9.6, 39.1), (8.9, 38.9), (8.4, 39.0),
            (8.5, 40.0), (8.2, 40.7)]
CORSICA = [(9.4, 43.0), (9.6, 42.6), (9.4, 41.4), (8.8, 41.6), (8.6, 42.3), (9.0, 42.7)]
CRETE = [(23.5, 35.5), (26.3, 35.3), (26.2, 35.0), (24.5, 35.0), (23.5, 35.3)]
CYPRUS = [(32.3, 35.1), (34.6, 35.7), (34.0, 34.9), (32.9, 34.6), (32.4, 34.8)]

# (points, closed along the frame?, land owner or None, land inside the ring?)
COASTS = [
    (MAINLAND, True, None, True),
    (BLACK_SEA, False, None, False),
    (BALTIC, False, None, False),
    (BRITAIN, False, None, True),
    (IRELAND, False, LAND_FILLER, True),
    (SICILY, False, "NAP", True),
    (SARDINIA, False, LAND_FILLER, True),
    (CORSICA, False, LAND_FILLER, True),
    (CRETE, False, LAND_FILLER, True),
    (CYPRUS, False, LAND_FILLER, True),
]

# Named coasts: where a fleet on that coast is drawn.
COAST_ANCHORS = {
    "STP/NC": (36.0, 68.0), "STP/SC": (29.6, 60.3),
    "SPA/NC": (-5.0, 42.9), "SPA/SC": (-2.5, 37.3),
    "BUL/EC": (27.2, 42.45), "BUL/SC": (25.3, 41.1),
}
# Main points the automatic placement would get wrong (lon, lat).
UNIT_OVERRIDES: dict[str, Point] = {}


# -- geometry helpers ------------------------------------------------------------------------

def signed_area(points: list[Point]) -> float:
    return 0.5 * sum(
        points[i][0] * points[(i + 1) % len(points)][1]
        - points[(i + 1) % len(points)][0] * points[i][1]
        for i in range(len(points))
    )


def point_in_rings(pt: Point, rings: list[list[Point]]) -> bool:
    """Even-odd test over all rings (holes included)."""
    x, y = pt
    inside = False
    for ring in rings:
        n = len(ring)
        for i in range(n):
            x1, y1 = ring[i]
            x2, y2 = ring[(i + 1) % n]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


def distance_to_rings(pt: Point, rings: list[list[Point]]) -> float:
    best = math.inf
    for ring in rings:
        n = len(ring)
        for i in range(n):
            best = min(best, _segment_distance(pt, ring[i], ring[(i + 1) % n]))
    return best


def near_any_segment(pt: Point, segments: list[tuple[Point, Point, tuple]], limit: float) -> bool:
    """Whether ``pt`` lies within ``limit`` of any segment (bounding boxes checked first)."""
    x, y = pt
    for a, b, (x0, y0, x1, y1) in segments:
        if x < x0 - limit or x > x1 + limit or y < y0 - limit or y > y1 + limit:
            continue
        if _segment_distance(pt, a, b) < limit:
            return True
    return False


def ring_segments(rings: list[list[Point]]) -> list[tuple[Point, Point, tuple]]:
    out = []
    for ring in rings:
        for i, a in enumerate(ring):
            b = ring[(i + 1) % len(ring)]
            out.append((a, b, (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]),
                               max(a[1], b[1]))))
    return out


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                             / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


# -- seeds and guides ------------------------------------------------------------------------

def main_seeds() -> list[tuple[Point, str]]:
    return [(project(*ll), owner) for owner, points in SEEDS.items() for ll in points]


def _nearest(pt: Point, candidates: list[tuple[Point, str]]) -> str:
    return min(candidates, key=lambda c: (c[0][0] - pt[0]) ** 2 + (c[0][1] - pt[1]) ** 2)[1]


def guide_seeds(mains: list[tuple[Point, str]]) -> list[tuple[Point, str]]:
    land_mains = [m for m in mains if m[1] not in SEA and m[1] != "SWI"]
    sea_mains = [m for m in mains if m[1] in SEA]
    guides: list[tuple[Point, str]] = []
    for lonlat, along_frame, owner, land_inside in COASTS:
        pts = [project(*ll) for ll in lonlat]
        ring = pts + ([project(LON1, LAT_BOTTOM)] if along_frame else [])
        ccw = signed_area(ring) > 0  # y points down: positive area is clockwise on screen
        segments = len(pts) - 1 if along_frame else len(pts)
        for i in range(segments):
            a, b = pts[i], pts[(i + 1) % len(pts)]
            length = math.dist(a, b)
            steps = max(1, round(length / GUIDE_SPACING))
            nx, ny = (b[1] - a[1]) / length, -(b[0] - a[0]) / length  # right-hand normal
            if ccw == land_inside:
                nx, ny = -nx, -ny
            # now (nx, ny) points towards the land side
            for k in range(steps):
                t = (k + 0.5) / steps
                px, py = a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
                land_pt = (px + nx * GUIDE_OFFSET, py + ny * GUIDE_OFFSET)
                sea_pt = (px - nx * GUIDE_OFFSET, py - ny * GUIDE_OFFSET)
                guides.append((land_pt, owner or _nearest(land_pt, land_mains)))
                guides.append((sea_pt, _nearest(sea_pt, sea_mains)))
    return guides


def land_rings() -> list[list[Point]]:
    """The land as even-odd rings (the mainland closed along the frame; the Black Sea a hole)."""
    rings = []
    for lonlat, along_frame, _owner, _land_inside in COASTS:
        pts = [project(*ll) for ll in lonlat]
        rings.append(pts + ([project(LON1, LAT_BOTTOM)] if along_frame else []))
    return rings


def border_guides(mains: list[tuple[Point, str]], land: list[list[Point]]
                  ) -> list[tuple[Point, str]]:
    """Guide pairs along the borders between provinces of one kind (land-land, sea-sea).

    Without them, the long thin cells of coastal guides reach across those borders.
    """
    guides: list[tuple[Point, str]] = []
    coast_segments = ring_segments(land)
    for want_land in (True, False):
        group = [m for m in mains if (m[1] not in SEA) == want_land]
        points = [g[0] for g in group]
        for i, (poly, labels) in enumerate(voronoi(points)):
            for k, other in enumerate(labels):
                if other == FRAME or group[other][1] == group[i][1]:
                    continue
                a, b = poly[k], poly[(k + 1) % len(poly)]
                length = math.dist(a, b)
                if length < 1e-6:
                    continue
                nx, ny = (points[i][0] - a[0]), (points[i][1] - a[1])
                # normal towards our own site
                ex, ey = (b[0] - a[0]) / length, (b[1] - a[1]) / length
                side = nx * -ey + ny * ex
                mx, my = (-ey, ex) if side > 0 else (ey, -ex)
                steps = max(1, round(length / GUIDE_SPACING))
                for s in range(steps):
                    t = (s + 0.5) / steps
                    px, py = a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
                    if near_any_segment((px, py), coast_segments, 2 * GUIDE_OFFSET + 1):
                        continue
                    if point_in_rings((px, py), land) != want_land:
                        continue
                    guides.append(((px + mx * GUIDE_OFFSET, py + my * GUIDE_OFFSET), group[i][1]))
    return guides


# -- Voronoi by half-plane clipping --------------------------------------------------------

FRAME = -1


def clip(poly: list[Point], labels: list[int], site: Point, other: Point, other_id: int
         ) -> tuple[list[Point], list[int]]:
    """Keep the part of ``poly`` nearer ``site`` than ``other``; new edges get ``other_id``."""
    nx, ny = other[0] - site[0], other[1] - site[1]
    c = (other[0] ** 2 + other[1] ** 2 - site[0] ** 2 - site[1] ** 2) / 2
    values = [p[0] * nx + p[1] * ny - c for p in poly]
    if all(v <= 0 for v in values):
        return poly, labels
    out: list[Point] = []
    out_labels: list[int] = []
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        va, vb = values[i], values[(i + 1) % n]
        if va <= 0:
            if vb <= 0:
                out.append(a)
                out_labels.append(labels[i])
            else:
                t = va / (va - vb)
                out.append(a)
                out_labels.append(labels[i])
                out.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
                out_labels.append(other_id)
        elif vb <= 0:
            t = va / (va - vb)
            out.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
            out_labels.append(labels[i])
    return out, out_labels


def voronoi(points: list[Point]) -> list[tuple[list[Point], list[int]]]:
    cell = 24.0
    grid: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i, (x, y) in enumerate(points):
        grid[(int(x // cell), int(y // cell))].append(i)
    gx_max, gy_max = int(WIDTH // cell) + 1, int(HEIGHT // cell) + 1
    frame = [(0.0, 0.0), (WIDTH, 0.0), (WIDTH, HEIGHT), (0.0, HEIGHT)]
    cells = []
    for i, site in enumerate(points):
        poly, labels = list(frame), [FRAME] * 4
        gx, gy = int(site[0] // cell), int(site[1] // cell)
        ring = 0
        while True:
            ids = [j for cx in range(gx - ring, gx + ring + 1) for cy in range(gy - ring, gy + ring + 1)
                   if max(abs(cx - gx), abs(cy - gy)) == ring for j in grid.get((cx, cy), ())]
            ids.sort(key=lambda j: math.dist(site, points[j]))
            for j in ids:
                if j != i:
                    poly, labels = clip(poly, labels, site, points[j], j)
            reach = max(math.dist(site, p) for p in poly)
            # every unvisited point is at least ring * cell away
            if 2 * reach < ring * cell or ring > max(gx_max, gy_max):
                break
            ring += 1
        cells.append((poly, labels))
    return cells


# -- merging cells into provinces ----------------------------------------------------------

def merge(cells, owners: list[str]) -> tuple[dict[str, list[list[Point]]],
                                              dict[tuple[str, str], float]]:
    snap: dict[tuple[int, int], Point] = {}

    def canon(p: Point) -> Point:
        key = (round(p[0] * 100), round(p[1] * 100))
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                found = snap.get((key[0] + dx, key[1] + dy))
                if found is not None:
                    return found
        snap[key] = p
        return p

    edges: dict[str, list[tuple[Point, Point]]] = defaultdict(list)
    shared: dict[tuple[str, str], float] = defaultdict(float)
    for i, (poly, labels) in enumerate(cells):
        own = owners[i]
        n = len(poly)
        for k in range(n):
            a, b = canon(poly[k]), canon(poly[(k + 1) % n])
            if a == b:
                continue
            other = labels[k]
            other_owner = "" if other == FRAME else owners[other]
            if other_owner == own:
                continue
            edges[own].append((a, b))
            if other_owner and own < other_owner:
                shared[(own, other_owner)] += math.dist(a, b)
    users: dict[Point, set[str]] = defaultdict(set)
    for own, own_edges in edges.items():
        for a, b in own_edges:
            users[a].add(own)
            users[b].add(own)
    rings: dict[str, list[list[Point]]] = {}
    for own, own_edges in edges.items():
        outgoing: dict[Point, list[Point]] = defaultdict(list)
        for a, b in own_edges:
            outgoing[a].append(b)
        result = []
        while outgoing:
            start = next(iter(outgoing))
            ring = [start]
            current = start
            while True:
                nxt = outgoing[current].pop()
                if not outgoing[current]:
                    del outgoing[current]
                if nxt == start:
                    break
                ring.append(nxt)
                current = nxt
                if current not in outgoing:  # open chain: should not happen; close it
                    break
            result.append(_drop_collinear(ring, users))
        rings[own] = [r for r in result if len(r) >= 3]
    return rings, shared


def _drop_collinear(ring: list[Point], users: dict[Point, set[str]]) -> list[Point]:
    """Drop straight-through vertices, but keep any a third province meets (so neighbours'
    rings keep identical shared edges)."""
    out = []
    n = len(ring)
    for i in range(n):
        a, b, c = ring[i - 1], ring[i], ring[(i + 1) % n]
        cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
        if abs(cross) > 1e-6 or len(users[b]) > 2:
            out.append(b)
    return out


# -- anchors -------------------------------------------------------------------------------

OFFSETS_LABEL = [(0, 17), (0, -17), (18, 10), (-18, 10), (0, 22), (20, 0), (-20, 0), (0, 12)]
OFFSETS_SC = [(14, -9), (-14, -9), (14, 9), (-14, 9), (0, -14), (16, 0), (-16, 0), (0, 14)]


def place(base: Point, offsets, rings, taken: list[Point], margin: float) -> Point:
    best, best_score = base, -math.inf
    for dx, dy in offsets:
        for scale in (1.0, 0.75, 1.3):
            p = (base[0] + dx * scale, base[1] + dy * scale)
            if not point_in_rings(p, rings):
                continue
            room = min([distance_to_rings(p, rings)] + [math.dist(p, t) - 8 for t in taken])
            if room >= margin:
                return p
            if room > best_score:
                best, best_score = p, room
    return best


def anchors(rings: dict[str, list[list[Point]]]) -> dict[str, dict[str, Point]]:
    result = {}
    for prov, points in SEEDS.items():
        if prov == LAND_FILLER:
            continue
        unit = project(*UNIT_OVERRIDES.get(prov, points[0]))
        own = rings[prov]
        label = place(unit, OFFSETS_LABEL, own, [unit], 5)
        entry = {"unit": unit, "label": label}
        sc = place(unit, OFFSETS_SC, own, [unit, label], 5)
        entry["sc"] = sc
        result[prov] = entry
    return result


def rounded(p: Point) -> list[float]:
    return [round(p[0], 1), round(p[1], 1)]


def build() -> dict:
    mains = main_seeds()
    seeds = mains + guide_seeds(mains) + border_guides(mains, land_rings())
    points = [s[0] for s in seeds]
    owners = [s[1] for s in seeds]
    cells = voronoi(points)
    rings, shared = merge(cells, owners)
    anchor_points = anchors(rings)
    provinces = {}
    for prov in sorted(p for p in SEEDS if p != LAND_FILLER):
        entry = {"polygons": [[rounded(p) for p in ring] for ring in rings[prov]]}
        entry.update({k: rounded(v) for k, v in anchor_points[prov].items()})
        provinces[prov] = entry
    for coast, ll in COAST_ANCHORS.items():
        provinces[coast.split("/")[0]].setdefault("coasts", {})[coast] = rounded(project(*ll))
    return {
        "note": "tdapp's own drawing of the standard Diplomacy board, generated by "
                "resources/maps/make_geometry.py from seed points and a simplified coastline "
                "written for tdapp (no map art from any other project). Do not edit by hand.",
        "width": WIDTH,
        "height": HEIGHT,
        "provinces": provinces,
        "neutral_land": [[rounded(p) for p in ring] for ring in rings.get(LAND_FILLER, [])],
        "borders": {f"{a}-{b}": round(length, 1) for (a, b), length in sorted(shared.items())
                    if a != LAND_FILLER and b != LAND_FILLER},
    }


def main() -> int:
    out = Path(__file__).with_name("standard_geometry.json")
    data = build()
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
