"""Playing a club night's tables through the engine with bots: the offline night of
``followsuit club simulate``, and the scoring of any table's hands as the engine
recorded them (the same code reads a web table's results).

Each table of a round is a game (dealt from a seed of the night, the round and the
table; a game that ends before the round does is followed by a new one) played for
the round's hands. Duplicate deals boards instead: each board is one hand, dealt
once and played at every table with the same dealer.

>>> from followsuit.club import RoundLength
>>> night = Night("progressive", tuple(f"P{k}" for k in range(1, 9)), rounds=1,
...               length=RoundLength(hands=2))
>>> run = simulate_night(night, bots=["random"])
>>> [len(r.hands) for r in run.results]
[2, 2]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import Bot, make_bot
from ..engine import Deal, HandResult, State
from ..rules import Rules, load_rules
from .models import ClubError, Night, Round, Seats, TableResult
from .night import next_round
from .ratings import Ratings
from .scoring import HandOutcome, Standing, score_hand, standings

HAND_MINUTES = 4
"""How long a simulated hand lasts at a club table, for a round timed in minutes:
the bell goes after the hand in play, so a round of ``m`` minutes plays
``ceil(m / 4)`` hands."""

PARTNERS = ((0, 2), (1, 3))


def club_rules(night: Night) -> Rules:
    """The night's game, checked fit for a club: four seats, partners opposite."""
    rules = load_rules(night.variant, night.options)
    if rules.num_players != 4 or rules.sides != PARTNERS:
        raise ClubError(
            f"{night.variant} is not played by two partnerships of two: a club night needs that"
        )
    if night.scoring.kind == "loners" and rules.family != "euchre":
        raise ClubError(f"a loner table scores Euchre hands; {night.variant} is {rules.family}")
    return rules


def hands_per_round(night: Night) -> int:
    if night.length.hands is not None:
        return night.length.hands
    assert night.length.minutes is not None
    return max(1, math.ceil(night.length.minutes / HAND_MINUTES))


def outcome(rules: Rules, result: HandResult) -> HandOutcome:
    """What the club's scoring reads of a hand the engine finished."""
    points = (result.points[0], result.points[1])
    if result.maker is None or result.redeal:
        return HandOutcome(points, None, False, 0, len(result.tricks))
    side = rules.side_of[result.maker]
    tricks = sum(1 for t in result.tricks if rules.side_of[t.winner] == side)
    return HandOutcome(points, side, result.contract.alone >= 0, tricks, len(result.tricks))


@dataclass
class NightRun:
    """A night as played so far: its rounds, every table's result, the ratings."""

    night: Night
    rounds: list[Round] = field(default_factory=list)
    results: list[TableResult] = field(default_factory=list)
    ratings: Ratings = field(default_factory=Ratings)

    def standings(self) -> list[Standing]:
        return standings(self.night, self.rounds, self.results)

    def as_json(self) -> dict[str, Any]:
        """``{"rounds": [{"tables": [[a, b, c, d], ...], "byes": [...]}, ...],
        "standings": [{"player", "points"}, ...], "ratings": {family: {player: ...}}}``."""
        return {
            "rounds": [
                {"tables": [list(t) for t in r.tables], "byes": list(r.byes)} for r in self.rounds
            ],
            "standings": [{"player": s.player, "points": s.points} for s in self.standings()],
            "ratings": self.ratings.as_json(),
        }


def simulate_night(night: Night, *, bots: Sequence[str] = ("rules",)) -> NightRun:
    """Play every round of ``night`` with bots: player k is played by
    ``bots[k % len(bots)]`` (so with several levels the ratings can tell them apart)."""
    rules = club_rules(night)
    if not bots:
        raise ClubError("give at least one bot")
    for name in bots:
        make_bot(name)  # an unknown name is refused before any card
    level = {p: bots[k % len(bots)] for k, p in enumerate(night.players)}
    run = NightRun(night)
    for _ in range(night.rounds):
        this = next_round(night, run.rounds, run.results)
        run.rounds.append(this)
        boards = deal_boards(night, rules, this.number) if night.format == "duplicate" else None
        for k, seats in enumerate(this.tables):
            seated = [
                make_bot(level[p], seed=f"{night.seed}/{this.number}/{k}/{s}")
                for s, p in enumerate(seats)
            ]
            if boards is None:
                result = play_table(night, rules, this.number, k, seats, seated)
            else:
                result = play_boards(night, rules, this.number, k, seats, seated, boards)
            run.results.append(result)
            run.ratings.rate(rules.family, seats, result.points)
    return run


def play_table(
    night: Night, rules: Rules, number: int, table: int, seats: Seats, bots: Sequence[Bot]
) -> TableResult:
    """One table's round: hands played until the round's count (thrown-in hands
    are dealt again and not counted)."""
    wanted = hands_per_round(night)
    game = 0
    played: list[HandResult] = []
    while len(played) < wanted:
        state = State(rules, seed=f"{night.seed}/{number}/{table}/{game}")
        seen = 0
        while not state.over and len(played) < wanted:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state.observation(seat)))
            if len(state.results) > seen:
                played += [r for r in state.results[seen:] if not r.redeal]
                seen = len(state.results)
        game += 1
    return table_result(night, number, table, seats, [outcome(rules, r) for r in played])


def deal_boards(night: Night, rules: Rules, number: int) -> list[tuple[Deal, int]]:
    """A duplicate round's boards: each a deal and its dealer, the same at every table."""
    boards: list[tuple[Deal, int]] = []
    for b in range(hands_per_round(night)):
        source = State(rules, seed=f"{night.seed}/{number}/board/{b}")
        deal = source.dealt
        assert deal is not None
        boards.append((deal, source.dealer))
    return boards


def play_boards(
    night: Night,
    rules: Rules,
    number: int,
    table: int,
    seats: Seats,
    bots: Sequence[Bot],
    boards: Sequence[tuple[Deal, int]],
) -> TableResult:
    """One table of a duplicate round: each board played once (a board thrown in
    scores nothing for either side)."""
    outcomes: list[HandOutcome] = []
    for deal, dealer in boards:
        state = State(rules)
        state.deal(deal, dealer=dealer)
        while not state.results:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state.observation(seat)))
        outcomes.append(outcome(rules, state.results[0]))
    return table_result(night, number, table, seats, outcomes)


def table_result(
    night: Night, number: int, table: int, seats: Seats, outcomes: Sequence[HandOutcome]
) -> TableResult:
    """A table's round: each hand scored as the night scores it, and its points."""
    return TableResult(
        number,
        table,
        seats,
        tuple(score_hand(night.scoring, o) for o in outcomes),
        tuple(o.points for o in outcomes),
    )
