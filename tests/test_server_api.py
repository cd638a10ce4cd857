"""The HTTP surface, used from outside: health, variants, creating tables, the
public view, records, invites, presets and the replay viewer's data; every bad
request is a 4xx with a JSON error naming the problem, never a 500."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import followsuit
from followsuit import record as R
from followsuit.cli.main import app as cli
from followsuit.server.app import create_app
from followsuit.server.catalog import variant_detail
from followsuit.server.fairdeal import verify_hand
from followsuit.server.payloads import rules_of

from .server_support import client, finish, settings_for_tests  # noqa: F401


def test_health(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json() == {"ok": True}


def test_every_variant_and_its_options_are_listed(client: TestClient) -> None:
    listed = client.get("/api/variants").json()
    assert [v["id"] for v in listed] == [v.id for v in followsuit.variants()]
    assert len(listed) == 39
    detail = client.get("/api/variants/euchre/american").json()
    names = {o["name"]: o for o in detail["options"]}
    assert names["stick_the_dealer"]["default"] == "false"
    assert names["target_score"]["default"] == "10"
    assert "num_players" not in names  # fixed by the variant
    assert client.get("/api/variants/bid-euchre/joker").json()["players"] == 4
    missing = client.get("/api/variants/euchre/nope")
    assert missing.status_code == 404 and "unknown variant" in missing.json()["error"]
    assert client.get("/api/bots").json()["levels"] == list(followsuit.bots.BOTS)


BAD_TABLES: list[tuple[Any, int, str, str | None]] = [
    ({"variant": "euchre/nope"}, 400, "unknown variant 'euchre/nope'", "variant"),
    ({"variant": 7}, 400, "variant must be a variant id", "variant"),
    (
        {"variant": "euchre/american", "options": {"stick_the_dealer": 3}},
        400,
        "option stick_the_dealer: 3 is not allowed",
        "options.stick_the_dealer",
    ),
    (
        {"variant": "euchre/american", "options": {"no_such_rule": True}},
        400,
        "no_such_rule",
        "options.no_such_rule",
    ),
    ({"variant": "euchre/american", "options": []}, 400, "options must be an object", "options"),
    (
        {"variant": "euchre/american", "seats": ["human"] * 3},
        400,
        "seats must be a list of 4 entries",
        "seats",
    ),
    (
        {"variant": "euchre/american", "seats": ["human", "bot:genius", "human", "human"]},
        400,
        "seats[1]: 'bot:genius' is not",
        "seats[1]",
    ),
    (
        {"variant": "euchre/american", "seats": ["human", 3, "human", "human"]},
        400,
        "seats[1] must be",
        "seats[1]",
    ),
    (
        {"variant": "euchre/american", "bot_delay_ms": -1},
        400,
        "bot_delay_ms must be an integer from 0 to 10000",
        "bot_delay_ms",
    ),
    (
        {"variant": "euchre/american", "grace_seconds": True},
        400,
        "grace_seconds must be an integer",
        "grace_seconds",
    ),
    ({"variant": "euchre/american", "colour": "red"}, 400, "unknown field 'colour'", "colour"),
    (
        {"variant": "euchre/american", "listed": "yes"},
        400,
        "listed must be true or false",
        "listed",
    ),
    ([1, 2], 400, "must be a JSON object", None),
    ("euchre", 400, "must be a JSON object", None),
]


@pytest.mark.parametrize(("body", "status", "message", "field"), BAD_TABLES)
def test_a_bad_table_request_names_the_problem(
    client: TestClient, body: Any, status: int, message: str, field: str | None
) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == status, r.text
    assert message in r.json()["error"]
    if field is not None:
        assert r.json()["field"] == field


def test_bodies_that_are_not_json_or_too_large_are_refused(client: TestClient) -> None:
    as_json = {"content-type": "application/json"}
    r = client.post("/api/tables", content=b"{", headers=as_json)
    assert r.status_code == 400 and r.json() == {"error": "the request body is not valid JSON"}
    r = client.post("/api/tables", content=b"\xff\xfe", headers=as_json)
    assert r.status_code == 400
    big = json.dumps({"variant": "euchre/american", "options": {"x": "y" * 70_000}})
    r = client.post("/api/tables", content=big.encode(), headers=as_json)
    assert r.status_code == 413 and "larger than" in r.json()["error"]
    deep = "[" * 100_000 + "]" * 100_000
    r = client.post("/api/replay", content=deep.encode(), headers=as_json)
    assert r.status_code == 400


def test_unknown_tables_and_presets_are_404(client: TestClient) -> None:
    for path in (
        "/api/tables/nope",
        "/api/tables/nope/record",
        "/api/presets/nope",
        "/api/tables/" + "x" * 500,
        "/api/tables/%00",
    ):
        r = client.get(path)
        assert r.status_code == 404, path
        assert "error" in r.json()
    r = client.post("/api/tables/nope/join", json={"invite": "x"})
    assert r.status_code == 404


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("euchre/american", {"target_score": 5}),
        ("bid-euchre/standard", {"target_score": 10}),
        ("pitch/cutthroat-3p", {"target_score": 5}),
    ],
)
def test_a_table_of_bots_plays_itself_to_the_end(
    client: TestClient, tmp_path: Path, variant: str, options: dict[str, Any]
) -> None:
    n = followsuit.load_rules(variant).num_players
    r = client.post(
        "/api/tables",
        json={
            "variant": variant,
            "options": options,
            "seats": ["bot:rules"] * n,
            "bot_delay_ms": 0,
        },
    )
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["seats"] == [] and f"/t/{created['id']}?invite=" in created["invite"]
    view = finish(client, created["id"])
    assert view["winner"] is not None and view["to_move"] is None
    assert [s["kind"] for s in view["seats"]] == ["bot"] * n
    text = client.get(f"/api/tables/{created['id']}/record").text
    rec = json.loads(text)
    replayed = R.replay(rec)
    assert replayed.over and list(replayed.scores) == view["scores"]
    assert replayed.winner == view["winner"]
    rules = replayed.rules
    assert all(verify_hand(rules, hand) is None for hand in rec["hands"])
    # followsuit verify checks every deal against its commitment, and catches a change
    path = tmp_path / "game.json"
    path.write_text(text)
    result = CliRunner().invoke(cli, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    assert f"{len(rec['hands'])} of {len(rec['hands'])} deals verified" in result.output
    assert R.replay(rec).over
    hand = rec["hands"][0]
    order = hand["fair"]["order"]
    order[0], order[1] = order[1], order[0]
    path.write_text(json.dumps(rec))
    result = CliRunner().invoke(cli, ["verify", str(path)])
    assert result.exit_code == 1 and "hand 1: NOT VERIFIED" in result.output


def test_verify_refuses_a_record_without_commitments(tmp_path: Path) -> None:
    game = followsuit.new_game("euchre/american", seed=5)  # a seeded, local game
    game.apply(game.legal_actions()[0])
    path = tmp_path / "local.json"
    path.write_text(R.dumps(R.to_record(game)))
    result = CliRunner().invoke(cli, ["verify", str(path)])
    assert result.exit_code == 1 and "no commitment recorded" in result.output
    path.write_text("{")
    assert CliRunner().invoke(cli, ["verify", str(path)]).exit_code == 2


def test_the_record_of_a_game_in_progress_keeps_the_hand_secret(client: TestClient) -> None:
    r = client.post("/api/tables", json={"variant": "euchre/american"})
    created = r.json()
    assert [s["seat"] for s in created["seats"]] == [0]  # by default one person, bots
    r = client.post("/api/tables", json={"variant": "euchre/american", "seats": ["human"] * 4})
    created = r.json()
    view = client.get(f"/api/tables/{created['id']}").json()
    assert view["over"] is False and view["hand_no"] == 1 and view["n"] == 0
    rec = client.get(f"/api/tables/{created['id']}/record").json()
    assert rec["unfinished"] is True and rec["hands"] == []


def test_an_invite_link_gives_each_free_seat_once(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        json={"variant": "euchre/american", "seats": ["human", "bot:rules", "human", "bot:random"]},
    )
    created = r.json()
    table_id = created["id"]
    invite = created["invite"].split("invite=")[1]
    bad = client.post(f"/api/tables/{table_id}/join", json={"invite": "wrong"})
    assert bad.status_code == 403
    assert client.post(f"/api/tables/{table_id}/join", json={}).status_code == 400
    joined = client.post(f"/api/tables/{table_id}/join", json={"invite": invite})
    assert joined.status_code == 200 and joined.json()["seat"] == 2
    assert joined.json()["token"] != created["seats"][1]["token"]
    full = client.post(f"/api/tables/{table_id}/join", json={"invite": invite})
    assert full.status_code == 409 and "every seat is taken" in full.json()["error"]


def test_presets_save_a_variant_with_its_options(client: TestClient) -> None:
    body = {"name": "  our   club ", "variant": "euchre", "options": {"stick_the_dealer": True}}
    r = client.post("/api/presets", json=body)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["name"] == "our club" and made["variant"] == "euchre/american"
    assert made["link"].endswith(f"/?preset={made['id']}")
    got = client.get(f"/api/presets/{made['id']}").json()
    assert got["options"] == {"stick_the_dealer": True}
    bad = client.post("/api/presets", json={"name": "x", "variant": "euchre", "options": {"a": 1}})
    assert bad.status_code == 400 and bad.json()["field"] == "options.a"
    assert client.post("/api/presets", json={"name": "", "variant": "euchre"}).status_code == 400


def test_the_replay_viewer_steps_through_a_record(client: TestClient) -> None:
    game = followsuit.new_game("euchre/american", seed=11)
    bot = followsuit.bots.make_bot("rules")
    while not game.over:
        game.apply(bot.choose(game.observation(game.current_player)))
    rec = R.to_record(game)
    r = client.post("/api/replay", json=rec)
    assert r.status_code == 200, r.text
    steps = r.json()["steps"]
    actions = sum(len(h["actions"]) for h in rec["hands"])
    assert len(steps) == actions + len(rec["hands"])  # a deal step per hand
    first = steps[0]
    assert first["text"] == "deal" and sum(len(h) for h in first["hands"]) == 20
    assert steps[-1]["scores"] == list(game.scores)
    bad = client.post("/api/replay", json={**rec, "variant": "nope"})
    assert bad.status_code == 400 and bad.json()["field"] == "record"


@pytest.mark.parametrize(
    "body",
    [
        b"null",
        b"0",
        b'"x"',
        b"[]",
        b'{"variant": null}',
        b'{"variant": "euchre", "seats": {}}',
        b'{"variant": "euchre", "options": {"target_score": 1e999}}',
        b'{"variant": "euchre", "grace_seconds": Infinity, "bot_delay_ms": NaN}',
        b'{"variant": "euchre", "options": {"target_score": "9999999999999999999999"}}',
        b'{"variant": "euchre", "options": {"deal_packets": [[[[[[1]]]]]]}}',
    ],
)
def test_odd_bodies_never_make_a_server_error(client: TestClient, body: bytes) -> None:
    for path in ("/api/tables", "/api/presets", "/api/replay", "/api/tables/x/join"):
        r = client.post(path, content=body)
        assert 400 <= r.status_code < 500, (path, body, r.text)
        assert "error" in r.json()


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=12,
)
TABLE_LIKE = st.fixed_dictionaries(
    {},
    optional={
        "variant": st.sampled_from(["euchre/american", "pitch/cutthroat-3p", "nope"]) | JSON,
        "options": st.dictionaries(
            st.sampled_from(["target_score", "stick_the_dealer", "deal_packets", "zzz"]), JSON
        )
        | JSON,
        "seats": st.lists(st.sampled_from(["human", "bot:rules", "bot:x", ""]) | JSON, max_size=5),
        "bot_delay_ms": JSON,
        "grace_seconds": JSON,
    },
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=TABLE_LIKE | JSON)
def test_any_json_body_gets_a_table_or_a_clear_4xx(client: TestClient, body: Any) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201 or (400 <= r.status_code < 500 and r.json()["error"]), r.text


@pytest.mark.parametrize("variant", [v.id for v in followsuit.variants()])
def test_every_option_the_form_shows_takes_its_default_back(variant: str) -> None:
    """The form sends what it shows: each option's default, as text, must give the
    variant's own rules again (and an enum's default must be one of its choices or
    null)."""
    detail = variant_detail(variant)
    base = {"time_limit_seconds": "600"} if variant == "euchre/timed" else {}
    shown = {o["name"]: o["default"] for o in detail["options"]} | base
    assert rules_of(variant, shown).settings == rules_of(variant, base).settings
    for o in detail["options"]:
        if o["kind"] == "enum":
            assert o["default"] in o["choices"] or (o["nullable"] and o["default"] == "null")


def test_the_form_lists_the_options_that_apply_first() -> None:
    """The British joker options mean nothing in American Euchre: they come after
    the ones that do, marked; in British Euchre they apply."""
    american = variant_detail("euchre/american")["options"]
    flags = [o["applies"] for o in american]
    assert flags == sorted(flags, reverse=True) and not all(flags)
    by_name = {o["name"]: o["applies"] for o in american}
    assert by_name["stick_the_dealer"] and not by_name["british_joker_upcard_alone_allowed"]
    british = {o["name"]: o["applies"] for o in variant_detail("euchre/british")["options"]}
    assert british["british_joker_upcard_alone_allowed"]


def test_a_finished_table_is_still_there_after_a_restart(tmp_path: Path) -> None:
    settings = settings_for_tests(f"sqlite:///{tmp_path / 'again.db'}")
    body = {"variant": "euchre/american", "options": {"target_score": 3}, "bot_delay_ms": 0}
    with TestClient(create_app(settings)) as first:
        made = first.post("/api/tables", json={**body, "seats": ["bot:rules"] * 4}).json()
        done = finish(first, made["id"])
        rec = first.get(f"/api/tables/{made['id']}/record").json()
    with TestClient(create_app(settings)) as second:  # a finished table loads when asked
        assert second.get(f"/api/tables/{made['id']}").json() == done
        assert second.get(f"/api/tables/{made['id']}/record").json() == rec
        with second.websocket_connect(f"/ws/tables/{made['id']}") as ws:
            hello = ws.receive_json()
            assert hello["type"] == "hello" and hello["view"]["over"] is True
