"""Event fan-out: how a table's messages reach the connections watching it.

The table actor publishes one message per audience (a seat, or ``None`` for the
spectators), each built from that audience's own view; the fan-out only delivers.
:class:`LocalFanout` does it within one process. Several server processes would
put a Redis (or PostgreSQL ``LISTEN``) implementation of :class:`Fanout` here;
the actor does not change.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

Audience = int | None
"""A seat, or None for a spectator."""

MAX_QUEUED = 256
"""Messages a slow connection may fall behind by before it is dropped (its page
reconnects and reloads a snapshot)."""


FELL_BEHIND = 4408
"""The close code of a connection that fell too far behind (its page reloads)."""
SEAT_TAKEN = 4403
"""The close code of a connection whose seat went to a newer token."""


@dataclass(eq=False)
class Subscription:
    table_id: str
    audience: Audience
    queue: asyncio.Queue[dict[str, Any] | None] = field(
        default_factory=lambda: asyncio.Queue(MAX_QUEUED)
    )
    dropped: bool = False
    close_code: int = FELL_BEHIND
    """What the reader closes the connection with when it finds the queue's None."""


class Fanout(Protocol):
    def subscribe(self, table_id: str, audience: Audience) -> Subscription: ...

    def unsubscribe(self, sub: Subscription) -> None: ...

    def audiences(self, table_id: str) -> set[Audience]: ...

    def publish(self, table_id: str, messages: Mapping[Audience, dict[str, Any]]) -> None: ...

    def send(self, sub: Subscription, message: dict[str, Any]) -> None: ...

    def revoke(self, table_id: str, audience: Audience, message: dict[str, Any]) -> None: ...


class LocalFanout:
    """:class:`Fanout` in one process: a queue per connection."""

    def __init__(self) -> None:
        self._subs: dict[str, dict[Audience, set[Subscription]]] = defaultdict(
            lambda: defaultdict(set)
        )

    def subscribe(self, table_id: str, audience: Audience) -> Subscription:
        sub = Subscription(table_id, audience)
        self._subs[table_id][audience].add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        table = self._subs.get(sub.table_id)
        if table is None:
            return
        group = table.get(sub.audience)
        if group is not None:
            group.discard(sub)
            if not group:
                del table[sub.audience]
        if not table:
            del self._subs[sub.table_id]

    def audiences(self, table_id: str) -> set[Audience]:
        return set(self._subs.get(table_id, {}))

    def publish(self, table_id: str, messages: Mapping[Audience, dict[str, Any]]) -> None:
        table = self._subs.get(table_id, {})
        for audience, message in messages.items():
            for sub in list(table.get(audience, ())):
                self.send(sub, message)

    def revoke(self, table_id: str, audience: Audience, message: dict[str, Any]) -> None:
        """Tell every connection of ``audience`` ``message`` and close it
        (:data:`SEAT_TAKEN`): its seat has a new holder."""
        for sub in list(self._subs.get(table_id, {}).get(audience, ())):
            self.send(sub, message)
            close(sub, SEAT_TAKEN)

    def send(self, sub: Subscription, message: dict[str, Any]) -> None:
        if sub.dropped:
            return
        try:
            sub.queue.put_nowait(message)
        except asyncio.QueueFull:
            close(sub, FELL_BEHIND)  # the reader closes the connection; the page reloads


def close(sub: Subscription, code: int) -> None:
    """End a subscription: its reader sends what is queued, then closes with ``code``
    (a connection that fell behind loses what is queued: its page reloads)."""
    if sub.dropped:
        return
    sub.dropped = True
    sub.close_code = code
    if code == FELL_BEHIND or sub.queue.full():
        while not sub.queue.empty():
            sub.queue.get_nowait()
    sub.queue.put_nowait(None)
