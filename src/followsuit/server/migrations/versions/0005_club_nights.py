"""Club nights: a night's settings, its rounds as charted (with the online tables
made for them, and once the organiser has rung the bell, the hands each online
table counts), the phones' score entries for physical tables, and each table's
result once its round has ended (the standings are summed from these).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fs_club_nights",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("spec", sa.Text, nullable=False),
        sa.Column("admin_hash", sa.String(64), nullable=False),
        sa.Column("score_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "fs_club_rounds",
        sa.Column("night_id", sa.String(32), sa.ForeignKey("fs_club_nights.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("chart", sa.Text, nullable=False),
        sa.Column("online", sa.Text, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("ended_at", sa.Float, nullable=True),
        sa.Column("bell", sa.Text, nullable=True),
    )
    op.create_table(
        "fs_club_entries",
        sa.Column("night_id", sa.String(32), sa.ForeignKey("fs_club_nights.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("table_no", sa.Integer, nullable=False),
        sa.Column("entered_by", sa.String(16), nullable=False),
        sa.Column("points", sa.String(40), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "fs_club_results",
        sa.Column("night_id", sa.String(32), sa.ForeignKey("fs_club_nights.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("hands", sa.Text, nullable=False),
        sa.Column("raw", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("fs_club_results")
    op.drop_table("fs_club_entries")
    op.drop_table("fs_club_rounds")
    op.drop_table("fs_club_nights")
