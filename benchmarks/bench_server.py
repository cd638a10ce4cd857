"""The web table under load: many tables at once over real WebSockets.

Starts ``followsuit serve`` (``--processes N`` of them on one database, sharing
through Redis when N > 1; SQLite in a temporary folder, or ``--database URL``),
creates ``--tables`` Euchre tables whose four seats are all people, and plays them
from one asyncio client: every seat has its own WebSocket, on the processes in
turn (seat s of table t on process (t + s) mod N; with ``--spread tables`` all of
table t's on process t mod N, the one that made it), and the seat to move sends a
random legal action after a pause of about ``--think-ms`` (0: at once, a
saturation test). An action's round trip is the time from sending it to
receiving the numbered event that accepts it (the store has committed it by then).
Prints actions per second and the 50th/99th percentile round trip; with several
counts (``--processes 1,2``) each runs in turn on fresh tables and the throughput
ratio to the first is printed. Not a test:

    python benchmarks/bench_server.py --tables 200
    python benchmarks/bench_server.py --tables 2000 --think-ms 2000 --database postgresql://...
    python benchmarks/bench_server.py --tables 200 --processes 1,2 --database postgresql://...
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import orjson
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import machine

REDIS = os.environ.get("FOLLOWSUIT_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@dataclass
class Run:
    processes: int
    tables: int
    actions: int
    seconds: float
    trips: list[float]
    """Each round trip, in the order they ended."""
    ends: list[float]
    """When each ended, in seconds after the play began."""
    cpu: float = 0.0
    """CPU seconds the server processes spent during the run (user + system): per
    action, a figure the other work on a shared machine disturbs far less than
    the wall clock."""
    client_cpu: float = 0.0
    """CPU seconds this client spent (it shares the machine's cores with the
    servers: their sum per action bounds the throughput)."""

    @property
    def rate(self) -> float:
        return self.actions / self.seconds

    def line(self) -> str:
        trips = sorted(self.trips)
        p50 = statistics.median(trips) * 1000
        # the first seconds apart: every table's first action comes at once there
        first = [t for t, e in zip(self.trips, self.ends, strict=True) if e < START_SECONDS]
        after = [t for t, e in zip(self.trips, self.ends, strict=True) if e >= START_SECONDS]
        return (
            f"{self.processes} process{'es' if self.processes > 1 else ''}, {self.tables} tables: "
            f"{self.actions} actions in {self.seconds:.1f} s, {self.rate:.0f} actions/s; "
            f"round trip p50 {p50:.1f} ms, p99 {p99(trips):.1f} ms, max {trips[-1] * 1000:.0f} ms "
            f"(p99 in the first {START_SECONDS:.0f} s {p99(first):.1f} ms, "
            f"after {p99(after):.1f} ms); "
            f"CPU per action: servers {self.cpu / max(1, self.actions) * 1000:.2f} ms, "
            f"client {self.client_cpu / max(1, self.actions) * 1000:.2f} ms"
        )


START_SECONDS = 10.0
"""The start of a run, reported apart (its burst is not the steady state)."""


def p99(trips: list[float]) -> float:
    """The 99th percentile in ms (0 for none)."""
    if not trips:
        return 0.0
    ordered = sorted(trips)
    return ordered[max(0, int(len(ordered) * 0.99) - 1)] * 1000


async def play_table(
    ports: list[int],
    index: int,
    created: dict[str, Any],
    actions: int,
    rng: random.Random,
    trips: list[float],
    ends: list[float],
    think: float,
    ready: asyncio.Semaphore,
    start: asyncio.Event,
    began: list[float],
    spread: str,
) -> int:
    """Play up to ``actions`` actions at one table; how many were accepted."""
    table_id = created["id"]
    sockets: dict[int, ClientConnection] = {}
    for s in created["seats"]:
        port = ports[(index + (s["seat"] if spread == "seats" else 0)) % len(ports)]
        sockets[s["seat"]] = await connect(
            f"ws://127.0.0.1:{port}/ws/tables/{table_id}",
            subprotocols=["followsuit", f"token.{s['token']}"],  # type: ignore[list-item]
            max_size=2**22,
            open_timeout=60,
            # the server pings each page; a client this busy would miss its own
            # pings' answers and drop sockets that are fine
            ping_interval=None,
        )
    views: dict[int, dict[str, Any]] = {}
    n = 0
    for seat, ws in sockets.items():
        while True:
            m = orjson.loads(await ws.recv())
            if m["type"] == "hello":
                views[seat] = m["view"]
                n = m["n"]
                break
    ready.release()
    await start.wait()
    done = 0
    try:
        while done < actions and not views[0]["over"]:
            if think:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            seat = next(s for s, v in views.items() if v["legal"])
            choice = rng.choice(views[seat]["legal"])["text"]
            sent = time.perf_counter()
            message = orjson.dumps({"type": "act", "action": choice, "n": n}).decode()
            await sockets[seat].send(message)
            n += 1
            for s, ws in sockets.items():
                while True:
                    m = orjson.loads(await ws.recv())
                    if m["type"] == "update" and m["n"] == n:
                        views[s] = m["view"]
                        if s == seat:
                            now = time.perf_counter()
                            trips.append(now - sent)
                            ends.append(now - began[0])
                        break
                    if m["type"] == "error" and s == seat:
                        raise RuntimeError(m["message"])
            done += 1
    finally:
        for ws in sockets.values():
            await ws.close()
    return done


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time of these processes so far (Linux's /proc)."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


async def play(
    ports: list[int], tables: int, actions: int, think: float, pids: list[int], spread: str
) -> Run:
    async with httpx2.AsyncClient(timeout=60) as client:
        made = []
        for k in range(tables):
            r = await client.post(
                f"http://127.0.0.1:{ports[k % len(ports)]}/api/tables",
                json={"variant": "euchre/american", "seats": ["human"] * 4, "bot_delay_ms": 0},
            )
            made.append(r.json())
    trips: list[float] = []
    ends: list[float] = []
    ready = asyncio.Semaphore(0)
    start = asyncio.Event()
    began = [0.0]
    games = [
        asyncio.create_task(
            play_table(
                ports,
                k,
                c,
                actions,
                random.Random(k),
                trips,
                ends,
                think,
                ready,
                start,
                began,
                spread,
            )
        )
        for k, c in enumerate(made)
    ]
    for _ in games:  # every table's sockets open before the clock starts
        await ready.acquire()
    began[0], cpu, mine = time.perf_counter(), cpu_seconds(pids), time.process_time()
    start.set()
    counts = await asyncio.gather(*games)
    wall = time.perf_counter() - began[0]
    used = cpu_seconds(pids) - cpu
    return Run(len(ports), tables, sum(counts), wall, trips, ends, used, time.process_time() - mine)


def serve(port: int, database: str, processes: int, log: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "followsuit", "serve", "--port", str(port)]
    command += ["--database", database, "--log-level", os.environ.get("BENCH_LOG_LEVEL", "warning")]
    # one client address plays every table: lift the per-address limits
    command += ["--tables-per-minute", "1000000", "--sockets-per-address", "1000000"]
    command += ["--max-tables", "100000"]
    if processes > 1:
        command += ["--redis", REDIS]
    env = {k: v for k, v in os.environ.items() if not k.startswith("FOLLOWSUIT_")}
    return subprocess.Popen(command, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT)


def run_once(args: argparse.Namespace, processes: int, database: str, tmp: Path) -> Run:
    ports = [args.port + k for k in range(processes)]
    logs = Path(os.environ.get("BENCH_LOGS", str(tmp)))
    procs = [serve(p, database, processes, logs / f"serve{p}.log") for p in ports]
    try:
        for port in ports:
            for _ in range(300):
                try:
                    if httpx2.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                        break
                except httpx2.HTTPError:
                    time.sleep(0.1)
        pids = [p.pid for p in procs]
        game = play(ports, args.tables, args.actions, args.think_ms / 1000, pids, args.spread)
        try:  # the client's own loop as cheap as the server's: they share the machine
            import uvloop

            return uvloop.run(game)
        except ImportError:
            return asyncio.run(game)
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(30)


@contextlib.contextmanager
def fresh_database(url: str, tmp: Path, k: int) -> Iterator[str]:
    """An empty database for one run: a SQLite file, or a schema of its own in the
    PostgreSQL database given (dropped afterwards)."""
    if not url.startswith(("postgresql://", "postgres://")):
        yield url or f"sqlite:///{tmp}/bench{k}.db"
        return
    import psycopg

    schema = f"fs_bench_{os.getpid()}_{k}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--actions", type=int, default=60, help="actions played at each table")
    ap.add_argument("--database", default="", help="default: SQLite in a temporary folder")
    ap.add_argument("--port", type=int, default=8799)
    ap.add_argument(
        "--processes",
        default="1",
        help="server processes (several: through Redis); a list such as 1,2 runs each",
    )
    ap.add_argument(
        "--think-ms",
        type=float,
        default=0,
        help="a player's mean pause before acting (0: as fast as possible, a saturation test)",
    )
    ap.add_argument(
        "--spread",
        choices=["seats", "tables"],
        default="seats",
        help="with several processes: each seat's page on the next process (the worst "
        "case: most actions forwarded to the table's owner), or each table's pages on "
        "the process that made it (a load balancer hashing the table's address)",
    )
    args = ap.parse_args()
    counts = [int(x) for x in args.processes.split(",")]
    print(machine())
    pace = f"a player thinks ~{args.think_ms:.0f} ms" if args.think_ms else "no thinking time"
    with tempfile.TemporaryDirectory() as tmp:
        print(f"database: {(args.database or 'sqlite').split('?')[0]}; {pace}")
        runs = []
        for k, processes in enumerate(counts):
            # each run on an empty database: tables left by an earlier run would be
            # resumed and taken over, and measured with the new ones
            with fresh_database(args.database, Path(tmp), k) as database:
                run = run_once(args, processes, database, Path(tmp))
            runs.append(run)
            print(run.line(), flush=True)
        for run in runs[1:]:
            print(
                f"throughput, {run.processes} processes against {runs[0].processes}: "
                f"{run.rate / runs[0].rate:.2f}x"
            )


if __name__ == "__main__":
    main()
