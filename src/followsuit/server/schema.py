"""The database tables, as SQLAlchemy Core metadata (the queries' view of them).

The migrations in :mod:`followsuit.server.migrations` create and change these
tables; this module describes the newest schema for the queries of
:mod:`followsuit.server.store`.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

tables = Table(
    "fs_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("variant", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("bot_delay_ms", Integer, nullable=False),
    Column("grace_seconds", Integer, nullable=False),
    Column("invite_hash", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("over", Boolean, nullable=False),
    Column("clock_used_ms", Integer, nullable=False),
    Column("updated_at", Float, nullable=False, server_default="0"),
    Column("clock_started", Boolean, nullable=False, server_default="0"),
    Column("open_invite", String(32), nullable=False, server_default=""),
)
Index("fs_tables_open", tables.c.over)
Index("fs_tables_active", tables.c.over, tables.c.updated_at)

seats = Table(
    "fs_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("fs_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("level", String(32), nullable=False),
    Column("token_hash", String(64), nullable=False),
    Column("claimed", Boolean, nullable=False),
    Column("name", String(40), nullable=False, server_default=""),
)

hands = Table(
    "fs_hands",
    metadata,
    Column("table_id", String(32), ForeignKey("fs_tables.id"), primary_key=True),
    Column("hand", Integer, primary_key=True),
    Column("dealer", Integer, nullable=False),
    Column("deck_order", Text, nullable=False),
    Column("salt", String(64), nullable=False),
    Column("commitment", String(64), nullable=False),
)

actions = Table(
    "fs_actions",
    metadata,
    Column("table_id", String(32), ForeignKey("fs_tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("hand", Integer, nullable=False),
    Column("seat", Integer, nullable=True),
    Column("text", String(200), nullable=False),
)

chat = Table(
    "fs_chat",
    metadata,
    Column("table_id", String(32), ForeignKey("fs_tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("text", String(200), nullable=False),
    Column("at", Float, nullable=False),
)

presets = Table(
    "fs_presets",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("variant", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)
