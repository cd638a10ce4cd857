"""The engine's public surface: what a caller gets back cannot change the state,
a clone shares nothing that changes, hostile arguments get one-line errors and
change nothing, options are checked whatever was loaded before, every verb reads
back, and worlds are dealt fairly."""

from __future__ import annotations

import itertools
import math
import random
import re
import types
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import followsuit
from followsuit import IllegalAction, OptionError, UnknownVariant, record
from followsuit.cards import bits
from followsuit.engine import actions as A
from followsuit.engine.placing import Dealer
from followsuit.engine.types import Contract

SRC = Path(followsuit.__file__).parent


def snapshot(state: followsuit.State) -> tuple[Any, ...]:
    """Everything a caller can read of a state, every seat's view included."""
    return (
        state.legal_actions(),
        state.current_player,
        state.hands,
        state.log,
        state.trick,
        state.scores,
        state.results,
        state.phase_name,
        state.dealt,
        [state.observation(seat) for seat in [None, *range(state.n)]],
    )


def advance(state: followsuit.State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over():
            return
        state.apply(rng.choice(state.legal_actions()))


VARIANTS = ["euchre/american", "euchre/cutthroat", "bid-euchre/standard", "pitch/partnership-4p"]


# ---------------------------------------------------------------- what a caller gets


@pytest.mark.parametrize("variant", VARIANTS)
def test_returned_values_are_immutable(variant: str) -> None:
    state = followsuit.new_game(variant, seed=3)
    advance(state, random.Random(1), 12)
    legal = state.legal_actions()
    assert isinstance(legal, tuple)
    with pytest.raises(AttributeError):
        legal.clear()  # type: ignore[attr-defined]
    for value in (state.hands, state.log, state.trick, state.scores, state.results):
        assert isinstance(value, tuple)
    obs = state.observation(state.current_player)
    assert isinstance(obs.legal_actions, tuple)
    with pytest.raises((AttributeError, TypeError)):
        obs.hand = 0  # type: ignore[misc]


def test_finished_hands_keep_their_tricks() -> None:
    state = followsuit.new_game("euchre/american", seed=11)
    rng = random.Random(2)
    while len(state.results) < 2:
        state.apply(rng.choice(state.legal_actions()))
    for result in state.results:
        if result.redeal:
            assert result.tricks == ()
            continue
        assert len(result.tricks) == 5
        cards = [c for trick in result.tricks for c in trick.cards]
        assert len(set(cards)) == len(cards)


def test_finished_hands_keep_their_contract() -> None:
    """A hand's result says who went alone (and the bid, in an auction game),
    as the state said at its last card; a thrown-in hand has no contract."""
    rng = random.Random(5)
    seen_alone = 0
    for variant in ("euchre/american", "bid-euchre/standard"):
        state = followsuit.new_game(variant, seed=3)
        while len(state.results) < 12 and not state.is_over():
            before = state.contract
            hands = len(state.results)
            state.apply(rng.choice(state.legal_actions()))
            if len(state.results) > hands:
                result = state.results[-1]
                assert result.contract == (Contract() if result.redeal else before)
                seen_alone += result.contract.alone >= 0
                if variant.startswith("bid") and not result.redeal:
                    assert result.contract.bid >= 0
    assert seen_alone


# ---------------------------------------------------------------- clones


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 10**6), st.integers(0, 40))
def test_a_clone_shares_nothing_that_changes(variant: str, seed: int, steps: int) -> None:
    """Play a clone to the end of the game: the original is as it was, and goes on
    exactly as a copy of it made before would."""
    rng = random.Random(seed)
    state = followsuit.new_game(variant, seed=seed)
    advance(state, rng, steps)
    before = snapshot(state)
    twin = state.clone()
    twin.legal_actions()
    advance(twin, rng, 10_000)
    child = state.child(state.legal_actions()[0]) if state.legal_actions() else None
    assert snapshot(state) == before
    if child is not None and len(child.results) == len(state.results):
        assert child.log[: len(state.log)] == state.log
    # the mutable parts are the clone's own
    other = state.clone()
    for name in attributes(state):
        mine, theirs = getattr(state, name), getattr(other, name)
        if isinstance(mine, (list, set, bytearray)):
            assert mine is not theirs, name


def attributes(state: followsuit.State) -> list[str]:
    """The state's attributes: its ``__dict__`` in pure Python; where the engine is
    compiled, the data descriptors of its native class (properties included)."""
    if hasattr(state, "__dict__"):
        return list(vars(state))
    kind = types.GetSetDescriptorType
    return [name for name, value in vars(type(state)).items() if isinstance(value, kind)]


def test_clone_is_independent_of_later_moves_of_the_original() -> None:
    state = followsuit.new_game("pitch/partnership-4p", seed=5)
    rng = random.Random(5)
    advance(state, rng, 9)
    twin = state.clone()
    kept = snapshot(twin)
    advance(state, rng, 10_000)
    assert snapshot(twin) == kept


# ---------------------------------------------------------------- hostile callers

HOSTILE = st.one_of(
    st.integers(-(10**30), 10**30),
    st.text(max_size=40),
    st.floats(allow_nan=True),
    st.none(),
    st.booleans(),
    st.binary(max_size=8),
    st.lists(st.integers(0, 70), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 60), HOSTILE, st.none() | HOSTILE)
def test_any_argument_to_apply_is_refused_in_one_line_or_taken(
    variant: str, steps: int, action: Any, order: Any
) -> None:
    state = followsuit.new_game(variant, seed=steps)
    advance(state, random.Random(steps), steps)
    before = snapshot(state)
    legal = state.legal_actions()
    try:
        state.apply(action, order)
    except IllegalAction as exc:
        message = str(exc)
        assert message and "\n" not in message and "Traceback" not in message
        assert snapshot(state) == before
    else:
        # it was taken: then it was one of the legal actions (or its text)
        assert state.log[: len(before[3])] == before[3]
        taken = state.log[len(before[3])][1] if len(state.log) > len(before[3]) else None
        assert taken is None or taken in legal or before[0] != state.legal_actions()


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        ((5,), UnknownVariant, "not int"),
        ((None,), UnknownVariant, "not NoneType"),
        (("no/such-game",), UnknownVariant, "no/such-game"),
        (("euchre/american", [1]), OptionError, "mapping"),
        (("euchre/american", "stick_the_dealer=true"), OptionError, "mapping"),
        (("euchre/american", {1: 2}), OptionError, "option names are text"),
        (("euchre/american", {"target_score": 0}), OptionError, "too small"),
        (("pitch/cutthroat-3p", {"max_bid": 10**9}), OptionError, "too large"),
        (("pitch/cutthroat-3p", {"min_bid": 1000}), OptionError, "no number can be bid"),
        (("bid-euchre/standard", {"max_bid": 250}), OptionError, "unknown option"),
    ],
)
def test_new_game_refuses_bad_arguments_in_one_line(
    args: tuple[Any, ...], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=re.escape(words)) as info:
        followsuit.new_game(*args, seed=1)
    assert "\n" not in str(info.value)


@settings(max_examples=100, deadline=None)
@given(HOSTILE, HOSTILE)
def test_any_deal_or_dealer_is_refused_in_one_line(deal: Any, dealer: Any) -> None:
    """``deal()`` and the ``State`` constructor check what they are given, on the
    compiled build too (whose own argument checks would speak first otherwise)."""
    state = followsuit.State(followsuit.load_rules("euchre/american"))
    with pytest.raises(IllegalAction) as info:
        state.deal(deal, dealer)
    assert "\n" not in str(info.value) and state.needs_deal
    try:
        followsuit.State(state.rules, dealer=dealer, scores=deal)
    except ValueError as exc:
        assert "\n" not in str(exc) and ("dealer" in str(exc) or "scores" in str(exc))
    else:
        assert dealer is None or (type(dealer) is int and 0 <= dealer < 4)


@pytest.mark.parametrize("seed", [1.5, True, [1], b"x"])
def test_a_seed_is_an_integer_or_a_text(seed: Any) -> None:
    with pytest.raises(TypeError, match="a seed is an integer or a text"):
        followsuit.new_game("euchre/american", seed=seed)


def test_an_option_is_checked_whatever_was_loaded_before() -> None:
    """``1 == True`` and hash alike: a rules cache keyed on raw values would take a
    1 once True had been loaded."""
    assert followsuit.load_rules("euchre/american", {"stick_the_dealer": True})
    with pytest.raises(OptionError, match="expected true or false"):
        followsuit.load_rules("euchre/american", {"stick_the_dealer": 1})
    assert followsuit.load_rules("euchre/american", {"target_score": 10})
    with pytest.raises(OptionError):
        followsuit.load_rules("euchre/american", {"target_score": 10.0})


def test_time_up_before_the_first_action_of_a_hand_replays() -> None:
    game = followsuit.new_game("euchre/timed", {"time_limit_seconds": 60}, seed=4)
    rng = random.Random(4)
    while len(game.results) < 1:
        game.apply(rng.choice(game.legal_actions()))
    assert game.log == ()  # the next hand is dealt, nothing played in it
    game.time_is_up(in_hand=True)
    advance(game, rng, 10_000)
    assert game.is_over()
    again = record.replay(record.loads(record.dumps(record.to_record(game))))
    assert record.summary(again) == record.summary(game)
    assert again.scores == game.scores


# ---------------------------------------------------------------- the verb table


def examples(verb: A.Verb, state: followsuit.State) -> list[int]:
    """Actions of ``verb`` over the state's deck and bid ladder."""
    prog = state.prog
    cards = list(range(len(prog.cards)))
    if verb.arg is A.Arg.NONE:
        return [verb.base]
    if verb.arg is A.Arg.SUIT:
        return [verb.base + suit for suit in range(4)]
    if verb.arg is A.Arg.CARD:
        return [verb.base + card for card in cards]
    if verb.arg is A.Arg.BID:
        return [A.bid(position) for position in range(len(prog.ladder))]
    return [verb.base | 1 << c for c in cards[:3]] + [verb.base | 0b1011 << 5]


@pytest.mark.parametrize(
    "variant", ["euchre/american", "bid-euchre/double-deck", "pitch/blind", "pitch/five-bid"]
)
def test_every_verb_reads_back_from_its_text(variant: str) -> None:
    state = followsuit.new_game(variant, seed=1)
    prog = state.prog
    deck, ladder = prog.cards, prog.ladder
    for verb in A.VERBS:
        for action in examples(verb, state):
            assert A.verb_of(action) is verb
            text = A.to_text(action, deck, ladder)
            assert text.split()[0] == verb.word
            parsed, _order = A.parse(text, deck, ladder, deck.full_mask)
            assert A.to_text(parsed, deck, ladder) == text
            if len(set(deck.codes)) == len(deck.codes):  # one copy of each card
                assert parsed == action, text
            said = A.describe(action, deck, ladder)
            assert said and "{" not in said
    for text in ["play", "bid", "call X", "discard", "frobnicate JH", "pass JH"]:
        with pytest.raises(IllegalAction) as info:
            A.parse(text, deck, ladder, deck.full_mask)
        assert "\n" not in str(info.value)


def test_actions_are_decoded_only_by_the_verb_table() -> None:
    """No module but actions.py takes an action number apart by hand."""
    pattern = re.compile(r">>\s*64\b|1\s*<<\s*64\b|CARDS_BASE|_CARD_MASK")
    offenders = [
        str(path.relative_to(SRC))
        for path in SRC.rglob("*.py")
        if path.name != "actions.py" and pattern.search(path.read_text())
    ]
    assert offenders == []


# ---------------------------------------------------------------- fair worlds


def exact_placings(
    cards: list[int],
    sizes: list[int],
    banned: list[int],
    counted: int = 0,
    bounds: tuple[tuple[int, int] | None, ...] = (),
) -> Counter[tuple[frozenset[int], ...]]:
    out: Counter[tuple[frozenset[int], ...]] = Counter()
    for perm in itertools.permutations(cards):
        pos, parts = 0, []
        for size in sizes:
            parts.append(frozenset(perm[pos : pos + size]))
            pos += size
        if any(banned[k] >> c & 1 for k, part in enumerate(parts) for c in part):
            continue
        if any(
            bound is not None and not bound[0] <= sum(counted >> c & 1 for c in part) <= bound[1]
            for part, bound in zip(parts, bounds, strict=False)
        ):
            continue
        out[tuple(parts)] = 1
    return out


@pytest.mark.parametrize(
    ("sizes", "banned", "counted", "bounds"),
    [
        ([2, 2, 3], [0b0000011, 0, 0b1100000], 0, ()),
        ([1, 2, 2, 2], [0, 0, 0, 0], 0, ()),  # merged places
        ([2, 2, 1, 2], [0b0000011, 0b0000011, 0, 0b1100000], 0, ()),  # two merged
        ([2, 2, 3], [0b0000011, 0b0000011, 0], 0, ()),  # a merged group of one class
        ([3, 4], [0b1111000, 0], 0, ()),  # one way only
        ([2, 0, 2, 3], [0b0000011, 0, 0, 0b1100000], 0, ()),  # an empty place
        ([2, 0, 2, 0, 3], [0, 0, 0, 0b11, 0b1100000], 0, ()),  # empty places in groups
        ([0, 3, 0, 4], [0, 0, 0, 0], 0, ()),  # one class, empty places
        # cards 0-2 counted (trumps): place 0 holds one or two, place 2 none
        ([3, 2, 2], [0, 0, 0], 0b0000111, ((1, 2), None, (0, 0))),
        ([2, 2, 3], [0, 0b1000000, 0], 0b0011110, ((2, 2), (1, 1), None)),
    ],
)
def test_the_dealer_is_uniform_over_every_placing(
    sizes: list[int],
    banned: list[int],
    counted: int,
    bounds: tuple[tuple[int, int] | None, ...],
) -> None:
    cards = list(range(sum(sizes)))
    placings = exact_placings(cards, sizes, banned, counted, bounds)
    dealer = Dealer(cards, sizes, banned, counted=counted, bounds=bounds)
    assert dealer.ways == len(placings)
    rng = random.Random(9)
    draws = 6000
    seen: Counter[tuple[frozenset[int], ...]] = Counter()
    for _ in range(draws):
        parts = dealer.deal(rng)
        assert [len(p) for p in parts] == sizes
        seen[tuple(frozenset(p) for p in parts)] += 1
    assert set(seen) <= set(placings)
    expected = draws / len(placings)
    chi2 = sum((seen[p] - expected) ** 2 / expected for p in placings)
    dof = max(1, len(placings) - 1)
    # far beyond chance: mean dof, standard deviation sqrt(2 dof)
    assert chi2 < dof + 6 * math.sqrt(2 * dof)


def test_the_dealer_deals_nothing_when_nothing_is_hidden() -> None:
    """A seat that has seen every card (the hand's last trick, a spectator of an
    open hand) still gets a deal: every place empty."""
    dealer = Dealer([], [0, 0, 0], [0, 0b1, 0])
    assert dealer.ways == 1
    assert dealer.deal(random.Random(1)) == [[], [], []]


def test_worlds_are_uniform_over_the_deals_the_observation_allows() -> None:
    """Three tricks into a Euchre hand, seen from the dealer (who knows its own
    discard): every deal of the unseen cards that gives the same view is as likely
    as any other. The allowed deals are found apart from the sampler, by dealing
    the unseen cards every way there is and replaying the hand."""
    rng = random.Random(3)
    for seed in range(200):
        state = followsuit.new_game("euchre/american", seed=seed)
        while len(state.tricks) < 3 and not state.results:
            state.apply(rng.choice(state.legal_actions()))
        if not state.results and voids_shown(state) >= 2:
            break
    else:
        pytest.fail("no hand showed voids by its fourth trick")
    me = state.dealer
    obs = state.observation(me)
    deal = state.dealt
    assert deal is not None
    others = [p for p in range(4) if p != me]
    sizes = [bin(state.hands[p]).count("1") for p in others]
    unseen = [c for p in others for c in bits(state.hands[p])] + list(deal.kitty)

    def view(hands_now: tuple[frozenset[int], ...]) -> Any:
        """The dealer's view of the deal that leaves ``hands_now`` (None: the
        hand's actions are not all legal with it)."""
        dealt = list(deal.hands)
        for p, now in zip(others, hands_now, strict=True):
            dealt[p] = tuple(sorted(now)) + tuple(
                c for c in deal.hands[p] if not state.hands[p] >> c & 1
            )
        kitty = tuple(c for c in unseen if not any(c in now for now in hands_now))
        other = followsuit.State(state.rules)
        other.deal(deal._replace(hands=tuple(dealt), kitty=kitty), state.dealer)
        try:
            for _seat, action in state.log:
                other.apply(action)
        except IllegalAction:
            return None
        return other.observation(me)

    def splits(cards: list[int], sizes: list[int]) -> list[tuple[frozenset[int], ...]]:
        if not sizes:
            return [()]
        return [
            (frozenset(first), *rest)
            for first in itertools.combinations(cards, sizes[0])
            for rest in splits([c for c in cards if c not in first], sizes[1:])
        ]

    consistent = [key for key in splits(unseen, sizes) if view(key) == obs]
    assert 1 < len(consistent) < len(splits(unseen, sizes))  # the voids rule some out
    draws = 20 * len(consistent)
    seen: Counter[tuple[frozenset[int], ...]] = Counter()
    for _ in range(draws):
        world = followsuit.sample_world(obs, rng)
        seen[tuple(frozenset(bits(world.hands[p])) for p in others)] += 1
    assert set(seen) <= set(consistent)
    expected = draws / len(consistent)
    chi2 = sum((seen[k] - expected) ** 2 / expected for k in consistent)
    dof = len(consistent) - 1
    assert chi2 < dof + 6 * math.sqrt(2 * dof)


def voids_shown(state: followsuit.State) -> int:
    """How many times a seat other than the dealer did not follow suit."""
    eff = state.table.eff
    count = 0
    for trick in state.tricks:
        led = eff[trick.cards[0]]
        count += sum(
            1
            for seat, card in zip(trick.seats, trick.cards, strict=True)
            if seat != state.dealer and eff[card] != led
        )
    return count


@pytest.mark.parametrize("variant", [v.id for v in followsuit.variants()])
def test_proper_actions_are_the_phases_rule_in_every_variant(variant: str) -> None:
    """``proper_actions()`` hands out the cached legal actions where no renege is
    accepted: they must be what the phase's own rule gives, with and without
    ``renege_mode = penalize``."""
    for options in ({}, {"renege_mode": "penalize"}):
        try:
            state = followsuit.new_game(variant, options, seed=5)
        except OptionError:
            continue
        rng = random.Random(5)
        while not state.is_over() and len(state.results) < 2:
            if state.current_player is None:  # (deals a seeded game's next hand)
                break
            assert state.proper_actions() == state.phase.proper(state)
            state.apply(rng.choice(state.legal_actions()))
