"""How people write a players list, whatever its language: the header words that say which
column holds which field (the import's mapping step), and the ways a cell says yes or no, a list
of powers, or a whole number (a seed, a board)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from tdapp.core.powers import POWERS


def word_key(text: str) -> str:
    """A header reduced to lower-case letters and digits, accents removed ("E-mail" -> "email")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch))


# Exact header words per field (after _key), in English, French, German, Dutch, Italian,
# Spanish, the Scandinavian languages and Polish.
_EXACT: dict[str, tuple[str, ...]] = {
    "first_name": ("firstname", "first", "givenname", "forename", "christianname", "prenom",
                   "vorname", "voornaam", "fornavn", "fornamn", "etunimi", "imie"),
    "last_name": ("lastname", "last", "surname", "familyname", "nachname", "familienname",
                  "achternaam", "cognome", "apellido", "apellidos", "efternavn", "efternamn",
                  "etternavn", "sukunimi", "nazwisko", "nomdefamille"),
    "name": ("name", "fullname", "player", "playername", "names", "nom", "nomcomplet", "joueur",
             "spieler", "spielername", "naam", "speler", "nome", "giocatore", "nombre",
             "jugador", "navn", "namn", "spelare", "gracz", "imieinazwisko", "participant",
             "teilnehmer", "deelnemer"),
    "home_town": ("hometown", "town", "city", "home", "homecity", "location", "place",
                  "residence", "from", "ville", "localite", "stadt", "wohnort", "ort", "heimatort",
                  "woonplaats", "plaats", "stad", "citta", "ciudad", "localidad", "by",
                  "miasto", "miejscowosc", "kotipaikka"),
    "country": ("country", "nation", "nationality", "countrycode", "land", "pays", "paese",
                "nazione", "pais", "kraj", "staat", "herkunftsland", "maa"),
    "club": ("club", "clubname", "verein", "klub", "klubb", "vereniging", "circolo",
             "association", "society"),
    "email": ("email", "mail", "emailaddress", "emails", "courriel", "adressemail",
              "adresseemail", "mailadresse", "emailadresse", "epost", "epostadress",
              "correo", "correoelectronico", "sahkoposti"),
    "notes": ("notes", "note", "comments", "comment", "remarks", "remark", "bemerkung",
              "bemerkungen", "anmerkungen", "notiz", "notizen", "remarques", "remarque",
              "commentaires", "commentaire", "opmerkingen", "opmerking", "notas", "nota",
              "anteckningar", "merknader", "uwagi"),
    "local_status": ("status", "localstatus", "sitoutstatus", "sitoutorder", "local",
                     "category", "membership", "statut", "mitgliedschaft"),
    "competing": ("competing", "competes", "ranked", "incompetition", "competitor",
                  "inwertung", "classe"),
    "not_competing": ("notcompeting", "noncompeting", "notranked", "unranked", "td",
                      "filler", "seatfiller", "ausserwertung", "horsconcours"),
    "power_preferences": ("powerpreferences", "preferences", "preferredpowers", "powers",
                          "powerpreference"),
    "latitude": ("latitude", "lat", "breitengrad"),
    "longitude": ("longitude", "lon", "lng", "long", "laengengrad", "langengrad"),
    # The DBN Invitational qualifying seed; "rank" is left out: it is more often a standing.
    "seed": ("seed", "seeding", "seedno", "seednumber", "qualifyingseed", "invitationalseed",
             "dbnseed", "dbniseed", "tetedeserie", "setzplatz", "setzliste", "setzlistenplatz",
             "setzung", "plaatsing", "reekshoofd", "testadiserie", "cabezadeserie",
             "seedning", "seedad", "rozstawienie"),
    # A table kept for a player (accessibility). A bare "board" or "table" header in a players
    # list means that; "Boards played" and "Board member" do not (they are not exact words).
    "pinned_board": ("pinnedboard", "pinnedtable", "pinned", "fixedboard", "fixedtable",
                     "lockedboard", "lockedtable", "reservedboard", "reservedtable", "board",
                     "table", "tablefixe", "tablereservee", "tisch", "festertisch", "brett",
                     "tafel", "vastetafel", "vastbord", "tavolo", "tavolofisso", "mesa",
                     "mesafija", "bord", "fastbord", "stoł", "stolik", "poyta"),
    # WDC 2018: a player may decline a place on the top board.
    "declined_top_board": ("declinedtopboard", "declinestopboard", "declinetopboard",
                           "notopboard", "topboarddeclined"),
}


# Words a longer header may contain ("Player's name", "E-mail address"), most specific first.
_CONTAINS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("not_competing", ("notcompeting", "noncompeting")),
    ("first_name", ("firstname", "givenname", "prenom", "vorname", "voornaam")),
    ("last_name", ("lastname", "surname", "familyname", "nachname", "achternaam")),
    ("email", ("email", "mail", "courriel")),
    ("power_preferences", ("preference",)),
    ("seed", ("seed", "setzliste", "tetedeserie", "testadiserie", "cabezadeserie")),
    ("declined_top_board", ("declinedtop", "declinestop", "declinetop", "notopboard")),
    ("pinned_board", ("pinned", "fixedboard", "fixedtable", "lockedboard", "lockedtable",
                      "reservedboard", "reservedtable", "accessibletable", "accessibilitytable",
                      "accessibilityboard")),
    ("home_town", ("hometown", "town", "city", "ville", "stadt", "wohnort")),
    ("country", ("country", "nation", "pays", "land")),
    ("club", ("club", "verein", "klub")),
    ("local_status", ("status",)),
    ("notes", ("note", "comment", "remark")),
    ("name", ("name", "nom", "naam", "nome")),
)


def guess_mapping(headers: Sequence[str]) -> dict[str, int]:
    """Field -> column index, for the columns whose header says what they hold.

    A bare "name" column next to a first-name column is the family name (French Nom + Prénom,
    German Name + Vorname); next to a last-name column it is the given name (Italian Nome +
    Cognome, Spanish Nombre + Apellido).
    """
    keys = [word_key(h) for h in headers]
    mapping: dict[str, int] = {}
    for index, key in enumerate(keys):
        for field_name, words in _EXACT.items():
            if key in words and field_name not in mapping:
                mapping[field_name] = index
                break
    taken = set(mapping.values())
    for index, key in enumerate(keys):
        if index in taken or not key:
            continue
        for field_name, words in _CONTAINS:
            if field_name not in mapping and any(word in key for word in words):
                mapping[field_name] = index
                taken.add(index)
                break
    if "name" in mapping and ("first_name" in mapping) != ("last_name" in mapping):
        other = "last_name" if "first_name" in mapping else "first_name"
        mapping[other] = mapping.pop("name")
    return mapping


_TRUE = {"yes", "y", "true", "1", "x", "ja", "j", "oui", "o", "si", "sì", "sí", "tak", "on",
         "competing", "ranked"}


_FALSE = {"no", "n", "false", "0", "nein", "non", "nee", "nej", "nie", "off", "-", "td",
          "notcompeting"}


_POWER_WORDS = {word_key(power): power[0] for power in POWERS}


def parse_yes_no(text: str) -> bool | None:
    """True/False from the ways people write yes and no; None if it is neither."""
    key = word_key(text) or text.strip()
    if key in _TRUE or text.strip() in ("✓", "✔"):
        return True
    if key in _FALSE:
        return False
    return None


def parse_power_preferences(text: str) -> str | None:
    """"AEF", "a e f" or "Austria, England, France" -> "AEF"; None if not powers."""
    parts = [p for p in re.split(r"[\s,;/>]+", text.strip()) if p]
    if len(parts) == 1 and word_key(parts[0]) not in _POWER_WORDS:
        parts = list(parts[0])
    letters = []
    for part in parts:
        key = word_key(part)
        letter = _POWER_WORDS.get(key) or (key.upper() if key.upper() in "AEFGIRT" and
                                           len(key) == 1 else None)
        if letter is None or letter in letters:
            return None
        letters.append(letter)
    return "".join(letters)


_WHOLE_NUMBER = re.compile(r"#?\s*(\d+)(?:[.,]0+)?")


def parse_whole_number(text: str) -> int | None:
    """"7", "#7" or "7.0" (a spreadsheet's number) -> 7; None if not a whole number."""
    match = _WHOLE_NUMBER.fullmatch(text.strip())
    return None if match is None else int(match.group(1))


def parse_coordinate(text: str, limit: float) -> float | None:
    """"51.5" or "51,5" (a decimal comma) -> 51.5; None if not a number within +-``limit``."""
    try:
        value = float(text.replace(",", ".").strip())
    except ValueError:
        return None
    return value if -limit <= value <= limit else None
