"""``followsuit serve``: run the web table (needs the ``web`` extra).

The server is imported only when the command runs, so the rest of the command line
works without the web packages installed. Each flag's text is its setting's own
(:mod:`followsuit.server.settings`), so it is written once.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

MAX_FRAME_BYTES = 2 * 1024 * 1024
"""The largest WebSocket frame the server reads. A message is at most 4096
characters, and anything longer (up to this) is answered ``too_large`` with the
connection kept; a frame beyond it closes the connection (1009)."""


def _help(name: str) -> str:
    try:
        from ..server.settings import help_of
    except ImportError:  # no web extra: the command says so when it runs
        return ""
    return help_of(name)


def register(app: typer.Typer) -> None:
    app.command()(serve)


def serve(
    host: Annotated[str | None, typer.Option(help=_help("host"))] = None,
    port: Annotated[int | None, typer.Option(help=_help("port"))] = None,
    database: Annotated[str | None, typer.Option(help=_help("database_url"))] = None,
    public_url: Annotated[str | None, typer.Option(help=_help("public_url"))] = None,
    allowed_origin: Annotated[
        list[str] | None, typer.Option(help=_help("allowed_origins") + " (repeatable)")
    ] = None,
    redis: Annotated[str | None, typer.Option(help=_help("redis_url"))] = None,
    tables_per_minute: Annotated[int | None, typer.Option(help=_help("tables_per_minute"))] = None,
    max_tables: Annotated[int | None, typer.Option(help=_help("max_tables"))] = None,
    idle_seconds: Annotated[int | None, typer.Option(help=_help("idle_seconds"))] = None,
    bot_workers: Annotated[int | None, typer.Option(help=_help("bot_workers"))] = None,
    min_bot_delay_ms: Annotated[int | None, typer.Option(help=_help("min_bot_delay_ms"))] = None,
    sockets_per_address: Annotated[
        int | None, typer.Option(help=_help("sockets_per_address"))
    ] = None,
    think_ms: Annotated[int | None, typer.Option(help=_help("think_ms"))] = None,
    log_level: Annotated[
        str,
        typer.Option(
            help="debug, info, warning or error (access lines are info). uvicorn's own "
            "lines stay at info or above: at debug they print each handshake's headers, "
            "seat tokens included."
        ),
    ] = "info",
) -> None:
    """Serve the web table: play with friends and bots in a browser."""
    try:
        import uvicorn
        from sqlalchemy.engine import make_url

        from ..server.app import create_app
        from ..server.collector import Collector
        from ..server.logs import configure
        from ..server.settings import ServerSettings, SettingError
    except ImportError as exc:
        typer.echo(f"followsuit serve needs the web extra: pip install 'followsuit[web]' ({exc})")
        raise typer.Exit(2) from None
    level = log_level.strip().upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        typer.echo(f"--log-level: {log_level[:20]!r} is not debug, info, warning or error")
        raise typer.Exit(2)
    given: dict[str, Any] = {
        "host": host,
        "port": port,
        "database_url": database,
        "public_url": public_url,
        "allowed_origins": tuple(allowed_origin) if allowed_origin else None,
        "redis_url": redis,
        "tables_per_minute": tables_per_minute,
        "max_tables": max_tables,
        "idle_seconds": idle_seconds,
        "bot_workers": bot_workers,
        "min_bot_delay_ms": min_bot_delay_ms,
        "sockets_per_address": sockets_per_address,
        "think_ms": think_ms,
    }
    try:
        settings = ServerSettings.from_env(**given)
        shown = make_url(settings.database_url).render_as_string(hide_password=True)
    except (SettingError, ValueError) as exc:
        typer.echo(f"followsuit serve: {exc}")
        raise typer.Exit(2) from None
    configure(level)  # every line redacted: no seat token, no invite code
    # the database URL without its password: a log must never hold a secret
    typer.echo(f"followsuit: http://{settings.host}:{settings.port}/  (database {shown})")
    app = create_app(settings)
    # full collections walk only what came since the last (server/collector.py):
    # a million long-lived objects walked each time stopped every table for seconds
    Collector().start()
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        ws_max_size=MAX_FRAME_BYTES,
        # a table's messages are a few kilobytes; compressing each costs more CPU
        # than it saves on the wire
        ws_per_message_deflate=False,
        log_level="info" if level == "DEBUG" else level.lower(),
        log_config=None,  # the handler configure() set, which redacts every line
        # followsuit.access logs each request without its query string (an invite
        # link's code is in it); uvicorn's own access line would print it
        access_log=False,
        # a stop (SIGTERM) waits this long for pages to go, then hands the tables
        # over: an open page must not keep a stopping process alive
        timeout_graceful_shutdown=5,
    )
