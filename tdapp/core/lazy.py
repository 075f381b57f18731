"""Package names loaded on first use, so that a start-up importing one light module of a package
(``core.formats.model``, say) does not load every module the package offers."""

from __future__ import annotations

import importlib
from typing import Any


def load_name(package: str, namespace: dict[str, Any], module_of: dict[str, str],
              name: str) -> Any:
    """``package.name`` from its module ``module_of[name]``, kept in the package's namespace."""
    module = module_of.get(name)
    if module is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{package}.{module}"), name)
    namespace[name] = value
    return value
