"""Decision latency of the bots and the cost of sampling hidden worlds.

Prints, per variant: the rule-based bot's mean and 99th-percentile decision time,
and how many consistent worlds ``sample_world`` builds a second (what a
determinizing search bot pays per sample). Not a test: run
``python benchmarks/bench_bots.py``.

``--levels medium,hard [--hands N]`` times the search levels instead: the level
at every seat for ``N`` hands (default 3) of each variant, and the median and
95th percentile of its decisions that had a choice (one legal action costs
nothing), wall-clock, on this machine as it is (shared machines are noisy).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import machine

import followsuit
from followsuit import sample_world
from followsuit.bots import make_bot
from followsuit.engine.observation import Observation

VARIANTS = (
    "euchre/american",
    "bid-euchre/standard",
    "pitch/partnership-4p",
    "pitch/oklahoma-10-point",
    "pitch/nines-fives",
    "pitch/blind",
)
LEVEL_VARIANTS = (
    "euchre/american",
    "bid-euchre/standard",
    "pitch/partnership-4p",
    "bid-euchre/double-deck",
    "pitch/8-player",
)


def levels(names: list[str], hands: int) -> None:
    """Median and 95th percentile of each level's decisions, in ms."""
    print(f"machine: {machine()}")
    print(f"{'variant':26s} {'level':8s} {'decisions':>9s} {'median ms':>9s} {'p95 ms':>7s}")
    for variant in LEVEL_VARIANTS:
        for name in names:
            times: list[float] = []
            state = followsuit.new_game(variant, seed=7)
            bots = [make_bot(name, seed=seat) for seat in range(state.n)]
            while not state.is_over() and len(state.results) < hands:
                seat = state.current_player
                assert seat is not None
                obs = state.observation(seat)
                t = time.perf_counter()
                action = bots[seat].choose(obs)
                if len(obs.legal_actions) > 1:
                    times.append(time.perf_counter() - t)
                state.apply(action)
            times.sort()
            median = statistics.median(times) * 1000
            p95 = times[int(len(times) * 0.95)] * 1000
            print(f"{variant:26s} {name:8s} {len(times):9d} {median:9.1f} {p95:7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", help="time these levels (comma-separated) instead")
    parser.add_argument("--hands", type=int, default=3, help="hands per variant and level")
    args = parser.parse_args()
    if args.levels:
        levels([n.strip() for n in args.levels.split(",") if n.strip()], args.hands)
        return
    print(f"machine: {machine()}")
    print(f"{'variant':26s} {'bot ms mean':>11s} {'p99':>7s} {'worlds/s':>9s}")
    for variant in VARIANTS:
        rng = random.Random(1)
        bot = make_bot("rules")
        times: list[float] = []
        observations: list[Observation] = []
        for game in range(6):
            state = followsuit.new_game(variant, seed=game)
            while not state.is_over() and len(times) < 3000:
                seat = state.current_player
                assert seat is not None
                obs = state.observation(seat)
                if len(observations) < 300 and rng.random() < 0.2:
                    observations.append(obs)
                t = time.perf_counter()
                action = bot.choose(obs)
                times.append(time.perf_counter() - t)
                state.apply(action)
        t = time.perf_counter()
        for obs in observations:
            sample_world(obs, rng)
        worlds = len(observations) / (time.perf_counter() - t)
        times.sort()
        mean = statistics.mean(times) * 1000
        p99 = times[int(len(times) * 0.99)] * 1000
        print(f"{variant:26s} {mean:11.3f} {p99:7.2f} {worlds:9,.0f}")


if __name__ == "__main__":
    main()
