"""How much one client may ask of the server: counted per client address.

A server on the open internet must not let one address create tables without end
or hold thousands of sockets; a person needs a few of each. The counts live in
the process (several processes each count their own share).
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable

KEYS_KEPT = 100_000
"""Addresses remembered before the ones with nothing recent are forgotten."""


class RateLimit:
    """At most ``count`` events per ``seconds`` for each key (a sliding window)."""

    def __init__(
        self, count: int, seconds: float = 60.0, now: Callable[[], float] = time.monotonic
    ):
        self.count = count
        self.seconds = seconds
        self._now = now
        self._seen: dict[str, deque[float]] = {}

    def take(self, key: str) -> float:
        """Count one event for ``key`` if it is allowed (0.0), or the seconds to wait
        before it would be (nothing is counted then)."""
        now = self._now()
        times = self._seen.get(key)
        if times is None:
            if len(self._seen) >= KEYS_KEPT:
                self._forget(now)
            times = self._seen[key] = deque()
        while times and times[0] <= now - self.seconds:
            times.popleft()
        if len(times) >= self.count:
            return max(0.001, times[0] + self.seconds - now)
        times.append(now)
        return 0.0

    def _forget(self, now: float) -> None:
        for key in [k for k, t in self._seen.items() if not t or t[-1] <= now - self.seconds]:
            del self._seen[key]


class Gauge:
    """How many of something each key holds now (open sockets per address)."""

    def __init__(self, limit: int):
        self.limit = limit
        self._held: Counter[str] = Counter()

    def acquire(self, key: str) -> bool:
        if self._held[key] >= self.limit:
            return False
        self._held[key] += 1
        return True

    def release(self, key: str) -> None:
        self._held[key] -= 1
        if self._held[key] <= 0:
            del self._held[key]


class Bucket:
    """A token bucket: ``burst`` at once, refilled at ``per_second`` (a connection's
    messages)."""

    def __init__(self, burst: float, per_second: float, now: Callable[[], float] = time.monotonic):
        self.burst = burst
        self.per_second = per_second
        self._now = now
        self._allowance = burst
        self._checked = now()

    def take(self) -> bool:
        now = self._now()
        self._allowance = min(self.burst, self._allowance + (now - self._checked) * self.per_second)
        self._checked = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True
