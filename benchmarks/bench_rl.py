"""The research faces' benchmark: environment steps per second with the observation
tensor built at every step, and self-play rows written per second.

Not a test. Run ``python benchmarks/bench_rl.py [--versus-openspiel] [--seconds S]
[--rounds R] [--seed N] [--json]`` (the ``rl`` extra; OpenSpiel is in it).

Items, all with uniformly random legal actions (``rng.choice``):

pettingzoo/<variant>
    The PettingZoo face, whole one-hand episodes (``max_hands=1``): at every step
    ``env.last()`` (the mover's ``{"observation", "action_mask"}``, the vector
    built afresh), then ``env.step(random legal index)``. A step is one decision
    (a discard is a card and then ``done``: two steps). Run for
    ``euchre/american``, ``bid-euchre/standard`` and ``pitch/partnership-4p``.
vector/euchre/american (n=N)
    The batched face, ``followsuit.rl.vector_env("euchre/american", N,
    opponents="random", max_hands=1)`` (``--envs N``, default 64): at every step
    one random legal index per game, drawn for the whole batch at once from the
    action masks (as a learner's batched policy would), then ``envs.step``. The
    rate counts the agent's steps over all games; the ratio is over OpenSpiel's
    single env (``vector_ratio``).
openspiel/euchre (``--versus-openspiel``)
    OpenSpiel's C++ ``euchre`` from Python, one hand per game (its own length):
    chance nodes sampled from ``chance_outcomes()`` (not counted), and at every
    player step ``np.asarray(state.information_state_tensor())`` then
    ``apply_action(random legal)``. The ratio is followsuit's euchre steps/s over
    OpenSpiel's.
selfplay/euchre
    ``followsuit.rl.selfplay`` with ``easy`` bots on ``euchre/american``, one
    process (``jobs=1``), into a temporary folder: Parquet rows written per second
    of wall time (the bots' own thinking included).

Timing: interleaved rounds of ``--seconds`` each per item (followsuit and OpenSpiel
alternate), CPU time (``time.process_time()``) for the env items, wall time for
self-play; the rate is total work over total time. A shared machine makes the
figures noisy: compare the ratio, from one run.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import followsuit.rl as rl
from followsuit.rl.selfplay import Run, selfplay

VARIANTS = ("euchre/american", "bid-euchre/standard", "pitch/partnership-4p")


def pettingzoo_steps(variant: str, seed: int) -> Callable[[float], tuple[int, float]]:
    env = rl.env(variant, max_hands=1)
    rng = random.Random(seed)
    games = iter(range(seed * 1_000_000, 2**62))

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            env.reset(seed=next(games))
            while env.agents:
                obs, _r, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                steps += 1
        return steps, time.process_time() - start

    return run


def vector_steps(variant: str, envs: int, seed: int) -> Callable[[float], tuple[int, float]]:
    batch = rl.vector_env(variant, envs, opponents="random", max_hands=1)
    rng = np.random.default_rng(seed)
    obs, _ = batch.reset(seed=seed)

    def run(seconds: float) -> tuple[int, float]:
        nonlocal obs
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            masks = obs["action_mask"]
            actions = np.argmax(rng.random(masks.shape) * masks, axis=1)
            obs, *_ = batch.step(actions)
            steps += envs
        return steps, time.process_time() - start

    return run


def openspiel_steps(seed: int) -> Callable[[float], tuple[int, float]]:
    import pyspiel

    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                np.asarray(state.information_state_tensor())
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps, time.process_time() - start

    return run


def selfplay_rows(seed: int) -> Callable[[float], tuple[int, float]]:
    rounds = iter(range(10**9))

    def run(seconds: float) -> tuple[int, float]:
        games = max(2, int(seconds * 4))
        with tempfile.TemporaryDirectory() as folder:
            run = Run("euchre/american", {}, ("easy", "easy"), games, seed + next(rounds), 50)
            start = time.perf_counter()
            rows = selfplay(run, Path(folder) / "data", jobs=1)
            return rows, time.perf_counter() - start

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--versus-openspiel", action="store_true")
    parser.add_argument("--seconds", type=float, default=3.0, help="per item and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--envs", type=int, default=64, help="games in the batched env")
    args = parser.parse_args()
    items: dict[str, Callable[[float], tuple[int, float]]] = {}
    items["pettingzoo/euchre/american"] = pettingzoo_steps("euchre/american", args.seed)
    vector = f"vector/euchre/american (n={args.envs})"
    items[vector] = vector_steps("euchre/american", args.envs, args.seed)
    if args.versus_openspiel:
        items["openspiel/euchre"] = openspiel_steps(args.seed)
    for variant in VARIANTS[1:]:
        items[f"pettingzoo/{variant}"] = pettingzoo_steps(variant, args.seed)
    items["selfplay/euchre (rows)"] = selfplay_rows(args.seed)
    for run in items.values():  # warm-up: imports, caches
        run(0.2)
    work = dict.fromkeys(items, 0)
    spent = dict.fromkeys(items, 0.0)
    names = list(items)
    for r in range(args.rounds):
        order = names if r % 2 == 0 else names[::-1]
        for name in order:
            done, seconds = items[name](args.seconds)
            work[name] += done
            spent[name] += seconds
    rates = {name: work[name] / spent[name] for name in names}
    out: dict[str, Any] = {
        "machine": f"{platform.machine()}, Python {platform.python_version()}",
        "seconds_per_round": args.seconds,
        "rounds": args.rounds,
        "per_second": {name: round(rate, 1) for name, rate in rates.items()},
    }
    if args.versus_openspiel:
        out["euchre_ratio"] = round(
            rates["pettingzoo/euchre/american"] / rates["openspiel/euchre"], 3
        )
        out["vector_ratio"] = round(rates[vector] / rates["openspiel/euchre"], 3)
    if args.json:
        print(json.dumps(out))
        return
    print(f"{out['machine']}; {args.rounds} rounds of {args.seconds:g} s per item")
    for name, rate in rates.items():
        unit = "rows/s" if name.startswith("selfplay") else "steps/s"
        print(f"  {name:34s} {rate:10,.0f} {unit}")
    if args.versus_openspiel:
        print(f"  followsuit / OpenSpiel (euchre)    {out['euchre_ratio']:10.2f}x")
        print(f"  batched / OpenSpiel's single env   {out['vector_ratio']:10.2f}x")


if __name__ == "__main__":
    main()
