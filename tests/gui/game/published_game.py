"""A real, published game: the first two years of the classroom game reported season by
season on the blog *Lords of the Dice* (lordsofthedice.wordpress.com, May–June 2018): seven
teams of fifth-grade students who had never played, the blog's author as games master.

Sources (the stored copies; each post's opening was readable, the ends of the longer ones were
not):

- Spring 1901: https://lordsofthedice.wordpress.com/2018/05/18/diplomacy-spring-1901/
- Fall 1901 and its builds: https://lordsofthedice.wordpress.com/2018/05/23/diplomacy-fall-1901/
- Spring 1902: https://lordsofthedice.wordpress.com/2018/05/25/spring-1902/
- Fall 1902 and its adjustments:
  https://lordsofthedice.wordpress.com/2018/06/03/diplomacy-fall-1902/
- Spring 1903 (only as a check of the position after 1902):
  https://lordsofthedice.wordpress.com/2018/06/06/diplomacy-spring-1903/

The posts tell the orders in prose ("The French army in Picardy moves into Belgium with support
from the army in Burgundy"); below they are written as a sheet would carry them, with the
blog's own names (Rumania and Romania both, Mid-Atlantic Ocean, Gulf of Lyons...). No order
sheet of the game is published, so the wording of each order is ours; what each unit did and
what came of it is the source's.

What is published, and what is derived (``DERIVED`` lists every derived sheet line):

- 1901, Spring: England, France, Germany and Italy in full. The blog names the units by what
  they did ("both of their armies move towards Germany ... Burgundy and ... Picardy"): Marseilles
  cannot reach Picardy, so A Mar-Bur, A Par-Pic. Two readings are ours: England's "fleet
  stationed in Edinburgh is given mixed orders and decide to stay in port" is typed as two
  different orders for F Edinburgh (WDC 2025: it holds), and Germany's "army in Berlin prepares
  a crossing of the Baltic Sea, however with a lack of ships ... stay still" as A Berlin-Baltic
  Sea (an army cannot enter a sea: it holds). Germany's fleet went "along the coast of Kiel
  towards Holland" but is "the fleet in Kiel" in the Fall: it held. Austria's post is cut after
  F Trieste-Adriatic; Russia's and Turkey's are not in the stored copy. Their Spring orders are
  derived from where the Fall post finds their units: Austria's "army in Rumania" and "other
  army in Vienna" (A Bud-Rum, A Vie holds), Russia's fleet in the Gulf of Bothnia, army in
  Galicia, fleet in Sevastopol and army in Moscow; Turkey's units are all where they started
  (its Fall "performs more actions than last year"): they are typed as holding.
- 1901, Fall and Winter: published for six powers with their builds; the Turkish paragraph is cut
  ("The army in Constantinopl..."). Turkey's Fall (A Con-Bul, the others hold) and its build
  (F Con) are derived from the Spring 1902 post, which has a Turkish army in Smyrna, a fleet
  "stationed in Constantinople", an army in Bulgaria and a fleet in Ankara (which did not take
  the Black Sea: Russia's fleet did). Italy's "new unit in Naples" is an army: Spring 1902 moves
  "the army in Naples".
- 1902, Spring: published for all seven powers. England "attempts an army crossing through the
  English Channel from London, but with a lack of ships it is a complete and utter failure":
  typed, like Berlin's, as the army ordered into the sea. France's "fleet in Portugal is told to
  move to Spain but fails to move with confusion on which coast": F Portugal-Spain, no coast.
  The blog calls Russia's armies in Sevastopol and Galicia "fleets"; they are armies (the army
  from Moscow entered Sevastopol in the Fall; Galicia is inland). Units the post does not
  mention (England's A Wales, France's F Brest, Russia's F Black Sea) have no order.
- 1902, Fall and Winter: published for England, France, Germany, Italy and Austria, with France's
  builds and Germany's removal (its fleet "scuttled for parts"). Russia's paragraph is cut after
  "The army in Armenia attacks the Turkey fleet at Ankara. The fleet in the Black Sea attacks and
  captures Constantinople!"; Turkey's is missing. Derived from the Spring 1903 post's positions:
  Russia's A Gal-Vie (Austria "lost its supply depot ... due to Russian attack", and in 1903
  Austria dislodges "the Russian army" in Vienna), F Bal-Den and F Bot-Bal (Russian fleets in the
  Baltic and in Denmark in 1903), and its builds A Sev, A War, F StP/nc (new Russian units
  there in 1903). Turkey's Fall is the least certain: its fleet is in the Eastern Mediterranean
  in 1903 (F Aeg-Eas); Constantinople fell to a fleet no Russian unit could support, so the
  Turkish army there had left. Smyrna and Bulgaria both fit 1902 equally (same centres); we
  chose Smyrna because it explains Spring 1903 most simply (the Russian fleet dislodged from
  Constantinople then retreats to Bulgaria, so no Turkish attacker came from there). A Greece
  and F Ankara hold. Units the Fall 1902 post leaves out (Germany's A Berlin, Italy's armies:
  "only its fleet ... moves") have no order.

Nothing here is a DATC test case; the tricky phases come from the players: two orders for one
unit, armies ordered into seas, a unit with no order, a fleet move to Spain without its coast,
a bounce in an empty Budapest, a supporting army whose support is cut while the supported move
still succeeds, and a winter removal.
"""

from __future__ import annotations

GAME: list[tuple[str, dict[str, str]]] = [
    ("S1901M", {
        "AUSTRIA": "F Trieste-Adriatic Sea; A Budapest-Rumania; A Vienna Hold",
        "ENGLAND": "A Liverpool-Yorkshire, F London-North Sea\n"
                   "F Edinburgh-Norwegian Sea, F Edinburgh-Clyde",
        "FRANCE": "F Brest-Mid-Atlantic Ocean, A Marseilles-Burgundy, A Paris-Picardy",
        "GERMANY": "F Kiel Hold, A Berlin-Baltic Sea",  # A Munich: "no lines of communication"
        "ITALY": "F Naples-Tyrrhenian Sea, A Venice Hold, A Rome Hold",
        "RUSSIA": "F St. Petersburg (south coast)-Gulf of Bothnia, A Warsaw-Galicia, "
                  "A Moscow Hold, F Sevastopol Hold",
        "TURKEY": "F Ankara Hold, A Constantinople Hold, A Smyrna Hold",
    }),
    ("F1901M", {
        "AUSTRIA": "F Adriatic Sea Hold, A Rumania Hold, A Vienna-Budapest",
        "ENGLAND": "F North Sea-Norway, F Edinburgh-Norwegian Sea, A Yorkshire-Wales",
        "FRANCE": "A Picardy-Belgium, A Burgundy Supports A Picardy-Belgium, "
                  "F Mid-Atlantic Ocean-Portugal",
        "GERMANY": "A Munich Hold, F Kiel-Holland, A Berlin-Prussia",
        "ITALY": "A Venice Hold, A Rome Hold, F Tyrrhenian Sea-Tunis",
        "RUSSIA": "F Gulf of Bothnia-Sweden, A Galicia-Budapest, F Sevastopol-Black Sea, "
                  "A Moscow-Sevastopol",
        "TURKEY": "A Constantinople-Bulgaria, F Ankara Hold, A Smyrna Hold",
    }),
    ("W1901A", {
        "AUSTRIA": "Build A Budapest",
        "ENGLAND": "Build A London",
        "FRANCE": "Build F Brest, Build A Marseilles",
        "GERMANY": "Build A Berlin",
        "ITALY": "Build A Naples",
        "RUSSIA": "Build F St. Petersburg (south coast)",
        "TURKEY": "Build F Constantinople",
    }),
    ("S1902M", {
        "AUSTRIA": "A Vienna-Tyrolia, A Budapest Hold, A Romania-Serbia, "
                   "F Adriatic Sea-Ionian Sea",
        "ENGLAND": "A London-English Channel, F Norwegian Sea-North Atlantic Ocean, "
                   "F Norway-North Sea",
        "FRANCE": "A Burgundy-Ruhr, A Belgium Supports A Burgundy-Ruhr, F Portugal-Spain, "
                  "A Marseilles-Burgundy",
        "GERMANY": "F Holland-North Sea, A Berlin-Kiel, A Prussia-Berlin, A Munich Hold",
        "ITALY": "F Tunis-Western Mediterranean, A Naples-Apulia, A Rome-Tuscany, A Venice Hold",
        "RUSSIA": "A Sevastopol-Armenia, A Galicia-Budapest, "
                  "F St. Petersburg-Gulf of Bothnia, F Sweden-Baltic Sea",
        "TURKEY": "F Ankara Hold, A Smyrna-Constantinople, F Constantinople-Aegean Sea, "
                  "A Bulgaria-Greece",
    }),
    ("F1902M", {
        "AUSTRIA": "F Ionian Sea-Adriatic Sea, A Tyrolia Hold, A Budapest Hold, A Serbia Hold",
        "ENGLAND": "F North Atlantic Ocean-Irish Sea, F Norway Hold, A Wales Hold, "
                   "A London Hold",
        "FRANCE": "A Belgium-Holland, A Ruhr Supports A Belgium-Holland, "
                  "F Brest-English Channel, F Portugal-Spain (north coast), A Burgundy Hold",
        "GERMANY": "F Holland-North Sea, A Kiel-Ruhr, A Munich Hold",
        "ITALY": "F Western Mediterranean-Gulf of Lyons",
        "RUSSIA": "A Armenia-Ankara, F Black Sea-Constantinople\n"
                  "A Galicia-Vienna, F Baltic Sea-Denmark, F Gulf of Bothnia-Baltic Sea",
        "TURKEY": "F Ankara Hold, A Constantinople-Smyrna, F Aegean Sea-Eastern Mediterranean, "
                  "A Greece Hold",
    }),
    ("W1902A", {
        "FRANCE": "Build A Marseilles, Build F Brest",
        "GERMANY": "Remove F North Sea",
        "RUSSIA": "Build A Sevastopol, Build A Warsaw, Build F St. Petersburg (north coast)",
    }),
]

# Sheet lines that are our reading or derivation, not the source's account (see above).
DERIVED: dict[str, dict[str, tuple[str, ...]]] = {
    "S1901M": {
        "AUSTRIA": ("A Budapest-Rumania", "A Vienna Hold"),
        "ENGLAND": ("F Edinburgh-Norwegian Sea", "F Edinburgh-Clyde"),
        "GERMANY": ("F Kiel Hold", "A Berlin-Baltic Sea"),
        "RUSSIA": ("F St. Petersburg (south coast)-Gulf of Bothnia", "A Warsaw-Galicia",
                   "A Moscow Hold", "F Sevastopol Hold"),
        "TURKEY": ("F Ankara Hold", "A Constantinople Hold", "A Smyrna Hold"),
    },
    "F1901M": {"TURKEY": ("A Constantinople-Bulgaria", "F Ankara Hold", "A Smyrna Hold")},
    "W1901A": {"ITALY": ("Build A Naples",), "TURKEY": ("Build F Constantinople",)},
    "S1902M": {"ENGLAND": ("A London-English Channel",)},
    "F1902M": {
        "RUSSIA": ("A Galicia-Vienna", "F Baltic Sea-Denmark", "F Gulf of Bothnia-Baltic Sea"),
        "TURKEY": ("F Ankara Hold", "A Constantinople-Smyrna",
                   "F Aegean Sea-Eastern Mediterranean", "A Greece Hold"),
    },
    "W1902A": {"RUSSIA": ("Build A Sevastopol", "Build A Warsaw",
                          "Build F St. Petersburg (north coast)")},
}

# What the source says came of the orders it tells (outcome words of the results table).
PUBLISHED_OUTCOMES: dict[str, dict[str, str]] = {
    "S1901M": {
        "A LVP - YOR": "Succeeded", "F LON - NTH": "Succeeded", "F BRE - MAO": "Succeeded",
        "A MAR - BUR": "Succeeded", "A PAR - PIC": "Succeeded", "F NAP - TYS": "Succeeded",
        "F TRI - ADR": "Succeeded",
        # "mixed orders ... decide to stay in port"; "lack of ships ... stay still"
        "F EDI - NWG": "Void — holds", "F EDI - CLY": "Void — holds",
        "A BER - BAL": "Void — holds",
    },
    "F1901M": {
        # "Budapest an empty territory holds the first skirmish ... the Austro-Hungarian army
        # returns to Vienna and the Russian army returns to Galicia"
        "A VIE - BUD": "Failed", "A GAL - BUD": "Failed",
        "A PIC - BEL": "Succeeded", "A BUR S A PIC - BEL": "Succeeded",
        "F MAO - POR": "Succeeded", "F NTH - NWY": "Succeeded", "F EDI - NWG": "Succeeded",
        "A YOR - WAL": "Succeeded", "F KIE - HOL": "Succeeded", "A BER - PRU": "Succeeded",
        "F TYS - TUN": "Succeeded", "F BOT - SWE": "Succeeded", "F SEV - BLA": "Succeeded",
        "A MOS - SEV": "Succeeded",
    },
    "S1902M": {
        "A LON - ENG": "Void — holds",  # "a complete and utter failure"
        # "fails to move with confusion on which coast": the order cannot be read; F POR holds
        # (one row: the void order, not a second "(no order)" row for the fleet)
        "F POR - SPA": "Void — holds",
        "F NWY - NTH": "Failed", "F HOL - NTH": "Failed",  # "squaring off" in the North Sea
        "A GAL - BUD": "Failed",  # "attempts to push into Budapest and is fought back"
        "A BUR - RUH": "Succeeded", "A MAR - BUR": "Succeeded", "F NWG - NAO": "Succeeded",
        "A BER - KIE": "Succeeded", "A PRU - BER": "Succeeded", "F TUN - WES": "Succeeded",
        "A NAP - APU": "Succeeded", "A ROM - TUS": "Succeeded", "A VIE - TYR": "Succeeded",
        "A RUM - SER": "Succeeded", "F ADR - ION": "Succeeded", "A SEV - ARM": "Succeeded",
        "F STP/SC - BOT": "Succeeded", "F SWE - BAL": "Succeeded", "A SMY - CON": "Succeeded",
        "F CON - AEG": "Succeeded", "A BUL - GRE": "Succeeded",
    },
    "F1902M": {
        "A BEL - HOL": "Succeeded",
        # "The army in Kiel attacks the supporting French army in Ruhr, cutting off supply,
        # but with no fleet in Holland, the French still succeed"
        "A KIE - RUH": "Failed", "A RUH S A BEL - HOL": "Failed",
        "F HOL - NTH": "Succeeded", "F BRE - ENG": "Succeeded", "F POR - SPA/NC": "Succeeded",
        "F NAO - IRI": "Succeeded", "F WES - LYO": "Succeeded", "F ION - ADR": "Succeeded",
        "A ARM - ANK": "Failed", "F BLA - CON": "Succeeded",
    },
}

# Supply centres changing hands after each Fall, as the posts tell them (Turkey's Bulgaria in
# 1901 and Russia's Denmark and Turkey's Greece in 1902 are derived: not listed here).
PUBLISHED_CAPTURES: dict[str, tuple[str, ...]] = {
    "F1901M": ("NWY: Neutral → England", "BEL: Neutral → France", "POR: Neutral → France",
               "HOL: Neutral → Germany", "TUN: Neutral → Italy", "RUM: Neutral → Austria",
               "SWE: Neutral → Russia"),
    "F1902M": ("HOL: Germany → France", "SPA: Neutral → France", "SER: Neutral → Austria",
               "VIE: Austria → Russia", "CON: Turkey → Russia"),
}

# Builds (+) and removals (-) the Fall posts announce: "produce an army in London", "France
# builds an army in Marseilles and a fleet in ... Brest", Germany's fleet "scuttled for parts",
# Austria "stays at four units on the field", Italy "stays at its four supply depots".
PUBLISHED_ADJUSTMENTS: dict[str, dict[str, int]] = {
    "W1901A": {"AUSTRIA": 1, "ENGLAND": 1, "FRANCE": 2, "GERMANY": 1, "ITALY": 1, "RUSSIA": 1},
    "W1902A": {"AUSTRIA": 0, "ENGLAND": 0, "FRANCE": 2, "GERMANY": -1, "ITALY": 0},
}

# Centres per power after each year (AEFGIRT). 1901: published for all but Turkey (4, derived);
# 1902: published for Austria, England, France, Germany and Italy (Russia 8 and Turkey 4 follow
# from the derived orders).
CENTRES = {1901: [4, 4, 5, 4, 4, 5, 4], 1902: [4, 4, 7, 3, 4, 8, 4]}

# Every unit the Spring 1903 post names, where it stands when Spring 1903 begins.
SPRING_1903_UNITS: dict[str, tuple[str, ...]] = {
    "AUSTRIA": ("A TYR", "A BUD", "A SER", "F ADR"),
    "ENGLAND": ("F NWY", "F IRI", "A WAL", "A LON"),
    "FRANCE": ("F ENG", "A RUH", "A BUR"),
    "GERMANY": ("A MUN", "A KIE", "A BER"),
    "ITALY": ("A TUS", "A VEN"),
    "RUSSIA": ("A ARM", "A SEV", "F CON", "A WAR", "F BAL", "F DEN", "F STP/NC", "A VIE"),
    "TURKEY": ("F EAS",),
}
