"""The frame every tdapp PDF shares: page size, fonts, a running header and "page X of Y".

Documents are lists of reportlab flowables; tables repeat their header rows on every page.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Table, TableStyle

from tdapp.atomic import atomic_path
from tdapp.reports.fonts import SANS, SANS_BOLD, register_fonts

PAGE_SIZES = {"a4": A4, "letter": LETTER}
HEADER_GREY = colors.HexColor("#DDE3EA")
ROW_SHADE = colors.HexColor("#F4F6F8")


@dataclass(frozen=True)
class PageSetup:
    paper: str = "a4"  # "a4" or "letter"
    landscape: bool = False

    def size(self) -> tuple[float, float]:
        size = PAGE_SIZES[self.paper]
        return landscape(size) if self.landscape else size


def styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    return {
        "title": ParagraphStyle("title", fontName=SANS_BOLD, fontSize=18, leading=22,
                                spaceAfter=4 * mm),
        "heading": ParagraphStyle("heading", fontName=SANS_BOLD, fontSize=13, leading=16,
                                  spaceBefore=5 * mm, spaceAfter=2 * mm),
        "body": ParagraphStyle("body", fontName=SANS, fontSize=10, leading=13),
        "small": ParagraphStyle("small", fontName=SANS, fontSize=8, leading=10,
                                textColor=colors.HexColor("#555555")),
        "cell": ParagraphStyle("cell", fontName=SANS, fontSize=9, leading=11),
    }


def data_table(rows: Sequence[Sequence[Any]], col_widths: Sequence[float] | None = None,
               *, header_rows: int = 1, align_right: Sequence[int] = (),
               font_size: float = 9, bold_rows: Sequence[int] = ()) -> Table:
    """A table whose header rows repeat on each page, shaded every other row."""
    register_fonts()
    table = Table([list(r) for r in rows], colWidths=col_widths, repeatRows=header_rows)
    style = [
        ("FONT", (0, 0), (-1, -1), SANS, font_size),
        ("FONT", (0, 0), (-1, header_rows - 1), SANS_BOLD, font_size),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), HEADER_GREY),
        ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.8, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    for column in align_right:
        style.append(("ALIGN", (column, 0), (column, -1), "RIGHT"))
    for row in range(header_rows, len(rows)):
        if (row - header_rows) % 2 == 1:
            style.append(("BACKGROUND", (0, row), (-1, row), ROW_SHADE))
    for row in bold_rows:
        style.append(("FONT", (0, row), (-1, row), SANS_BOLD, font_size))
    table.setStyle(TableStyle(style))
    return table


def _numbered_canvas_class(header: str, printed: str) -> type[pdf_canvas.Canvas]:
    """A canvas that writes the running header and "page X of Y" once the page count is known."""

    class NumberedCanvas(pdf_canvas.Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._saved_pages: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._saved_pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._saved_pages)
            for state in self._saved_pages:
                self.__dict__.update(state)
                self._decorate(total)
                super().showPage()
            super().save()

        def _decorate(self, total: int) -> None:
            width, height = self._pagesize
            self.saveState()
            self.setFont(SANS, 8)
            self.setFillColor(colors.HexColor("#555555"))
            self.drawString(15 * mm, height - 10 * mm, header)
            self.drawString(15 * mm, 8 * mm, printed)
            self.drawRightString(width - 15 * mm, 8 * mm,
                                 f"page {self._pageNumber} of {total}")
            self.restoreState()

    return NumberedCanvas


def build_pdf(target: Path, flowables: list[Flowable], *, title: str, header: str,
              setup: PageSetup = PageSetup(),
              on_page: Callable[[pdf_canvas.Canvas, Any], None] | None = None,
              numbered: bool = True, margins_mm: float = 15) -> Path:
    """Write ``flowables`` as a PDF at ``target`` (atomically) and return the path."""
    register_fonts()
    printed = f"Printed {dt.datetime.now():%d %b %Y %H:%M} by tdapp"
    with atomic_path(Path(target)) as temporary:
        document = SimpleDocTemplate(
            str(temporary), pagesize=setup.size(), title=title, author="tdapp",
            leftMargin=margins_mm * mm, rightMargin=margins_mm * mm,
            topMargin=(margins_mm + 3) * mm, bottomMargin=(margins_mm + 3) * mm,
        )
        page_hook = on_page or (lambda c, d: None)
        canvas_class = _numbered_canvas_class(header, printed) if numbered else pdf_canvas.Canvas
        document.build(flowables, onFirstPage=page_hook, onLaterPages=page_hook,
                       canvasmaker=canvas_class)
    return Path(target)


def paragraph(text: str, style: str = "body") -> Paragraph:
    """A paragraph of plain text (escaped: names with & or < print as typed)."""
    from xml.sax.saxutils import escape

    return Paragraph(escape(text), styles()[style])
