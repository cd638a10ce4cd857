"""The batched env (``followsuit.rl.vector_env``): n games stepped by one call play
exactly as n single-agent envs reset with the same seeds."""

from __future__ import annotations

import random

import numpy as np
import pytest

import followsuit.rl as rl
from followsuit import IllegalAction


def _same_as_single_envs(variant: str, n: int, steps: int, **kw: object) -> int:
    """Step a batch and ``n`` single envs side by side with the same random agent;
    the number of episodes that ended."""
    batch = rl.vector_env(variant, n, **kw)  # type: ignore[arg-type]
    singles = [rl.single_agent(variant, **kw) for _ in range(n)]  # type: ignore[arg-type]
    obs, _ = batch.reset(seed=40)
    expected = [env.reset(seed=40 + i)[0] for i, env in enumerate(singles)]
    rng = random.Random(1)
    ended = 0
    for _ in range(steps):
        for i in range(n):
            assert np.array_equal(obs["observation"][i], expected[i]["observation"])
            assert np.array_equal(obs["action_mask"][i], expected[i]["action_mask"])
        actions = np.array([rng.choice(np.flatnonzero(m).tolist()) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = batch.step(actions)
        for i, env in enumerate(singles):
            single_obs, reward, ends, cut, _ = env.step(int(actions[i]))
            assert (rewards[i], terminated[i], truncated[i]) == (reward, ends, cut)
            if ends or cut:
                ended += 1
                assert info["_final_obs"][i]
                final = info["final_obs"][i]
                assert np.array_equal(final["observation"], single_obs["observation"])
                single_obs, _ = env.reset()
            else:
                assert not info or not info["_final_obs"][i]
            expected[i] = single_obs
    return ended


def test_a_batch_plays_as_single_envs_with_random_opponents() -> None:
    assert _same_as_single_envs("euchre/american", 4, 120, opponents="random", max_hands=1) > 10


def test_a_batch_plays_as_single_envs_with_rule_bots_and_whole_games() -> None:
    assert _same_as_single_envs("pitch/partnership-4p", 2, 80, opponents="easy") >= 0
    assert _same_as_single_envs("bid-euchre/standard", 2, 60, opponents="easy", max_hands=1) > 1


@pytest.mark.parametrize("variant", ["euchre/british", "bid-euchre/double-deck", "pitch/blind"])
def test_a_batch_plays_as_single_envs_in_other_variants(variant: str) -> None:
    assert _same_as_single_envs(variant, 2, 40, opponents="random", max_hands=1) > 0


def test_an_illegal_action_in_one_game_moves_no_game() -> None:
    batch = rl.vector_env("euchre/american", 3, opponents="random")
    obs, _ = batch.reset(seed=2)
    legal = [int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]
    forbidden = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    with pytest.raises(IllegalAction, match="game 1: action"):
        batch.step(np.array([legal[0], forbidden, legal[2]]))
    with pytest.raises(ValueError, match="outside the action space"):
        batch.step(np.array([legal[0], 999, legal[2]]))
    with pytest.raises(ValueError, match="3 integer indices"):
        batch.step(np.array([legal[0]]))
    again = batch.mask()
    assert np.array_equal(again, obs["action_mask"])
    batch.step(np.array(legal))  # still the same games, at the same decisions


def test_bad_arguments_are_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="n must be a positive integer"):
        rl.vector_env("euchre/american", 0)
    with pytest.raises(ValueError, match="unknown bot"):
        rl.vector_env("euchre/american", 2, opponents="nobody")
    with pytest.raises(ValueError, match="seat must be"):
        rl.vector_env("euchre/american", 2, seat=7)
    with pytest.raises(RuntimeError, match="reset"):
        rl.vector_env("euchre/american", 2, opponents="random").step(np.array([0, 0]))


def test_sampled_actions_are_legal_and_the_spaces_hold_the_batch() -> None:
    batch = rl.vector_env("pitch/cutthroat-3p", 5, opponents="random", max_hands=1)
    obs, _ = batch.reset(seed=9)
    assert batch.observation_space.contains(obs)
    for _ in range(30):
        obs, *_ = batch.step(batch.action_space.sample())
        assert batch.observation_space.contains(obs)
