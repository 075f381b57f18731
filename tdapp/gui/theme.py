"""Colours and fonts of the whole GUI, named by what they mean.

A view asks for a role (``theme.ERROR``, ``theme.MUTED``) rather than writing a colour in a
style sheet, so the same kind of message looks the same in every window and a change of look is
made here once. Colour is never the only signal: every status also says itself in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QWidget

# -- text colours (on the window's light background) ---------------------------------------------
ERROR = "#b00020"  # a refusal, what is wrong with what was typed
WARNING = "#9a6700"  # needs the TD's attention, but nothing is wrong yet
OK = "#2e7d32"  # done, checked, nothing left to fix
INFO = "#35577f"  # where the tournament stands; a neutral note
PAUSED = "#0061a3"  # a clock that stands still
MUTED = "#555555"  # secondary text: hints, explanations, "nothing here yet"
SECONDARY = "#444444"  # quieter than the text, louder than a hint
GREYED = "#8a8a8a"  # a line that no longer counts (withdrawn, absent, dropped round)
ACCENT = "#4a78c2"  # the selection colour of the sidebar and the board cards
TEXT = "#000000"  # plain text where a colour must be given
FAINT = "#aaaaaa"  # a zero nobody needs to read (an eliminated power's centres)
PROVISIONAL = "#2f5fa8"  # a score that is not final yet ("if all games ended now")
CHANGED = "#1d5fb4"  # a part of the format that differs from the one it started from
COMPARED = "#5c6670"  # the other system's numbers beside this one's
SHEET_ERROR = "#c62828"  # the wavy underline of an order the judge will refuse
SHEET_WARNING = "#e08a00"  # the wavy underline of an order that is allowed but doubtful

# The colour each power's name is written in (order entry, adjudication): dark enough to read
# as text on white; the map fills its provinces with its own lighter palette.
POWER_TEXT_COLOURS = {
    "AUSTRIA": "#c0392b", "ENGLAND": "#2c3e91", "FRANCE": "#2e86c1", "GERMANY": "#555555",
    "ITALY": "#1e8449", "RUSSIA": "#7d3c98", "TURKEY": "#b7950b",
}

# -- backgrounds ---------------------------------------------------------------------------------
ALARM = "#b3261e"  # behind white text that must be seen at once
ERROR_BACKGROUND = "#fdecea"  # a cell or sheet with a fault
BAD_CELL = "#f6c9c4"  # a typed value that is refused
OK_BACKGROUND = "#e8f5e9"  # a finished board's banner
WARNING_BACKGROUND = "#fff8e1"  # a banner asking for the TD's attention
TD_TIE = "#fde2b8"  # a tie the TD must settle
SOLO = "#fff2c2"  # a solo's row in the result grid
OPTIONAL_CELL = "#f4f6f9"  # a cell the TD may leave empty
PLACEHOLDER_BACKGROUND = "#fafafa"  # where a part would be shown when it is not available
REQUIRED_CELL = "#ffffff"  # a cell the TD must fill
VOID_BACKGROUND = "#f3f3f3"  # an order that was void (nothing happened)
SOLO_CENTRES = "#ffe08a"  # a power with enough centres for a solo, in the centre chart
FORMULA_FAULT = "#fde7ea"  # the part of a formula that is wrong
TABLE_BAND = "#e6ebf2"  # a band over a table's columns (one sample board)

# -- board cards (seating): the issue a seat has, and the card itself ---------------------------
CARD_REPEAT = "#fde9b8"  # a mild issue (a power played before by someone else on the board)
CARD_PICKED = "#bcd4f6"  # the seat picked up to be swapped
CARD_PLAIN = "#ffffff"
CARD_TEXT = "#1a1a1a"
CARD_BACKGROUND = "#f7f9fc"
CARD_NOTE = "#6b4e00"

# -- the main window's sidebar --------------------------------------------------------------------
SIDEBAR_BACKGROUND = "#2f3b4c"
SIDEBAR_TEXT = "#e8edf3"
SIDEBAR_DISABLED = "#7d8896"


def set_sidebar_style(sidebar: QWidget) -> None:
    """The main window's page list: dark, roomy lines, the page shown picked out."""
    name = sidebar.objectName() or "sidebar"
    sidebar.setObjectName(name)
    sidebar.setStyleSheet(
        f"QListWidget#{name} {{ background: {SIDEBAR_BACKGROUND}; color: {SIDEBAR_TEXT}; "
        "border: none; }"
        f"QListWidget#{name}::item {{ padding: 10px 14px; }}"
        f"QListWidget#{name}::item:selected {{ background: {ACCENT}; color: white; }}"
        f"QListWidget#{name}::item:disabled {{ color: {SIDEBAR_DISABLED}; }}")


# -- applying a role ------------------------------------------------------------------------------
def text_style(colour: str | None, *, bold: bool = False, italic: bool = False,
               size_px: int | None = None, background: str | None = None,
               padding_px: int | None = None) -> str:
    """The style sheet of a widget's text in ``colour`` (None: the palette's own)."""
    parts = []
    if background:
        parts.append(f"background: {background};")
    if padding_px is not None:
        parts.append(f"padding: {padding_px}px;")
    if colour:
        parts.append(f"color: {colour};")
    if bold:
        parts.append("font-weight: 600;")
    if italic:
        parts.append("font-style: italic;")
    if size_px:
        parts.append(f"font-size: {size_px}px;")
    return " ".join(parts)


def set_text_colour(widget: QWidget, colour: str | None, *, bold: bool = False,
                    italic: bool = False, size_px: int | None = None) -> None:
    """Show ``widget``'s text in a role's colour; ``None`` gives it back the palette's."""
    widget.setStyleSheet(text_style(colour, bold=bold, italic=italic, size_px=size_px))


def set_banner(widget: QWidget, background: str | None, *, colour: str | None = None,
               bold: bool = False, padding_px: int = 6) -> None:
    """A line of text on a tinted band (a board's state above its game view)."""
    widget.setStyleSheet(text_style(colour, bold=bold, background=background,
                                    padding_px=padding_px))


def set_placeholder(widget: QWidget) -> None:
    """A dashed frame where a part would be (the map, when it cannot be drawn)."""
    widget.setStyleSheet(f"border: 1px dashed #999; color: #777; "
                         f"background: {PLACEHOLDER_BACKGROUND};")


def clear_style(widget: QWidget) -> None:
    """Back to the palette's own look."""
    widget.setStyleSheet("")


def set_alarm(widget: QWidget) -> None:
    """White on red: something the TD must see at once (the venue server is gone)."""
    widget.setStyleSheet(f"color: white; background: {ALARM}; padding: 1px 6px; "
                         "font-weight: bold;")


def set_error_border(widget: QWidget, on: bool) -> None:
    """Frame a field the TD must correct; ``on=False`` takes the frame away. A named widget is
    framed by its name, so a group box's children keep their own borders."""
    rule = f"border: 2px solid {ERROR};"
    name = widget.objectName()
    widget.setStyleSheet((f"#{name} {{ {rule} }}" if name else rule) if on else "")


# -- fonts -----------------------------------------------------------------------------------------
def enlarged(font: QFont, points: int, *, bold: bool = False) -> QFont:
    """``font`` ``points`` larger (headings, counts), bold when asked."""
    bigger = QFont(font)
    bigger.setPointSize(bigger.pointSize() + points)
    if bold:
        bigger.setBold(True)
    return bigger


def enlarge(widget: QWidget, points: int, *, bold: bool = False) -> None:
    widget.setFont(enlarged(widget.font(), points, bold=bold))


def point_font(points: int, *, bold: bool = False) -> QFont:
    """The default family at a fixed size (the TD's clock face reads from across the table)."""
    font = QFont()
    font.setPointSize(points)
    font.setBold(bold)
    return font


def code_font(extra_points: int = 2) -> QFont:
    """A fixed-width font for what is typed as code (a scoring formula)."""
    font = QFont("monospace")
    font.setStyleHint(QFont.StyleHint.TypeWriter)
    font.setPointSize(font.pointSize() + extra_points)
    return font


TITLE_POINTS = 6  # a page's title grows this much above the body text
OPERATOR_CLOCK_POINTS = 40  # the time on the TD's clock panel
OPERATOR_TITLE_POINTS = 16  # the segment's name and state beside it


# -- the projector --------------------------------------------------------------------------------
PROJECTOR_FAMILY = "DejaVu Sans"  # bundled with the program: the room sees the same letters


def projector_font(pixels: float, *, bold: bool = True) -> QFont:
    """The projector's font at a pixel size (its texts are sized to fill the space they have)."""
    font = QFont(PROJECTOR_FAMILY)
    font.setBold(bold)
    font.setPixelSize(max(1, int(pixels)))
    return font


@dataclass(frozen=True)
class ProjectorTheme:
    """The projector's colours. Every status also has a text label (views.STATUS_LABELS): colour
    is never the only signal, for colour-blind players and washed-out projectors."""

    name: str
    background: QColor
    text: QColor
    dim: QColor
    tile: QColor
    running: QColor
    ready: QColor
    warning: QColor
    paused: QColor
    expired: QColor
    finished: QColor
    label_text: QColor  # text on a filled status pill

    def status_colour(self, status: str) -> QColor:
        return {
            "running": self.running, "ready": self.ready, "warning": self.warning,
            "paused": self.paused, "expired": self.expired, "finished": self.finished,
        }.get(status, self.text)


PROJECTOR_DARK = ProjectorTheme(
    name="dark",
    background=QColor("#0b0d12"), text=QColor("#f2f4f8"), dim=QColor("#9aa3b2"),
    tile=QColor("#1a1f2a"), running=QColor("#f2f4f8"), ready=QColor("#9aa3b2"),
    warning=QColor("#ffb300"), paused=QColor("#4fc3f7"), expired=QColor("#ff4d4d"),
    finished=QColor("#7ddc7d"), label_text=QColor("#000000"),
)

PROJECTOR_HIGH_CONTRAST = ProjectorTheme(
    name="high-contrast",
    background=QColor("#000000"), text=QColor("#ffffff"), dim=QColor("#ffffff"),
    tile=QColor("#000000"), running=QColor("#ffffff"), ready=QColor("#ffffff"),
    warning=QColor("#ffff00"), paused=QColor("#00ffff"), expired=QColor("#ff3030"),
    finished=QColor("#00ff00"), label_text=QColor("#000000"),
)

PROJECTOR_THEMES = {theme.name: theme for theme in (PROJECTOR_DARK, PROJECTOR_HIGH_CONTRAST)}
