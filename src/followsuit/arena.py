"""Bot-vs-bot games: the harness that seats bots and plays a game to the end.

The arena is an engine client like the CLI: each bot gets its seat's observation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .bots import Bot
from .engine import State
from .rules import load_rules


def play_game(
    variant: str,
    bots: Sequence[Bot],
    *,
    seed: int | str,
    options: Mapping[str, Any] | None = None,
    max_hands: int = 1000,
) -> State:
    """Play one game with ``bots[seat]`` at each seat; returns the final state."""
    rules = load_rules(variant, options)
    if len(bots) != rules.num_players:
        raise ValueError(f"{variant} needs {rules.num_players} bots, got {len(bots)}")
    state = State(rules, seed=seed)
    while not state.over and state.hand_no <= max_hands:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state.observation(seat)))
    return state


@dataclass
class MatchResult:
    games: int
    wins: list[int]
    """Games won by each side."""
    points: list[int]
    """Total points scored by each side over all games."""

    def win_rate(self, side: int) -> float:
        return self.wins[side] / self.games if self.games else 0.0


def play_match(
    variant: str,
    side_bots: Sequence[Bot],
    games: int,
    *,
    seed: int | str = 0,
    options: Mapping[str, Any] | None = None,
) -> MatchResult:
    """``side_bots[k]`` plays every seat of side k; duplicate deals: each seed is
    played twice with the sides swapped, so the cards even out."""
    rules = load_rules(variant, options)
    sides = rules.sides
    if len(side_bots) != len(sides):
        raise ValueError(f"{variant} has {len(sides)} sides, got {len(side_bots)} bots")
    wins = [0] * len(sides)
    points = [0] * len(sides)
    played = 0
    for g in range(games):
        shift = g % len(sides)
        seating: list[Bot] = [side_bots[0]] * rules.num_players
        for k, seats in enumerate(sides):
            for s in seats:
                seating[s] = side_bots[(k + shift) % len(sides)]
        state = play_game(variant, seating, seed=f"{seed}/{g // len(sides)}", options=options)
        played += 1
        for k in range(len(sides)):
            bot_k = (k + shift) % len(sides)
            points[bot_k] += state.scores[k]
            if state.winner == k:
                wins[bot_k] += 1
    return MatchResult(played, wins, points)
