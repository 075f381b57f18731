"""The players' page's catalogue: its words gathered into ``locale/tdapp-web.pot``, and each
translation's ``.po`` compiled to the ``.mo`` gettext reads.

``python -m tdapp.web.catalogue`` rewrites the template and compiles every ``.po`` under
``tdapp/web/locale``; ``--check`` only says whether the template is out of date (exit 1).
Words come from the templates (``{% trans %}``, ``_()``, through Jinja2's own extractor) and
from the page's Python (``_()``, ``N_()``, ``ngettext()`` with literal words), and the map's
province names from the core's standard map. The template
carries no date, so the same words always make the same file.
"""

from __future__ import annotations

import ast
import struct
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tdapp.core.board.standard_map import STANDARD_MAP
from tdapp.web.i18n import DOMAIN, HERE, LOCALE, TEMPLATES, make_env

POT = LOCALE / f"{DOMAIN}.pot"
_SINGULAR = {"_", "N_", "gettext"}
_PLURAL = {"ngettext"}


@dataclass
class Message:
    msgid: str
    plural: str | None = None
    where: list[str] = field(default_factory=list)


def _add(found: dict[str, Message], msgid: str, plural: str | None, where: str) -> None:
    if not msgid:
        return
    message = found.setdefault(msgid, Message(msgid, plural))
    message.plural = message.plural or plural
    if where not in message.where:
        message.where.append(where)


def template_messages(folder: Path = TEMPLATES) -> Iterable[tuple[str, str | None, str]]:
    env = make_env(folder)
    for path in sorted(folder.glob("*.html")):
        source = path.read_text(encoding="utf-8")
        # Files without line numbers: moving a line never makes the catalogue out of date.
        name = f"templates/{path.name}"
        # The i18n extension adds extract_translations at run time; the checker cannot see it.
        for _line, _func, words in env.extract_translations(source):  # type: ignore[attr-defined]
            if isinstance(words, str):
                yield words, None, name
            else:
                strings = [w for w in words if isinstance(w, str)]
                if strings:
                    yield strings[0], strings[1] if len(strings) > 1 else None, name


def python_messages(folder: Path = HERE) -> Iterable[tuple[str, str | None, str]]:
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            words = [a.value for a in node.args
                     if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            name = path.name
            if node.func.id in _SINGULAR and words:
                yield words[0], None, name
            elif node.func.id in _PLURAL and len(words) >= 2:
                yield words[0], words[1], name


def map_messages() -> Iterable[tuple[str, str | None, str]]:
    """The map's province names (its tooltips say them: ``map_svg``), from the core's map."""
    for info in STANDARD_MAP.provinces.values():
        yield info.name, None, "standard map"


def messages() -> list[Message]:
    found: dict[str, Message] = {}
    for msgid, plural, where in [*template_messages(), *python_messages(), *map_messages()]:
        _add(found, msgid, plural, where)
    return sorted(found.values(), key=lambda m: (m.where[0], m.msgid))


def _quoted(text: str) -> str:
    escaped = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
               .replace("\t", "\\t"))
    return f'"{escaped}"'


def pot_text(found: Iterable[Message] | None = None) -> str:
    lines = [
        f"# The players' page of tdapp: every word it shows (domain {DOMAIN}).",
        "# Written by python -m tdapp.web.catalogue; translate a copy as",
        f"# locale/LANG/LC_MESSAGES/{DOMAIN}.po.",
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: tdapp\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
        "",
    ]
    for message in found if found is not None else messages():
        lines.append("#: " + " ".join(message.where))
        if "%(" in message.msgid:
            lines.append("#, python-format")
        lines.append(f"msgid {_quoted(message.msgid)}")
        if message.plural is not None:
            lines += [f"msgid_plural {_quoted(message.plural)}", 'msgstr[0] ""', 'msgstr[1] ""']
        else:
            lines.append('msgstr ""')
        lines.append("")
    return "\n".join(lines)


# ------------------------------------------------------------------------------ compiling
def _unquote(text: str) -> str:
    body = text.strip()[1:-1]
    out, i = [], 0
    while i < len(body):
        char = body[i]
        if char == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(nxt, nxt))
            i += 2
            continue
        out.append(char)
        i += 1
    return "".join(out)


def read_po(text: str) -> dict[str, str]:
    """A ``.po`` file's translated entries: msgid (plural forms joined by NUL) -> msgstr.
    Untranslated and fuzzy entries are left out, as msgfmt does."""
    entries: dict[str, str] = {}
    current: dict[str, list[str]] = {}
    key = ""
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        if "msgid" in current:
            msgid = "".join(current["msgid"])
            if "msgid_plural" in current:
                msgid += "\0" + "".join(current["msgid_plural"])
                forms = sorted(k for k in current if k.startswith("msgstr["))
                msgstr = "\0".join("".join(current[k]) for k in forms)
            else:
                msgstr = "".join(current.get("msgstr", []))
            if msgstr.strip("\0") and (not fuzzy or msgid == ""):
                entries[msgid] = msgstr
        current.clear()
        fuzzy = False

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            # A blank line or a comment ends the entry before it; a flag belongs to the next
            # (a fuzzy flag never outlives its own entry).
            if "msgid" in current:
                flush()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            current.setdefault(key, []).append(_unquote(line))
            continue
        word, _sep, rest = line.partition(" ")
        if word == "msgid" and "msgid" in current:
            flush()
        key = word
        current[key] = [_unquote(rest)]
    flush()
    return entries


def mo_bytes(entries: dict[str, str]) -> bytes:
    """The GNU ``.mo`` file of ``entries`` (little-endian, no hash table)."""
    keys = sorted(entries)
    ids = [k.encode("utf-8") for k in keys]
    strs = [entries[k].encode("utf-8") for k in keys]
    count = len(keys)
    header = 7 * 4
    ids_table = header
    strs_table = ids_table + count * 8
    data = strs_table + count * 8
    id_refs, str_refs, blob = [], [], b""
    for text in ids:
        id_refs.append((len(text), data + len(blob)))
        blob += text + b"\0"
    for text in strs:
        str_refs.append((len(text), data + len(blob)))
        blob += text + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, count, ids_table, strs_table, 0, 0)
    out += b"".join(struct.pack("<2I", *ref) for ref in id_refs)
    out += b"".join(struct.pack("<2I", *ref) for ref in str_refs)
    return out + blob


def compile_po(po: Path) -> Path:
    mo = po.with_suffix(".mo")
    mo.write_bytes(mo_bytes(read_po(po.read_text(encoding="utf-8"))))
    return mo


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    fresh = pot_text()
    if "--check" in args:
        same = POT.exists() and POT.read_text(encoding="utf-8") == fresh
        print(f"{POT.name} is up to date" if same else
              f"{POT.name} is out of date: run python -m tdapp.web.catalogue")
        return 0 if same else 1
    POT.parent.mkdir(parents=True, exist_ok=True)
    POT.write_text(fresh, encoding="utf-8")
    compiled = [compile_po(po) for po in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))]
    print(f"wrote {POT} ({fresh.count('msgid ') - 1} words); compiled {len(compiled)} "
          "translation(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
