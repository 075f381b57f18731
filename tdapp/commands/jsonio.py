"""JSON in, JSON out, and the exit codes every subcommand shares (CONTRACTS.md).

Bad input raises :class:`BadInput` naming the field at fault; :func:`run_json_command` turns it
into one line on standard error and exit code 2, never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class BadInput(ValueError):
    """Input the command cannot use. ``field`` names where it is, e.g. ``orders.FRANCE[2]``."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)

    def at_index(self, index: int) -> BadInput:
        """The same error inside element ``index`` of a batch."""
        where = f"[{index}].{self.field}" if self.field else f"[{index}]"
        return BadInput(str(self).split(": ", 1)[-1] if self.field else str(self), where)


def read_json_input(source: str | None) -> Any:
    """Read the JSON document named by ``source`` (a path, ``-`` or None for standard input)."""
    try:
        if source in (None, "-"):
            text = sys.stdin.read()
        else:
            text = Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"cannot read input file: {exc.strerror}", "input") from exc
    except UnicodeDecodeError as exc:
        raise BadInput("input is not UTF-8 text", "input") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(
            f"malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}", "input"
        ) from exc


def write_json_output(document: Any) -> None:
    """Print one JSON document, UTF-8, and nothing else, on standard output."""
    text = json.dumps(document, ensure_ascii=False, indent=None, separators=(",", ":"))
    out = sys.stdout.buffer if hasattr(sys.stdout, "buffer") else None
    if out is not None:
        out.write(text.encode("utf-8") + b"\n")
        out.flush()
    else:
        sys.stdout.write(text + "\n")


def map_batch(handle_one: Callable[[Any], Any], document: Any) -> Any:
    """Apply ``handle_one`` to a document, or to each element of a JSON array of documents."""
    if not isinstance(document, list):
        return handle_one(document)
    outputs = []
    for index, element in enumerate(document):
        try:
            outputs.append(handle_one(element))
        except BadInput as exc:
            raise exc.at_index(index) from exc
    return outputs


def run_json_command(body: Callable[[], Any]) -> int:
    """Run ``body`` (which returns the output document), mapping bad input to exit code 2."""
    try:
        document = body()
    except BadInput as exc:
        print(f"tdapp: bad input: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    write_json_output(document)
    return EXIT_OK
