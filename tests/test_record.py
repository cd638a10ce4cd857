"""The followsuit/1 record: round trips, replay errors, and `followsuit replay`."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import followsuit
from followsuit import record
from followsuit.engine import InvalidRecord

from .conftest import SCENARIOS, data_path, load_json


def _s1() -> dict[str, Any]:
    return record.load(data_path("scenarios", "S1.json"))


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "followsuit.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_played_game_round_trips_through_a_record() -> None:
    game = followsuit.new_game("euchre/american", {"stick_the_dealer": True}, seed=9)
    while not game.is_over():
        game.apply(game.legal_actions()[-1])
    rec = record.to_record(game, players=["a", "b", "c", "d"])
    again = record.replay(json.loads(record.dumps(rec)))
    assert record.summary(again) == record.summary(game)
    assert record.to_record(again, players=["a", "b", "c", "d"]) == rec
    assert rec["options"] == {"stick_the_dealer": True}


def test_a_record_may_stop_mid_hand() -> None:
    rec = _s1()
    rec["hands"][0]["actions"] = rec["hands"][0]["actions"][:5]
    result = record.summary(record.replay(rec))
    assert result["hands"] == [
        {"dealer": 3, "trump": "H", "maker": 0, "points": None, "score": [0, 0]}
    ]
    assert result["winner"] is None


def _error(rec: dict[str, Any]) -> str:
    with pytest.raises(InvalidRecord) as exc:
        record.replay(rec)
    return str(exc.value)


def test_illegal_card_names_hand_action_seat_and_reason() -> None:
    rec = _s1()
    rec["hands"][0]["actions"][7] = [1, "play KS"]  # E must play JD (left bower)
    assert _error(rec) == (
        "hand 0, action 7: seat 1 cannot play KS: must follow hearts: KS is not a heart; "
        "the left bower JD is a heart"
    )


def test_action_out_of_turn() -> None:
    rec = _s1()
    rec["hands"][0]["actions"][0] = [1, "order-up"]
    assert _error(rec) == "hand 0, action 0: seat 1 cannot order-up: it is seat 0's turn"


def test_action_after_the_hand_is_over() -> None:
    rec = _s1()
    rec["hands"][0]["actions"].append([0, "play JH"])
    assert _error(rec) == "hand 0, action 22: seat 0 cannot play JH: the hand is over"


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.update(format="followsuit/2"), "format: must be 'followsuit/1'"),
        (lambda r: r.update(variant="euchre/martian"), "variant: unknown variant 'euchre/martian'"),
        (
            lambda r: r.update(options={"stick_the_dealer": 3}),
            "options.stick_the_dealer: option stick_the_dealer: 3 is not allowed",
        ),
        (lambda r: r.update(options={"bogus": 1}), "options.bogus: unknown option 'bogus'"),
        (lambda r: r.update(hands={}), "hands: must be a list of hands"),
        (lambda r: r["hands"][0].update(dealer=7), "hands[0].dealer: must be a seat 0-3"),
        (
            lambda r: r["hands"][0]["deal"]["hands"][2].__setitem__(1, "XX"),
            "hands[0].deal.hands[2][1]: not a card: 'XX'",
        ),
        (
            lambda r: r["hands"][0]["deal"]["hands"][2].__setitem__(1, "JH"),
            "hands[0].deal.hands[2][1]: JH appears too often",
        ),
        (lambda r: r["hands"][0]["deal"]["hands"].pop(), "hands[0].deal.hands: has 3 hands"),
        (
            lambda r: r["hands"][0]["deal"]["kitty"].pop(),
            "hands[0].deal: the cards are not the EUCHRE24 deck (missing TS)",
        ),
        (
            lambda r: r["hands"][0]["deal"].pop("upcard"),
            "hands[0].deal: deal.upcard: missing"[:16],
        ),
        (
            lambda r: r["hands"][0]["actions"].__setitem__(0, "order-up"),
            'hands[0].actions[0]: must be a [seat, "verb args"] pair',
        ),
        (
            lambda r: r["hands"][0]["actions"].__setitem__(0, [0, "dance"]),
            "hand 0, action 0: seat 0 cannot dance: unknown action 'dance'",
        ),
        (
            lambda r: r["hands"][0]["actions"].__setitem__(0, [None, "time-up"]),
            "hand 0, action 0: table event time-up",
        ),
        (
            lambda r: (
                r["hands"][0]["deal"].update(stock=[]) or r["hands"][0]["deal"].update(pile=[])
            ),
            "hands[0].deal.pile: is not a deal field",
        ),
    ],
)
def test_malformed_records_name_the_field(mutate: Any, message: str) -> None:
    rec = copy.deepcopy(_s1())
    mutate(rec)
    assert message in _error(rec)


def test_next_hand_with_the_wrong_dealer() -> None:
    rec = record.load(data_path("scenarios", "S2.json"))
    rec["hands"][1]["dealer"] = 3
    assert _error(rec) == "hands[1].dealer: seat 1 deals this hand, not seat 3"


def test_hand_after_the_game_ended() -> None:
    rec = record.load(data_path("scenarios", "S2.json"))
    rec["hands"].append(copy.deepcopy(rec["hands"][0]))
    assert _error(rec) == "hand 8: the game was already over"


def test_not_json() -> None:
    with pytest.raises(InvalidRecord, match="record: not valid JSON"):
        record.loads("{nope")


# ------------------------------------------------------------------ the CLI


def test_cli_replay_json_matches_expected(tmp_path: Path) -> None:
    src = data_path("scenarios", "S2.json")
    out = _cli("replay", str(src), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == load_json(SCENARIOS / "S2.expected.json")
    assert out.stdout.count("\n") == 1


def test_cli_replay_text(tmp_path: Path) -> None:
    out = _cli("replay", str(data_path("scenarios", "S2.json")))
    assert out.returncode == 0
    assert "8 – 10" in out.stdout and "win" in out.stdout


def test_cli_replay_error_exit_2_one_line_nothing_on_stdout(tmp_path: Path) -> None:
    rec = _s1()
    rec["hands"][0]["actions"][7] = [1, "play KS"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    for args in (["replay", str(bad)], ["replay", str(bad), "--json"]):
        out = _cli(*args)
        assert out.returncode == 2
        assert out.stdout == ""
        assert out.stderr.strip().splitlines() == [
            "hand 0, action 7: seat 1 cannot play KS: must follow hearts: KS is not a heart; "
            "the left bower JD is a heart"
        ]


def test_cli_replay_missing_or_garbage_file(tmp_path: Path) -> None:
    garbage = tmp_path / "g.json"
    garbage.write_text("[1, 2")
    for path in (str(tmp_path / "missing.json"), str(garbage)):
        out = _cli("replay", path, "--json")
        assert out.returncode == 2 and out.stdout == ""
        assert len(out.stderr.strip().splitlines()) == 1


def test_a_records_options_do_not_depend_on_what_was_loaded_before() -> None:
    """Two sets of options that make the same game (10 is the default target)
    each write their own: the compiled program does not carry the other's."""
    followsuit.new_game("euchre/american", {"stick_the_dealer": True, "target_score": 10}, seed=1)
    game = followsuit.new_game("euchre/american", {"stick_the_dealer": True}, seed=1)
    assert record.to_record(game)["options"] == {"stick_the_dealer": True}
