"""The first two years of a board, as the assistants typed the paper sheets (mixed spellings,
as players write them). The openings are the standard published ones (Austria's Southern
Hungarian, England's Northern, France's Maginot-free Burgundy opening, Germany's Danish Blitz,
Italy's Lepanto, Russia's Southern, Turkey's Black Sea bounce); 1902 brings a cut support, a
dislodgement with its retreat, a three-way fight for Brest and supply centres changing hands.
"""

from __future__ import annotations

GAME: list[tuple[str, dict[str, str]]] = [
    ("S1901M", {
        "AUSTRIA": "A Vie-Gal; A Bud-Ser; F Tri-Alb",
        "ENGLAND": "F Lon-Nth, F Edi-Nwg, A Lvp-Yor",
        "FRANCE": "A Par-Bur\nA Mar-Spa\nF Bre-Mao",
        "GERMANY": "A Berlin-Kiel A Munich-Ruhr F Kiel-Denmark",
        "ITALY": "A Rom-Apu, A Ven H, F Nap-Ion",
        "RUSSIA": "A Mos-Ukr; A War-Gal; F Sev-Bla; F StP/sc-Bot",
        "TURKEY": "F Ank-Bla, A Con-Bul, A Smy-Con",
    }),
    ("F1901M", {
        "AUSTRIA": "F Alb-Gre; A Ser S F Alb-Gre; A Vie-Gal",
        "ENGLAND": "F Nth C A Yor-Nwy, A Yor-Nwy, F Nwg-Bar",
        "FRANCE": "A Bur-Bel, F Mao-Por, A Spa H",
        "GERMANY": "A Kie-Hol, A Ruh-Bel, F Den H",
        "ITALY": "F Ion C A Apu-Tun, A Apu-Tun, A Ven H",
        "RUSSIA": "A Ukr-Rum, F Sev S A Ukr-Rum, A War-Gal, F Bot-Swe",
        "TURKEY": "A Bul-Gre, F Ank-Bla, A Con H",
    }),
    ("W1901A", {
        "AUSTRIA": "Build A Bud, Build F Tri",
        "ENGLAND": "Build F Lon",
        "FRANCE": "Build A Par, Build F Bre",
        "GERMANY": "Build F Kie, Build A Mun",
        "ITALY": "Build F Nap",
        "RUSSIA": "Build A Mos, Build F StP/nc",
        "TURKEY": "Build F Ank",
    }),
    ("S1902M", {
        "AUSTRIA": "A Ser-Rum, A Bud S A Ser-Rum, A Vie-Gal, F Tri-Adr, F Gre H",
        "ENGLAND": "F Lon-Eng, F Nth H, A Nwy H, F Bar H",
        "FRANCE": "F Bre-Mao, A Par-Pic, A Bur H, F Por H, A Spa-Gas",
        "GERMANY": "A Ruh-Bel, A Hol S A Ruh-Bel, F Kie-Hel, A Mun H, F Den H",
        "ITALY": "A Ven-Pie, F Ion-Aeg, F Nap-Tys, A Tun H",
        "RUSSIA": "A Rum H, F Sev S A Rum, A War-Gal, A Mos H, F Swe H, F StP H",
        "TURKEY": "F Bla-Sev, A Bul S A Ser-Rum, A Con H, F Ank H",
    }),
    ("S1902R", {
        "RUSSIA": "A Rum-Ukr",
    }),
    ("F1902M", {
        "AUSTRIA": "F Gre H, F Adr-Ion, A Rum H, A Bud S A Rum, A Vie-Gal",
        "ENGLAND": "F Eng-Bre, F Nth H, A Nwy H, F Bar H",
        "FRANCE": "F Mao-Bre, A Pic S F Mao-Bre, A Bur H, F Por H, A Gas-Spa",
        "GERMANY": "A Bel-Pic, A Hol H, A Mun-Bur, F Hel H, F Den H",
        "ITALY": "A Pie-Mar, F Aeg-Smy, F Tys-Wes, A Tun H",
        "RUSSIA": "A Ukr-Rum, F Sev S A Ukr-Rum, A War-Gal, A Mos H, F Swe H, F StP H",
        "TURKEY": "F Bla-Sev, A Bul S A Rum, A Con H, F Ank H",
    }),
    ("W1902A", {
        "AUSTRIA": "Build F Tri",
        "GERMANY": "Build A Ber",
        "ITALY": "Build A Ven, Build F Nap",
        "RUSSIA": "Disband A Ukr",
        "TURKEY": "Remove F Ank",
        # France owes a removal and writes none: the format's civil-disorder order decides
    }),
]

# What the record must come to: centres per power after 1901 and 1902 (AEFGIRT).
CENTRES = {1901: [5, 4, 5, 5, 4, 6, 4], 1902: [6, 4, 4, 6, 6, 5, 3]}
