"""Trump orders (RULES.md §1.5) as small named functions of a deck and a trump suit.

A trump order is a list of *slots* from high to low; a slot holds the indices of
cards of equal rank (both copies of a double-deck card, or two jokers under the
first-played rule). Cards not in the order keep their printed suit and natural rank.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Deck, Suit
from .settings import Settings

Slots = list[tuple[int, ...]]


def _slot(deck: Deck, *codes: str) -> tuple[int, ...]:
    out: list[int] = []
    for code in codes:
        out.extend(deck.by_code.get(code, ()))
    return tuple(out)


def euchre_order(deck: Deck, trump: int, s: Settings) -> Slots:
    """(JK) · right bower · left bower · A K Q T 9 (RULES.md §2A)."""
    t = Suit(trump)
    same = t.same_colour.char
    slots = [_slot(deck, "JK"), _slot(deck, "J" + t.char), _slot(deck, "J" + same)]
    slots += [_slot(deck, r + t.char) for r in "AKQT98765432"]
    return [s for s in slots if s]


def pitch_order(deck: Deck, trump: int, s: Settings) -> Slots:
    """A K Q J T … 2, with the variant's additions (RULES.md §1.5): the off-ace
    after the ace (Missouri), the jick after the jack, the jokers below the jack and
    jick (or lowest of all), the off-trey between the 3 and the 2 (13-point)."""
    t = Suit(trump)
    same = t.same_colour.char
    slots: list[tuple[int, ...]] = []
    jokers = [c for c in ("BJ", "LJ", "JK") if c in deck.by_code]
    if s.joker_order == "first_played":
        joker_slots = [_slot(deck, *jokers)]
    else:
        joker_slots = [_slot(deck, c) for c in jokers]
    for rank in "AKQJT98765432":
        slots.append(_slot(deck, rank + t.char))
        if rank == "A" and s.off_ace:
            slots.append(_slot(deck, "A" + same))
        if rank == "J":
            if s.jick_is_trump:
                slots.append(_slot(deck, "J" + same))
            if s.joker_rank == "below_jack_or_jick":
                slots += joker_slots
        if rank == "3" and s.off_trey:
            slots.append(_slot(deck, "3" + same))
    if s.joker_rank == "lowest_trump":
        slots += joker_slots
    return [s for s in slots if s]


TRUMP_ORDERS: dict[str, Callable[[Deck, int, Settings], Slots]] = {
    "euchre": euchre_order,
    "pitch": pitch_order,
}
