"""Long random runs, marked ``slow`` (``python -m pytest -m slow``): many more
deals than the default property tests, for every variant.

They look for the rare positions a few hundred examples miss: a world sampler
that cannot rebuild what a seat saw (retakes from the discard pile, called
partners, blind piles), or a game that never ends.
"""

from __future__ import annotations

import random

import pytest

import followsuit
from followsuit.engine.worlds import sample_world

from .test_properties import card_locations_ok, play_out, take_turn

VARIANTS = [v.id for v in followsuit.variants() if v.id != "euchre/timed"]

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("variant", VARIANTS)
def test_worlds_rebuild_every_seat_view(variant: str) -> None:
    """300 deals played to a random point: for every seat (and the table), three
    sampled worlds each give back exactly that seat's observation."""
    for seed in range(300):
        rng = random.Random(seed)
        state = followsuit.new_game(variant, seed=seed)
        for _ in range(rng.randrange(120)):
            if state.is_over():
                break
            take_turn(state, rng)
        if state.is_over():
            continue
        for seat in [None, *range(state.n)]:
            obs = state.observation(seat)
            for _ in range(3):
                world = sample_world(obs, rng)
                assert world.observation(seat) == obs, (seed, seat)
                card_locations_ok(world)


@pytest.mark.parametrize("variant", VARIANTS)
def test_forty_whole_games_end(variant: str) -> None:
    """Forty whole games with the default rules: cards conserved at every step,
    and every game ends with a winner."""
    for seed in range(40):
        state = play_out(variant, {}, seed, random.Random(seed))
        assert state.winner is not None
