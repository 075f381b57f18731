"""core/board: the standard map (data from resources/maps/), positions and phases.

- :mod:`tdapp.core.board.standard_map`: ``STANDARD_MAP`` / ``load_standard_map()``, the map with
  integer-indexed adjacency, names and aliases;
- :mod:`tdapp.core.board.position`: ``Phase`` (``S1901M`` ...), ``Unit``, ``DislodgedUnit``,
  ``Position``;
- :mod:`tdapp.core.board.contract`: positions to and from the JSON shape of CONTRACTS.md.
"""
