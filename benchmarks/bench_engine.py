"""Random-playout throughput of full Euchre hands through the public API.

Prints hands/s and legal+apply steps/s with the machine's details. Not a test:
run it with ``python benchmarks/bench_engine.py [--hands N] [--variant ID]``.

A "hand" is everything from the deal to the score (thrown-in hands count too);
each step is one ``legal_actions()`` call, one random choice and one checked
``apply()``. For reference, OpenSpiel's C++ euchre driven from Python plays about
26,000 random hands a second on this kind of machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import followsuit


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.system()} {platform.machine()}, {cpu}, {os.cpu_count()} CPUs"
    )


def run(variant: str, options: dict[str, str], hands: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    choice = rng.choice
    done = steps = 0
    game = 0
    start = time.perf_counter()
    while done < hands:
        state = followsuit.new_game(variant, options, seed=f"{seed}/{game}")
        game += 1
        finished = 0
        while not state.over:
            state.apply(choice(state.legal_actions()))
            steps += 1
            if len(state.results) != finished:
                finished = len(state.results)
                done += 1
                if done >= hands:
                    break
    return time.perf_counter() - start, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--variant", default="euchre/american")
    parser.add_argument("--option", "-o", action="append", default=[])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--families", action="store_true", help="also time one variant of each family (fewer hands)"
    )
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    print(f"machine: {machine()}")
    if args.families:
        for variant in (
            "bid-euchre/standard",
            "pitch/partnership-4p",
            "pitch/oklahoma-10-point",
            "pitch/blind",
        ):
            seconds, steps = run(variant, {}, 5000, args.seed)
            print(f"{variant:28s} {5000 / seconds:9,.0f} hands/s  {steps / seconds:9,.0f} steps/s")
    run(args.variant, options, 2000, args.seed)  # warm-up
    seconds, steps = run(args.variant, options, args.hands, args.seed)
    print(f"variant: {args.variant} {options or ''}")
    print(f"hands:   {args.hands} in {seconds:.2f} s = {args.hands / seconds:,.0f} hands/s")
    print(
        f"steps:   {steps} (legal_actions + choice + apply) = {steps / seconds:,.0f} steps/s, "
        f"{steps / args.hands:.1f} per hand"
    )


if __name__ == "__main__":
    main()
