"""A hand's club points by the night's scoring rule, duplicate match points, and
the standings.

Standings are sums: a player's points are the club points their side scored in
every hand they played (a bye scores nothing), or in duplicate the match points of
their pair. Nothing else goes in, so the standings can always be checked against
the hands.

>>> score_hand(ScoringRule("hands"), HandOutcome((1, 0), 0, False, 3, 5))
(1, 0)
>>> score_hand(ScoringRule.parse("loners:lone_march=5"), HandOutcome((4, 0), 0, True, 5, 5))
(5, 0)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .models import Night, Round, ScoringRule, TableResult


class HandOutcome(NamedTuple):
    """What the scoring rules read of a finished hand."""

    points: tuple[int, int]
    """Each side's points as the game scored them."""
    maker_side: int | None
    """The side that made trump or won the bid (None: nobody did)."""
    alone: bool
    """The maker played without a partner."""
    maker_tricks: int
    tricks: int
    """Tricks played in the hand."""


def score_hand(rule: ScoringRule, hand: HandOutcome) -> tuple[int, int]:
    """Each side's club points for one hand."""
    if rule.kind == "points":
        return hand.points
    if rule.kind == "hands":
        a, b = hand.points
        return (int(a > b), int(b > a))
    side = hand.maker_side
    if side is None:
        return (0, 0)
    table = rule.loners
    made = hand.points[side] > 0
    if made:
        march = hand.maker_tricks == hand.tricks
        if hand.alone:
            value = table.lone_march if march else table.lone_point
        else:
            value = table.march if march else table.point
        return (value, 0) if side == 0 else (0, value)
    value = table.lone_euchre if hand.alone else table.euchre
    return (0, value) if side == 0 else (value, 0)


MATCH_POINT_WIN = 2
"""Match points for beating one other table on a board (1 for a tie), so that they
stay whole numbers: on each board the north-south pairs share ``T (T - 1)``."""


def match_points(results: Sequence[TableResult]) -> dict[tuple[int, int], tuple[int, int]]:
    """Duplicate: for each (table, board) of one round, each side's match points,
    its net score on the board compared with every other table's same side (that
    held the same cards)."""
    boards = {len(r.raw) for r in results}
    if len(boards) > 1:
        raise ValueError("every table of a duplicate round plays the same boards")
    out: dict[tuple[int, int], tuple[int, int]] = {}
    for board in range(boards.pop() if boards else 0):
        net = [r.raw[board][0] - r.raw[board][1] for r in results]
        top = MATCH_POINT_WIN * (len(results) - 1)
        for r, mine in zip(results, net, strict=True):
            # every table's score, its own counted as a tie and taken off again
            north = sum(_versus(mine, theirs) for theirs in net) - MATCH_POINT_WIN // 2
            out[(r.table, board)] = (north, top - north)
    return out


def _versus(mine: int, theirs: int) -> int:
    if mine == theirs:
        return MATCH_POINT_WIN // 2
    return MATCH_POINT_WIN if mine > theirs else 0


@dataclass(frozen=True)
class Standing:
    """One player's line in the standings."""

    player: str
    points: int
    played: int
    """Rounds played (not on a bye)."""
    hands_won: int
    byes: int
    place: int | None
    """1 for the winner; None for a bot filling a seat (no prizes)."""


def standings(
    night: Night, rounds: Sequence[Round], results: Sequence[TableResult]
) -> list[Standing]:
    """The standings after these rounds and results, best first (points, then
    hands won, then name); places skip the bots that filled seats."""
    points: Counter[str] = Counter()
    won: Counter[str] = Counter()
    played: Counter[str] = Counter()
    byes = Counter(name for r in rounds for name in r.byes)
    by_round: defaultdict[int, list[TableResult]] = defaultdict(list)
    for result in results:
        by_round[result.round].append(result)
    for round_results in by_round.values():
        mps = match_points(round_results) if night.format == "duplicate" else {}
        for result in round_results:
            totals = result.points
            if mps:
                boards = [mps[(result.table, b)] for b in range(len(result.raw))]
                totals = (sum(m[0] for m in boards), sum(m[1] for m in boards))
            for seat, name in enumerate(result.seats):
                side = seat % 2
                points[name] += totals[side]
                won[name] += result.hands_won[side]
                played[name] += 1
    ranked = sorted(night.players, key=lambda p: (-points[p], -won[p], p))
    out: list[Standing] = []
    place = 0
    for name in ranked:
        prize = name not in night.fillers
        place += prize
        out.append(
            Standing(
                name, points[name], played[name], won[name], byes[name], place if prize else None
            )
        )
    return out
