"""Tournament formats as data.

The registry API every layer uses: ``list_formats()``, ``get_format(name)`` and
``copy_format(fmt, **changes)``; ``format_to_dict`` / ``format_from_dict`` carry a TD's own
format in a tournament file.
"""

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
