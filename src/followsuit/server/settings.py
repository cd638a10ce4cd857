"""The server's settings: command-line flags over ``FOLLOWSUIT_*`` environment
variables over defaults (SQLite in the user's data folder, ``127.0.0.1:8000``)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_data_dir

ENV_PREFIX = "FOLLOWSUIT_"


def default_database_url() -> str:
    """A SQLite file in the user's data folder (the folder is made when needed)."""
    folder = Path(user_data_dir("followsuit", appauthor=False))
    return f"sqlite:///{folder / 'followsuit.db'}"


@dataclass(frozen=True)
class ServerSettings:
    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = ""
    """Empty: :func:`default_database_url`."""
    public_url: str = ""
    """The address invite links use (empty: the address the request came to)."""

    @classmethod
    def from_env(
        cls,
        env: Mapping[str, str] | None = None,
        *,
        host: str | None = None,
        port: int | None = None,
        database_url: str | None = None,
        public_url: str | None = None,
    ) -> ServerSettings:
        """Settings from ``FOLLOWSUIT_HOST``, ``_PORT``, ``_DATABASE_URL`` and
        ``_PUBLIC_URL``; a value given here (a command-line flag) wins."""
        env = os.environ if env is None else env

        def pick(given: str | None, name: str, default: str) -> str:
            return given or env.get(ENV_PREFIX + name) or default

        port_text = env.get(ENV_PREFIX + "PORT")
        return cls(
            host=pick(host, "HOST", "127.0.0.1"),
            port=port if port is not None else int(port_text) if port_text else 8000,
            database_url=pick(database_url, "DATABASE_URL", "") or default_database_url(),
            public_url=pick(public_url, "PUBLIC_URL", ""),
        )
