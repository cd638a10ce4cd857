"""The PettingZoo face: PettingZoo's own conformance tests on every variant, the
rewards, the ansi table, and bad input."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import followsuit
import followsuit.rl as rl
from followsuit.rl.encoding import encode

VARIANTS = [v.id for v in followsuit.variants()]


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # api_test warns that a dict observation "is not a NumPy array": the action-masked
    # convention PettingZoo's own classic games use
    warnings.filterwarnings("ignore", category=UserWarning, module="pettingzoo")


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test(variant: str) -> None:
    api_test(rl.env(variant), num_cycles=300)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_seed_test(variant: str) -> None:
    seed_test(lambda: rl.env(variant), num_cycles=100)


def _play(env: rl.FollowsuitEnv, seed: int) -> dict[str, float]:
    """A whole episode of random legal actions; each agent's total reward."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return totals


def test_hand_rewards_add_up_to_the_score_difference() -> None:
    e = rl.env("euchre/american")
    totals = _play(e, seed=3)
    scores = e.table.state.scores
    assert totals["player_0"] == totals["player_2"] == scores[0] - scores[1]
    assert totals["player_1"] == -totals["player_0"]


def test_game_reward_is_paid_once_to_the_winner() -> None:
    e = rl.env("pitch/cutthroat-3p", reward="game")
    totals = _play(e, seed=5)
    winner = e.table.state.winner
    assert totals[f"player_{winner}"] == 1.0
    assert sorted(totals.values()) == [-0.5, -0.5, 1.0]


def test_max_hands_truncates_the_episode() -> None:
    e = rl.env("euchre/american", max_hands=1)
    _play(e, seed=9)
    assert len(e.table.state.results) == 1 and not e.table.state.over


def test_the_observation_is_the_seats_encoding() -> None:
    e = rl.env("bid-euchre/standard")
    e.reset(seed=2)
    seat = e.table.to_move
    obs = e.observe(f"player_{seat}")
    assert np.array_equal(obs["observation"], encode(e.table.observation(seat)))
    assert set(np.flatnonzero(obs["action_mask"])) == set(e.table.legal())
    other = e.observe(f"player_{(seat + 1) % 4}")
    assert not other["action_mask"].any()


def test_ansi_render_draws_the_terminal_table() -> None:
    e = rl.env("euchre/american", render_mode="ansi")
    e.reset(seed=7)
    seat = e.table.to_move
    text = e.render()
    assert isinstance(text, str)
    assert "Euchre, American rules" in text and "Your hand:" in text
    hand = e.table.observation(seat).hand
    deck = e.table.rules.deck
    assert all(deck.codes[c][1] in "CDHS" for c in range(24) if hand >> c & 1)
    assert rl.env("euchre/american").render() is None


def test_bad_input_is_refused_and_changes_nothing() -> None:
    with pytest.raises(followsuit.UnknownVariant):
        rl.env("euchre/nope")
    with pytest.raises(followsuit.OptionError):
        rl.env("euchre/american", {"target_score": "lots"})
    with pytest.raises(ValueError, match="reward"):
        rl.env("euchre/american", reward="points")
    e = rl.env("euchre/american")
    e.reset(seed=1)
    agent = e.agent_selection
    before = e.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(followsuit.IllegalAction, match="not legal now"):
        e.step(illegal)
    with pytest.raises(ValueError, match="outside the action space"):
        e.step(e.action_space(agent).n)
    with pytest.raises(ValueError, match="integer index"):
        e.step("pass")  # type: ignore[arg-type]
    after = e.observe(agent)
    assert e.agent_selection == agent
    assert np.array_equal(before["observation"], after["observation"])
    _play(e, seed=1)
    with pytest.raises(followsuit.IllegalAction, match="game is over"):
        e.step(0)


def test_action_text_names_the_index_both_ways() -> None:
    e = rl.env("euchre/american")
    e.reset(seed=1)
    assert rl.action_text(e, rl.action_index(e, "pass")) == "pass"
    assert rl.action_index(e, "done") == e.table.space.done
    assert rl.action_text(e, 0) == "play 9C"
    with pytest.raises(ValueError, match="one card at a time"):
        rl.action_index(e, "discard 9C TC")
    with pytest.raises(TypeError):
        rl.action_text(object(), 0)
