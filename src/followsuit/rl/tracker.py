"""The observation vectors of one game, kept up to date as its cards are played.

:func:`~followsuit.rl.encoding.encode` builds a seat's vector from its
observation, and building both costs more than the rest of a learning step: the
observation is made afresh (the log as text, the voids from every trick, a public
copy of the state for the world sampler) and the vector written from it. Yet most
of a hand's steps are card plays, and a card played under ``must_follow`` changes
a handful of entries of each seat's vector: the trick (or, when it completes, the
trick, its leader, the cards played and the tricks won), the player's hand, its
hand size and what it was known to hold, a void it showed, and the seat to move.

:class:`VectorTracker` keeps each seat's vector and, after such a card, writes only
those entries. After any other action (a call, a discard, a hand's last card, a
Pitch card, whose rules of pitched trump and voids differ), a seat's vector is
built again from its observation when it is next asked for, so the tracker is
never more than a cache of :func:`encode`: ``tests/test_rl_tracker.py`` holds the
two to the same vector at every step of random games of every variant.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from ..engine import actions as A
from ..engine.observation import Observation
from ..engine.state import State
from .actions import CALLS, ActionSpace
from .encoding import encode, layout

Vector = npt.NDArray[np.float32]


class VectorTracker:
    """The observation vector of each seat of ``state``, kept up to date by
    :meth:`after` (called after every action applied to the state, with the seat
    that took it) and read by :meth:`vector`; ``observe`` gives a seat's
    observation of the state as it is now, for a vector built afresh."""

    def __init__(self, state: State, observe: Callable[[int], Observation]) -> None:
        self.state = state
        self.observe = observe
        rules = state.rules
        s = rules.settings
        self.n = rules.num_players
        self.d = len(rules.deck)
        self.space = ActionSpace.of(rules)
        at = layout(rules).offsets
        self.at_hand = at["hand"]
        self.at_chosen = at["chosen"]
        self.at_trick = at["trick"]
        self.at_leader = at["leader"]
        self.at_played = at["played"]
        self.at_known = at["known"]
        self.at_voids = at["voids"]
        self.at_hand_sizes = at["hand_sizes"]
        self.at_tricks_won = at["tricks_won"]
        self.at_to_move = at["to_move"]
        self.at_pass = at["calls"] + CALLS.index(A.PASS)
        self.follows = (
            s.follow == "must_follow"
            and s.renege_mode != "penalize"
            and not s.piles
            and s.partnership != "called"
        )
        """Whether a card play may be tracked at all: the follow rule whose voids
        are the led suit (no blind piles, no reneges accepted, no called partner
        made known by a card)."""
        self._vectors: list[Vector | None] = [None] * self.n
        self._known: list[list[int]] = [[0] * self.n for _ in range(self.n)]
        """Per seat with a vector, the cards it knows in each hand (as dealt indices)."""
        self._mark = self._marked()

    def _marked(self) -> tuple[object, ...]:
        """What a pass leaves as it was, or else it changed more than the calls and
        the seat to move: the phase, the contract, trump and maker, the card moves,
        the piles and the game between hands (each replaced, never changed)."""
        s = self.state
        return (s.phase, s.contract, s.trump, s.maker, len(s.moves), s.piles, s.standing)

    def forget(self) -> None:
        """Build every vector afresh when next asked (the state changed in a way
        :meth:`after` was not told of)."""
        self._vectors = [None] * self.n
        self._mark = self._marked()

    def vector(self, seat: int, chosen: int = 0) -> Vector:
        """``seat``'s vector now (a new array, the caller's to keep), with the cards
        ``chosen`` so far in a set being taken: ``encode(observe(seat), chosen)``."""
        vec = self._vectors[seat]
        if vec is None:
            obs = self.observe(seat)
            vec = encode(obs)
            self._vectors[seat] = vec
            self._known[seat] = list(obs.known)
            self._mark = self._marked()  # the state has not moved since the last action
        out = vec.copy()
        if chosen:
            self._write_cards(out, self.at_chosen, chosen)
        return out

    def after(self, seat: int | None, action: int) -> None:
        """The state has taken ``action`` by ``seat``: bring the vectors up to date."""
        if all(vec is None for vec in self._vectors):  # none held (a face encoding itself)
            return
        state = self.state
        if action == A.PASS and seat is not None:
            self._passed(seat)
            return
        if not (
            self.follows
            and seat is not None
            and A.is_play(action)
            and state.to_move is not None
            and state.phase.name == "play"
            and state.contract.blind < 0
        ):
            self.forget()
            return
        trick = state.trick
        complete = not trick
        if complete:
            last = state.tricks[-1]
            cards = last.cards
            leader = last.seats[0]
        else:
            cards = trick
            leader = state.order[0]
        if cards[-1] != action:
            self.forget()
            return
        n = self.n
        d = self.d
        led = state.table.eff[cards[0]]
        shows_void = len(cards) > 1 and state.table.eff[action] != led
        hand = state.hands[seat]
        size = hand.bit_count() / d
        mover = state.to_move
        played = 0
        won = 0
        if complete:
            for t in state.tricks:
                for c in t.cards:
                    played |= 1 << c
                won += t.winner == last.winner
        card = self.space.card(action)
        for viewer in range(n):
            vec = self._vectors[viewer]
            if vec is None:
                continue
            r = (seat - viewer) % n
            if complete:
                vec[self.at_trick : self.at_trick + n * d] = 0.0
                vec[self.at_leader : self.at_leader + n] = 0.0
                self._write_cards(vec, self.at_played, played)
                vec[self.at_tricks_won + (last.winner - viewer) % n] = won / d
            else:
                vec[self.at_trick + r * d + card] = 1.0
                if len(cards) == 1:
                    vec[self.at_leader + (leader - viewer) % n] = 1.0
            if r == 0:
                self._write_cards(vec, self.at_hand, hand)
            else:
                known = self._known[viewer]
                if known[seat] >> action & 1:
                    known[seat] &= ~(1 << action)
                    self._write_cards(vec, self.at_known + (r - 1) * d, known[seat])
            if shows_void:
                vec[self.at_voids + 4 * r + led] = 1.0
            vec[self.at_hand_sizes + r] = size
            vec[self.at_to_move + r] = 0.0
            vec[self.at_to_move + (mover - viewer) % n] = 1.0
        self._mark = self._marked()

    def _passed(self, seat: int) -> None:
        """A pass that changed nothing but whose turn it is counts in the calls
        (each call taken counts a half, up to 1)."""
        state = self.state
        mark = self._marked()
        mover = state.to_move
        if mark != self._mark or mover is None or state.phase.name == "claims":
            self.forget()
            return
        n = self.n
        for viewer in range(n):
            vec = self._vectors[viewer]
            if vec is None:
                continue
            r = (seat - viewer) % n
            at = self.at_pass + r * len(CALLS)
            vec[at] = min(float(vec[at]) + 0.5, 1.0)
            vec[self.at_to_move + r] = 0.0
            vec[self.at_to_move + (mover - viewer) % n] = 1.0
        self._mark = mark

    def _write_cards(self, vec: Vector, base: int, mask: int) -> None:
        """The ``d`` entries from ``base`` as the card set ``mask`` (named as the
        faces name cards: :meth:`ActionSpace.cards`)."""
        vec[base : base + self.d] = 0.0
        mask = self.space.cards(mask)
        while mask:
            low = mask & -mask
            vec[base + low.bit_length() - 1] = 1.0
            mask ^= low
