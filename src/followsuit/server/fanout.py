"""Event fan-out: how a table's messages reach the connections watching it.

The table actor publishes one message per audience (a seat, or ``None`` for the
spectators), each built from that audience's own view; the fan-out encodes each
once and hands the text to every connection of that audience. :class:`LocalFanout`
does it within one process; :class:`RedisFanout` through Redis, for several
processes (the owner publishes once, every process with pages of the table hands
them out). The actor does not change.

A connection joins in two steps: it subscribes (from then on its messages are held
back), asks the table for its first messages (a snapshot, or what it missed), and
:meth:`~LocalFanout.joined` sends those and then the held-back ones that are newer,
so a page never sees an event twice or out of order, whichever process it is on.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson

from .cluster import Cluster

Audience = int | None
"""A seat, or None for a spectator."""

MAX_QUEUED = 256
"""Messages a slow connection may fall behind by before it is dropped (its page
reconnects and reloads a snapshot)."""
FELL_BEHIND = 4408
"""The close code of a connection that fell too far behind (its page reloads)."""
SEAT_TAKEN = 4403
"""The close code of a connection whose seat went to a newer token."""

NUMBERED = frozenset({"update", "hello", "resume"})
"""The messages that carry the table's state number."""
RS, US = b"\x1e", b"\x1f"
"""Separators of a Redis message's parts: JSON text never holds them raw."""


def encode(message: Mapping[str, Any]) -> str:
    return orjson.dumps(message).decode()


@dataclass(eq=False)
class Subscription:
    table_id: str
    audience: Audience
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(MAX_QUEUED))
    dropped: bool = False
    close_code: int = FELL_BEHIND
    """What the reader closes the connection with when it finds the queue's None."""
    held: list[tuple[str, int, str]] | None = field(default_factory=list)
    """While joining: the messages that came meanwhile (type, state number, text);
    None once joined."""
    n: int = -1
    """The newest state number this connection was sent (its errors quote it)."""


class Fanout(Protocol):
    async def subscribe(self, table_id: str, audience: Audience) -> Subscription: ...

    def joined(self, sub: Subscription, first: Sequence[Mapping[str, Any]]) -> None: ...

    async def unsubscribe(self, sub: Subscription) -> None: ...

    def audiences(
        self, table_id: str, every: Sequence[Audience], present: Set[Audience]
    ) -> list[Audience]: ...

    def publish(
        self,
        table_id: str,
        messages: Mapping[Audience, Mapping[str, Any]],
        elsewhere: bool = True,
    ) -> None: ...

    def send(self, sub: Subscription, message: Mapping[str, Any]) -> None: ...

    def revoke(self, table_id: str, audience: Audience, message: Mapping[str, Any]) -> None: ...

    def counts(self, table_id: str) -> dict[Audience, int]: ...

    def tables(self) -> list[str]: ...


class LocalFanout:
    """:class:`Fanout` in one process: a queue per connection."""

    def __init__(self) -> None:
        self._subs: dict[str, dict[Audience, set[Subscription]]] = defaultdict(
            lambda: defaultdict(set)
        )

    async def subscribe(self, table_id: str, audience: Audience) -> Subscription:
        sub = Subscription(table_id, audience)
        self._subs[table_id][audience].add(sub)
        return sub

    def joined(self, sub: Subscription, first: Sequence[Mapping[str, Any]]) -> None:
        """Send a joining connection its first messages, then what came meanwhile
        (updates it has already had through ``first`` are left out)."""
        held, sub.held = sub.held or [], None
        last = -1
        for message in first:
            if message.get("type") in NUMBERED:
                last = max(last, int(message["n"]))
            self._put(sub, encode(message))
        sub.n = max(sub.n, last)
        for kind, n, text in held:
            if kind != "update" or n > last:
                self._put(sub, text, kind, n)

    async def unsubscribe(self, sub: Subscription) -> None:
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

    def tables(self) -> list[str]:
        """The tables with a connection in this process."""
        return list(self._subs)

    def counts(self, table_id: str) -> dict[Audience, int]:
        """This process's connections to the table, by audience."""
        return {a: len(s) for a, s in self._subs.get(table_id, {}).items() if s}

    def audiences(
        self, table_id: str, every: Sequence[Audience], present: Set[Audience]
    ) -> list[Audience]:
        """The audiences worth building a message for: those with a connection
        here (``present``, the owner's count of every process's pages, is the same
        set in one process)."""
        here = self._subs.get(table_id, {})
        return [a for a in every if here.get(a)]

    def publish(
        self,
        table_id: str,
        messages: Mapping[Audience, Mapping[str, Any]],
        elsewhere: bool = True,
    ) -> None:
        """Hand each audience's message to its connections here (``elsewhere``:
        whether other processes have pages of the table; none do in one process)."""
        self._deliver(table_id, texts_of(messages))

    def _deliver(self, table_id: str, texts: Mapping[Audience, tuple[str, int, str]]) -> None:
        table = self._subs.get(table_id, {})
        for audience, (kind, n, text) in texts.items():
            for sub in list(table.get(audience, ())):
                if sub.held is not None:
                    sub.held.append((kind, n, text))
                else:
                    self._put(sub, text, kind, n)

    def revoke(self, table_id: str, audience: Audience, message: Mapping[str, Any]) -> None:
        """Tell every connection of ``audience`` ``message`` and close it
        (:data:`SEAT_TAKEN`): its seat has a new holder."""
        self._revoke(table_id, audience, encode(message))

    def _revoke(self, table_id: str, audience: Audience, text: str) -> None:
        for sub in list(self._subs.get(table_id, {}).get(audience, ())):
            sub.held = None
            self._put(sub, text)
            close(sub, SEAT_TAKEN)

    def send(self, sub: Subscription, message: Mapping[str, Any]) -> None:
        """A reply to one connection (an error, a hint, a snapshot asked for)."""
        kind = str(message.get("type", ""))
        self._put(sub, encode(message), kind, int(message.get("n", -1)))

    def _put(self, sub: Subscription, text: str, kind: str = "", n: int = -1) -> None:
        if sub.dropped:
            return
        if kind in NUMBERED:
            sub.n = max(sub.n, n)
        try:
            sub.queue.put_nowait(text)
        except asyncio.QueueFull:
            close(sub, FELL_BEHIND)  # the reader closes the connection; the page reloads


class RedisFanout(LocalFanout):
    """:class:`Fanout` over Redis: an owner hands its own connections their texts at
    once and, when other processes have pages of the table, sends the event once on
    the table's channel, each audience's text built once; every other process hands
    its connections theirs when the channel brings them. A page gets each event by
    one way only, so in order."""

    def __init__(self, cluster: Cluster):
        super().__init__()
        self.cluster = cluster
        cluster.on_table = self._received

    async def subscribe(self, table_id: str, audience: Audience) -> Subscription:
        sub = await super().subscribe(table_id, audience)
        await self.cluster.subscribe_table(table_id)
        return sub

    async def unsubscribe(self, sub: Subscription) -> None:
        await super().unsubscribe(sub)
        if sub.table_id not in self._subs:
            await self.cluster.unsubscribe_table(sub.table_id)

    def audiences(
        self, table_id: str, every: Sequence[Audience], present: Set[Audience]
    ) -> list[Audience]:
        """The audiences with a page on some process, as the owner counts them."""
        return [a for a in every if a in present]

    def publish(
        self,
        table_id: str,
        messages: Mapping[Audience, Mapping[str, Any]],
        elsewhere: bool = True,
    ) -> None:
        texts = texts_of(messages)
        self._deliver(table_id, texts)
        if not elsewhere:
            return
        parts = [b"E", self._origin]
        for audience, (kind, n, text) in texts.items():
            parts.append(
                US.join([_key(audience).encode(), kind.encode(), str(n).encode(), text.encode()])
            )
        self.cluster.publish(self.cluster.table_channel(table_id), RS.join(parts))

    def revoke(self, table_id: str, audience: Audience, message: Mapping[str, Any]) -> None:
        text = encode(message)
        self._revoke(table_id, audience, text)
        payload = RS.join([b"R", self._origin, _key(audience).encode(), text.encode()])
        self.cluster.publish(self.cluster.table_channel(table_id), payload)

    @property
    def _origin(self) -> bytes:
        return self.cluster.me.encode()

    def _received(self, table_id: str, payload: bytes) -> None:
        kind, origin, *parts = payload.split(RS)
        if origin == self._origin:  # this process's own: its pages have it already
            return
        if kind == b"R":
            audience = _audience(parts[0].decode())
            self._revoke(table_id, audience, parts[1].decode())
            return
        texts: dict[Audience, tuple[str, int, str]] = {}
        for part in parts:
            key, message_kind, n, text = part.split(US, 3)
            texts[_audience(key.decode())] = (message_kind.decode(), int(n), text.decode())
        self._deliver(table_id, texts)


def texts_of(
    messages: Mapping[Audience, Mapping[str, Any]],
) -> dict[Audience, tuple[str, int, str]]:
    """Each audience's message encoded once, with its type and state number."""
    return {
        a: (str(m.get("type", "")), int(m.get("n", -1)), encode(m)) for a, m in messages.items()
    }


def _key(audience: Audience) -> str:
    return "s" if audience is None else str(audience)


def _audience(key: str) -> Audience:
    return None if key == "s" else int(key)


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


def every_audience(num_players: int) -> list[Audience]:
    return [*range(num_players), None]


__all__ = [
    "Audience",
    "Fanout",
    "LocalFanout",
    "RedisFanout",
    "Subscription",
    "close",
    "encode",
    "every_audience",
]
