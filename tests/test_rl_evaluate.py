"""Scoring a policy against the bots: the arena's duplicate deals and figures,
from Python (``followsuit.rl.evaluate``) and from ``followsuit arena --policy``."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import followsuit
import followsuit.rl as rl
from followsuit.cli.main import app
from tests.rl_policies import first_legal, last_legal


def test_the_policy_plays_every_side_of_every_deal() -> None:
    seen: list[tuple[int, ...]] = []

    def watching(obs: dict[str, Any]) -> int:
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].any()
        return first_legal(obs)

    result = rl.evaluate(watching, "euchre/american", opponents="random", games=6, seed=2)
    assert [b.name for b in result.bots] == ["watching", "random"]
    for o in result.outcomes:
        seen.append(o.task.sides)
        assert o.task.bot_names == ("watching", "random")
    assert seen == [(0, 1), (1, 0)] * 3  # each deal once per rotation of the sides
    policy, bot = result.bots
    assert policy.games == bot.games == 6
    assert policy.games_won + bot.games_won == 6
    assert result.difference is not None
    # zero-sum on the same hands: the policy's points per hand less the bot's
    assert result.difference[0] == pytest.approx(policy.points_per_hand - bot.points_per_hand)


def test_a_weak_policy_loses_to_easy_and_the_figures_say_how_surely() -> None:
    result = rl.evaluate(first_legal, "euchre/american", "easy", games=20, seed=1)
    policy = result.bots[0]
    lo, hi = policy.win_rate_ci95
    assert policy.win_rate < 0.2 and lo <= policy.win_rate <= hi < 0.5
    assert result.difference is not None and result.difference[1][1] < 0


def test_the_same_seed_gives_the_same_games_in_workers_as_here() -> None:
    here = rl.evaluate("tests.rl_policies:last_legal", "pitch/partnership-4p", games=4, seed=3)
    there = rl.evaluate(
        "tests.rl_policies:last_legal", "pitch/partnership-4p", games=4, seed=3, jobs=2
    )
    callable_ = rl.evaluate(last_legal, "pitch/partnership-4p", games=4, seed=3)
    assert here.as_json() == there.as_json()
    assert here.outcomes == there.outcomes
    assert [o.scores for o in callable_.outcomes] == [o.scores for o in here.outcomes]


def test_more_sides_than_two_each_take_the_policy_in_turn() -> None:
    result = rl.evaluate(first_legal, "euchre/cutthroat", opponents="random", games=3, seed=1)
    assert sorted(o.task.sides for o in result.outcomes) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert [b.name for b in result.bots] == ["first_legal", "random", "random"]
    assert result.difference is None


def test_bad_input_is_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match="other sides"):
        rl.evaluate(first_legal, "euchre/cutthroat", opponents=["easy"], games=2)
    with pytest.raises(ValueError, match="unknown bot"):
        rl.evaluate(first_legal, "euchre/american", opponents="nobody", games=2)
    with pytest.raises(ValueError, match="module:function"):
        rl.evaluate("first_legal", "euchre/american", games=2)
    with pytest.raises(ValueError, match="cannot import"):
        rl.evaluate("tests.no_such_module:f", "euchre/american", games=2)
    with pytest.raises(ValueError, match="has no"):
        rl.evaluate("tests.rl_policies:nothing", "euchre/american", games=2)
    with pytest.raises(ValueError, match="not callable"):
        rl.evaluate("tests.rl_policies:NOT_CALLABLE", "euchre/american", games=2)
    with pytest.raises(followsuit.IllegalAction):
        rl.evaluate("tests.rl_policies:illegal", "euchre/american", games=2)


runner = CliRunner()


def test_arena_scores_a_policy_from_the_command_line() -> None:
    args = ["arena", "euchre/american", "--policy", "tests.rl_policies:first_legal"]
    result = runner.invoke(app, [*args, "--bots", "easy", "--games", "4", "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert [b["name"] for b in out["bots"]] == ["tests.rl_policies:first_legal", "easy"]
    assert out["games"] == 4 and "ci95" in out["points_per_hand_difference"]
    same = rl.evaluate(first_legal, "euchre/american", "easy", games=4, seed=1)
    assert out["bots"][0]["games_won"] == same.bots[0].games_won
    table = runner.invoke(app, [*args, "--bots", "random", "--games", "2", "--jobs", "1"])
    assert table.exit_code == 0 and "tests.rl_policies:first_legal" in table.output


@pytest.mark.parametrize(
    ("policy", "bots", "message"),
    [
        ("nope", "easy", "module:function"),
        ("tests.rl_policies:missing", "easy", "has no"),
        ("tests.rl_policies:first_legal", "easy,easy", "one bot or one per other side"),
    ],
)
def test_arena_refuses_a_bad_policy_in_one_line(policy: str, bots: str, message: str) -> None:
    result = runner.invoke(
        app, ["arena", "euchre/american", "--policy", policy, "--bots", bots, "--games", "2"]
    )
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
