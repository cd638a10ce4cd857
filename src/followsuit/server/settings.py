"""The server's settings: command-line flags over ``FOLLOWSUIT_*`` environment
variables over defaults (SQLite in the user's data folder, ``127.0.0.1:8000``).

Each setting is declared once, as a field of :class:`ServerSettings` whose
``metadata["help"]`` is the text ``followsuit serve --help`` shows; its variable is
``FOLLOWSUIT_`` and the field's name in capitals. The defaults are safe for a server
on the open internet: a few tables per address per minute, bots that think in a
bounded pool and move no faster than one every 200 ms at a table with nobody at it,
idle tables put away.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from platformdirs import user_data_dir

ENV_PREFIX = "FOLLOWSUIT_"


def default_database_url() -> str:
    """A SQLite file in the user's data folder (the folder is made when needed)."""
    folder = Path(user_data_dir("followsuit", appauthor=False))
    return f"sqlite:///{folder / 'followsuit.db'}"


class SettingError(ValueError):
    """A setting that cannot be used (one line, naming the setting)."""


@dataclass(frozen=True)
class ServerSettings:
    host: str = field(default="127.0.0.1", metadata={"help": "Address to listen on."})
    port: int = field(default=8000, metadata={"help": "Port to listen on."})
    database_url: str = field(
        default="",
        metadata={
            "help": "sqlite:///PATH or postgresql://… (default: SQLite in your data folder)."
        },
    )
    public_url: str = field(
        default="",
        metadata={
            "help": "The address people reach the site at (https://cards.example.org): "
            "invite links are built from it and it is the server's own origin. "
            "Empty: links are relative, and the address a request came to is the origin."
        },
    )
    allowed_origins: tuple[str, ...] = field(
        default=(),
        metadata={
            "help": "Other origins whose pages may call the API and open WebSockets "
            "(comma-separated)."
        },
    )
    redis_url: str = field(
        default="",
        metadata={
            "help": "redis://HOST:PORT/DB: share the tables with other followsuit serve "
            "processes on the same PostgreSQL database (owners and fan-out in Redis)."
        },
    )
    tables_per_minute: int = field(
        default=10, metadata={"help": "Tables one client address may create per minute."}
    )
    max_tables: int = field(
        default=2000,
        metadata={"help": "Tables this process keeps loaded at once (idle ones are put away)."},
    )
    idle_seconds: int = field(
        default=600,
        metadata={
            "help": "A table with nobody connected and no bot to move is put away after "
            "this long, and loaded again when someone comes."
        },
    )
    bot_workers: int = field(
        default=1,
        metadata={
            "help": "Processes the bots think in (0: a thread of the server process). "
            "Bots beyond them wait their turn."
        },
    )
    min_bot_delay_ms: int = field(
        default=200,
        metadata={
            "help": "The shortest pause before a bot's move at a table where no person is "
            "connected (0 for a test or a private server)."
        },
    )
    sockets_per_address: int = field(
        default=64, metadata={"help": "WebSockets one client address may hold open at once."}
    )
    think_ms: int = field(
        default=0,
        metadata={
            "help": "A time budget per bot decision, in ms (never fewer than 16 worlds); "
            "0: the search levels search their fixed number of worlds."
        },
    )

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "int" and (not isinstance(value, int) or value < 0):
                raise SettingError(f"{f.name} must be a whole number of 0 or more")
        if self.port > 65535:
            raise SettingError("port must be at most 65535")
        for origin in (self.public_url, *self.allowed_origins):
            if origin and origin_of(origin) is None:
                raise SettingError(
                    f"{origin[:80]!r} is not an address like https://cards.example.org"
                )

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **given: Any) -> ServerSettings:
        """Settings from the ``FOLLOWSUIT_*`` variables; a value given here (a
        command-line flag) wins, and None means "not given". A bad value is one
        :class:`SettingError` naming it."""
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        for f in fields(cls):
            if given.get(f.name) is not None:
                values[f.name] = given[f.name]
                continue
            text = env.get(ENV_PREFIX + f.name.upper())
            if not text:
                continue
            if f.type == "int":
                if not text.strip().isdigit():
                    raise SettingError(f"{ENV_PREFIX}{f.name.upper()} must be a whole number")
                values[f.name] = int(text)
            elif f.name == "allowed_origins":
                values[f.name] = split_origins(text)
            else:
                values[f.name] = text
        unknown = set(given) - {f.name for f in fields(cls)}
        if unknown:
            raise TypeError(f"unknown settings: {', '.join(sorted(unknown))}")
        settings = cls(**values)
        if not settings.database_url:
            settings = cls(**{**values, "database_url": default_database_url()})
        return settings


def help_of(name: str) -> str:
    """The help text of a setting (for the command line's flags)."""
    for f in fields(ServerSettings):
        if f.name == name:
            text: str = f.metadata["help"]
            return f"{text} [{ENV_PREFIX}{name.upper()}]"
    raise KeyError(name)


def split_origins(text: str) -> tuple[str, ...]:
    return tuple(part.strip().rstrip("/") for part in text.split(",") if part.strip())


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of an address (None when it is not an http(s) one)."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return f"{parts.scheme}://{parts.netloc.lower()}"
