"""The page's words that Python composes (the clock's label, the round's status), marked for
the catalogue with ``N_`` and said through a ``say`` function: English for ``/api/state``
(``str``, the contract's language), the player's language on the page (``i18n._``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tdapp.web.i18n import N_

Say = Callable[[str], str]

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
