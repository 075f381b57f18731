"""A format as JSON-ready data and back, so a TD's own format travels in the tournament file.

``format_to_dict`` writes every field; ``format_from_dict`` accepts a partial document on top of
a ``base`` format (by default the built-in named by its ``"base"`` key) and names the field at
fault in :class:`FormatError` when something is wrong.

Files saved before a field existed: a whole saved format (every field it had then) that lacks
a field added since gets the value the program behaved with when it was saved, not the base's
(see :data:`ADDED_FIELDS`), so an old tournament file plays on exactly as before.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import types
import typing
from collections.abc import Mapping
from typing import Any

from tdapp.core.formats.model import (
    AwardsRule,
    BestCountryRule,
    CorrectionRule,
    CountGroup,
    DrawVoteRule,
    FormatError,
    GraceRule,
    KnockoutRule,
    LockedFinalRule,
    OrderReadingRule,
    PoolRule,
    RoundRule,
    TeamRule,
    TopBoardRule,
    TournamentFormat,
    validate_format,
)
from tdapp.core.formats.options import parse_choice
from tdapp.core.formats.registry import get_format, list_formats

_NESTED: dict[str, type] = {
    "RoundRule": RoundRule, "CountGroup": CountGroup, "PoolRule": PoolRule,
    "TopBoardRule": TopBoardRule, "LockedFinalRule": LockedFinalRule,
    "KnockoutRule": KnockoutRule, "TeamRule": TeamRule, "BestCountryRule": BestCountryRule,
    "AwardsRule": AwardsRule, "DrawVoteRule": DrawVoteRule, "TournamentFormat": TournamentFormat,
    "GraceRule": GraceRule, "CorrectionRule": CorrectionRule,
    "OrderReadingRule": OrderReadingRule,
}

# Fields added after tournament files were saved. Before them the grace period, the correction
# rule and the order-reading rule were looked up by the format's *name* (a built-in's name got
# its rule; any other name no grace, the general correction rule and the forgiving reading), so
# an old file keeps exactly that.
ADDED_FIELDS: tuple[str, ...] = ("grace", "corrections", "reading")


def format_to_dict(fmt: TournamentFormat) -> dict[str, Any]:
    """Every field of ``fmt`` as plain JSON values (tuples become lists)."""
    return _plain(fmt)


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):  # a typed choice is saved as its string, as before
        return value.value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def format_from_dict(data: Any, base: TournamentFormat | None = None) -> TournamentFormat:
    """Build a format from ``data``; fields it leaves out come from ``base``.

    Without ``base``, ``data["base"]`` may name a built-in format to start from; with neither,
    every required field must be present.
    """
    if not isinstance(data, Mapping):
        raise FormatError("a format must be a JSON object", "format")
    if base is None and "base" in data:
        try:
            base = get_format(str(data["base"]))
        except KeyError as exc:
            raise FormatError(str(exc.args[0]), "base") from exc
    fields = {k: v for k, v in data.items() if k != "base"}
    fmt = _build(TournamentFormat, fields, "", base)
    legacy = _legacy_values(fields)
    if legacy:
        fmt = dataclasses.replace(fmt, **legacy)
    return validate_format(fmt)


def _legacy_values(fields: Mapping[str, Any]) -> dict[str, Any]:
    """For a whole format saved before :data:`ADDED_FIELDS` existed: the values it was played
    with then (the built-in of the same name's, or the field's default for any other name).
    A partial document (a few changes on a base) keeps taking them from its base."""
    missing = [name for name in ADDED_FIELDS if name not in fields]
    saved_then = {f.name for f in dataclasses.fields(TournamentFormat)} - set(ADDED_FIELDS)
    if not missing or not saved_then <= set(fields):
        return {}
    same_name = next((f for f in list_formats() if f.name == fields.get("name")), None)
    defaults = TournamentFormat(name="-", title="-", rounds=1, scoring="-", clock_schedule="-")
    return {name: getattr(same_name or defaults, name) for name in missing}


def _build(cls: type, data: Mapping[str, Any], where: str, base: Any = None) -> Any:
    hints = typing.get_type_hints(cls, globalns=vars(_module_of(cls)), localns=_NESTED)
    names = {f.name for f in dataclasses.fields(cls)}
    for key in data:
        if key not in names:
            raise FormatError(f"unknown field {key!r}", _join(where, key))
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        path = _join(where, f.name)
        if f.name in data:
            current = getattr(base, f.name) if base is not None else None
            values[f.name] = _convert(hints[f.name], data[f.name], path, current)
        elif base is not None:
            values[f.name] = getattr(base, f.name)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise FormatError("is required", path)
    try:
        return cls(**values)
    except TypeError as exc:  # pragma: no cover - guarded by the checks above
        raise FormatError(str(exc), where or "format") from exc


def _convert(hint: Any, value: Any, path: str, current: Any = None) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _convert(inner[0], value, path, current)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, Mapping):
            raise FormatError("must be an object", path)
        return _build(hint, value, path, current)
    if origin is tuple:
        if not isinstance(value, list):
            raise FormatError("must be a list", path)
        return tuple(_convert(args[0], v, f"{path}[{i}]") for i, v in enumerate(value))
    if origin in (Mapping, dict) or hint is Mapping:
        if not isinstance(value, Mapping):
            raise FormatError("must be an object", path)
        return {str(k): _convert(args[1] if args else Any, v, f"{path}.{k}")
                for k, v in value.items()}
    return _scalar(hint, value, path)


def _scalar(hint: Any, value: Any, path: str) -> Any:
    if isinstance(hint, type) and issubclass(hint, enum.StrEnum):  # a typed choice
        return parse_choice(hint, value, path)
    if hint is bool:
        if not isinstance(value, bool):
            raise FormatError("must be true or false", path)
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise FormatError("must be a whole number", path)
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise FormatError("must be a number", path)
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise FormatError("must be a string", path)
        return value
    return value


def _module_of(cls: type) -> types.ModuleType:
    return sys.modules[cls.__module__]


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key
