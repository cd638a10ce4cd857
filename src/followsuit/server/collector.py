"""The garbage collector, kept from stopping every table at once.

CPython's full collection walks every object the process holds, and a server with
a thousand live tables holds more than a million (each table's recent states,
each page's connection): on the 2-core development machine one full collection
stopped every table for 0.1 to 6 s, 34 times in 8 minutes of ``bench_server``
at 1,000 tables, which was the p99. Nearly all of those objects live long and
die by reference counting, never in a cycle, so walking them finds nothing.

So ``followsuit serve`` freezes what its start-up built (modules, the app, the
bots' models: never walked again), and after each full collection the objects
that survived it: the next full collection walks only what came since. Every
:data:`THAW_SECONDS` the frozen objects are thawed, so that the full collection
after finds any cycle among them that has died meanwhile (a closed connection's,
say): one long pause every ten minutes instead of one every quarter of a minute.
Only the ``serve`` command does this, for its own process (an app embedded in
another program, or a test's, leaves the program's collector alone).
"""

from __future__ import annotations

import gc
import threading
import time
from typing import Any

THAW_SECONDS = 600.0
"""How long objects stay frozen before a full collection walks them again."""
CHECK_SECONDS = 1.0
"""How soon after a full collection its survivors are frozen."""
OLDEST = 2
"""The generation a full collection collects."""


class Collector:
    """Freezes the survivors of each full collection; thaws them now and then."""

    def __init__(self, thaw_seconds: float = THAW_SECONDS, check_seconds: float = CHECK_SECONDS):
        self.thaw_seconds = thaw_seconds
        self.check_seconds = check_seconds
        self.full = threading.Event()
        """Set by the collector's callback when a full collection ended (the
        callback only sets it: the freezing is done by this one's thread)."""
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def _seen(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info["generation"] == OLDEST:
            self.full.set()

    def start(self) -> None:
        """Freeze what exists now, and keep freezing in a daemon thread."""
        gc.collect()
        gc.freeze()
        gc.callbacks.append(self._seen)
        self._thread = threading.Thread(target=self._run, name="followsuit-collector", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Leave the collector as it was (thawed, no callback)."""
        self._stopping.set()
        if self._thread is not None:
            self._thread.join()
        if self._seen in gc.callbacks:
            gc.callbacks.remove(self._seen)
        gc.unfreeze()

    def _run(self) -> None:
        thawed = time.monotonic()
        while not self._stopping.is_set():
            if self.full.wait(self.check_seconds):
                self.full.clear()
                gc.freeze()
            if time.monotonic() - thawed >= self.thaw_seconds:
                gc.unfreeze()
                thawed = time.monotonic()
