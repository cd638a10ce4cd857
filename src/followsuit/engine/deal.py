"""Deals: the cards each seat gets, and the other piles, as deck indices.

A deal is explicit data, so a game can be dealt from a seed
(``random.Random``), from a record, or by a test that wants a particular hand.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ..cards import mask_of
from ..rules import Rules


@dataclass(frozen=True)
class Deal:
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


def deal_from_order(rules: Rules, dealer: int, order: list[int]) -> Deal:
    """Deal a shuffled deck (``order``, top card first) by the variant's packets.

    Each round gives every seat its packet, eldest first; with blind piles one card
    then goes onto each seat's pile. Then come the dealer's extra card (Bid Euchre
    with the joker), the up card, a kitty of ``kitty_size`` (Razzle-Dazzle), and the
    rest: the kitty in Euchre, the stock in Pitch.
    """
    n = rules.num_players
    hands: list[list[int]] = [[] for _ in range(n)]
    piles: list[list[int]] = [[] for _ in range(n)] if rules["piles"] else []
    pos = 0
    for rnd in rules.packets:
        for k in range(n):
            seat = (dealer + 1 + k) % n
            size = rnd[k]
            hands[seat].extend(order[pos : pos + size])
            pos += size
        if piles:
            for k in range(n):
                piles[(dealer + 1 + k) % n].insert(0, order[pos])  # the last card is on top
                pos += 1
    if rules["dealer_extra_card"]:  # bid-euchre/joker: the last card to the dealer
        hands[dealer].append(order[pos])
        pos += 1
    upcard = None
    if rules["upcard"]:
        upcard = order[pos]
        pos += 1
    kitty: tuple[int, ...] = ()
    if rules["kitty_size"]:
        kitty = tuple(order[pos : pos + rules["kitty_size"]])
        pos += rules["kitty_size"]
    rest = tuple(order[pos:])
    stock: tuple[int, ...] = ()
    if rules["leftover"] == "kitty":
        kitty += rest
    else:
        stock = rest
    return Deal(
        hands=tuple(tuple(h) for h in hands),
        upcard=upcard,
        kitty=kitty,
        stock=stock,
        piles=tuple(tuple(p) for p in piles),
    )


def shuffled_deal(rules: Rules, dealer: int, rng: random.Random) -> Deal:
    order = list(range(len(rules.deck)))
    rng.shuffle(order)
    return canonical_copies(rules, deal_from_order(rules, dealer, order))


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
    sizes = [rules["hand_size"]] * rules.num_players
    if rules["dealer_extra_card"]:
        sizes[dealer] += 1
    return sizes


def check_deal(rules: Rules, deal: Deal, dealer: int) -> None:
    """Raise ValueError unless ``deal`` fits the variant: sizes, piles, whole deck."""
    n = rules.num_players
    deck = rules.deck
    if len(deal.hands) != n:
        raise ValueError(f"deal.hands: {len(deal.hands)} hands for {n} seats")
    for seat, (hand, size) in enumerate(zip(deal.hands, hand_sizes(rules, dealer), strict=True)):
        if len(hand) != size:
            raise ValueError(f"deal.hands[{seat}]: {len(hand)} cards, the variant deals {size}")
    if rules["upcard"] and deal.upcard is None:
        raise ValueError("deal.upcard: missing; this variant turns up a card")
    if not rules["upcard"] and deal.upcard is not None:
        raise ValueError("deal.upcard: this variant has no up card")
    if rules["leftover"] == "kitty" and deal.stock:
        raise ValueError("deal.stock: this variant has no draw stock (the rest is the kitty)")
    if rules["leftover"] == "stock" and len(deal.kitty) != rules["kitty_size"]:
        if rules["kitty_size"]:
            raise ValueError(
                f"deal.kitty: {len(deal.kitty)} cards, the variant's kitty has "
                f"{rules['kitty_size']}"
            )
        raise ValueError("deal.kitty: this variant keeps the undealt cards in the stock")
    if rules["piles"]:
        if len(deal.piles) != n or any(len(p) != rules["piles"] for p in deal.piles):
            raise ValueError(f"deal.piles: every seat needs a pile of {rules['piles']} cards")
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
