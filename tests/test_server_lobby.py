"""The lobby's API: every variant plays at its own defaults (a timed one gets a
time limit), and tables listed for anyone to join, with the rules that differ
from the variant's and the seats still free."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

import followsuit
from followsuit.server.livegame import LiveGame
from followsuit.server.payloads import DEFAULT_TIME_LIMIT_SECONDS
from followsuit.server.store import SeatSpec, SqlStore, TableSpec

from .server_support import client, database_url, store  # noqa: F401


@pytest.mark.parametrize("variant", [v.id for v in followsuit.variants()])
def test_every_variant_makes_a_table_at_its_defaults(client: TestClient, variant: str) -> None:
    r = client.post("/api/tables", json={"variant": variant})
    assert r.status_code == 201, r.text
    view = client.get(f"/api/tables/{r.json()['id']}").json()
    assert view["variant"] == variant


def test_a_timed_game_gets_a_time_limit_and_its_clock_waits_for_the_players(
    client: TestClient,
) -> None:
    seats = ["human", "bot:rules", "human", "bot:rules"]
    made = client.post("/api/tables", json={"variant": "euchre/timed", "seats": seats}).json()
    view = client.get(f"/api/tables/{made['id']}").json()
    assert view["options"]["time_limit_seconds"] == DEFAULT_TIME_LIMIT_SECONDS
    assert view["time_limit_ms"] == DEFAULT_TIME_LIMIT_SECONDS * 1000
    assert view["clock_running"] is False  # seat 2 is nobody's yet
    own = client.post(
        "/api/tables",
        json={"variant": "euchre/timed", "options": {"time_limit_seconds": 300}},
    ).json()
    assert client.get(f"/api/tables/{own['id']}").json()["time_limit_ms"] == 300_000


def listed(client: TestClient) -> dict[str, dict[str, Any]]:
    r = client.get("/api/open-tables")
    assert r.status_code == 200
    return {t["id"]: t for t in r.json()}


def test_a_listed_table_is_offered_until_its_seats_are_taken(client: TestClient) -> None:
    seats = ["human", "human", "bot:rules", "human"]
    body = {"variant": "euchre/american", "seats": seats, "listed": True}
    made = client.post(
        "/api/tables", json={**body, "options": {"stick_the_dealer": True, "target_score": 10}}
    ).json()
    quiet = client.post("/api/tables", json={**body, "listed": False}).json()
    alone = client.post(
        "/api/tables", json={**body, "seats": ["human", "bot:rules", "bot:rules", "bot:rules"]}
    ).json()
    offered = listed(client)
    assert quiet["id"] not in offered and alone["id"] not in offered
    mine = offered[made["id"]]
    assert mine["title"] == "Euchre, American rules" and mine["variant"] == "euchre/american"
    # target_score 10 is the default: only the rule that differs is named
    assert mine["changed"] == [{"name": "stick_the_dealer", "value": "true"}]
    assert (mine["seats"], mine["free"]) == (4, 2)
    code = mine["join"].split("?invite=")[1]
    assert mine["join"] == f"/t/{made['id']}?invite={code}"
    first = client.post(f"/api/tables/{made['id']}/join", json={"invite": code})
    assert first.status_code == 200 and first.json()["seat"] == 1
    assert listed(client)[made["id"]]["free"] == 1
    assert client.post(f"/api/tables/{made['id']}/join", json={"invite": code}).json()["seat"] == 3
    assert made["id"] not in listed(client)  # full: nothing to offer


def test_the_newest_listed_table_comes_first(client: TestClient) -> None:
    ids = [
        client.post(
            "/api/tables",
            json={"variant": "pitch/cutthroat-3p", "seats": ["human"] * 3, "listed": True},
        ).json()["id"]
        for _ in range(3)
    ]
    order = [t for t in listed(client) if t in ids]
    assert order == ids[::-1]


def test_the_store_lists_open_tables_on_either_database(store: SqlStore) -> None:
    """The listing's one query (grouped by the table, summing free seats) on
    SQLite and, in CI, PostgreSQL."""
    rules = followsuit.load_rules("euchre/american")
    first = LiveGame.first_hand(rules)
    people = (SeatSpec("human", "rules", "a" * 64, claimed=True),) + (
        SeatSpec("human", "rules", "b" * 64),
        SeatSpec("bot", "rules"),
        SeatSpec("human", "rules", "c" * 64),
    )
    for k, invite in enumerate(["", "code-1", "code-2"]):
        spec = TableSpec(
            id=f"t{k}",
            variant=rules.id,
            options={"stick_the_dealer": True},
            seats=people,
            bot_delay_ms=0,
            grace_seconds=90,
            invite_hash="0" * 64,
            created_at=100.0 + k,
            open_invite=invite,
        )
        store.create_table(spec, first)
    store.claim_seat("t2", 1, "d" * 64)
    found = store.listed_tables(0.0, 10)
    assert [(t.id, t.free, t.seats, t.invite) for t in found] == [
        ("t2", 1, 4, "code-2"),
        ("t1", 2, 4, "code-1"),
    ]
    assert found[0].options == {"stick_the_dealer": True} and found[0].variant == rules.id
    store.claim_seat("t2", 3, "e" * 64)
    assert [t.id for t in store.listed_tables(0.0, 10)] == ["t1"]
    assert store.listed_tables(10**10, 10) == []  # none moved since then
    assert store.load("t1") is not None and store.load("t1").spec.open_invite == "code-1"  # type: ignore[union-attr]
