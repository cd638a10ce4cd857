"""The OpenSpiel face: OpenSpiel's random simulation test on every variant, worlds
resampled from an information state, OpenSpiel's own ISMCTS and MCTS bots, and the
200 OpenSpiel euchre hands of the fixture replayed against OpenSpiel's ``euchre``."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import followsuit
from followsuit.engine import actions as A
from followsuit.rl import openspiel

from .conftest import data_path

VARIANTS = [v.id for v in followsuit.variants()]
openspiel.register()


def _load(variant: str, **params: Any) -> Any:
    return pyspiel.load_game(openspiel.game_name(variant), params)


def test_every_variant_is_registered_with_its_options() -> None:
    names = openspiel.register()
    assert len(names) == 39 and "followsuit_bid_euchre_stick_the_dealer" in names
    game = _load("euchre/american", stick_the_dealer=True, target_score=5)
    assert game.rules.settings.stick_the_dealer and game.rules.settings.target_score == 5
    assert game.num_distinct_actions() == 46 and game.num_players() == 4
    assert _load("pitch/kansas-5-point", num_players=5).num_players() == 5


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(pyspiel.SpielError):
        _load("euchre/american", no_such_option=True)
    with pytest.raises(followsuit.OptionError):
        _load("euchre/american", target_score=-3)
    with pytest.raises(ValueError, match="reward"):
        _load("euchre/american", reward="points")
    state = _load("euchre/american").new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        _chance(state, rng)
    history, text = state.history(), str(state)
    with pytest.raises(followsuit.IllegalAction, match="not legal now"):
        state.apply_action(0)  # a card, in the calling
    assert state.history() == history and str(state) == text


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_sim_test(variant: str) -> None:
    # Nines-Fives' bidder discards 22 of 28 cards: the engine lists 237,336 sets at
    # each of that decision's states, and a serialization test replays the game
    # from the start many times, so it runs once there
    sims = 1 if variant == "pitch/nines-fives" else 2
    pyspiel.random_sim_test(_load(variant), num_sims=sims, serialize=True, verbose=False)
    pyspiel.random_sim_test(_load(variant, hands=2), num_sims=1, serialize=False, verbose=False)


def test_a_whole_game() -> None:
    game = _load("euchre/american", hands=0, reward="game", target_score=3)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def _chance(state: Any, rng: random.Random) -> None:
    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(rng.choices(outcomes, weights=probs)[0])


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_resampled_world_looks_the_same_to_the_player(variant: str) -> None:
    game = _load(variant)
    rng = random.Random(5)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, rng)
            continue
        player = state.current_player()
        if rng.random() < 0.25:
            world = state.resample_from_infostate(player, rng.random)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
            assert world.observation_tensor(player) == state.observation_tensor(player)
            assert world.legal_actions() == state.legal_actions()
            assert world.move_number() == state.move_number()
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked


def test_the_first_dealer_odds_follow_the_option() -> None:
    odds = openspiel.first_dealer_odds(
        followsuit.load_rules("euchre/american", {"first_dealer": "first_jack"})
    )
    assert abs(sum(odds) - 1) < 1e-12 and odds[0] > odds[1] > odds[2] > odds[3]
    assert openspiel.first_dealer_odds(followsuit.load_rules("euchre/american")) == (0.25,) * 4


FAMILIES = ["euchre/american", "bid-euchre/standard", "pitch/partnership-4p", "pitch/discard-draw"]


@pytest.mark.parametrize("variant", FAMILIES)
def test_openspiel_ismcts_and_mcts_play_to_the_end(variant: str) -> None:
    game = _load(variant)
    rng = random.Random(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    for name, bot in (
        (
            "ismcts",
            ismcts.ISMCTSBot(
                game=game,
                evaluator=evaluator,
                uct_c=2.0,
                max_simulations=8,
                max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
                random_state=np.random.RandomState(2),
                final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                use_observation_string=False,
                allow_inconsistent_action_sets=False,
            ),
        ),
        (
            "mcts",
            mcts.MCTSBot(
                game,
                uct_c=2.0,
                max_simulations=8,
                evaluator=evaluator,
                random_state=np.random.RandomState(3),
            ),
        ),
    ):
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                _chance(state, rng)
            else:
                action = bot.step(state)
                assert action in state.legal_actions(), name
                state.apply_action(action)
                moves += 1
        assert moves and len(state.table.state.results) == 1, name  # the hand, to its end
        assert abs(sum(state.returns())) < 1e-9, name


# ---------------------------------------------------- against OpenSpiel's euchre

FIXTURE = data_path("openspiel-euchre", "random_hands.jsonl")
OPENSPIEL_RULES = {
    "stick_the_dealer": True,
    "euchre_alone_timing": "after_exchange",
    "dealer_may_discard_upcard": False,
    "defend_alone": False,
}
RANKS, SUITS = "9TJQKA", "CDHS"


@functools.cache
def _fixture() -> list[dict[str, Any]]:
    return [json.loads(line) for line in FIXTURE.read_text().splitlines() if line.strip()]


def _ours(os_state: Any, state: Any, action: int) -> int:
    """OpenSpiel euchre's action as this face's index."""
    space = state.table.space
    if action < 24:
        return space.index(f"play {RANKS[action // 4]}{SUITS[action % 4]}")
    if action == 24:
        return space.index_of_call(A.PASS)
    if action <= 28:
        suit = action - 25
        order_up = space.index_of_call(A.ORDER_UP)
        upcard = state.table.state.upcard
        if order_up in state.legal_actions() and state.rules.deck.suit[upcard] == suit:
            return order_up
        return space.index_of_call(A.call(suit))
    if action == 29:
        alone = os_state.current_player() == os_state.declarer()
        return space.index_of_call(A.ALONE if alone else A.DEFEND_ALONE)
    assert action == 30
    return space.index_of_call(A.PARTNER)


@pytest.mark.parametrize("index", range(200))
def test_openspiel_euchre_hand(index: int) -> None:
    fx = _fixture()[index]
    os_state = pyspiel.load_game("euchre", fx["params"]).new_initial_state()
    for chance in fx["chance"]:
        os_state.apply_action(chance["id"])
    game = _load("euchre/american", **OPENSPIEL_RULES)
    rules = game.rules
    deck = rules.deck
    state = game.new_initial_state()
    state.apply_action(fx["dealer"])
    deal = followsuit.Deal(
        hands=tuple(tuple(deck.parse_cards(fx["hands"][str(s)])) for s in range(4)),
        upcard=deck.parse_cards([fx["upcard"]])[0],
        kitty=tuple(deck.parse_cards(fx["undealt"])),
    )
    for card in openspiel.order_of(rules, fx["dealer"], deal)[:-1]:
        state.apply_action(state.chance_card(card))
    for step, act in enumerate(fx["actions"]):
        where = f"hand {index} step {step} ({act['phase']})"
        assert state.current_player() == os_state.current_player() == act["seat"], where
        legal = sorted(_ours(os_state, state, a) for a in os_state.legal_actions())
        assert legal == state.legal_actions(), where
        assert state.returns() == list(os_state.returns()), where
        ours = _ours(os_state, state, act["id"])
        os_state.apply_action(act["id"])
        state.apply_action(ours)
        if act["phase"] == "discard":  # the discard's card, then its done
            assert state.legal_actions() == [state.table.space.done], where
            state.apply_action(state.table.space.done)
    assert os_state.is_terminal() and state.is_terminal()
    assert state.returns() == list(os_state.returns()) == fx["returns"]
