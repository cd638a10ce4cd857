"""Dealing cards at random into places that each hold a known number of them,
where some cards may not go to some places: exactly uniformly over every way
that keeps to the bans (used by :mod:`followsuit.engine.worlds`).

Cards that may go to the same places are exchangeable, so the count of ways is a
sum over how many cards of each such *class* each place gets. Places with the same
bans are merged first into *groups* (the programme's room is one count per group,
so eight open hands cost no more than one; a group's cards are split among its
places at the end, uniformly). The count is built once per set of places
(:class:`Dealer`) by a small dynamic programme over the classes; each deal then
shuffles the cards once, and draws for each class how many of its cards go to
each group, in proportion to the ways of the rest.

>>> import random
>>> dealer = Dealer(cards=[0, 1, 2, 3], sizes=[1, 3], banned=[0b0011, 0])
>>> dealer.ways  # the one card of place 0 is 2 or 3
2
>>> sorted(len(p) for p in dealer.deal(random.Random(1)))
[1, 3]
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from functools import cache
from math import factorial
from typing import Any

Table = tuple[list[int], list[tuple[tuple[int, int], ...]], list[Any], int]
"""Per class and room: running weights, each spread as (group, count) pairs, the
next class's table for the room each leaves (None after the last class), and the
bits a draw below the total takes."""


class Dealer:
    """The uniform random placing of ``cards`` into places of ``sizes``, a card
    never going where ``banned[place]`` has its bit. ``ways`` counts them all (0:
    none exists)."""

    def __init__(
        self,
        cards: Sequence[int],
        sizes: Sequence[int],
        banned: Sequence[int],
        *,
        counted: int = 0,
        bounds: Sequence[tuple[int, int] | None] = (),
    ):
        """``bounds[place]``, where given, is the least and the most of the place's
        cards that may be ``counted`` ones (a hand whose number of trumps the play
        has bounded): such a place is counted apart in the programme, which deals
        the counted cards first and checks each bound when they are all out."""
        if sum(sizes) != len(cards):
            raise ValueError("the places do not hold the cards")
        pool = 0
        for c in cards:
            pool |= 1 << c
        self.sizes = tuple(sizes)
        limits = list(bounds) + [None] * (len(sizes) - len(bounds))
        merged: dict[tuple[int, int], list[int]] = {}
        for place, ban in enumerate(banned):
            if not sizes[place]:  # nothing to deal it: it is left out of the groups
                continue
            # a bounded place is a group of its own
            merged.setdefault((ban & pool, -1 if limits[place] is None else place), []).append(
                place
            )
        self.members = tuple(tuple(places) for places in merged.values())
        """The places of each group."""
        self.capacity = tuple(sum(sizes[p] for p in places) for places in self.members)
        bans = [ban for ban, _ in merged]
        self.bounds = tuple(limits[places[0]] for places in self.members)
        """Each group's bound on its counted cards (None: unbounded)."""
        counted &= pool if any(self.bounds) else 0
        # classes: cards allowed in the same groups (counted cards first, apart)
        by_allowed: dict[tuple[bool, int], list[int]] = {}
        for c in cards:
            allowed = sum(1 << g for g, ban in enumerate(bans) if not ban >> c & 1)
            by_allowed.setdefault((not counted >> c & 1, allowed), []).append(c)
        keys = sorted(by_allowed, key=lambda key: key[0])
        self.classes = tuple(
            (allowed, tuple(by_allowed[plain, allowed])) for plain, allowed in keys
        )
        self.class_cards = tuple(cards for _allowed, cards in self.classes)
        self.counted_classes = sum(1 for plain, _ in keys if not plain)
        """How many classes (the first ones) are of counted cards."""
        self.cards = tuple(cards)
        ends = [sum(sizes[: k + 1]) for k in range(len(sizes))]
        self.slices = tuple(zip([0, *ends[:-1]], ends, strict=True))
        """Each place's share of a shuffle, where nothing is banned."""
        self.shared = sum(1 << g for g, places in enumerate(self.members) if len(places) > 1)
        """The groups of more than one place, as a mask."""
        self.shares = tuple(
            tuple(
                (p, sum(sizes[q] for q in places[:i]), sum(sizes[q] for q in places[: i + 1]))
                for i, p in enumerate(places)
            )
            for places in self.members
        )
        """Each group's places, with the positions of the group's cards each takes."""
        self.one_to_one = self.members == tuple((p,) for p in range(len(sizes)))
        """Each place is a group of its own, in order: a deal's groups are its places."""
        self._tables: dict[tuple[int, tuple[int, ...]], Table] = {}
        self.ways = self._ways(0, self.capacity)
        self._root = self._tables.get((0, self.capacity))
        """The first class's table, where a deal starts (None: no classes)."""
        for places in self.members:  # each group's cards split among its places
            self.ways *= _multinomial(
                sum(sizes[p] for p in places), tuple(sizes[p] for p in places)
            )

    def _ways(self, k: int, caps: tuple[int, ...]) -> int:
        """The weighted count of ways to place classes ``k``… into ``caps``."""
        if k == self.counted_classes and any(self.bounds):
            for bound, cap, room in zip(self.bounds, self.capacity, caps, strict=True):
                if bound is not None and not bound[0] <= cap - room <= bound[1]:
                    return 0
        if k == len(self.classes):
            return 1 if not any(caps) else 0
        totals = self._table(k, caps)[0]
        return totals[-1] if totals else 0

    def _table(self, k: int, caps: tuple[int, ...]) -> Table:
        """For class ``k`` with room ``caps``: each way to spread it over the
        groups, the running total of their weights (ways of it × ways of the rest),
        and the room each leaves."""
        key = (k, caps)
        found = self._tables.get(key)
        if found is not None:
            return found
        allowed, cards = self.classes[k]
        groups = [g for g in range(len(caps)) if allowed >> g & 1]
        room = list(caps)
        if k < self.counted_classes:  # a bounded group takes no more than its most
            for g, bound in enumerate(self.bounds):
                if bound is not None:
                    room[g] = max(0, min(room[g], bound[1] - (self.capacity[g] - caps[g])))
        totals: list[int] = []
        spreads: list[tuple[tuple[int, int], ...]] = []
        nexts: list[Table | None] = []
        running = 0
        for spread in _spreads(len(cards), tuple(room[g] for g in groups)):
            rest = list(caps)
            full = [0] * len(caps)
            for g, m in zip(groups, spread, strict=True):
                rest[g] -= m
                full[g] = m
            weight = _multinomial(len(cards), spread) * self._ways(k + 1, tuple(rest))
            if weight:
                running += weight
                totals.append(running)
                spreads.append(tuple((g, m) for g, m in enumerate(full) if m))
                nexts.append(self._tables.get((k + 1, tuple(rest))))
        table = (totals, spreads, nexts, running.bit_length())
        self._tables[key] = table
        return table

    def deal(self, rng: random.Random) -> list[list[int]]:
        """One placing, drawn uniformly: the cards of each place. Each class draws
        how many of its cards go to each group, in proportion to the ways of the
        rest, and a class shared out over several groups is shuffled first (a
        uniform subset for each). A group of several places then shares out its
        cards by position, after a shuffle where they are not in a uniform order
        already (they came from two classes, or from one class taken whole).
        Only the places' sets of cards are uniform: shuffle a place's cards where
        their order matters."""
        if not self.ways:
            raise ValueError("no placing keeps to the bans")
        if len(self.classes) == 1 and not any(self.bounds):  # the shuffle is the deal
            order = shuffled(self.cards, rng)
            return [order[a:b] for a, b in self.slices]
        into: list[list[int]] = [[] for _ in self.capacity]
        unshuffled = 0  # the groups whose cards are not in a uniform order
        shared = self.shared
        node = self._root
        getrandbits = rng.getrandbits
        for members in self.class_cards:
            assert node is not None
            totals, spreads, nexts, size = node
            if len(totals) == 1:
                pick = 0
            else:  # a number below the total, by rejection (randrange's way, inline)
                r = getrandbits(size)
                while r >= totals[-1]:
                    r = getrandbits(size)
                pick = bisect_right(totals, r)
            spread = spreads[pick]
            if len(spread) == 1:  # the whole class to one group
                g = spread[0][0]
                if into[g] or shared >> g & 1:
                    unshuffled |= 1 << g
                into[g] += members
            else:
                cards = shuffled(members, rng)
                pos = 0
                for g, m in spread:
                    if into[g]:
                        unshuffled |= 1 << g
                    into[g] += cards[pos : pos + m]
                    pos += m
            node = nexts[pick]
        if self.one_to_one:
            return into
        places: list[list[int]] = [[] for _ in self.sizes]
        for g, (group, got) in enumerate(zip(self.members, into, strict=True)):
            if len(group) == 1:
                places[group[0]] = got
                continue
            if unshuffled >> g & 1:
                got = shuffled(got, rng)
            for place, a, b in self.shares[g]:
                places[place] = got[a:b]
        return places


_FACTORIALS = [(factorial(n), factorial(n).bit_length()) for n in range(65)]
"""n! and its bit length, for each n a shuffle may have."""


def shuffled(items: Sequence[int], rng: random.Random) -> list[int]:
    """``items`` in a uniformly random order: one random number below ``n!``
    (drawn by rejection) read as Fisher-Yates' choices, several times cheaper than
    ``random.shuffle`` for a hand of cards."""
    out = list(items)
    n = len(out)
    if n < 2:
        return out
    total, bits = _FACTORIALS[n]
    r = rng.getrandbits(bits)
    while r >= total:
        r = rng.getrandbits(bits)
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@cache
def _spreads(count: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to split ``count`` cards over places with room ``caps``."""
    if not caps:
        return ((),) if count == 0 else ()
    first, rest = caps[0], caps[1:]
    room = sum(rest)
    out = []
    for m in range(max(0, count - room), min(first, count) + 1):
        out += [(m, *tail) for tail in _spreads(count - m, rest)]
    return tuple(out)


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    out = factorial(n)
    for m in parts:
        out //= factorial(m)
    return out
