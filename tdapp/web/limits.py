"""How the players' page holds back guessing and floods, in this server's memory only.

A wrong code costs its sender time: each address has a lane, and each wrong code from it is
answered only after a delay that doubles with every recent wrong code (``FIRST_DELAY_S`` up to
``LONGEST_DELAY_S``), one after another, so many guesses at once from one address wait in line
rather than side by side. The addresses are kept in a bounded LRU (``ADDRESSES``): a flood of
addresses forgets the oldest, never grows memory. Over all addresses together, wrong codes are
answered at most ``GLOBAL_RATE`` per second (a token bucket): a phone farm of many addresses
still gets no more answers than that. A right code is looked up first and never waits; only an
address with wrong codes already waiting in line (``WAITING_PER_ADDRESS``), or, while the whole
server's line is full (``WAITING_GLOBAL``), an address that never gave a right code, is told to
wait (429) before its code is read: the line, and the memory it holds, stays bounded.

The POSTs of a player's page are limited per address by a token bucket too (``PostLimit``).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

FIRST_DELAY_S = 0.5
LONGEST_DELAY_S = 30.0
FORGET_AFTER_S = 15 * 60.0  # an address quiet this long starts afresh
ADDRESSES = 4096
WAITING_PER_ADDRESS = 4
WAITING_GLOBAL = 512
GLOBAL_RATE = 5.0  # wrong codes answered per second, over every address
GLOBAL_BURST = 40.0

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


@dataclass
class _Lane:
    failures: int = 0
    free_at: float = 0.0  # when the next wrong answer of this address may go out
    waiting: int = 0
    seen: float = 0.0
    good: bool = False  # a right code came from here


class WrongCodes:
    """The delays of wrong codes, per address and over all (see the module's words)."""

    def __init__(self, clock: Clock = time.monotonic, sleep: Sleep = asyncio.sleep,
                 addresses: int = ADDRESSES) -> None:
        self.clock = clock
        self.sleep = sleep
        self.addresses = addresses
        self._lanes: OrderedDict[str, _Lane] = OrderedDict()
        self._tokens = GLOBAL_BURST
        self._filled_at = clock()
        self._global_free_at = 0.0
        self._waiting = 0

    def _lane(self, address: str, now: float) -> _Lane:
        lane = self._lanes.get(address)
        if lane is None or (now - lane.seen > FORGET_AFTER_S and lane.waiting == 0):
            lane = _Lane(seen=now, good=lane.good if lane else False)
            self._lanes[address] = lane
        self._lanes.move_to_end(address)
        if len(self._lanes) > self.addresses:
            # forget the oldest quiet lanes; lanes with answers in line stay (a bounded few)
            quiet = [a for a, kept in self._lanes.items() if not kept.waiting and a != address]
            for old in quiet[:len(self._lanes) - self.addresses]:
                del self._lanes[old]
        return lane

    def right_code(self, address: str) -> None:
        """An address that gave a right code: a player's phone, still served in a flood."""
        self._lane(address, self.clock()).good = True

    def must_wait(self, address: str) -> bool:
        """True when this address may not even be looked up now: too many of its wrong codes
        wait in line, or the whole server's line is full and it never gave a right code.
        Answer 429 without reading the code."""
        lane = self._lanes.get(address)
        if lane is not None and lane.waiting >= WAITING_PER_ADDRESS:
            return True
        return self._waiting >= WAITING_GLOBAL and not (lane is not None and lane.good)

    def delay_for(self, address: str) -> float:
        """Count one wrong code from ``address`` and say how long its answer waits (seconds)."""
        now = self.clock()
        lane = self._lane(address, now)
        lane.failures += 1
        lane.seen = now
        step = min(FIRST_DELAY_S * 2 ** (lane.failures - 1), LONGEST_DELAY_S)
        lane.free_at = max(lane.free_at, now) + step
        # The global bucket: a token per wrong answer, refilled at GLOBAL_RATE.
        self._tokens = min(GLOBAL_BURST, self._tokens + (now - self._filled_at) * GLOBAL_RATE)
        self._filled_at = now
        if self._tokens >= 1:
            self._tokens -= 1
            ready = lane.free_at
        else:
            self._global_free_at = max(self._global_free_at, now) + 1 / GLOBAL_RATE
            ready = max(lane.free_at, self._global_free_at)
        return max(ready - now, 0.0)

    async def wait_wrong(self, address: str) -> float:
        """Hold a wrong code's answer for its delay; the delay, for the tests."""
        delay = self.delay_for(address)
        lane = self._lanes[address]
        lane.waiting += 1
        self._waiting += 1
        try:
            await self.sleep(delay)
        finally:
            lane.waiting -= 1
            self._waiting -= 1
        return delay

    def __len__(self) -> int:
        return len(self._lanes)


class PostLimit:
    """At most ``burst`` POSTs at once per address, then one per ``every_s`` (an LRU of
    addresses, as above)."""

    def __init__(self, burst: float = 12.0, every_s: float = 2.0, clock: Clock = time.monotonic,
                 addresses: int = ADDRESSES) -> None:
        self.burst = burst
        self.every_s = every_s
        self.clock = clock
        self.addresses = addresses
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, address: str) -> bool:
        now = self.clock()
        tokens, at = self._buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) / self.every_s)
        allowed = tokens >= 1
        self._buckets[address] = (tokens - 1 if allowed else tokens, now)
        while len(self._buckets) > self.addresses:
            self._buckets.popitem(last=False)
        return allowed
