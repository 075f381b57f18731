"""Tournament rules that change how a written order is read.

The default of each is the most forgiving reading that is still correct; the presets are the
rules of the seed documents (WDC 2025 at Whipping, EDC 2026), which the built-in tournament
formats take (``tdapp.core.formats.builtin``). A tournament reads its sheets by the rule its
format carries (``TournamentFormat.reading`` / ``formats.parse_options_for()``), never by the format's name.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class MissingCoast(enum.StrEnum):
    """A fleet move into a two-coast province without its coast (``ParseOptions``)."""

    INFER = "infer"
    STRICT = "strict"


class MissingBuildCoast(enum.StrEnum):
    """A fleet St Petersburg build without its coast."""

    WAIVE = "waive"
    VOID = "void"


class WrongUnitType(enum.StrEnum):
    """An order naming an army for a fleet, or the other way round."""

    FOLLOW = "follow"
    FAIL = "fail"


# The typed choices above, as the format's checks list them
MISSING_COAST_CHOICES: tuple[str, ...] = tuple(MissingCoast)
MISSING_BUILD_COAST_CHOICES: tuple[str, ...] = tuple(MissingBuildCoast)
WRONG_UNIT_TYPE_CHOICES: tuple[str, ...] = tuple(WrongUnitType)


@dataclass(frozen=True, slots=True)
class ParseOptions:
    """How to read orders.

    - ``strict_abbreviations``: EDC 2026 — "if an official but incorrect abbreviation is used this
      will be deemed an illegal order and replaced with a HOLD (e.g. Fleet move Lon-Nor ...)". An
      official abbreviation (``Nor`` counts as Norway's, as in the EDC example; ``Nwy``, ``Tyr``,
      ``Lvp`` ...) then means exactly its province, even when that makes the order impossible;
      only unofficial spellings (``Liv``) are still resolved by intent.
    - ``correct_slips``: when an official abbreviation makes the order impossible and its usual
      neighbour (``Nwy``/``Nwg``, ``Lvp``/``Lvn``, ``Tyr``/``Tys``) is the one possible reading,
      read the neighbour and say so in a warning. Ignored under ``strict_abbreviations``.
    - ``require_unit_type_in_builds``: WDC 2025 V.3.d: "It is not necessary to designate Army or
      Fleet except for build orders on coastal provinces" — so by default an inland build without
      a letter is an army, and a coastal one is an error. True: every build must say A or F.
    - ``missing_coast``: a fleet move or retreat into Spain, Bulgaria or St Petersburg without a
      coast. ``"infer"`` (default, WDC 2025 V.4.b and the DATC): the coast is filled in when only
      one can be reached, and the order fails when both can (Por/MAO -> Spa, Con -> Bul).
      ``"strict"``: every such order without a coast fails.
    - ``missing_build_coast``: a fleet build at St Petersburg without a coast. ``"waive"`` (WDC
      2025 V.4.a: "will result in a waived build") reads it as WAIVE, which uses up the build;
      ``"void"`` (DATC 6.B.14) makes it an unreadable order that is ignored.
    - ``wrong_unit_type``: the order names an army where the position has a fleet, or the other
      way round. ``"follow"`` (WDC 2025 V.3.d: "Orders for wrongly designated units are still
      followed") reads it for the unit that is there, with a warning; ``"fail"`` makes it an
      error (the unit holds).
    """

    strict_abbreviations: bool = False
    correct_slips: bool = True
    require_unit_type_in_builds: bool = False
    missing_coast: MissingCoast = MissingCoast.INFER
    missing_build_coast: MissingBuildCoast = MissingBuildCoast.WAIVE
    wrong_unit_type: WrongUnitType = WrongUnitType.FOLLOW
    rules_name: str = ""  # the tournament rules, named in messages: "WDC 2025"

    def cite(self, message: str) -> str:
        """A message about one of these rules, naming whose rule it is."""
        return f"{message} ({self.rules_name})" if self.rules_name else message

    def __post_init__(self) -> None:
        """Each choice as its member (a plain string is accepted), any other value refused."""
        for name, choice in (("missing_coast", MissingCoast),
                             ("missing_build_coast", MissingBuildCoast),
                             ("wrong_unit_type", WrongUnitType)):
            value = getattr(self, name)
            if value not in tuple(choice):
                raise ValueError(f"{name} must be one of {', '.join(choice)}, not {value!r}")
            object.__setattr__(self, name, choice(value))


DEFAULT_OPTIONS = ParseOptions()
# World DipCon 2025 (Whipping), V.3-4: leeway for unambiguous abbreviations, army/fleet needed
# only in coastal builds, wrongly designated units followed, coasts needed only where both can be
# reached, a fleet St Petersburg build without coast waived.
WDC_2025 = ParseOptions(rules_name="WDC 2025")
# World DipCon 2018 (Tempest): the same order-writing rules ("Nor is an ambiguous destination for
# a fleet in Edinburgh ... ambiguous orders will be ignored").
WDC_2018 = ParseOptions(rules_name="WDC 2018")
# European Diplomacy Championship 2026: official but wrong abbreviations are illegal orders.
EDC_2026 = ParseOptions(strict_abbreviations=True, correct_slips=False, rules_name="EDC 2026")
# DBN Invitational 2025: its rules say nothing on writing orders; the forgiving defaults.
DBN_2025 = ParseOptions(rules_name="DBN 2025")
