"""Pitch's discard-and-draw exchanges: the general discard and draw, and New
Yorker's second deal (RULES.md §3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...cards import bits, masks_of
from .. import actions as A
from .base import Phase
from .pitch_common import HAND, refill

if TYPE_CHECKING:
    from ..state import State


class Turns(NamedTuple):
    """The seats that take a turn in this step, in order, and how many have."""

    seats: tuple[int, ...]
    done: int = 0


class DiscardDraw(Phase[Turns]):
    """Each player from the eldest discards any cards (or passes) and is dealt as
    many from the stock."""

    name = "draw"

    def seats(self, s: State) -> tuple[int, ...]:
        return s.from_eldest()

    def enter(self, s: State) -> None:
        seats = self.seats(s)
        if not seats:
            s.advance()
            return
        s.step = Turns(seats)
        s.to_move = seats[0]

    def choices(self, s: State, seat: int) -> tuple[int, ...]:
        """The cards this seat may discard (any number of them)."""
        return bits(s._hands[seat])

    def legal(self, s: State) -> tuple[int, ...]:
        seat = s.to_move
        assert seat is not None
        cards = self.choices(s, seat)
        most = self.most(s, len(cards))
        out: tuple[int, ...] = (A.PASS,)
        for k in range(1, most + 1):
            out += tuple(A.discard(m) for m in masks_of(cards, k))
        return out

    def most(self, s: State, choices: int) -> int:
        return choices

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        if action == A.PASS:
            s.record_action(seat, action)
        else:
            cards = A.cards_of(action)
            s.record_action(seat, action, visible_to=1 << seat)
            s.discard_to_pile(seat, cards, s.written(cards))
        self.deal_back(s, seat, A.cards_of(action).bit_count())
        turns = self.data(s)
        done = turns.done + 1
        if done < len(turns.seats):
            s.step = Turns(turns.seats, done)
            s.to_move = turns.seats[done]
        else:
            s.advance()

    def deal_back(self, s: State, seat: int, discarded: int) -> None:
        """Deal as many cards as were discarded: from the stock, then the discards."""
        refill(s, seat, discarded)

    def explain(self, s: State, action: int) -> str:
        return "discard any cards from your hand (discard C …) or pass"


class NewYorkerDraw(DiscardDraw):
    """New Yorker's second deal: each player (a moon bidder excepted) discards
    unwanted non-trumps and is dealt back to six."""

    def seats(self, s: State) -> tuple[int, ...]:
        moon = s.prog.bids[s.contract.bid].kind == "moon"
        skip = s.maker if moon else -1
        out = s.contract.out
        return tuple(p for p in s.from_eldest() if p != skip and not out >> p & 1)

    def choices(self, s: State, seat: int) -> tuple[int, ...]:
        return bits(s._hands[seat] & ~s.table.trump_mask)

    def most(self, s: State, choices: int) -> int:
        if s.prog.discard_limited_by_stock:
            return min(choices, len(s.piles.stock))
        return choices

    def deal_back(self, s: State, seat: int, discarded: int) -> None:
        """Back to six: from the stock alone when discards are limited by it,
        else from the discards once the stock is gone."""
        need = HAND - s._hands[seat].bit_count()
        if need > 0:
            if s.prog.discard_limited_by_stock:
                s.draw(seat, need)
            else:
                refill(s, seat, need)

    def explain(self, s: State, action: int) -> str:
        if A.is_discard(action) and A.cards_of(action) & s.table.trump_mask:
            return "trumps may not be discarded"
        if s.prog.discard_limited_by_stock and A.is_discard(action):
            return f"the stock holds only {len(s.piles.stock)} cards: discard no more than that"
        return "discard unwanted non-trumps (discard C …) or pass"
