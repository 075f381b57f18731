"""Tournament rule variants the judge knows (CONTRACTS.md, ``rules``).

Each default is the DATC's preferred choice (DATC v3.0, which follows the 2023 rulebook).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

# convoy_to_adjacent: when an army ordered to an adjacent province goes by convoy.
INTENT = "intent"  # "via convoy" written, or a fleet of its own power ordered to convoy it (2023)
EXPLICIT = "explicit"  # only when "via convoy" is written (WDC 2018/2025 house rule, DPTG)
ANY_CONVOY = "any"  # 1971: any convoy route counts when the units swap, unless disrupted

# duplicate_orders: a unit given two different (legal) orders.
HOLD = "hold"  # it holds (DATC 4.D.3, WDC 2025)
LAST = "last"  # the last order written counts (EDC 2026)

# civil_disorder: which units go when a power owes removals it did not write.
RULEBOOK = "rulebook"  # 2023 rulebook: farthest from an owned SC, fleets first, alphabetical
RULEBOOK_1971 = "rulebook-1971"  # older rulebooks: distance to home SCs, fleets over water only
WDC_2025 = "wdc-2025"  # WDC 2025 list: outside home not in an SC first ... home SCs last

CHOICES: dict[str, tuple[str, ...]] = {
    "convoy_to_adjacent": (INTENT, EXPLICIT, ANY_CONVOY),
    "duplicate_orders": (HOLD, LAST),
    "civil_disorder": (RULEBOOK, RULEBOOK_1971, WDC_2025),
}


@dataclass(frozen=True, slots=True)
class RuleOptions:
    convoy_to_adjacent: str = INTENT
    duplicate_orders: str = HOLD
    civil_disorder: str = RULEBOOK

    @classmethod
    def from_mapping(cls, values: Mapping[str, object] | None) -> RuleOptions:
        """Options from a ``rules`` object; ValueError naming the key for anything unknown."""
        if not values:
            return cls()
        known = {f.name for f in fields(cls)}
        chosen: dict[str, str] = {}
        for key, value in values.items():
            if key not in known:
                raise ValueError(f"rules.{key}: unknown rule (known: {', '.join(sorted(known))})")
            if value not in CHOICES[key]:
                raise ValueError(
                    f"rules.{key}: {value!r} is not one of {', '.join(CHOICES[key])}"
                )
            chosen[key] = str(value)
        return cls(**chosen)

    def as_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
