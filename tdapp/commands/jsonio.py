"""JSON in, JSON out, and the exit codes every subcommand shares (CONTRACTS.md).

Bad input raises :class:`BadInput` naming the field at fault; :func:`run_json_command` turns it
into one line on standard error and exit code 2, never a traceback.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

EXIT_OK = 0
EXIT_BAD_INPUT = 2
# No field of CONTRACTS.md needs a longer number or a deeper document; beyond these an input is
# hostile or broken, and is refused in a second naming where it is, before any work starts.
MAX_DIGITS = 40
MAX_DEPTH = 32


class BadInput(ValueError):
    """Input the command cannot use. ``field`` names where it is, e.g. ``orders.FRANCE[2]``."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)

    def at_index(self, index: int) -> BadInput:
        """The same error inside element ``index`` of a batch."""
        where = f"[{index}].{self.field}" if self.field else f"[{index}]"
        return BadInput(str(self).split(": ", 1)[-1] if self.field else str(self), where)


@dataclass(frozen=True)
class _Unusable:
    """A number the input holds but no field can use (too long, or not finite)."""

    why: str


def _integer(text: str) -> int | _Unusable:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return _Unusable(f"a number of {digits:,} digits is far too long")
    return int(text)


def _real(text: str) -> float | _Unusable:
    value = float(text)
    if not math.isfinite(value) or len(text) > MAX_DIGITS * 2:
        return _Unusable(f"the number {text[:20]}{'…' if len(text) > 20 else ''} is out of range")
    return value


def _constant(name: str) -> _Unusable:
    return _Unusable(f"{name} is not a number a field can hold")


class _Object(dict[str, Any]):
    """A JSON object that remembers the keys it was given more than once: ``json.loads``
    keeps only the last value, so a player given two places at one event lost the first
    silently. :func:`check_document` refuses them, naming the field."""

    repeated: tuple[str, ...] = ()


def _pairs(pairs: list[tuple[str, Any]]) -> _Object:
    out = _Object(pairs)
    if len(out) < len(pairs):
        seen: set[str] = set()
        repeated = []
        for key, _value in pairs:
            if key in seen:
                repeated.append(key)
            seen.add(key)
        out.repeated = tuple(repeated)
    return out


def _key_path(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


def check_document(document: Any) -> None:
    """Refuse a document holding an unusable number or nested deeper than MAX_DEPTH, naming
    the field (``orders.FRANCE[2]``, ``[0].time_limit``). Iterative: no recursion to exhaust."""
    stack: list[tuple[Any, str, int]] = [(document, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, _Unusable):
            raise BadInput(value.why, path or "input")
        if isinstance(value, dict | list) and depth >= MAX_DEPTH:
            raise BadInput(f"nested more than {MAX_DEPTH} levels deep", path or "input")
        if isinstance(value, _Object) and value.repeated:
            raise BadInput("is given twice in the same object; JSON would keep only the last "
                           "value and lose the first", _key_path(path, value.repeated[0]))
        if isinstance(value, dict):
            stack.extend((item, _key_path(path, key), depth + 1) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{index}]", depth + 1)
                         for index, item in enumerate(value))


_TOKENS = re.compile(r'"(?:\\.|[^"\\])*"\s*:?|[\[\]{}]')


def _too_deep(text: str) -> str | None:
    """Where ``text`` nests deeper than MAX_DEPTH (a field path), found without parsing it."""
    keys: list[str] = []
    key = ""
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token[0] == '"':
            if token.endswith(":"):
                key = token[1:token.rindex('"')]
        elif token in "[{":
            keys.append(key)
            key = ""
            if len(keys) > MAX_DEPTH:
                return ".".join(k for k in keys if k) or "input"
        elif keys:
            keys.pop()
    return None


def parse_json_text(text: str) -> Any:
    """The JSON document in ``text``, checked by :func:`check_document`."""
    deep = _too_deep(text)
    if deep is not None:
        raise BadInput(f"nested more than {MAX_DEPTH} levels deep", deep)
    try:
        document = json.loads(text, parse_int=_integer, parse_float=_real,
                              parse_constant=_constant, object_pairs_hook=_pairs)
    except json.JSONDecodeError as exc:
        raise BadInput(
            f"malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}", "input"
        ) from exc
    except RecursionError as exc:  # nesting deeper than Python's parser can follow
        raise BadInput(f"nested more than {MAX_DEPTH} levels deep",
                       _too_deep(text) or "input") from exc
    except ValueError as exc:
        raise BadInput(f"malformed JSON: {exc}", "input") from exc
    check_document(document)
    return document


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
    return parse_json_text(text)


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


MAX_MESSAGE = 400  # a message quoting a hostile input stays a readable line


def _shortened(message: str) -> str:
    line = " ".join(message.split())
    return line if len(line) <= MAX_MESSAGE else line[:MAX_MESSAGE - 1] + "…"


def run_json_command(body: Callable[[], Any]) -> int:
    """Run ``body`` (which returns the output document), mapping bad input to exit code 2."""
    try:
        document = body()
    except BadInput as exc:
        print(f"tdapp: bad input: {_shortened(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    write_json_output(document)
    return EXIT_OK
