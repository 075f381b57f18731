"""Tournament formats as data.

The registry API every layer uses: ``list_formats()``, ``get_format(name)`` and
``copy_format(fmt, **changes)``; ``format_to_dict`` / ``format_from_dict`` carry a TD's own
format in a tournament file.
"""

# The names below load their module on first use (PEP 562), so that importing one light module of
# this package (a model, say) does not load the whole package at start-up.

from typing import TYPE_CHECKING

from tdapp.core.lazy import load_name

if TYPE_CHECKING:
    from tdapp.core.formats.describe import describe_format
    from tdapp.core.formats.model import FormatError, TournamentFormat, validate_format
    from tdapp.core.formats.registry import copy_format, get_format, list_formats, parse_options_for
    from tdapp.core.formats.serialize import format_from_dict, format_to_dict

__all__ = [
    "FormatError",
    "TournamentFormat",
    "copy_format",
    "describe_format",
    "format_from_dict",
    "format_to_dict",
    "get_format",
    "list_formats",
    "parse_options_for",
    "validate_format",
]

_MODULE_OF = {
    "FormatError": "model",
    "TournamentFormat": "model",
    "copy_format": "registry",
    "describe_format": "describe",
    "format_from_dict": "serialize",
    "format_to_dict": "serialize",
    "get_format": "registry",
    "list_formats": "registry",
    "parse_options_for": "registry",
    "validate_format": "model",
}

if not TYPE_CHECKING:
    def __getattr__(name: str) -> object:
        return load_name(__name__, globals(), _MODULE_OF, name)
