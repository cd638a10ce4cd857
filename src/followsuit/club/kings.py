"""King's table: after each round the winning pair of a table moves up one table
(the head table's winners stay), the losing pair moves down one (the foot table's
losers stay), and the two pairs that meet at a table are split, each arriving
player partnering one of the other pair.

Byes go round fairly (:mod:`.byes`): a player back from a bye takes the seat of one
who goes out, so the movement of everyone else stays as the rules say. Among those
with the fewest byes, the players lowest in the room sit out first.

>>> first = kings_first_round([f"P{k}" for k in range(1, 9)], seed=1)
>>> len(first.tables), first.byes
(2, ())
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .byes import choose_byes
from .models import Round, Seats, TableResult


def kings_first_round(players: Sequence[str], *, seed: int) -> Round:
    """The first round: players drawn at random to the tables."""
    order = list(players)
    random.Random(f"kings/{seed}").shuffle(order)
    return _seat(1, order, Counter(), ())


def kings_next_round(
    previous: Round, results: Sequence[TableResult], byes_so_far: Counter[str]
) -> Round:
    """The round after ``previous``, by its results (one per table, head table
    first) and the byes each player has had so far (``previous``'s included)."""
    if len(results) != len(previous.tables):
        raise ValueError(
            f"round {previous.number}: {len(results)} results for {len(previous.tables)} tables"
        )
    moved = moved_tables(previous, results)
    room = [name for table in moved for name in table]
    return _seat(previous.number + 1, room, byes_so_far, previous.byes)


def moved_tables(previous: Round, results: Sequence[TableResult]) -> list[Seats]:
    """The movement by results, before byes: table k gets the losers from above and
    the winners from below, seated so that each pair is split."""
    winners: list[tuple[str, str]] = []
    losers: list[tuple[str, str]] = []
    for seats, result in zip(previous.tables, results, strict=True):
        if result.seats != seats:
            raise ValueError(f"round {previous.number}: a result for {result.seats}, not {seats}")
        side = result.winners()
        winners.append((seats[side], seats[side + 2]))
        losers.append((seats[1 - side], seats[3 - side]))
    last = len(previous.tables) - 1
    moved: list[Seats] = []
    for k in range(last + 1):
        top = winners[0] if k == 0 else losers[k - 1]
        bottom = winners[k + 1] if k < last else losers[last]
        if k == 0 and last == 0:
            bottom = losers[0]
        moved.append((top[0], top[1], bottom[0], bottom[1]))
    return moved


def _seat(number: int, room: list[str], byes_so_far: Counter[str], back: Sequence[str]) -> Round:
    """Tables from ``room`` (head table first, four a table): the byes of this round
    (fewest so far, lowest in the room first) leave their seats to those back from
    one, in the same order."""
    count = len(room) + len(back) - 4 * ((len(room) + len(back)) // 4)
    out = choose_byes(room[::-1], count, byes_so_far)
    returning = list(back)
    seated: list[str] = []
    for name in room:
        if name not in out:
            seated.append(name)
        elif returning:
            seated.append(returning.pop(0))
    seated += returning
    tables = [
        (seated[k], seated[k + 1], seated[k + 2], seated[k + 3]) for k in range(0, len(seated), 4)
    ]
    return Round(number, tuple(tables), out)
