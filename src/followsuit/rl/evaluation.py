"""Score a learned policy against the bots, the way the arena scores bots.

A *policy* is any callable that takes an observation as the Gymnasium face gives
it (``{"observation": float32 vector, "action_mask": int8 mask}``) and returns
an action index the mask allows. :func:`evaluate` seats it at every seat of one
side and bots at the others, on the arena's duplicate deals
(:func:`followsuit.arena.plan_games`: each deal once per rotation of the sides,
the bots seeded as in the arena), and gathers the arena's figures
(:class:`followsuit.arena.ArenaResult`: games won with a Wilson interval, points
per hand with an interval over games, and against one bot the difference in
points per hand over the same hands, with its interval over the duplicate sets).

>>> import numpy as np
>>> def first_legal(obs):
...     return int(np.flatnonzero(obs["action_mask"])[0])
>>> result = evaluate(first_legal, "euchre/american", opponents="random", games=4, seed=1)
>>> [b.name for b in result.bots], result.games
(['first_legal', 'random'], 4)

``followsuit arena VARIANT --policy module:function --bots easy`` does the same
from the command line (the policy named as ``module:function``, imported in each
worker process, so ``--jobs`` and ``--ray`` work as for bots).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy.typing as npt

from ..arena import (
    MAX_HANDS,
    ArenaResult,
    GameOutcome,
    GameTask,
    bot_seed,
    outcome_of,
    plan_games,
    run_match,
    seat_bot,
    task_seed,
)
from ..bots import make_bot
from ..rules import load_rules
from .encoding import encode
from .table import Table

Policy = Callable[[dict[str, npt.NDArray[Any]]], int]
"""An observation (``{"observation", "action_mask"}``) in, an action index out."""


def load_policy(spec: str) -> Policy:
    """The policy ``spec`` names as ``module:function`` (the module found from the
    current folder too, as ``python -m`` would). ValueError in one line if it
    names none."""
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"--policy {spec!r}: give it as module:function")
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"--policy {spec!r}: cannot import {module_name}: {exc}") from None
    found: Any = module
    for part in attr.split("."):
        found = getattr(found, part, None)
        if found is None:
            raise ValueError(f"--policy {spec!r}: {module_name} has no {attr}")
    if not callable(found):
        raise ValueError(f"--policy {spec!r}: {attr} is not callable")
    policy: Policy = found
    return policy


@dataclass(frozen=True)
class PolicyGame:
    """One planned game of an evaluation: the policy plays the line-up's bot 0."""

    task: GameTask
    policy: Policy | str
    """The callable, or its ``module:function`` (imported where the game is played)."""


def play_policy_game(game: PolicyGame) -> GameOutcome:
    """Play one planned game with the policy at its side's seats."""
    task = game.task
    policy = load_policy(game.policy) if isinstance(game.policy, str) else game.policy
    rules = load_rules(task.variant, task.options)
    mine = {s for s in range(rules.num_players) if task.sides[rules.side_of[s]] == 0}
    bots = {
        s: make_bot(seat_bot(task, s), seed=bot_seed(task, s))
        for s in range(rules.num_players)
        if s not in mine
    }
    table = Table(rules, seed=task_seed(task))
    state = table.state
    while not state.over and state.hand_no <= MAX_HANDS:
        seat = table.to_move
        assert seat is not None
        if seat in mine:
            obs: dict[str, npt.NDArray[Any]] = {
                "observation": encode(table.observation(seat), table.chosen_mask()),
                "action_mask": table.legal_mask(),
            }
            table.apply(int(policy(obs)))
        else:
            table.apply_engine(bots[seat].choose(table.observation(seat)))
    return outcome_of(task, state)


def evaluate(
    policy: Policy | str,
    variant: str,
    opponents: str | Sequence[str] = "easy",
    *,
    games: int = 200,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    name: str | None = None,
    jobs: int | None = 1,
    ray: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ArenaResult:
    """Play ``policy`` (a callable, or ``module:function``) on one side against
    ``opponents`` (a bot level for every other side, or one per side) over
    ``games`` duplicate games (rounded up to whole sets) and return the arena's
    figures; ``result.bots[0]`` is the policy's, named ``name`` (by default the
    function's name or the spec). ``jobs`` worker processes (default 1: a
    callable need not pickle) or Ray tasks at ``ray``, as the arena's."""
    rules = load_rules(variant, options)
    others = len(rules.sides) - 1
    names = [opponents] * others if isinstance(opponents, str) else list(opponents)
    if len(names) != others:
        raise ValueError(f"opponents: {variant} has {others} other sides, got {len(names)} bots")
    for bot in names:
        make_bot(bot)  # an unknown name fails here, before any game
    if isinstance(policy, str):
        load_policy(policy)  # a bad spec fails here too
        label = name or policy
    else:
        label = name or str(getattr(policy, "__name__", "policy"))
    line_up = [label, *names]
    tasks = [PolicyGame(t, policy) for t in plan_games(variant, line_up, games, seed, options)]
    return run_match(
        play_policy_game,
        tasks,
        variant,
        seed,
        options,
        line_up,
        jobs=jobs,
        ray=ray,
        progress=progress,
    )


__all__ = ["Policy", "PolicyGame", "evaluate", "load_policy", "play_policy_game"]
