"""Every export runs through the operation API: off the GUI thread, behind a progress dialog
that can cancel it.

The builders write atomically; this controller additionally writes into a hidden file beside the
target and moves it into place only when the work finished and was not cancelled, so a cancelled
export leaves the old file (if any) untouched.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox, QProgressDialog

from tdapp.core.tournament.rating import DEFAULT_COMPRESSION
from tdapp.gui.controller import AppController
from tdapp.gui.export.menu import ExportActions
from tdapp.gui.operations import DialogProgress, Job, Operation
from tdapp.gui.window.menus import MainMenus
from tdapp.services.tournaments import tournament_info
from tdapp.store.database import TournamentDb

if TYPE_CHECKING:
    from tdapp.gui.export.dialogs import CodesSheetDialog, DifferencesDialog, PdfOptionsDialog

PDF_FILTER = "PDF documents (*.pdf)"
XLSX_FILTER = "Excel workbooks (*.xlsx)"
CSV_FILTER = "CSV files (*.csv)"
SHEET_FILTER = "Excel workbooks (*.xlsx *.xlsm)"
# A full disk, a locked file, a sheet that is not a workbook: said in their own words.
EXPECTED: tuple[type[BaseException], ...] = (OSError, ValueError, KeyError)


@dataclass
class ExportJob:
    """One export: ``write(db, path)`` runs on the worker thread."""

    title: str
    target: Path
    write: Callable[[TournamentDb, Path], Any]
    view: DialogProgress | None = None
    handle: Job[Any] | None = None

    @property
    def cancelled(self) -> bool:
        return self.handle is not None and self.handle.cancelled

    @property
    def progress(self) -> QProgressDialog | None:
        """The progress dialog while the export runs (it has the Cancel button)."""
        return self.view.dialog if self.view is not None else None

    @property
    def partial(self) -> Path:
        return self.target.with_name(f".{self.target.stem}.exporting{self.target.suffix}")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "tournament"


class ExportController:
    def __init__(self, window: QMainWindow, menus: MainMenus, app: AppController) -> None:
        self.window = window
        self.app = app
        self.actions = ExportActions(menus.export_menu)
        menus.add_exports(self.actions.groups())
        self.paper = "a4"
        self.jobs: list[ExportJob] = []
        self.last_written: Path | None = None
        self.last_error: str | None = None
        self.options: PdfOptionsDialog | None = None
        self.codes_dialog: CodesSheetDialog | None = None
        self.page_address = ""  # what the TD last gave for the codes sheet, offered again
        # Where the players' page is served (File › Players' page…), HOST:PORT or "": the
        # sheet's QR codes open it (the main controller connects it).
        self.room_address: Callable[[], str] = lambda: ""
        # The compression reading the TD picked in the rating dialog (seed 003 reads two ways):
        # the rating PDF prints the same figures the dialog showed.
        self.rating_compression: Callable[[], str] = lambda: DEFAULT_COMPRESSION
        self.differences: DifferencesDialog | None = None
        # Where the TD last saved an export of this file (a USB stick, say): the next export
        # is offered there too; a newly opened tournament starts beside its own file again.
        self.folder: Path | None = None
        self.actions.pdf.triggered.connect(self.pdf)
        self.actions.certificates.triggered.connect(lambda: self.certificates(False))
        self.actions.text_certificates.triggered.connect(lambda: self.certificates(True))
        self.actions.codes.triggered.connect(self.codes_sheet)
        self.actions.workbook.triggered.connect(self.workbook)
        self.actions.csv.triggered.connect(self.csv)
        self.actions.compare.triggered.connect(self.compare)
        self.actions.set_enabled(False)
        app.file_opened.connect(lambda _path: self.actions.set_enabled(True))
        app.file_opened.connect(lambda _path: setattr(self, "folder", None))
        app.file_closed.connect(lambda: self.actions.set_enabled(False))

    @property
    def busy(self) -> bool:
        return bool(self.jobs)

    # -- choosing --------------------------------------------------------------------------
    def _default_path(self, what: str, suffix: str) -> str:
        db = self.app.db
        if db is None:
            return ""
        name = _slug(tournament_info(db).name)
        folder = self.folder if self.folder is not None and self.folder.is_dir() else db.path.parent
        return str(folder / f"{name}-{what}{suffix}")

    def _save_path(self, caption: str, what: str, suffix: str, filter_: str) -> Path | None:
        chosen, _ = QFileDialog.getSaveFileName(self.window, caption,
                                                self._default_path(what, suffix), filter_)
        if not chosen:
            return None
        path = Path(chosen)
        self.folder = path.parent
        return path if path.suffix.lower() == suffix else path.with_name(path.name + suffix)

    def pdf(self) -> PdfOptionsDialog | None:
        if self.app.db is None:
            return None
        if self.options is not None:
            self.options.reject()
        from tdapp.gui.export.dialogs import PdfOptionsDialog  # reportlab's page sizes

        dialog = PdfOptionsDialog(self.paper, self.window)
        dialog.chosen.connect(self._pdf_chosen)
        dialog.finished.connect(lambda _code: self._options_closed(dialog))
        self.options = dialog
        dialog.open()
        return dialog

    def _options_closed(self, dialog: PdfOptionsDialog) -> None:
        if self.options is dialog:
            self.options = None
        dialog.deleteLater()

    def _pdf_chosen(self, what: str, paper: str) -> None:
        from tdapp.services import exports  # reportlab, openpyxl: loaded on first use

        self.paper = paper
        target = self._save_path("Export a PDF", what, ".pdf", PDF_FILTER)
        if target is not None:
            compression = self.rating_compression()
            self.start(ExportJob(f"Writing the {what.replace('-', ' ')} PDF…", target,
                                 lambda db, path: exports.export_pdf(db, path, what, paper,
                                                                     compression)))

    def certificates(self, text_only: bool) -> None:
        from tdapp.services import exports  # reportlab, openpyxl: loaded on first use

        what = "certificates-text" if text_only else "certificates"
        target = self._save_path("Export certificates", what, ".pdf", PDF_FILTER)
        if target is not None:
            paper = self.paper
            self.start(ExportJob("Writing the certificates…", target,
                                 lambda db, path: exports.export_certificates(
                                     db, path, text_only=text_only, paper=paper)))

    def codes_sheet(self) -> CodesSheetDialog | None:
        """File › Export › Player codes sheet…: ask the players' page address (this laptop's
        on the venue network and the page's port, or what the TD gave last), then write."""
        if self.app.db is None:
            return None
        from tdapp.gui.export.dialogs import CodesSheetDialog  # reportlab's page sizes
        from tdapp.services import codes_sheet  # the sheet's service: loaded on first use

        if self.codes_dialog is not None:
            self.codes_dialog.reject()
        address = (self.page_address or self.room_address()
                   or self.app.wait(codes_sheet.default_page_address))
        dialog = CodesSheetDialog(address, self.paper, self.window)
        dialog.chosen.connect(self._codes_chosen)
        dialog.finished.connect(lambda _code: self._codes_closed(dialog))
        self.codes_dialog = dialog
        dialog.open()
        return dialog

    def _codes_closed(self, dialog: CodesSheetDialog) -> None:
        if self.codes_dialog is dialog:
            self.codes_dialog = None
        dialog.deleteLater()

    def _codes_chosen(self, address: str, paper: str) -> None:
        from tdapp.services import codes_sheet, player_codes  # loaded on first use

        self.page_address, self.paper = address, paper
        # Only the TD's station may read the codes: an assistant's is told so in words here,
        # before any code is made.
        if self.app.read(player_codes.list_codes, default=None) is None:
            return
        # Codes for players who have none yet, made here (one action for History and Undo,
        # its change seen by every view), so the sheet only reads.
        if self.app.call(player_codes.ensure_codes) is None:
            return  # the operation API has said why
        target = self._save_path("Export the player codes sheet", "player-codes", ".pdf",
                                 PDF_FILTER)
        if target is not None:
            self.start(ExportJob("Writing the player codes sheet…", target,
                                 lambda db, path: codes_sheet.export_codes_sheet(
                                     db, path, address, paper)))

    def workbook(self) -> None:
        from tdapp.services import exports  # reportlab, openpyxl: loaded on first use

        target = self._save_path("Export the Excel workbook", "results", ".xlsx", XLSX_FILTER)
        if target is not None:
            self.start(ExportJob("Writing the workbook…", target, exports.export_workbook))

    def csv(self) -> None:
        from tdapp.services import exports  # reportlab, openpyxl: loaded on first use

        target = self._save_path("Export the standings as CSV", "standings", ".csv", CSV_FILTER)
        if target is not None:
            self.start(ExportJob("Writing the standings CSV…", target,
                                 exports.export_standings_csv))

    def compare(self) -> None:
        from tdapp.services import exports  # reportlab, openpyxl: loaded on first use

        if self.app.db is None:
            return
        chosen, _ = QFileDialog.getOpenFileName(self.window, "Compare with my spreadsheet",
                                                str(self.app.db.path.parent), SHEET_FILTER)
        if not chosen:
            return
        sheet = Path(chosen)
        db = self.app.db
        job = ExportJob("Comparing your spreadsheet with the standings…", sheet,
                        lambda _db, _path: [d.describe() for d in
                                            exports.compare_with_sheet(db, sheet)])
        self.start(job, writes=False)

    # -- running (through the operation API) -------------------------------------------------
    def start(self, job: ExportJob, *, writes: bool = True) -> None:
        db = self.app.db
        if db is None:
            return
        target = job.partial if writes else job.target
        job.view = DialogProgress(self.window, "Exporting" if writes else "Comparing")
        self.jobs.append(job)
        job.handle = self.app.start(Operation(
            job.title, lambda _token: _written(job, db, target, writes),
            on_done=lambda result: self._finished(job, result, writes),
            cancellable=True, on_cancelled=lambda: self._cancelled(job, writes),
            after_failure=lambda exc: self._failed(job, exc, writes),
            problem_title=("The export could not be written" if writes
                           else "The spreadsheet could not be compared"),
            expected=EXPECTED, progress=job.view))

    def _cancelled(self, job: ExportJob, writes: bool) -> None:
        """The TD cancelled: whatever the worker wrote goes, the old file stays."""
        self._end(job)
        if writes:
            job.partial.unlink(missing_ok=True)
        self.window.statusBar().showMessage(f"Cancelled: {job.title.rstrip('…')}")

    def _end(self, job: ExportJob) -> None:
        if job in self.jobs:
            self.jobs.remove(job)

    def _finished(self, job: ExportJob, result: Any, writes: bool) -> None:
        self._end(job)
        if not writes:
            self._show_differences(job.target, list(result))
            return
        try:
            os.replace(job.partial, job.target)
        except OSError as exc:
            job.partial.unlink(missing_ok=True)
            self.last_error = str(exc) or type(exc).__name__
            self.app.show_problem(exc, "The export could not be written")
            return
        self.last_written = job.target
        self.window.statusBar().showMessage(f"Wrote {job.target}")
        answer = QMessageBox.question(
            self.window, "Export finished",
            f"Wrote {job.target.name} in {job.target.parent}.\n\nOpen that folder?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        if answer == QMessageBox.StandardButton.Yes:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(job.target.parent)))

    def _failed(self, job: ExportJob, exc: BaseException, writes: bool) -> None:
        """After the operation API has told the TD why: tidy up."""
        self._end(job)
        if writes:
            job.partial.unlink(missing_ok=True)
        self.last_error = str(exc) or type(exc).__name__

    def _show_differences(self, sheet: Path, lines: list[str]) -> None:
        if self.differences is not None:
            self.differences.close()
        from tdapp.gui.export.dialogs import DifferencesDialog

        self.differences = DifferencesDialog(sheet.name, lines, self.window)
        self.differences.show()


def _written(job: ExportJob, db: TournamentDb, target: Path, writes: bool) -> Any:
    """The job's work; a file that cannot be written says where and why (a full disk named)."""
    try:
        return job.write(db, target)
    except OSError as exc:
        if not writes:
            raise
        from tdapp.services import exports  # loaded already: the job wrote through it

        raise OSError(_sentence(exports.cannot_write(job.target, exc))) from exc


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."
