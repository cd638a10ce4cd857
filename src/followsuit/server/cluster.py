"""Several ``followsuit serve`` processes as one service, through Redis.

The log stays in the database (PostgreSQL, shared by all). Redis holds what is
live (the lichess way, lila-ws): which process **owns** each loaded table (a
lease, renewed every half second; the owner alone runs the table's actor, its
bots and its clock), and the messages between processes:

* ``NS:t:{table}`` — a table's events, published once by its owner, each with a
  text per audience (built once per audience, encoded once); every process with a
  page of that table subscribes and hands each page its audience's text;
* ``NS:p:{process}`` — requests to a process (a page's action, a snapshot, a
  hint: :mod:`.tables` forwards them to the owner) and the replies to them;
* ``NS:bye`` — the name of a process that stops (SIGTERM): it has handed its
  tables over, and the requests still waiting for its answer fail at once (they
  find the table's new owner) instead of waiting ``REQUEST_SECONDS`` for nothing.

``NS`` is the service's namespace (:func:`namespace_of` its database), so that
several services, or test runs, can share one Redis. A process that dies stops
renewing: within a few seconds another process takes its tables over from the log
(their bots and clocks go on), and the pages of the dead process reconnect to any
other; a request waiting for the dead process's answer gives up as soon as the
table's lease is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from .tasks import cancel

log = logging.getLogger("followsuit.server")

LEASE_MS = 2500
"""How long a table's owner holds it without renewing."""
RENEW_SECONDS = 0.5
"""How often owners renew, and the others look for tables whose owner is gone."""
ALIVE_MS = 3000
"""How long a process counts as alive after its last heartbeat."""
REQUEST_SECONDS = 5.0
"""How long a request waits for the owner's reply before it is taken as lost."""

_RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    redis.call('ZADD', ARGV[4], ARGV[3], ARGV[4 + i])
  else
    table.insert(lost, ARGV[4 + i])
  end
end
return lost
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
end
redis.call('ZREM', ARGV[2], ARGV[3])
return 1
"""


class Unavailable(Exception):
    """The table's owner did not answer (it may have died): try again."""


class NotOwner(Unavailable):
    """A request reached a process that does not own the table (any more): find
    its owner again."""


class RemoteError(Exception):
    """An error the owner raised, carried back: ``kind`` names its class."""

    def __init__(self, kind: str, args: list[Any]):
        super().__init__(kind, *args)
        self.kind = kind
        self.values = args


def namespace_of(database_url: str) -> str:
    """The key prefix of the processes sharing one database: its URL without the
    password, hashed (so that two services on one Redis never mix their tables;
    every process of one service must be given the same database URL)."""
    from sqlalchemy.engine import make_url

    shown = make_url(database_url).render_as_string(hide_password=True)
    return "fs:" + hashlib.sha256(shown.encode()).hexdigest()[:10]


Handler = Callable[[str, str, dict[str, Any]], Awaitable[Any]]
"""Serves a request: (table id, operation, arguments) → a JSON-able result."""


class Cluster:
    """This process's link to the others: its name, the leases, the messages."""

    def __init__(self, url: str, namespace: str = "fs"):
        from redis.asyncio import Redis

        self.url = url
        self.ns = namespace
        self.leases = f"{namespace}:leases"
        """A sorted set: each owned table, scored by when its lease runs out (ms)."""
        self.bye = f"{namespace}:bye"
        self.me = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.redis: Redis = Redis.from_url(url)
        self._pubsub = self.redis.pubsub()
        self._outbox: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._waiting: dict[int, tuple[str, asyncio.Future[Any]]] = {}
        """This process's requests waiting for their answer, with whom they went to."""
        self.gone: set[str] = set()
        """Processes that said they stopped: a request to one fails at once."""
        self._ids = itertools.count(1)
        self._tasks: list[asyncio.Task[None]] = []
        self._subscribed: set[str] = set()
        self._sub_lock = asyncio.Lock()
        self.on_table: Callable[[str, bytes], None] = lambda _t, _p: None
        self.on_request: Handler | None = None
        self.on_gone: Callable[[str], None] = lambda _p: None
        """Called when another process says it stopped (its tables are free now)."""
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)

    def own_key(self, table_id: str) -> str:
        return f"{self.ns}:own:{table_id}"

    def table_channel(self, table_id: str) -> str:
        return f"{self.ns}:t:{table_id}"

    def process_channel(self, process: str) -> str:
        return f"{self.ns}:p:{process}"

    def _alive_key(self, process: str) -> str:
        return f"{self.ns}:alive:{process}"

    # -- life cycle ---------------------------------------------------------------

    async def start(self) -> None:
        await self.redis.ping()
        await self._pubsub.subscribe(self.process_channel(self.me), self.bye)
        await self.heartbeat()
        self._tasks = [
            asyncio.create_task(self._write_forever(), name="followsuit-redis-writer"),
            asyncio.create_task(self._read_forever(), name="followsuit-redis-reader"),
        ]

    async def close(self) -> None:
        """Stop (the tables handed over first): the messages waiting are sent, then
        every process is told this one is gone."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._outbox.join(), REQUEST_SECONDS)
        await cancel(self._tasks)
        with contextlib.suppress(Exception):
            await self.redis.publish(self.bye, self.me)
            await self.redis.delete(self._alive_key(self.me))
            await self._pubsub.aclose()
            await self.redis.aclose()

    async def heartbeat(self) -> None:
        await self.redis.set(self._alive_key(self.me), b"1", px=ALIVE_MS)

    async def alive(self, processes: Iterable[str]) -> set[str]:
        names = list(processes)
        if not names:
            return set()
        found = await self.redis.mget([self._alive_key(p) for p in names])
        return {p for p, v in zip(names, found, strict=True) if v is not None}

    # -- leases -------------------------------------------------------------------

    async def acquire(self, table_id: str) -> bool:
        """Own the table if nobody does."""
        if not await self.redis.set(self.own_key(table_id), self.me, nx=True, px=LEASE_MS):
            return False
        await self.redis.zadd(self.leases, {table_id: _now_ms() + LEASE_MS})
        return True

    async def renew(self, table_ids: Iterable[str]) -> list[str]:
        """Renew the leases of these tables; the ones this process no longer owns."""
        ids = list(table_ids)
        if not ids:
            return []
        keys = [self.own_key(t) for t in ids]
        args: list[str | int] = [self.me, LEASE_MS, _now_ms() + LEASE_MS, self.leases, *ids]
        lost = await self._renew(keys=keys, args=args)
        return [_text(x) for x in lost]

    async def release(self, table_id: str) -> None:
        """Give the table up (put away, finished, or this process stopping)."""
        await self._release(keys=[self.own_key(table_id)], args=[self.me, self.leases, table_id])

    async def hand_over(self, table_id: str) -> None:
        """Give the table up for another process to take at once (stopping)."""
        await self.release(table_id)
        await self.redis.zadd(self.leases, {table_id: 0})

    async def owner(self, table_id: str) -> str | None:
        value = await self.redis.get(self.own_key(table_id))
        return None if value is None else _text(value)

    async def owners(self, table_ids: list[str]) -> list[str | None]:
        if not table_ids:
            return []
        values = await self.redis.mget([self.own_key(t) for t in table_ids])
        return [None if v is None else _text(v) for v in values]

    async def orphans(self, limit: int = 200) -> list[str]:
        """Tables whose owner stopped renewing (candidates to take over)."""
        found = await self.redis.zrangebyscore(self.leases, "-inf", _now_ms(), start=0, num=limit)
        return [_text(t) for t in found]

    async def forget(self, table_id: str) -> None:
        """A table nobody needs to run (finished, or not in the store)."""
        await self.redis.zrem(self.leases, table_id)

    # -- messages -------------------------------------------------------------------

    def publish(self, channel: str, payload: bytes) -> None:
        """Send ``payload`` (in the order of the calls, never blocking the caller)."""
        self._outbox.put_nowait((channel, payload))

    async def subscribe_table(self, table_id: str) -> None:
        async with self._sub_lock:
            channel = self.table_channel(table_id)
            if channel not in self._subscribed:
                self._subscribed.add(channel)
                await self._pubsub.subscribe(channel)

    async def unsubscribe_table(self, table_id: str) -> None:
        async with self._sub_lock:
            channel = self.table_channel(table_id)
            if channel in self._subscribed:
                self._subscribed.discard(channel)
                await self._pubsub.unsubscribe(channel)

    async def request(self, owner: str, table_id: str, op: str, args: dict[str, Any]) -> Any:
        """Ask the table's owner to do ``op``; its answer, or the error it raised
        (:class:`RemoteError`, :class:`NotOwner`), or :class:`Unavailable`.

        :class:`NotOwner` at once if the owner said it stopped, and as soon as it no
        longer holds the table's lease (it died, or gave the table up) while the
        answer is awaited."""
        if owner in self.gone:
            raise NotOwner(table_id)
        number = next(self._ids)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._waiting[number] = (owner, future)
        body = {"q": number, "r": self.me, "t": table_id, "op": op, "a": args}
        self.publish(self.process_channel(owner), json.dumps(body).encode())
        deadline = loop.time() + REQUEST_SECONDS
        try:
            while True:
                await asyncio.wait([future], timeout=min(RENEW_SECONDS, deadline - loop.time()))
                if future.done():
                    return future.result()
                if await self.owner(table_id) != owner:
                    raise NotOwner(table_id)
                if loop.time() >= deadline:
                    raise Unavailable(f"table {table_id}'s process did not answer")
        finally:
            self._waiting.pop(number, None)

    async def _write_forever(self) -> None:
        """Publish the outbox in order, as many messages per round trip as wait."""
        while True:
            first = await self._outbox.get()
            batch = [first]
            while not self._outbox.empty() and len(batch) < 512:
                batch.append(self._outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, payload in batch:
                        pipe.publish(channel, payload)
                    await pipe.execute()
            except Exception:
                log.exception("could not publish %d message(s) to Redis", len(batch))
                await asyncio.sleep(0.2)
            finally:
                for _ in batch:
                    self._outbox.task_done()

    async def _read_forever(self) -> None:
        mine = self.process_channel(self.me).encode()
        bye = self.bye.encode()
        while True:
            try:
                message = await self._pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=1.0
                )
            except Exception:
                log.exception("the Redis subscription failed: reconnecting")
                await asyncio.sleep(0.5)
                continue
            if message is None or message["type"] != "message":
                continue
            channel, payload = message["channel"], message["data"]
            if channel == mine:
                self._from_process(payload)
            elif channel == bye:
                self._gone(_text(payload))
            else:
                self.on_table(channel.decode()[len(self.table_channel("")) :], payload)

    def _gone(self, process: str) -> None:
        """``process`` stopped, its tables handed over: what waits for it, fails."""
        if process == self.me:
            return
        self.gone.add(process)
        for owner, future in list(self._waiting.values()):
            if owner == process and not future.done():
                future.set_exception(NotOwner(process))
        self.on_gone(process)

    def _from_process(self, payload: bytes) -> None:
        body = json.loads(payload)
        if "re" in body:  # a reply to one of this process's requests
            _owner, future = self._waiting.get(body["re"], ("", None))
            if future is not None and not future.done():
                if "err" in body:
                    kind, args = body["err"]
                    if kind == "NotOwner":
                        future.set_exception(NotOwner(body["t"]))
                    else:
                        future.set_exception(RemoteError(kind, args))
                else:
                    future.set_result(body.get("ok"))
            return
        asyncio.get_running_loop().create_task(self._serve(body))

    async def _serve(self, body: dict[str, Any]) -> None:
        reply: dict[str, Any] = {"re": body["q"], "t": body["t"]}
        try:
            if self.on_request is None:
                raise NotOwner(body["t"])
            reply["ok"] = await self.on_request(body["t"], body["op"], body["a"])
        except NotOwner:
            reply["err"] = ["NotOwner", []]
        except Exception as exc:
            reply["err"] = [type(exc).__name__, _values(exc)]
            if type(exc).__name__ not in ("ActionRefused", "BadRequest", "TablesFull"):
                log.exception("table %s: request %s failed", body["t"], body["op"])
        self.publish(self.process_channel(body["r"]), json.dumps(reply).encode())


def _values(exc: Exception) -> list[Any]:
    """What an error carries across (its fields, or its message)."""
    fields = getattr(exc, "wire", None)
    if callable(fields):
        values: list[Any] = fields()
        return values
    return [str(exc)]


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _now_ms() -> int:
    return int(time.time() * 1000)
