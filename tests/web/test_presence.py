"""Who has the players' page, counted in memory for the TD's window (issue 25: "start and
stop, the address as text and a QR code to project, and who is connected")."""

from __future__ import annotations

from tdapp.web import presence as presence_module
from tdapp.web.presence import RECENT_S, Presence


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_open_streams_and_recent_phones_are_counted_apart() -> None:
    clock = Clock()
    presence = Presence(clock)
    presence.opened("10.0.0.5")
    presence.opened("10.0.0.6")
    presence.seen("10.0.0.7", page=True)
    presence.seen("10.0.0.5", page=True)
    counts = presence.counts()
    assert (counts.live, counts.recent, counts.views) == (2, 3, 2)
    presence.closed()
    assert presence.counts().live == 1
    presence.closed()
    presence.closed()  # never below nothing
    assert presence.counts().live == 0


def test_a_phone_not_seen_for_five_minutes_is_forgotten() -> None:
    clock = Clock()
    presence = Presence(clock)
    presence.seen("10.0.0.5", page=True)
    clock.now += RECENT_S / 2
    presence.seen("10.0.0.6")
    clock.now += RECENT_S / 2 + 1
    counts = presence.counts()
    assert (counts.recent, counts.views) == (1, 0)
    presence.seen("10.0.0.5")  # back: counted again
    assert presence.counts().recent == 2


def test_made_up_addresses_cannot_grow_memory(monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(presence_module, "MAX_KEPT", 50)
    presence = Presence(Clock())
    for number in range(500):
        presence.seen(f"10.1.{number // 250}.{number % 250}", page=True)
    counts = presence.counts()
    assert counts.recent <= 50 and counts.views <= 50
