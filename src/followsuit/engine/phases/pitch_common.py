"""What Pitch's exchanges share: the seat order, card-set choices, point trumps,
and the automatic card moves (drops, draws, takes) the engine logs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import bits, mask_of, ordered_by
from ...rules.pitch_points import POINT_CARDS, fixed_card

if TYPE_CHECKING:
    from ..state import State

HAND = 6  # every Pitch hand is played with six cards after an exchange


def point_trumps(s: State) -> int:
    """Cards that score in the card-point model under this trump (the cards a burn
    may never take): A, J, jick, jokers, T, 3, 2 of trump, the off-ace, the off-trey."""
    deck = s.rules.deck
    points = {fixed_card(category, s.trump) for category in POINT_CARDS}
    return mask_of(
        c
        for c in bits(s.table.trump_mask)
        if deck.suit[c] < 0 or (deck.suit[c], deck.rank[c]) in points
    )


def discard_auto(s: State, seat: int, cards: int, kind: str = "discard") -> None:
    """Drop ``cards`` from a hand face down, without a choice (logged, not an
    action): ``discard`` drops every non-trump, ``trim`` only some (down to six)."""
    if not cards:
        return
    s.hands[seat] &= ~cards
    dealt = s.deal_.hands[seat] if s.deal_ is not None else ()
    s.discard_pile.extend(ordered_by(cards, dealt))
    s.record_auto(seat, kind, cards, 1 << seat)


def take_cards(s: State, seat: int, cards: list[int], kind: str) -> None:
    """Put cards (the kitty, the rest of the stock) into a hand; seen by that seat."""
    m = mask_of(cards)
    if m:
        s.hands[seat] |= m
        s.record_auto(seat, kind, m, 1 << seat)


def refill(s: State, seat: int, count: int) -> None:
    """Deal ``count`` cards: from the stock, then (stock gone) from the discards."""
    got = s.draw(seat, count)
    short = count - got.bit_count()
    if short > 0 and s.discard_pile:
        taken = s.discard_pile[:short]
        del s.discard_pile[:short]
        take_cards(s, seat, taken, "retake")


def misdeal(s: State) -> None:
    """An impossibility the engine detects: the same dealer deals again unless
    ``misdeal_dealer`` says next (RULES.md §1.13)."""
    s.end_hand(None, redeal_same_dealer=s.rules["misdeal_dealer"] != "next")
