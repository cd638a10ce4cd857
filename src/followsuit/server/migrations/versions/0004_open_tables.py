"""A table can be listed in the lobby for anyone to join: it keeps its invite code
in the clear (listing it makes it public), where an unlisted table keeps only the
code's hash.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN with a constant default (see 0003: no batch rebuild of fs_tables)
    op.add_column(
        "fs_tables", sa.Column("open_invite", sa.String(32), nullable=False, server_default="")
    )


def downgrade() -> None:
    with op.batch_alter_table("fs_tables") as batch:
        batch.drop_column("open_invite")
