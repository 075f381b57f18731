"""The players' codes sheet (issue 25: "A short code per player, printed by the TD (a sheet of
slips or badges with QR codes that open the player's page)"): one slip per player, sorted by
name, each QR code read back from the printed page opening that player's own page."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from tdapp.core.collation import name_key
from tdapp.reports.codes_sheet import instructions, layout
from tdapp.reports.pdf_base import PageSetup
from tdapp.services import players as player_service
from tdapp.services.changes import ServiceError
from tdapp.services.codes_sheet import default_page_address, export_codes_sheet
from tdapp.services.player_codes import list_codes, player_for_code
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.database import TournamentDb

HOSTILE = "<img src=x onerror=alert(1)>"
NAMES = ["Zoë Adams", "Åsa Berg", "bob Carter", HOSTILE, "Émilie Dubois", "Łukasz Nowak",
         "Maximilian Alexander von Hohenzollern-Sigmaringen de la Tour"] + [
    f"Player {n:02d}" for n in range(1, 9)]


@pytest.fixture
def db(tournament_path: Path):
    db = create_tournament(tournament_path, TournamentInfo("Codes Open", "wdc-2025", 4))
    player_service.add_players(db, [player_service.PlayerData(n) for n in NAMES], "Add")
    yield db
    db.close()


def _render(pdf: Path, folder: Path, dpi: int = 150) -> list[Path]:
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(folder / "sheet")],
                   check=True, timeout=120)
    return sorted(folder.glob("sheet-*.png"))


def _decoded(pages: list[Path]) -> list[str]:
    """Every QR code on the printed pages, read as a phone's camera would (zxing-cpp, a test
    extra in pyproject.toml, which CI installs)."""
    zxingcpp = pytest.importorskip("zxingcpp", reason="pip install -e '.[test]' (zxing-cpp)")
    from PIL import Image

    found = []
    for page in pages:
        with Image.open(page) as image:
            found += [code.text for code in zxingcpp.read_barcodes(image)
                      if code.format == zxingcpp.BarcodeFormat.QRCode]
    return found


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm not installed")
def test_one_slip_per_player_whose_qr_code_opens_their_own_page(db: TournamentDb,
                                                                tmp_path: Path) -> None:
    target = export_codes_sheet(db, tmp_path / "codes.pdf", "192.168.1.20:8080")
    codes = {row.name: row for row in list_codes(db)}
    assert set(codes) == set(NAMES)  # a code was made for every player first
    per_page = layout(PageSetup().size()).per_page
    reader = PdfReader(str(target))
    assert len(reader.pages) == -(-len(NAMES) // per_page) == 2
    text = "\n".join(page.extract_text() for page in reader.pages)
    for name, row in codes.items():
        assert text.count(row.shown) == 1, name  # ABCD-EFGH, once: one slip each
    assert text.count(instructions("192.168.1.20:8080").split(" or ")[0]) == len(NAMES)

    decoded = _decoded(_render(target, tmp_path))
    assert sorted(decoded) == sorted(f"http://192.168.1.20:8080/p/{row.code}"
                                     for row in codes.values())
    for link in decoded:  # each opens the page of the player whose slip it is on
        card = player_for_code(db, link.rsplit("/", 1)[1])
        assert card is not None and codes[card.name].code == link.rsplit("/", 1)[1]


def test_slips_are_sorted_by_name_and_a_hostile_name_stays_text(db: TournamentDb,
                                                               tmp_path: Path) -> None:
    target = export_codes_sheet(db, tmp_path / "codes.pdf", "10.0.0.5")
    text = "".join(page.extract_text() for page in PdfReader(str(target)).pages)
    flat = text.replace("\n", " ")
    assert HOSTILE.replace(" ", "") in flat.replace(" ", "")  # printed as typed, never markup
    shown = {row.name: row.shown for row in list_codes(db)}
    order = sorted(NAMES, key=name_key)  # Åsa with the As, Łukasz with the Ls, Zoë last
    positions = [text.index(shown[name]) for name in order]
    assert positions == sorted(positions)
    assert [order.index(n) for n in ("Åsa Berg", "bob Carter", "Émilie Dubois", "Łukasz Nowak",
                                     "Player 01", "Zoë Adams")] == [1, 2, 3, 4, 6, 14]


def test_the_same_codes_every_time_and_letter_paper(db: TournamentDb, tmp_path: Path) -> None:
    export_codes_sheet(db, tmp_path / "a4.pdf", "192.168.1.20:8080")
    first = list_codes(db)
    target = export_codes_sheet(db, tmp_path / "letter.pdf", "192.168.1.20:8080", "letter")
    assert list_codes(db) == first  # printing again never changes a code
    page = PdfReader(str(target)).pages[0]
    assert round(float(page.mediabox.width)) == 612  # US Letter


def test_a_withdrawn_player_keeps_a_code_but_gets_no_slip(db: TournamentDb,
                                                           tmp_path: Path) -> None:
    gone = next(p for p in player_service.list_players(db) if p.name == "bob Carter")
    player_service.set_withdrawn(db, gone.id, True)
    target = export_codes_sheet(db, tmp_path / "codes.pdf", "192.168.1.20:8080")
    text = "".join(page.extract_text() for page in PdfReader(str(target)).pages)
    codes = {row.name: row.shown for row in list_codes(db)}
    assert "bob Carter" in codes and codes["bob Carter"] not in text
    assert "bob Carter" not in text and codes["Åsa Berg"] in text


def test_an_address_no_phone_could_open_is_refused_and_nothing_written(
        db: TournamentDb, tmp_path: Path) -> None:
    with pytest.raises(ServiceError, match="plain http://"):
        export_codes_sheet(db, tmp_path / "codes.pdf", "https://192.168.1.20")
    assert not (tmp_path / "codes.pdf").exists()


def test_the_default_address_is_this_laptop_on_the_page_port() -> None:
    host, port = default_page_address().rsplit(":", 1)
    assert port == "8080" and host
