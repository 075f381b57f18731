"""What a structural rule is: the class every final-ranking rule subclasses.

A structural rule says who is champion and how the places below follow: plain tournament
score, the best player of a championship pool, the winner of a top board, final-round boards
locked to rank ranges, a knock-out stage. One class per rule, registered once by name
(:mod:`tdapp.core.formats.structures.registry`), knows everything the program asks of it:

- how it ranks the final standings (:meth:`FinalRanking.rank`),
- what the format dialog offers (:attr:`choice`) and what the format says in words
  (:meth:`FinalRanking.describe`), and the champion award's rule (:attr:`champion`),
- how it checks its own settings (:meth:`FinalRanking.validate`),
- what it needs from seating in a round (:meth:`FinalRanking.seating`).

A format stores the rule's *name* (``TournamentFormat.final_ranking``), so a saved format keeps
reading back; the registry maps the name to the class.

The ranking works on a :class:`RankingContext` the standings hand over (the tournament, its
score sheet, the tie-breaking engine): this package never imports the tournament code, which
imports formats.

Adding a rule: one module here with a :class:`FinalRanking` subclass, and its test. A built-in
rule is also one line in ``catalogue.py``; any other (a plug-in, a test's toy rule) calls
``register_final_ranking`` once. Validation, the format's description, the format dialog's
choices, the standings, the champion award and seating's needs then know it. A rule that needs
settings of its own (as ``pool`` or ``top_board``) also needs its settings dataclass as a
``TournamentFormat`` field (``model.py``, and ``serialize._NESTED`` to read it back) and its
settings editor, registered under the rule's name (``tdapp/gui/formats/boxes/``); a rule using
existing settings, or none, does not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from tdapp.core.formats.errors import FormatError
from tdapp.core.formats.structures.ordering import Ordering

if TYPE_CHECKING:
    from tdapp.core.formats.model import TournamentFormat


@dataclass(frozen=True)
class SeatingNeeds:
    """What a round's seating must do for a structural rule (nothing, by default).

    ``top_board``: the best ``top_board`` players are called to board 1 (WDC 2018).
    ``ranked_groups``: boards are filled by ranking, ``ranked_groups`` available players each,
    the best on board 1 (EDC 2026 round 4). ``locked_ranges``: the round's boards are locked to
    the rank range their players hold when it starts (the TD sees this on the seating review).
    ``apart``: a named group the seater keeps together or apart (``"pool"``: the championship
    pool plays among itself). ``finalists``: only the knock-out's finalists are called, seeded
    as the rule says (DBN 2025's championship game). ``words`` says it in a TD's words.
    """

    top_board: int = 0
    ranked_groups: int = 0
    locked_ranges: bool = False
    apart: str = ""
    finalists: bool = False
    words: str = ""

    def __bool__(self) -> bool:
        return bool(self.top_board or self.ranked_groups or self.locked_ranges or self.apart
                    or self.finalists)


class RankingContext(Protocol):
    """What a rule may use to rank: handed over by ``tdapp.core.tournament.standings``.

    ``tournament`` and ``sheet`` are the tournament and its score sheet through ``through``
    (``tdapp.core.tournament.model.Tournament`` / ``results.ScoreSheet``); ``pool`` the
    championship pool; ``issues`` collects what the TD should know.
    """

    @property
    def tournament(self) -> Any: ...

    @property
    def sheet(self) -> Any: ...

    @property
    def through(self) -> int: ...

    @property
    def pool(self) -> frozenset[str]: ...

    @property
    def issues(self) -> list[str]: ...

    def by_total(self, players: Sequence[str], *, criteria: Sequence[str] | None = None,
                 offset: int = 0) -> Ordering:
        """``players`` by tournament score, ties by the format's tie-breakers (or ``criteria``)."""
        ...

    def order_by(self, players: Sequence[str], value: Callable[[str], float], *,
                 criteria: Sequence[str] | None = None, phrase: str = "higher score",
                 offset: int = 0) -> Ordering:
        """``players`` by ``value``, ties by the format's tie-breakers (or ``criteria``)."""
        ...

    def before(self, round_number: int) -> RankingContext:
        """The same context as the standings stood when ``round_number`` began."""
        ...


class FinalRanking:
    """A structural rule. Subclass, set the class attributes, override what differs, and
    decorate with :func:`~tdapp.core.formats.structures.registry.register_final_ranking`.

    ``name``: how a format stores it (never renamed: saved files hold it). ``choice``: the
    format dialog's words for it. ``champion``: the champion award's rule. ``settings``: the
    ``TournamentFormat`` field holding its settings (``"pool"``, ``"top_board"`` ...), or ""
    when it has none; a format choosing the rule must set it.
    """

    name: ClassVar[str] = ""
    choice: ClassVar[str] = ""
    champion: ClassVar[str] = ""
    settings: ClassVar[str] = ""

    # -- words --------------------------------------------------------------------------------
    def champion_words(self, fmt: TournamentFormat) -> str:
        """The format description's "Champion" sentence."""
        return "the " + self.champion

    def describe(self, fmt: TournamentFormat) -> list[tuple[str, str]]:
        """(topic, sentence) pairs for this rule's settings, when the format has them set
        (whichever rule ranks: a pool may serve a team tournament too)."""
        return []

    # -- checks -------------------------------------------------------------------------------
    def validate(self, fmt: TournamentFormat) -> None:
        """Raise :class:`FormatError` when ``fmt`` cannot rank by this rule."""
        if self.settings and getattr(fmt, self.settings, None) is None:
            raise FormatError(f"{self.name!r} needs its rule set ({self.settings})",
                              "final_ranking")

    def check_change(self, fmt: TournamentFormat) -> None:
        """Further checks when a format is being changed (the format dialog, ``copy_format``):
        how its settings fit the rounds. A saved format is read back without them, so a file
        saved before a check existed still opens; the next change shows what to fix."""

    # -- seating ------------------------------------------------------------------------------
    def seating(self, fmt: TournamentFormat, round_number: int) -> SeatingNeeds:
        """What seating round ``round_number`` needs for this rule."""
        return SeatingNeeds()

    # -- ranking ------------------------------------------------------------------------------
    def applies(self, fmt: TournamentFormat, through: int) -> bool:
        """Whether this rule ranks the standings after round ``through`` (before its round is
        played the standings are by tournament score)."""
        return True

    def rank(self, fmt: TournamentFormat, players: Sequence[str],
             ctx: RankingContext) -> Ordering:
        """The competing ``players`` in final order, every gap explained."""
        return ctx.by_total(players)

    def marked(self, fmt: TournamentFormat, ctx: RankingContext) -> tuple[str, ...]:
        """Players the standings mark as on the top board (none by default)."""
        return ()


def top_board_of(tournament: Any, round_number: int) -> Any | None:
    """The board marked top in ``round_number`` (a ``tdapp.core.tournament.model.Board``)."""
    return next((b for b in tournament.boards if b.round == round_number and b.top), None)
