"""Stopping the server's background tasks without waiting for ever.

A stopping server cancels its loops (leases, sweeps, the Redis reader) and waits
for them to end before it hands its tables over and exits. A task that swallows
its cancellation (a library that turns it into a timeout at the wrong moment)
would hold the stop for ever, and a supervisor would have to kill the process,
tables and all; so the wait is bounded, and a task still running is named in
the log and left.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any

log = logging.getLogger("followsuit.server")

STOP_SECONDS = 2.0
"""How long a stop waits for cancelled tasks to end."""


async def cancel(tasks: Iterable[asyncio.Task[Any] | None], within: float = STOP_SECONDS) -> None:
    """Cancel ``tasks`` and wait (at most ``within`` seconds) for them to end."""
    running = [t for t in tasks if t is not None and not t.done()]
    for task in running:
        task.cancel()
    if not running:
        return
    _done, pending = await asyncio.wait(running, timeout=within)
    for task in running:
        if task.done() and not task.cancelled() and task.exception() is not None:
            log.debug("a task ended with %r while stopping", task.exception())
    if pending:
        names = ", ".join(sorted(t.get_name() for t in pending))
        log.warning("%d task(s) did not stop within %.0f s: %s", len(pending), within, names)
