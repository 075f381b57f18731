"""``tdapp export FILE.tdt [--pdf OUT.pdf] [--xlsx OUT.xlsx] [--what ...]`` (CONTRACTS.md)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tdapp.commands.jsonio import BadInput, run_json_command
from tdapp.commands.reading import tournament_for_reading
from tdapp.reports.pdf_export import WHAT
from tdapp.services import exports
from tdapp.store.space import cannot_write


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tdapp export",
                                     description="Write a tournament's PDF and Excel documents.")
    parser.add_argument("file", metavar="FILE.tdt")
    parser.add_argument("--pdf", metavar="OUT.pdf", help="the printable PDF")
    parser.add_argument("--xlsx", metavar="OUT.xlsx", help="the Excel workbook")
    parser.add_argument("--csv", metavar="OUT.csv", help="final standings with locations")
    parser.add_argument("--certificates", metavar="OUT.pdf", help="award certificates")
    parser.add_argument("--text-only", action="store_true",
                        help="certificates: print only the text, for pre-printed stock")
    parser.add_argument("--what", default="all", choices=WHAT,
                        help="what goes into the PDF (default: all)")
    parser.add_argument("--paper", default="a4", choices=("a4", "letter"))
    parser.add_argument("--compression", default="eliminated", choices=("eliminated", "all"),
                        help="the rating's reading of seed 003's compression: S and n over the "
                             "eliminated players (default) or over all the board's scores")
    return parser


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)

    def body() -> dict[str, Any]:
        if not (args.pdf or args.xlsx or args.csv or args.certificates):
            raise BadInput("nothing to write: give --pdf and/or --xlsx (or --csv, "
                           "--certificates)", "--pdf")
        written: dict[str, Any] = {}
        with tournament_for_reading(args.file) as db:
            jobs = (
                ("pdf", "--pdf", lambda t: exports.export_pdf(db, t, args.what, args.paper,
                                                             args.compression)),
                ("xlsx", "--xlsx", lambda t: exports.export_workbook(db, t)),
                ("csv", "--csv", lambda t: exports.export_standings_csv(db, t)),
                ("certificates", "--certificates", lambda t: exports.export_certificates(
                    db, t, text_only=args.text_only, paper=args.paper)),
            )
            for key, option, write in jobs:
                target = getattr(args, key)
                if not target:
                    continue
                try:
                    written[key] = str(write(Path(target)))
                except OSError as exc:  # where and why, in words (never "(None)")
                    raise BadInput(cannot_write(Path(target), exc), option) from exc
        written["what"] = args.what
        return written

    return run_json_command(body)
