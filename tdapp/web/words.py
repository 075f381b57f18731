"""The page's words that Python composes (the powers, the clock's label, the round's status),
marked for the catalogue with ``N_`` and said through a ``say`` function: English for
``/api/state`` (``str``, the contract's language), the player's language on a page
(``i18n._``). Nothing of tdapp.web is imported here, so every module of it may use these."""

from __future__ import annotations

from collections.abc import Callable, Mapping

Say = Callable[[str], str]


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for "a word of the catalogue"
    """Marks a word for the catalogue where it is defined; it is translated where it is shown."""
    return message


# The seven powers by name (a colour is never the only sign of one: WCAG 1.4.1).
POWER_NAMES = {"AUSTRIA": N_("Austria"), "ENGLAND": N_("England"), "FRANCE": N_("France"),
               "GERMANY": N_("Germany"), "ITALY": N_("Italy"), "RUSSIA": N_("Russia"),
               "TURKEY": N_("Turkey")}

SEASONS = {"S": N_("Spring"), "F": N_("Fall"), "W": N_("Winter")}
KINDS = {"negotiation": N_("Negotiation"), "order-writing": N_("Order writing"),
         "retreats": N_("Retreats"), "adjustments": N_("Adjustments")}
# The projector's status labels (tdapp.core.clock.views.STATUS_LABELS) in the room's words;
# a running clock needs none.
CLOCK_STATUSES = {"running": "", "ready": N_("Ready"), "warning": N_("Last minute"),
                  "paused": N_("Paused"), "expired": N_("Time up"), "finished": N_("Finished")}
ROUND_OVER = N_("Round over")
ROUND_STATUSES = {"planned": N_("not seated yet"), "called": N_("board call published"),
                  "playing": N_("being played"), "finished": N_("finished"),
                  "none": N_("no round yet")}


def clock_label(parts: Mapping[str, str], say: Say = str) -> str:
    """``Spring 1903 — Negotiation — Paused`` from the clock's parts (``phase`` as S1903M,
    ``kind``, ``status``; ``status`` ``over`` once the round is called)."""
    if parts.get("status") == "over":
        return say(ROUND_OVER)
    phase, kind = parts.get("phase", ""), parts.get("kind", "")
    pieces = []
    if phase[:1] in SEASONS and phase[1:5].isdigit():
        pieces.append(f"{say(SEASONS[phase[:1]])} {phase[1:5]}")
    if kind in KINDS:
        pieces.append(say(KINDS[kind]))
    status = CLOCK_STATUSES.get(parts.get("status", ""), "")
    if status:
        pieces.append(say(status))
    return " \u2014 ".join(pieces)


# A phase as the page names it ("Spring 1901 movement"): the core's phase_title in the room's
# words. The order of the parts is the translation's (PHASE_TITLE), so a language may say the
# year first.
PHASE_KINDS = {"M": N_("movement"), "R": N_("retreats"), "A": N_("adjustments")}
SEASON_TITLE = N_("%(season)s %(year)s")
PHASE_TITLE = N_("%(season)s %(year)s %(kind)s")


def season_words(phase: str, say: Say = str) -> str:
    """``S1906M`` -> ``Spring 1906`` (anything else as written)."""
    season = SEASONS.get(phase[:1])
    if season is None or not phase[1:5].isdigit():
        return phase
    return say(SEASON_TITLE) % {"season": say(season), "year": phase[1:5]}


def phase_text(phase: str, say: Say = str) -> str:
    """``F1901R`` -> ``Fall 1901 retreats`` (the core's ``phase_title`` in English; anything
    that is no phase as written)."""
    season, kind = SEASONS.get(phase[:1]), PHASE_KINDS.get(phase[5:6])
    if season is None or kind is None or not phase[1:5].isdigit() or len(phase) != 6:
        return phase
    return say(PHASE_TITLE) % {"season": say(season), "year": phase[1:5], "kind": say(kind)}
