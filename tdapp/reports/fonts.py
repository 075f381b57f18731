"""The bundled DejaVu fonts, registered once with reportlab so accented names print correctly."""

from __future__ import annotations

from functools import cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from tdapp.resources import resource_path

SANS = "DejaVuSans"
SANS_BOLD = "DejaVuSans-Bold"
SANS_ITALIC = "DejaVuSans-Oblique"
SERIF = "DejaVuSerif"
SERIF_BOLD = "DejaVuSerif-Bold"
SERIF_ITALIC = "DejaVuSerif-Italic"


@cache
def register_fonts() -> None:
    for name in (SANS, SANS_BOLD, SANS_ITALIC, SERIF, SERIF_BOLD, SERIF_ITALIC):
        pdfmetrics.registerFont(TTFont(name, str(resource_path("fonts", f"{name}.ttf"))))
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, SANS_BOLD)
    addMapping(SANS, 0, 1, SANS_ITALIC)
    addMapping(SANS, 1, 1, SANS_BOLD)
    addMapping(SERIF, 0, 0, SERIF)
    addMapping(SERIF, 1, 0, SERIF_BOLD)
    addMapping(SERIF, 0, 1, SERIF_ITALIC)
    addMapping(SERIF, 1, 1, SERIF_BOLD)
