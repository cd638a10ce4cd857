"""Seats get the name their player chose (empty: the page says "seat k").

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("fs_seats") as batch:  # SQLite rebuilds the table
        batch.add_column(sa.Column("name", sa.String(40), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("fs_seats") as batch:
        batch.drop_column("name")
