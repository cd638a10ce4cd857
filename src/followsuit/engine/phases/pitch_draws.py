"""Pitch's discard-and-draw exchanges: the general discard and draw, and New
Yorker's second deal (RULES.md §3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import bits, masks_of
from .. import actions as A
from .base import Phase, from_eldest
from .pitch_common import HAND, refill

if TYPE_CHECKING:
    from ..state import State


class DiscardDraw(Phase):
    """Each player from the eldest discards any cards (or passes) and is dealt as
    many from the stock."""

    name = "draw"

    def enter(self, s: State) -> None:
        s.queue = tuple(from_eldest(s))
        s.asked = 0
        s.to_move = s.queue[0]

    def legal(self, s: State) -> list[int]:
        hand = bits(s.hands[s.to_move])  # type: ignore[index]
        out = [A.PASS]
        for k in range(1, len(hand) + 1):
            out += [A.DISCARD | m for m in masks_of(hand, k)]
        return out

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        if action == A.PASS:
            s.record_action(seat, action)
        else:
            cards = A.cards_of(action)
            s.record_action(seat, action, visible_to=1 << seat)
            s.hands[seat] &= ~cards
            s.discard_pile.extend(s.ordered(cards))
        self.deal_back(s, seat, 0 if action == A.PASS else A.cards_of(action).bit_count())
        s.asked += 1
        if s.asked < len(s.queue):
            s.to_move = s.queue[s.asked]
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

    def enter(self, s: State) -> None:
        skip = s.maker if s.prog.bids[s.bid].kind == "moon" else -1
        s.queue = tuple(p for p in from_eldest(s) if p != skip and not s.out >> p & 1)
        s.asked = 0
        if not s.queue:
            s.advance()
            return
        s.to_move = s.queue[0]

    def legal(self, s: State) -> list[int]:
        seat = s.to_move
        assert seat is not None
        plain = bits(s.hands[seat] & ~s.table.trump_mask)
        most = len(plain)
        if s.rules["discard_limited_by_stock"]:
            most = min(most, len(s.stock))
        out = [A.PASS]
        for k in range(1, most + 1):
            out += [A.DISCARD | m for m in masks_of(plain, k)]
        return out

    def deal_back(self, s: State, seat: int, discarded: int) -> None:
        """Back to six: from the stock alone when discards are limited by it,
        else from the discards once the stock is gone."""
        need = HAND - s.hands[seat].bit_count()
        if need > 0:
            if s.rules["discard_limited_by_stock"]:
                s.draw(seat, need)
            else:
                refill(s, seat, need)

    def explain(self, s: State, action: int) -> str:
        if action >= A.DISCARD and A.cards_of(action) & s.table.trump_mask:
            return "trumps may not be discarded"
        if s.rules["discard_limited_by_stock"] and action >= A.DISCARD:
            return f"the stock holds only {len(s.stock)} cards: discard no more than that"
        return "discard unwanted non-trumps (discard C …) or pass"
