"""The action index space and the observation vector of ``followsuit.rl``."""

from __future__ import annotations

import random

import numpy as np
import pytest

import followsuit
from followsuit.engine import actions as A
from followsuit.rl import docs
from followsuit.rl.actions import CALLS, ActionSpace
from followsuit.rl.encoding import PHASES, encode, info_layout, layout
from followsuit.rl.table import Table, game_returns, hand_returns

from .conftest import DATA

VARIANTS = [v.id for v in followsuit.variants()]
ROOT = DATA.parent.parent


def _walk(variant: str, seed: int, hands: int = 2):
    """Every decision of a random game's first ``hands`` hands: (table, seat)."""
    table = Table(followsuit.load_rules(variant), seed=seed)
    rng = random.Random(seed)
    while not table.over and len(table.state.results) < hands:
        seat = table.to_move
        assert seat is not None
        yield table, seat
        table.apply(rng.choice(table.legal()))


def test_the_space_is_cards_calls_bids_and_done() -> None:
    rules = followsuit.load_rules("pitch/partnership-4p")
    space = ActionSpace.of(rules)
    ladder = len(rules.bids)
    assert space.n == 52 + len(CALLS) + ladder + 1
    assert space.text(0) == "play 2C" and space.text(0, "discard") == "discard 2C"
    assert space.text(space.bids_at) == "bid " + rules.bids[0].label
    assert space.text(space.done) == "done"
    with pytest.raises(ValueError, match="outside the action space"):
        space.text(space.n)
    with pytest.raises(ValueError, match="integer index"):
        space.check("3")


@pytest.mark.parametrize("variant", VARIANTS)
def test_action_text_and_index_are_inverse(variant: str) -> None:
    for table, _seat in _walk(variant, seed=3, hands=1):
        verb = table.card_verb()
        for i in table.legal():
            text = table.space.text(i, verb)
            assert table.index_of(text) == i, text


def test_a_set_is_taken_one_card_at_a_time_and_reaches_the_engine_whole() -> None:
    # the Euchre dealer picks the up card up: the discard is one card, then done
    table = Table(followsuit.load_rules("euchre/american", {"stick_the_dealer": True}), seed=5)
    space = table.space
    while table.card_verb() != "discard":
        legal = table.legal()
        order_up = space.index_of_call(A.ORDER_UP)
        table.apply(order_up if order_up in legal else legal[0])
    dealer = table.to_move
    assert dealer is not None
    hand = table.observation(dealer).hand
    first = table.legal()[0]
    assert space.done not in table.legal()
    assert table.apply(first) is None  # only chosen so far
    assert table.chosen == [first] and table.to_move == dealer
    assert table.legal() == [space.done]  # one card only
    vec = encode(table.observation(dealer), table.chosen_mask())
    at = layout(table.rules).offset("chosen")
    assert vec[at + first] == 1.0 and vec[at : at + 24].sum() == 1.0
    applied = table.apply(space.done)
    assert applied == A.discard(1 << first)
    assert table.state.log[-1] == (dealer, A.discard(1 << first))
    assert hand >> first & 1


def test_a_many_card_discard_keeps_the_order_chosen() -> None:
    rules = followsuit.load_rules("pitch/discard-draw")
    for seed in range(20):
        table = Table(rules, seed=seed)
        rng = random.Random(seed)
        while not table.over and table.card_verb() != "discard":
            table.apply(rng.choice(table.legal()))
        if table.over:
            continue
        cards = [i for i in table.legal() if table.space.is_card(i)]
        if len(cards) < 2:
            continue
        picked = [cards[-1], cards[0]]  # against deck order
        for c in picked:
            table.apply(c)
        table.apply(table.space.done)
        seat, action = table.state.log[-1]
        assert action == A.discard((1 << picked[0]) | (1 << picked[1]))
        text = table.state.observation(seat).actions[-1][2]
        codes = rules.deck.codes
        assert text == f"discard {codes[picked[0]]} {codes[picked[1]]}"
        return
    raise AssertionError("no two-card discard met in 20 games")


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_vector_fits_its_layout_and_its_bounds(variant: str) -> None:
    rules = followsuit.load_rules(variant)
    for table, seat in _walk(variant, seed=11):
        obs = table.observation(seat)
        assert obs.phase in PHASES
        for history in (False, True):
            vec = encode(obs, table.chosen_mask(), history=history)
            size = (info_layout if history else layout)(rules).size
            assert vec.shape == (size,) and vec.dtype == np.float32
            assert vec.min() >= -1.0 and vec.max() <= 1.0
        hand = vec[: len(rules.deck)]
        assert int(hand.sum()) == obs.hand.bit_count()


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_vector_is_built_from_the_seats_view_only(variant: str) -> None:
    """Every world the seat cannot tell from the real one encodes to the same vector."""
    rng = random.Random(2)
    for k, (table, seat) in enumerate(_walk(variant, seed=21, hands=1)):
        if k % 3:
            continue
        obs = table.observation(seat)
        want = encode(obs, history=True)
        for _ in range(2):
            world = followsuit.sample_world(obs, rng)
            assert np.array_equal(encode(world.observation(seat), history=True), want)


def test_returns_are_zero_sum() -> None:
    for variant in VARIANTS:
        rules = followsuit.load_rules(variant)
        table = Table(rules, seed=4)
        rng = random.Random(4)
        while not table.over and len(table.state.results) < 2:
            table.apply(rng.choice(table.legal()))
        for result in table.state.results:
            assert abs(sum(hand_returns(rules, result))) < 1e-9
        for winner in range(len(rules.sides)):
            assert abs(sum(game_returns(rules, winner))) < 1e-9


def test_a_made_euchre_hand_returns_one_each_way() -> None:
    rules = followsuit.load_rules("euchre/american")
    result = followsuit.HandResult(0, 2, 1, (0, 1), (0, 1))
    assert hand_returns(rules, result) == [-1.0, 1.0, -1.0, 1.0]


def test_the_document_holds_the_layouts_of_the_code() -> None:
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    start = text.index(docs.BEGIN)
    end = text.index(docs.END) + len(docs.END)
    assert text[start:end] == docs.tables(), "run: python -m followsuit.rl.docs"
