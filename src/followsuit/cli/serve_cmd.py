"""``followsuit serve``: run the web table (needs the ``web`` extra).

The server is imported only when the command runs, so the rest of the command line
works without the web packages installed.
"""

from __future__ import annotations

import logging
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    app.command()(serve)


def serve(
    host: Annotated[
        str | None, typer.Option(help="Address to listen on (FOLLOWSUIT_HOST; 127.0.0.1).")
    ] = None,
    port: Annotated[
        int | None, typer.Option(help="Port to listen on (FOLLOWSUIT_PORT; 8000).")
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(
            help="sqlite:///PATH or postgresql://… (FOLLOWSUIT_DATABASE_URL; "
            "default: SQLite in your data folder)."
        ),
    ] = None,
) -> None:
    """Serve the web table: play with friends and bots in a browser."""
    try:
        import uvicorn

        from ..server.app import create_app
        from ..server.settings import ServerSettings
    except ImportError as exc:
        typer.echo(f"followsuit serve needs the web extra: pip install 'followsuit[web]' ({exc})")
        raise typer.Exit(2) from None
    settings = ServerSettings.from_env(host=host, port=port, database_url=database)
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)s:     %(name)s: %(message)s"))
    server_log = logging.getLogger("followsuit.server")
    server_log.addHandler(handler)
    server_log.setLevel(logging.INFO)
    typer.echo(
        f"followsuit: http://{settings.host}:{settings.port}/  (database {settings.database_url})"
    )
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        ws_max_size=64 * 1024,
        # a table's messages are a few kilobytes; compressing each costs more CPU
        # than it saves on the wire
        ws_per_message_deflate=False,
        log_level="info",
    )
