"""Every word of the players' page goes through one gettext catalogue: no visible English in a
template outside it, the catalogue template up to date, and a translation shown to a player
whose browser asks for it (a tiny French test catalogue)."""

from __future__ import annotations

import gettext
import re
import shutil
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tdapp.core.game.draws import ONE_PER_SEASON
from tdapp.services import games
from tdapp.services.changes import ServiceError
from tdapp.services.checkins import check_in
from tdapp.store.files import open_tournament_file
from tdapp.web import catalogue
from tdapp.web.app import create_app
from tdapp.web.i18n import TEMPLATES, Catalogue, accepted, make_env
from tdapp.web.refusals import refusal_words
from tdapp.web.source import LiveSource, open_live
from tests.web.board_game import make_board_game
from tests.web.player_helpers import make_played, player_id_of, post

TEST_PO = Path(__file__).parent / "data" / "translations" / "fr" / "LC_MESSAGES" / "tdapp-web.po"
# Attributes a person reads or hears (placeholder, alternative text, tooltips, labels).
SPOKEN = {"title", "alt", "placeholder", "aria-label", "aria-description", "aria-roledescription",
          "aria-valuetext", "label", "content"}
# Jinja: a {% trans %} block is the catalogue's; an expression or tag prints data, not words.
JINJA = re.compile(r"{%-?\s*trans\b.*?{%-?\s*endtrans\s*-?%}|{{.*?}}|{%.*?%}|{#.*?#}", re.S)


class _Words(HTMLParser):
    """Letters a template shows outside Jinja: text, and spoken attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.english: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        is_meta = tag == "meta"
        for name, value in attrs:
            if name in SPOKEN and value and re.search(r"[A-Za-z]", value):
                if is_meta and name == "content":
                    continue  # charset, viewport: for the browser, never shown
                self.english.append(f"<{tag} {name}={value!r}>")
        if tag == "input" and dict(attrs).get("type") in ("submit", "button"):
            value = dict(attrs).get("value") or ""
            if re.search(r"[A-Za-z]", value):
                self.english.append(f"<input value={value!r}>")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and re.search(r"[A-Za-z]", data):
            self.english.append(data.strip())


def english_outside_the_catalogue(source: str) -> list[str]:
    words = _Words()
    words.feed(JINJA.sub("", source))
    words.close()
    return words.english


def test_no_template_shows_english_outside_the_catalogue() -> None:
    templates = sorted(TEMPLATES.glob("*.html"))
    assert templates
    found = {path.name: english_outside_the_catalogue(path.read_text(encoding="utf-8"))
             for path in templates}
    assert all(not words for words in found.values()), (
        "Words outside {% trans %} / _(): " + repr({k: v for k, v in found.items() if v}))


def test_the_check_catches_english_outside_the_catalogue() -> None:
    assert english_outside_the_catalogue('<p>{% trans %}Clock{% endtrans %}</p>') == []
    assert english_outside_the_catalogue('<p title="{{ _("Clock") }}">{{ name }}</p>') == []
    assert english_outside_the_catalogue("<p>Board {{ n }}</p>") == ["Board"]
    assert english_outside_the_catalogue('<img alt="A map">') == ["<img alt='A map'>"]
    assert english_outside_the_catalogue('<input type="submit" value="Go">') == [
        "<input value='Go'>"]


def test_the_catalogue_template_is_up_to_date() -> None:
    written = catalogue.POT.read_text(encoding="utf-8")
    assert written == catalogue.pot_text(), (
        "tdapp/web/locale/tdapp-web.pot is out of date: run python -m tdapp.web.catalogue")
    assert catalogue.main(["--check"]) == 0


def test_the_catalogue_holds_the_templates_and_the_pythons_words() -> None:
    ids = {m.msgid: m for m in catalogue.messages()}
    for word in ("Standings", "Find your name", "Board %(number)s",  # templates
                 "board call published", "Germany", "Round over", "Negotiation",  # Python
                 "Only reading is allowed here."):  # a refusal
        assert word in ids, word
    pool = next(m for m in ids.values() if m.msgid.startswith("The championship pool:"))
    assert pool.plural is not None and "%(count)s players" in pool.plural


def test_a_po_file_compiles_to_what_gettext_reads(tmp_path: Path) -> None:
    po = tmp_path / "fr.po"
    shutil.copy(TEST_PO, po)
    with catalogue.compile_po(po).open("rb") as handle:
        french = gettext.GNUTranslations(handle)
    assert french.gettext("Standings") == "Classement"
    assert french.gettext("Board %(number)s") == "Table %(number)s"
    assert french.gettext("Clock") == "Clock"  # fuzzy: left out, as msgfmt does
    assert french.gettext("Spring") == "Printemps"  # the entries after a fuzzy one stay
    assert french.gettext("Score") == "Score"  # untranslated: English


def test_accept_language_ranks_the_players_languages() -> None:
    assert accepted("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5") == [
        "fr_ch", "fr", "en", "de", "*"]
    assert accepted("de;q=0.2, nl") == ["nl", "de"]
    assert accepted("en;q=0, <script>, fr;q=abc, ;;;") == []
    assert accepted("x" * 10_000) == []
    assert accepted(None) == []


@pytest.fixture
def french(tmp_path: Path) -> Path:
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(TEST_PO, folder / "tdapp-web.po")
    catalogue.compile_po(folder / "tdapp-web.po")
    return tmp_path / "locale"


def test_the_language_falls_back_to_english(french: Path) -> None:
    have = Catalogue(french)
    assert have.languages == {"en", "fr"}
    assert have.choose("fr-BE,fr;q=0.9") == "fr"
    assert have.choose("de, fr;q=0.5") == "fr"
    assert have.choose("de, en;q=0.9, fr;q=0.5") == "en"
    assert have.choose("de") == "en" and have.choose("") == "en" and have.choose(None) == "en"


def test_a_player_whose_browser_asks_for_french_reads_french(
        source: LiveSource, french: Path) -> None:
    with TestClient(create_app(source, locale=french)) as client:
        state = client.get("/api/state").json()
        seat = next(s for s in state["boards"][0]["seats"] if s["power"] == "GERMANY")
        fr = client.get("/", params={"q": "<b>nobody</b>"},
                        headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}).text
        en = client.get("/", headers={"Accept-Language": "de-DE"}).text
        plain = client.get("/").text
        fr_state = client.get("/api/state", headers={"Accept-Language": "fr"}).json()
    assert '<html lang="fr">' in fr
    assert ">Classement</h2>" in fr and ">Cherchez votre nom</label>" in fr
    assert "Table 1" in fr and "Allemagne" in fr and "Négociation" in fr
    # The translation's variables are escaped like any other (a hostile search).
    assert "Personne ne s'appelle « &lt;b&gt;nobody&lt;/b&gt; »" in fr
    assert "<b>nobody</b>" not in fr
    assert ">Announcements</h2>" in fr  # not translated yet: English, never a blank
    for page in (en, plain):
        assert '<html lang="en">' in page and ">Standings</h2>" in page
        assert "Classement" not in page and "Board 1" in page
    # The JSON is the contract's, the same for everyone: English labels.
    assert fr_state["clock"]["label"] == state["clock"]["label"]
    assert "Negotiation" in state["clock"]["label"] and seat["power"] == "GERMANY"


def test_the_env_factory_renders_any_template_in_the_players_language(french: Path) -> None:
    env = make_env(locale=french)
    page = env.from_string('<p lang="{{ language() }}">{% trans %}Standings{% endtrans %} '
                           '{{ _("Germany") }}</p>')
    assert page.render() == '<p lang="en">Standings Germany</p>'
    with env.speaking("fr-CA, en;q=0.5"):
        assert page.render() == '<p lang="fr">Classement Allemagne</p>'
    assert page.render() == '<p lang="en">Standings Germany</p>'  # only within


def test_a_refusal_is_said_in_the_players_language(source: LiveSource, tmp_path: Path) -> None:
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "tdapp-web.po").write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Only reading is allowed here."\nmsgstr "Ici, on ne fait que lire."\n',
        encoding="utf-8")
    catalogue.compile_po(folder / "tdapp-web.po")
    with TestClient(create_app(source, locale=tmp_path / "locale")) as client:
        french = client.delete("/", headers={"Accept-Language": "fr"})
        english = client.delete("/")
    assert french.status_code == english.status_code == 405
    assert french.text == "Ici, on ne fait que lire."
    assert english.text == "Only reading is allowed here."


def test_a_boards_page_speaks_the_players_language_too(source: LiveSource, french: Path
                                                       ) -> None:
    with TestClient(create_app(source, locale=french)) as client:
        fr = client.get("/board/3/1", headers={"Accept-Language": "fr"}).text
        en = client.get("/board/3/1").text  # kept per language: never the French one
    assert '<html lang="fr">' in fr and ">Table 1<" in fr and "Allemagne" in fr
    assert '<html lang="en">' in en and ">Board 1<" in en and "Germany" in en
    assert "Allemagne" not in en


def test_a_boards_phase_title_and_map_speak_french(tmp_path: Path, french: Path) -> None:
    game = make_board_game(tmp_path)
    live = open_live(str(game.demo.path))
    try:
        with TestClient(create_app(live, locale=french)) as client:
            fr = client.get("/board/3/1", params={"phase": "S1901M"},
                            headers={"Accept-Language": "fr"}).text
            en = client.get("/board/3/1", params={"phase": "S1901M"}).text
            fr_img = re.search(r'<img src="([^"]+)"', fr)
            en_img = re.search(r'<img src="([^"]+)"', en)
            assert fr_img and en_img
            fr_svg = client.get(unescape(fr_img.group(1)),
                                headers={"Accept-Language": "fr"}).text
            en_svg = client.get(unescape(en_img.group(1))).text
    finally:
        live.close()
    # The heading and the phases' links: the core's "Spring 1901 movement" in French words.
    assert "Printemps 1901, mouvements : ordres et résultats" in fr
    assert 'aria-label="Printemps 1901, mouvements"' in fr
    alt = unescape(re.search(r'alt="([^"]*)"', fr).group(1))  # type: ignore[union-attr]
    assert alt.startswith("Table 1, ronde 3 : Printemps 1901, mouvements")
    assert "Allemagne : 3 centres, 3 unités" in alt
    # The map itself: legend, tooltips and province names; a French map is its own image.
    assert ">Allemagne</text>" in fr_svg and ">soutien</text>" in fr_svg
    assert "Armée (Allemagne) en" in fr_svg and "<title>Bourgogne" in fr_svg
    assert fr_img.group(1) != en_img.group(1)
    assert "Spring 1901 movement: orders and results" in en
    assert ">Germany</text>" in en_svg and "Allemagne" not in en_svg + en


def test_a_players_refusal_is_said_in_french(tmp_path: Path, french: Path) -> None:
    played = make_played(tmp_path, "wdc-2025", "S1906M")
    codes = {power: played.codes[name] for power, name in played.seats.items()}
    live = open_live(str(played.demo.path))
    try:
        with TestClient(create_app(live, locale=french)) as client:
            post(client, codes["ENGLAND"], "propose", board=str(played.board_id))
            for power in codes:
                post(client, codes[power], "vote", board=str(played.board_id), choice="no")
            client.headers["Accept-Language"] = "fr"
            # The core's refusal, in English for the TD, is French on a French phone: on the
            # page (why no draw may be proposed) and as the answer to a form.
            page = client.get(f"/p/{codes['FRANCE']}").text
            again = post(client, codes["FRANCE"], "propose", board=str(played.board_id))
            del client.headers["Accept-Language"]
            english = post(client, codes["FRANCE"], "propose", board=str(played.board_id))
    finally:
        live.close()
    french_words = "Un vote de nul a déjà eu lieu cette saison : un par printemps ou automne."
    assert french_words in unescape(page) and french_words in unescape(again)
    assert ONE_PER_SEASON in unescape(english) and "Un vote" not in english
    # Refusals with values: read back out of the service's English, said in French.
    db = open_tournament_file(played.demo.path)
    try:
        with pytest.raises(ServiceError) as closed:
            check_in(db, player_id_of(played.demo.path, played.seats["ITALY"]), 1)
        with pytest.raises(ServiceError) as voted:
            games.hold_draw_vote(db, played.board_id, dict.fromkeys(codes, True))
    finally:
        db.close()
    env = make_env(locale=french)
    with env.speaking("fr"):
        assert refusal_words(str(closed.value)) == (
            "L'enregistrement pour la ronde 1 est clos : elle est déjà placée. L'enregistrement "
            "est ouvert pour la ronde 4.")
        assert refusal_words(str(voted.value)) == (
            "Un vote de nul a déjà eu lieu (Printemps 1906) : un par saison.")
        assert refusal_words("Something new from a service.") == "Something new from a service."
    assert refusal_words(str(closed.value)) == str(closed.value)  # English: the service's own
