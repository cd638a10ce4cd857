"""Club nights: progressive, king's table, Swiss and duplicate tournaments.

Pure functions over players and results (no I/O, no clock): the formats and their
pairings, the scoring of a round, the standings and the ratings. The server stores
and broadcasts what these compute; ``followsuit club simulate`` plays a whole night
with bots.

>>> night = Night("progressive", tuple(f"P{k}" for k in range(1, 11)), rounds=2,
...               length=RoundLength(hands=1))
>>> run = simulate_night(night, bots=["random"])
>>> [len(r.tables) for r in run.rounds], [len(r.byes) for r in run.rounds]
([2, 2], [2, 2])
"""

from .models import (
    FORMATS,
    ClubError,
    LonerTable,
    Night,
    Round,
    RoundLength,
    ScoringRule,
    Seats,
    TableResult,
)
from .night import chart, next_round
from .play import NightRun, club_rules, simulate_night
from .ratings import Rating, Ratings
from .scoring import HandOutcome, Standing, match_points, score_hand, standings

__all__ = [
    "FORMATS",
    "ClubError",
    "HandOutcome",
    "LonerTable",
    "Night",
    "NightRun",
    "Rating",
    "Ratings",
    "Round",
    "RoundLength",
    "ScoringRule",
    "Seats",
    "Standing",
    "TableResult",
    "chart",
    "club_rules",
    "match_points",
    "next_round",
    "score_hand",
    "simulate_night",
    "standings",
]
