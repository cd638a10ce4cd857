"""Trump orders (RULES.md §1.5) as small named functions of a deck and a trump suit.

A trump order is a list of *slots* from high to low; a slot holds the indices of
cards of equal rank (both copies of a double-deck card, or two jokers under the
first-played rule). Cards not in the order keep their printed suit and natural rank.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Deck, Suit

Slots = list[tuple[int, ...]]


def _slot(deck: Deck, *codes: str) -> tuple[int, ...]:
    out: list[int] = []
    for code in codes:
        out.extend(deck.by_code.get(code, ()))
    return tuple(out)


def euchre_order(deck: Deck, trump: int) -> Slots:
    """(JK) · right bower · left bower · A K Q T 9 (RULES.md §2A)."""
    t = Suit(trump)
    same = t.same_colour.char
    slots = [_slot(deck, "JK"), _slot(deck, "J" + t.char), _slot(deck, "J" + same)]
    slots += [_slot(deck, r + t.char) for r in "AKQT98765432"]
    return [s for s in slots if s]


TRUMP_ORDERS: dict[str, Callable[[Deck, int], Slots]] = {
    "euchre": euchre_order,
}
