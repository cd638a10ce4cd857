"""Club nights on the server (TestClient): a night made, its rounds started and
ended, online tables of bots played through the lobby, phones entering and
confirming a physical table's score, a dispute flagged and settled, the standings
equal to the sum of the tables' hands, live updates over the WebSocket, CSV and PDF."""

from __future__ import annotations

import csv
import io
from collections import Counter
from typing import Any

from fastapi.testclient import TestClient

from followsuit import record as R

from .server_support import client, wait_for  # noqa: F401

PLAYERS = [f"P{k:02d}" for k in range(1, 9)]


def make_night(client: TestClient, **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "format": "progressive",
        "players": PLAYERS,
        "rounds": 2,
        "hands": 2,
        "table_kinds": ["physical", "physical"],
        **changes,
    }
    made = client.post("/api/club/nights", json=body)
    assert made.status_code == 201, made.text
    return made.json()


def score(
    client: TestClient, made: dict[str, Any], number: int, table: int, side: str, points: list[int]
) -> Any:
    return client.post(
        f"/api/club/nights/{made['id']}/rounds/{number}/tables/{table}/score",
        json={"key": made["score"], "side": side, "points": points},
    )


def night(client: TestClient, night_id: str) -> Any:
    return client.get(f"/api/club/nights/{night_id}").json()


def check_sums(view: dict[str, Any]) -> None:
    """The standings are the sums of the tables' points."""
    sums: Counter[str] = Counter()
    for r in view["rounds"]:
        for t in r["tables"]:
            for seat, name in enumerate(t["seats"]):
                sums[name] += t["points"][seat % 2]
    players = view["night"]["players"]
    assert {s["player"]: s["points"] for s in view["standings"]} == {p: sums[p] for p in players}


def test_physical_tables_scored_by_the_phones(client: TestClient) -> None:
    made = make_night(client)
    night_id, admin = made["id"], made["admin"]
    assert made["phones"].endswith(f"/club/{night_id}/score#key={made['score']}")
    view = night(client, night_id)
    assert view["rounds"] == [] and len(view["standings"]) == 8
    with client.websocket_connect(f"/ws/club/{night_id}") as ws:
        assert ws.receive_json()["type"] == "night"
        started = client.post(f"/api/club/nights/{night_id}/rounds", json={"admin": admin})
        assert started.status_code == 201 and started.json() == {"round": 1, "seats": []}
        pushed = ws.receive_json()
        assert pushed["type"] == "night" and len(pushed["rounds"]) == 1
        score(client, made, 1, 0, "0", [5, 3])
        pushed = ws.receive_json()
        assert pushed["rounds"][0]["tables"][0]["entered"] == {"by": "0", "points": [5, 3]}
    for number in (1, 2):
        if number == 2:
            again = client.post(f"/api/club/nights/{night_id}/rounds", json={"admin": admin})
            assert again.status_code == 201
            assert score(client, made, 2, 0, "0", [5, 3]).json()["status"] == "awaiting"
        # table 1: entered by one side, confirmed by the other
        confirmed = score(client, made, number, 0, "1", [5, 3]).json()
        assert confirmed == {"status": "confirmed", "points": [5, 3]}
        # table 2: the sides disagree, and it is flagged, not summed
        score(client, made, number, 1, "1", [2, 6])
        assert score(client, made, number, 1, "0", [6, 2]).json()["status"] == "disputed"
        view = night(client, night_id)
        assert view["rounds"][-1]["tables"][1]["status"] == "disputed"
        assert view["rounds"][-1]["tables"][1]["points"] is None
        end = f"/api/club/nights/{night_id}/rounds/{number}/end"
        ended = client.post(end, json={"admin": admin})
        assert ended.status_code == 409 and "table 2's score is disputed" in ended.json()["error"]
        settled = client.post(
            f"/api/club/nights/{night_id}/rounds/{number}/tables/1/score",
            json={"admin": admin, "side": "organiser", "points": [4, 4]},
        )
        assert settled.json()["status"] == "confirmed"
        assert client.post(end, json={"admin": admin}).status_code == 200
    view = night(client, night_id)
    assert all(r["ended"] for r in view["rounds"]) and len(view["rounds"]) == 2
    assert (
        client.post(f"/api/club/nights/{night_id}/rounds", json={"admin": admin}).status_code == 409
    )
    check_sums(view)
    assert set(view["ratings"]) == set(PLAYERS)
    rows = list(
        csv.reader(io.StringIO(client.get(f"/api/club/nights/{night_id}/results.csv").text))
    )
    assert rows[0][:3] == ["place", "player", "points"] and len(rows) == 1 + 8 + 1 + 1 + 4
    assert rows[1][1] == view["standings"][0]["player"]
    pdf = client.get(f"/api/club/nights/{night_id}/chart.pdf")
    assert pdf.headers["content-type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    # the chart, then a score sheet for each of the two physical tables of each round
    assert pdf.content.count(b"/Type /Page\n") == 1 + 2 * 2


def test_a_progressive_night_of_bots_on_online_tables(client: TestClient) -> None:
    """24 players, every seat a bot: the tables play through the lobby, and the
    standings equal the sums of the hands in the tables' own records."""
    players = [f"B{k:02d}" for k in range(1, 25)]
    made = make_night(client, players=players, fillers=players, table_kinds=[])
    night_id, admin = made["id"], made["admin"]
    for number in (1, 2):
        started = client.post(f"/api/club/nights/{night_id}/rounds", json={"admin": admin})
        assert started.status_code == 201
        wait_for(
            lambda: all(t["hands"] == 2 for t in night(client, night_id)["rounds"][-1]["tables"]),
            timeout=120,
            every=0.2,
        )
        end = f"/api/club/nights/{night_id}/rounds/{number}/end"
        assert client.post(end, json={"admin": admin}).status_code == 200
    view = night(client, night_id)
    check_sums(view)
    assert all(s["place"] is None and s["bot"] for s in view["standings"])
    for r in view["rounds"]:
        for t in r["tables"]:
            record = client.get(f"/api/tables/{t['online']}/record").json()
            state = R.replay(record)
            hands = [h for h in state.results if not h.redeal][:2]
            assert t["points"] == [sum(h.points[0] for h in hands), sum(h.points[1] for h in hands)]


def test_the_bell_ends_a_round_after_the_hand_in_play(client: TestClient) -> None:
    """Rung mid-round, the bell fixes each online table's count at the hands it has
    finished and the one in play; the round ends once those are done, and counts
    no more, although the tables play on."""
    players = [f"B{k:02d}" for k in range(1, 9)]
    made = make_night(client, players=players, fillers=players, table_kinds=[], hands=60)
    night_id, admin = made["id"], made["admin"]
    client.post(f"/api/club/nights/{night_id}/rounds", json={"admin": admin})
    wait_for(lambda: all(t["hands"] >= 1 for t in night(client, night_id)["rounds"][0]["tables"]))
    end = f"/api/club/nights/{night_id}/rounds/1/end"
    first = client.post(end, json={"admin": admin})
    assert first.status_code in (200, 409)
    if first.status_code == 409:
        assert "the bell has rung" in first.json()["error"]
        assert night(client, night_id)["rounds"][0]["bell"]

        def ended() -> bool:
            return client.post(end, json={"admin": admin}).status_code == 200

        wait_for(ended, timeout=60, every=0.1)
    view = night(client, night_id)
    counted = [t["hands"] for t in view["rounds"][0]["tables"]]
    assert view["rounds"][0]["ended"] and all(1 <= h < 60 for h in counted)
    check_sums(view)
    # the tables play on; the round's counts stay as the bell left them
    tables = view["rounds"][0]["tables"]
    wait_for(
        lambda: all(
            len(R.replay(client.get(f"/api/tables/{t['online']}/record").json()).results)
            > t["hands"]
            for t in tables
        ),
        timeout=60,
    )
    assert [t["hands"] for t in night(client, night_id)["rounds"][0]["tables"]] == counted


def test_keys_and_bad_input(client: TestClient) -> None:
    made = make_night(client)
    night_id = made["id"]
    bad = client.post(f"/api/club/nights/{night_id}/rounds", json={"admin": "guess"})
    assert bad.status_code == 403 and "organiser key" in bad.json()["error"]
    client.post(f"/api/club/nights/{night_id}/rounds", json={"admin": made["admin"]})
    wrong_key = client.post(
        f"/api/club/nights/{night_id}/rounds/1/tables/0/score",
        json={"key": "x", "side": "0", "points": [1, 2]},
    )
    assert wrong_key.status_code == 403
    assert score(client, made, 1, 0, "2", [1, 2]).status_code == 400
    assert score(client, made, 1, 0, "0", [1]).status_code == 400
    assert score(client, made, 1, 2, "0", [1, 2]).status_code == 404  # no third table
    assert score(client, made, 2, 0, "0", [1, 2]).status_code == 409  # not in play
    assert client.get("/api/club/nights/nope").status_code == 404
    for body, message in (
        ({"format": "ladder", "players": PLAYERS}, "unknown format"),
        ({"format": "progressive", "players": PLAYERS[:3]}, "8 to 200 players"),
        (
            {"format": "progressive", "players": PLAYERS, "variant": "euchre/cutthroat"},
            "two partnerships",
        ),
        ({"format": "duplicate", "players": PLAYERS}, "duplicate runs offline"),
        (
            {
                "format": "kings",
                "players": PLAYERS,
                "fillers": ["P01"],
                "table_kinds": ["physical"],
            },
            "bot cannot sit",
        ),
        ({"format": "progressive", "players": PLAYERS, "colour": "red"}, "unknown field"),
    ):
        answer = client.post("/api/club/nights", json=body)
        assert answer.status_code == 400 and message in answer.json()["error"], answer.text


def test_pages_are_served(client: TestClient) -> None:
    for path in ("/club", "/club/abc", "/club/abc/score"):
        page = client.get(path)
        assert page.status_code == 200 and "club.js" in page.text
