"""Fixed pairs paired by their results (Swiss) and the duplicate movement.

Swiss: the pairs ranked by rounds won, then points; the leader plays the highest
ranked pair it has not met, and so on down, backtracking so that no two pairs meet
twice while that can be avoided (:func:`.matching.pair_up`, in order). An odd pair
sits out: the lowest ranked of those with the fewest byes.

Duplicate: the pairs meet by a round robin (a chart known before the night), each
holding both directions of the boards (north-south: seats 0 and 2) about equally.

>>> pairs = [("A", "B"), ("C", "D"), ("E", "F"), ("G", "H")]
>>> swiss_round(pairs, [], [], seed=1).number
1
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .byes import choose_byes
from .matching import pair_up, round_robin
from .models import Round, Seats, TableResult

Pair = tuple[str, str]


def swiss_round(
    pairs: Sequence[Pair], played: Sequence[Round], results: Sequence[TableResult], *, seed: int
) -> Round:
    """The next round for ``pairs`` after the rounds ``played`` and their ``results``."""
    wins: Counter[Pair] = Counter()
    points: Counter[Pair] = Counter()
    of = {name: pair for pair in pairs for name in pair}
    for result in results:
        for side in (0, 1):
            pair = of[result.seats[side]]
            points[pair] += result.points[side]
            wins[pair] += result.winners() == side
    order = list(pairs)
    random.Random(f"swiss/{seed}").shuffle(order)  # the first round's draw
    ranked = sorted(order, key=lambda p: (-wins[p], -points[p]))
    met = _met(played, of)
    byes = _pair_byes(played, of)
    out = _bye_pairs(ranked, byes)
    playing = [p for p in ranked if p not in out]
    tables = pair_up(playing, lambda p, q: met[frozenset((p, q))], in_order=True)
    number = len(played) + 1
    return Round(number, _directed(tables, played, of), tuple(n for p in out for n in p))


def duplicate_chart(pairs: Sequence[Pair], rounds: int, *, seed: int) -> list[Round]:
    """Every round of a duplicate night: a round robin of the pairs (each meets each
    once in ``pairs - 1`` rounds; an odd pair out sits out in turn), directions
    alternating as in Berger's tables so that no pair has held one direction of the
    boards more than twice as often as the other at any point of the night."""
    order = list(pairs)
    random.Random(f"duplicate/{seed}").shuffle(order)
    index = {f"{p[0]}\n{p[1]}": p for p in order}
    chart: list[Round] = []
    for number in range(1, rounds + 1):
        tables: list[Seats] = []
        out: list[str] = []
        for k, (a, b) in enumerate(round_robin(list(index), number - 1)):
            if b is None:
                out += index[a]
                continue
            north_first = number % 2 == 1 if k == 0 else k % 2 == 1
            p, q = (index[a], index[b]) if north_first else (index[b], index[a])
            tables.append((p[0], q[0], p[1], q[1]))
        chart.append(Round(number, tuple(tables), tuple(out)))
    return chart


def _met(played: Sequence[Round], of: dict[str, Pair]) -> Counter[frozenset[Pair]]:
    met: Counter[frozenset[Pair]] = Counter()
    for r in played:
        for seats in r.tables:
            met[frozenset((of[seats[0]], of[seats[1]]))] += 1
    return met


def _pair_byes(played: Sequence[Round], of: dict[str, Pair]) -> Counter[str]:
    """Byes per pair (keyed by its first player's name)."""
    return Counter(name for r in played for name in r.byes if of[name][0] == name)


def _bye_pairs(ranked: list[Pair], byes: Counter[str]) -> list[Pair]:
    if len(ranked) % 2 == 0:
        return []
    first = {p[0]: p for p in ranked}
    chosen = choose_byes([p[0] for p in ranked[::-1]], 1, byes)
    return [first[name] for name in chosen]


def _directed(
    tables: Sequence[tuple[Pair, Pair]], played: Sequence[Round], of: dict[str, Pair]
) -> tuple[Seats, ...]:
    """Seats for each meeting: the pair that has sat north-south (seats 0 and 2)
    less often than east-west, by more than the other, takes them (ties: the first
    named)."""
    lean: Counter[Pair] = Counter()
    for r in played:
        for seats in r.tables:
            lean[of[seats[0]]] += 1
            lean[of[seats[1]]] -= 1
    out: list[Seats] = []
    for p, q in tables:
        if lean[q] < lean[p]:
            p, q = q, p
        out.append((p[0], q[0], p[1], q[1]))
    return tuple(out)
