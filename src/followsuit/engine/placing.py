"""Dealing cards at random into places that each hold a known number of them,
where some cards may not go to some places: exactly uniformly over every way
that keeps to the bans (used by :mod:`followsuit.engine.worlds`).

Cards that may go to the same places are exchangeable, so the count of ways is a
sum over how many cards of each such *class* each place gets. Places with the same
bans are merged first (their cards are split among them at the end, uniformly).
The count is built once per set of places (:class:`Dealer`) by a small dynamic
programme over the classes; each deal then draws one table of counts in proportion
to its number of ways, and shuffles the cards of each class into it.

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


class Dealer:
    """The uniform random placing of ``cards`` into places of ``sizes``, a card
    never going where ``banned[place]`` has its bit. ``ways`` counts them all (0:
    none exists)."""

    def __init__(self, cards: Sequence[int], sizes: Sequence[int], banned: Sequence[int]):
        if sum(sizes) != len(cards):
            raise ValueError("the places do not hold the cards")
        pool = 0
        for c in cards:
            pool |= 1 << c
        # merge places whose bans are the same on these cards
        groups: dict[int, list[int]] = {}
        for k, ban in enumerate(banned):
            groups.setdefault(ban & pool, []).append(k)
        self.sizes = tuple(sizes)
        self.members = tuple(tuple(ks) for ks in groups.values())
        self.capacity = tuple(sum(sizes[k] for k in ks) for ks in self.members)
        bans = list(groups)
        # classes: cards allowed in the same groups
        by_allowed: dict[int, list[int]] = {}
        for c in cards:
            allowed = sum(1 << g for g, ban in enumerate(bans) if not ban >> c & 1)
            by_allowed.setdefault(allowed, []).append(c)
        self.classes = tuple((allowed, tuple(cs)) for allowed, cs in by_allowed.items())
        self._tables: dict[
            tuple[int, tuple[int, ...]], tuple[list[int], list[tuple[int, ...]]]
        ] = {}
        self.ways = self._ways(0, self.capacity)

    def _ways(self, k: int, caps: tuple[int, ...]) -> int:
        """The weighted count of ways to place classes ``k``… into ``caps``."""
        if k == len(self.classes):
            return 1 if not any(caps) else 0
        table = self._table(k, caps)
        return table[0][-1] if table[0] else 0

    def _table(self, k: int, caps: tuple[int, ...]) -> tuple[list[int], list[tuple[int, ...]]]:
        """For class ``k`` with room ``caps``: each way to spread it over the
        groups, and the running total of their weights (ways of it × ways of the
        rest)."""
        key = (k, caps)
        found = self._tables.get(key)
        if found is not None:
            return found
        allowed, cards = self.classes[k]
        groups = [g for g in range(len(caps)) if allowed >> g & 1]
        totals: list[int] = []
        spreads: list[tuple[int, ...]] = []
        running = 0
        for spread in _spreads(len(cards), tuple(caps[g] for g in groups)):
            rest = list(caps)
            for g, m in zip(groups, spread, strict=True):
                rest[g] -= m
            weight = _multinomial(len(cards), spread) * self._ways(k + 1, tuple(rest))
            if weight:
                running += weight
                totals.append(running)
                full = [0] * len(caps)
                for g, m in zip(groups, spread, strict=True):
                    full[g] = m
                spreads.append(tuple(full))
        self._tables[key] = (totals, spreads)
        return totals, spreads

    def deal(self, rng: random.Random) -> list[list[int]]:
        """One placing, drawn uniformly: the cards of each place."""
        if not self.ways:
            raise ValueError("no placing keeps to the bans")
        into: list[list[int]] = [[] for _ in self.capacity]
        caps = self.capacity
        for k, (_allowed, cards) in enumerate(self.classes):
            totals, spreads = self._table(k, caps)
            spread = spreads[bisect_right(totals, rng.randrange(totals[-1]))]
            order = list(cards)
            rng.shuffle(order)
            pos = 0
            for g, m in enumerate(spread):
                if m:
                    into[g] += order[pos : pos + m]
                    pos += m
            caps = tuple(c - m for c, m in zip(caps, spread, strict=True))
        places: list[list[int]] = [[] for _ in self.sizes]
        for g, members in enumerate(self.members):
            group = into[g]
            if len(members) > 1:
                rng.shuffle(group)
            pos = 0
            for k in members:
                places[k] = group[pos : pos + self.sizes[k]]
                pos += self.sizes[k]
        return places


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
