"""Effective suits, trick power and trick winners, as per-trump lookup tables.

Everything the play phase asks on the hot path ("which of my cards follow the led
suit?", "does this card beat the one winning?") is one tuple index into a table
built once per variant and trump (RULES.md §1.4, §1.5, §1.8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..cards import Deck
from ..rules.ranking import TRUMP_ORDERS
from ..rules.settings import Settings

NO_TRUMP: Final = -1
#: A card that can never win the trick it is played to.
CANNOT_WIN: Final = -1


@dataclass(frozen=True)
class TrumpTable:
    """Lookups for one trump suit (or none, before trump is known)."""

    trump: int
    eff: tuple[int, ...]
    """Effective suit of each card: jokers and promoted cards belong to trump."""
    suit_mask: tuple[int, ...]
    """Cards of each effective suit (C D H S). Typed as a plain tuple, not a
    four-tuple, here and in ``keys``: the compiled engine keeps a fixed-length
    tuple unboxed and would build a new tuple object at every index by suit."""
    trump_mask: int
    power: tuple[int, ...]
    """Rank within the effective suit; trumps (64 and up) above every plain card."""
    keys: tuple[tuple[int, ...], ...]
    """``keys[led][card]``: a larger key beats a smaller one; ties go to the earlier."""
    twins: int
    """The deck's lower copy of each identical pair (``Deck.twins``), here too
    because trick play reads it with the table at every card (the program is a
    Python class, slower to read from in the compiled engine)."""

    def key(self, led: int, card: int) -> int:
        return self.keys[led][card]


def build_table(settings: Settings, deck: Deck, trump: int) -> TrumpTable:
    n = len(deck)
    eff = list(deck.suit)
    power = list(deck.rank)
    trump_mask = 0
    if trump != NO_TRUMP:
        slots = TRUMP_ORDERS[settings.trump_order](deck, trump, settings)
        top = 64 + len(slots)
        for pos, slot in enumerate(slots):
            for i in slot:
                eff[i] = trump
                power[i] = top - pos
                trump_mask |= 1 << i
    suit_mask = [0, 0, 0, 0]
    for i in range(n):
        if eff[i] >= 0:
            suit_mask[eff[i]] |= 1 << i
    lowest = settings.trick_mode == "lowest"
    keys = []
    for led in range(4):
        row = []
        for i in range(n):
            if trump != NO_TRUMP and eff[i] == trump:
                cls = 2
            elif eff[i] == led:
                cls = 1
            else:
                row.append(CANNOT_WIN)
                continue
            row.append(cls * 1000 + (500 - power[i] if lowest else power[i]))
        keys.append(tuple(row))
    return TrumpTable(
        trump=trump,
        eff=tuple(eff),
        suit_mask=tuple(suit_mask),
        trump_mask=trump_mask,
        power=tuple(power),
        keys=tuple(keys),
        twins=deck.twins,
    )


def build_tables(settings: Settings, deck: Deck) -> tuple[TrumpTable, ...]:
    """Tables for trump C, D, H, S, then index 4 (= ``NO_TRUMP``) for no trump."""
    return tuple(build_table(settings, deck, t) for t in (0, 1, 2, 3, NO_TRUMP))


def trick_winner(table: TrumpTable, cards: list[int]) -> int:
    """Position in ``cards`` (play order) of the card that wins the trick."""
    led = table.eff[cards[0]]
    if led < 0:  # a joker led before trump is known; it leads its own class
        return 0
    row = table.keys[led]
    best, best_key = 0, row[cards[0]]
    for pos in range(1, len(cards)):
        k = row[cards[pos]]
        if k > best_key:
            best, best_key = pos, k
    return best
