"""The club nights' database tables (SQLAlchemy Core, on the schema's metadata):
created by migration 0005; see :mod:`.club_store` for what each row means."""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Integer, String, Table, Text

from .schema import metadata

nights = Table(
    "fs_club_nights",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("spec", Text, nullable=False),
    Column("admin_hash", String(64), nullable=False),
    Column("score_hash", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
)

rounds = Table(
    "fs_club_rounds",
    metadata,
    Column("night_id", String(32), ForeignKey("fs_club_nights.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("chart", Text, nullable=False),
    Column("online", Text, nullable=False),
    Column("started_at", Float, nullable=False),
    Column("ended_at", Float, nullable=True),
    Column("bell", Text, nullable=True),
)

entries = Table(
    "fs_club_entries",
    metadata,
    Column("night_id", String(32), ForeignKey("fs_club_nights.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("round", Integer, nullable=False),
    Column("table_no", Integer, nullable=False),
    Column("entered_by", String(16), nullable=False),
    Column("points", String(40), nullable=False),
    Column("at", Float, nullable=False),
)

results = Table(
    "fs_club_results",
    metadata,
    Column("night_id", String(32), ForeignKey("fs_club_nights.id"), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("table_no", Integer, primary_key=True),
    Column("seats", Text, nullable=False),
    Column("hands", Text, nullable=False),
    Column("raw", Text, nullable=False),
)
