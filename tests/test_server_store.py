"""The store: migrations, a table's rows appended action by action in one
transaction each, and a game rebuilt from them exactly (SQLite, and PostgreSQL
when FOLLOWSUIT_TEST_POSTGRES_URL is set)."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

import followsuit
from followsuit import record as R
from followsuit.server.fairdeal import verify_hand
from followsuit.server.livegame import LiveGame
from followsuit.server.migrations import downgrade, upgrade
from followsuit.server.store import ActionRow, HandRow, Preset, SeatSpec, SqlStore, TableSpec

from .server_support import database_url, play_bots, store  # noqa: F401

TABLES = {"fs_tables", "fs_seats", "fs_hands", "fs_actions", "fs_presets"}


def spec(table_id: str, variant: str, n: int = 4) -> TableSpec:
    return TableSpec(
        id=table_id,
        variant=variant,
        options={},
        seats=tuple(SeatSpec("bot", "random") for _ in range(n)),
        bot_delay_ms=0,
        grace_seconds=90,
        invite_hash="0" * 64,
    )


def test_migrations_make_the_schema_and_can_be_undone(store: SqlStore) -> None:
    assert set(inspect(store.engine).get_table_names()) >= TABLES
    with store.engine.begin() as conn:
        downgrade(conn, "base")
    assert not TABLES & set(inspect(store.engine).get_table_names())
    with store.engine.begin() as conn:
        upgrade(conn)
    assert set(inspect(store.engine).get_table_names()) >= TABLES
    SqlStore(store.url).close()  # opening an up-to-date database migrates nothing


GAMES = [
    ("euchre/american", {"target_score": 5}),
    ("bid-euchre/standard", {"target_score": 10}),
    ("pitch/cutthroat-3p", {"target_score": 7}),
    ("pitch/blind", {"target_score": 7}),
]


@pytest.mark.parametrize(("variant", "options"), GAMES)
def test_a_game_rebuilt_from_its_rows_is_the_same_game(
    store: SqlStore, variant: str, options: dict[str, int]
) -> None:
    rules = followsuit.load_rules(variant, options)
    first = LiveGame.first_hand(rules)
    table = spec("t1", variant, rules.num_players)
    store.create_table(TableSpec(**{**table.__dict__, "options": options}), first)
    game = LiveGame(rules, [first], [])
    rng = random.Random(variant)
    played = play_bots(game, store, "t1", rng, limit=40)  # fewer if the game ends first
    middle = store.load("t1")
    assert middle is not None and len(middle.actions) == game.seq == played
    again = LiveGame(rules, middle.hands, middle.actions)
    assert again.record(whole=True) == game.record(whole=True)
    assert again.state.observation(0) == game.state.observation(0)
    play_bots(game, store, "t1", rng, limit=100_000)
    assert game.state.over
    done = store.load("t1")
    assert done is not None and done.over and store.open_tables() == []
    final = LiveGame(rules, done.hands, done.actions)
    rec = final.record()
    assert rec == game.record()
    replayed = R.replay(rec)
    assert replayed.over and replayed.scores == game.state.scores
    assert all(verify_hand(rules, hand) is None for hand in rec["hands"])


def test_an_action_and_the_next_deal_are_one_transaction(store: SqlStore) -> None:
    rules = followsuit.load_rules("euchre/american")
    first = LiveGame.first_hand(rules)
    store.create_table(spec("t2", "euchre/american"), first)
    clash = HandRow(0, 0, first.order, first.salt, first.commitment)  # hand 0 exists
    with pytest.raises(IntegrityError):
        store.append("t2", ActionRow(1, 0, 1, "pass"), clash, over=False)
    stored = store.load("t2")
    assert stored is not None and stored.actions == ()  # the action went with it
    store.append("t2", ActionRow(1, 0, 1, "pass"), None, over=False)
    with pytest.raises(IntegrityError):  # the same state number twice
        store.append("t2", ActionRow(1, 0, 2, "pass"), None, over=False)
    stored = store.load("t2")
    assert stored is not None and [a.text for a in stored.actions] == ["pass"]
    assert store.open_tables() == ["t2"]


def test_seats_claims_and_presets(store: SqlStore) -> None:
    rules = followsuit.load_rules("euchre/american")
    table = spec("t3", "euchre/american")
    table = TableSpec(**{**table.__dict__, "seats": (SeatSpec("human", "rules", "a" * 64),) * 4})
    store.create_table(table, LiveGame.first_hand(rules))
    store.claim_seat("t3", 2, "b" * 64)
    stored = store.load("t3")
    assert stored is not None
    assert [s.claimed for s in stored.spec.seats] == [False, False, True, False]
    assert stored.spec.seats[2].token_hash == "b" * 64
    assert store.load("nope") is None
    store.save_preset(Preset("p1", "our club", "euchre/american", {"stick_the_dealer": True}))
    assert store.preset("p1") == Preset(
        "p1", "our club", "euchre/american", {"stick_the_dealer": True}
    )
    assert store.preset("p2") is None


def test_a_database_of_the_first_schema_is_upgraded_with_its_tables(database_url: str) -> None:
    """A table stored before seats had names is still there after the upgrade."""
    old = SqlStore(database_url, migrate=False)
    with old.engine.begin() as conn:
        upgrade(conn, "0001")
        conn.execute(
            text(
                "INSERT INTO fs_tables VALUES ('t9', 'euchre/american', '{}', 0, 90, :h, 0, :f, 0)"
            ),
            {"h": "0" * 64, "f": False},
        )
        conn.execute(
            text("INSERT INTO fs_seats VALUES ('t9', 0, 'human', 'rules', :h, :c)"),
            {"h": "a" * 64, "c": True},
        )
    old.close()
    new = SqlStore(database_url)  # opening it migrates to the newest schema
    try:
        stored = new.load("t9")
        assert stored is not None and stored.spec.seats == (
            SeatSpec("human", "rules", "a" * 64, True, ""),
        )
        new.name_seat("t9", 0, "Alice")
        stored = new.load("t9")
        assert stored is not None and stored.spec.seats[0].name == "Alice"
    finally:
        new.close()
