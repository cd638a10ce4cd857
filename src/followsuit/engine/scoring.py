"""Hand scoring and game-end policies (RULES.md §1.11, §1.12, §2A, §2B), as named
functions the variant data refers to."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State


def _side_tricks(s: State, side: int) -> int:
    return sum(s.tricks_won[p] for p in s.rules.sides[side])


def euchre_table(s: State) -> list[int]:
    """Makers 3-4 tricks, all 5, all 5 alone; euchred (RULES.md §2A)."""
    r = s.rules
    made, march, alone_march, euchred = r["euchre_points"]
    maker_side = r.side_of[s.maker]
    tricks = _side_tricks(s, maker_side)
    total = r["hand_size"]
    points = [0] * len(r.sides)
    if tricks == total:
        points[maker_side] = alone_march if s.alone >= 0 else march
    elif 2 * tricks > total:
        points[maker_side] = made
    else:
        # a lone defender's euchre is worth the option's points, whatever the
        # tricks; super-euchre raises only a euchre by both defenders
        if s.def_alone >= 0:
            value = r["defend_alone_euchre_points"]
        elif r["super_euchre"] and tricks == 0:
            value = max(euchred, 4)
        else:
            value = euchred
        for k in range(len(points)):
            if k != maker_side:
                points[k] = value
    _renege_to_opponents(s, points)
    return points


def cutthroat_table(s: State) -> list[int]:
    """The maker alone against two: 1, 3 for all five, else 2 to each opponent."""
    r = s.rules
    made, march, euchred = r["cutthroat_points"]
    tricks = s.tricks_won[s.maker]
    total = r["hand_size"]
    points = [0] * len(r.sides)
    maker_side = r.side_of[s.maker]
    if tricks == total:
        points[maker_side] = march
    elif 2 * tricks > total:
        points[maker_side] = made
    else:
        for k in range(len(points)):
            if k != maker_side:
                points[k] = euchred
    _renege_to_opponents(s, points)
    return points


def _renege_to_opponents(s: State, points: list[int]) -> None:
    """Euchre: each renege gives the offender's opponents in the hand the penalty
    (doubled when a lone hand was involved), on top of the hand as played
    (RULES.md §1.14). In cutthroat the two defenders are each other's partners."""
    if not s.reneges:
        return
    r = s.rules
    value = r["renege_penalty"] * (2 if s.alone >= 0 or s.def_alone >= 0 else 1)
    maker_side = r.side_of[s.maker]
    for seat in s.reneges:
        offender = r.side_of[seat]
        for k in range(len(points)):
            if k == offender:
                continue
            if r["maker_always_alone"] and k != maker_side and offender != maker_side:
                continue  # the other defender is this hand's partner
            points[k] += value


def bid_euchre_tricks(s: State) -> list[int]:
    """A point a trick for each team; a set bidding team loses its bid; the lone
    bids score their fixed value or lose (RULES.md §2B)."""
    r = s.rules
    bid = s.prog.bids[s.bid]
    maker_side = r.side_of[s.maker]
    points = [_side_tricks(s, k) for k in range(len(r.sides))]
    tricks = points[maker_side]
    if bid.kind == "plain":
        if tricks < bid.value:
            points[maker_side] = -bid.value
    else:
        value = r["be_help_points"] if bid.kind == "help" else r["be_moon_points"]
        if tricks >= bid.value:
            points[maker_side] = value
        else:
            lone_value = r["be_lone_set_penalty"] == "lone_value"
            points[maker_side] = -(value if lone_value else bid.value)
    for seat in s.reneges:  # the offending team loses the penalty (RULES.md §1.14)
        points[r.side_of[seat]] -= r["renege_penalty"]
    return points


# ----------------------------------------------------------------- game end


def first_to_target(s: State) -> int | None:
    """The unit at or over the target wins; the highest if several; equal highest
    scores play on (RULES.md §1.12). Bid Euchre's ``be_defenders_can_win`` and
    ``be_both_reach_rule`` refine who may win."""
    r = s.rules
    target = r["target_score"]
    if target is None:
        return None
    scores = s.scores
    if r["target_inclusive"]:
        reached = [k for k, v in enumerate(scores) if v >= target]
    else:
        reached = [k for k, v in enumerate(scores) if v > target]
    maker_side = r.side_of[s.maker] if s.maker >= 0 else None
    if not r["be_defenders_can_win"]:
        reached = [k for k in reached if k == maker_side]
    if not reached:
        return None
    best = max(scores[k] for k in reached)
    top = [k for k in reached if scores[k] == best]
    if len(top) > 1:
        return None
    if r["be_both_reach_rule"] == "bidder" and maker_side in reached:
        return maker_side
    return top[0]


def timed(s: State) -> int | None:
    """Once time is up the higher score wins; equal scores play on. With
    ``timed_also_target`` a point target ends the game too (RULES.md euchre/timed)."""
    if s.rules["timed_also_target"]:
        winner = first_to_target(s)
        if winner is not None:
            return winner
    if not s.time_up:
        return None
    return clear_leader(s.scores)


def clear_leader(scores: list[int]) -> int | None:
    best = max(scores)
    top = [k for k, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else None
