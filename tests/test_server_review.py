"""The web table's review of a finished hand (and the replay viewer's): the same
double-dummy review as ``followsuit review``, for any hand the record has finished."""

from __future__ import annotations

from fastapi.testclient import TestClient

from followsuit import record as R
from followsuit.review import review

from .server_support import client, finish  # noqa: F401


def test_a_finished_hand_is_reviewed_as_followsuit_review_does(client: TestClient) -> None:
    made = client.post(
        "/api/tables",
        json={
            "variant": "euchre/american",
            "seats": ["bot:random"] * 4,
            "bot_delay_ms": 0,
            "options": {"target_score": 3},
        },
    ).json()
    finish(client, made["id"])
    rec = client.get(f"/api/tables/{made['id']}/record").json()
    final = R.replay(rec)
    expected = review(final)
    assert len(expected) >= 1
    for number, hand in enumerate(expected, start=1):
        got = client.get(f"/api/tables/{made['id']}/review", params={"hand": number})
        assert got.status_code == 200, got.text
        body = got.json()
        assert {k: body[k] for k in hand} == hand
        assert body["num_players"] == 4 and body["variant"] == "euchre/american"
    # random bots give tricks away: some hand shows a gift with its cost
    assert any(h["gifts"] for h in expected)
    posted = client.post("/api/review", json={"record": rec, "hand": 1})
    assert posted.status_code == 200 and posted.json()["tricks"] == expected[0]["tricks"]


def test_a_hand_not_finished_or_a_bad_record_is_one_clear_error(client: TestClient) -> None:
    made = client.post("/api/tables", json={"variant": "euchre/american"}).json()
    r = client.get(f"/api/tables/{made['id']}/review", params={"hand": 1})
    assert r.status_code == 400 and r.json()["field"] == "hand"
    assert "not a finished hand" in r.json()["error"]
    assert client.get(f"/api/tables/{made['id']}/review").status_code == 400  # no hand
    assert client.get("/api/tables/nope/review", params={"hand": 1}).status_code == 404
    bad = client.post("/api/review", json={"record": {"format": "x"}, "hand": 1})
    assert bad.status_code == 400 and bad.json()["field"] == "record"
    assert client.post("/api/review", json={"record": {}, "hand": "1"}).status_code == 400
