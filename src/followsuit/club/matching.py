"""Pairing people up (partners, opponents, Swiss opponents) so that the dearest pair
costs as little as it can: the one search every format's pairing is made of.

A cost counts repeats (times two players partnered, times two pairs met), so the
cheapest *bottleneck* is "no repeat while one is avoidable". Thresholds are tried
from the cheapest up; within one, an exact backtracking search (bounded by a step
budget so a hopeless threshold cannot stall a night) finds a pairing that uses only
pairs costing at most that much.

>>> cost = lambda a, b: 1 if {a, b} == {"A", "B"} else 0
>>> pair_up(["A", "B", "C", "D"], cost)
[('A', 'C'), ('B', 'D')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

STEP_BUDGET = 50_000
"""Search steps per threshold: a dense graph needs about one per node; a threshold
that no pairing meets can take exponentially many, so it is given up and the next
one tried."""


def pair_up(
    nodes: Sequence[T],
    cost: Callable[[T, T], int],
    *,
    in_order: bool = False,
    budget: int = STEP_BUDGET,
) -> list[tuple[T, T]]:
    """A pairing of ``nodes`` (an even number) whose dearest pair costs as little as
    the search can find. ``in_order``: the first free node in ``nodes`` picks first
    (Swiss: the leader plays the nearest below it it has not met); otherwise the node
    with the fewest choices left does (fewest dead ends). Ties go to the order."""
    if len(nodes) % 2:
        raise ValueError("pair_up needs an even number of nodes")
    n = len(nodes)
    costs = [[cost(nodes[i], nodes[j]) if i != j else 0 for j in range(n)] for i in range(n)]
    for limit in sorted({costs[i][j] for i in range(n) for j in range(i + 1, n)}):
        found = _search(costs, limit, in_order, budget)
        if found is not None:
            return [(nodes[i], nodes[j]) for i, j in found]
    return []  # no nodes


def _search(
    costs: list[list[int]], limit: int, in_order: bool, budget: int
) -> list[tuple[int, int]] | None:
    n = len(costs)
    allowed = [
        sorted((j for j in range(n) if j != i and costs[i][j] <= limit), key=lambda j: costs[i][j])
        for i in range(n)
    ]
    free = [True] * n
    chosen: list[tuple[int, int]] = []
    steps = 0

    def pick() -> int:
        if in_order:
            return free.index(True)
        best, fewest = -1, n + 1
        for i in range(n):
            if free[i]:
                choices = sum(1 for j in allowed[i] if free[j])
                if choices < fewest:
                    best, fewest = i, choices
        return best

    def solve() -> bool:
        nonlocal steps
        if len(chosen) * 2 == n:
            return True
        steps += 1
        if steps > budget:
            return False
        i = pick()
        free[i] = False
        for j in allowed[i]:
            if free[j]:
                free[j] = False
                chosen.append((i, j))
                if solve():
                    return True
                chosen.pop()
                free[j] = True
                if steps > budget:
                    break
        free[i] = True
        return False

    return sorted((min(i, j), max(i, j)) for i, j in chosen) if solve() else None


def round_robin(items: Sequence[str], turn: int) -> list[tuple[str, str | None]]:
    """The circle method: turn ``turn`` (from 0) of a round robin of ``items``, each
    pair meeting once in ``len(items) - 1`` turns (``len(items)`` when odd: then the
    item paired with None sits out). Past the last turn it starts again.

    >>> [round_robin("ABCD", t) for t in range(3)]
    [[('D', 'A'), ('B', 'C')], [('D', 'B'), ('C', 'A')], [('D', 'C'), ('A', 'B')]]
    """
    ring: list[str | None] = [*items]
    if len(ring) % 2:
        ring.append(None)
    m = len(ring) - 1
    t = turn % m
    fixed = ring[-1]
    pairs: list[tuple[str, str | None]] = []
    first = ring[t]
    if fixed is None:
        assert first is not None
        pairs.append((first, None))
    elif first is None:
        pairs.append((fixed, None))
    else:
        pairs.append((fixed, first))
    for k in range(1, (m + 1) // 2):
        a, b = ring[(t + k) % m], ring[(t - k) % m]
        if a is None:
            a, b = b, a
        assert a is not None
        pairs.append((a, b))
    return pairs
