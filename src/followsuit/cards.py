"""Cards, suits, ranks, the named decks, and card sets as bitmasks.

A :class:`Card` is a small value type with the record notation (rank then suit,
``"JH"``, ``"TC"``, jokers ``"JK"``, ``"BJ"``, ``"LJ"``). A :class:`Deck` numbers its
cards ``0 … len-1``; the engine works on those indices and on integer bitmasks of
them, never on lists of ``Card`` objects, because bots call it millions of times.
Identical cards of a double deck get distinct indices (so "the one played first"
can be told apart) but share their notation.

>>> Card.parse("jh")
Card('JH')
>>> deck = find_deck("EUCHRE24")
>>> deck.format_mask(deck.mask_of(["JH", "AS"]))
'JH AS'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from itertools import combinations
from typing import Final, Literal, get_args


class Suit(IntEnum):
    """The four suits, numbered in the record's order ``C D H S``."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return "CDHS"[self]

    @property
    def word(self) -> str:
        """Plural noun used in messages: ``"hearts"``."""
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def same_colour(self) -> Suit:
        """The partner suit of the same colour (C↔S, D↔H)."""
        return Suit(3 - self)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``"H"``, ``"h"`` or ``"hearts"``."""
        t = text.strip().upper()
        for suit in cls:
            if t in (suit.char, suit.word.upper(), suit.word.upper()[:-1]):
                return suit
        raise ValueError(f"not a suit: {text!r} (use C, D, H or S)")


SUIT_CHARS = "CDHS"
RANK_CHARS = "23456789TJQKA"
JOKER_CODES = ("BJ", "LJ", "JK")

#: Rank values: 2 … 14 for 2 … A; jokers have rank 0 (they have no natural rank).
RANK_VALUE = {ch: i + 2 for i, ch in enumerate(RANK_CHARS)}
RANK_WORDS = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}


@dataclass(frozen=True)
class Card:
    """One card by its notation; ``Card('JH') == Card.parse('jh')``."""

    code: str

    def __post_init__(self) -> None:
        if not _valid_code(self.code):
            raise ValueError(
                f"not a card: {self.code!r} (rank 2-9 T J Q K A then suit C D H S, or JK/BJ/LJ)"
            )

    @classmethod
    def parse(cls, text: str) -> Card:
        return cls(text.strip().upper())

    @property
    def is_joker(self) -> bool:
        return self.code in JOKER_CODES

    @property
    def suit(self) -> Suit | None:
        """The printed suit; ``None`` for a joker."""
        return None if self.is_joker else Suit(SUIT_CHARS.index(self.code[1]))

    @property
    def rank(self) -> int:
        """2 … 14 (ace high); 0 for a joker."""
        return 0 if self.is_joker else RANK_VALUE[self.code[0]]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


def _valid_code(code: str) -> bool:
    if code in JOKER_CODES:
        return True
    return len(code) == 2 and code[0] in RANK_CHARS and code[1] in SUIT_CHARS


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: ``_BYTE_BITS[k][b]``: the bit indices of byte value ``b`` at byte position ``k``.
_BYTE_BITS: Final = tuple(
    tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(8)
)


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of a collection of card indices (the inverse of :func:`bits`)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def masks_of(cards: Iterable[int], k: int) -> list[int]:
    """Every ``k``-card subset of ``cards``, as a bitmask (in combination order)."""
    return [mask_of(combo) for combo in combinations(cards, k)]


def one_copy(hand: int, twins: int) -> int:
    """``hand`` with the upper copy of each identical pair it holds both of taken
    out (``twins`` marks the lower copies): each distinct card offered once, as the
    lower index (RULES.md §1.7)."""
    return hand & ~((hand & (hand >> 1) & twins) << 1)


def canonical(twins: int, hand: int, cards: int) -> bool:
    """A set of cards from ``hand`` is canonical when it never uses the upper copy
    of an identical pair (``twins`` marks the lower copies) while leaving the lower
    one in the hand: so that each distinct choice is offered once."""
    if not twins:
        return True
    uppers = (hand & (hand >> 1) & twins) << 1  # upper copies whose twin is held
    return not (cards & uppers & ~((cards & twins) << 1))


def canonical_choice(twins: int, hand: int, cards: int) -> int:
    """The same choice of ``cards`` from ``hand`` made canonical: an upper copy of
    an identical pair taken while its lower copy stays in the hand is swapped for
    the lower one (the two are the same card)."""
    swap = cards & ((hand & ~cards & twins) << 1)
    return (cards & ~swap) | swap >> 1


def ordered_by(mask: int, order: Iterable[int]) -> list[int]:
    """The cards of ``mask`` in the order they come in ``order`` (a hand as dealt),
    then any others, lowest first."""
    first = [c for c in order if mask >> c & 1]
    return first + [c for c in bits(mask & ~mask_of(first))]


def bits(mask: int) -> tuple[int, ...]:
    """Indices of the set bits of ``mask``, lowest first, as a tuple.

    A table lookup per byte, about three times faster than peeling bits one by
    one, and immutable so that it can be handed out as it is.
    """
    t = _BYTE_BITS
    if mask < 0x1000000:
        if mask < 0x100:
            return t[0][mask]
        return t[0][mask & 255] + t[1][mask >> 8 & 255] + t[2][mask >> 16]
    out: list[int] = []
    k = 0
    while mask:
        b = mask & 255
        if b:
            out.extend(t[k][b] if k < 8 else [8 * k + i for i in range(8) if b >> i & 1])
        mask >>= 8
        k += 1
    return tuple(out)


BITS: Final[dict[int, tuple[int, ...]]] = {}
""":func:`bits` of the masks :func:`remembered_bits` was asked for. Trick play
reads it in line (``BITS.get(hand) or remembered_bits(hand)``): a dict lookup
is several times cheaper than building the tuple, and a game's legal cards are
the same few hundred sets over and over. Masks that rarely come again (a
sampled world's hands) go to :func:`bits`, which keeps nothing. Bounded: emptied
when it reaches :data:`BITS_LIMIT` masks."""
BITS_LIMIT: Final = 1 << 16


def remembered_bits(mask: int) -> tuple[int, ...]:
    """:func:`bits`, kept in :data:`BITS` for the next time."""
    out = BITS.get(mask)
    if out is None:
        if len(BITS) >= BITS_LIMIT:
            BITS.clear()
        out = BITS[mask] = bits(mask)
    return out


@dataclass(frozen=True)
class Deck:
    """A named deck: its cards in index order plus lookup tables.

    The tables (``suit``, ``rank``, ``suit_masks``) are what the engine reads on the
    hot path; ``cards`` and the parsing helpers are for the edges (records, CLI).
    """

    name: str
    cards: tuple[Card, ...]
    suit: tuple[int, ...] = field(init=False, repr=False)
    rank: tuple[int, ...] = field(init=False, repr=False)
    codes: tuple[str, ...] = field(init=False, repr=False)
    suit_masks: tuple[int, ...] = field(init=False, repr=False)
    """Cards of each suit C D H S (a plain tuple: see ``TrumpTable.suit_mask``)."""
    joker_mask: int = field(init=False, repr=False)
    full_mask: int = field(init=False, repr=False)
    by_code: dict[str, tuple[int, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        codes = tuple(c.code for c in self.cards)
        suits = tuple(-1 if c.suit is None else int(c.suit) for c in self.cards)
        masks = [0, 0, 0, 0]
        joker = 0
        by_code: dict[str, list[int]] = {}
        for i, c in enumerate(self.cards):
            if c.is_joker:
                joker |= 1 << i
            else:
                masks[suits[i]] |= 1 << i
            by_code.setdefault(c.code, []).append(i)
        set_ = object.__setattr__
        set_(self, "codes", codes)
        set_(self, "suit", suits)
        set_(self, "rank", tuple(c.rank for c in self.cards))
        set_(self, "suit_masks", tuple(masks))
        set_(self, "joker_mask", joker)
        set_(self, "full_mask", (1 << len(self.cards)) - 1)
        set_(self, "by_code", {k: tuple(v) for k, v in by_code.items()})

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def twins(self) -> int:
        """Mask of the lower copy of each identical pair (copies sit at adjacent
        indices); 0 for a deck without duplicates."""
        mask = 0
        for indices in self.by_code.values():
            if len(indices) == 2:
                low, high = indices
                assert high == low + 1, "identical cards must sit at adjacent indices"
                mask |= 1 << low
        return mask

    @property
    def has_duplicates(self) -> bool:
        return len(self.by_code) < len(self.cards)

    def indices_of(self, code: str) -> tuple[int, ...]:
        """Every index carrying this notation (two in a double deck)."""
        code = code.strip().upper()
        try:
            return self.by_code[code]
        except KeyError:
            if _valid_code(code):
                raise ValueError(f"{code} is not in the {self.name} deck") from None
            raise ValueError(f"not a card: {code!r}") from None

    def index_in(self, code: str, mask: int) -> int | None:
        """The lowest index of ``code`` whose bit is set in ``mask`` (or None)."""
        for i in self.indices_of(code):
            if mask >> i & 1:
                return i
        return None

    def parse_cards(self, codes: Iterable[str], used: int = 0) -> list[int]:
        """Map notations to distinct indices, taking copies in order.

        ``used`` is a mask of indices already taken (so that the two ``AS`` of a
        double deck, met in two different hands, get the two different copies).
        Raises ValueError when a card is not in the deck or occurs too often.
        """
        out: list[int] = []
        for code in codes:
            choices = self.indices_of(code)
            for i in choices:
                if not used >> i & 1:
                    used |= 1 << i
                    out.append(i)
                    break
            else:
                times = "once" if len(choices) == 1 else f"{len(choices)} times"
                raise ValueError(
                    f"{code.strip().upper()} appears too often: the {self.name} deck has it {times}"
                )
        return out

    def mask_of(self, codes: Iterable[str]) -> int:
        mask = 0
        for i in self.parse_cards(codes):
            mask |= 1 << i
        return mask

    def format(self, indices: Iterable[int]) -> str:
        return " ".join(self.codes[i] for i in indices)

    def format_mask(self, mask: int) -> str:
        return self.format(iter_bits(mask))

    def card(self, index: int) -> Card:
        return self.cards[index]


def _build(name: str, codes: Sequence[str]) -> Deck:
    return Deck(name, tuple(Card(c) for c in codes))


def _suited(ranks: str, copies: int = 1) -> list[str]:
    return [r + s for s in SUIT_CHARS for r in ranks for _ in range(copies)]


_DECK_CODES: dict[str, list[str]] = {
    "EUCHRE24": _suited("9TJQKA"),
    "EUCHRE25": [*_suited("9TJQKA"), "JK"],
    "EUCHRE20": _suited("TJQKA"),
    "DOUBLE48": _suited("9TJQKA", copies=2),
    "STD52": _suited(RANK_CHARS),
    "STD53": [*_suited(RANK_CHARS), "JK"],
    "STD54": [*_suited(RANK_CHARS), "BJ", "LJ"],
    "STD48_NO3": _suited("2456789TJQKA"),
    "BLIND44": [c for c in _suited("256789TJQKA") if c not in ("5D", "5H")] + ["BJ", "LJ"],
}

#: The deck names of RULES.md §1.1.
DeckName = Literal[
    "EUCHRE24",
    "EUCHRE25",
    "EUCHRE20",
    "DOUBLE48",
    "STD52",
    "STD53",
    "STD54",
    "STD48_NO3",
    "BLIND44",
]
DECK_NAMES: tuple[str, ...] = get_args(DeckName)
assert tuple(_DECK_CODES) == DECK_NAMES, "every named deck has its cards"


@cache
def find_deck(name: str) -> Deck:
    """The named deck of RULES.md §1.1 (``EUCHRE24``, ``STD54``, …)."""
    try:
        return _build(name, _DECK_CODES[name])
    except KeyError:
        raise ValueError(f"unknown deck {name!r}; known decks: {', '.join(DECK_NAMES)}") from None
