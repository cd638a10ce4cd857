"""The web table under load: many tables at once over real WebSockets.

Starts ``followsuit serve`` in its own process (SQLite in a temporary folder, or
``--database URL``), creates ``--tables`` Euchre tables whose four seats are all
people, and plays them from one asyncio client: every seat has its own WebSocket,
and the seat to move sends a random legal action as soon as it sees its turn. An
action's round trip is the time from sending it to receiving the numbered event
that accepts it (the store has committed it by then). Prints actions per second and
the 50th/99th percentile round trip. Not a test: run
``python benchmarks/bench_server.py --tables 200``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import machine


async def play_table(
    ws_base: str,
    created: dict[str, Any],
    actions: int,
    rng: random.Random,
    trips: list[float],
    think: float,
) -> int:
    """Play up to ``actions`` actions at one table; how many were accepted."""
    table_id = created["id"]
    sockets: dict[int, ClientConnection] = {}
    for s in created["seats"]:
        sockets[s["seat"]] = await connect(
            f"{ws_base}/ws/tables/{table_id}",
            subprotocols=["followsuit", f"token.{s['token']}"],  # type: ignore[list-item]
            max_size=2**22,
        )
    views: dict[int, dict[str, Any]] = {}
    for seat, ws in sockets.items():
        while True:
            m = json.loads(await ws.recv())
            if m["type"] == "hello":
                views[seat] = m["view"]
                n = m["n"]
                break
    done = 0
    try:
        while done < actions and not views[0]["over"]:
            if think:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            seat = next(s for s, v in views.items() if v["legal"])
            choice = rng.choice(views[seat]["legal"])["text"]
            sent = time.perf_counter()
            await sockets[seat].send(json.dumps({"type": "act", "action": choice, "n": n}))
            n += 1
            for s, ws in sockets.items():
                while True:
                    m = json.loads(await ws.recv())
                    if m["type"] == "update" and m["n"] == n:
                        views[s] = m["view"]
                        if s == seat:
                            trips.append(time.perf_counter() - sent)
                        break
                    if m["type"] == "error" and s == seat:
                        raise RuntimeError(m["message"])
            done += 1
    finally:
        for ws in sockets.values():
            await ws.close()
    return done


async def run(base: str, tables: int, actions: int, think: float) -> None:
    ws_base = base.replace("http://", "ws://")
    async with httpx2.AsyncClient() as client:
        made = []
        for _ in range(tables):
            r = await client.post(
                f"{base}/api/tables",
                json={"variant": "euchre/american", "seats": ["human"] * 4, "bot_delay_ms": 0},
            )
            made.append(r.json())
    trips: list[float] = []
    start = time.perf_counter()
    counts = await asyncio.gather(
        *(
            play_table(ws_base, c, actions, random.Random(k), trips, think)
            for k, c in enumerate(made)
        )
    )
    wall = time.perf_counter() - start
    total = sum(counts)
    trips.sort()
    p50 = statistics.median(trips) * 1000
    p99 = trips[int(len(trips) * 0.99) - 1] * 1000
    pace = f", a player thinks ~{think * 1000:.0f} ms" if think else ", no thinking time"
    print(f"{tables} tables{pace}: {total} actions in {wall:.1f} s, {total / wall:.0f} actions/s")
    print(f"round trip: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {trips[-1] * 1000:.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--actions", type=int, default=60, help="actions played at each table")
    ap.add_argument("--database", default="", help="default: SQLite in a temporary folder")
    ap.add_argument("--port", type=int, default=8799)
    ap.add_argument(
        "--think-ms",
        type=float,
        default=0,
        help="a player's mean pause before acting (0: as fast as possible, a saturation test)",
    )
    args = ap.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or f"sqlite:///{tmp}/bench.db"
        env = {**os.environ, "FOLLOWSUIT_DATABASE_URL": ""}
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "followsuit",
                "serve",
                "--port",
                str(args.port),
                "--database",
                database,
                # one client address plays every table: lift the per-address limits
                "--tables-per-minute",
                "1000000",
                "--sockets-per-address",
                "1000000",
                "--max-tables",
                str(max(2000, args.tables + 10)),
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{args.port}"
        try:
            for _ in range(200):
                try:
                    if httpx2.get(f"{base}/healthz").status_code == 200:
                        break
                except httpx2.HTTPError:
                    time.sleep(0.1)
            print(f"database: {database.split('?')[0]}")
            asyncio.run(run(base, args.tables, args.actions, args.think_ms / 1000))
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
