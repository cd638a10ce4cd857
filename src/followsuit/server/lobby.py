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
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import BOTS
from ..rules import load_rules
from .actor import Services, TableActor, hint_bot_name
from .livegame import LiveGame
from .store import Preset, SeatSpec, TableSpec

log = logging.getLogger("followsuit.server")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Created:
    actor: TableActor
    tokens: dict[int, str]
    invite_code: str


class TablesFull(Exception):
    """Every table this process may hold is loaded and in use."""


class Lobby:
    def __init__(
        self,
        services: Services,
        *,
        max_tables: int = 2000,
        idle_seconds: float = 600.0,
        now: Callable[[], float] = time.monotonic,
    ):
        self.services = services
        self.store = services.store
        self.fanout = services.fanout
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self._now = now
        self.actors: dict[str, TableActor] = {}
        self._loading = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None

    async def resume_all(self) -> int:
        """Rebuild and restart the unfinished tables that moved within the idle
        time, the most recent first (as many as may be loaded); how many."""
        since = time.time() - self.idle_seconds
        ids = await asyncio.to_thread(self.store.open_tables, since, self.max_tables)
        for table_id in ids:
            await self.get(table_id)
        return len(ids)

    def start_sweeping(self) -> None:
        """Put idle tables away from now on (every few seconds)."""
        self._sweeper = asyncio.create_task(self._sweep_forever())

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
        return len(going)

    async def _make_room(self) -> None:
        if len(self.actors) >= self.max_tables:
            await self.sweep(room=1)
        if len(self.actors) >= self.max_tables:
            raise TablesFull(f"this server is running {self.max_tables} tables")

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for actor in list(self.actors.values()):
            await actor.close()
        self.actors.clear()

    async def get(self, table_id: str) -> TableActor | None:
        """The table's actor, loaded from the store if it is not loaded (None: no
        such table). :class:`TablesFull` when it cannot be loaded now."""
        actor = self.actors.get(table_id)
        if actor is not None:
            return actor
        if not _plain_id(table_id):
            return None
        async with self._loading:
            actor = self.actors.get(table_id)
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
    ) -> Created:
        """A new table (the caller has validated the variant, options and seats: see
        :mod:`.requests`); the first person's seat is the creator's."""
        rules = load_rules(variant, options)
        tokens: dict[int, str] = {}
        specs = []
        for k, seat in enumerate(seats):
            if seat == "human":
                token = secrets.token_urlsafe(24)
                tokens[k] = token
                specs.append(
                    SeatSpec("human", hint_bot_name(), token_hash(token), claimed=len(tokens) == 1)
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
            invite_hash=token_hash(invite),
        )
        await self._make_room()
        first = LiveGame.first_hand(rules)
        await asyncio.to_thread(self.store.create_table, spec, first)
        game = LiveGame(rules, [first], [])
        actor = TableActor(spec, rules, game, self.services)
        self.actors[spec.id] = actor
        actor.start()
        return Created(actor, tokens, invite)

    async def save_preset(self, name: str, variant: str, options: dict[str, Any]) -> Preset:
        preset = Preset(secrets.token_urlsafe(9), name, variant, dict(options))
        await asyncio.to_thread(self.store.save_preset, preset)
        return preset

    async def preset(self, preset_id: str) -> Preset | None:
        if not _plain_id(preset_id):
            return None
        return await asyncio.to_thread(self.store.preset, preset_id)


def seat_of_token(actor: TableActor, token: str) -> int | None:
    """The seat this token claims (None: no seat), compared in constant time."""
    digest = token_hash(token)
    found = None
    for seat, spec in enumerate(actor.spec.seats):
        if spec.token_hash and secrets.compare_digest(spec.token_hash, digest):
            found = seat
    return found


def _plain_id(text: str) -> bool:
    return 0 < len(text) <= 32 and all(c.isalnum() or c in "-_" for c in text)


def bot_levels() -> list[str]:
    return list(BOTS)
