"""A learned value of Euchre's calls: the ``expert`` level's bidding.

Plain determinization values a call by letting every sampled world be played
by people who see all the cards, and the search then calls too often (medium
makes trump in 59% of hands against easy's 40%, and is set more). This model
is learned instead from deals played out: for each calling decision met in
self-play, every legal action is taken on the *true* deal, the rest of the
bidding is played by the current policy from each seat's own observation, the
play is solved double-dummy, and the hand's points for the decider's side are
the action's value. The model is a linear function of a few features of the
hand under the action's trump (:func:`features`), one weight vector per
calling context (round, and where the seat sits from the dealer), fitted to
the differences between the actions of one decision, so the luck of the deal
cancels out (:mod:`followsuit.training` trains it).

It knows the decisions of four-handed partnership Euchre with five-card hands,
a model for each deck (:data:`SHAPES`): the 24 cards of American, long and
timed Euchre, and British Euchre's 25 with the joker (the Benny) as the top
trump. A decision is a call, an order-up, a pass, each alone or not.
:func:`model_for` returns None elsewhere (and for a decision the features do not
describe, such as naming trump blind under a turned joker), and the bot that
uses it searches there instead.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..cards import bits
from ..engine import actions as A
from ..engine.observation import Observation
from ..engine.program import program_for
from .euchre_rules import estimate

SHAPES = {"euchre4": "euchre_calls.json", "euchre4-joker": "euchre_joker_calls.json"}
"""The kinds of game a model is trained for (:func:`shape_of`), and the file in
``followsuit/bots/data`` that holds each one's shipped weights."""

TOP = 7
"""The trumps counted one by one, highest first (all seven of a 24-card deck;
with the joker, the nine is only counted among the trumps)."""

NAMES: tuple[str, ...] = (
    "bias",
    *(f"trump_{k}" for k in range(TOP)),
    "trumps",
    "trumps_sq",
    "off_aces",
    "off_kings",
    "voids",
    "singletons",
    "estimate",
    "estimate_sq",
    "up_card",
    "next_suit",
    "buried",
)
"""The features of one action under its trump, in order: the same list again
(prefixed ``alone_``) for an action that goes alone."""

WIDTH = 2 * len(NAMES)


@dataclass(frozen=True, slots=True)
class CallModel:
    """Weights by calling context (see :func:`context`)."""

    weights: dict[str, tuple[float, ...]]
    shape: str
    trained: str
    """How it was trained (hands, iterations, seed), for the reader of the file."""

    def values(self, obs: Observation) -> dict[int, float] | None:
        """The value of each legal action relative to passing (points for the
        decider's side; a pass is 0), or None when this is not a decision the
        model knows."""
        key = context(obs)
        weights = self.weights.get(key) if key is not None else None
        if weights is None:
            return None
        found: dict[int, float] = {}
        for action in obs.legal_actions:
            vector = features(obs, action)
            if vector is None:
                return None
            found[action] = sum(w * x for w, x in zip(weights, vector, strict=True))
        return found

    def to_json(self) -> str:
        return json.dumps(
            {
                "shape": self.shape,
                "trained": self.trained,
                "features": list(NAMES),
                "weights": {k: [round(x, 5) for x in w] for k, w in sorted(self.weights.items())},
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> CallModel:
        data = json.loads(text)
        if list(data["features"]) != list(NAMES):
            raise ValueError("the call model was trained on other features")
        weights = {str(k): tuple(float(x) for x in w) for k, w in data["weights"].items()}
        if any(len(w) != WIDTH for w in weights.values()):
            raise ValueError("the call model's weights have the wrong width")
        return cls(weights=weights, shape=str(data["shape"]), trained=str(data["trained"]))


def shape_of(obs: Observation) -> str | None:
    """The kind of game a model is for (a key of :data:`SHAPES`): four-handed
    partnership Euchre with five-card hands, from 24 cards (``euchre4``) or 25
    with one joker (``euchre4-joker``); None for any other game."""
    rules = obs.rules
    prog = program_for(rules)
    if prog.family != "euchre" or rules.num_players != 4 or len(prog.sides) != 2:
        return None
    if prog.hand_size != 5:
        return None
    jokers = rules.deck.joker_mask.bit_count()
    if jokers == 0 and len(rules.deck.cards) == 24:
        return "euchre4"
    if jokers == 1 and len(rules.deck.cards) == 25:
        return "euchre4-joker"
    return None


@lru_cache(maxsize=4)
def _shipped(shape: str) -> CallModel | None:
    try:
        text = resources.files("followsuit.bots").joinpath("data", SHAPES[shape]).read_text()
    except (FileNotFoundError, OSError):
        return None
    model = CallModel.from_json(text)
    return model if model.shape == shape else None


def model_for(obs: Observation) -> CallModel | None:
    """The shipped model for this observation's game, or None."""
    shape = shape_of(obs)
    return _shipped(shape) if shape is not None else None


def context(obs: Observation) -> str | None:
    """The calling context: ``r1``/``r2`` (ordering the up card or naming a suit)
    or ``al`` (the alone decision after the exchange), then the seat counted from
    the dealer's left (1, 2, 3, and 0 for the dealer). None for any other
    decision (a discard, defending alone, naming trump blind, the play)."""
    seat = obs.seat
    legal = obs.legal_actions
    if seat is None or obs.phase != "calling" or obs.hand_hidden or not legal:
        return None
    where = (seat - obs.dealer) % obs.rules.num_players
    if A.ORDER_UP in legal or A.ORDER_UP_ALONE in legal:
        return f"r1.{where}"
    if A.ALONE in legal:
        return f"al.{where}"
    if any(A.is_call(a) for a in legal):
        return f"r2.{where}"
    return None


def features(obs: Observation, action: int) -> tuple[float, ...] | None:
    """The action's features: zeros for a pass (the reference every other action
    is valued against), else the hand under the action's trump, in the first
    half for a call with the partner and in the second for one alone. None for
    an action the model does not know."""
    if action in (A.PASS, A.PARTNER):
        return (0.0,) * WIDTH
    seat = obs.seat
    assert seat is not None
    if obs.upcard is not None and obs.rules.deck.joker_mask >> obs.upcard & 1:
        return None  # a turned joker: the dealer names trump and takes it
    alone = action == A.ALONE or A.goes_alone(action)
    hand = obs.hand
    up_card = next_suit = buried = 0.0
    if action in (A.ORDER_UP, A.ORDER_UP_ALONE):
        if obs.upcard is None:
            return None
        trump = obs.rules.deck.suit[obs.upcard]
        if seat == obs.dealer:
            hand = _after_discard(obs, hand | 1 << obs.upcard, trump)
        else:
            ours = obs.rules.side_of[seat] == obs.rules.side_of[obs.dealer]
            up_card = _rank_value(obs, trump, obs.upcard) * (1.0 if ours else -1.0)
    elif action == A.ALONE:
        if obs.trump is None:
            return None
        trump = obs.trump
    elif A.is_call(action):
        trump = A.suit_of(action)
        if obs.upcard is not None:  # turned down: a trump nobody holds
            next_suit = 1.0 if trump == 3 - obs.rules.deck.suit[obs.upcard] else 0.0
            buried = _rank_value(obs, trump, obs.upcard)
    else:
        return None
    row = _hand_features(obs, hand, trump, (up_card, next_suit, buried))
    zeros = (0.0,) * len(NAMES)
    return zeros + row if alone else row + zeros


def _hand_features(
    obs: Observation, hand: int, trump: int, upcard_features: tuple[float, float, float]
) -> tuple[float, ...]:
    table = program_for(obs.rules).tables[trump]
    deck = obs.rules.deck
    top = sorted(bits(table.trump_mask), key=lambda c: -table.power[c])[:TOP]
    held = [1.0 if hand >> c & 1 else 0.0 for c in top]
    held += [0.0] * (TOP - len(held))
    trumps = sum(1 for c in bits(hand) if table.trump_mask >> c & 1)
    off_aces = off_kings = voids = singletons = 0
    for suit in range(4):
        if suit == trump:
            continue
        cards = list(bits(hand & table.suit_mask[suit]))
        voids += not cards
        singletons += len(cards) == 1
        off_aces += any(deck.rank[c] == 14 for c in cards)
        off_kings += any(deck.rank[c] == 13 for c in cards)
    strength = estimate(obs, hand, trump)
    return (
        1.0,
        *held,
        float(trumps),
        float(trumps * trumps),
        float(off_aces),
        float(off_kings),
        float(voids),
        float(singletons),
        strength,
        strength * strength,
        *upcard_features,
    )


def _after_discard(obs: Observation, hand: int, trump: int) -> int:
    """The dealer's hand after taking the up card and throwing the card whose
    loss costs its strength least (as the rules bot discards)."""
    return max((hand & ~(1 << c) for c in bits(hand)), key=lambda h: estimate(obs, h, trump))


def _rank_value(obs: Observation, trump: int, card: int) -> float:
    """How high ``card`` is among the trumps: 1 for the highest, 0 for none."""
    table = program_for(obs.rules).tables[trump]
    if not table.trump_mask >> card & 1:
        return 0.0
    higher = sum(1 for c in bits(table.trump_mask) if table.power[c] > table.power[card])
    return 1.0 - higher / max(1, table.trump_mask.bit_count())
