"""The bot levels: each plays every variant through its observation alone, with
legal actions only; the determinized search only ever sees worlds made from the
observation."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

import followsuit
from followsuit.bots import BOTS, PimcBot, RulesBot, make_bot

from .conftest import play_bots

VARIANTS = [v.id for v in followsuit.variants()]
QUICK = ["euchre/american", "euchre/cutthroat", "bid-euchre/standard", "pitch/partnership-4p"]


def options_for(variant: str) -> dict[str, Any]:
    return {"time_limit_seconds": 60} if variant == "euchre/timed" else {}


def play_hand(variant: str, level: str, seed: int) -> followsuit.State:
    """One hand with the level at every other seat and easy at the rest."""
    state = followsuit.new_game(variant, options_for(variant), seed=seed)
    play_bots(
        state, [make_bot(level if k % 2 == 0 else "easy", seed=k) for k in range(state.n)], hands=1
    )
    assert state.results or state.is_over()
    return state


def test_every_level_has_a_name() -> None:
    for name in ("random", "easy", "medium", "hard", "expert", "rules-v1", "rules"):
        assert name in BOTS
    assert make_bot("easy").name == "easy" and make_bot("rules-v1").name == "rules-v1"


@pytest.mark.parametrize("variant", QUICK)
def test_medium_plays_a_hand_of_each_family(variant: str) -> None:
    play_hand(variant, "medium", seed=2)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_medium_plays_every_variant(variant: str) -> None:
    for seed in range(2):
        play_hand(variant, "medium", seed)


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_upper_levels_play_a_euchre_hand(level: str) -> None:
    play_hand("euchre/american", level, seed=4)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_expert_plays_every_variant(variant: str) -> None:
    """Where its model does not know the game, the expert is hard."""
    play_hand(variant, "expert", seed=1)


def reachable(root: object, limit: int = 200_000) -> list[object]:
    """Every object reachable from ``root`` (bounded)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo and len(seen) < limit:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (type, type(gc))):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


def test_a_bot_cannot_reach_the_real_state() -> None:
    """Nothing reachable from an observation is the game itself, its hands or its
    deal: a bot (the search included) holds no path to the hidden cards."""
    state = followsuit.new_game("euchre/american", seed=9)
    rng = random.Random(9)
    for _ in range(8):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    assert seat is not None
    obs = state.observation(seat)
    found = reachable(obs)
    ids = {id(o) for o in found}
    assert id(state) not in ids
    assert id(state._hands) not in ids and id(state._dealt) not in ids
    views = [obj for obj in found if isinstance(obj, followsuit.State)]
    assert views  # the observation's public view is reachable, and holds no hidden card
    for view in views:
        assert all(not (h & ~obs.known[p]) for p, h in enumerate(view.hands) if p != seat)
    bot = PimcBot(1, policy=RulesBot())
    assert bot.choose(obs) in obs.legal_actions


def test_card_play_aims_at_the_hands_points() -> None:
    """In partnership Euchre the solver's tricks are read as the hand's points:
    a euchre costs two, three or four tricks score one, a march two."""
    from followsuit.bots.pimc import euchre_points

    rng = random.Random(4)
    for seed in range(40):
        state = followsuit.new_game("euchre/american", seed=seed)
        while state.phase_name != "play":
            state.apply(rng.choice(state.legal_actions()))
        obs = state.observation(state.current_player)
        if obs.alone is not None or obs.defender_alone is not None:
            continue
        value = euchre_points(obs)
        assert value is not None and obs.maker is not None
        makers = state.rules.side_of[obs.maker] == state.rules.side_of[obs.seat]
        points = [value(t) for t in range(6)]
        if makers:
            assert points == [-2, -2, -2, 1, 1, 2]
        else:
            assert points == [-2, -1, -1, 2, 2, 2]
        break
    else:
        pytest.fail("no hand reached its play")
    assert euchre_points(followsuit.new_game("bid-euchre/standard", seed=1).observation(0)) is None


def test_medium_leaves_pitch_bids_to_easy() -> None:
    """Double-dummy play flatters every Pitch bid, so medium bids as easy does."""
    rng = random.Random(6)
    easy = make_bot("easy")
    medium = make_bot("medium", seed=1)
    checked = 0
    for seed in range(6):
        state = followsuit.new_game("pitch/partnership-4p", seed=seed)
        while state.phase_name == "auction" and not state.results:
            obs = state.observation(state.current_player)
            if len(obs.legal_actions) > 1:
                assert medium.choose(obs) == easy.choose(obs)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked


def first_play(variant: str, seed: int) -> followsuit.Observation:
    """The observation of the first seat to play a card, the calls made by easy."""
    easy = make_bot("easy")
    state = followsuit.new_game(variant, seed=seed)
    while state.phase_name != "play":
        state.apply(easy.choose(state.observation(state.current_player)))
    return state.observation(state.current_player)


def test_a_hand_too_long_to_solve_is_valued_by_rollouts() -> None:
    """Past the solver's node budget the search still values every card, by
    playing the hand out with the policy in each world, in the hand's points."""
    obs = first_play("euchre/american", seed=3)
    bot = PimcBot(1, policy=RulesBot(), nodes=10, play_worlds=6)
    values = bot.values(obs)
    assert set(values) == set(obs.legal_actions)
    assert all(-4 <= v <= 4 for v in values.values())  # a hand's points, side less side
    assert not bot.solvable
    solved = PimcBot(1, policy=RulesBot(), play_worlds=6)
    assert set(solved.values(obs)) == set(obs.legal_actions) and solved.solvable


def test_calls_are_valued_by_rollouts_in_a_hand_too_long_to_solve() -> None:
    state = followsuit.new_game("euchre/american", seed=5)
    obs = state.observation(state.current_player)
    bot = PimcBot(1, policy=RulesBot(), nodes=10, call_worlds=4)
    values = bot.values(obs)
    assert set(values) == set(bot.candidates(obs)) and not bot.solvable


def test_medium_searches_the_first_trick_of_a_double_deck() -> None:
    """Double-deck Bid Euchre's first trick is past the solver's budget: medium
    searches it by rollouts instead of handing it to easy."""
    obs = first_play("bid-euchre/double-deck", seed=1)
    bot = PimcBot(1, policy=RulesBot(), play_worlds=4)
    values = bot.values(obs)
    assert set(values) == set(obs.legal_actions) and not bot.solvable


@pytest.mark.parametrize("options", [{}, {"super_euchre": True, "defend_alone": True}])
def test_a_euchre_hand_valued_from_its_tricks_scores_as_played_out(
    options: dict[str, Any],
) -> None:
    """A call's play-out reads the hand's points off the solver's tricks: the same
    points as playing the hand out double-dummy and scoring it, loners included."""
    from followsuit import solver
    from followsuit.bots.pimc import euchre_points

    rng = random.Random(8)
    alone = 0
    for seed in range(60):
        state = followsuit.new_game("euchre/american", options, seed=seed)
        while state.phase_name != "play":
            state.apply(rng.choice(state.legal_actions()))
        seat = rng.randrange(4)
        to_points = euchre_points(state.observation(seat))
        assert to_points is not None
        valued = to_points(solver.evaluate(state, seat))
        game = state.clone()
        while not game.results:
            game.apply(solver.solve(game).best[0])
        points = game.results[0].points
        mine = state.rules.side_of[seat]
        assert valued == points[mine] - points[1 - mine], seed
        alone += state.observation(seat).alone is not None
    assert alone  # some hands had a loner


def auction_decisions(variant: str, seeds: range) -> list[followsuit.Observation]:
    """Every auction decision with a choice of a few hands, the bids made by easy."""
    easy = make_bot("easy")
    found = []
    for seed in seeds:
        state = followsuit.new_game(variant, seed=seed)
        while state.phase_name != "play":
            obs = state.observation(state.current_player)
            if obs.phase == "auction" and len(obs.legal_actions) > 1:
                found.append(obs)
            state.apply(easy.choose(obs))
    return found


def test_bids_ending_in_one_contract_share_its_solved_play() -> None:
    """A bid's play-out replays the solver's line of a bid before it that reached
    the same first position of the play: the same value as solving it again."""
    from followsuit.bots.pimc import Lines
    from followsuit.engine.worlds import sample_world

    rng = random.Random(3)
    shared_any = False
    for obs in auction_decisions("bid-euchre/standard", range(2)):
        assert obs.seat is not None
        world = sample_world(obs, rng)
        alone = [PimcBot(policy=RulesBot()).play_out(world, a, obs.seat) for a in obs.legal_actions]
        lines: Lines = {}
        bot = PimcBot(policy=RulesBot())
        shared = [bot.play_out(world, a, obs.seat, lines) for a in obs.legal_actions]
        assert shared == alone
        shared_any |= len(lines) < len(obs.legal_actions)
    assert shared_any  # some bids did meet the same play
