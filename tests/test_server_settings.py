"""``followsuit serve``'s settings: flags over FOLLOWSUIT_* variables over defaults."""

from __future__ import annotations

from followsuit.server.settings import ServerSettings, default_database_url
from followsuit.server.store import engine_url


def test_defaults_are_local_and_sqlite_in_the_data_folder() -> None:
    s = ServerSettings.from_env({})
    assert (s.host, s.port) == ("127.0.0.1", 8000)
    assert s.database_url == default_database_url()
    assert s.database_url.startswith("sqlite:///") and "followsuit" in s.database_url


def test_environment_then_flags() -> None:
    env = {
        "FOLLOWSUIT_HOST": "0.0.0.0",
        "FOLLOWSUIT_PORT": "9000",
        "FOLLOWSUIT_DATABASE_URL": "postgresql://u@db/fs",
    }
    s = ServerSettings.from_env(env)
    assert (s.host, s.port, s.database_url) == ("0.0.0.0", 9000, "postgresql://u@db/fs")
    s = ServerSettings.from_env(env, port=8001, database_url="sqlite:///x.db")
    assert (s.host, s.port, s.database_url) == ("0.0.0.0", 8001, "sqlite:///x.db")


def test_postgresql_urls_go_through_psycopg() -> None:
    assert engine_url("postgresql://root@127.0.0.1/test") == (
        "postgresql+psycopg://root@127.0.0.1/test"
    )
    assert engine_url("postgres://h/d") == "postgresql+psycopg://h/d"
    assert engine_url("sqlite:///a.db") == "sqlite:///a.db"
