"""The OpenSpiel face: every variant as a registered Python game.

>>> import pyspiel
>>> from followsuit.rl import openspiel
>>> "followsuit_euchre_american" in openspiel.register()
True
>>> game = pyspiel.load_game("followsuit_euchre_american", {"stick_the_dealer": True})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 4)

``register()`` registers ``followsuit_<family>_<variant>`` for each of the 39
variants (``followsuit_pitch_oklahoma_10_point_nine_card_select``), with every
option of the family as a game parameter (its default the variant's value; an
option whose value is not a bool, an int or a word is a text parameter, ``""``
meaning the variant's own value), plus:

* ``hands`` (int, default 1): how many hands the game lasts; 1 is OpenSpiel's
  euchre, 0 plays the whole game, to at most
  :data:`~followsuit.rl.table.MAX_HANDS` hands (a game cut there is terminal:
  ``truncated()`` says so, and ``reward="game"`` returns 0 to all);
* ``reward`` (``"hand"`` or ``"game"``): the returns are the sum of each seat's
  zero-sum hand returns, or +1 / -1 for winning the game (0 if the game has not
  ended when ``hands`` runs out).

Dealing is explicit: a chance node picks the first dealer (by the
``first_dealer`` option's odds) and then each position of the shuffled deck, one
card at a time, uniformly among the cards left (the last card needs none); the
deck order is dealt by the variant's layout. Actions are the indices of
:mod:`followsuit.rl.actions` (a discard is taken a card at a time, then ``done``).
Information states are perfect recall within a hand (every action the seat saw,
as the record writes it); their tensors are :func:`~followsuit.rl.encoding.encode`
with the play history. ``resample_from_infostate`` draws the hidden cards with
:func:`followsuit.sample_world` and replays the world's hand from its deal, so the
resampled state has a history of its own.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from .. import sample_world
from ..engine import actions as A
from ..engine.deal import Deal, deal_from_order, layout
from ..engine.state import State
from ..rules import Rules, load_rules, variants
from ..rules.options import OPTIONS, user_options
from .encoding import encode, info_layout, tricks_per_hand
from .encoding import layout as obs_layout
from .table import MAX_HANDS, Table

GAME_PARAMETERS: dict[str, Any] = {"hands": 1, "reward": "hand"}
"""The parameters of every game besides the options."""

_NUMBER_LIKE = re.compile(r"[-+0-9.eE]*|True|False|true|false")
_registered: dict[str, str] = {}
"""Game name -> variant id, for the games registered so far."""


def game_name(variant_id: str) -> str:
    """``bid-euchre/stick-the-dealer`` -> ``followsuit_bid_euchre_stick_the_dealer``."""
    return "followsuit_" + variant_id.replace("-", "_").replace("/", "_")


def register() -> list[str]:
    """Register every variant with OpenSpiel (once); the game names."""
    for v in variants():
        name = game_name(v.id)
        if name not in _registered:
            rules = load_rules(v.id)
            pyspiel.register_game(_game_type(name, rules), _game_class(v.id))
            _registered[name] = v.id
    return sorted(_registered)


# ------------------------------------------------------------------ parameters


def _parameter(value: Any) -> bool | int | str:
    """An option's value as a game parameter: a bool, an int or a word as itself;
    anything else (a table, a list, no value) as the text ``""``, the variant's
    own value. A word OpenSpiel's game strings would read back as a number or a
    bool (``junk_hand_ranks=3-9``) is given as ``""`` too."""
    if isinstance(value, bool | int):
        return value
    if isinstance(value, str) and not _NUMBER_LIKE.fullmatch(value):
        return value
    return ""


def parameter_specification(rules: Rules) -> dict[str, Any]:
    """Every option of the variant's family, with the variant's value."""
    spec: dict[str, Any] = {
        o.name: _parameter(rules.value(o.name)) for o in user_options(rules.family)
    }
    clash = set(spec) & set(GAME_PARAMETERS)
    assert not clash, f"options named like a game parameter: {clash}"
    return {**spec, **GAME_PARAMETERS}


def rules_of(variant_id: str, params: Mapping[str, Any]) -> Rules:
    """The rules a game's parameters give: the options that differ from the
    variant's values (a text parameter ``""`` is the variant's own)."""
    base = load_rules(variant_id)
    overrides: dict[str, Any] = {}
    for name, value in params.items():
        if name in GAME_PARAMETERS or name not in OPTIONS:
            continue
        if value == "" and not isinstance(_parameter(base.value(name)), str):
            continue
        if value != _parameter(base.value(name)):
            overrides[name] = value
    return load_rules(variant_id, overrides)


def _game_type(name: str, rules: Rules) -> Any:
    return pyspiel.GameType(
        short_name=name,
        long_name=f"followsuit {rules.variant.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(rules),
    )


def _game_class(variant_id: str) -> type:
    class VariantGame(FollowsuitGame):
        VARIANT = variant_id

    VariantGame.__name__ = VariantGame.__qualname__ = "Game_" + game_name(variant_id)
    return VariantGame


def max_moves_per_hand(rules: Rules) -> int:
    """A bound on the decisions of one hand: every trick, a few calls or bids per
    seat, and a set of cards (and its ``done``) per seat."""
    n = rules.num_players
    d = len(rules.deck)
    return tricks_per_hand(rules) * n + 8 * n + n * (d + 1) + 16


def max_hand_points(rules: Rules) -> int:
    """A generous bound on one side's points in a hand (bounds only, not tight)."""
    return 4 * max(rules.settings.target_score or 100, 50)


# ------------------------------------------------------------------ the game


class FollowsuitGame(pyspiel.Game):  # type: ignore[misc]
    """One variant (``VARIANT``, set per registered class) as an OpenSpiel game."""

    VARIANT = ""

    def __init__(self, params: Mapping[str, Any] | None = None):
        rules = load_rules(self.VARIANT)
        name = game_name(self.VARIANT)
        merged = {**parameter_specification(rules), **(params or {})}
        self.rules = rules_of(self.VARIANT, merged)
        self.hands = int(merged["hands"])
        self.reward_kind = str(merged["reward"])
        if self.hands < 0:
            raise ValueError(f"{name}: hands must be 0 (the whole game) or more")
        if self.reward_kind not in ("hand", "game"):
            raise ValueError(f"{name}: reward must be 'hand' or 'game'")
        rules = self.rules
        n = rules.num_players
        hands = self.hands or MAX_HANDS
        if self.reward_kind == "hand":
            bound = float(hands * 2 * max_hand_points(rules))
            low, high = -bound, bound
        else:
            low, high = -1.0, 1.0
        info = pyspiel.GameInfo(
            num_distinct_actions=Table(rules, seed=0).space.n,
            max_chance_outcomes=max(len(rules.deck), n),
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=hands * max_moves_per_hand(rules),
        )
        super().__init__(_game_type(name, load_rules(self.VARIANT)), info, merged)

    def new_initial_state(self) -> FollowsuitState:
        return FollowsuitState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.rules, perfect_recall)


class FollowsuitState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: a :class:`~followsuit.rl.table.Table` on an unseeded
    engine state, whose deals come from the chance nodes."""

    def __init__(self, game: FollowsuitGame):
        super().__init__(game)
        # plain values only: OpenSpiel clones a Python state by deep-copying each
        # attribute (the table copies itself by the engine's clone)
        self.hands = game.hands
        self.reward_kind = game.reward_kind
        self.table = Table(game.rules, state=State(game.rules))
        self.first_dealer: int | None = None
        self.order: list[int] = []
        """The deck positions drawn so far for the next deal."""
        self.hand_start = 0
        """Where in the history the deal of the hand in progress began."""
        self._returns = [0.0] * game.rules.num_players

    @property
    def rules(self) -> Rules:
        return self.table.rules

    # -- what OpenSpiel asks

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.first_dealer is None or self.table.state.needs_deal:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.table.to_move
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        state = self.table.state
        return state.over or len(state.results) >= (self.hands or MAX_HANDS)

    def truncated(self) -> bool:
        """Whether a whole game (``hands=0``) was cut at ``MAX_HANDS`` hands
        before its rules ended it (OpenSpiel's states have no flag of their own)."""
        return not self.hands and not self.table.state.over and self.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return list(self.table.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The first dealer; then the next card of the deck, each card left equally
        likely (identical cards of a double deck are one outcome: the lowest index
        of them, as likely as they are many)."""
        if self.first_dealer is None:
            return list(enumerate(first_dealer_odds(self.rules)))
        codes = self.rules.deck.codes
        drawn = set(self.order)
        count: dict[str, int] = {}
        first: dict[str, int] = {}
        left = 0
        for c, code in enumerate(codes):
            if c not in drawn:
                left += 1
                count[code] = count.get(code, 0) + 1
                first.setdefault(code, c)
        return [(first[code], count[code] / left) for code in first]

    def chance_card(self, card: int) -> int:
        """The outcome that deals ``card`` next (of identical cards, the first left)."""
        code = self.rules.deck.codes[card]
        drawn = set(self.order)
        return next(c for c in self.rules.deck.indices_of(code) if c not in drawn)

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            if self.first_dealer is None:
                self.first_dealer = action
                self.hand_start = len(self.history()) + 1
                return
            self.order.append(action)
            deck = len(self.rules.deck)
            if len(self.order) == deck - 1:
                self.order += [c for c in range(deck) if c not in self.order]
                first = self.first_dealer if not self.table.state.results else None
                deal = deal_from_order(self.rules, self._dealer(), self.order)
                self.table.deal(deal, first)
                self.order = []
            return
        before = len(self.table.state.results)
        self.table.apply(action)
        if self.table.new_results(before):
            for seat, r in enumerate(self.table.returns_since(before, self.reward_kind)):
                self._returns[seat] += r
            self.hand_start = len(self.history()) + 1

    def _dealer(self) -> int:
        state = self.table.state
        return state.dealer if state.results else self.first_dealer  # type: ignore[return-value]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            if self.first_dealer is None:
                return f"first dealer {action}"
            return f"deal {self.rules.deck.codes[action]}"
        return self.table.space.text(action, self.table.card_verb())

    def returns(self) -> list[float]:
        """The returns, paid at the end (OpenSpiel's terminal reward model: 0 before)."""
        if not self.is_terminal():
            return [0.0] * len(self._returns)
        return list(self._returns)

    def __str__(self) -> str:
        state = self.table.state
        lines = [
            f"hand {state.hand_no} dealer {state.dealer} scores {list(state.scores)}",
            f"first dealer {self.first_dealer} drawn {self.order}",
        ]
        if state.dealt is not None:
            lines.append(f"deal {tuple(state.dealt)}")
        lines.append(f"log {state.log}")
        lines.append(f"chosen {self.table.chosen}")
        return "\n".join(lines)

    # -- determinized search

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> FollowsuitState:
        """A state ``player`` cannot tell from this one: the hidden cards of the hand
        in progress drawn by :func:`followsuit.sample_world`, and the world's hand
        replayed from its deal after this game's earlier history."""
        table = self.table
        if self.is_chance_node() or self.is_terminal():
            return self._replayed(self.history())
        rng = random.Random(int(probability_sampler() * 2**53))
        world = sample_world(table.observation(player), rng)
        deal = world.dealt
        assert deal is not None
        out = self._replayed(self.history()[: self.hand_start])
        for card in order_of(self.rules, world.dealer, deal)[:-1]:
            out.apply_action(out.chance_card(card))
        notes = world.notes
        deck = self.rules.deck
        ladder = world.prog.ladder
        for k, (seat, action) in enumerate(world.log):
            assert seat is not None, "a table event inside a hand"
            note = notes.get(k)
            written = note.order if note is not None and note.order else None
            # by its text: of identical cards, the replayed deal numbers its own copies
            text = A.to_text(action, deck, ladder, written)
            again, order = out.table.state.parse_written(text)
            for index in out.table.indices_of(again, order):
                out.apply_action(index)
        for card in table.chosen:
            out.apply_action(table.space.card(card))
        return out

    def _replayed(self, actions: list[int]) -> FollowsuitState:
        out: FollowsuitState = self.get_game().new_initial_state()
        for a in actions:
            out.apply_action(a)
        return out


def order_of(rules: Rules, dealer: int, deal: Deal) -> list[int]:
    """A deck order (top card first) that the variant's layout deals into ``deal``:
    the inverse of :func:`followsuit.engine.deal.deal_from_order`."""
    lay = layout(rules, dealer)
    positions = list(range(len(rules.deck)))
    order = [-1] * len(positions)
    places: list[tuple[tuple[int, ...], tuple[int, ...]]] = [
        (get(positions), cards) for get, cards in zip(lay.hands, deal.hands, strict=True)
    ]
    places += [(get(positions), cards) for get, cards in zip(lay.piles, deal.piles, strict=True)]
    if lay.upcard is not None:
        assert deal.upcard is not None
        places.append(((lay.upcard,), (deal.upcard,)))
    places.append((lay.kitty(positions), deal.kitty))
    places.append((lay.stock(positions), deal.stock))
    for where, cards in places:
        for pos, card in zip(where, cards, strict=True):
            order[pos] = card
    assert -1 not in order
    return order


@cache
def first_dealer_odds(rules: Rules) -> tuple[float, ...]:
    """Each seat's chance of dealing first under the ``first_dealer`` option:
    uniform, or the seat dealt the first (black) jack when cards are dealt round
    from seat 0 (RULES.md §4)."""
    n = rules.num_players
    deck = rules.deck
    how = rules.settings.first_dealer
    if how == "random":
        return tuple(1.0 / n for _ in range(n))
    black = how == "first_black_jack"
    jacks = sum(
        1
        for code in deck.codes
        if code[0] == "J" and code != "JK" and (not black or code[1] in "CS")
    )
    size = len(deck)
    odds = [0.0] * n
    total = math.comb(size, jacks)
    for k in range(size - jacks + 1):
        odds[k % n] += math.comb(size - 1 - k, jacks - 1) / total
    return tuple(odds)


# ------------------------------------------------------------------ observer


class Observer:
    """OpenSpiel's observer protocol over :mod:`followsuit.rl.encoding`: the
    observation (``perfect_recall=False``) or the information state."""

    def __init__(self, rules: Rules, perfect_recall: bool):
        self.rules = rules
        self.perfect_recall = perfect_recall
        lay = info_layout(rules) if perfect_recall else obs_layout(rules)
        self.tensor = np.zeros(lay.size, np.float32)
        self.dict = {
            s.name: self.tensor[lay.offset(s.name) : lay.offset(s.name) + s.size]
            for s in lay.slices
        }

    def set_from(self, state: FollowsuitState, player: int) -> None:
        table = state.table
        chosen = table.chosen_mask() if table.to_move == player else 0
        obs = table.observation(player)
        self.tensor[:] = encode(obs, chosen, history=self.perfect_recall)

    def string_from(self, state: FollowsuitState, player: int) -> str:
        table = state.table
        obs = table.observation(player)
        deck = self.rules.deck
        chosen = table.chosen if table.to_move == player else []
        if not self.perfect_recall:
            return (
                f"p{player} hand {deck.format_mask(obs.hand)} trick "
                + " ".join(f"{s}:{deck.codes[c]}" for s, c in obs.trick)
                + f" trump {obs.trump} maker {obs.maker} bid {obs.bid} phase {obs.phase}"
                + f" to_move {obs.to_move} scores {list(obs.scores)}"
                + f" tricks {list(obs.tricks_won)} played {deck.format_mask(obs.played)}"
                + f" chosen {deck.format(chosen)}"
            )
        lines = [
            f"p{player} hand {obs.hand_no} dealer {obs.dealer} scores {list(obs.scores)}",
            "previous " + " ".join(str(list(r.points)) for r in obs.previous),
            f"dealt {deck.format(obs.dealt)} up {obs.upcard}",
            "actions " + "; ".join(f"{who}:{text}" for who, _a, text in obs.actions),
            "moves " + "; ".join(f"{m.seat}:{m.kind.name}:{m.size}:{m.cards}" for m in obs.moves),
            f"chosen {deck.format(chosen)} to_move {obs.to_move} phase {obs.phase}",
        ]
        return "\n".join(lines)
