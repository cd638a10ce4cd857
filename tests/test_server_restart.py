"""A real server process killed with ``kill -9`` mid-game and started again: no
accepted action is lost, and every table resumes where it was, bots included."""

from __future__ import annotations

import json
import time
from contextlib import ExitStack
from typing import Any

import httpx2
from websockets.sync.client import connect

from followsuit import record as R

from .server_support import (  # noqa: F401
    database_url,
    free_port,
    kill9,
    protocols,
    server,
    wait_for,
)


def get(port: int, path: str) -> Any:
    return httpx2.get(f"http://127.0.0.1:{port}{path}").json()


def test_a_killed_server_resumes_every_table_bots_included(database_url: str) -> None:
    database = database_url
    port = free_port()
    with server(database, port) as proc:
        base = f"http://127.0.0.1:{port}"
        body = {
            "variant": "euchre/american",
            "options": {"target_score": 5},
            "seats": ["bot:rules"] * 4,
            "bot_delay_ms": 5,
        }
        bots = httpx2.post(f"{base}/api/tables", json=body).json()["id"]
        people = httpx2.post(
            f"{base}/api/tables",
            json={"variant": "pitch/cutthroat-3p", "seats": ["human"] * 3, "bot_delay_ms": 0},
        ).json()
        wait_for(lambda: get(port, f"/api/tables/{bots}")["n"] >= 25)
        # people: five actions, each acknowledged by its numbered event
        acked = play_acknowledged(port, people, 5)
        seen_before = get(port, f"/api/tables/{bots}")["n"]
        hands_before = get(port, f"/api/tables/{bots}/record")["hands"]
        kill9(proc)
    assert acked == 5
    with server(database, port):
        view = get(port, f"/api/tables/{people['id']}")
        assert view["n"] == 5 and not view["over"]
        resumed = get(port, f"/api/tables/{bots}")
        assert resumed["n"] >= seen_before
        wait_for(lambda: get(port, f"/api/tables/{bots}")["over"], timeout=60)
        rec = get(port, f"/api/tables/{bots}/record")
        assert rec["hands"][: len(hands_before)] == hands_before
        final = R.replay(rec)
        assert final.over and list(final.scores) == get(port, f"/api/tables/{bots}")["scores"]
        # the people's table goes on from where it was
        assert play_acknowledged(port, people, 3, first=5) == 8


def play_acknowledged(port: int, created: dict[str, Any], count: int, first: int = 0) -> int:
    """Play ``count`` first legal actions, each seat through its own socket; the
    state number of the last event received."""
    table_id = created["id"]
    with ExitStack() as stack:
        sockets = {
            s["seat"]: stack.enter_context(
                connect(
                    f"ws://127.0.0.1:{port}/ws/tables/{table_id}",
                    subprotocols=protocols(s["token"]),  # type: ignore[arg-type]
                )
            )
            for s in created["seats"]
        }
        views = {}
        for seat, ws in sockets.items():
            hello = next_of(ws, "hello")
            assert hello["n"] == first
            views[seat] = hello["view"]
        n = first
        for _ in range(count):
            seat = next(s for s, v in views.items() if v["legal"])
            action = views[seat]["legal"][0]["text"]
            sockets[seat].send(json.dumps({"type": "act", "action": action, "n": n}))
            n += 1
            for s, ws in sockets.items():
                views[s] = next_of(ws, "update", n)["view"]
        return n


def next_of(ws: Any, kind: str, n: int | None = None) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if message["type"] == kind and (n is None or message["n"] == n):
            return message
    raise AssertionError(f"no {kind} message")
