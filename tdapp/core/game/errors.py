"""Refusals of the game's rules, in a TD's words."""

from __future__ import annotations


class GameRuleRefusal(ValueError):
    """What was asked is against the game's or the format's rules; the message says why."""
