"""Decision latency of the bots and the cost of sampling hidden worlds.

Prints, per variant: the rule-based bot's mean and 99th-percentile decision time,
and how many consistent worlds ``sample_world`` builds a second (what a
determinizing search bot pays per sample). Not a test: run
``python benchmarks/bench_bots.py``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import machine

import followsuit
from followsuit import sample_world
from followsuit.bots import make_bot

VARIANTS = (
    "euchre/american",
    "bid-euchre/standard",
    "pitch/partnership-4p",
    "pitch/oklahoma-10-point",
    "pitch/nines-fives",
    "pitch/blind",
)


def main() -> None:
    print(f"machine: {machine()}")
    print(f"{'variant':26s} {'bot ms mean':>11s} {'p99':>7s} {'worlds/s':>9s}")
    for variant in VARIANTS:
        rng = random.Random(1)
        bot = make_bot("rules")
        times = []
        observations = []
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
