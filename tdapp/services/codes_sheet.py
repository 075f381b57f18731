"""The players' codes sheet (File › Export › Player codes sheet…): every player's code on a
slip with the QR code of their own page, at the address the TD gives.

The codes come from ``services.player_codes`` (``ensure_codes`` first: a player without one
gets one); the slips are drawn by ``tdapp.reports.codes_sheet``.
"""

from __future__ import annotations

from pathlib import Path

from tdapp.core.collation import name_key
from tdapp.core.tournament.page_link import (
    DEFAULT_PORT,
    BadAddress,
    page_base,
    player_link,
    shown_address,
)
from tdapp.core.tournament.player_codes import shown
from tdapp.services.changes import ServiceError
from tdapp.services.player_codes import ensure_codes, list_codes
from tdapp.services.players import list_players
from tdapp.services.tournaments import tournament_info
from tdapp.store.database import TournamentDb
from tdapp.store.venue_server import url_host


def default_page_address() -> str:
    """Where phones on the venue network reach this laptop's players' page by default: its
    address there (no packet is sent) and the page's port, ``192.168.1.20:8080``."""
    return f"{url_host('')}:{DEFAULT_PORT}"


def export_codes_sheet(db: TournamentDb, target: Path, address: str,
                       paper: str = "a4") -> Path:
    """Write the sheet of slips, one per player still in the tournament (a withdrawn player
    keeps a code but gets no slip), sorted by name, to ``target``; a code is made first for
    every player who has none. ``address`` as the TD typed it: one that no phone could open is
    refused, saying why."""
    try:
        base = page_base(address)
    except BadAddress as exc:
        raise ServiceError(str(exc)) from None
    ensure_codes(db)  # nothing recorded when every player has one (the GUI made them first)
    playing = {player.id for player in list_players(db, include_withdrawn=False)}
    rows = sorted((row for row in list_codes(db) if row.player_id in playing),
                  key=lambda row: name_key(row.name))
    info = tournament_info(db)
    # lazy, for speed: reportlab loads (about 0.1 s) only when the sheet is written
    from tdapp.reports.codes_sheet import CodeSlip, write_codes_sheet
    from tdapp.reports.pdf_base import PageSetup

    slips = [CodeSlip(row.name, shown(row.code), player_link(base, row.code)) for row in rows]
    return write_codes_sheet(slips, Path(target), tournament=info.name,
                             address=shown_address(base), setup=PageSetup(paper=paper))
