"""Real-world order spellings, good and bad, each with what the parser must make of it.

Each row: the text as typed, the phase kind, the power and position (by name, see
parser_positions.py), and the expectation:

- ``ok(text, "A PAR - BUR")``: read without error or warning, normalized as given;
- ``warn(text, "A LVP - EDI", "fragment", "Liv")``: read, with a warning containing the
  fragment, underlining the given part of the text;
- ``bad(text, "fragment", "Bergundy")``: not readable; the error contains the fragment and the
  span underlines exactly the given part of the text.
"""

from __future__ import annotations

from typing import Any

import pytest

from tdapp.core.orders.parser import parse_orders
from tests.core.orders.parser_positions import POSITIONS


def _row(text: str, expect: str, normalized: str | None, fragment: str | None,
         underline: str | None, phase: str = "M", power: str | None = None,
         pos: str | None = None) -> Any:
    return pytest.param(text, expect, normalized, fragment, underline, phase, power, pos,
                        id=f"{phase}:{text}")


def ok(text: str, normalized: str, **kw: Any) -> Any:
    return _row(text, "ok", normalized, None, None, **kw)


def warn(text: str, normalized: str, fragment: str, underline: str, **kw: Any) -> Any:
    return _row(text, "warn", normalized, fragment, underline, **kw)


def bad(text: str, fragment: str, underline: str, **kw: Any) -> Any:
    return _row(text, "bad", None, fragment, underline, **kw)


ROWS = [
    # -- moves, every way people write them ----------------------------------------------
    ok("A Par-Bur", "A PAR - BUR"),
    ok("A PAR - BUR", "A PAR - BUR"),
    ok("a par - bur", "A PAR - BUR"),
    ok("A Par -> Bur", "A PAR - BUR"),
    ok("A Par->Bur", "A PAR - BUR"),
    ok("A Par – Bur", "A PAR - BUR"),
    ok("A Par — Bur", "A PAR - BUR"),
    ok("A Par → Bur", "A PAR - BUR"),
    ok("A Par => Bur", "A PAR - BUR"),
    ok("A Par > Bur", "A PAR - BUR"),
    ok("A Par to Bur", "A PAR - BUR"),
    ok("A Par move to Bur", "A PAR - BUR"),
    ok("A Par moves to Bur", "A PAR - BUR"),
    ok("A Par M Bur", "A PAR - BUR"),
    ok("A Par attacks Bur", "A PAR - BUR"),
    ok("A Par hits Bur", "A PAR - BUR"),
    ok("Army Paris move to Burgundy", "A PAR - BUR"),
    ok("army paris -> burgundy", "A PAR - BUR"),
    ok("ARMY PARIS - BURGUNDY", "A PAR - BUR"),
    ok("Move army Paris to Burgundy", "A PAR - BUR"),
    ok("an army in Paris moves to Burgundy", "A PAR - BUR"),
    ok("Par - Bur", "A PAR - BUR"),  # Paris is inland: only an army can be there
    ok("Nth - Eng", "F NTH - ENG"),  # a sea: only a fleet
    ok("Bre - Mao", "BRE - MAO"),  # a coast: the type cannot be known without a position
    ok("Fleet London - North Sea", "F LON - NTH"),
    ok("F Lon-Nth", "F LON - NTH"),
    ok("F London to the North Sea", "F LON - NTH"),
    ok("F Edinburgh - Norwegian Sea", "F EDI - NWG"),
    ok("F Mid-Atlantic Ocean - Brest", "F MAO - BRE"),
    ok("F Mid Atlantic - Bre", "F MAO - BRE"),
    ok("F Mid - Bre", "F MAO - BRE"),
    ok("F MAO - NAO", "F MAO - NAO"),
    ok("F North Atlantic - Clyde", "F NAO - CLY"),
    ok("F Gulf of Lyon - Tyrrhenian Sea", "F LYO - TYS"),
    ok("F Gulf of Lyons - Wes", "F LYO - WES"),
    ok("F GoL - Tys", "F LYO - TYS"),
    ok("F West Med - Tun", "F WES - TUN"),
    ok("F Western Mediterranean - North Africa", "F WES - NAF"),
    ok("F Eastern Med - Smyrna", "F EAS - SMY"),
    ok("F Eas - Smy", "F EAS - SMY"),
    ok("F Heligoland Bight - Den", "F HEL - DEN"),
    ok("F Helgoland - Hol", "F HEL - HOL"),
    ok("F Skagerrak - Nwy", "F SKA - NWY"),
    ok("F Gulf of Bothnia - Swe", "F BOT - SWE"),
    ok("F Bothnia - Fin", "F BOT - FIN"),
    ok("F Black Sea - Rum", "F BLA - RUM"),
    ok("F Black Sea - Rumania", "F BLA - RUM"),
    ok("F Bla - Romania", "F BLA - RUM"),
    ok("F Aegean - Greece", "F AEG - GRE"),
    ok("F Ionian Sea - Tunis", "F ION - TUN"),
    ok("F Adriatic - Albania", "F ADR - ALB"),
    ok("F Irish Sea - Wales", "F IRI - WAL"),
    ok("F English Channel - Picardy", "F ENG - PIC"),
    ok("F Channel - Pic", "F ENG - PIC"),
    ok("F Barents Sea - St Petersburg north coast", "F BAR - STP/NC"),
    ok("A Sevastopol - Armenia", "A SEV - ARM"),
    ok("A Sevastapol - Ukraine", "A SEV - UKR"),
    ok("A Constantinople - Bulgaria", "A CON - BUL"),
    ok("A Ankara - Constantinople", "A ANK - CON"),
    ok("A Smyrna - Syria", "A SMY - SYR"),
    ok("A Vienna - Galicia", "A VIE - GAL"),
    ok("A Vie - Galacia", "A VIE - GAL"),
    ok("A Budapest - Serbia", "A BUD - SER"),
    ok("A Trieste - Tyrolia", "A TRI - TYR"),
    ok("A Tyrol - Munich", "A TYR - MUN"),
    ok("A Venice - Piedmont", "A VEN - PIE"),
    ok("A Rome - Tuscany", "A ROM - TUS"),
    ok("A Naples - Apulia", "A NAP - APU"),
    ok("A Marseilles - Gascony", "A MAR - GAS"),
    ok("A Marseille - Spain", "A MAR - SPA"),
    ok("A Burgandy - Belgium", "A BUR - BEL"),
    ok("A Belgium - Holland", "A BEL - HOL"),
    ok("A Kiel - Denmark", "A KIE - DEN"),
    ok("A Berlin - Prussia", "A BER - PRU"),
    ok("A Munich - Silesia", "A MUN - SIL"),
    ok("A Ruhr - Kiel", "A RUH - KIE"),
    ok("A Warsaw - Livonia", "A WAR - LVN"),
    ok("A Moscow - St Petersburg", "A MOS - STP"),
    ok("A Moscow - St. Petersburg", "A MOS - STP"),
    ok("A Mos - Saint Petersburg", "A MOS - STP"),
    ok("A Finland - Sweden", "A FIN - SWE"),
    ok("A Norway - Sweden", "A NWY - SWE"),
    ok("A Yorkshire - Liverpool", "A YOR - LVP"),
    ok("A Edinburgh - Clyde", "A EDI - CLY"),
    ok("A Wales - London", "A WAL - LON"),
    ok("A Portugal - Spain", "A POR - SPA"),
    ok("A Syria - Armenia", "A SYR - ARM"),
    ok("A Bohemia - Vienna", "A BOH - VIE"),
    ok("A Picardy - Brest", "A PIC - BRE"),
    ok("A Albania - Greece", "A ALB - GRE"),
    ok("A North Africa - Tunis", "A NAF - TUN"),
    ok("A München - Böhmen", "A MUN - BOH"),  # accents folded for the lookup
    ok("A Istanbul - Bulgaria", "A CON - BUL"),
    # -- holds --------------------------------------------------------------------------
    ok("A Par H", "A PAR H"),
    ok("A Par Hold", "A PAR H"),
    ok("A Par holds", "A PAR H"),
    ok("A Par stands", "A PAR H"),
    ok("A Par H.", "A PAR H"),
    ok("F Nth hold", "F NTH H"),
    warn("A Par", "A PAR H", "read as a hold", "A Par"),
    ok("hold A Par", "A PAR H"),
    ok("Hold army Paris", "A PAR H"),
    ok("hold Paris", "A PAR H"),
    ok("move Paris to Burgundy", "A PAR - BUR"),
    bad("Move A Par", "destination is missing", "Move"),
    # -- supports ----------------------------------------------------------------------
    ok("F Lon S F Nth - Eng", "F LON S F NTH - ENG"),
    ok("F Lon s f nth - eng", "F LON S F NTH - ENG"),
    ok("F Lon sup F Nth - Eng", "F LON S F NTH - ENG"),
    ok("F Lon supp F Nth - Eng", "F LON S F NTH - ENG"),
    ok("F Lon supports F Nth -> Eng", "F LON S F NTH - ENG"),
    ok("F Lon supports North Sea to English Channel", "F LON S F NTH - ENG"),
    ok("F Lon supports the North Sea to the English Channel", "F LON S F NTH - ENG"),
    ok("Fleet London supports Fleet North Sea move to English Channel", "F LON S F NTH - ENG"),
    ok("F Lon S Nth-Eng", "F LON S F NTH - ENG"),
    ok("A Mun S A Ber", "A MUN S A BER"),
    ok("A Mun S A Ber H", "A MUN S A BER"),
    ok("A Mun S A Ber holds", "A MUN S A BER"),
    ok("A Mun supports Berlin", "A MUN S BER"),  # Berlin is a coast: army or fleet?
    ok("A Mar S A Par - Bur", "A MAR S A PAR - BUR"),
    ok("A Mar S French A Par - Bur", "A MAR S A PAR - BUR"),
    ok("A Mar S German A Mun - Bur", "A MAR S A MUN - BUR"),
    ok("F Mao S F Por - Spa", "F MAO S F POR - SPA"),  # a support needs no coast
    ok("F Mao S F Por - Spa(nc)", "F MAO S F POR - SPA/NC"),
    ok("F Bla S A Bul", "F BLA S A BUL"),
    ok("F Nth S A Yor - Nwy", "F NTH S A YOR - NWY"),
    ok("F Nth S A Yor - Nwy via convoy", "F NTH S A YOR - NWY"),
    # -- convoys -----------------------------------------------------------------------
    ok("F NTH C A YOR - NWY", "F NTH C A YOR - NWY"),
    ok("F Nth C A Yor - Nwy", "F NTH C A YOR - NWY"),
    ok("F Nth convoys A Yor to Nwy", "F NTH C A YOR - NWY"),
    ok("F Nth convoy Yorkshire to Norway", "F NTH C A YOR - NWY"),
    ok("F Nth C Yor-Nwy", "F NTH C A YOR - NWY"),
    ok("Fleet North Sea convoys Army Yorkshire to Norway", "F NTH C A YOR - NWY"),
    ok("F Eng C A Lon - Bre", "F ENG C A LON - BRE"),
    ok("F Ion C A Tun - Nap", "F ION C A TUN - NAP"),
    warn("F Nth C F Lon - Nwy", "F NTH C A LON - NWY", "only armies are convoyed", "F"),
    bad("F Nth C A Yor", "needs the army's destination", "Yor"),
    # -- explicit convoys --------------------------------------------------------------
    ok("A Yor - Nwy via convoy", "A YOR - NWY VIA"),
    ok("A Yor - Nwy VIA", "A YOR - NWY VIA"),
    ok("A YOR - NWY VIA", "A YOR - NWY VIA"),
    ok("A Yor-Nwy by convoy", "A YOR - NWY VIA"),
    ok("A Yor - Nwy by sea", "A YOR - NWY VIA"),
    ok("A Yor - Nwy (via convoy)", "A YOR - NWY VIA"),
    ok("A Bel -> Hol via Nth", "A BEL - HOL VIA NTH"),
    ok("A Bel->Hol via Nth convoy", "A BEL - HOL VIA NTH"),
    ok("A Bel - Hol via North Sea", "A BEL - HOL VIA NTH"),
    ok("A Lon - Nth - Nwy", "A LON - NWY VIA NTH"),
    ok("A Lon - Eng - Mao - Por", "A LON - POR VIA ENG MAO"),
    ok("A Lon - Por via Eng Mao", "A LON - POR VIA ENG MAO"),
    ok("A pic -> bel via Convoy", "A PIC - BEL VIA"),
    bad("A Mun - Kie - Ber", "convoy route goes through seas", "Kie"),
    bad("F Lon - Bel via convoy", "only armies are convoyed", "-"),
    # -- coasts ------------------------------------------------------------------------
    ok("F StP(nc) - Bar", "F STP/NC - BAR"),
    ok("F StP (nc) - Bar", "F STP/NC - BAR"),
    ok("F StP/nc - Bar", "F STP/NC - BAR"),
    ok("F STP/NC - BAR", "F STP/NC - BAR"),
    ok("F StP nc - Bar", "F STP/NC - BAR"),
    ok("F StP NC - Bar", "F STP/NC - BAR"),
    ok("F Stp(n) - Bar", "F STP/NC - BAR"),
    ok("F StP (north) - Bar", "F STP/NC - BAR"),
    ok("F StP north coast - Bar", "F STP/NC - BAR"),
    ok("F St. Petersburg north coast - Barents Sea", "F STP/NC - BAR"),
    ok("F St Petersburg (north coast) - Barents Sea", "F STP/NC - BAR"),
    ok("F St Petersburg (n.c.) - Nwy", "F STP/NC - NWY"),
    ok("F StP(sc) - Bot", "F STP/SC - BOT"),
    ok("F St P (sc) - Bot", "F STP/SC - BOT"),
    ok("A Mos - St P", "A MOS - STP"),
    ok("F Mar S A Gas - Spa", "F MAR S A GAS - SPA"),  # "Mar S" is not "Mars"
    ok("F Tus C A Rom - Tun", "F TUS C A ROM - TUN"),  # "Tus C" is not "Tusc"
    ok("F stp(sc) -> fin", "F STP/SC - FIN"),
    ok("F Spa(sc) - Wes", "F SPA/SC - WES"),
    ok("F Spa sc - Wes", "F SPA/SC - WES"),
    ok("F Spain south coast - Western Med", "F SPA/SC - WES"),
    ok("F Spa/nc - Mao", "F SPA/NC - MAO"),
    ok("F Bul(ec) - Bla", "F BUL/EC - BLA"),
    ok("F Bul/ec - Rum", "F BUL/EC - RUM"),
    ok("F Bul(sc) - Aeg", "F BUL/SC - AEG"),
    ok("F Bulgaria east coast - Black Sea", "F BUL/EC - BLA"),
    ok("F Mao - Spa(nc)", "F MAO - SPA/NC"),
    ok("F Mao - Spa north coast", "F MAO - SPA/NC"),
    ok("F Mao - Spa (sc)", "F MAO - SPA/SC"),
    ok("F Con - Bul(ec)", "F CON - BUL/EC"),
    ok("F Con - Bul(sc)", "F CON - BUL/SC"),
    ok("F Gas - Spa", "F GAS - SPA/NC"),  # only one coast can be reached: no need to write it
    ok("F Lyo - Spa", "F LYO - SPA/SC"),
    ok("F Wes - Spa", "F WES - SPA/SC"),
    ok("F Bot - StP", "F BOT - STP/SC"),
    ok("F Bar - StP", "F BAR - STP/NC"),
    ok("F Bla - Bul", "F BLA - BUL/EC"),
    ok("F Aeg - Bul", "F AEG - BUL/SC"),
    bad("F Por - Spa", "say which coast of Spain", "Spa"),
    bad("F Mao - Spa", "say which coast of Spain", "Spa"),
    bad("F Mid-Atlantic Ocean - Spain", "say which coast of Spain", "Spain"),
    bad("F Con - Bul", "say which coast of Bulgaria", "Bul"),
    bad("F Con - Bulgaria", "say which coast of Bulgaria", "Bulgaria"),
    bad("F StP(ec) - Bar", "St Petersburg has no east coast", "(ec)"),
    bad("F Spa(ec) - Wes", "Spain has no east coast", "(ec)"),
    warn("A Gas - Spa(nc)", "A GAS - SPA", "the coast is ignored", "Spa(nc)"),
    warn("F Nap(sc) - Ion", "F NAP - ION", "no separate coasts", "Nap(sc)"),
    # -- several orders at once ---------------------------------------------------------
    ok("A Par - Bur; F Bre - Mao", "A PAR - BUR|F BRE - MAO"),
    ok("A Par - Bur, F Bre - Mao", "A PAR - BUR|F BRE - MAO"),
    ok("A Par - Bur\nF Bre - Mao\nA Mar S A Par - Bur",
       "A PAR - BUR|F BRE - MAO|A MAR S A PAR - BUR"),
    ok("A Par-Bur F Bre-Mao", "A PAR - BUR|F BRE - MAO"),
    ok("A Par-Bur F Bre-Mao A Mar S A Par-Bur", "A PAR - BUR|F BRE - MAO|A MAR S A PAR - BUR"),
    ok("Par-Bur Bre-Mao", "A PAR - BUR|BRE - MAO"),
    ok("France:\nA Par - Bur\nF Bre - Mao", "A PAR - BUR|F BRE - MAO"),
    ok("FRANCE: A Par - Bur", "A PAR - BUR"),
    ok("ENG: F nth -> pic", "F NTH - PIC"),
    ok("1. A Par - Bur\n2. F Bre - Mao", "A PAR - BUR|F BRE - MAO"),
    ok("1) A Par - Bur", "A PAR - BUR"),
    ok("Germany:\n1. F Kie-Den\n2. A Ber-Kie\n3. A Mun-Ruh", "F KIE - DEN|A BER - KIE|A MUN - RUH"),
    ok("A Par - Bur;;F Bre-Mao;", "A PAR - BUR|F BRE - MAO"),
    ok("A Par H F Bre H", "A PAR H|F BRE H"),
    ok("A Par - Bur.", "A PAR - BUR"),
    ok("", ""),
    ok("   \n  ", ""),
    # -- what cannot be read ------------------------------------------------------------
    bad("A Bergundy - Par", "no province called 'Bergundy' — did you mean Burgundy (BUR)?",
        "Bergundy"),
    bad("A Par - Bergundy", "did you mean Burgundy (BUR)?", "Bergundy"),
    bad("A Pari - Bur", "did you mean Paris (PAR)?", "Pari"),
    bad("F Norht Sea - Eng", "no province called 'Norht Sea' — did you mean North Sea (NTH)?",
        "Norht Sea"),
    bad("A Xyzzy - Bur", "no province called 'Xyzzy'", "Xyzzy"),
    bad("A Par -", "destination is missing", "-"),
    bad("A Par S", "supported unit's province is missing", "S"),
    bad("F Lon - Eng please", "did not expect 'please'", "please"),
    bad("A Par ? Bur", "expected an order after the unit", "?"),
    bad("A 123", "expected the unit's province", "123"),
    bad("A Bur R Par", "does not belong in a movement phase", "R"),
    bad("A Bur D", "does not belong in a movement phase", "D"),
    bad("Build A Par", "does not belong in a movement phase", "Build"),
    bad("waive", "does not belong in a movement phase", "waive"),
    # -- ambiguous and slipped abbreviations ---------------------------------------------
    warn("A Liv - Edi", "A LVP - EDI", "read as Liverpool (LVP)", "Liv"),
    warn("F Liv - Iri", "F LVP - IRI", "read as Liverpool (LVP)", "Liv"),
    warn("A War - Liv", "A WAR - LVN", "read as Livonia (LVN)", "Liv"),
    warn("A Lon - Nor", "A LON - NWY", "read as Norway (NWY)", "Nor"),  # by convoy only
    warn("A Fin - Nor", "A FIN - NWY", "read as Norway (NWY)", "Nor"),
    warn("F Lon - Nor", "F LON - NTH", "read as North Sea (NTH)", "Nor"),
    warn("F Rom - Tyr", "F ROM - TYS", "'Tyr' read as Tyrrhenian Sea (TYS)", "Tyr"),
    warn("F Nap - Tyr", "F NAP - TYS", "Tyrolia (TYR) is not possible", "Tyr"),
    warn("A Tys - Ven", "A TYR - VEN", "'Tys' read as Tyrolia (TYR)", "Tys"),
    warn("F Edi - Nwy", "F EDI - NWG", "'Nwy' read as Norwegian Sea (NWG)", "Nwy"),
    warn("F Swe - Nwg", "F SWE - NWY", "'Nwg' read as Norway (NWY)", "Nwg"),
    warn("A Pru - Lvp", "A PRU - LVN", "'Lvp' read as Livonia (LVN)", "Lvp"),
    ok("A Tyr - Ven", "A TYR - VEN"),
    ok("A Mun - Tyr", "A MUN - TYR"),
    ok("F Nap - Tys", "F NAP - TYS"),
    ok("F Nth - Nwy", "F NTH - NWY"),  # both readings possible: the official one is taken
    ok("F Nth - Nwg", "F NTH - NWG"),
    ok("A Edi - Lvp", "A EDI - LVP"),
    bad("F Edi - Nor", "'Nor' is ambiguous here: it could be F EDI - NWG or F EDI - NTH", "Nor"),
    bad("F Ska - Nor", "it could be F SKA - NWY or F SKA - NTH", "Nor"),
    bad("F Nor - Nth", "'Nor' is ambiguous", "Nor"),
    bad("A Par - Nor", "none of them fits this order", "Nor"),
    # -- with a position: the unit is looked up --------------------------------------------
    ok("A Par - Bur", "A PAR - BUR", power="FRANCE", pos="start"),
    ok("Par - Bur", "A PAR - BUR", power="FRANCE", pos="start"),
    ok("Bre - Mao", "F BRE - MAO", power="FRANCE", pos="start"),
    ok("Bre - Pic", "F BRE - PIC", power="FRANCE", pos="start"),
    ok("F StP - Bot", "F STP/SC - BOT", power="RUSSIA", pos="start"),
    ok("StP - Bot", "F STP/SC - BOT", power="RUSSIA", pos="start"),
    ok("F Lon S Nth - Eng", "F LON S F NTH - ENG", power="ENGLAND", pos="mid"),
    ok("F Lon S Yor", "F LON S A YOR", power="ENGLAND", pos="mid"),
    ok("F Nth C Yor - Nwy", "F NTH C A YOR - NWY", power="ENGLAND", pos="mid"),
    ok("A Mar S Par - Bur", "A MAR S A PAR - BUR", power="FRANCE", pos="start"),
    warn("F Nor - Nth", "F NWG - NTH", "read as Norwegian Sea (NWG)", "Nor", power="ENGLAND",
         pos="mid"),
    warn("Liv - Wal", "A LVP - WAL", "read as Liverpool (LVP)", "Liv", power="ENGLAND",
         pos="mid"),
    warn("A Liv - Pru", "A LVN - PRU", "read as Livonia (LVN)", "Liv", power="RUSSIA",
         pos="mid"),
    warn("F Tyr - Ion", "F TYS - ION", "'Tyr' read as Tyrrhenian Sea (TYS)", "Tyr",
         power="ITALY", pos="mid"),
    ok("A Tyr - Ven", "A TYR - VEN", power="ITALY", pos="mid"),
    warn("F Bur - Mun", "A BUR - MUN", "the unit in Burgundy is an army", "F", power="FRANCE",
         pos="mid"),
    warn("A Nth - Eng", "F NTH - ENG", "the unit in North Sea is a fleet", "A", power="ENGLAND",
         pos="mid"),
    warn("F Lon S F Yor", "F LON S A YOR", "is an army: read as A YOR", "F", power="ENGLAND",
         pos="mid"),
    warn("F StP(sc) - Bar", "F STP/NC - BAR", "the unit is at St Petersburg north coast",
         "StP(sc)", power="RUSSIA", pos="mid"),
    warn("F Nth C A Edi - Nwy", "F NTH C A EDI - NWY", "no army in Edinburgh", "Edi",
         power="ENGLAND", pos="mid"),
    warn("F Lon S F Wal - Eng", "F LON S F WAL - ENG", "no unit in Wales", "Wal",
         power="ENGLAND", pos="mid"),
    bad("A Mun - Bur", "France has no unit in Munich (the army there is Germany's)", "Mun",
        power="FRANCE", pos="mid"),
    bad("A Pic - Par", "France has no unit in Picardy", "Pic", power="FRANCE", pos="mid"),
    bad("A Pic - Par", "there is no unit in Picardy", "Pic", pos="mid"),
    ok("ENG: F nth -> eng", "F NTH - ENG", pos="mid"),
    bad("GER: F nth -> eng", "Germany has no unit in North Sea", "nth", pos="mid"),
    # -- retreats ----------------------------------------------------------------------
    ok("A Bur R Par", "A BUR R PAR", phase="R"),
    ok("A Bur - Par", "A BUR R PAR", phase="R"),
    ok("A Bur retreats to Picardy", "A BUR R PIC", phase="R"),
    ok("Retreat A Bur to Gas", "A BUR R GAS", phase="R"),
    ok("A Bur D", "A BUR D", phase="R"),
    ok("A Bur disband", "A BUR D", phase="R"),
    ok("Disband A Bur", "A BUR D", phase="R"),
    ok("F Eng R Iri", "F ENG R IRI", phase="R", power="ENGLAND", pos="retreats"),
    ok("Bur - Pic", "A BUR R PIC", phase="R", power="FRANCE", pos="retreats"),
    ok("F Nwy - Nth", "F NWY R NTH", phase="R"),
    bad("F Por - Spa", "say which coast of Spain", "Spa", phase="R"),
    bad("A Pic R Par", "France has no unit in Picardy", "Pic", phase="R", power="FRANCE",
        pos="retreats"),
    bad("A Bur H", "does not belong in a retreat phase", "H", phase="R"),
    bad("A Bur S A Par", "does not belong in a retreat phase", "S", phase="R"),
    bad("A Bur - Par via convoy", "a retreat cannot be convoyed", "-", phase="R"),
    # -- adjustments -------------------------------------------------------------------
    ok("Build F StP(nc)", "F STP/NC B", phase="A"),
    ok("build F St Petersburg (nc)", "F STP/NC B", phase="A"),
    ok("Build A Mos", "A MOS B", phase="A"),
    ok("build a paris", "A PAR B", phase="A"),
    ok("Build army Paris", "A PAR B", phase="A"),
    ok("Build Paris", "A PAR B", phase="A"),  # inland: an army (WDC 2025 V.3.d)
    ok("A Par B", "A PAR B", phase="A"),
    ok("A PAR B", "A PAR B", phase="A"),
    ok("F STP/NC B", "F STP/NC B", phase="A"),
    ok("F Bre build", "F BRE B", phase="A"),
    ok("Builds: A Par, F Bre", "A PAR B|F BRE B", phase="A"),
    ok("Build: A Par; F Bre", "A PAR B|F BRE B", phase="A"),
    ok("Remove A Mun", "A MUN D", phase="A"),
    ok("remove A Munich", "A MUN D", phase="A"),
    ok("A Mun D", "A MUN D", phase="A"),
    ok("A Mun disband", "A MUN D", phase="A"),
    ok("Disband A Mun", "A MUN D", phase="A"),
    ok("Remove Mun", "A MUN D", phase="A", power="GERMANY", pos="winter"),
    ok("Remove Kie", "F KIE D", phase="A", power="GERMANY", pos="winter"),
    ok("waive", "WAIVE", phase="A"),
    ok("Waive", "WAIVE", phase="A"),
    ok("waived", "WAIVE", phase="A"),
    ok("WAIVE", "WAIVE", phase="A"),
    ok("Build waived", "WAIVE", phase="A"),
    ok("No build", "WAIVE", phase="A"),
    ok("pass", "WAIVE", phase="A"),
    ok("Build fleet at St Petersburg north coast", "F STP/NC B", phase="A"),
    ok("Build F St-Petersburg/nc", "F STP/NC B", phase="A"),
    ok("Build: fleet Edinburgh", "F EDI B", phase="A"),
    warn("Build F StP", "WAIVE", "needs a coast", "StP", phase="A"),
    warn("F stp build", "WAIVE", "the build is waived", "stp", phase="A"),
    warn("Build A StP(nc)", "A STP B", "the coast is ignored", "StP(nc)", phase="A"),
    bad("Build Brest", "a build must say army or fleet", "Brest", phase="A"),
    bad("Build Bre", "write 'Build A BRE' or 'Build F BRE'", "Bre", phase="A"),
    bad("A Par - Bur", "does not belong in an adjustment phase", "-", phase="A"),
    bad("A Par", "does not belong in an adjustment phase", "A Par", phase="A"),
    bad("Remove A Par", "Germany has no unit in Paris (the army there is France's)", "Par",
        phase="A", power="GERMANY", pos="winter"),
]


def test_there_are_enough_rows() -> None:
    assert len(ROWS) >= 150


@pytest.mark.parametrize(
    ("text", "expect", "normalized", "fragment", "underline", "phase", "power", "pos"), ROWS
)
def test_spelling(text: str, expect: str, normalized: str | None, fragment: str | None,
                  underline: str | None, phase: str, power: str | None, pos: str | None) -> None:
    position = POSITIONS[pos] if pos else None
    results = parse_orders(text, power=power, position=position, phase_kind=phase)
    if expect == "ok":
        assert [r.error for r in results] == [None] * len(results)
        assert [r.warnings for r in results] == [()] * len(results)
        assert all(r.order is not None for r in results)
        assert "|".join(r.normalized for r in results) == normalized
        return
    assert len(results) == 1, [r.normalized for r in results]
    result = results[0]
    assert result.span is not None
    if expect == "warn":
        assert result.error is None
        assert result.order is not None
        assert result.normalized == normalized
        assert any(fragment in w for w in result.warnings), result.warnings
    else:
        assert result.order is None
        assert result.error is not None and fragment in result.error, result.error
    start, end = result.span
    assert text[start:end] == underline
