"""The course of a night: which round comes next, whatever the format.

Progressive and duplicate nights follow a chart known before the first card (it
can be printed and hung on the wall); king's table and Swiss depend on the results
of the round before, so their next round is made when that round is in.

>>> night = Night("kings", tuple(f"P{k}" for k in range(1, 9)), rounds=3)
>>> next_round(night, [], []).number
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from .kings import kings_first_round, kings_next_round
from .models import Night, Round, TableResult
from .progressive import progressive_chart
from .swiss import duplicate_chart, swiss_round


def chart(night: Night) -> list[Round] | None:
    """Every round of the night, for the formats that know them in advance."""
    if night.format == "progressive":
        return list(_progressive(night.players, night.rounds, night.seed))
    if night.format == "duplicate":
        return list(_duplicate(night.pairs, night.rounds, night.seed))
    return None


def next_round(night: Night, played: Sequence[Round], results: Sequence[TableResult]) -> Round:
    """The round after ``played`` (whose tables' ``results`` are all in)."""
    number = len(played) + 1
    if number > night.rounds:
        raise ValueError(f"the night has {night.rounds} rounds; all are played")
    known = chart(night)
    if known is not None:
        return known[number - 1]
    if night.format == "swiss":
        return swiss_round(night.pairs, played, results, seed=night.seed)
    if not played:
        return kings_first_round(night.players, seed=night.seed)
    last = played[-1]
    last_results = sorted((r for r in results if r.round == last.number), key=lambda r: r.table)
    byes = Counter(name for r in played for name in r.byes)
    return kings_next_round(last, last_results, byes)


@lru_cache(maxsize=32)
def _progressive(players: tuple[str, ...], rounds: int, seed: int) -> tuple[Round, ...]:
    return tuple(progressive_chart(players, rounds, seed=seed))


@lru_cache(maxsize=32)
def _duplicate(pairs: tuple[tuple[str, str], ...], rounds: int, seed: int) -> tuple[Round, ...]:
    return tuple(duplicate_chart(pairs, rounds, seed=seed))
