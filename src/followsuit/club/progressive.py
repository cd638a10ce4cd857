"""The progressive night's rotation chart: partners change every round, so that no
two players partner twice while the count allows it, opponents spread as evenly as
the search can make them, and byes go round fairly.

With a multiple of four players the partnerships are a round robin (the circle
method): everyone partners everyone else exactly once in ``players - 1`` rounds.
Otherwise the byes are chosen first and the partners paired afresh each round; no
partner repeats for at least ``seated / 2`` rounds (while each player has had fewer
partners than half the room, a fresh pairing always exists: Dirac's theorem), and
usually well beyond. The chart depends only on the players, the rounds and the seed,
so it can be printed before the first card is dealt.

>>> chart = progressive_chart([f"P{k}" for k in range(1, 9)], 7, seed=1)
>>> len(chart), chart[0].byes
(7, ())
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .byes import choose_byes
from .matching import pair_up, round_robin
from .models import Round, Seats


def progressive_chart(players: Sequence[str], rounds: int, *, seed: int) -> list[Round]:
    """Every round of a progressive night, seats in order round each table."""
    order = list(players)
    random.Random(f"progressive/{seed}").shuffle(order)
    n = len(order)
    partnered: Counter[frozenset[str]] = Counter()
    opposed: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    chart: list[Round] = []
    for number in range(1, rounds + 1):
        ties = random.Random(f"progressive/{seed}/{number}")
        out: tuple[str, ...] = ()
        if n % 4:
            out = choose_byes(ties.sample(order, n), n % 4, byes)
        seated = [p for p in order if p not in out]
        best: tuple[tuple[int, int, int], list[Seats]] | None = None
        for _ in range(TRIES):
            seats = _try_round(seated, number, n % 4 == 0, partnered, opposed, ties)
            mark = _mark(seats, partnered, opposed)
            if best is None or mark < best[0]:
                best = (mark, seats)
        assert best is not None
        for table in best[1]:
            note_table(table, partnered, opposed)
        byes.update(out)
        chart.append(Round(number, tuple(best[1]), out))
    return chart


TRIES = 12
"""Candidate rounds drawn (each from its own order of the seated players) before the
best is kept: partners first, then the most times two players met as opponents,
then the sum of the squares of those counts (evenness)."""


def _try_round(
    seated: list[str],
    number: int,
    round_robin_partners: bool,
    partnered: Counter[frozenset[str]],
    opposed: Counter[frozenset[str]],
    ties: random.Random,
) -> list[Seats]:
    if round_robin_partners:
        pairs = [(a, b) for a, b in round_robin(seated, number - 1) if b is not None]
    else:
        pairs = pair_up(ties.sample(seated, len(seated)), lambda a, b: partnered[frozenset((a, b))])
    pairs = ties.sample(pairs, len(pairs))
    tables = pair_up(pairs, lambda p, q: sum(opposed[frozenset((x, y))] for x in p for y in q))
    return [(p[0], q[0], p[1], q[1]) for p, q in tables]


def _mark(
    seats: list[Seats], partnered: Counter[frozenset[str]], opposed: Counter[frozenset[str]]
) -> tuple[int, int, int]:
    """How a candidate round leaves the counts (lower is better)."""
    most_partnered = max(partnered[frozenset((t[k], t[k + 2]))] for t in seats for k in (0, 1))
    after = [opposed[frozenset((x, y))] + 1 for t in seats for x in t[::2] for y in t[1::2]]
    return (most_partnered, max(after), sum(v * v for v in after))


def note_table(
    seats: Seats, partnered: Counter[frozenset[str]], opposed: Counter[frozenset[str]]
) -> None:
    """Count a table's partnerships and oppositions."""
    a, b, c, d = seats
    partnered[frozenset((a, c))] += 1
    partnered[frozenset((b, d))] += 1
    for x in (a, c):
        for y in (b, d):
            opposed[frozenset((x, y))] += 1
