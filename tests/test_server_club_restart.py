"""A club night survives ``kill -9`` of its server: the standings, the rounds and
the phones' entries are the same after the restart, and a night of online tables
mid-round goes on (its tables resumed by the lobby) to standings that are still the
sums of the tables' records."""

from __future__ import annotations

from collections import Counter
from typing import Any

import httpx2

from followsuit import record as R

from .server_support import database_url, free_port, kill9, server, wait_for  # noqa: F401


def post(base: str, path: str, body: dict[str, Any]) -> Any:
    answer = httpx2.post(base + path, json=body)
    assert answer.status_code < 300, answer.text
    return answer.json()


def get(base: str, path: str) -> Any:
    return httpx2.get(base + path).json()


def test_a_killed_server_keeps_its_club_nights(database_url: str) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    players = [f"P{k:02d}" for k in range(1, 9)]
    bots = [f"B{k:02d}" for k in range(1, 17)]
    with server(database_url, port) as proc:
        physical = post(
            base,
            "/api/club/nights",
            {"format": "kings", "players": players, "rounds": 3, "table_kinds": ["physical"] * 2},
        )
        online = post(
            base,
            "/api/club/nights",
            {"format": "progressive", "players": bots, "fillers": bots, "rounds": 2, "hands": 3},
        )
        pid, oid = physical["id"], online["id"]
        key = {"key": physical["score"]}
        post(base, f"/api/club/nights/{pid}/rounds", {"admin": physical["admin"]})
        for table, points in ((0, [7, 2]), (1, [3, 6])):
            for side in ("0", "1"):
                post(
                    base,
                    f"/api/club/nights/{pid}/rounds/1/tables/{table}/score",
                    {**key, "side": side, "points": points},
                )
        post(base, f"/api/club/nights/{pid}/rounds/1/end", {"admin": physical["admin"]})
        post(base, f"/api/club/nights/{pid}/rounds", {"admin": physical["admin"]})
        # mid-round 2: one table confirmed, the other awaiting its confirmation
        for side in ("0", "1"):
            post(
                base,
                f"/api/club/nights/{pid}/rounds/2/tables/0/score",
                {**key, "side": side, "points": [1, 4]},
            )
        post(
            base,
            f"/api/club/nights/{pid}/rounds/2/tables/1/score",
            {**key, "side": "1", "points": [5, 5]},
        )
        post(base, f"/api/club/nights/{oid}/rounds", {"admin": online["admin"]})
        wait_for(
            lambda: any(
                t["hands"] for t in get(base, f"/api/club/nights/{oid}")["rounds"][0]["tables"]
            )
        )
        before = get(base, f"/api/club/nights/{pid}")
        online_before = get(base, f"/api/club/nights/{oid}")
        kill9(proc)
    with server(database_url, port):
        assert get(base, f"/api/club/nights/{pid}") == before
        assert before["rounds"][1]["tables"][1]["entered"] == {"by": "1", "points": [5, 5]}

        # the online night: its tables resumed, the hands played before the kill kept
        def finished() -> bool:
            tables = get(base, f"/api/club/nights/{oid}")["rounds"][0]["tables"]
            return all(t["hands"] == 3 for t in tables)

        wait_for(finished, timeout=90, every=0.2)
        after = get(base, f"/api/club/nights/{oid}")
        for old, new in zip(
            online_before["rounds"][0]["tables"], after["rounds"][0]["tables"], strict=True
        ):
            assert new["online"] == old["online"] and new["hands"] >= old["hands"]
        post(base, f"/api/club/nights/{oid}/rounds/1/end", {"admin": online["admin"]})
        view = get(base, f"/api/club/nights/{oid}")
        sums: Counter[str] = Counter()
        for t in view["rounds"][0]["tables"]:
            state = R.replay(get(base, f"/api/tables/{t['online']}/record"))
            hands = [h for h in state.results if not h.redeal][:3]
            for seat, name in enumerate(t["seats"]):
                sums[name] += sum(h.points[seat % 2] for h in hands)
        assert {s["player"]: s["points"] for s in view["standings"]} == {b: sums[b] for b in bots}
