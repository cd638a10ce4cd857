"""``followsuit serve``'s settings: flags over FOLLOWSUIT_* variables over defaults."""

from __future__ import annotations

import subprocess
import sys

import pytest

import followsuit
from followsuit.server.botpool import Decision, decide
from followsuit.server.livegame import LiveGame
from followsuit.server.settings import ServerSettings, SettingError, default_database_url
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


def test_every_limit_is_a_setting_with_its_variable() -> None:
    env = {
        "FOLLOWSUIT_TABLES_PER_MINUTE": "3",
        "FOLLOWSUIT_MAX_TABLES": "50",
        "FOLLOWSUIT_IDLE_SECONDS": "30",
        "FOLLOWSUIT_BOT_WORKERS": "0",
        "FOLLOWSUIT_MIN_BOT_DELAY_MS": "0",
        "FOLLOWSUIT_SOCKETS_PER_ADDRESS": "8",
        "FOLLOWSUIT_THINK_MS": "300",
        "FOLLOWSUIT_ALLOWED_ORIGINS": "https://a.example, https://b.example/",
        "FOLLOWSUIT_PUBLIC_URL": "https://cards.example.org",
        "FOLLOWSUIT_REDIS_URL": "redis://127.0.0.1:6379/0",
    }
    s = ServerSettings.from_env(env)
    assert (s.tables_per_minute, s.max_tables, s.idle_seconds) == (3, 50, 30)
    assert (s.bot_workers, s.min_bot_delay_ms, s.sockets_per_address) == (0, 0, 8)
    assert s.think_ms == 300 and s.redis_url.startswith("redis://")
    assert s.allowed_origins == ("https://a.example", "https://b.example")
    assert ServerSettings.from_env(env, think_ms=50).think_ms == 50  # a flag wins
    defaults = ServerSettings.from_env({})
    assert (defaults.tables_per_minute, defaults.min_bot_delay_ms, defaults.think_ms) == (
        10,
        200,
        0,
    )


def test_a_bad_setting_is_one_line_naming_it() -> None:
    with pytest.raises(SettingError, match="FOLLOWSUIT_MAX_TABLES must be a whole number"):
        ServerSettings.from_env({"FOLLOWSUIT_MAX_TABLES": "lots"})
    with pytest.raises(SettingError, match="is not an address like"):
        ServerSettings.from_env({}, public_url="cards.example.org")
    with pytest.raises(SettingError, match="port must be at most"):
        ServerSettings(port=70000)
    done = subprocess.run(
        [sys.executable, "-m", "followsuit", "serve", "--public-url", "nonsense"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout.strip().splitlines() == [
        "followsuit serve: 'nonsense' is not an address like https://cards.example.org"
    ]
    assert "Traceback" not in done.stderr


def test_the_servers_bots_take_its_time_budget() -> None:
    """--think-ms reaches the bots: a medium bot on a budget of 1 ms still moves,
    searching its 16 worlds at least."""
    rules = followsuit.load_rules("euchre/american")
    first = LiveGame.first_hand(rules)
    game = LiveGame(rules, [first], [])
    seat = game.state.current_player
    assert seat is not None
    decision = Decision("t", rules.id, {}, (first,), (), seat, "medium", 1, think_ms=1)
    move = decide(decision)
    assert move.n == 0 and move.text in {
        game.state.action_to_string(a) for a in game.state.legal_actions()
    }
