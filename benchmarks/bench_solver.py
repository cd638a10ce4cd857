"""The double-dummy solver benchmark: a full hand solved from its first lead.

Not a test. Run ``python benchmarks/bench_solver.py [--deals N] [--python-deals N]
[--seed S] [--json]``.

Each work item deals random hands (a seeded game per deal, the calling or auction
played at random until the first lead; thrown-in hands and hands where a seat sits
out, a loner's partner, are skipped) and times
``followsuit.solver.solve(state)`` at the first lead: every legal lead valued
exactly, which is what one determinized world costs a PIMC bot's first decision.
In Pitch the maker's first card pitches trump, so that solve is one full solve
per lead, each with its own trump.

euchre
    ``euchre/american``: 20 cards.
pitch
    ``pitch/partnership-4p``: 24 cards, High, Low, Jack and Game with the bid.
bid_euchre
    ``bid-euchre/standard``: 24 cards.
pitch6
    ``pitch/oklahoma-10-point-6p``: six players, ten card points, only trumps played.

The figure is the median wall time per solve in milliseconds (``perf_counter``,
after a warm-up), with nodes per second over all the deals, for the compiled
kernel and then the pure-Python reference (fewer deals: it is some 20-50 times
slower). The machine is shared: compare runs on one machine, never across.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass

import followsuit
from followsuit import State, solver

ITEMS = {
    "euchre": "euchre/american",
    "pitch": "pitch/partnership-4p",
    "bid_euchre": "bid-euchre/standard",
    "pitch6": "pitch/oklahoma-10-point-6p",
}


def first_leads(variant: str, count: int, seed: int) -> list[State]:
    """``count`` hands of ``variant`` at their first lead, from ``seed``."""
    rng = random.Random(seed)
    out: list[State] = []
    game_seed = seed * 1000
    while len(out) < count:
        game_seed += 1
        state = followsuit.new_game(variant, seed=game_seed)
        hand = state.hand_no
        while state.phase_name != "play" and state.hand_no == hand and not state.over:
            state.apply(rng.choice(state.legal_actions()))
        full = not state.contract.out  # every seat plays: the item's card count
        if state.hand_no == hand and state.phase_name == "play" and not state.tricks and full:
            out.append(state)
    return out


@dataclass
class Figure:
    median_ms: float
    nodes_per_s: float
    deals: int


def measure(states: list[State], backend: solver.api.Backend) -> Figure:
    solver.solve(states[0], backend=backend)  # warm-up (loads the kernel, its table)
    times = []
    nodes = 0
    for state in states:
        t0 = time.perf_counter()
        result = solver.solve(state, backend=backend)
        times.append(time.perf_counter() - t0)
        nodes += result.nodes
    return Figure(statistics.median(times) * 1000, nodes / sum(times), len(states))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="deals per item, compiled")
    parser.add_argument("--python-deals", type=int, default=10, help="deals per item, Python")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    have_c = solver.backend() == "c"
    results: dict[str, object] = {
        "backend": solver.backend(),
        "seed": args.seed,
        "deals": args.deals,
        "python_deals": args.python_deals,
        "python": platform.python_version(),
    }
    rows = []
    for name, variant in ITEMS.items():
        states = first_leads(variant, max(args.deals, args.python_deals), args.seed)
        if have_c:
            fig = measure(states[: args.deals], "c")
            results[f"{name}_ms"] = round(fig.median_ms, 4)
            results[f"{name}_nodes_per_s"] = round(fig.nodes_per_s)
            rows.append((name, variant, "c", fig))
        py = measure(states[: args.python_deals], "python")
        results[f"{name}_python_ms"] = round(py.median_ms, 3)
        results[f"{name}_python_nodes_per_s"] = round(py.nodes_per_s)
        rows.append((name, variant, "python", py))
        if not have_c:
            results[f"{name}_ms"] = results[f"{name}_python_ms"]
    if args.json:
        print(json.dumps(results))
        return 0
    print(f"followsuit solver benchmark, seed {args.seed} (backend: {results['backend']})")
    head = ("item", "variant", "backend", "deals", "median ms", "nodes/s")
    print(f"{head[0]:<11} {head[1]:<28} {head[2]:<7} {head[3]:>5} {head[4]:>10} {head[5]:>11}")
    for name, variant, backend, fig in rows:
        print(
            f"{name:<11} {variant:<28} {backend:<7} {fig.deals:>5} "
            f"{fig.median_ms:>10.3f} {fig.nodes_per_s:>11,.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
