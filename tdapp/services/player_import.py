"""Importing players from a CSV file or an Excel workbook, in three steps the GUI shows:

1. ``read_player_table(path)``: the file as a table of text (any delimiter, UTF-8 with or without
   BOM, UTF-16, or Windows/Latin-1 with a warning; .xlsx through openpyxl). A malformed file gives
   an ImportFileError whose message names the line.
2. ``guess_mapping(headers)`` (``tdapp.core.tournament.roster``, with the cell readers): which
   column holds which field, from header names in English and a few other languages; the TD
   corrects it in the mapping step.
3. ``apply_mapping(table, mapping)``: the players, and a RowProblem for every line that cannot be
   imported (the good lines are kept). ``import_players`` adds them as one action (one Undo).
   Each seed is given once: a seed that two lines give, or that a player of the tournament
   holds (``seeds_held``), is a problem on every such line, found before anything is saved.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from tdapp.core.tournament.roster import (
    parse_coordinate,
    parse_power_preferences,
    parse_whole_number,
    parse_yes_no,
    word_key,
)
from tdapp.reports.cells import csv_text_back
from tdapp.services import players as player_service
from tdapp.services.changes import Change, ServiceError
from tdapp.services.gazetteer import locate
from tdapp.services.players import LOCAL_STATUSES, MAX_BOARD, MAX_SEED, PlayerData, PlayerRow
from tdapp.store.database import TournamentDb

CSV_DELIMITERS = (",", ";", "\t", "|")
_ZIP_MAGIC = b"PK\x03\x04"
_OLD_EXCEL_MAGIC = b"\xd0\xcf\x11\xe0"

# Fields a column can be mapped to, with the words the mapping step shows.
IMPORT_FIELDS: dict[str, str] = {
    "name": "Name",
    "first_name": "First name",
    "last_name": "Last name",
    "home_town": "Home town",
    "country": "Country",
    "club": "Club",
    "local_status": "Local status",
    "email": "E-mail",
    "notes": "Notes",
    "competing": "Competing",
    "not_competing": "Not competing (TD, assistant)",
    "power_preferences": "Power preferences",
    "latitude": "Home latitude",
    "longitude": "Home longitude",
    "seed": "Seed (1 is the top seed)",
    "pinned_board": "Pinned board (accessibility)",
    "declined_top_board": "Declined the top board",
}


class ImportFileError(ServiceError):
    """The file cannot be read as a table of players; the message names the file and line."""


@dataclass(frozen=True)
class Table:
    """The file as text: its header row and data rows (blank rows left out)."""

    headers: list[str]
    rows: list[list[str]]
    # The line of the file (CSV) or row of the sheet (Excel) of each row, as the TD sees it.
    lines: list[int] = field(default_factory=list)
    source: str = ""
    warnings: list[str] = field(default_factory=list)
    sheet: str | None = None
    sheets: list[str] = field(default_factory=list)

    def line_of(self, index: int) -> int:
        """The file line of row ``index`` (the header being on line 1 if lines are unknown)."""
        if len(self.lines) == len(self.rows):
            return self.lines[index]
        return index + 2


@dataclass(frozen=True)
class RowProblem:
    row: int  # the line in the file (CSV) or the row in the sheet
    column: str  # the header of the column at fault, "" for the whole line
    message: str

    def __str__(self) -> str:
        where = f"line {self.row}" + (f", {self.column}" if self.column else "")
        return f"{where}: {self.message}"


# ---------------------------------------------------------------- step 1: reading the file


def read_player_table(path: Path | str, sheet: str | None = None) -> Table:
    """The players' file as a table of text: CSV (any delimiter) or Excel .xlsx."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ImportFileError(f"{path.name} cannot be read: {exc.strerror}.") from exc
    if path.suffix.lower() in (".ods", ".numbers"):
        raise ImportFileError(
            f"{path.name} is not an Excel or CSV file; save it as .xlsx or CSV and import that."
        )
    if data.startswith(_ZIP_MAGIC):
        return _read_xlsx(path, sheet)
    if data.startswith(_OLD_EXCEL_MAGIC):
        raise ImportFileError(
            f"{path.name} is an old Excel .xls workbook; save it as .xlsx or CSV and import that."
        )
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        raise ImportFileError(f"{path.name} is not a readable Excel workbook.")
    text, warnings = _decode(path.name, data)
    return _read_csv(path.name, text, warnings)


def _decode(name: str, data: bytes) -> tuple[str, list[str]]:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16"), []
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text, [
        f"{name} is not UTF-8 (first at line {line}); it was read as Windows/Latin-1 text. "
        "Check that accented names look right."
    ]


def _sniff_delimiter(text: str) -> str:
    """The delimiter that splits the most of the first lines into the same number (2 or more)
    of values; a title line above the header does not count against it."""
    sample = [line for line in text.splitlines()[:30] if line.strip()]
    best, best_score = ",", (0, 0)
    for delimiter in CSV_DELIMITERS:
        try:
            counts = [len(row) for row in csv.reader(sample, delimiter=delimiter)]
        except csv.Error:
            continue
        widths = [n for n in counts if n >= 2]
        if not widths:
            continue
        common = max(set(widths), key=lambda n: (widths.count(n), n))
        score = (widths.count(common), common)
        if score > best_score:
            best, best_score = delimiter, score
    return best


_HEADER_SEARCH = 10


def _split_header(
    name: str, records: list[tuple[int, list[str]]]
) -> tuple[list[str], list[tuple[int, list[str]]], list[str]]:
    """(headers, data records, warnings): the header is the first line that fills more than half
    as many columns as the fullest of the first lines, so a title line above it is left out."""
    filled = [sum(1 for cell in cells if cell) for _, cells in records[:_HEADER_SEARCH]]
    widest = max(filled)
    index = next(i for i, n in enumerate(filled) if n * 2 > widest)
    warnings = []
    if index:
        skipped = ", ".join(str(line) for line, _ in records[:index])
        warnings.append(f"{name}: line{'s' if index > 1 else ''} {skipped} above the header "
                        f"(line {records[index][0]}) {'were' if index > 1 else 'was'} left out.")
    return records[index][1], records[index + 1:], warnings


def _read_csv(name: str, text: str, warnings: list[str]) -> Table:
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise ImportFileError(
            f"{name}, line {line}: a NUL character; this is not a text (CSV) file."
        )
    delimiter = _sniff_delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    records: list[tuple[int, list[str]]] = []
    start = 1
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                records.append((start, [csv_text_back(cell.strip()) for cell in row]))
            start = reader.line_num + 1
    except csv.Error as exc:
        if "end of data" in str(exc):
            raise ImportFileError(
                f"{name}, line {start}: a value opened with a quote (\") is never closed."
            ) from exc
        raise ImportFileError(
            f"{name}, line {reader.line_num}: {_csv_error_words(str(exc))}"
        ) from exc
    if not records:
        raise ImportFileError(f"{name} is empty: no header line and no players.")
    headers, data, skipped = _split_header(name, records)
    return Table(
        headers=_header_names(headers), rows=[cells for _, cells in data],
        lines=[line for line, _ in data], source=name, warnings=warnings + skipped,
    )


def _csv_error_words(message: str) -> str:
    if "expected after" in message:
        return ("a quote (\") in the middle of a value; put the whole value in quotes and "
                "double the quotes inside it.")
    return f"the CSV cannot be read ({message})."


def _header_names(headers: Sequence[str]) -> list[str]:
    return [h.strip() or f"Column {i + 1}" for i, h in enumerate(headers)]


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat(" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value).strip()


def _read_xlsx(path: Path, sheet: str | None) -> Table:
    import zipfile

    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        workbook = load_workbook(path, read_only=True, data_only=True)
    except (zipfile.BadZipFile, InvalidFileException, KeyError, OSError, ValueError) as exc:
        raise ImportFileError(f"{path.name} is not a readable Excel workbook ({exc}).") from exc
    try:
        names = list(workbook.sheetnames)
        if sheet is not None and sheet not in names:
            raise ImportFileError(
                f"{path.name} has no sheet called {sheet!r} (it has: {', '.join(names)})."
            )
        worksheet = workbook[sheet] if sheet is not None else workbook.worksheets[0]
        records = []
        for number, values in enumerate(worksheet.iter_rows(values_only=True), start=1):
            cells = [_cell_text(v) for v in values]
            if any(cells):
                records.append((number, cells))
    finally:
        workbook.close()
    if not records:
        raise ImportFileError(f"The sheet {worksheet.title!r} of {path.name} is empty.")
    headers, data, skipped = _split_header(f"{path.name} ({worksheet.title})", records)
    # Excel pads rows to the sheet's width: keep columns up to the last one holding anything.
    width = max(
        (i + 1 for cells in [headers, *(c for _, c in data)] for i, v in enumerate(cells) if v),
        default=0,
    )
    headers = (headers + [""] * width)[:width]
    return Table(
        headers=_header_names(headers),
        rows=[(cells + [""] * width)[:width] for _, cells in data],
        lines=[number for number, _ in data], source=path.name, warnings=skipped,
        sheet=worksheet.title, sheets=names,
    )


# ---------------------------------------------------------------- step 2: guessing the mapping


# ---------------------------------------------------------------- step 3: applying it

_STATUS_WORDS: dict[str, str] = {
    "boardmember": "board_member", "localboardmember": "board_member", "board": "board_member",
    "organiser": "board_member", "organizer": "board_member", "committee": "board_member",
    "clubmember": "club_member", "localclubmember": "club_member", "member": "club_member",
    "club": "club_member", "mitglied": "club_member",
    "local": "local", "localnonmember": "local", "nonmember": "local", "localplayer": "local",
    "traveller": "traveller", "traveler": "traveller", "visitor": "traveller",
    "guest": "traveller", "away": "traveller", "foreign": "traveller", "reisender": "traveller",
}
_STATUS_WORDS.update({word_key(code): code for code in LOCAL_STATUSES})
_STATUS_WORDS.update({word_key(label): code for code, label in LOCAL_STATUSES.items()})


def parse_local_status(text: str) -> str | None:
    return _STATUS_WORDS.get(word_key(text))


# Field -> (what it is, what it looks like, the words for its range, the largest one).
_NUMBER_WORDS = {
    "seed": ("a seed", "a whole number, 1 is the top seed", "seeds", MAX_SEED),
    "pinned_board": ("a board number", "a whole number, the number of the table", "boards",
                     MAX_BOARD),
}


def _number_problem(field_name: str, text: str) -> tuple[int | None, str]:
    """(the number, "") or (None, why ``text`` is not a seed / board number)."""
    what, looks, plural, high = _NUMBER_WORDS[field_name]
    number = parse_whole_number(text)
    if number is None:
        return None, f"{text!r} is not {what} ({looks})"
    if not 1 <= number <= high:
        return None, f"{text!r} is not {what}: {plural} go from 1 to {high}"
    return number, ""


@dataclass(frozen=True)
class MappedRow:
    """One data line of the file under a mapping: the player, or why it cannot be imported."""

    line: int
    player: PlayerData | None
    problems: tuple[RowProblem, ...] = ()
    # The seed the line gives, even when the line has other problems: two lines giving the
    # same seed are both pointed at.
    seed: int | None = None
    name: str = ""  # as read, so the preview names a refused line's player too
    # What else a refused line gives, so its preview row shows the whole line as read.
    pinned_board: int | None = None
    declined_top_board: bool | None = None


def _row_player(table: Table, mapping: dict[str, int], index: int) -> MappedRow | None:
    row = table.rows[index]
    line = table.line_of(index)
    width = len(table.headers)
    if len(row) > width and any(cell.strip() for cell in row[width:]):
        return MappedRow(line, None, (RowProblem(
            line, "", f"has {len(row)} values but the header has {width} columns; "
            "is there a delimiter inside a value without quotes around it?"),))

    def cell(field_name: str) -> str:
        column = mapping.get(field_name)
        if column is None or column >= len(row):
            return ""
        return " ".join(row[column].split())

    def header(field_name: str) -> str:
        column = mapping.get(field_name)
        return table.headers[column] if column is not None and column < width else ""

    if not any(cell(f) for f in mapping):
        return None  # nothing in the mapped columns: a spacer line, not a player
    problems: list[RowProblem] = []
    name = cell("name") or " ".join(p for p in (cell("first_name"), cell("last_name")) if p)
    if not name:
        columns = [header(f) for f in ("name", "first_name", "last_name") if header(f)]
        problems.append(RowProblem(line, " / ".join(columns), "there is no name"))
    values: dict[str, object] = {"name": name}
    for text_field in ("home_town", "country", "club", "notes"):
        values[text_field] = cell(text_field)
    email = cell("email")
    if email and ("@" not in email or " " in email):
        problems.append(RowProblem(line, header("email"), f"{email!r} is not an e-mail address"))
    values["email"] = email
    if cell("local_status"):
        status = parse_local_status(cell("local_status"))
        if status is None:
            problems.append(RowProblem(
                line, header("local_status"),
                f"unknown local status {cell('local_status')!r} (use board member, club member, "
                "local or traveller)"))
        values["local_status"] = status or "traveller"
    declined: bool | None = None
    competing = True
    for yes_no_field, invert in (("competing", False), ("not_competing", True)):
        if cell(yes_no_field):
            answer = parse_yes_no(cell(yes_no_field))
            if answer is None:
                problems.append(RowProblem(
                    line, header(yes_no_field), f"{cell(yes_no_field)!r} is not yes or no"))
            else:
                competing = competing and (answer != invert)
    values["competing"] = competing
    if cell("declined_top_board"):
        declined = parse_yes_no(cell("declined_top_board"))
        if declined is None:
            problems.append(RowProblem(line, header("declined_top_board"),
                                       f"{cell('declined_top_board')!r} is not yes or no"))
        values["declined_top_board"] = bool(declined)
    if cell("power_preferences"):
        prefs = parse_power_preferences(cell("power_preferences"))
        if prefs is None:
            problems.append(RowProblem(
                line, header("power_preferences"),
                f"{cell('power_preferences')!r} is not a list of powers (e.g. AEF)"))
        values["power_preferences"] = prefs or ""
    for coordinate, limit in (("latitude", 90.0), ("longitude", 180.0)):
        if cell(coordinate):
            number = parse_coordinate(cell(coordinate), limit)
            if number is None:
                problems.append(RowProblem(
                    line, header(coordinate), f"{cell(coordinate)!r} is not a {coordinate}"))
            values[coordinate] = number
    for number_field in _NUMBER_WORDS:
        if cell(number_field):
            number, why = _number_problem(number_field, cell(number_field))
            if why:
                problems.append(RowProblem(line, header(number_field), why))
            values[number_field] = number
    seed, pinned = _whole_number(values.get("seed")), _whole_number(values.get("pinned_board"))
    if problems:
        return MappedRow(line, None, tuple(problems), seed, name, pinned, declined)
    # each value was checked above for its field; mypy sees only the dict's object values
    player = PlayerData(**values).cleaned()  # type: ignore[arg-type]
    leftover = player.problems()  # the service's own rules, should a case slip past the above
    if leftover:
        return MappedRow(line, None, tuple(RowProblem(line, "", p) for p in leftover), seed,
                         name, pinned, declined)
    return MappedRow(line, player, (), player.seed, player.name, player.pinned_board, declined)


def seeds_held(players: Iterable[PlayerRow]) -> dict[int, str]:
    """Seed -> the name of the player in the tournament who holds it (withdrawn ones too: the
    service refuses a seed held by anyone)."""
    return {p.seed: p.name for p in players if p.seed is not None}


def _whole_number(value: object) -> int | None:
    """A number field as read (None when the line does not give one, or gave nonsense)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _check_seeds(rows: list[MappedRow], table: Table, mapping: Mapping[str, int],
                 held: Mapping[int, str]) -> list[MappedRow]:
    """Each seed is given once: a line giving a seed someone in the tournament holds, or a seed
    another line of the file gives, is a problem (every such line names the others)."""
    column = mapping.get("seed")
    header = table.headers[column] if column is not None and column < len(table.headers) else ""
    lines_of: dict[int, list[int]] = {}
    for row in rows:
        if row.seed is not None:
            lines_of.setdefault(row.seed, []).append(row.line)
    checked = []
    for row in rows:
        found = []
        if row.seed is not None and row.seed in held:
            found.append(f"seed {row.seed} is already {held[row.seed]}'s; each seed is given once")
        others = ([n for n in lines_of[row.seed] if n != row.line]
                  if row.seed is not None else [])
        if others:
            where = ", ".join(str(n) for n in others)
            found.append(f"seed {row.seed} is also given on line{'s' if len(others) > 1 else ''}"
                         f" {where}; each seed is given once")
        if found:
            problems = row.problems + tuple(RowProblem(row.line, header, m) for m in found)
            row = replace(row, player=None, problems=problems)
        checked.append(row)
    return checked


def mapped_rows(table: Table, mapping: Mapping[str, int | None],
                held_seeds: Mapping[int, str] | None = None) -> list[MappedRow]:
    """Every data line under ``mapping``, in file order (blank lines left out): the preview.

    ``held_seeds`` (seed -> name, see ``seeds_held``) are the seeds the tournament's players
    already hold; a line giving one of them, or a seed another line gives, is a problem."""
    columns = {f: c for f, c in mapping.items() if c is not None}  # None: "not in the file"
    unknown = set(columns) - set(IMPORT_FIELDS)
    if unknown:
        raise ServiceError(f"Unknown field(s) in the mapping: {', '.join(sorted(unknown))}.")
    found = (_row_player(table, columns, i) for i in range(len(table.rows)))
    rows = [row for row in found if row is not None]
    return _check_seeds(rows, table, columns, held_seeds or {})


def apply_mapping(table: Table, mapping: Mapping[str, int | None],
                  held_seeds: Mapping[int, str] | None = None
                  ) -> tuple[list[PlayerData], list[RowProblem]]:
    """The players of the good lines, and every problem of the bad ones."""
    rows = mapped_rows(table, mapping, held_seeds)
    good = [row.player for row in rows if row.player is not None]
    return good, [problem for row in rows for problem in row.problems]


def find_import_duplicates(db: TournamentDb, incoming: list[PlayerData]) -> dict[int, str]:
    """Index in ``incoming`` -> why it looks like someone already there (or twice in the file)."""
    return player_service.find_duplicates(player_service.list_players(db), incoming)


def locate_homes(players: Sequence[PlayerData]) -> tuple[list[PlayerData], list[str]]:
    """The players with their home towns located by the gazetteer (for the "further from
    home" tie-breaker), and "Town (Name)" for each town it does not know. A player whose file
    gave coordinates keeps them; "Town" with a country is looked up there first."""
    located: list[PlayerData] = []
    missing: list[str] = []
    for player in players:
        town = player.home_town.strip()
        if not town or (player.latitude is not None and player.longitude is not None):
            located.append(player)
            continue
        place = (locate(f"{town}, {player.country}") if player.country.strip()
                 else None) or locate(town)
        if place is None:
            missing.append(f"{town} ({player.name})")
            located.append(player)
        else:
            located.append(replace(player, latitude=place.latitude, longitude=place.longitude))
    return located, missing


def import_players(db: TournamentDb, players: list[PlayerData], source: str = "") -> Change:
    """Add the players as one action, so one Undo takes the whole import back; their home towns
    are located (the description says how many the gazetteer did not know)."""
    if not players:
        raise ServiceError("There are no players to import.")
    count = f"{len(players)} player{'s' if len(players) != 1 else ''}"
    what = f"Import {count}" + (f" from {source}" if source else "")
    located, missing = locate_homes(players)
    if missing:
        what += f" ({len(missing)} home town{'s' if len(missing) != 1 else ''} not found)"
    return player_service.add_players(db, located, what)
