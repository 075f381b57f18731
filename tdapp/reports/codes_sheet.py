"""The players' codes sheet: one slip per player, cut along the dashed lines and handed out.

Each slip holds the player's name, their code as they type it (``ABCD-EFGH``), a QR code that
opens their own page (``http://ADDRESS:PORT/p/CODE``) and one line of instructions. Names are
drawn as text (never markup), so a name like ``<b>`` prints as typed.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.graphics.barcode import qrencoder
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen import canvas as pdf_canvas

from tdapp.atomic import atomic_path
from tdapp.reports.fonts import SANS, SANS_BOLD, register_fonts
from tdapp.reports.pdf_base import PageSetup

SLIP_WIDTH = 95 * mm
SLIP_HEIGHT = 52 * mm
QR_SIZE = 34 * mm  # with its quiet zone: about 28 mm of modules, read from arm's length
PAD = 4 * mm
CUT = colors.HexColor("#888888")
MUTED = colors.HexColor("#555555")
CODE_FONT = "Courier-Bold"  # a code's letters one width each, easy to copy by eye


@dataclass(frozen=True)
class CodeSlip:
    """One player's slip: ``code`` as shown (``ABCD-EFGH``), ``link`` what the QR code opens."""

    name: str
    code: str
    link: str


@dataclass(frozen=True)
class SheetLayout:
    """How many slips fit across and down a page, and where the first one's corner is."""

    columns: int
    rows: int
    left: float
    top: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


def layout(size: tuple[float, float]) -> SheetLayout:
    width, height = size
    columns = max(1, int((width - 10 * mm) // SLIP_WIDTH))
    rows = max(1, int((height - 16 * mm) // SLIP_HEIGHT))
    left = (width - columns * SLIP_WIDTH) / 2
    top = height - 12 * mm
    return SheetLayout(columns, rows, left, top)


def _name_lines(c: pdf_canvas.Canvas, name: str, width: float) -> tuple[list[str], float]:
    """The name at the largest size up to 15 pt that fits; a long one on two lines, never cut."""
    size = 15.0
    while size > 9 and c.stringWidth(name, SANS_BOLD, size) > width:
        size -= 0.5
    if c.stringWidth(name, SANS_BOLD, size) <= width:
        return [name], size
    for size in (11.0, 10.0, 9.0, 8.0, 7.0):
        lines = simpleSplit(name, SANS_BOLD, size, width)
        if len(lines) <= 2:
            return lines, size
    return simpleSplit(name, SANS_BOLD, 7.0, width), 7.0


def qr_modules(link: str) -> list[list[bool]]:
    """The QR code of ``link`` as rows of dark (True) and light modules: reportlab's own
    encoder, error correction M (a slip folded or smudged still reads)."""
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(link)
    code.make()
    return [[bool(module) for module in row] for row in code.modules]


def _draw_qr(c: pdf_canvas.Canvas, link: str, x: float, y: float, size: float) -> None:
    """The QR code in a ``size`` square whose lower-left corner is (x, y), with its quiet zone
    of four modules. One filled path of runs of dark modules: reportlab's widget draws a shape
    per run and encodes twice, four times slower over a sheet of 256 slips."""
    rows = qr_modules(link)
    border = 4
    box = size / (len(rows) + 2 * border)
    path = c.beginPath()
    for r, row in enumerate(rows):
        column = 0
        for dark, run in itertools.groupby(row):
            count = len(list(run))
            if dark:
                path.rect(x + (column + border) * box, y + size - (r + border + 1) * box,
                          count * box, box)
            column += count
    c.saveState()
    c.setFillColor(colors.black)
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


def instructions(address: str) -> str:
    """The slip's one line for the player."""
    return (f"On the venue Wi-Fi, scan the square or open {address} and type your code. "
            "Keep it to yourself.")


def _slip(c: pdf_canvas.Canvas, slip: CodeSlip, x: float, y: float, tournament: str,
          address: str) -> None:
    """The slip whose lower-left corner is (x, y)."""
    c.saveState()
    c.setStrokeColor(CUT)
    c.setLineWidth(0.5)
    c.setDash(3, 3)
    c.rect(x, y, SLIP_WIDTH, SLIP_HEIGHT)
    c.restoreState()
    text_width = SLIP_WIDTH - QR_SIZE - 2 * PAD
    top = y + SLIP_HEIGHT - PAD
    c.setFillColor(MUTED)
    c.setFont(SANS, 7)
    label = simpleSplit(tournament, SANS, 7, text_width)[:1]
    c.drawString(x + PAD, top - 7, label[0] if label else "")
    lines, size = _name_lines(c, slip.name, text_width)
    c.setFillColor(colors.black)
    c.setFont(SANS_BOLD, size)
    line_y = top - 9 - size
    for line in lines:
        c.drawString(x + PAD, line_y, line)
        line_y -= size * 1.15
    c.setFillColor(MUTED)
    c.setFont(SANS, 7.5)
    c.drawString(x + PAD, line_y - 4, "Your code")
    c.setFillColor(colors.black)
    code_size = 19.0
    while code_size > 10 and c.stringWidth(slip.code, CODE_FONT, code_size) > text_width:
        code_size -= 1
    c.setFont(CODE_FONT, code_size)
    c.drawString(x + PAD, line_y - 6 - code_size, slip.code)
    _draw_qr(c, slip.link, x + SLIP_WIDTH - QR_SIZE - PAD / 2, y + SLIP_HEIGHT - QR_SIZE - PAD,
             QR_SIZE)
    c.setFillColor(MUTED)
    c.setFont(SANS, 7.5)
    lines = simpleSplit(instructions(address), SANS, 7.5, SLIP_WIDTH - 2 * PAD)
    line_y = y + PAD + 9 * (len(lines) - 1)
    for line in lines:
        c.drawString(x + PAD, line_y, line)
        line_y -= 9


def write_codes_sheet(slips: Sequence[CodeSlip], target: Path, *, tournament: str,
                      address: str, setup: PageSetup = PageSetup()) -> Path:
    """The slips in the order given, as many to a page as fit, at ``target`` (atomically).
    ``address`` is the players' page as a player types it (``192.168.1.20:8080``)."""
    register_fonts()
    size = setup.size()
    grid = layout(size)
    with atomic_path(Path(target)) as temporary:
        c = pdf_canvas.Canvas(str(temporary), pagesize=size)
        c.setTitle(f"{tournament} — players' codes")
        c.setAuthor("tdapp")
        pages = max(1, -(-len(slips) // grid.per_page))
        for page in range(pages):
            c.setFont(SANS, 8)
            c.setFillColor(MUTED)
            c.drawString(grid.left, size[1] - 8 * mm,
                         f"{tournament}: players' codes — cut along the dashed lines "
                         f"(page {page + 1} of {pages})")
            chunk = slips[page * grid.per_page:(page + 1) * grid.per_page]
            for index, slip in enumerate(chunk):
                row, column = divmod(index, grid.columns)
                _slip(c, slip, grid.left + column * SLIP_WIDTH,
                      grid.top - (row + 1) * SLIP_HEIGHT, tournament, address)
            if not slips:
                c.setFont(SANS, 12)
                c.setFillColor(colors.black)
                c.drawCentredString(size[0] / 2, size[1] / 2,
                                    "No players yet: add players, then print their codes.")
            c.showPage()
        c.save()
    return Path(target)
