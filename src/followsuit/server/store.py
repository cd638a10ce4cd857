"""Where tables live between restarts: a small interface and its SQL implementation.

A table is kept as its game log: who sits where, each hand's committed deck order
and every accepted action, one row each. :meth:`Store.append` writes an action (and,
when it ends a hand, the next hand's deal, and whether the game is over) in one
transaction, and the table actor tells anyone of the action only after it commits:
a server killed at any moment loses no action a player was told was accepted.

The same code serves SQLite (the default, a file in the user's data folder) and
PostgreSQL (a ``postgresql://`` URL, driven by psycopg), through SQLAlchemy 2; the
schema is made and upgraded by Alembic (:mod:`followsuit.server.migrations`).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import Engine, and_, case, create_engine, event, func, insert, select, update
from sqlalchemy.engine import Connection, make_url

from . import schema as S


def secret_hash(secret: str) -> str:
    """How a seat token or an invite code is kept: its SHA-256, never itself."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat: a person (with the hash of their seat token) or a bot."""

    kind: str
    """``human`` or ``bot``."""
    level: str = ""
    """The bot's name (for a person: the bot that stands in when they are away)."""
    token_hash: str = ""
    claimed: bool = False
    """A person's seat taken through the invite link (or by the creator)."""
    name: str = ""
    """The name its player chose (empty: none yet)."""


@dataclass(frozen=True)
class TableSpec:
    id: str
    variant: str
    options: dict[str, Any]
    seats: tuple[SeatSpec, ...]
    bot_delay_ms: int
    grace_seconds: int
    invite_hash: str
    created_at: float = field(default_factory=time.time)
    open_invite: str = ""
    """A table listed in the lobby for anyone to join: its invite code, in the
    clear (listing makes it public); empty for a table joined by its link only."""


@dataclass(frozen=True)
class Listing:
    """A listed table that waits for players, as the lobby lists it."""

    id: str
    variant: str
    options: dict[str, Any]
    seats: int
    free: int
    """People's seats nobody has taken yet."""
    invite: str
    created_at: float


@dataclass(frozen=True)
class HandRow:
    """One hand's committed shuffle (revealed in the record once the hand is over)."""

    index: int
    dealer: int
    order: tuple[str, ...]
    salt: str
    commitment: str


@dataclass(frozen=True)
class ActionRow:
    """An accepted action: ``seq`` counts from 1 over the whole table, ``seat`` None
    is a table event (``time-up``)."""

    seq: int
    hand: int
    seat: int | None
    text: str


@dataclass(frozen=True)
class Append:
    """One accepted action as the store keeps it, with what it changes: the next
    hand's deal when it ended one, the game's end, the clock."""

    table_id: str
    action: ActionRow
    next_hand: HandRow | None
    over: bool
    clock_used_ms: int | None = None


CHAT_KEPT = 50
"""The chat lines a table shows a page that arrives (the latest)."""


@dataclass(frozen=True)
class ChatLine:
    """A line of a table's chat: ``seq`` counts from 1 over the table."""

    seq: int
    seat: int
    text: str
    at: float
    """When it was said (seconds since the epoch)."""


@dataclass(frozen=True)
class StoredTable:
    spec: TableSpec
    hands: tuple[HandRow, ...]
    actions: tuple[ActionRow, ...]
    over: bool
    clock_used_ms: int = 0
    clock_started: bool = False
    chat: tuple[ChatLine, ...] = ()
    """The latest :data:`CHAT_KEPT` lines."""
    chat_count: int = 0
    """Lines said at the table in all."""


@dataclass(frozen=True)
class Preset:
    id: str
    name: str
    variant: str
    options: dict[str, Any]


class Store(Protocol):
    """What the server needs of a database (an in-memory or shared one fits too)."""

    def create_table(self, spec: TableSpec, first_hand: HandRow) -> None: ...

    def append(
        self,
        table_id: str,
        action: ActionRow,
        next_hand: HandRow | None,
        over: bool,
        clock_used_ms: int | None = None,
    ) -> None: ...

    def append_all(self, appends: Sequence[Append]) -> None: ...

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> None: ...

    def name_seat(self, table_id: str, seat: int, name: str) -> None: ...

    def add_chat(self, table_id: str, line: ChatLine) -> None: ...

    def start_clock(self, table_id: str) -> None: ...

    def load(self, table_id: str) -> StoredTable | None: ...

    def open_tables(self, active_since: float = 0.0, limit: int | None = None) -> list[str]: ...

    def listed_tables(self, active_since: float, limit: int) -> list[Listing]: ...

    def save_preset(self, preset: Preset) -> None: ...

    def preset(self, preset_id: str) -> Preset | None: ...

    def close(self) -> None: ...


def engine_url(url: str) -> str:
    """SQLAlchemy's URL for ``url``: ``postgresql://`` goes through psycopg 3."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class SqlStore:
    """:class:`Store` on SQLAlchemy (SQLite or PostgreSQL)."""

    def __init__(self, url: str, *, migrate: bool = True):
        self.url = engine_url(url)
        parsed = make_url(self.url)
        args: dict[str, Any] = {}
        if parsed.get_backend_name() == "sqlite":
            database = parsed.database or ""
            if database and database != ":memory:":
                Path(database).parent.mkdir(parents=True, exist_ok=True)
            args["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine: Engine = create_engine(self.url, **args)
        if parsed.get_backend_name() == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        if migrate:
            self.migrate()

    def migrate(self) -> None:
        """Bring the schema up to date (Alembic's ``upgrade head``)."""
        from .migrations import upgrade

        with self.engine.begin() as conn:
            upgrade(conn)

    def close(self) -> None:
        self.engine.dispose()

    # -- tables ------------------------------------------------------------------

    def create_table(self, spec: TableSpec, first_hand: HandRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(S.tables).values(
                    id=spec.id,
                    variant=spec.variant,
                    options=json.dumps(spec.options),
                    bot_delay_ms=spec.bot_delay_ms,
                    grace_seconds=spec.grace_seconds,
                    invite_hash=spec.invite_hash,
                    created_at=spec.created_at,
                    updated_at=spec.created_at,
                    over=False,
                    clock_used_ms=0,
                    clock_started=False,
                    open_invite=spec.open_invite,
                )
            )
            conn.execute(
                insert(S.seats),
                [
                    {
                        "table_id": spec.id,
                        "seat": k,
                        "kind": s.kind,
                        "level": s.level,
                        "token_hash": s.token_hash,
                        "claimed": s.claimed,
                        "name": s.name,
                    }
                    for k, s in enumerate(spec.seats)
                ],
            )
            _insert_hand(conn, spec.id, first_hand)

    def append(
        self,
        table_id: str,
        action: ActionRow,
        next_hand: HandRow | None,
        over: bool,
        clock_used_ms: int | None = None,
    ) -> None:
        self.append_all([Append(table_id, action, next_hand, over, clock_used_ms)])

    def append_all(self, appends: Sequence[Append]) -> None:
        """Several tables' actions in one transaction (all kept, or none)."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(S.actions),
                [
                    {
                        "table_id": a.table_id,
                        "seq": a.action.seq,
                        "hand": a.action.hand,
                        "seat": a.action.seat,
                        "text": a.action.text,
                    }
                    for a in appends
                ],
            )
            for a in appends:
                if a.next_hand is not None:
                    _insert_hand(conn, a.table_id, a.next_hand)
                values: dict[str, Any] = {"updated_at": now}
                if a.over:
                    values["over"] = True
                if a.clock_used_ms is not None:
                    values["clock_used_ms"] = a.clock_used_ms
                conn.execute(update(S.tables).where(S.tables.c.id == a.table_id).values(**values))

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> None:
        """Give a person's seat to whoever came by the invite link, with a new token."""
        with self.engine.begin() as conn:
            conn.execute(
                update(S.seats)
                .where(S.seats.c.table_id == table_id, S.seats.c.seat == seat)
                .values(claimed=True, token_hash=token_hash)
            )

    def name_seat(self, table_id: str, seat: int, name: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(S.seats)
                .where(S.seats.c.table_id == table_id, S.seats.c.seat == seat)
                .values(name=name)
            )

    def add_chat(self, table_id: str, line: ChatLine) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(S.chat).values(
                    table_id=table_id, seq=line.seq, seat=line.seat, text=line.text, at=line.at
                )
            )

    def start_clock(self, table_id: str) -> None:
        """A timed game's clock has started (every person has sat down)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(S.tables).where(S.tables.c.id == table_id).values(clock_started=True)
            )

    def load(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(S.tables).where(S.tables.c.id == table_id)).first()
            if row is None:
                return None
            seats = conn.execute(
                select(S.seats).where(S.seats.c.table_id == table_id).order_by(S.seats.c.seat)
            ).all()
            hands = conn.execute(
                select(S.hands).where(S.hands.c.table_id == table_id).order_by(S.hands.c.hand)
            ).all()
            actions = conn.execute(
                select(S.actions).where(S.actions.c.table_id == table_id).order_by(S.actions.c.seq)
            ).all()
            chat = conn.execute(
                select(S.chat)
                .where(S.chat.c.table_id == table_id)
                .order_by(S.chat.c.seq.desc())
                .limit(CHAT_KEPT)
            ).all()
            chat_count = conn.execute(
                select(func.count()).select_from(S.chat).where(S.chat.c.table_id == table_id)
            ).scalar_one()
        spec = TableSpec(
            id=row.id,
            variant=row.variant,
            options=json.loads(row.options),
            seats=tuple(
                SeatSpec(s.kind, s.level, s.token_hash, bool(s.claimed), s.name) for s in seats
            ),
            bot_delay_ms=row.bot_delay_ms,
            grace_seconds=row.grace_seconds,
            invite_hash=row.invite_hash,
            created_at=row.created_at,
            open_invite=row.open_invite,
        )
        return StoredTable(
            spec=spec,
            hands=tuple(
                HandRow(h.hand, h.dealer, tuple(json.loads(h.deck_order)), h.salt, h.commitment)
                for h in hands
            ),
            actions=tuple(ActionRow(a.seq, a.hand, a.seat, a.text) for a in actions),
            over=bool(row.over),
            clock_used_ms=row.clock_used_ms,
            clock_started=bool(row.clock_started),
            chat=tuple(ChatLine(c.seq, c.seat, c.text, c.at) for c in reversed(chat)),
            chat_count=chat_count,
        )

    def open_tables(self, active_since: float = 0.0, limit: int | None = None) -> list[str]:
        """The unfinished tables that moved at ``active_since`` or later, the most
        recently moved first (at most ``limit``)."""
        query = (
            select(S.tables.c.id)
            .where(S.tables.c.over.is_(False), S.tables.c.updated_at >= active_since)
            .order_by(S.tables.c.updated_at.desc(), S.tables.c.id)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [r.id for r in rows]

    def listed_tables(self, active_since: float, limit: int) -> list[Listing]:
        """The listed, unfinished tables that moved at ``active_since`` or later
        and still have a person's seat free, the newest first (at most ``limit``)."""
        free = func.sum(
            case((and_(S.seats.c.kind == "human", S.seats.c.claimed.is_(False)), 1), else_=0)
        )
        query = (
            select(
                S.tables.c.id,
                S.tables.c.variant,
                S.tables.c.options,
                S.tables.c.open_invite,
                S.tables.c.created_at,
                func.count().label("seats"),
                free.label("free"),
            )
            .join(S.seats, S.seats.c.table_id == S.tables.c.id)
            .where(
                S.tables.c.over.is_(False),
                S.tables.c.open_invite != "",
                S.tables.c.updated_at >= active_since,
            )
            .group_by(S.tables.c.id)
            .having(free > 0)
            .order_by(S.tables.c.created_at.desc(), S.tables.c.id)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            Listing(
                r.id,
                r.variant,
                json.loads(r.options),
                r.seats,
                int(r.free),
                r.open_invite,
                r.created_at,
            )
            for r in rows
        ]

    # -- presets -----------------------------------------------------------------

    def save_preset(self, preset: Preset) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(S.presets).values(
                    id=preset.id,
                    name=preset.name,
                    variant=preset.variant,
                    options=json.dumps(preset.options),
                    created_at=time.time(),
                )
            )

    def preset(self, preset_id: str) -> Preset | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(S.presets).where(S.presets.c.id == preset_id)).first()
        if row is None:
            return None
        return Preset(row.id, row.name, row.variant, json.loads(row.options))


def _insert_hand(conn: Connection, table_id: str, hand: HandRow) -> None:
    conn.execute(
        insert(S.hands).values(
            table_id=table_id,
            hand=hand.index,
            dealer=hand.dealer,
            deck_order=json.dumps(list(hand.order)),
            salt=hand.salt,
            commitment=hand.commitment,
        )
    )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL keeps readers off the writer's back. With WAL, ``synchronous=NORMAL``
    makes a commit survive the server process dying at any moment (``kill -9``: the
    commit is in the operating system's hands when it returns); only a crash of the
    machine itself may lose the last commits. ``FULL`` would also fsync every
    commit, about 6 ms each here, which caps a server at some 160 actions a second."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
