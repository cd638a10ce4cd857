"""Chat is kept with its table; a table remembers when it last moved (so that a
restarted server loads the tables in play and leaves the idle ones until someone
comes) and whether its clock has started (a timed game's clock starts when every
person has sat down, not when the table is made).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fs_chat",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("fs_tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    # plain ALTER TABLE … ADD COLUMN (SQLite has it for a column with a constant
    # default): a batch rebuild would drop fs_tables under its seats' foreign keys
    op.add_column(
        "fs_tables", sa.Column("updated_at", sa.Float, nullable=False, server_default="0")
    )
    op.add_column(
        "fs_tables",
        sa.Column("clock_started", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.execute("UPDATE fs_tables SET updated_at = created_at")
    # a table that had moved had its clock running already
    op.execute(
        "UPDATE fs_tables SET clock_started = true "
        "WHERE id IN (SELECT DISTINCT table_id FROM fs_actions)"
    )
    op.create_index("fs_tables_active", "fs_tables", ["over", "updated_at"])


def downgrade() -> None:
    op.drop_index("fs_tables_active", "fs_tables")
    with op.batch_alter_table("fs_tables") as batch:
        batch.drop_column("clock_started")
        batch.drop_column("updated_at")
    op.drop_table("fs_chat")
