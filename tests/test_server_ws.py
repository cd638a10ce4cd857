"""The seat WebSocket: whole games played by people through it, where no message to a
seat or a spectator ever names a card that seat could not see; every bad message
refused with a clear error and nothing changed; reconnecting, the grace period and
the bot that stands in, hints and chat."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import followsuit
from followsuit import record as R
from followsuit.cards import iter_bits
from followsuit.engine import actions as A
from followsuit.server.actor import MOMENTS_KEPT
from followsuit.server.app import create_app
from followsuit.server.fairdeal import deal_of

from .server_support import client, finish, protocols, settings_for_tests, wait_for  # noqa: F401

Messages = list[dict[str, Any]]


def new_table(client: TestClient, variant: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"variant": variant, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


def token_of(created: dict[str, Any], seat: int) -> str:
    token: str = next(s["token"] for s in created["seats"] if s["seat"] == seat)
    return token


def receive_until(ws: WebSocketTestSession, want: str, n: int | None = None) -> Messages:
    """Messages up to and including the first of type ``want`` (with number ``n``);
    an error where something else was wanted fails at once (rather than waiting for
    a message that will not come)."""
    got = []
    while True:
        message = ws.receive_json()
        got.append(message)
        if message["type"] == want and (n is None or message.get("n") == n):
            return got
        assert message["type"] != "error", message


# -- no message holds a card its seat could not see -------------------------------


def card_words(message: Any, codes: set[str]) -> set[str]:
    """Every card code a message names anywhere (values only, not keys)."""
    found: set[str] = set()
    todo = [message]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
        elif isinstance(value, str):
            found.update(w for w in value.split() if w in codes)
    return found


def states_by_number(rec: dict[str, Any]) -> list[followsuit.State]:
    """The server's state after each accepted action (index n), rebuilt from the
    finished record: the next hand is dealt as soon as one ends, as the server does."""
    rules = R.replay(rec).rules
    state = followsuit.State(rules)
    hands = rec["hands"]
    state.deal(deal_of(rules, hands[0]["dealer"], hands[0]["fair"]["order"]), hands[0]["dealer"])
    out = [state.clone()]
    for k, hand in enumerate(hands):
        for _seat, text in hand["actions"]:
            state.apply(text)
            if state.needs_deal and k + 1 < len(hands):
                nxt = hands[k + 1]
                state.deal(deal_of(rules, nxt["dealer"], nxt["fair"]["order"]), nxt["dealer"])
            out.append(state.clone())
    return out


def seen_codes(state: followsuit.State, audience: int | None) -> set[str]:
    """The cards this audience has seen, and the cards named without being seen
    where they lie: the card a bidder called for a partner, and the cards the seat
    may call (its legal actions)."""
    obs = state.observation(audience)
    codes = obs.deck.codes
    out = {codes[c] for c in iter_bits(obs.deck.full_mask & ~obs.unseen())}
    if obs.called_card is not None:
        out.add(codes[obs.called_card])
    for action in obs.legal_actions:
        if not (A.is_play(action) or A.is_discard(action) or A.is_give(action)):
            out.update(codes[c] for c in iter_bits(A.named_cards(action)))
    return out


class Seen(NamedTuple):
    """What a leak check needs of one message (whole messages of a long game would
    fill the memory): its type and number, the cards it names outside ``reveal``,
    which hand a ``reveal`` reveals, and the hand it shows."""

    kind: str
    n: int
    named: frozenset[str]
    reveal_hand: int | None
    hand: tuple[str, ...] | None
    hand_hidden: bool
    text: str


def seen(message: dict[str, Any], codes: set[str]) -> Seen:
    reveal = message.pop("reveal", None)
    view = message.get("view") or {}
    return Seen(
        message["type"],
        message.get("n", -1),
        frozenset(card_words(message, codes)),
        None if reveal is None else reveal["hand"],
        tuple(view["hand"]) if "hand" in view else None,
        bool(view.get("hand_hidden")),
        repr(message)[:600],
    )


def play_through_sockets(
    client: TestClient, variant: str, options: dict[str, Any], seed: int
) -> tuple[dict[str, Any], dict[int | None, list[Seen]]]:
    """A whole game of people (the hint, or a random legal action), every seat and a
    spectator connected; the record and what each audience was told."""
    rules = followsuit.load_rules(variant, options)
    codes = set(rules.deck.codes)
    n = rules.num_players
    created = new_table(client, variant, ["human"] * n, options=options, bot_delay_ms=0)
    table_id = created["id"]
    rng = random.Random(seed)
    log: dict[int | None, list[Seen]] = {a: [] for a in [*range(n), None]}
    with ExitStack() as stack:
        sockets: dict[int | None, WebSocketTestSession] = {}
        for seat in range(n):
            sockets[seat] = stack.enter_context(
                client.websocket_connect(
                    f"/ws/tables/{table_id}", subprotocols=protocols(token_of(created, seat))
                )
            )
        sockets[None] = stack.enter_context(client.websocket_connect(f"/ws/tables/{table_id}"))
        views: dict[int | None, dict[str, Any]] = {}
        for audience, ws in sockets.items():
            got = receive_until(ws, "hello")
            views[audience] = got[-1]["view"]
            log[audience] += [seen(m, codes) for m in got]
        number = 0
        while not views[None]["over"]:
            movers = [s for s in range(n) if views[s]["legal"]]
            assert len(movers) == 1, movers
            seat = movers[0]
            choice = rng.choice(views[seat]["legal"])["text"]
            if rng.random() < 0.8:  # mostly the bots' hint, so that games end soon
                sockets[seat].send_json({"type": "hint"})
                hint = receive_until(sockets[seat], "hint")
                choice = hint[-1]["text"]
                log[seat] += [seen(m, codes) for m in hint]
            sockets[seat].send_json({"type": "act", "action": choice, "n": number})
            number += 1
            for audience, ws in sockets.items():
                got = receive_until(ws, "update", number)
                views[audience] = got[-1]["view"]
                log[audience] += [seen(m, codes) for m in got]
    rec = client.get(f"/api/tables/{table_id}/record").json()
    return rec, log


GAMES = [
    ("euchre/american", {"target_score": 5}),
    ("bid-euchre/standard", {"target_score": 10}),
    ("pitch/cutthroat-3p", {"target_score": 5}),
    ("pitch/discard-draw", {"target_score": 5}),
]


@pytest.mark.parametrize(("variant", "options"), GAMES)
def test_no_message_names_a_card_its_seat_could_not_see(
    client: TestClient, variant: str, options: dict[str, Any]
) -> None:
    check_no_leak(client, variant, options)


@pytest.mark.slow
@pytest.mark.parametrize(
    # euchre/timed ends only by the clock: test_a_timed_game_... plays it
    "variant",
    [v.id for v in followsuit.variants() if v.id != "euchre/timed"],
)
def test_no_message_leaks_in_any_variant(client: TestClient, variant: str) -> None:
    check_no_leak(client, variant, short_game(variant))


def short_game(variant: str) -> dict[str, Any]:
    """A lower target where the variant lets one be set (a third of its own)."""
    target = followsuit.load_rules(variant).settings.target_score
    if target is None:
        return {}
    try:
        followsuit.load_rules(variant, {"target_score": max(5, target // 3)})
    except followsuit.OptionError:
        return {}
    return {"target_score": max(5, target // 3)}


def check_no_leak(client: TestClient, variant: str, options: dict[str, Any]) -> None:
    rec, log = play_through_sockets(client, variant, options, seed=len(variant))
    states = states_by_number(rec)
    assert R.replay(rec).over
    for audience, messages in log.items():
        updates = [m for m in messages if m.kind in ("hello", "update")]
        assert [m.n for m in updates] == list(range(len(states)))
        for m in updates:
            state = states[m.n]
            allowed = seen_codes(state, audience)
            if m.reveal_hand is not None:  # a finished hand's shuffle, revealed after it
                assert m.reveal_hand < len(state.history()) or state.over
                # and the hand's last trick, played face up, is still on show
                last = state.results[-1].tricks
                allowed |= {state.rules.deck.codes[c] for c in (last[-1].cards if last else ())}
            assert m.named <= allowed, (audience, m.n, sorted(m.named - allowed), m.text)
            if audience is not None and not m.hand_hidden:
                held = {state.rules.deck.codes[c] for c in iter_bits(state.hands[audience])}
                assert m.hand is not None and set(m.hand) == held
        for hint in (m for m in messages if m.kind == "hint"):
            assert hint.named <= seen_codes(states[hint.n], audience)


# -- bad messages -------------------------------------------------------------------


@pytest.fixture
def seated(client: TestClient) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    created = new_table(client, "euchre/american", ["human"] * 4, bot_delay_ms=0)
    yield client, created


def test_bad_messages_get_clear_errors_and_change_nothing(
    seated: tuple[TestClient, dict[str, Any]],
) -> None:
    client, created = seated
    table_id = created["id"]
    before = client.get(f"/api/tables/{table_id}").json()
    to_move = before["to_move"]
    other = (to_move + 1) % 4
    url = f"/ws/tables/{table_id}"
    with (
        client.websocket_connect(url, subprotocols=protocols(token_of(created, to_move))) as mover,
        client.websocket_connect(url, subprotocols=protocols(token_of(created, other))) as waiting,
        client.websocket_connect(f"/ws/tables/{table_id}") as spectator,
    ):
        hello = receive_until(mover, "hello")[-1]
        receive_until(waiting, "hello")
        receive_until(spectator, "hello")
        legal = hello["view"]["legal"][0]["text"]
        cases: list[tuple[WebSocketTestSession, Any, str, str]] = [
            (waiting, {"type": "act", "action": "pass", "n": 0}, "not_your_turn", "it is seat"),
            (mover, {"type": "act", "action": legal, "n": 5}, "stale", "not the current state 0"),
            (mover, {"type": "act", "action": "play 2H", "n": 0}, "illegal", "play 2H"),
            (mover, {"type": "act", "action": "call H", "n": 0}, "illegal", "call H"),
            (mover, {"type": "act", "action": "", "n": 0}, "malformed", "act needs"),
            (mover, {"type": "act", "action": legal}, "malformed", '"n"'),
            (mover, {"type": "act", "action": legal, "n": "0"}, "malformed", '"n"'),
            (mover, {"type": "act", "action": 3, "n": 0}, "malformed", "act needs"),
            (mover, {"type": "fly"}, "malformed", "unknown message type 'fly'"),
            (mover, [1, 2], "malformed", "JSON object"),
            (mover, "not json", "malformed", "not valid JSON"),
            (mover, {"type": "act", "action": "x" * 5000, "n": 0}, "too_large", "at most 4096"),
            (mover, {"type": "act", "action": "pass " * 50, "n": 0}, "malformed", "act needs"),
            (mover, {"type": "act", "action": "pass now", "n": 0}, "illegal", "pass now"),
            (spectator, {"type": "act", "action": legal, "n": 0}, "spectator", "cannot act"),
            (spectator, {"type": "hint"}, "spectator", "hints"),
            (spectator, {"type": "chat", "text": "hi"}, "spectator", "cannot chat"),
            (waiting, {"type": "hint"}, "not_your_turn", "hint"),
            (mover, {"type": "chat", "text": "   "}, "malformed", "needs some text"),
            (mover, {"type": "chat", "phrase": 99}, "malformed", "no such phrase"),
        ]
        for ws, body, code, words in cases:
            if isinstance(body, str):
                ws.send_text(body)
            else:
                ws.send_json(body)
            reply = receive_until(ws, "error")[-1]
            assert reply["code"] == code, (body, reply)
            assert words in reply["message"], (body, reply)
            assert reply["n"] == 0
        mover.send_bytes(b"\x00\x01")
        assert receive_until(mover, "error")[-1]["code"] == "malformed"
        mover.send_json({"type": "sync"})
        again = receive_until(mover, "hello")[-1]
        assert again["view"] == hello["view"] and again["n"] == 0
    after = client.get(f"/api/tables/{table_id}").json()
    assert after["n"] == 0 and after["to_move"] == to_move
    assert client.get(f"/api/tables/{table_id}/record").json()["hands"] == []


def test_a_flood_of_messages_is_slowed_down(seated: tuple[TestClient, dict[str, Any]]) -> None:
    client, created = seated
    with client.websocket_connect(f"/ws/tables/{created['id']}") as ws:
        receive_until(ws, "hello")
        for _ in range(600):
            ws.send_json({"type": "ping"})
        replies = [ws.receive_json() for _ in range(600)]
        kinds = [r.get("code", r["type"]) for r in replies]
        assert kinds.count("pong") >= 200 and "too_many" in kinds


def test_a_bad_token_or_table_is_refused(seated: tuple[TestClient, dict[str, Any]]) -> None:
    client, created = seated
    url = f"/ws/tables/{created['id']}"
    with client.websocket_connect(url, subprotocols=protocols("guess")) as ws:
        assert ws.receive_json()["code"] == "bad_token"
    # a token in the address (where logs would keep it) is refused, even a good one,
    # however it is spelled: the address takes nothing but since=N
    token = token_of(created, 0)
    for query in ("token", "Token", "TOKEN", "access_token", "seat", "t"):
        for address in (f"{url}?{query}={token}", f"{url}?since=0&{query}={token}"):
            with client.websocket_connect(address, subprotocols=protocols(token)) as ws:
                refused = ws.receive_json()
                assert refused["code"] == "bad_token", address
                assert "Sec-WebSocket-Protocol" in refused["message"]
    with client.websocket_connect(f"{url}?{token}") as ws:
        assert ws.receive_json()["code"] == "bad_token"
    assert not client.get(url.replace("/ws/", "/api/")).json()["seats"][0]["connected"]
    with client.websocket_connect(f"/ws/tables/{token}") as ws:  # where an id goes
        assert ws.receive_json()["code"] == "not_found"
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json()["code"] == "not_found"


def test_a_seat_plays_and_everyone_sees_the_numbered_event(
    seated: tuple[TestClient, dict[str, Any]],
) -> None:
    client, created = seated
    table_id = created["id"]
    to_move = client.get(f"/api/tables/{table_id}").json()["to_move"]
    url = f"/ws/tables/{table_id}"
    mine = protocols(token_of(created, to_move))
    with (
        client.websocket_connect(url, subprotocols=mine) as ws,
        client.websocket_connect(f"/ws/tables/{table_id}") as spectator,
    ):
        receive_until(ws, "hello")
        receive_until(spectator, "hello")
        ws.send_json({"type": "hint"})
        hint = receive_until(ws, "hint")[-1]
        legal = [a["text"] for a in receive_until_sync(ws)["view"]["legal"]]
        assert hint["text"] in legal
        ws.send_json({"type": "act", "action": "pass", "n": 0})
        update = receive_until(ws, "update", 1)[-1]
        assert update["event"] == {"seat": to_move, "text": "pass", "says": "passes"}
        seen = receive_until(spectator, "update", 1)[-1]
        assert seen["event"]["text"] == "pass" and seen["view"]["hand"] == []
        ws.send_json({"type": "act", "action": "pass", "n": 0})
        assert receive_until(ws, "error")[-1]["code"] in ("stale", "not_your_turn")
        ws.send_json({"type": "chat", "text": "  good   luck  "})
        chat = receive_until(spectator, "chat")[-1]
        assert chat["seat"] == to_move and chat["text"] == "good luck"
    # a reload: the same seat, the same state, and the chat so far
    with client.websocket_connect(url, subprotocols=mine) as ws:
        hello = receive_until(ws, "hello")[-1]
        assert hello["you"] == to_move and hello["n"] == 1
        assert hello["chat"][-1]["text"] == "good luck"


def test_a_page_coming_back_gets_the_events_it_missed(
    seated: tuple[TestClient, dict[str, Any]],
) -> None:
    client, created = seated
    table_id = created["id"]
    url = f"/ws/tables/{table_id}"
    sockets = {}
    with ExitStack() as stack:
        for seat in range(4):
            sockets[seat] = stack.enter_context(
                client.websocket_connect(url, subprotocols=protocols(token_of(created, seat)))
            )
        views = {seat: receive_until(ws, "hello")[-1]["view"] for seat, ws in sockets.items()}
        away = views[0]["dealer"]  # the dealer speaks last: the others pass first
        sockets.pop(away).close()
        for n in range(1, 4):  # three passes while the dealer's page is away
            seat = next(s for s, v in views.items() if s in sockets and v["legal"])
            sockets[seat].send_json({"type": "act", "action": "pass", "n": n - 1})
            for s, ws in sockets.items():
                views[s] = receive_until(ws, "update", n)[-1]["view"]
        back_in = protocols(token_of(created, away))
        with client.websocket_connect(url + "?since=0", subprotocols=back_in) as back:
            resume = back.receive_json()
            assert resume["type"] == "resume" and resume["n"] == 0 and resume["you"] == away
            missed = [back.receive_json() for _ in range(3)]
            assert [m["n"] for m in missed] == [1, 2, 3]
            assert all(m["type"] == "update" and m["event"]["text"] == "pass" for m in missed)
            back.send_json({"type": "sync"})
            assert receive_until(back, "hello")[-1]["view"] == missed[-1]["view"]
        # at the current state: nothing to send but the table; too far back or
        # nonsense: a snapshot
        for since, kind in (("3", "resume"), ("99", "hello"), ("x", "hello"), ("-1", "hello")):
            with client.websocket_connect(f"{url}?since={since}", subprotocols=back_in) as ws:
                first = ws.receive_json()
                assert first["type"] == kind and first["n"] == 3, (since, first)


def test_only_the_recent_events_are_kept_for_pages_coming_back(
    client: TestClient,
) -> None:
    # to 15 points: at least four hands of 20 actions or more (the deals are the
    # server's own, so a game's length cannot be chosen, only bounded)
    created = new_table(
        client, "euchre/american", ["bot:rules"] * 4, options={"target_score": 15}, bot_delay_ms=0
    )
    view = finish(client, created["id"], timeout=60)
    assert view["n"] > MOMENTS_KEPT
    with client.websocket_connect(f"/ws/tables/{created['id']}?since=0") as ws:
        assert ws.receive_json()["type"] == "hello"  # too far back: a snapshot
    since = view["n"] - MOMENTS_KEPT
    with client.websocket_connect(f"/ws/tables/{created['id']}?since={since}") as ws:
        assert ws.receive_json()["type"] == "resume"
        got = [ws.receive_json()["n"] for _ in range(MOMENTS_KEPT)]
        assert got == list(range(since + 1, view["n"] + 1))


def receive_until_sync(ws: WebSocketTestSession) -> dict[str, Any]:
    ws.send_json({"type": "sync"})
    return receive_until(ws, "hello")[-1]


def test_a_seat_left_empty_is_played_by_a_bot_after_the_grace_period(
    client: TestClient,
) -> None:
    created = new_table(
        client,
        "euchre/american",
        ["human", "bot:rules", "bot:rules", "bot:rules"],
        options={"target_score": 3},
        bot_delay_ms=0,
        grace_seconds=0,
    )
    view = finish(client, created["id"])
    assert view["seats"][0]["away"] is True and view["seats"][0]["bot_playing"] is True
    assert R.replay(client.get(f"/api/tables/{created['id']}/record").json()).over


def test_a_person_who_comes_back_takes_the_seat_back(client: TestClient) -> None:
    created = new_table(
        client,
        "euchre/american",
        ["human", "bot:rules", "bot:rules", "bot:rules"],
        bot_delay_ms=50,
        grace_seconds=0,
    )
    table_id = created["id"]
    wait_for(lambda: client.get(f"/api/tables/{table_id}").json()["n"] >= 6)
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url, subprotocols=protocols(token_of(created, 0))) as ws:
        message = receive_until(ws, "hello")[-1]
        seats = receive_until(ws, "seats")[-1]["seats"]
        assert seats[0]["connected"] and not seats[0]["away"] and not seats[0]["bot_playing"]
        while not message["view"]["legal"]:  # the bots play on to seat 0's turn, then wait
            assert not message["view"]["over"], "the game ended before seat 0 had a turn"
            message = receive_until(ws, "update")[-1]
        n = message["n"]
        ws.send_json({"type": "act", "action": message["view"]["legal"][0]["text"], "n": n})
        assert receive_until(ws, "update", n + 1)[-1]["event"]["seat"] == 0


def test_a_timed_game_ends_when_the_server_clock_says_time_is_up(client: TestClient) -> None:
    created = new_table(
        client,
        "euchre/timed",
        ["bot:rules"] * 4,
        options={"time_limit_seconds": 1},
        bot_delay_ms=20,
    )
    view = finish(client, created["id"])
    assert view["time_limit_ms"] == 1000 and view["clock_used_ms"] >= 1000
    rec = client.get(f"/api/tables/{created['id']}/record").json()
    texts = [text for hand in rec["hands"] for _seat, text in hand["actions"]]
    assert texts.count("time-up") == 1
    assert R.replay(rec).over and R.replay(rec).time_up


def test_a_person_names_their_seat_and_the_name_is_kept(tmp_path: Path) -> None:
    settings = settings_for_tests(f"sqlite:///{tmp_path / 'names.db'}")
    with TestClient(create_app(settings)) as client:
        created = new_table(client, "euchre/american", ["human"] * 4)
        table_id = created["id"]
        url = f"/ws/tables/{table_id}"
        with (
            client.websocket_connect(url, subprotocols=protocols(token_of(created, 1))) as ws,
            client.websocket_connect(f"/ws/tables/{table_id}") as spectator,
        ):
            receive_until(ws, "hello")
            receive_until(spectator, "hello")
            ws.send_json({"type": "name", "name": "  Alice   Smith  " + "x" * 50})
            seats = receive_until(spectator, "seats")
            while seats[-1]["seats"][1]["name"] == "":
                seats = receive_until(spectator, "seats")
            assert seats[-1]["seats"][1]["name"] == ("Alice Smith " + "x" * 50)[:40]
            spectator.send_json({"type": "name", "name": "Eve"})
            assert receive_until(spectator, "error")[-1]["code"] == "spectator"
            ws.send_json({"type": "name", "name": 7})
            assert receive_until(ws, "error")[-1]["code"] == "malformed"
    with TestClient(create_app(settings)) as client:  # kept across a restart
        view = client.get(f"/api/tables/{table_id}").json()
        assert view["seats"][1]["name"].startswith("Alice Smith")


def test_a_timed_games_clock_starts_when_everyone_has_sat_down(tmp_path: Path) -> None:
    """Not when the table is made: the friends still to come through the invite
    link lose no time, and once started the clock keeps running after a restart."""
    settings = settings_for_tests(f"sqlite:///{tmp_path / 'clock.db'}")
    with TestClient(create_app(settings)) as client:
        created = new_table(
            client,
            "euchre/timed",
            ["human", "human", "bot:rules", "bot:rules"],
            options={"time_limit_seconds": 600},
        )
        table_id = created["id"]
        url = f"/ws/tables/{table_id}"

        def used() -> int:
            value: int = client.get(f"/api/tables/{table_id}").json()["clock_used_ms"]
            return value

        with client.websocket_connect(url, subprotocols=protocols(token_of(created, 0))) as ws:
            receive_until(ws, "hello")
            time.sleep(0.3)
            assert used() == 0  # the creator is here; the friend has not come
            invite = created["invite"].split("invite=")[1]
            joined = client.post(f"/api/tables/{table_id}/join", json={"invite": invite}).json()
            time.sleep(0.3)
            assert used() == 0  # the friend's seat is taken, but nobody has sat in it
            friend = protocols(joined["token"])
            with client.websocket_connect(url, subprotocols=friend) as other:
                receive_until(other, "hello")
                wait_for(lambda: used() >= 200)
    with TestClient(create_app(settings)) as client:  # restarted, nobody connected
        before = used()
        wait_for(lambda: used() >= before + 200)


def test_chat_is_kept_with_the_table_across_a_restart(tmp_path: Path) -> None:
    settings = settings_for_tests(f"sqlite:///{tmp_path / 'chat.db'}")
    with TestClient(create_app(settings)) as client:
        created = new_table(client, "euchre/american", ["human"] * 4)
        url = f"/ws/tables/{created['id']}"
        with client.websocket_connect(url, subprotocols=protocols(token_of(created, 2))) as ws:
            receive_until(ws, "hello")
            ws.send_json({"type": "chat", "text": "good luck"})
            ws.send_json({"type": "chat", "phrase": 0})
            receive_until(ws, "chat")
            assert receive_until(ws, "chat")[-1]["text"] == "Good game!"
    with TestClient(create_app(settings)) as client, client.websocket_connect(url) as watcher:
        hello = receive_until(watcher, "hello")[-1]
        assert [(c["seat"], c["text"]) for c in hello["chat"]] == [
            (2, "good luck"),
            (2, "Good game!"),
        ]
