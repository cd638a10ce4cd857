"""The faces as researchers' tools handle them: registered Gymnasium ids,
``action_masks()``, terminal masks, ``last()`` after the end, copies and pickles
that step as the original, and episodes bounded by default."""

from __future__ import annotations

import copy
import pickle
import random
import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import followsuit
import followsuit.rl as rl
from followsuit.rl.gym_registry import gym_id
from followsuit.rl.table import MAX_HANDS, finished_mask
from followsuit.rules import load_rules

VARIANTS = [v.id for v in followsuit.variants()]


@pytest.fixture(autouse=True)
def _quiet() -> None:
    warnings.filterwarnings("ignore", category=UserWarning, module="gymnasium")


def test_every_variant_has_a_gymnasium_id_of_its_own() -> None:
    ids = [gym_id(v) for v in VARIANTS]
    assert len(set(ids)) == len(VARIANTS) == 39
    for variant, name in zip(VARIANTS, ids, strict=True):
        assert gym.spec(name).kwargs == {"variant": variant}
    assert gym_id("euchre/american") == "followsuit/euchre-american-v0"


@pytest.mark.parametrize("variant", ["euchre/american", "pitch/oklahoma-10-point/nine-card-draw"])
def test_gymnasium_make_builds_the_variant_with_its_keywords(variant: str) -> None:
    env = gym.make(gym_id(variant), seat=1, opponents="easy", max_hands=1)
    obs, _ = env.reset(seed=2)
    inner = env.unwrapped
    assert isinstance(inner, rl.gym_env.SingleAgentEnv)
    assert inner.rules.id == variant and inner.seat == 1 and inner.opponents[0] == "easy"
    assert np.array_equal(inner.action_masks(), obs["action_mask"].astype(bool))
    with pytest.raises(followsuit.UnknownVariant):
        gym.make("followsuit/euchre-american-v0", variant="euchre/nope")


def _run_gym(env: Any, obs: dict[str, np.ndarray], rng: random.Random) -> list[Any]:
    """Random legal steps to the episode's end; what each step gave."""
    out: list[Any] = []
    while True:
        mask = env.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, obs["action_mask"] == 1)
        action = rng.choice(np.flatnonzero(mask).tolist())
        obs, reward, terminated, truncated, _ = env.step(action)
        out.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
        if terminated or truncated:
            return out


def test_the_episode_ends_with_a_mask_a_softmax_can_take() -> None:
    env = rl.single_agent("euchre/american", opponents="easy", max_hands=1)
    obs, _ = env.reset(seed=5)
    _run_gym(env, obs, random.Random(5))
    last = env._obs()["action_mask"]
    assert last.any() and np.array_equal(last, finished_mask(env.table.space))
    assert np.flatnonzero(env.action_masks()).tolist() == [env.table.space.done]
    logits = np.where(last == 1, 0.0, -np.inf)
    assert np.isfinite(np.exp(logits) / np.exp(logits).sum()).all()


@pytest.mark.parametrize("variant", ["euchre/american", "pitch/cutthroat-3p", "bid-euchre/joker"])
def test_pettingzoo_last_answers_after_every_agent_is_done(variant: str) -> None:
    env = rl.env(variant, max_hands=2)
    env.reset(seed=3)
    rng = random.Random(3)
    for _agent in env.agent_iter():
        obs, _r, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert obs is not None and obs["action_mask"].any()  # finished: ``done`` alone
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert env.agents == []
    obs, reward, terminated, truncated, info = env.last()
    assert obs is not None and reward == 0.0 and info == {}
    assert (terminated, truncated) == (env.table.state.over, not env.table.state.over)
    assert np.array_equal(obs["action_mask"], finished_mask(env.table.space))
    assert env.last(observe=False)[0] is None


def test_rules_pickle_and_copy_as_the_registrys_rules() -> None:
    rules = load_rules("pitch/partnership-4p", {"target_score": 21})
    assert pickle.loads(pickle.dumps(rules)) is rules
    assert copy.deepcopy(rules) is rules
    assert pickle.loads(pickle.dumps(rules)).overrides == {"target_score": 21}


def _aec_run(env: Any, rng: random.Random, steps: int) -> list[Any]:
    out: list[Any] = []
    for _ in range(steps):
        if not env.agents:
            break
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        out.append((env.agent_selection, obs["observation"].tobytes(), reward, terminated))
    return out


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
@pytest.mark.parametrize("variant", ["euchre/american", "pitch/nines-fives", "bid-euchre/joker"])
def test_a_copied_aec_env_steps_as_the_original(variant: str, how: str) -> None:
    env = rl.env(variant)
    env.reset(seed=11)
    _aec_run(env, random.Random(1), 30)
    twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    first = _aec_run(env, random.Random(2), 400)
    second = _aec_run(twin, random.Random(2), 400)
    assert first == second and len(first) > 50
    env.reset()  # the env's own generator was copied too: the next games are the same
    twin.reset()
    assert _aec_run(env, random.Random(3), 100) == _aec_run(twin, random.Random(3), 100)


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
@pytest.mark.parametrize(
    ("variant", "opponents"), [("euchre/american", "medium"), ("pitch/partnership-4p", "easy")]
)
def test_a_copied_gymnasium_env_steps_as_the_original(
    variant: str, opponents: str, how: str
) -> None:
    env = rl.single_agent(variant, opponents=opponents)
    obs, _ = env.reset(seed=4)
    rng = random.Random(4)
    for _ in range(3):
        obs, *_ = env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    assert _run_gym(env, obs, random.Random(5)) == _run_gym(twin, obs, random.Random(5))


def test_episodes_are_bounded_by_default() -> None:
    # random play in call-your-partner seldom reaches its target: the cap ends it
    env = rl.env("pitch/call-your-partner")
    assert env.max_hands == MAX_HANDS
    env.reset(seed=1)
    rng = random.Random(1)
    while env.agents:
        obs, _r, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    state = env.table.state
    assert state.over or len(state.results) == MAX_HANDS
    _, _, terminated, truncated, _ = env.last()
    assert truncated == (not state.over) and terminated == state.over
    assert rl.single_agent("euchre/american").max_hands == MAX_HANDS
    assert rl.env("euchre/american", max_hands=None).max_hands is None


def test_openspiel_whole_games_stop_at_the_cap() -> None:
    import pyspiel

    from followsuit.rl import openspiel

    openspiel.register()
    game = pyspiel.load_game("followsuit_pitch_call_your_partner", {"hands": 0})
    assert game.max_game_length() == MAX_HANDS * openspiel.max_moves_per_hand(game.rules)
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    hands = len(state.table.state.results)
    assert hands <= MAX_HANDS
    assert state.truncated() == (not state.table.state.over)
