"""What Pitch's exchanges share: the seat order, card-set choices, point trumps,
and the automatic card moves (drops, draws, takes) the engine logs."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ...cards import bits

if TYPE_CHECKING:
    from ..state import State

HAND = 6  # every Pitch hand is played with six cards after an exchange
EVERYONE = -1


def from_eldest(s: State) -> list[int]:
    return [(s.dealer + k) % s.n for k in range(1, s.n + 1)]


def masks_of(cards: list[int], k: int) -> list[int]:
    out = []
    for combo in combinations(cards, k):
        m = 0
        for c in combo:
            m |= 1 << c
        out.append(m)
    return out


def point_trumps(s: State) -> int:
    """Cards that score in the card-point model under this trump (the cards a burn
    may never take): A, J, jick, jokers, T, 3, 2 of trump, the off-ace, the off-trey."""
    deck = s.rules.deck
    table = s.table
    t = s.trump
    same = 3 - t
    out = 0
    for c in bits(table.trump_mask):
        rank, suit = deck.rank[c], deck.suit[c]
        if (
            suit < 0
            or (suit == t and rank in (14, 11, 10, 3, 2))
            or (suit == same and rank in (11, 14, 3))
        ):
            out |= 1 << c
    return out


def discard_auto(s: State, seat: int, cards: int, kind: str = "discard") -> None:
    """Drop ``cards`` from a hand face down, without a choice (logged, not an
    action): ``discard`` drops every non-trump, ``trim`` only some (down to six)."""
    if not cards:
        return
    s.hands[seat] &= ~cards
    dealt = s.deal_.hands[seat] if s.deal_ is not None else ()
    order = [c for c in dealt if cards >> c & 1]
    order += [c for c in bits(cards) if c not in order]
    s.discard_pile.extend(order)
    s.record_auto(seat, kind, cards, 1 << seat)


def take_cards(s: State, seat: int, cards: list[int], kind: str) -> None:
    """Put cards (the kitty, the rest of the stock) into a hand; seen by that seat."""
    m = 0
    for c in cards:
        m |= 1 << c
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
