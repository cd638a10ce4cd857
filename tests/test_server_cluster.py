"""Three ``followsuit serve`` processes as one service: one PostgreSQL database (the
log) and Redis (owners and fan-out). Pages of one table sit on different
processes and each sees every event in order; a process killed with ``kill -9``
mid-game has its tables taken over by another within seconds (bots and all), its
pages come back through the others, and every record is complete and replays.
(PostgreSQL from FOLLOWSUIT_TEST_POSTGRES_URL, as in CI; SQLite otherwise, which
several processes can share too. Redis at FOLLOWSUIT_TEST_REDIS_URL or the
machine's own.)"""

from __future__ import annotations

import json
import os
import re
import signal
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx2
import pytest
import redis
from websockets.sync.client import ClientConnection, connect

from followsuit import record as R
from followsuit.server.cluster import namespace_of

from .server_support import (
    POSTGRES_ENV,
    free_port,
    postgres_schema_url,
    protocols,
    server,
    wait_for,
)

REDIS_URL = os.environ.get("FOLLOWSUIT_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture
def shared_database(tmp_path: Path) -> Iterator[str]:
    if os.environ.get(POSTGRES_ENV):
        yield from postgres_schema_url(os.environ[POSTGRES_ENV])
    else:
        yield f"sqlite:///{tmp_path / 'shared.db'}"


class Service:
    """N server processes on one database and one Redis."""

    def __init__(self, database: str, stack: ExitStack, count: int, tmp: Path):
        self.database = database
        self.redis = redis.Redis.from_url(REDIS_URL)
        self.ns = namespace_of(database)
        stack.callback(self._forget)  # first in, so last out: after the servers stop
        self.ports = [free_port() for _ in range(count)]
        self.procs = [
            stack.enter_context(
                server(database, port, "--redis", REDIS_URL, log=tmp / f"server{k}.log")
            )
            for k, port in enumerate(self.ports)
        ]

    def _forget(self) -> None:
        """Leave the shared Redis as it was: this service's keys go."""
        keys = list(self.redis.scan_iter(f"{self.ns}:*"))
        if keys:
            self.redis.delete(*keys)

    def base(self, k: int) -> str:
        return f"http://127.0.0.1:{self.ports[k]}"

    def get(self, k: int, path: str) -> Any:
        return httpx2.get(self.base(k) + path, timeout=20).json()

    def owner(self, table_id: str) -> int | None:
        """Which of the processes owns the table now (None: none)."""
        value = self.redis.get(f"{self.ns}:own:{table_id}")
        if value is None:
            return None
        pid = int(re.split(r"-", value.decode())[-2])
        return next((k for k, p in enumerate(self.procs) if p.pid == pid), None)

    def kill(self, k: int) -> None:
        os.kill(self.procs[k].pid, signal.SIGKILL)
        self.procs[k].wait(10)

    def socket(self, k: int, table_id: str, token: str | None, since: int | None = None) -> Any:
        query = "" if since is None else f"?since={since}"
        return connect(
            f"ws://127.0.0.1:{self.ports[k]}/ws/tables/{table_id}{query}",
            subprotocols=protocols(token),  # type: ignore[arg-type]
        )


def until(ws: ClientConnection, kind: str, n: int | None = None) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if message["type"] == kind and (n is None or message["n"] == n):
            return message
        assert message["type"] != "error" or message["code"] == "unavailable", message


def play_first_legal(
    sockets: dict[int, Any], views: dict[int, dict[str, Any]], n: int, count: int
) -> int:
    """``count`` actions, each the mover's first legal one, every page seeing each;
    the state number after them."""
    for _ in range(count):
        seat = next(s for s, v in views.items() if v["legal"])
        action = views[seat]["legal"][0]["text"]
        sockets[seat].send(json.dumps({"type": "act", "action": action, "n": n}))
        n += 1
        for s, ws in sockets.items():
            views[s] = until(ws, "update", n)["view"]
    return n


def test_one_table_played_from_three_processes(shared_database: str, tmp_path: Path) -> None:
    with ExitStack() as stack:
        service = Service(shared_database, stack, 3, tmp_path)
        made = httpx2.post(
            service.base(0) + "/api/tables",
            json={"variant": "euchre/american", "seats": ["human"] * 4, "bot_delay_ms": 0},
        ).json()
        table_id = made["id"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        assert service.owner(table_id) == 0
        # each seat's page on another process, a spectator on the third
        where = {0: 1, 1: 2, 2: 0, 3: 1}
        sockets = {
            seat: stack.enter_context(service.socket(k, table_id, tokens[seat]))
            for seat, k in where.items()
        }
        watcher = stack.enter_context(service.socket(2, table_id, None))
        views = {seat: until(ws, "hello")["view"] for seat, ws in sockets.items()}
        until(watcher, "hello")
        seen: dict[int | None, list[int]] = {a: [] for a in [*sockets, None]}
        for n in range(1, 31):
            seat = next(s for s, v in views.items() if v["legal"])
            action = views[seat]["legal"][0]["text"]
            sockets[seat].send(json.dumps({"type": "act", "action": action, "n": n - 1}))
            for s, ws in sockets.items():
                update = until(ws, "update", n)
                views[s] = update["view"]
                seen[s].append(update["n"])
            seen[None].append(until(watcher, "update", n)["n"])
        assert all(numbers == list(range(1, 31)) for numbers in seen.values())
        # every process answers for the table, and says the pages are there
        for k in range(3):
            view = service.get(k, f"/api/tables/{table_id}")
            assert view["n"] == 30 and all(s["connected"] for s in view["seats"])
        # a hint and a chat line asked through a process that does not own the table
        mover = next(s for s, v in views.items() if v["legal"])
        sockets[mover].send('{"type": "hint"}')
        hint = until(sockets[mover], "hint")
        assert hint["text"] in [a["text"] for a in views[mover]["legal"]]
        sockets[0].send('{"type": "chat", "text": "across processes"}')
        assert until(watcher, "chat")["text"] == "across processes"
        # a process holding pages dies: the owner stops counting them within seconds
        service.kill(2)

        def seat_one_gone() -> bool:
            return not service.get(0, f"/api/tables/{table_id}")["seats"][1]["connected"]

        wait_for(seat_one_gone, timeout=8)
        assert service.get(1, f"/api/tables/{table_id}")["seats"][0]["connected"]


def test_a_killed_process_has_its_tables_taken_over(shared_database: str, tmp_path: Path) -> None:
    with ExitStack() as stack:
        service = Service(shared_database, stack, 3, tmp_path)
        bots = httpx2.post(
            service.base(0) + "/api/tables",
            json={
                "variant": "euchre/american",
                "options": {"target_score": 5},
                "seats": ["bot:rules"] * 4,
                "bot_delay_ms": 30,
            },
        ).json()["id"]
        people = httpx2.post(
            service.base(0) + "/api/tables",
            json={"variant": "pitch/cutthroat-3p", "seats": ["human"] * 3, "bot_delay_ms": 0},
        ).json()
        table_id = people["id"]
        tokens = {s["seat"]: s["token"] for s in people["seats"]}
        assert service.owner(bots) == 0 and service.owner(table_id) == 0
        # seat 0's page is on the process about to die; the others elsewhere
        where = {0: 0, 1: 1, 2: 2}
        sockets = {
            s: stack.enter_context(service.socket(k, table_id, tokens[s])) for s, k in where.items()
        }
        views = {s: until(ws, "hello")["view"] for s, ws in sockets.items()}
        n = play_first_legal(sockets, views, 0, 6)
        wait_for(lambda: service.get(1, f"/api/tables/{bots}")["n"] >= 20, timeout=30)
        acked_bots = service.get(1, f"/api/tables/{bots}")["n"]
        killed_at = time.monotonic()
        service.kill(0)
        sockets.pop(0).close()
        # another process takes both tables over from the log within seconds
        wait_for(lambda: service.owner(bots) in (1, 2), timeout=10)
        wait_for(lambda: service.owner(table_id) in (1, 2), timeout=10)
        taken = time.monotonic() - killed_at
        assert taken < 5.0, taken
        # the bots go on from where they were
        wait_for(lambda: service.get(1, f"/api/tables/{bots}")["n"] > acked_bots + 5, timeout=20)
        # the dead process's page comes back through another, with what it missed
        back = stack.enter_context(service.socket(2, table_id, tokens[0], since=n))
        first = json.loads(back.recv(timeout=20))
        assert first["type"] in ("resume", "hello") and first["n"] == n
        sockets[0] = back
        if first["type"] == "hello":
            views[0] = first["view"]
        # play goes on: the pages still open on the survivors were never closed
        n = play_first_legal(sockets, views, n, 6)
        for ws in sockets.values():
            ws.close()
        wait_for(lambda: service.get(2, f"/api/tables/{bots}")["over"], timeout=120)
        rec = service.get(2, f"/api/tables/{bots}/record")
        final = R.replay(rec)
        assert final.over and list(final.scores) == service.get(1, f"/api/tables/{bots}")["scores"]
        # every accepted action of the people's table is in the store, in order
        assert service.get(1, f"/api/tables/{table_id}")["n"] == n == 12


def test_a_stopped_process_hands_its_tables_over_at_once(
    shared_database: str, tmp_path: Path
) -> None:
    with ExitStack() as stack:
        service = Service(shared_database, stack, 2, tmp_path)
        bots = httpx2.post(
            service.base(0) + "/api/tables",
            json={"variant": "euchre/american", "seats": ["bot:rules"] * 4, "bot_delay_ms": 50},
        ).json()["id"]
        assert service.owner(bots) == 0
        wait_for(lambda: service.get(1, f"/api/tables/{bots}")["n"] >= 3)
        service.procs[0].terminate()  # SIGTERM: a normal stop
        service.procs[0].wait(10)
        stopped = time.monotonic()
        wait_for(lambda: service.owner(bots) == 1, timeout=5)
        assert time.monotonic() - stopped < 1.5
        moved = service.get(1, f"/api/tables/{bots}")["n"]
        wait_for(lambda: service.get(1, f"/api/tables/{bots}")["n"] > moved)


def test_sigterm_hands_every_table_over_at_once(shared_database: str, tmp_path: Path) -> None:
    """Six tables on a process that is stopped (SIGTERM) while pages on both
    processes play them: each answers from the other process before the stopped
    process's leases could have run out, so it handed them over (nobody waited for
    a lease, or for the answer to a request the stopping process would never send:
    the 5 s a page's action once waited)."""
    with ExitStack() as stack:
        service = Service(shared_database, stack, 2, tmp_path)

        def create(seats: list[str], delay: int) -> dict[str, Any]:
            body = {"variant": "euchre/american", "seats": seats, "bot_delay_ms": delay}
            made: dict[str, Any] = httpx2.post(service.base(0) + "/api/tables", json=body).json()
            return made

        people = [create(["human"] * 4, 0) for _ in range(3)]
        bots = [create(["bot:rules"] * 4, 50)["id"] for _ in range(3)]
        assert all(service.owner(t) == 0 for t in [m["id"] for m in people] + bots)
        # seats 0 and 1 of each table on the process to stop, 2 and 3 on the other
        sockets, views, numbers = [], [], []
        for m in people:
            tokens = {s["seat"]: s["token"] for s in m["seats"]}
            pages = {
                s: stack.enter_context(service.socket(s // 2, m["id"], t))
                for s, t in tokens.items()
            }
            sockets.append(pages)
            views.append({s: until(ws, "hello")["view"] for s, ws in pages.items()})
            numbers.append(play_first_legal(pages, views[-1], 0, 3))
        for t in bots:
            wait_for(lambda t=t: service.get(1, f"/api/tables/{t}")["n"] >= 3)
        ids = [m["id"] for m in people] + bots
        # renewals only push it further: no lease runs out before this after the stop
        lease_left = min(service.redis.pttl(f"{service.ns}:own:{t}") for t in ids) / 1000
        stopped = time.monotonic()
        service.procs[0].send_signal(signal.SIGTERM)
        taken: dict[str, float] = {}

        def all_taken() -> bool:
            for t in ids:
                if t not in taken and service.owner(t) == 1:
                    taken[t] = time.monotonic() - stopped
            return len(taken) == len(ids)

        wait_for(all_taken, timeout=10, every=0.01)
        # and each goes on there: a person's action through process 1 (the mover's
        # page opened again there if it was on the stopped one), the bots' moves
        answered: dict[str, float] = {}
        for m, pages, view, n in zip(people, sockets, views, numbers, strict=True):
            seat = next(s for s, v in view.items() if v["legal"])
            if seat < 2:
                token = next(s["token"] for s in m["seats"] if s["seat"] == seat)
                pages[seat] = stack.enter_context(service.socket(1, m["id"], token, n))
            action = view[seat]["legal"][0]["text"]
            pages[seat].send(json.dumps({"type": "act", "action": action, "n": n}))
            until(pages[seat], "update", n + 1)
            answered[m["id"]] = time.monotonic() - stopped
        for t in bots:
            at = service.get(1, f"/api/tables/{t}")["n"]
            wait_for(lambda t=t, at=at: service.get(1, f"/api/tables/{t}")["n"] > at, timeout=10)
            answered[t] = time.monotonic() - stopped
        assert {service.owner(t) for t in ids} == {1}
        assert service.procs[0].wait(10) is not None
        # handed over: every table owned by the other process before a lease could
        # have run out; and played on there without the 5 s wait for an answer the
        # stopped process would never send (a bound that a loaded machine still meets)
        assert max(taken.values()) < lease_left, (lease_left, taken)
        assert max(answered.values()) < 5.0, (lease_left, answered)
