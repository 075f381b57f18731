"""``tdapp export FILE.tdt [--pdf OUT.pdf] [--xlsx OUT.xlsx] [--what ...]`` (CONTRACTS.md)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tdapp.commands.jsonio import BadInput, run_json_command
from tdapp.commands.reading import tournament_for_reading
from tdapp.reports.pdf_export import WHAT
from tdapp.services import exports


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
    return parser


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)

    def body() -> dict[str, Any]:
        if not (args.pdf or args.xlsx or args.csv or args.certificates):
            raise BadInput("nothing to write: give --pdf and/or --xlsx (or --csv, "
                           "--certificates)", "--pdf")
        written: dict[str, Any] = {}
        with tournament_for_reading(args.file) as db:
            try:
                if args.pdf:
                    written["pdf"] = str(exports.export_pdf(db, Path(args.pdf), args.what,
                                                            args.paper))
                if args.xlsx:
                    written["xlsx"] = str(exports.export_workbook(db, Path(args.xlsx)))
                if args.csv:
                    written["csv"] = str(exports.export_standings_csv(db, Path(args.csv)))
                if args.certificates:
                    written["certificates"] = str(exports.export_certificates(
                        db, Path(args.certificates), text_only=args.text_only, paper=args.paper))
            except OSError as exc:
                raise BadInput(f"cannot write: {exc.strerror} ({exc.filename})", "output") from exc
        written["what"] = args.what
        return written

    return run_json_command(body)
