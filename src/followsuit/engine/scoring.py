"""Hand scoring and game-end policies (RULES.md §1.11, §1.12, §2A), as named
functions the variant data refers to."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State


def euchre_table(s: State) -> list[int]:
    """Makers 3-4 tricks, all 5, all 5 alone; euchred (RULES.md §2A)."""
    r = s.rules
    made, march, alone_march, euchred = r["euchre_points"]
    side_of = r.side_of
    maker_side = side_of[s.maker]
    tricks = sum(s.tricks_won[p] for p in r.sides[maker_side])
    total = r["hand_size"]
    points = [0] * len(r.sides)
    if tricks == total:
        points[maker_side] = alone_march if s.alone >= 0 else march
    elif 2 * tricks > total:
        points[maker_side] = made
    else:
        value = euchred
        if r["super_euchre"] and tricks == 0:
            value = max(value, 4)
        if s.def_alone >= 0:
            value = max(value, r["defend_alone_euchre_points"])
        for k in range(len(points)):
            if k != maker_side:
                points[k] = value
    _renege_penalties(s, points)
    return points


def _renege_penalties(s: State, points: list[int]) -> None:
    """Euchre: each renege gives the offender's opponents the penalty (doubled when
    a lone hand was involved), on top of the hand as played (RULES.md §1.14)."""
    if not s.reneges:
        return
    r = s.rules
    value = r["renege_penalty"] * (2 if s.alone >= 0 or s.def_alone >= 0 else 1)
    for seat in s.reneges:
        offender = r.side_of[seat]
        for k in range(len(points)):
            if k != offender:
                points[k] += value


def first_to_target(s: State) -> int | None:
    """The unit at or over the target wins; the highest if several; a tie for
    highest plays on (RULES.md §1.12)."""
    r = s.rules
    target = r["target_score"]
    if target is None:
        return None
    scores = s.scores
    if r["target_inclusive"]:
        reached = [k for k, v in enumerate(scores) if v >= target]
    else:
        reached = [k for k, v in enumerate(scores) if v > target]
    if not reached:
        return None
    best = max(scores[k] for k in reached)
    top = [k for k in reached if scores[k] == best]
    return top[0] if len(top) == 1 else None


HAND_SCORING: dict[str, Callable[[State], list[int]]] = {
    "euchre_table": euchre_table,
}

GAME_END: dict[str, Callable[[State], int | None]] = {
    "first_to_target": first_to_target,
}
