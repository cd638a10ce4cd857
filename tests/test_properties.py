"""Property tests (hypothesis): invariants that hold in every game, whatever is played.

* cards are conserved at every step;
* every legal action keeps the state valid, and the game always ends;
* an illegal action changes nothing;
* records round-trip;
* no observation reveals another seat's hidden card: a world resampled from an
  observation gives exactly that observation back.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import followsuit
from followsuit import record
from followsuit.engine import IllegalAction
from followsuit.engine import actions as A
from followsuit.engine.observation import sample_world

VARIANTS = ["euchre/american"]

EUCHRE_OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "stick_the_dealer": st.booleans(),
        "euchre_all_pass_redeal": st.sampled_from(["next_dealer", "same_dealer"]),
        "euchre_alone_allowed_for": st.sampled_from(["maker_only", "maker_or_partner"]),
        "euchre_lone_lead": st.sampled_from(["next_active_left_of_dealer", "left_of_loner"]),
        "euchre_alone_timing": st.sampled_from(["with_call", "after_exchange"]),
        "dealer_may_discard_upcard": st.booleans(),
        "defend_alone": st.booleans(),
        "super_euchre": st.booleans(),
        "renege_mode": st.sampled_from(["enforce", "penalize"]),
        "first_lead": st.sampled_from(["eldest", "maker"]),
        "target_score": st.integers(1, 12),
    },
)

#: A seeded generator for the choices of a random playout.
RNG = st.integers(0, 2**32).map(random.Random)

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def card_locations_ok(state: followsuit.State) -> None:
    """Every card of the deck is in exactly one place."""
    deal = state.deal_
    if deal is None:
        return
    deck = state.rules.deck
    places = [*list(state.hands), state.played]
    kitty = 0
    for c in deal.kitty:
        kitty |= 1 << c
    places.append(kitty)
    discards = 0
    for _seat, a in state.log:
        if a >= A.DISCARD and a >> 64 == 1:
            discards |= A.cards_of(a)
    places.append(discards)
    if deal.upcard is not None and not state.picked_up:
        places.append(1 << deal.upcard)
    union = 0
    for p in places:
        assert not union & p, "a card is in two places"
        union |= p
    assert union == deck.full_mask, "a card went missing"
    assert sum(p.bit_count() for p in places) == len(deck)


def play_out(
    variant: str, options: dict[str, Any], seed: int, choose: Any, *, max_steps: int = 5000
) -> followsuit.State:
    state = followsuit.new_game(variant, options, seed=seed)
    steps = 0
    while not state.is_over():
        card_locations_ok(state)
        legal = state.legal_actions()
        assert legal, "the seat to move has no legal action"
        assert state.current_player is not None
        state.apply(choose(legal))
        steps += 1
        assert steps < max_steps, "the game does not end"
    assert state.winner is not None
    return state


@SETTINGS
@given(st.sampled_from(VARIANTS), EUCHRE_OPTIONS, st.integers(0, 10**9), RNG)
def test_random_games_conserve_cards_and_end(
    variant: str, options: dict[str, Any], seed: int, rnd: random.Random
) -> None:
    state = play_out(variant, options, seed, rnd.choice)
    target = state.rules["target_score"]
    assert state.scores[state.winner] >= target
    # the running score is the sum of the hands' points
    totals = [0] * len(state.scores)
    for hand in state.history():
        assert hand.result.points is not None
        totals = [t + p for t, p in zip(totals, hand.result.points, strict=True)]
        assert list(hand.result.score) == totals
    assert totals == state.scores


@SETTINGS
@given(EUCHRE_OPTIONS, st.integers(0, 10**9), RNG, st.integers(0, 2**66))
def test_illegal_actions_change_nothing(
    options: dict[str, Any], seed: int, rnd: random.Random, junk: int
) -> None:
    state = followsuit.new_game("euchre/american", options, seed=seed)
    for _ in range(rnd.randrange(40)):
        if state.is_over():
            return
        state.apply(rnd.choice(state.legal_actions()))
    legal = state.legal_actions()
    candidates = [
        junk % 64,
        A.PASS,
        A.ORDER_UP,
        A.CALL + rnd.randrange(4),
        A.DISCARD | junk % 2**24,
    ]
    before = record.to_record(state)
    for bad in candidates:
        if bad in legal:
            continue
        try:
            state.apply(bad)
        except IllegalAction as exc:
            assert exc.reason
        else:  # pragma: no cover - the engine accepted an illegal action
            raise AssertionError(f"accepted {bad}")
        assert record.to_record(state) == before
        assert state.legal_actions() == legal


@SETTINGS
@given(st.sampled_from(VARIANTS), EUCHRE_OPTIONS, st.integers(0, 10**9), RNG)
def test_records_round_trip(
    variant: str, options: dict[str, Any], seed: int, rnd: random.Random
) -> None:
    state = followsuit.new_game(variant, options, seed=seed)
    for _ in range(rnd.randrange(300)):
        if state.is_over():
            break
        state.apply(rnd.choice(state.legal_actions()))
    rec = record.to_record(state)
    again = record.replay(record.loads(record.dumps(rec)))
    assert record.to_record(again) == rec
    assert record.summary(again) == record.summary(state)
    assert again.log == state.log and again.scores == state.scores


@SETTINGS
@given(EUCHRE_OPTIONS, st.integers(0, 10**9), RNG)
def test_observations_reveal_no_hidden_card(
    options: dict[str, Any], seed: int, rnd: random.Random
) -> None:
    state = followsuit.new_game("euchre/american", options, seed=seed)
    for _ in range(rnd.randrange(60)):
        if state.is_over():
            return
        state.apply(rnd.choice(state.legal_actions()))
    if state.is_over():
        return
    for seat in [None, 0, 1, 2, 3]:
        obs = state.observation(seat)
        for _ in range(3):
            world = sample_world(obs, rnd)
            assert world.observation(seat) == obs
            card_locations_ok(world)
        if seat is not None:
            assert obs.hand == state.hands[seat]
            # no other seat's unplayed card is named anywhere in the observation
            hidden = 0
            for other in range(4):
                if other != seat:
                    hidden |= state.hands[other] & ~obs.known[other]
            assert not obs.hand & hidden


def test_an_observation_does_not_change_when_hidden_cards_are_swapped() -> None:
    """Direct check: swap two unseen cards between two other seats; the first
    seat's observation is identical."""
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        state = followsuit.new_game("euchre/american", seed=seed)
        while state.phase_name != "play":
            state.apply(rng.choice(state.legal_actions()))
        obs = state.observation(0)
        a, b = 1, 3
        ca = [c for c in range(24) if state.hands[a] >> c & 1 and not obs.known[a] >> c & 1]
        cb = [c for c in range(24) if state.hands[b] >> c & 1 and not obs.known[b] >> c & 1]
        table = state.table
        pairs = [(x, y) for x in ca for y in cb if table.eff[x] == table.eff[y]]
        if not pairs:
            continue
        x, y = pairs[0]
        other = state.clone()
        other.hands[a] ^= (1 << x) | (1 << y)
        other.hands[b] ^= (1 << x) | (1 << y)
        assert other.observation(0) == obs
        checked += 1
    assert checked > 10
