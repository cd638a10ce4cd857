"""Helpers shared by the server's tests: database URLs (SQLite always, PostgreSQL
when FOLLOWSUIT_TEST_POSTGRES_URL is set, each test in a schema of its own) and a
driver that plays random legal actions through a LiveGame and a store."""

from __future__ import annotations

import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient

import followsuit
from followsuit.bots import make_bot
from followsuit.server.app import create_app
from followsuit.server.livegame import LiveGame
from followsuit.server.settings import ServerSettings
from followsuit.server.store import SqlStore, Store

POSTGRES_ENV = "FOLLOWSUIT_TEST_POSTGRES_URL"

BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get(POSTGRES_ENV) else [])
"""The databases the store's tests run on: PostgreSQL too where CI provides it."""


def postgres_schema_url(base: str) -> Iterator[str]:
    """A URL whose connections use a fresh schema, dropped afterwards."""
    import psycopg

    schema = "fs_test_" + secrets.token_hex(6)
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in base else "?"
    try:
        yield f"{base}{joiner}options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'followsuit.db'}"
    else:
        yield from postgres_schema_url(os.environ[POSTGRES_ENV])


@pytest.fixture
def store(database_url: str) -> Iterator[SqlStore]:
    s = SqlStore(database_url)
    try:
        yield s
    finally:
        s.close()


def play_bots(game: LiveGame, store: Store, table_id: str, rng: random.Random, limit: int) -> int:
    """Up to ``limit`` actions of the rule-based bot (a random legal action one time
    in five), each stored as the actor stores it."""
    bot = make_bot("rules")
    done = 0
    while done < limit and not game.state.over:
        state = game.state
        seat = state.current_player
        assert seat is not None
        if rng.random() < 0.2:
            action = rng.choice(state.legal_actions())
        else:
            action = bot.choose(state.observation(seat))
        accepted = game.prepare(seat, state.action_to_string(action))
        store.append(table_id, accepted.row, accepted.next_hand, accepted.state.over)
        game.commit(accepted)
        done += 1
    return done


def rules(variant: str, **options: object) -> followsuit.Rules:
    return followsuit.load_rules(variant, options)


def wait_for(predicate: Callable[[], bool], timeout: float = 20.0, every: float = 0.02) -> None:
    """Poll until ``predicate()`` holds (AssertionError after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(every)


def settings_for_tests(database_url: str, **changes: Any) -> ServerSettings:
    """Settings for a test's app: bots think in a thread of the test's process and
    move as fast as the table says (no floor), no limit on tables per minute."""
    values: dict[str, Any] = {
        "database_url": database_url,
        "bot_workers": 0,
        "min_bot_delay_ms": 0,
        "tables_per_minute": 10_000,
        **changes,
    }
    return ServerSettings(**values)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app on a fresh SQLite file, through Starlette's test client."""
    with TestClient(create_app(settings_for_tests(f"sqlite:///{tmp_path / 'web.db'}"))) as c:
        yield c


def finish(client: TestClient, table_id: str, timeout: float = 30.0) -> dict[str, Any]:
    """Wait for a table of bots to finish; its public view."""
    view: dict[str, Any] = {}

    def over() -> bool:
        nonlocal view
        view = client.get(f"/api/tables/{table_id}").json()
        return bool(view["over"])

    wait_for(over, timeout)
    return view


def protocols(token: str | None = None) -> list[str]:
    """The WebSocket subprotocols a page offers: ``followsuit``, and its seat token
    as ``token.TOKEN`` (a spectator offers no token)."""
    return ["followsuit"] + ([f"token.{token}"] if token else [])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(
    database: str,
    port: int,
    *flags: str,
    log: Path | None = None,
) -> Iterator[subprocess.Popen[bytes]]:
    """``followsuit serve`` in a process of its own, up once /healthz answers; bots
    move as fast as their tables say unless ``flags`` say otherwise, and the server's
    output goes to ``log`` if given."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FOLLOWSUIT_")}
    env["PYTHONFAULTHANDLER"] = "1"  # a server that will not stop shows where it is
    command = [sys.executable, "-m", "followsuit", "serve", "--port", str(port)]
    command += ["--database", database, "--min-bot-delay-ms", "0", "--tables-per-minute", "1000"]
    out = open(log, "ab") if log is not None else subprocess.DEVNULL  # noqa: SIM115
    proc = subprocess.Popen([*command, *flags], env=env, stdout=out, stderr=subprocess.STDOUT)
    try:

        def up() -> bool:
            try:
                return httpx2.get(f"http://127.0.0.1:{port}/healthz").status_code == 200
            except httpx2.HTTPError:
                assert proc.poll() is None, "the server exited"
                return False

        wait_for(up, timeout=30, every=0.1)
        yield proc
    finally:
        try:
            if proc.poll() is None:
                proc.terminate()
                stop(proc, log)
        finally:
            if log is not None:
                out.close()  # type: ignore[union-attr]


def stop(proc: subprocess.Popen[bytes], log: Path | None, timeout: float = 10) -> None:
    """Wait for a server asked to stop; one that does not within ``timeout`` is
    aborted (its threads' stacks go to its log) and the test fails with them."""
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGABRT)
        proc.wait(10)
        tail = log.read_text()[-6000:] if log is not None else ""
        raise AssertionError(f"the server did not stop within {timeout} s:\n{tail}") from None


def kill9(proc: subprocess.Popen[bytes]) -> None:
    """Kill a server as a power cut would its process: no clean-up of any kind."""
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
