"""The schema's migrations (Alembic), run from code: :func:`upgrade` takes an open
connection, so the server, the tests and ``alembic`` itself share one history.

``alembic -c src/followsuit/server/migrations/alembic.ini revision -m "..."`` adds
a step; the server runs ``upgrade head`` when it opens a database.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection

HERE = Path(__file__).resolve().parent


def config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(connection: Connection, revision: str = "head") -> None:
    command.upgrade(config(connection), revision)


def downgrade(connection: Connection, revision: str) -> None:
    command.downgrade(config(connection), revision)
