"""All the tables of a server: creating one, finding one, resuming them, putting
idle ones away.

At start-up the unfinished tables that moved recently (within ``idle_seconds``) are
rebuilt from their rows and their actors started again, bots included; any other
table is loaded when someone asks for it. A table where nobody is connected and no
bot is about to move is put away after ``idle_seconds`` (its rows are in the store;
it is loaded again on demand), and at most ``max_tables`` are loaded at once: when
they are all busy a new one is refused (:class:`TablesFull`) rather than letting
memory grow without end. Seat tokens and invite codes are stored only as SHA-256
hashes.

With a :class:`~followsuit.server.cluster.Cluster` (``--redis``) the lobby is one of
several processes': a table is run by the process that owns its lease, and
:meth:`Lobby.table` gives a :class:`~followsuit.server.tables.RemoteTable` for
one another process owns. Every half second this process renews its leases,
takes over the tables whose owner stopped renewing (from the log: their bots and
clocks go on), tells each table's owner which pages it has open (again whenever
a table changes hands), and forgets the pages of processes that died. A process
that stops hands its tables over: the others take them at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import BOTS
from ..rules import load_rules
from .actor import LOCAL, ActionRefused, Services, TableActor, hint_bot_name
from .cluster import RENEW_SECONDS, Cluster, NotOwner, Unavailable
from .livegame import LiveGame
from .store import Listing, Preset, SeatSpec, TableSpec, secret_hash
from .tables import LocalTable, RemoteTable, Table, TablesFull, serve
from .tasks import cancel

TAKEOVERS_PER_ROUND = 20
"""Orphaned tables a process takes over per round (loading each takes a moment;
the rest wait for the next round, or another process)."""

LISTED_SHOWN = 30
"""The open tables the lobby lists at most (the newest)."""

log = logging.getLogger("followsuit.server")


@dataclass(frozen=True)
class Created:
    actor: TableActor
    tokens: dict[int, str]
    invite_code: str


class Lobby:
    def __init__(
        self,
        services: Services,
        *,
        max_tables: int = 2000,
        idle_seconds: float = 600.0,
        cluster: Cluster | None = None,
        now: Callable[[], float] = time.monotonic,
    ):
        self.services = services
        self.store = services.store
        self.fanout = services.fanout
        self.cluster = cluster
        self.me = cluster.me if cluster is not None else LOCAL
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self._now = now
        self.actors: dict[str, TableActor] = {}
        self._loading = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []
        self._told: dict[str, str] = {}
        """For each table with pages here: the owner last told of them."""
        self._telling: dict[str, asyncio.Task[None]] = {}
        self._acquired: set[str] = set()
        """Tables whose lease this process took (renewed even while they load)."""
        self._wake = asyncio.Event()
        """Set to run the cluster's round now (another process stopped)."""
        if cluster is not None:
            cluster.on_request = self._serve
            cluster.on_gone = lambda _process: self._wake.set()

    async def resume_all(self) -> int:
        """Rebuild and restart the unfinished tables that moved within the idle
        time, the most recent first (as many as may be loaded); how many."""
        since = time.time() - self.idle_seconds
        ids = await asyncio.to_thread(self.store.open_tables, since, self.max_tables)
        resumed = 0
        for table_id in ids:
            # with other processes: only the tables nobody runs (a whole service
            # starting again splits them among its processes)
            if self.cluster is not None:
                actor = await self._acquire_and_load(table_id)
            else:
                actor = await self.get(table_id)
            resumed += actor is not None
        return resumed

    def start(self) -> None:
        """Put idle tables away from now on (every few seconds), and with a cluster
        keep the leases, take over orphaned tables and keep owners told."""
        loops = {"sweep": self._sweep_forever}
        if self.cluster is not None:
            loops |= {"renew": self._renew_forever, "tend": self._tend_forever}
        for name, loop in loops.items():
            self._tasks.append(asyncio.create_task(loop(), name=f"followsuit-{name}"))

    async def _sweep_forever(self) -> None:
        every = max(1.0, min(30.0, self.idle_seconds / 4))
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:
                log.exception("idle tables could not be put away")

    async def sweep(self, *, room: int = 0) -> int:
        """Put away the tables quiet for the idle time; with ``room``, also the
        quietest others until that many places are free. How many went."""
        now = self._now()
        quiet = sorted((a for a in self.actors.values() if a.quiet()), key=lambda a: a.last_active)
        free = self.max_tables - len(self.actors)
        going = [
            a
            for k, a in enumerate(quiet)
            if now - a.last_active >= self.idle_seconds or k < room - free
        ]
        for actor in going:
            del self.actors[actor.id]
        for actor in going:
            await actor.close()
            if self.cluster is not None:
                self._acquired.discard(actor.id)
                await self.cluster.release(actor.id)
                await self.cluster.forget(actor.id)
        return len(going)

    async def _make_room(self) -> None:
        if len(self.actors) >= self.max_tables:
            await self.sweep(room=1)
        if len(self.actors) >= self.max_tables:
            raise TablesFull(f"this server is running {self.max_tables} tables")

    async def close(self) -> None:
        """Stop every table, all at once (with a cluster: hand each over for another
        process to take at once). From the start a request for one of them is
        answered :class:`NotOwner`, so that its sender finds the new owner."""
        await cancel([*self._tasks, *self._telling.values()])
        actors = list(self.actors.values())
        self.actors.clear()
        await asyncio.gather(*(actor.close() for actor in actors))
        if self.cluster is not None:
            await asyncio.gather(*(self._let_go(self.cluster, a) for a in actors))

    @staticmethod
    async def _let_go(cluster: Cluster, actor: TableActor) -> None:
        with contextlib.suppress(Exception):
            if actor.game.state.over:
                await cluster.release(actor.id)
                await cluster.forget(actor.id)
            else:
                await cluster.hand_over(actor.id)

    # -- finding a table, wherever it runs -------------------------------------------

    async def table(self, table_id: str) -> Table | None:
        """The table, run here or by the process that owns it (None: no such
        table). Without a cluster, or when nobody owns it, it is loaded here."""
        actor = self.actors.get(table_id)
        if actor is not None and not actor.lost:
            return LocalTable(actor)
        if not _plain_id(table_id):
            return None
        cluster = self.cluster
        if cluster is None:
            actor = await self.get(table_id)
            return None if actor is None else LocalTable(actor)
        for _ in range(3):
            owner = await cluster.owner(table_id)
            if owner is not None and owner != self.me:
                return RemoteTable(table_id, owner, cluster)
            if owner == self.me:  # ours, loading or put away a moment ago
                self._acquired.add(table_id)
                actor = await self.get(table_id)
                return None if actor is None else LocalTable(actor)
            if await cluster.acquire(table_id):
                self._acquired.add(table_id)
                actor = await self.get(table_id)
                if actor is None:  # no such table: nothing to own
                    self._acquired.discard(table_id)
                    await cluster.release(table_id)
                    await cluster.forget(table_id)
                    return None
                return LocalTable(actor)
        raise Unavailable(f"table {table_id} is changing hands: try again")

    async def _serve(self, table_id: str, op: str, args: dict[str, Any]) -> Any:
        """Another process's request for a table this one owns."""
        actor = self.actors.get(table_id)
        if actor is None:
            raise NotOwner(table_id)
        return await serve(LocalTable(actor), op, args)

    # -- which pages are open here ----------------------------------------------------

    def pages_changed(self, table_id: str) -> None:
        """Pages of the table opened or closed here: tell its owner (in order, the
        latest count winning)."""
        if self.cluster is None:
            actor = self.actors.get(table_id)
            if actor is not None:
                actor.set_presence(LOCAL, self.fanout.counts(table_id))
            return
        running = self._telling.get(table_id)
        if running is None or running.done():
            self._telling[table_id] = asyncio.create_task(self._tell(table_id))
        else:
            self._told.pop(table_id, None)  # the running task tells again when done

    async def _tell(self, table_id: str) -> None:
        while True:
            counts = self.fanout.counts(table_id)
            try:
                table = await self.table(table_id)
                if table is None:
                    return
                await table.present(self.me, list(counts.items()))
                self._told[table_id] = table.owner if isinstance(table, RemoteTable) else self.me
            except (Unavailable, NotOwner, ActionRefused, TablesFull):
                self._told.pop(table_id, None)  # the next round tries again
                return
            if self.fanout.counts(table_id) == counts:
                if not counts:
                    self._told.pop(table_id, None)
                return

    async def _renew_forever(self) -> None:
        """Keep this process's leases, every half second, whatever else it is doing
        (a round that also loaded tables could let them lapse, and another process
        would take tables this one still runs)."""
        cluster = self.cluster
        assert cluster is not None
        while True:
            try:
                await cluster.heartbeat()
                held = [*self.actors, *(self._acquired - set(self.actors))]
                for table_id in await cluster.renew(held):
                    await self._lost(table_id)
            except Exception:
                log.exception("the leases could not be renewed")
            await asyncio.sleep(RENEW_SECONDS)

    async def _lost(self, table_id: str) -> None:
        """Another process runs this table now: stop running it here."""
        self._acquired.discard(table_id)
        actor = self.actors.pop(table_id, None)
        if actor is not None:
            log.warning("table %s was taken over by another process", table_id)
            await actor.close()

    async def _tend_forever(self) -> None:
        cluster = self.cluster
        assert cluster is not None
        while True:
            # every half second, or at once when a process stopped: its tables
            # were handed over and wait for an owner
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(RENEW_SECONDS):
                    await self._wake.wait()
            self._wake.clear()
            try:
                await self._tend(cluster)
            except Exception:
                log.exception("the cluster's round failed")

    async def _tend(self, cluster: Cluster) -> None:
        # a table whose log another process wrote to: this copy is behind; let go
        # (whoever owns it, this process again perhaps, loads it from the log)
        for behind in [a for a in self.actors.values() if a.lost]:
            await cluster.release(behind.id)
            await self._lost(behind.id)
        # take over (a few at a time) the tables whose owner stopped renewing
        for table_id in (await cluster.orphans())[:TAKEOVERS_PER_ROUND]:
            if table_id in self.actors or len(self.actors) >= self.max_tables:
                continue
            if await self._acquire_and_load(table_id) is not None:
                log.info("took over table %s", table_id)
        # the pages of processes that died are gone
        processes = {p for a in self.actors.values() for p in a.presence if p != self.me}
        alive = await cluster.alive(processes) | {self.me}
        for actor in self.actors.values():
            actor.forget_processes(alive)
        # tell each table's owner of this process's pages, again if it changed hands
        here = self.fanout.tables()
        owners = await cluster.owners(here)
        for table_id, owner in zip(here, owners, strict=True):
            if owner is None or self._told.get(table_id) != owner:
                self._told.pop(table_id, None)
                self.pages_changed(table_id)

    async def _acquire_and_load(self, table_id: str) -> TableActor | None:
        """Own the table if nobody does and load it here (None: somebody owns it,
        or there is no such unfinished table)."""
        cluster = self.cluster
        assert cluster is not None
        if not await cluster.acquire(table_id):
            return None
        self._acquired.add(table_id)  # renewed from now on, even while it loads
        try:
            actor = await self.get(table_id)
        except BaseException:
            self._acquired.discard(table_id)
            await cluster.release(table_id)
            raise
        if actor is None or actor.game.state.over:
            self._acquired.discard(table_id)
            await cluster.release(table_id)
            await cluster.forget(table_id)
            return None
        return actor

    async def get(self, table_id: str) -> TableActor | None:
        """The table's actor, loaded from the store if it is not loaded (None: no
        such table). :class:`TablesFull` when it cannot be loaded now."""
        actor = self.actors.get(table_id)
        if actor is not None and not actor.lost:
            return actor
        if not _plain_id(table_id):
            return None
        async with self._loading:
            actor = self.actors.get(table_id)
            if actor is not None and actor.lost:  # behind its log: load it again
                del self.actors[table_id]
                await actor.close()
                actor = None
            if actor is not None:
                return actor
            stored = await asyncio.to_thread(self.store.load, table_id)
            if stored is None:
                return None
            await self._make_room()
            rules = load_rules(stored.spec.variant, stored.spec.options)
            game = await asyncio.to_thread(LiveGame, rules, stored.hands, stored.actions)
            actor = TableActor(
                stored.spec,
                rules,
                game,
                self.services,
                clock_used_ms=stored.clock_used_ms,
                clock_started=stored.clock_started,
                chat=stored.chat,
                chat_count=stored.chat_count,
            )
            self.actors[table_id] = actor
            actor.start()
            return actor

    async def create(
        self,
        variant: str,
        options: dict[str, Any],
        seats: Sequence[str],
        *,
        bot_delay_ms: int,
        grace_seconds: int,
        listed: bool = False,
    ) -> Created:
        """A new table (the caller has validated the variant, options and seats: see
        :mod:`.requests`); the first person's seat is the creator's. A ``listed``
        table is shown in the lobby to anyone, who may take a free seat."""
        rules = load_rules(variant, options)
        tokens: dict[int, str] = {}
        specs = []
        for k, seat in enumerate(seats):
            if seat == "human":
                token = secrets.token_urlsafe(24)
                tokens[k] = token
                specs.append(
                    SeatSpec("human", hint_bot_name(), secret_hash(token), claimed=len(tokens) == 1)
                )
            else:
                specs.append(SeatSpec("bot", seat.split(":", 1)[1]))
        invite = secrets.token_urlsafe(12)
        spec = TableSpec(
            id=secrets.token_urlsafe(9),
            variant=rules.id,
            options=dict(options),
            seats=tuple(specs),
            bot_delay_ms=bot_delay_ms,
            grace_seconds=grace_seconds,
            invite_hash=secret_hash(invite),
            open_invite=invite if listed else "",
        )
        await self._make_room()
        first = LiveGame.first_hand(rules)
        await asyncio.to_thread(self.store.create_table, spec, first)
        game = LiveGame(rules, [first], [])
        actor = TableActor(spec, rules, game, self.services)
        self.actors[spec.id] = actor
        if self.cluster is not None:
            await self.cluster.acquire(spec.id)
            self._acquired.add(spec.id)
        actor.start()
        return Created(actor, tokens, invite)

    async def listed(self, limit: int = LISTED_SHOWN) -> list[Listing]:
        """The tables listed in the lobby that wait for players (moved within the
        idle time: a table nobody came to for that long is not offered)."""
        since = time.time() - self.idle_seconds
        return await asyncio.to_thread(self.store.listed_tables, since, limit)

    async def save_preset(self, name: str, variant: str, options: dict[str, Any]) -> Preset:
        preset = Preset(secrets.token_urlsafe(9), name, variant, dict(options))
        await asyncio.to_thread(self.store.save_preset, preset)
        return preset

    async def preset(self, preset_id: str) -> Preset | None:
        if not _plain_id(preset_id):
            return None
        return await asyncio.to_thread(self.store.preset, preset_id)


def _plain_id(text: str) -> bool:
    """Whether ``text`` could be a table's or a preset's id (12 characters): a seat
    token (32) pasted in its place is looked up nowhere, and no lease is named by it."""
    return 0 < len(text) <= 16 and all(c.isalnum() or c in "-_" for c in text)


def bot_levels() -> list[str]:
    return list(BOTS)
