"""The first schema: tables, their seats, hands (committed shuffles) and actions,
and house-rule presets.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fs_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("variant", sa.String(64), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("bot_delay_ms", sa.Integer, nullable=False),
        sa.Column("grace_seconds", sa.Integer, nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("clock_used_ms", sa.Integer, nullable=False),
    )
    op.create_index("fs_tables_open", "fs_tables", ["over"])
    op.create_table(
        "fs_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("fs_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(32), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("claimed", sa.Boolean, nullable=False),
    )
    op.create_table(
        "fs_hands",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("fs_tables.id"), primary_key=True),
        sa.Column("hand", sa.Integer, primary_key=True),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("deck_order", sa.Text, nullable=False),
        sa.Column("salt", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
    )
    op.create_table(
        "fs_actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("fs_tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("text", sa.String(200), nullable=False),
    )
    op.create_table(
        "fs_presets",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("variant", sa.String(64), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("fs_presets", "fs_actions", "fs_hands", "fs_seats"):
        op.drop_table(name)
    op.drop_index("fs_tables_open", "fs_tables")
    op.drop_table("fs_tables")
