"""Hand scoring and game-end policies (RULES.md §1.11, §1.12, §2A, §2B), as named
functions the variant data refers to.

A hand scorer reads the finished hand and returns a :class:`HandScore`; a game-end
policy is a pure function of the rules, the standing after the hand and that
score, so that either can be tested from any position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from .phases.play import reneges
from .types import Standing, built

if TYPE_CHECKING:
    from .program import Program
    from .state import State


class HandScore(NamedTuple):
    """What a finished hand gives each side, and what the game end needs to know."""

    points: tuple[int, ...]
    maker: int
    """The maker of the hand (-1 for none)."""
    details: tuple[tuple[str, tuple[int, ...], int], ...] = ()
    """Pitch: each category won, as (category, the seats credited, value), in order."""
    made: bool = False
    """Pitch: the makers made their contract."""
    immediate: tuple[str, int] | None = None
    """An end of the game the hand decides at once: ("win" | "lose", side)."""


def counted_tricks(points: list[int], maker: int) -> HandScore:
    """The score of a hand that counts tricks (no categories, no end of the game
    at once): its defaults written once, for :func:`~followsuit.engine.types.built`,
    which fills none in."""
    return built(HandScore, (tuple(points), maker, (), False, None))


class Verdict(NamedTuple):
    """A game-end policy's answer: the winning side (None: play on), and whether
    from now on only a unit that makes its bid can win (bid-to-go-out)."""

    winner: int | None
    go_out: bool = False


PLAY_ON = Verdict(None)

HandScorer = Callable[["State"], HandScore]
GameEnd = Callable[["Program", Standing, "HandScore | None"], Verdict]


def side_tricks(s: State) -> list[int]:
    """Tricks won by each side this hand."""
    side_of = s.prog.side_of
    won = [0] * len(s.prog.sides)
    for trick in s.tricks:
        won[side_of[trick.winner]] += 1
    return won


def euchre_table(s: State) -> HandScore:
    """Makers 3-4 tricks, all 5, all 5 alone; euchred (RULES.md §2A)."""
    prog = s.prog
    side_of = prog.side_of
    maker_side = side_of[s.maker]
    made = 0
    for trick in s.tricks:
        if side_of[trick.winner] == maker_side:
            made += 1
    contract = s.contract
    value = euchre_hand_value(prog, made, contract.alone >= 0, contract.defender_alone >= 0)
    if value > 0:
        points = [value if k == maker_side else 0 for k in range(len(prog.sides))]
    else:  # each defending side scores the euchre
        points = [0 if k == maker_side else -value for k in range(len(prog.sides))]
    if prog.penalize:
        _renege_to_opponents(s, points)
    return counted_tricks(points, s.maker)


def euchre_hand_value(prog: Program, tricks: int, alone: bool, defender_alone: bool) -> int:
    """A partnership Euchre hand's points as the makers' side taking ``tricks``
    scores it: positive for the makers, negative for what each defending side
    scores on a euchre. Also read by the search, which counts tricks."""
    made, march, alone_march, euchred = prog.euchre_points
    total = prog.hand_size
    if tricks == total:
        return alone_march if alone else march
    if 2 * tricks > total:
        return made
    # a lone defender's euchre is worth the option's points, whatever the tricks;
    # super-euchre raises only a euchre by both defenders
    if defender_alone:
        return -prog.defend_alone_euchre_points
    if prog.super_euchre and tricks == 0:
        return -max(euchred, 4)
    return -euchred


def cutthroat_table(s: State) -> HandScore:
    """The maker alone against two: 1, 3 for all five, else 2 to each opponent."""
    prog = s.prog
    made, march, euchred = prog.cutthroat_points
    tricks = sum(1 for t in s.tricks if t.winner == s.maker)
    total = prog.hand_size
    points = [0] * len(prog.sides)
    maker_side = prog.side_of[s.maker]
    if tricks == total:
        points[maker_side] = march
    elif 2 * tricks > total:
        points[maker_side] = made
    else:
        for k in range(len(points)):
            if k != maker_side:
                points[k] = euchred
    _renege_to_opponents(s, points)
    return counted_tricks(points, s.maker)


def _renege_to_opponents(s: State, points: list[int]) -> None:
    """Euchre: each renege gives the offender's opponents in the hand the penalty
    (doubled when a lone hand was involved), on top of the hand as played
    (RULES.md §1.14). In cutthroat the two defenders are each other's partners."""
    offenders = reneges(s)
    if not offenders:
        return
    prog = s.prog
    lone = s.contract.alone >= 0 or s.contract.defender_alone >= 0
    value = prog.renege_penalty * (2 if lone else 1)
    maker_side = prog.side_of[s.maker]
    for seat in offenders:
        offender = prog.side_of[seat]
        for k in range(len(points)):
            if k == offender:
                continue
            if prog.maker_always_alone and k != maker_side and offender != maker_side:
                continue  # the other defender is this hand's partner
            points[k] += value


def bid_euchre_tricks(s: State) -> HandScore:
    """A point a trick for each team; a set bidding team loses its bid; the lone
    bids score their fixed value or lose (RULES.md §2B)."""
    prog = s.prog
    bid = prog.bids[s.contract.bid]
    maker_side = prog.side_of[s.maker]
    points = side_tricks(s)
    tricks = points[maker_side]
    if bid.kind == "plain":
        if tricks < bid.value:
            points[maker_side] = -bid.value
    else:
        value = prog.be_help_points if bid.kind == "help" else prog.be_moon_points
        if tricks >= bid.value:
            points[maker_side] = value
        else:
            lone_value = prog.be_lone_set_penalty == "lone_value"
            points[maker_side] = -(value if lone_value else bid.value)
    for seat in reneges(s):  # the offending team loses the penalty (RULES.md §1.14)
        points[prog.side_of[seat]] -= prog.renege_penalty
    return counted_tricks(points, s.maker)


# ----------------------------------------------------------------- game end


def reached(prog: Program, scores: tuple[int, ...]) -> list[int]:
    """The units at (or, when not inclusive, over) the target."""
    target = prog.target_score
    if target is None:
        return []
    if prog.target_inclusive:
        return [k for k, v in enumerate(scores) if v >= target]
    return [k for k, v in enumerate(scores) if v > target]


def first_to_target(prog: Program, standing: Standing, scored: HandScore | None) -> Verdict:
    """The unit at or over the target wins; the highest if several; equal highest
    scores play on (RULES.md §1.12). Bid Euchre's ``be_defenders_can_win`` and
    ``be_both_reach_rule`` refine who may win."""
    scores = standing.scores
    target = prog.target_score
    if target is None or max(scores) < target:  # nobody is there yet (most hands)
        return PLAY_ON
    at_target = reached(prog, scores)
    maker = -1 if scored is None else scored.maker
    maker_side = prog.side_of[maker] if maker >= 0 else None
    if not prog.be_defenders_can_win:
        at_target = [k for k in at_target if k == maker_side]
    if not at_target:
        return Verdict(None)
    best = max(scores[k] for k in at_target)
    top = [k for k in at_target if scores[k] == best]
    if len(top) > 1:
        return Verdict(None)
    if prog.be_both_reach_rule == "bidder" and maker_side in at_target:
        return Verdict(maker_side)
    return Verdict(top[0])


def timed(prog: Program, standing: Standing, scored: HandScore | None) -> Verdict:
    """Once time is up the higher score wins; equal scores play on. With
    ``timed_also_target`` a point target ends the game too (RULES.md euchre/timed)."""
    if prog.timed_also_target:
        verdict = first_to_target(prog, standing, scored)
        if verdict.winner is not None:
            return verdict
    if not standing.time_up:
        return Verdict(None)
    return Verdict(clear_leader(standing.scores))


def clear_leader(scores: tuple[int, ...] | list[int]) -> int | None:
    best = max(scores)
    top = [k for k, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else None
