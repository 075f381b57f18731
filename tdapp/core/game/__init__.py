"""core/game: the rules of a board's game played through order entry, on plain values.

- :mod:`.phases`: a phase in words (``phase_title``: "Spring 1901 movement", the one title the
  program uses), the season of a draw vote, the last completed Fall;
- :mod:`.units`: ``unit_key`` (``F STP/NC`` -> ``STP``), the one way units are matched;
- :mod:`.record`: sheets, phases and votes as plain rows, sheet statuses;
- :mod:`.sheets`: a sheet read against its phase, units left unordered, orders given twice,
  retreats and free home centres;
- :mod:`.builds`: builds owed, build errors carried to the next Winter (EDC 2026);
- :mod:`.play`: one phase adjudicated from its sheets;
- :mod:`.draws`: when a draw vote may be held, who votes, secrecy, the powers in a draw;
- :mod:`.ending`: when the game ends, centres year by year, eliminations, the result;
- :mod:`.corrections`: how long a phase may be corrected without the TD, orders made void;
- :mod:`.grace`: whether a power may start a grace period;
- :mod:`.errors`: ``GameRuleRefusal``, a rule's refusal in the TD's words.

Positions are in the contract shape of CONTRACTS.md, as stored; phases are
:class:`~tdapp.core.board.position.Phase` or their ``S1901M`` names. Nothing here opens a file
or a session: ``tdapp.services.games`` loads the rows, calls these rules and records the action.
"""
