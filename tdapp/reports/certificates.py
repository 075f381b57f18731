"""Award certificates: one per page, framed, or text only for pre-printed stock."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as pdf_canvas

from tdapp.atomic import atomic_path
from tdapp.reports.data import AwardLine, ReportData
from tdapp.reports.fonts import SERIF, SERIF_BOLD, SERIF_ITALIC, register_fonts
from tdapp.reports.pdf_base import PageSetup

GOLD = colors.HexColor("#8A6D1E")


def _fit(c: pdf_canvas.Canvas, text: str, font: str, size: float, width: float) -> float:
    """The largest font size up to ``size`` at which ``text`` fits in ``width``."""
    while size > 8 and c.stringWidth(text, font, size) > width:
        size -= 1
    return size


def _frame(c: pdf_canvas.Canvas, width: float, height: float) -> None:
    c.setStrokeColor(GOLD)
    c.setLineWidth(3)
    c.rect(12 * mm, 12 * mm, width - 24 * mm, height - 24 * mm)
    c.setLineWidth(0.8)
    c.rect(16 * mm, 16 * mm, width - 32 * mm, height - 32 * mm)


def _certificate_page(c: pdf_canvas.Canvas, data: ReportData, award: AwardLine, winner: str,
                      size: tuple[float, float], text_only: bool) -> None:
    width, height = size
    usable = width - 50 * mm
    if not text_only:
        _frame(c, width, height)
        c.setFillColor(GOLD)
        c.setFont(SERIF_BOLD, 30)
        c.drawCentredString(width / 2, height * 0.78, "Certificate")
    c.setFillColor(colors.black)
    name_size = _fit(c, winner, SERIF_BOLD, 40, usable)
    c.setFont(SERIF_ITALIC, 16)
    c.drawCentredString(width / 2, height * 0.66, "awarded to")
    c.setFont(SERIF_BOLD, name_size)
    c.drawCentredString(width / 2, height * 0.56, winner)
    c.setFont(SERIF, 22)
    c.drawCentredString(width / 2, height * 0.44, award.award)
    c.setFont(SERIF_ITALIC, 14)
    tournament = data.tournament + (f", {data.dates}" if data.dates else "")
    c.drawCentredString(width / 2, height * 0.34, tournament)
    if data.venue:
        c.drawCentredString(width / 2, height * 0.30, data.venue)
    if not text_only:
        c.setFont(SERIF, 11)
        c.line(width * 0.6, height * 0.16, width * 0.85, height * 0.16)
        c.drawCentredString(width * 0.725, height * 0.13, "Tournament Director")


def write_certificates(data: ReportData, target: Path, *, text_only: bool = False,
                       setup: PageSetup = PageSetup(landscape=True)) -> Path:
    """One page per winner of each award (shared awards give each winner a page)."""
    register_fonts()
    size = setup.size()
    with atomic_path(Path(target)) as temporary:
        c = pdf_canvas.Canvas(str(temporary), pagesize=size)
        c.setTitle(f"{data.tournament} — award certificates")
        pages = 0
        best = [AwardLine(f"Best {b.power.title()}", b.winners, b.detail, b.score)
                for b in data.best_countries]
        for award in (*data.awards, *best):
            for winner in award.winners:
                _certificate_page(c, data, award, winner, size, text_only)
                c.showPage()
                pages += 1
        if not pages:
            c.setFont(SERIF, 14)
            c.drawCentredString(size[0] / 2, size[1] / 2, "No awards have been decided yet.")
            c.showPage()
        c.save()
    return Path(target)
