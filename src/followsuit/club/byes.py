"""Who sits out a round: byes spread fairly, so no one has two more than another.

Giving each round's byes to those with the fewest so far keeps every count within
one of every other (the counts only ever climb from the lowest), whatever the
tie-break; the tie-break is each format's own (a seeded order, the bottom table).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence


def choose_byes(
    candidates: Sequence[str], count: int, byes_so_far: Counter[str], *, avoid: Iterable[str] = ()
) -> tuple[str, ...]:
    """``count`` of ``candidates`` with the fewest byes so far; among equals the earliest
    in ``candidates``, and those in ``avoid`` (just back from one) last."""
    avoided = set(avoid)
    ranked = sorted(
        range(len(candidates)),
        key=lambda k: (byes_so_far[candidates[k]], candidates[k] in avoided, k),
    )
    return tuple(candidates[k] for k in ranked[:count])
