"""A game as the learning faces see it: engine actions as indices, and a set of
cards taken one card at a time.

:class:`Table` is what the PettingZoo, Gymnasium and OpenSpiel faces and the
self-play writer share: the engine's :class:`~followsuit.State`, the card set being
chosen (a discard or a give) and the legal indices of the seat to move. It knows
nothing of rewards' conventions beyond the two returns (:func:`hand_returns`,
:func:`game_returns`), so each face adds only its library's ceremony.

A timed game (``euchre/timed``) needs its ``time-up`` from a clock; these faces
have none, so the table supplies it at the end of hand
``ceil(time_limit_seconds / HAND_SECONDS)`` (``TIMED_HANDS`` hands when the option
is unset): a hand at a table takes about two minutes.

>>> from followsuit import load_rules
>>> table = Table(load_rules("euchre/american"), seed=1)
>>> table.space.text(table.legal()[0], table.card_verb())
'pass'
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .. import record
from ..cards import bits
from ..engine import actions as A
from ..engine.deal import Deal
from ..engine.errors import IllegalAction
from ..engine.observation import Observation
from ..engine.state import State
from ..engine.types import HandResult
from ..rules import Rules
from .actions import ActionSpace
from .tracker import VectorTracker

HAND_SECONDS = 120
"""How long a hand is taken to last when a timed game's limit is turned into hands."""
TIMED_HANDS = 10
"""The hands a timed game lasts when ``time_limit_seconds`` is unset."""
MAX_HANDS = 100
"""The hands an episode of the faces lasts at most unless ``max_hands`` says
otherwise (an OpenSpiel game with ``hands=0`` too); it is then truncated. Bots end
every variant's game by its rules in far fewer hands (at most 35 in six games of
``easy`` at every seat of each of the 39 variants), but random play may never
reach the target (``pitch/call-your-partner`` once went 8,691 hands), and a
learner starts random."""


def finished_mask(space: ActionSpace) -> npt.NDArray[np.int8]:
    """The action mask of an observation with nothing left to do (the game is over,
    or the episode truncated): ``done`` alone, so that a masked softmax over it stays
    a distribution instead of NaN. Nothing is stepped with it: the episode is over."""
    mask = np.zeros(space.n, dtype=np.int8)
    mask[space.done] = 1
    return mask


_CARD_VERBS = {A.PLAY_VERB: "play", A.CALL_PARTNER_VERB: "call-partner"}


class Table:
    """One game, driven by action indices (:mod:`followsuit.rl.actions`)."""

    def __init__(self, rules: Rules, *, seed: int | str | None = None, state: State | None = None):
        """A new seeded game, or (``state``) a table around a game already started."""
        self.rules = rules
        self.space = ActionSpace.of(rules)
        self.state = State(rules, seed=seed) if state is None else state
        s = rules.settings
        self.time_up_after: int | None = None
        if s.game_end_policy == "timed":
            limit = s.time_limit_seconds
            self.time_up_after = TIMED_HANDS if limit is None else math.ceil(limit / HAND_SECONDS)
        self.chosen: list[int] = []
        """The cards of the discard or give being chosen, in the order chosen."""
        self._sets: list[int] | None = None
        """The legal sets that still contain every chosen card (None: not choosing)."""
        self._set_verb = ""
        """``discard`` or ``give`` while a set is being chosen."""
        self._members: frozenset[int] = frozenset()
        """Every legal set of the decision (to tell when ``done`` is legal)."""
        self._legal: list[int] | None = None
        self._seen: dict[int, Observation] = {}
        self._vectors = VectorTracker(self.state, self.observation)

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        """A copy for search: the engine's clone; the rules and the decision's sets
        are shared (nothing changes them in place)."""
        other = Table.__new__(Table)
        other.__dict__.update(self.__dict__)
        other.state = self.state.clone()
        other.chosen = self.chosen[:]
        other._seen = {}
        other._vectors = VectorTracker(other.state, other.observation)
        return other

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled as the game's record, the seed its later hands are dealt from
        (None: dealt by chance nodes, as OpenSpiel's) and the cards chosen so far
        (OpenSpiel serializes a Python state by pickling it; the envs' copies deal
        on as the original)."""
        seed = self.state.standing.seed
        return (_rebuilt, (record.to_record(self.state), tuple(self.chosen), seed))

    # -------------------------------------------------------------- reading

    @property
    def to_move(self) -> int | None:
        return self.state.current_player

    @property
    def over(self) -> bool:
        return self.state.is_over()

    def observation(self, seat: int) -> Observation:
        """``seat``'s observation, worked out once per state (the faces ask for it
        several times a step: the vector, the strings, the mask's owner)."""
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = self.state.observation(seat)
        return seen

    def vector(self, seat: int, chosen: int = 0) -> npt.NDArray[np.float32]:
        """``seat``'s observation vector now, with the cards ``chosen`` so far in
        a set being taken: ``encode(self.observation(seat), chosen)``, kept up to
        date as cards are played rather than built afresh at every step
        (:mod:`followsuit.rl.tracker`)."""
        return self._vectors.vector(seat, chosen)

    def chosen_mask(self) -> int:
        """The engine's cards chosen so far (the vector names them by
        :meth:`ActionSpace.cards`)."""
        m = 0
        for c in self.chosen:
            m |= 1 << c
        return m

    def card_verb(self) -> str:
        """What a card index does now: ``play``, ``discard``, ``give`` or
        ``call-partner``."""
        self._decision()
        if self._set_verb:
            return self._set_verb
        for a in self.state.legal_actions():
            verb = A.verb_of(a)
            if verb in _CARD_VERBS:
                return _CARD_VERBS[verb]
        return "play"

    def legal(self) -> list[int]:
        """The legal indices now, ascending (empty when nobody is to move)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._work_out_legal()
        return legal

    def _decision(self) -> None:
        """Gather the decision's legal sets, once per engine decision."""
        if self._sets is None and not self.chosen:
            sets = [a for a in self.state.legal_actions() if A.cards_of(a)]
            if sets:
                self._set_verb = "discard" if A.is_discard(sets[0]) else "give"
                self._sets = [A.cards_of(a) for a in sets]
                self._members = frozenset(self._sets)
            else:
                self._set_verb = ""

    def _work_out_legal(self) -> list[int]:
        state = self.state
        if state.current_player is None:
            return []
        self._decision()
        space = self.space
        out: set[int] = set()
        sets = self._sets
        if sets is not None:
            chosen = self.chosen_mask()
            more = 0
            for s in sets:
                more |= s
            more &= ~chosen
            out.update(space.card(c) for c in bits(more))
            if chosen and chosen in self._members:
                out.add(space.done)
        if not self.chosen:
            for a in state.legal_actions():
                if A.is_play(a):
                    out.add(space.card(a))
                elif not A.cards_of(a):
                    verb = A.verb_of(a)
                    if verb is A.CALL_PARTNER_VERB:
                        out.add(space.card(A.card_of(a)))
                    else:
                        out.add(space.index_of_call(a))
        return sorted(out)

    def legal_mask(self) -> npt.NDArray[np.int8]:
        """:meth:`legal` as a 0/1 mask over the action indices."""
        mask = np.zeros(self.space.n, dtype=np.int8)
        mask[self.legal()] = 1
        return mask

    def index_of(self, text: str) -> int:
        """The index ``text`` names now (of two identical cards, the one offered)."""
        offered = 0
        for i in self.legal():
            if i < self.space.deck_size:
                offered |= 1 << i
        return self.space.index(text, offered)

    def mask(self) -> list[int]:
        """The legal indices as a 0/1 list over the whole space."""
        m = [0] * self.space.n
        for i in self.legal():
            m[i] = 1
        return m

    # -------------------------------------------------------------- acting

    def apply(self, index: int) -> int | None:
        """Take ``index`` for the seat to move. Returns the engine action applied, or
        None where the index only added a card to the set being chosen. A bad
        index raises ValueError (:class:`~followsuit.IllegalAction` when it is in
        the space but not legal now) and changes nothing."""
        space = self.space
        i = space.check(index)
        state = self.state
        if state.is_over():
            raise IllegalAction("the game is over")
        legal = self.legal()
        if i not in legal:
            verb = self.card_verb()
            raise IllegalAction(
                f"action {i} ({space.text(i, verb)}) is not legal now; legal: "
                + ", ".join(f"{k} ({space.text(k, verb)})" for k in legal),
                seat=state.current_player,
            )
        if self._sets is not None and i < space.deck_size:
            chosen = self.chosen_mask()
            card = next(
                c
                for c in self._copies(i)
                if not chosen >> c & 1 and any(s >> c & 1 for s in self._sets)
            )
            self.chosen.append(card)
            self._sets = [s for s in self._sets if s >> card & 1]
            self._legal = None
            return None
        if i == space.done:
            cards = self.chosen_mask()
            action = A.discard(cards) if self._set_verb == "discard" else A.give(cards)
            order: Sequence[int] | None = tuple(self.chosen)
        elif i < space.deck_size:
            actions = self.state.legal_actions()
            make = A.play if self.card_verb() == "play" else A.call_partner
            action = next(make(c) for c in self._copies(i) if make(c) in actions)
            order = None
        else:
            action = space.call_of(i)
            order = None
        self.apply_engine(action, order)
        return action

    def _copies(self, index: int) -> tuple[int, ...]:
        """The engine's cards a card index names (both copies of an identical pair)."""
        if self.space.twins >> index & 1:
            return (index, index + 1)
        return (index,)

    def apply_engine(self, action: int, order: Sequence[int] | None = None) -> None:
        """Take a whole engine action (what :meth:`apply` ends in), and supply a
        timed game's ``time-up`` when its hands are played."""
        state = self.state
        hands = len(state.results)
        seat = state.to_move
        state.apply(action, order)
        self.chosen = []
        self._sets = None
        self._set_verb = ""
        self._legal = None
        self._seen = {}
        self._vectors.after(seat, action)
        after = self.time_up_after
        done = len(state.results)
        ends_now = after is not None and hands < done and done >= after
        if ends_now and not state.over and not state.time_up:
            state.time_is_up()
            self._vectors.forget()

    def deal(self, deal: Deal, dealer: int | None = None) -> None:
        """Deal the next hand of an unseeded game (:meth:`State.deal`)."""
        self.state.deal(deal, dealer)
        self._legal = None
        self._sets = None
        self._seen = {}
        self._vectors.forget()

    def indices_of(self, action: int, order: Sequence[int] | None = None) -> list[int]:
        """The indices that take engine ``action`` (a set: one per card in ``order``,
        deck order by default, then ``done``)."""
        space = self.space
        cards = A.cards_of(action)
        if cards:
            picked = order if order is not None else bits(cards)
            return [*(space.card(c) for c in picked), space.done]
        if A.is_play(action):
            return [space.card(action)]
        if A.verb_of(action) is A.CALL_PARTNER_VERB:
            return [space.card(A.card_of(action))]
        return [space.index_of_call(action)]

    def new_results(self, before: int) -> tuple[HandResult, ...]:
        """The hands finished since there were ``before``."""
        return self.state.results[before:]

    def returns_since(self, before: int, kind: str) -> list[float]:
        """Each seat's return for what happened since there were ``before``
        finished hands: the zero-sum returns of the hands finished since (``kind``
        ``"hand"``), or the game's once it is over (``"game"``). Every face pays
        its agents through this."""
        rules = self.rules
        if kind != "hand":
            return (
                game_returns(rules, self.state.winner)
                if self.state.over
                else [0.0] * rules.num_players
            )
        out = [0.0] * rules.num_players
        for result in self.new_results(before):
            for seat, r in enumerate(hand_returns(rules, result)):
                out[seat] += r
        return out

    def hands_done(self, max_hands: int | None) -> bool:
        """Whether the episode's cap of ``max_hands`` hands is reached (None: no cap)."""
        return max_hands is not None and len(self.state.results) >= max_hands


def _rebuilt(game: dict[str, object], chosen: tuple[int, ...], seed: int | None = None) -> Table:
    state = record.replay(game)
    if seed is not None:  # the record keeps the deals, not what deals the next one
        state.standing = state.standing._replace(seed=seed)
    table = Table(state.rules, state=state)
    for card in chosen:
        table.apply(card)
    return table


def hand_returns(rules: Rules, result: HandResult) -> list[float]:
    """Each seat's zero-sum return for one hand: its side's points less the mean of
    the other sides' points (OpenSpiel's euchre: +1 for a made hand, -1 to the
    defenders)."""
    return _zero_sum(rules, [float(p) for p in result.points])


def game_returns(rules: Rules, winner: int | None) -> list[float]:
    """Each seat's zero-sum return for a finished game: +1 for the winning side's
    seats, -1/(sides-1) for the others (all 0 for a game without a winner)."""
    k = len(rules.sides)
    if winner is None:
        return [0.0] * rules.num_players
    return [
        1.0 if rules.side_of[seat] == winner else -1.0 / (k - 1)
        for seat in range(rules.num_players)
    ]


def _zero_sum(rules: Rules, side_points: list[float]) -> list[float]:
    k = len(side_points)
    total = sum(side_points)
    per_side = [p - (total - p) / (k - 1) for p in side_points]
    return [per_side[rules.side_of[seat]] for seat in range(rules.num_players)]
