"""All the tables of a server: creating one, finding one, resuming them all.

At start-up every unfinished table in the store is rebuilt from its rows and its
actor started again, bots included; a finished table is loaded when someone asks
for it. Seat tokens and invite codes are stored only as SHA-256 hashes.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import BOTS
from ..rules import load_rules
from .actor import TableActor, hint_bot_name
from .fanout import Fanout
from .livegame import LiveGame
from .store import Preset, SeatSpec, Store, TableSpec


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Created:
    actor: TableActor
    tokens: dict[int, str]
    invite_code: str


class Lobby:
    def __init__(self, store: Store, fanout: Fanout):
        self.store = store
        self.fanout = fanout
        self.actors: dict[str, TableActor] = {}
        self._loading = asyncio.Lock()

    async def resume_all(self) -> int:
        """Rebuild and restart every unfinished table; how many there were."""
        ids = await asyncio.to_thread(self.store.open_tables)
        for table_id in ids:
            await self.get(table_id)
        return len(ids)

    async def close(self) -> None:
        for actor in list(self.actors.values()):
            await actor.close()
        self.actors.clear()

    async def get(self, table_id: str) -> TableActor | None:
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
            rules = load_rules(stored.spec.variant, stored.spec.options)
            game = await asyncio.to_thread(LiveGame, rules, stored.hands, stored.actions)
            actor = TableActor(
                stored.spec,
                rules,
                game,
                self.store,
                self.fanout,
                clock_used_ms=stored.clock_used_ms,
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
        first = LiveGame.first_hand(rules)
        await asyncio.to_thread(self.store.create_table, spec, first)
        game = LiveGame(rules, [first], [])
        actor = TableActor(spec, rules, game, self.store, self.fanout)
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
