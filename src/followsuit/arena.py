"""Bot-vs-bot games: seat bots, play games to the end, and measure who is better.

The arena is an engine client like the terminal: each bot is handed its seat's
observation and nothing else. Matches use *duplicate deals*: every deal is played
once per rotation of the bots around the sides, so each bot holds every side's
cards of the same deals and the luck of the cards cancels out.

>>> result = run_arena("euchre/american", ["rules", "random"], games=2, seed=1, jobs=1)
>>> [b.name for b in result.bots], result.games
(['rules', 'random'], 2)
"""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, TypeVar

from .bots import Bot, make_bot
from .engine import State
from .rules import load_rules
from .workers import process_pool

T = TypeVar("T")
R = TypeVar("R")

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


MAX_HANDS = 1000
"""A game stops after this many hands (whoever leads then has not won)."""


def play_game(
    variant: str,
    bots: Sequence[Bot],
    *,
    seed: int | str,
    options: Mapping[str, Any] | None = None,
    max_hands: int = MAX_HANDS,
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


# ------------------------------------------------------------------ the arena


@dataclass(frozen=True)
class GameTask:
    """One game of a match: which bot (by index) sits on each side, and its deal."""

    variant: str
    options: Mapping[str, Any]
    bot_names: tuple[str, ...]
    deal: int
    sides: tuple[int, ...]
    """``sides[k]``: the index in ``bot_names`` of the bot playing side k."""
    seed: int


@dataclass(frozen=True)
class GameOutcome:
    """What one game gave: each side's points per hand and the winning side."""

    task: GameTask
    hand_points: tuple[tuple[int, ...], ...]
    """Per hand, each side's points."""
    scores: tuple[int, ...]
    winner: int | None
    calls: tuple[tuple[int, bool, bool], ...] = ()
    """Per hand with a maker: the makers' side, whether its maker went alone, and
    whether it was set (euchred): the makers scored nothing or less."""


def plan_games(
    variant: str,
    bot_names: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> list[GameTask]:
    """The games of a match, in duplicate sets: for each deal, every rotation of a
    line-up of bots over the sides (with more bots than sides, every line-up of
    distinct bots takes its turn, so each pair meets), until ``games`` are planned
    (rounded up to a whole set)."""
    rules = load_rules(variant, options)
    n_sides = len(rules.sides)
    count = len(bot_names)
    if count < 2:
        raise ValueError("an arena needs at least two bots")
    if count >= n_sides:
        lineups = [tuple(c) for c in combinations(range(count), n_sides)]
    else:  # fewer bots than sides: the bots in turn, repeated
        lineups = [tuple(k % count for k in range(n_sides))]
    sets = [
        tuple(lineup[(k + r) % n_sides] for k in range(n_sides))
        for lineup in lineups
        for r in range(n_sides)
    ]
    tasks: list[GameTask] = []
    deal = 0
    while len(tasks) < games:
        for sides in sets:
            tasks.append(
                GameTask(variant, dict(options or {}), tuple(bot_names), deal, sides, seed)
            )
        deal += 1
    return tasks


def task_bots(task: GameTask) -> list[Bot]:
    """The bot at each seat of a planned game, seeded by the deal and the seat, so
    a game is the same whichever process (or machine) plays it."""
    rules = load_rules(task.variant, task.options)
    return [
        make_bot(seat_bot(task, seat), seed=bot_seed(task, seat))
        for seat in range(rules.num_players)
    ]


def seat_bot(task: GameTask, seat: int) -> str:
    """The name of the bot that plays ``seat`` in a planned game."""
    rules = load_rules(task.variant, task.options)
    return task.bot_names[task.sides[rules.side_of[seat]]]


def bot_seed(task: GameTask, seat: int) -> str:
    """The seed of the bot at ``seat`` of a planned game."""
    return f"{task.seed}/{task.deal}/{seat}"


def task_seed(task: GameTask) -> str:
    """The seed a planned game's deals are drawn from."""
    return f"{task.seed}/{task.deal}"


def play_task(task: GameTask) -> GameOutcome:
    """Play one planned game (in a worker process: bots are made here)."""
    bots = task_bots(task)
    state = play_game(task.variant, bots, seed=task_seed(task), options=task.options)
    return outcome_of(task, state)


def outcome_of(task: GameTask, state: State) -> GameOutcome:
    """What a planned game's final ``state`` gave, for :func:`summarize`."""
    rules = state.rules
    return GameOutcome(
        task,
        tuple(result.points for result in state.results),
        state.scores,
        state.winner,
        tuple(
            (rules.side_of[r.maker], r.contract.alone >= 0, r.points[rules.side_of[r.maker]] <= 0)
            for r in state.results
            if r.maker is not None and not r.redeal
        ),
    )


@dataclass
class BotStats:
    """One bot's figures over a match."""

    name: str
    games: int = 0
    games_won: int = 0
    hands: int = 0
    points: int = 0
    per_game: list[tuple[int, int]] = field(default_factory=list)
    """(points, hands) of each game it played, for the interval."""
    calls: int = 0
    """Hands in which its side made trump (won the bidding)."""
    set_calls: int = 0
    alone_calls: int = 0

    @property
    def win_rate(self) -> float:
        return self.games_won / self.games if self.games else 0.0

    @property
    def win_rate_ci95(self) -> tuple[float, float]:
        return wilson(self.games_won, self.games)

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def points_per_hand_ci95(self) -> tuple[float, float]:
        return ratio_interval(self.per_game)

    @property
    def call_rate(self) -> float:
        """Of its hands, how many its side made trump in."""
        return self.calls / self.hands if self.hands else 0.0

    @property
    def set_rate(self) -> float:
        """Of its calls, how many were set (euchred)."""
        return self.set_calls / self.calls if self.calls else 0.0

    @property
    def alone_rate(self) -> float:
        """Of its calls, how many its maker played alone."""
        return self.alone_calls / self.calls if self.calls else 0.0

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "games": self.games,
            "games_won": self.games_won,
            "win_rate": round(self.win_rate, 4),
            "win_rate_ci95": [round(x, 4) for x in self.win_rate_ci95],
            "hands": self.hands,
            "points_per_hand": round(self.points_per_hand, 4),
            "points_per_hand_ci95": [round(x, 4) for x in self.points_per_hand_ci95],
            "call_rate": round(self.call_rate, 4),
            "set_rate": round(self.set_rate, 4),
            "alone_rate": round(self.alone_rate, 4),
        }


@dataclass
class ArenaResult:
    variant: str
    seed: int
    options: Mapping[str, Any]
    outcomes: list[GameOutcome]
    bots: list[BotStats]
    elo: dict[str, float] | None
    """Elo ratings (three or more bots), fitted to who beat whom."""

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def hands(self) -> int:
        return sum(len(o.hand_points) for o in self.outcomes)

    @property
    def difference(self) -> tuple[float, tuple[float, float]] | None:
        """Between two bots: the first one's points per hand less the second's,
        over the same hands, with a 95% interval whose sampled units are the
        duplicate sets (every rotation of a deal), so the luck of the cards that
        the rotations share does not widen it. None with more than two bots."""
        if len(self.bots) != 2:
            return None
        per_set: dict[int, tuple[int, int]] = {}
        for outcome in self.outcomes:
            sides = outcome.task.sides
            diff = sum(
                hand[side] * (1 if sides[side] == 0 else -1)
                for hand in outcome.hand_points
                for side in range(len(sides))
            )
            points, hands = per_set.get(outcome.task.deal, (0, 0))
            per_set[outcome.task.deal] = (points + diff, hands + len(outcome.hand_points))
        total = sum(h for _, h in per_set.values())
        value = sum(p for p, _ in per_set.values()) / total if total else 0.0
        return value, ratio_interval(list(per_set.values()))

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "variant": self.variant,
            "games": self.games,
            "hands": self.hands,
            "seed": self.seed,
            "options": dict(self.options),
            "bots": [b.as_json() for b in self.bots],
        }
        difference = self.difference
        if difference is not None:
            value, (lo, hi) = difference
            out["points_per_hand_difference"] = {
                "bots": [b.name for b in self.bots],
                "value": round(value, 4),
                "ci95": [round(lo, 4), round(hi, 4)],
            }
        if self.elo is not None:
            out["elo"] = {name: round(r, 1) for name, r in self.elo.items()}
        return out


def run_arena(
    variant: str,
    bot_names: Sequence[str],
    *,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    ray: str | None = None,
) -> ArenaResult:
    """Play a match of duplicate deals and gather the figures. ``jobs`` worker
    processes (default: every core), or Ray tasks on the cluster at ``ray``
    (:data:`LOCAL_RAY`: a local Ray); ``progress(done, total)`` after each game."""
    for name in bot_names:
        make_bot(name)  # an unknown name fails here, before any game
    tasks = plan_games(variant, bot_names, games, seed, options)
    return run_match(
        play_task, tasks, variant, seed, options, bot_names, jobs=jobs, ray=ray, progress=progress
    )


def run_match(
    worker: Callable[[Any], GameOutcome],
    tasks: Sequence[Any],
    variant: str,
    seed: int,
    options: Mapping[str, Any] | None,
    line_up: Sequence[str],
    *,
    jobs: int | None,
    ray: str | None,
    progress: Callable[[int, int], None] | None,
) -> ArenaResult:
    """Play a match's games (``worker`` on each task, in worker processes or on
    Ray) and gather the figures: the arena's and :func:`followsuit.rl.evaluate`'s."""
    outcomes: list[GameOutcome] = []
    for outcome in run_tasks(worker, tasks, jobs=jobs, ray=ray):
        outcomes.append(outcome)
        if progress:
            progress(len(outcomes), len(tasks))
    return summarize(variant, seed, options or {}, line_up, outcomes)


LOCAL_RAY = "local"
"""``ray=LOCAL_RAY``: start Ray on this machine (``ray.init()`` without an address)."""


def run_tasks(
    work: Callable[[T], R],
    tasks: Sequence[T],
    *,
    jobs: int | None = None,
    ray: str | None = None,
    chunk: int | None = None,
) -> Iterator[R]:
    """``work(task)`` for every task, the results in the tasks' order: in this
    process (``jobs=1``), over a pool of ``jobs`` worker processes (default:
    every core), or as Ray tasks (``ray``: a cluster's address, or
    :data:`LOCAL_RAY`). Each task carries its own seeds, so all three give the
    same results. A pool hands its workers ``chunk`` tasks at a time (default:
    an eighth of each worker's share, which is fastest); a chunk's results come
    back only when it is whole, so a caller that saves results as they come
    (self-play) asks for small chunks."""
    if ray is not None:
        yield from _ray_tasks(work, tasks, ray, jobs)
        return
    jobs = jobs or os.cpu_count() or 1
    if jobs <= 1:
        for task in tasks:
            yield work(task)
        return
    with process_pool(jobs) as pool:
        size = chunk or max(1, len(tasks) // (8 * jobs))
        yield from pool.map(work, tasks, chunksize=size)


def _ray_tasks(
    work: Callable[[T], R], tasks: Sequence[T], address: str, jobs: int | None
) -> Iterator[R]:
    """The tasks as Ray tasks (``pip install 'followsuit[cluster]'``). Ray is
    started once per process: on this machine with ``jobs`` CPUs (default: every
    core) for :data:`LOCAL_RAY`, else joined at ``address``."""
    try:
        import ray
    except ImportError:
        raise ValueError("--ray needs Ray: pip install 'followsuit[cluster]'") from None
    if not ray.is_initialized():
        if address == LOCAL_RAY:
            ray.init(num_cpus=jobs, include_dashboard=False, logging_level=logging.ERROR)
        else:
            ray.init(address=address, include_dashboard=False, logging_level=logging.ERROR)
    remote = ray.remote(work)
    pending = [remote.remote(task) for task in tasks]
    for ref in pending:
        yield ray.get(ref)


def summarize(
    variant: str,
    seed: int,
    options: Mapping[str, Any],
    bot_names: Sequence[str],
    outcomes: list[GameOutcome],
) -> ArenaResult:
    stats = [BotStats(name) for name in bot_names]
    duels: dict[tuple[int, int], int] = {}
    for outcome in outcomes:
        sides = outcome.task.sides
        for side, bot in enumerate(sides):
            s = stats[bot]
            points = sum(hand[side] for hand in outcome.hand_points)
            hands = len(outcome.hand_points)
            s.games += 1
            s.hands += hands
            s.points += points
            s.per_game.append((points, hands))
            if outcome.winner == side:
                s.games_won += 1
        for side, alone, was_set in outcome.calls:
            s = stats[sides[side]]
            s.calls += 1
            s.alone_calls += alone
            s.set_calls += was_set
        if outcome.winner is not None:
            winner = sides[outcome.winner]
            for side, bot in enumerate(sides):
                if side != outcome.winner and bot != winner:
                    duels[winner, bot] = duels.get((winner, bot), 0) + 1
    names = [s.name for s in stats]
    elo = elo_ratings(names, duels) if len(bot_names) >= 3 else None
    return ArenaResult(variant, seed, options, outcomes, stats, elo)


# ------------------------------------------------------------------ statistics


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion (sound near 0 and 1)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def ratio_interval(per_game: Sequence[tuple[int, int]]) -> tuple[float, float]:
    """A 95% interval for points per hand, games as the sampled units (the hands
    of one game are not independent): the ratio estimator's delta-method error."""
    n = len(per_game)
    total_hands = sum(h for _, h in per_game)
    if n < 2 or total_hands == 0:
        return (-math.inf, math.inf)
    ratio = sum(p for p, _ in per_game) / total_hands
    mean_hands = total_hands / n
    var = sum((p - ratio * h) ** 2 for p, h in per_game) / (n * (n - 1) * mean_hands**2)
    half = Z95 * math.sqrt(var)
    return (ratio - half, ratio + half)


def elo_ratings(names: Sequence[str], wins: Mapping[tuple[int, int], int]) -> dict[str, float]:
    """Elo ratings (mean 1500) from pairwise wins, by the Bradley-Terry model fitted
    with the minorisation-maximisation iteration; half a win of prior between
    every pair keeps a bot that never lost (or won) finite."""
    k = len(names)
    w = [[wins.get((i, j), 0) + 0.5 for j in range(k)] for i in range(k)]
    strength = [1.0] * k
    for _ in range(500):
        new = []
        for i in range(k):
            won = sum(w[i][j] for j in range(k) if j != i)
            games = sum(
                (w[i][j] + w[j][i]) / (strength[i] + strength[j]) for j in range(k) if j != i
            )
            new.append(won / games)
        mean_log = sum(math.log(s) for s in new) / k
        new = [s / math.exp(mean_log) for s in new]
        if max(abs(a - b) for a, b in zip(new, strength, strict=True)) < 1e-10:
            strength = new
            break
        strength = new
    return {name: 1500 + 400 * math.log10(s) for name, s in zip(names, strength, strict=True)}
