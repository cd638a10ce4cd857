"""Alembic's environment: migrate the connection the caller opened (see
:func:`followsuit.server.migrations.upgrade`), or the URL in ``sqlalchemy.url``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from followsuit.server.schema import metadata

config = context.config


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite://")
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()


run()
