"""The Gymnasium face: Gymnasium's checker, the vector envs, rewards, bad input."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import followsuit
import followsuit.rl as rl


@pytest.mark.parametrize(
    ("variant", "opponents"),
    [
        ("euchre/american", "medium"),
        ("bid-euchre/standard", "easy"),
        ("pitch/partnership-4p", "easy"),
    ],
)
def test_check_env(variant: str, opponents: str) -> None:
    check_env(rl.single_agent(variant, seat=1, opponents=opponents, render_mode="ansi"))


def _first_legal(obs: dict[str, np.ndarray]) -> list[int]:
    # after an episode ends the vector env resets on the next step: any action then
    return [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in obs["action_mask"]]


@pytest.mark.parametrize("vector", [gym.vector.SyncVectorEnv, gym.vector.AsyncVectorEnv])
def test_vector_envs(vector: type) -> None:
    envs = vector([lambda: rl.single_agent("euchre/american", opponents="easy", max_hands=1)] * 2)
    obs, _ = envs.reset(seed=4)
    assert obs["observation"].shape == (2, 449)
    ended = 0
    for _ in range(80):
        obs, _reward, terminated, truncated, _info = envs.step(_first_legal(obs))
        ended += int(terminated.sum() + truncated.sum())
    envs.close()
    assert ended >= 2


def test_a_seeded_episode_is_the_same_game() -> None:
    def episode() -> list[float]:
        env = rl.single_agent("pitch/cutthroat-3p", seat=2, opponents=["easy", "random"])
        env.reset(seed=8)
        env.action_space.seed(8)
        rewards, done = [], False
        while not done:
            _obs, reward, terminated, truncated, _ = env.step(env.action_space.sample())
            rewards.append(reward)
            done = terminated or truncated
        return rewards

    first = episode()
    assert first == episode() and any(first)


def test_rewards_are_the_agents_hands() -> None:
    env = rl.single_agent("euchre/american", opponents="easy")
    env.reset(seed=2)
    env.action_space.seed(2)
    total, done = 0.0, False
    while not done:
        _obs, reward, terminated, truncated, _ = env.step(env.action_space.sample())
        total += reward
        done = terminated or truncated
    scores = env.table.state.scores
    assert total == scores[0] - scores[1]


def test_sample_without_a_mask_is_legal() -> None:
    env = rl.single_agent("euchre/american", opponents="random")
    obs, _ = env.reset(seed=1)
    env.action_space.seed(3)
    for _ in range(30):
        a = env.action_space.sample()
        assert obs["action_mask"][a] == 1
        obs, _r, terminated, truncated, info = env.step(a)
        assert "illegal" not in info
        if terminated or truncated:
            break


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="seat"):
        rl.single_agent("euchre/american", seat=4)
    with pytest.raises(ValueError, match="unknown bot"):
        rl.single_agent("euchre/american", opponents="grandmaster")
    with pytest.raises(ValueError, match="3 bot names"):
        rl.single_agent("euchre/american", opponents=["easy"])
    env = rl.single_agent("euchre/american", opponents="easy")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info = env.step(illegal)
    assert "not legal now" in info["illegal"] and reward == 0.0
    assert not terminated and not truncated
    assert np.array_equal(again["observation"], obs["observation"])
    with pytest.raises(ValueError, match="outside"):
        env.step(999)
    strict = rl.single_agent("euchre/american", opponents="easy", illegal="raise")
    obs, _ = strict.reset(seed=1)
    with pytest.raises(followsuit.IllegalAction):
        strict.step(illegal)
    done = rl.single_agent("euchre/american", opponents="easy", max_hands=1)
    obs, _ = done.reset(seed=1)
    over = False
    while not over:
        obs, _r, terminated, truncated, _ = done.step(int(np.flatnonzero(obs["action_mask"])[0]))
        over = terminated or truncated
    with pytest.raises(RuntimeError, match="reset"):
        done.step(0)


def test_every_episode_starts_with_a_decision() -> None:
    # with one hand an episode, the agent's partner may play the hand alone: that
    # deal is not an episode of the agent's, so reset deals again
    env = rl.single_agent("euchre/american", seat=0, opponents="easy", max_hands=1)
    for seed in range(60):
        obs, _ = env.reset(seed=seed)
        assert obs["action_mask"].any() and env.table.to_move == 0
