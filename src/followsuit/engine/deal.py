"""Deals: the cards each seat gets, and the other piles, as deck indices.

A deal is explicit data, so a game can be dealt from a seed, from a record, or by a
test that wants a particular hand. A seeded game draws hand *n* from the integer
``seed`` and *n* alone (:func:`seeded_deal`), so a clone deals exactly what the
original would: the shuffle is one uniform number, hashed from the two, decoded
into a permutation (exact, and several times cheaper than seeding a
``random.Random`` and shuffling with it).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from math import factorial
from operator import itemgetter
from typing import NamedTuple

from ..cards import mask_of
from ..rules import Rules


class Deal(NamedTuple):
    """Each seat's cards exactly as dealt, plus the up card and the undealt piles."""

    hands: tuple[tuple[int, ...], ...]
    upcard: int | None = None
    kitty: tuple[int, ...] = ()
    stock: tuple[int, ...] = ()
    piles: tuple[tuple[int, ...], ...] = ()

    def all_cards(self) -> list[int]:
        out = [c for h in self.hands for c in h]
        if self.upcard is not None:
            out.append(self.upcard)
        out += self.kitty
        out += self.stock
        for p in self.piles:
            out += p
        return out


@dataclass(frozen=True)
class Layout:
    """Where each position of a shuffled deck goes for one dealer: the variant's
    packets, eldest first, a pile card after each round, the dealer's extra card, the
    up card, a kitty, then the rest (RULES.md §1.2). Each place is read off a deck
    order in one step (an ``itemgetter`` of its positions)."""

    hands: tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]
    piles: tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]
    upcard: int | None
    kitty: Callable[[Sequence[int]], tuple[int, ...]]
    stock: Callable[[Sequence[int]], tuple[int, ...]]


def _getter(positions: Sequence[int]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """Reads these positions of a deck order, always as a tuple."""
    if not positions:
        return lambda order: ()
    if len(positions) == 1:
        k = positions[0]
        return lambda order: (order[k],)
    return itemgetter(*positions)


@cache
def layout(rules: Rules, dealer: int) -> Layout:
    s = rules.settings
    n = rules.num_players
    hands: list[list[int]] = [[] for _ in range(n)]
    piles: list[list[int]] = [[] for _ in range(n)] if s.piles else []
    pos = 0
    for rnd in rules.packets:
        for k in range(n):
            seat = (dealer + 1 + k) % n
            hands[seat].extend(range(pos, pos + rnd[k]))
            pos += rnd[k]
        if piles:
            for k in range(n):
                piles[(dealer + 1 + k) % n].insert(0, pos)  # the last card is on top
                pos += 1
    if s.dealer_extra_card:  # bid-euchre/joker: the last card to the dealer
        hands[dealer].append(pos)
        pos += 1
    upcard = None
    if s.upcard:
        upcard = pos
        pos += 1
    kitty = list(range(pos, pos + s.kitty_size))
    pos += s.kitty_size
    rest = list(range(pos, len(rules.deck)))
    if s.leftover == "kitty":
        kitty, rest = kitty + rest, []
    return Layout(
        hands=tuple(_getter(h) for h in hands),
        piles=tuple(_getter(p) for p in piles),
        upcard=upcard,
        kitty=_getter(kitty),
        stock=_getter(rest),
    )


def deal_from_order(rules: Rules, dealer: int, order: Sequence[int]) -> Deal:
    """Deal a shuffled deck (``order``, top card first) by the variant's layout."""
    lay = layout(rules, dealer)
    # Deal(...) without the named tuple's __new__, Python code even when compiled
    deal: Deal = tuple.__new__(
        Deal,
        (
            tuple([get(order) for get in lay.hands]),
            None if lay.upcard is None else order[lay.upcard],
            lay.kitty(order),
            lay.stock(order),
            tuple([get(order) for get in lay.piles]),
        ),
    )
    return canonical_copies(rules, deal) if rules.deck.has_duplicates else deal


def permutation(n: int, number: int) -> list[int]:
    """The permutation of ``range(n)`` that ``number`` (below ``n!``) stands for,
    read as the choices of a Fisher-Yates shuffle: a uniform number gives a uniform
    permutation.

    The choices are ``number``'s digits in the mixed radix n, n-1, …, 2. They are
    read a block of radices at a time (:func:`_blocks`): one division of the big
    number per block, whose remainder holds the block's digits in a machine word,
    read by divisions of small integers (a few times cheaper, compiled; the same
    digits as dividing the big number by each radix in turn)."""
    order = list(range(n))
    start = n - 1
    for block, last in _blocks(n):
        number, small = divmod(number, block)
        for i in range(start, last, -1):
            j = small % (i + 1)
            small //= i + 1
            order[i], order[j] = order[j], order[i]
        start = last
    return order


_WORD = 1 << 62
"""Integers below this are machine words to the compiled engine."""


@cache
def _blocks(n: int) -> tuple[tuple[int, int], ...]:
    """:func:`permutation`'s blocks for ``n`` cards: each the product of the radices
    i + 1 for i from where the last block stopped down to (not including) ``last``,
    kept below :data:`_WORD`."""
    out = []
    i = n - 1
    while i > 0:
        block = 1
        last = i
        while last > 0 and block * (last + 1) < _WORD:
            block *= last + 1
            last -= 1
        out.append((block, last))
        i = last
    return tuple(out)


def shuffle_number(seed: int, hand_no: int, n: int) -> int:
    """A uniform number below ``n!`` drawn from the seed and the hand number alone:
    256 hashed bits, redrawn in the (vanishingly rare) case they fall in the part
    of their range that ``n!`` does not divide evenly, so it is exactly uniform."""
    total, limit = _draw_range(n)
    counter = 0
    while True:
        digest = hashlib.blake2b(b"%d/%d/%d" % (seed, hand_no, counter), digest_size=32).digest()
        number = int.from_bytes(digest, "big")
        if number < limit:
            return number % total
        counter += 1


@cache
def _draw_range(n: int) -> tuple[int, int]:
    """``n!`` and the largest multiple of it below 2**256 (worked out once per n)."""
    total = factorial(n)
    return total, (1 << 256) // total * total


def game_seed(seed: int | str) -> int:
    """The non-negative integer a game's deals are drawn from: the seed itself, or a
    stable hash of a text (or negative) seed."""
    if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0:
        return seed
    digest = hashlib.sha256(repr(seed).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seeded_deal(rules: Rules, dealer: int, seed: int, hand_no: int) -> Deal:
    """Hand ``hand_no`` (counted from 1) of the game with this seed."""
    n = len(rules.deck)
    return deal_from_order(rules, dealer, permutation(n, shuffle_number(seed, hand_no, n)))


def first_dealer(rules: Rules, seed: int) -> int:
    """The first dealer of a seeded game, by the ``first_dealer`` option."""
    n = rules.num_players
    deck = rules.deck
    number = shuffle_number(seed, 0, len(deck))
    how = rules.settings.first_dealer
    if how == "random":
        return number % n
    black = how == "first_black_jack"
    for k, c in enumerate(permutation(len(deck), number)):
        code = deck.codes[c]
        if code[0] == "J" and code != "JK" and (not black or code[1] in "CS"):
            return k % n
    return 0


def canonical_copies(rules: Rules, deal: Deal) -> Deal:
    """Number identical cards in the order a record lists them (hands by seat,
    then the other piles), as reading the record back does: the record cannot
    tell two copies apart, so neither may the deal."""
    deck = rules.deck
    if not deck.has_duplicates:
        return deal
    used = 0

    def renumber(cards: tuple[int, ...]) -> tuple[int, ...]:
        nonlocal used
        out = deck.parse_cards([deck.codes[c] for c in cards], used)
        used |= mask_of(out)
        return tuple(out)

    hands = tuple(renumber(h) for h in deal.hands)
    upcard = None if deal.upcard is None else renumber((deal.upcard,))[0]
    return Deal(
        hands=hands,
        upcard=upcard,
        kitty=renumber(deal.kitty),
        stock=renumber(deal.stock),
        piles=tuple(renumber(p) for p in deal.piles),
    )


def hand_sizes(rules: Rules, dealer: int) -> list[int]:
    """Cards dealt to each seat (the dealer may get an extra one)."""
    sizes = [rules.settings.hand_size] * rules.num_players
    if rules.settings.dealer_extra_card:
        sizes[dealer] += 1
    return sizes


def check_deal(rules: Rules, deal: Deal, dealer: int) -> None:
    """Raise ValueError unless ``deal`` fits the variant: sizes, piles, whole deck."""
    s = rules.settings
    n = rules.num_players
    deck = rules.deck
    if len(deal.hands) != n:
        raise ValueError(f"deal.hands: {len(deal.hands)} hands for {n} seats")
    for seat, (hand, size) in enumerate(zip(deal.hands, hand_sizes(rules, dealer), strict=True)):
        if len(hand) != size:
            raise ValueError(f"deal.hands[{seat}]: {len(hand)} cards, the variant deals {size}")
    if s.upcard and deal.upcard is None:
        raise ValueError("deal.upcard: missing; this variant turns up a card")
    if not s.upcard and deal.upcard is not None:
        raise ValueError("deal.upcard: this variant has no up card")
    if s.leftover == "kitty" and deal.stock:
        raise ValueError("deal.stock: this variant has no draw stock (the rest is the kitty)")
    if s.leftover == "stock" and len(deal.kitty) != s.kitty_size:
        if s.kitty_size:
            raise ValueError(
                f"deal.kitty: {len(deal.kitty)} cards, the variant's kitty has {s.kitty_size}"
            )
        raise ValueError("deal.kitty: this variant keeps the undealt cards in the stock")
    if s.piles:
        if len(deal.piles) != n or any(len(p) != s.piles for p in deal.piles):
            raise ValueError(f"deal.piles: every seat needs a pile of {s.piles} cards")
    elif deal.piles:
        raise ValueError("deal.piles: this variant has no piles")
    got = Counter(deck.codes[c] for c in deal.all_cards())
    want = Counter(deck.codes)
    if got != want:
        missing = sorted((want - got).elements())
        extra = sorted((got - want).elements())
        parts = []
        if missing:
            parts.append("missing " + " ".join(missing))
        if extra:
            parts.append("too many " + " ".join(extra))
        raise ValueError(f"deal: the cards are not the {deck.name} deck ({'; '.join(parts)})")
