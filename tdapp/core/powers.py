"""The seven great powers, in the reading order used everywhere (AEFGIRT)."""

from __future__ import annotations

POWERS: tuple[str, ...] = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
POWER_LETTERS: dict[str, str] = {power: power[0] for power in POWERS}
LETTER_TO_POWER: dict[str, str] = {power[0]: power for power in POWERS}
POWER_TITLES: dict[str, str] = {power: power.title() for power in POWERS}
TOTAL_CENTERS = 34
SOLO_CENTERS = 18
BOARD_SIZE = 7
