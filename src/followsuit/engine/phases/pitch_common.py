"""What Pitch's exchanges share: card-set choices, point trumps, and the automatic
card moves (drops, draws, takes) the engine logs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import bits, mask_of, ordered_by
from ...rules.pitch_points import POINT_CARDS, fixed_card
from ..types import MoveKind

if TYPE_CHECKING:
    from ..state import State

HAND = 6  # every Pitch hand is played with six cards after an exchange


def point_trumps(s: State) -> int:
    """Cards that score in the card-point model under this trump (the cards a burn
    may never take): A, J, jick, jokers, T, 3, 2 of trump, the off-ace, the off-trey."""
    deck = s.prog.cards
    points = {fixed_card(category, s.trump) for category in POINT_CARDS}
    return mask_of(
        c
        for c in bits(s.table.trump_mask)
        if deck.suit[c] < 0 or (deck.suit[c], deck.rank[c]) in points
    )


def discard_auto(s: State, seat: int, cards: int, kind: MoveKind = MoveKind.DROP) -> None:
    """Drop ``cards`` from a hand face down, without a choice (logged, not an
    action): ``DROP`` drops every non-trump, ``TRIM`` only some (down to six). They
    go onto the pile in the order dealt. A drop of nothing is logged too: that the
    seat held no non-trump is what everyone learns from it."""
    if not cards and kind is not MoveKind.DROP:
        return
    dealt = s._dealt.hands[seat] if s._dealt is not None else ()
    s.discard_to_pile(seat, cards, ordered_by(cards, dealt))
    s.record_move(seat, kind, cards, 1 << seat)


def take_cards(s: State, seat: int, cards: Sequence[int], kind: MoveKind) -> None:
    """Put cards (the kitty, the rest of the stock) into a hand; seen by that seat."""
    m = mask_of(cards)
    if m:
        s._hands[seat] |= m
        s.record_move(seat, kind, m, 1 << seat)


def refill(s: State, seat: int, count: int) -> None:
    """Deal ``count`` cards: from the stock, then (stock gone) from the discards."""
    got = s.draw(seat, count)
    short = count - got.bit_count()
    discards = s.piles.discards
    if short > 0 and discards:
        s.piles = s.piles._replace(discards=discards[short:])
        take_cards(s, seat, discards[:short], MoveKind.RETAKE)


def take_stock(s: State, seat: int) -> tuple[int, ...]:
    """``seat`` takes the rest of the stock; returns the cards in stock order."""
    rest = s.piles.stock
    s.piles = s.piles._replace(stock=())
    take_cards(s, seat, rest, MoveKind.TAKE)
    return rest


def misdeal(s: State) -> None:
    """An impossibility the engine detects: the same dealer deals again unless
    ``misdeal_dealer`` says next (RULES.md §1.13)."""
    s.end_hand(None, redeal_same_dealer=s.prog.misdeal_dealer != "next")
