"""Every system of scoring-systems.md on hand-worked boards.

Expected values are worked by hand from the formulas (comments show the working) and written
as exact fractions; a score must equal the float of its fraction exactly.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tdapp.core.scoring.registry import get_system
from tests.core.scoring.scoring_helpers import board, values

# Board A: 10-9-8-5-2, Russia out in 1905, Turkey in 1907. Lone top, lead 1, five survivors.
A = board([10, 9, 8, 5, 2], eliminated=[1905, 1907])
# Board B: 8-8-6-6-4-2, Turkey out in 1906. Two-way top, two-way tie for third.
B = board([8, 8, 6, 6, 4, 2], eliminated=[1906])
# Board C: 11-11-11-1, Italy 1905, Russia 1906, Turkey 1907. Three-way top.
C = board([11, 11, 11, 1], eliminated=[1905, 1906, 1907])
# Board D: 12-10-8-4, Italy 1904, Russia 1905, Turkey 1906. Nobody at top - 1.
D = board([12, 10, 8, 4], eliminated=[1904, 1905, 1906])
# Board E: 17-10-4-3, Italy 1905, Russia 1906, Turkey 1907. Three eliminated.
E = board([17, 10, 4, 3], eliminated=[1905, 1906, 1907])
# Board M: 14-12-8, Germany 1904, Italy 1905, Russia 1906, Turkey 1907.
M = board([14, 12, 8], eliminated=[1904, 1905, 1906, 1907])
# Board Q: 8-8-8-8-2, Russia 1905, Turkey 1906. Four-way top.
Q = board([8, 8, 8, 8, 2], eliminated=[1905, 1906])
# Solo: Austria 18 in 1910 over 10-4-2, Italy 1905, Russia 1906, Turkey 1907.
S = board([18, 10, 4, 2], end_year=1910, solo=True, eliminated=[1905, 1906, 1907])

CASES = [
    # --- Draw size: 100 / survivors, or / the passed draw.
    ("draw-size", A, [20, 20, 20, 20, 20, 0, 0]),
    ("draw-size", board([10, 9, 8, 5, 2], eliminated=[1905, 1907], draw=("AUSTRIA", "ENGLAND", "FRANCE")),
     [F(100, 3), F(100, 3), F(100, 3), 0, 0, 0, 0]),
    ("draw-size", S, [100, 0, 0, 0, 0, 0, 0]),
    ("solo-or-bust", A, [0] * 7),
    ("solo-or-bust", S, [100, 0, 0, 0, 0, 0, 0]),
    # --- Carnage: positions 7000..1000 + centres. Dead equal: R, T share (2000 + 1000) / 2.
    ("carnage-dead-equal", A, [7010, 6009, 5008, 4005, 3002, 1500, 1500]),
    ("carnage-elimination-order", A, [7010, 6009, 5008, 4005, 3002, 1000, 2000]),
    # Ties split: A, E share (7000 + 6000) / 2; F, G (5000 + 4000) / 2.
    ("carnage-elimination-order", B, [6508, 6508, 4506, 4506, 3004, 2002, 1000]),
    ("carnage-2023", A, [7310, 6009, 5008, 4005, 3002, 1000, 2000]),  # + 300 x (10 - 9)
    ("carnage-2023", S, [28034, 0, 0, 0, 0, 0, 0]),
    # 500 x centres + 7007..1001 by elimination order.
    ("center-count-carnage", A, [12007, 10506, 9005, 6504, 4003, 1001, 2002]),
    ("center-count-carnage", S, [39028, 1000, 1000, 1000, 1000, 1000, 1000]),
    # --- C-Diplo: participation + centres + 38/14/7.
    ("c-diplo-100", A, [49, 24, 16, 6, 3, 1, 1]),
    ("c-diplo-100", B, [1 + 8 + 26, 35, 1 + 6 + F(7, 2), F(21, 2), 5, 3, 1]),
    ("c-diplo-100", S, [100, 0, 0, 0, 0, 0, 0]),
    ("c-diplo-80", A, [35, 23, 15, 5, 2, 0, 0]),
    ("c-diplo-80", S, [80, 0, 0, 0, 0, 0, 0]),
    # Namur centre values: f(10) = 22, f(9) = 21, f(8) = 20, f(5) = 16, f(2) = 9.
    ("c-diplo-namur", A, [61, 36, 28, 17, 10, 1, 1]),
    ("c-diplo-namur", S, [85, 0, 0, 0, 0, 0, 0]),
    ("c-diplo-73", A, [49, 10, 9, 6, 3, 1, 1]),
    ("c-diplo-73", B, [28, 28, 7, 7, 5, 3, 1]),  # 38 split by two toppers
    ("c-diplo-73", S, [73, 0, 0, 0, 0, 0, 0]),
    # --- Duct Tape V2: centres + 40/24/15/9/6/3/3.
    ("duct-tape", A, [50, 33, 23, 14, 8, 3, 3]),
    ("duct-tape", E, [57, 34, 19, 12, 4, 4, 4]),  # I, R, T share (6 + 3 + 3) / 3
    ("duct-tape-elimination-order", E, [57, 34, 19, 12, 3, 3, 6]),
    ("duct-tape", S, [75, 0, 0, 0, 0, 0, 0]),
    # --- Tribute: share 66/5 = 13.2; tribute t = min(13.2, 10 - 6) = 4, four payers.
    ("tribute", A, [F("39.2"), F("18.2"), F("17.2"), F("14.2"), F("11.2"), 0, 0]),
    # Two toppers on 8: t = min(11, 2) = 2 paid by 4 non-toppers, 4 each to A and E.
    ("tribute", B, [8 + 11 + 4, 23, 15, 15, 13, 11, 0]),
    ("tribute", S, [100, 0, 0, 0, 0, 0, 0]),
    ("half-tribute", A, [F("31.2"), F("20.2"), F("19.2"), F("16.2"), F("13.2"), 0, 0]),  # t = 2
    # --- OpenTribute: 24 + 4S for survivors; top takes 0+1+2+5+8+10+10 = 36.
    ("open-tribute", A, [100, 60, 56, 44, 32, 0, 0]),
    # Two toppers on 8: survivors 34 + 3S - (8 - S); paid 0+0+2+2+4+6+8 = 22, each topper
    # gets floor(22 / 2^2) = 5.
    ("open-tribute", B, [34 + 24 + 5, 63, 50, 50, 42, 34, 0]),
    ("open-tribute", S, [340, 0, 0, 0, 0, 0, 0]),
    # --- OMG: 1.5S + 9 + 4.5/3/1.5; four survivors pay min(1, own / 2) to the lone top.
    ("omg", A, [F("32.5"), F("24.5"), F("21.5"), F("15.5"), 11, 0, 0]),
    # Shared top: no tribute; A, E share (4.5 + 3) / 2, F, G share 1.5 / 2.
    ("omg", B, [12 + 9 + F("3.75"), F("24.75"), 9 + 9 + F("0.75"), F("18.75"), 15, 12, 0]),
    ("omg", S, [100, 0, 0, 0, 0, 0, 0]),
    # --- Bangkok: S + 3 + 12 x shares (3, 2, 1 -> A 6, E 4, F 2); eliminated 0.3 per year.
    ("bangkok", A, [19, 16, 13, 8, 5, F("1.5"), F("2.1")]),
    ("bangkok-dipvis", A, [19, 16, 13, 8, 5, F("1.2"), F("1.8")]),
    ("bangkok", S, [41, 5, 2, 1, 0, 0, 0]),
    # Olympic: shares 4, 1.5, 0.5 -> A 8, E 3, F 1.
    ("olympic", A, [21, 15, 12, 8, 5, F("1.5"), F("2.1")]),
    ("olympic", S, [46, 0, 0, 0, 0, 0, 0]),
    # --- Bangkok Pike: S + 3; lone top 6, top-1 4, top-2 2; eliminated 0.1 x (1 + y - 1901).
    ("bangkok-pike", A, [19, 16, 13, 8, 5, F("0.5"), F("0.7")]),
    # Nobody at 11: the lone top also takes 4; E at 10 is top - 2.
    ("bangkok-pike", D, [25, 15, 11, 7, F("0.4"), F("0.5"), F("0.6")]),
    # Nobody at 13: the lone top takes 6 + 4; E at 12 takes the 2.
    ("bangkok-pike", M, [27, 17, 11, F("0.4"), F("0.5"), F("0.6"), F("0.7")]),
    # Nobody at 17 or 16: the lone top takes 6 + 4 + 2.
    ("bangkok-pike", E, [32, 13, 7, 6, F("0.5"), F("0.6"), F("0.7")]),
    ("bangkok-pike", B, [15, 15, 11, 11, 7, 5, F("0.6")]),
    ("bangkok-pike", S, [60, 1, 1, 1, F("0.5"), F("0.6"), F("0.7")]),
    # --- Base 3: survivors 3 + S; toppers 9 / 3^(n-1).
    ("base-3", A, [22, 12, 11, 8, 5, 0, 0]),
    ("base-3", B, [14, 14, 9, 9, 7, 5, 0]),
    ("base-3", C, [15, 15, 15, 4, 0, 0, 0]),
    ("base-3", S, [46, 0, 0, 0, 0, 0, 0]),
    # --- Detour09: raw 17, 14, 12, 8, 4 (total 55) normalised; R +1.0, T +1.5.
    ("detour09", A, [F(1700, 55), F(1400, 55), F(1200, 55), F(800, 55), F(400, 55), 1, F("1.5")]),
    # Ties take the lower bonus: raw 13, 13, 9, 9, 6, 4, 0 (total 54); T out 1906: +1.25.
    ("detour09", B, [F(1300, 54), F(1300, 54), F(900, 54), F(900, 54), F(600, 54), F(400, 54), F("1.25")]),
    # Solo in 1910: losers 0.25 x 9 capped at 2; I 1.0, R 1.25, T 1.5.
    ("detour09", S, [110, 2, 2, 2, 1, F("1.25"), F("1.5")]),
    # --- ManorCon: N = 156, 133, 112, 61, 28, dead 16 + 16: total 522.
    ("manorcon", A, [F(15600, 522), F(13300, 522), F(11200, 522), F(6100, 522), F(2800, 522), F("0.5"), F("0.7")]),
    ("manorcon-dipvis", A, [F(15600, 522), F(13300, 522), F(11200, 522), F(6100, 522), F(2800, 522), F("0.4"), F("0.6")]),
    ("manorcon-v2", A, [F(15600, 490), F(13300, 490), F(11200, 490), F(6100, 490), F(2800, 490), F("0.5"), F("0.7")]),
    ("manorcon", S, [75, 1, 1, 1, F("0.5"), F("0.6"), F("0.7")]),
    ("manorcon-original", S, [100, 1, 1, 1, F("0.5"), F("0.6"), F("0.7")]),
    ("manorcon-dipvis", S, [75, F("0.9"), F("0.9"), F("0.9"), F("0.4"), F("0.5"), F("0.6")]),
    # --- Maxonian / 7Eleven: 7..1 by centres, eliminated by count-back (= elimination order).
    ("maxonian", A, [7, 6, 5, 4, 3, 1, 2]),
    ("maxonian", M, [8, 6, 5, 1, 2, 3, 4]),  # 14 > 13: +1
    ("7eleven", M, [10, 7, 5, 1, 2, 3, 4]),  # 14 > 11: +3, 12 > 11: +1
    ("maxonian", S, [12, 6, 5, 4, 1, 2, 3]),  # only the soloer's bonus: min(18, 18) - 13
    ("7eleven", S, [14, 6, 5, 4, 1, 2, 3]),
    # --- Mischief: centres, +5 lone top, +1 each for a two-way top.
    ("mischief", A, [15, 9, 8, 5, 2, 0, 0]),
    ("mischief", B, [9, 9, 6, 6, 4, 2, 0]),
    ("mischief", C, [11, 11, 11, 1, 0, 0, 0]),
    ("mischief", S, [34, 0, 0, 0, 0, 0, 0]),
    # --- Ranked Classic: survivors 30 + 10S + 200/90/60/40/30/20/10; eliminated y - 1901.
    ("ranked-classic", A, [330, 210, 170, 120, 80, 4, 6]),
    ("ranked-classic", B, [245, 245, 140, 140, 100, 70, 5]),  # two-way values 135 and 50
    ("ranked-classic", C, [200, 200, 200, 80, 4, 5, 6]),  # three-way: lowest position (60)
    ("ranked-classic-v2", C, [210, 210, 210, 80, 4, 5, 6]),  # two-way value of 2nd (70)
    ("ranked-classic-v2", B, [245, 245, 140, 140, 100, 70, 5]),
    ("ranked-classic", S, [550, 9, 9, 9, 4, 5, 6]),
    # --- World Classic: 30 + 10S, toppers share 48; Summer Classic only for n_top <= 2.
    ("world-classic", A, [178, 120, 110, 80, 50, 4, 6]),
    ("world-classic", B, [134, 134, 90, 90, 70, 50, 5]),
    ("summer-classic", B, [134, 134, 90, 90, 70, 50, 5]),
    ("world-classic", C, [156, 156, 156, 40, 4, 5, 6]),
    ("summer-classic", C, [140, 140, 140, 40, 4, 5, 6]),
    ("world-classic", S, [420, 9, 9, 9, 4, 5, 6]),
    # --- Whipping: 10S + 60/N; lone top + 2 x top; eliminated y - 1900.
    ("whipping", A, [132, 102, 92, 62, 32, 5, 7]),
    ("whipping", B, [90, 90, 70, 70, 50, 30, 6]),
    ("whipping", S, [468, 10, 10, 10, 5, 6, 7]),
    ("weasel-moot", A, [132, 102, 92, 62, 32, 4, 6]),
    ("weasel-moot", S, [450, 0, 0, 0, 0, 0, 0]),
    # --- Southern Sun: 30 + 10S + rounded split of 130/80/50/30/20/10/10 among survivors.
    ("southern-sun", A, [260, 200, 160, 110, 70, 15, 21]),
    ("southern-sun", B, [215, 215, 130, 130, 90, 60, 18]),
    ("southern-sun", C, [227, 227, 227, 70, 15, 18, 21]),  # 260 / 3 = 86.67 -> 87
    ("southern-sun", Q, [183, 183, 183, 183, 70, 15, 18]),  # 290 / 4 = 72.5 -> 73
    ("southern-sun", S, [500, 0, 0, 0, 0, 0, 0]),
    # --- Sydney League: 25S + 700..100; eliminated remaining positions + (1 + y - 1901).
    ("sydney-league", A, [950, 825, 700, 525, 350, 105, 207]),
    ("sydney-league", S, [1725, 425, 300, 225, F("52.5"), 103, F("153.5")]),
    # --- Vulcan: S + 5 + leads over everyone below; toppers share 10.
    ("vulcan", A, [61, 44, 38, 23, 11, 0, 0]),
    # F: 6 + 5 + (2 + 4 + 6); I: 4 + 5 + (2 + 4); R: 2 + 5 + 2.
    ("vulcan", B, [40, 40, 23, 23, 15, 9, 0]),
    ("vulcan", S, [130, 5, 5, 5, 0, 0, 0]),
    # --- Dixie: 4S + places; the draw shares places 1..k rounded (k = 5: 444/5 -> 89).
    ("dixie", A, [129, 125, 121, 109, 97, 0, 10]),
    ("dixie", board([10, 9, 8, 5, 2], eliminated=[1905, 1907], draw=("AUSTRIA", "ENGLAND", "FRANCE")),
     [170, 166, 162, 54, 28, 0, 10]),
    ("dixie", S, [342, 110, 66, 42, 0, 10, 20]),
    # --- Goff: 420S + 1260; pots of 420 for top, within 1, within 2; 140 per year.
    ("goff", A, [6230, 5390, 4760, 3360, 2100, 560, 840]),
    ("goff", S, [16800, 1400, 1400, 1400, 560, 700, 840]),
    # --- Your Draw Size: 1-3: 21, 4-7: 30, 8-10: 42, 11-13: 70, 14-17: 105.
    ("your-draw-size-short", A, [42, 42, 42, 30, 21, 0, 0]),
    ("your-draw-size-short", M, [105, 70, 42, 0, 0, 0, 0]),
    ("your-draw-size-short", S, [300, 0, 0, 0, 0, 0, 0]),
    ("your-draw-size-unlimited", S, [320, 0, 0, 0, 0, 0, 0]),
    # --- Cruise Con: 19 + floor(S / 5) in a five-way draw; 48 + floor(S / 2) in a two-way.
    ("cruise-con", A, [21, 20, 20, 20, 19, 0, 0]),
    ("cruise-con", board([10, 9, 8, 5, 2], eliminated=[1905, 1907], draw=("AUSTRIA", "ENGLAND")),
     [53, 52, 0, 0, 0, 0, 0]),
    ("cruise-con", S, [114, 0, 0, 0, 0, 0, 0]),
]


@pytest.mark.parametrize(("name", "game", "expected"), CASES)
def test_hand_worked(name: str, game, expected: list) -> None:
    assert values(get_system(name).score(game)) == [float(F(x)) for x in expected]


def test_every_listed_system_is_tested_here() -> None:
    from tdapp.core.scoring.registry import system_names

    seeds = {"haight", "sum-of-squares", "edc-2026", "dbn-winner"}  # test_scoring_seed_systems
    assert set(system_names()) - seeds == {name for name, _, _ in CASES}
