"""The observation vectors kept up to date as actions come
(:mod:`followsuit.rl.tracker`) are the vectors :func:`encode` builds from the
observation, at every step, for every seat, in every variant."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

import followsuit
from followsuit.rl.encoding import encode
from followsuit.rl.table import Table

from . import cross_check

VARIANTS = [v.id for v in followsuit.variants()]


def _check_every_seat(table: Table) -> int:
    """Compare each seat's tracked vector with the one built afresh; the number of
    seats compared."""
    n = table.rules.num_players
    mover = table.to_move
    chosen = table.chosen_mask()
    for seat in range(n):
        mine = chosen if seat == mover else 0
        expected = encode(table.observation(seat), mine)
        got = table.vector(seat, mine)
        assert got.dtype == np.float32 and got.shape == expected.shape
        if not np.array_equal(got, expected):
            wrong = np.flatnonzero(got != expected).tolist()
            raise AssertionError(f"seat {seat}: entries {wrong} differ")
    return n


def _play(variant: str, options: dict[str, object], seed: int, hands: int) -> int:
    table = Table(followsuit.load_rules(variant, options), seed=seed)
    rng = random.Random(seed)
    checked = _check_every_seat(table)
    while not table.over and len(table.state.results) < hands:
        table.apply(rng.choice(table.legal()))
        checked += _check_every_seat(table)
    return checked


@pytest.mark.parametrize("variant", VARIANTS)
def test_tracked_vectors_are_the_encoded_observation(variant: str) -> None:
    assert _play(variant, {}, seed=11, hands=2) > 0


@pytest.mark.parametrize("k", range(0, 78, 3))
def test_tracked_vectors_with_house_rules(k: int) -> None:
    """House rules drawn as the cross-check draws them (alone, stick the dealer,
    reneges accepted, …) for a game of each variant in turn."""
    variant = cross_check.VARIANTS[k % len(cross_check.VARIANTS)]
    options = cross_check.house_rules(variant, random.Random(f"tracker {k}"))
    assert _play(variant, options, seed=k, hands=2) > 0


def test_a_vector_asked_for_only_now_and_then_is_still_current() -> None:
    """Seats whose vectors are not read at every step (the agent's only) stay
    right, and a copy of the table tracks its own game."""
    table = Table(followsuit.load_rules("euchre/american"), seed=4)
    rng = random.Random(4)
    steps = 0
    while len(table.state.results) < 3:
        if steps % 7 == 0:
            _check_every_seat(table)
        if steps == 30:
            twin = copy.deepcopy(table)
            twin.apply(rng.choice(twin.legal()))
            _check_every_seat(twin)
        table.apply(rng.choice(table.legal()))
        steps += 1
    _check_every_seat(table)


def test_the_vector_is_the_callers_to_keep() -> None:
    table = Table(followsuit.load_rules("euchre/american"), seed=2)
    first = table.vector(0)
    first[:] = 7.0
    assert np.array_equal(table.vector(0), encode(table.observation(0)))
