"""Tournament formats as data.

The registry API every layer uses: ``list_formats()`` and ``get_format(name)``; a format has at
least ``name``, ``title`` and ``rounds``. The scoring-and-standings work fills in the full rules.
"""

from tdapp.core.formats.registry import TournamentFormat, get_format, list_formats

__all__ = ["TournamentFormat", "get_format", "list_formats"]
