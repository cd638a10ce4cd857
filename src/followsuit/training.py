"""Train the ``expert`` level's call model by self-play (pure Python, no numpy).

    python -m followsuit.training --hands 40000 --iterations 2 --jobs 2

Deals are played with the current policy (iteration 0: the ``easy`` bot; then
the model just fitted, calling at every seat). At each calling decision met,
every legal action is taken in a copy of the *true* deal: the rest of the
bidding is played by the policy, each seat from its own observation, and the
play is solved double-dummy (measured close to how ``medium`` really plays a
Euchre hand: the makers' points differ by -0.08 +- 0.06). The hand's points for
the decider's side are the action's value. Per calling context, a ridge
regression fits the features of :mod:`followsuit.bots.call_model` to the values
*within* each decision (both centred on the decision's mean), so the deal's luck
cancels and only the differences between actions are learned. Each iteration
fits on the decisions of every iteration so far: the late policies reach some
decisions (a dealer naming a suit) too rarely to fit on their own.

``--variant`` picks the game (default American Euchre; ``euchre/british``
trains the model of the 25-card deck with the joker). The fitted model is
written to its shape's file in ``followsuit/bots/data`` (or ``--out``), and
it is scored on fresh deals: the average value of the action it picks against
easy's pick, over the same decisions.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from . import new_game
from .bots import ExpertBot, PimcBot, make_bot
from .bots.base import Bot
from .bots.call_model import NAMES, SHAPES, WIDTH, CallModel, context, features, shape_of
from .bots.rules_bot import RulesBot
from .engine.observation import Observation
from .workers import process_pool

VARIANT = "euchre/american"
"""The game trained on unless ``--variant`` says otherwise."""
RIDGE = 1.0
"""The ridge penalty (points squared): keeps a weight on a rare feature small."""
EXPLORE = 0.1
"""The chance that the deal's own path takes a random call instead of the
policy's, so that decisions after an unusual call are met too."""


class ModelPolicy:
    """Calls by the model where it knows the decision (ties and the rest by the
    fallback): the policy whose self-play trains the next model."""

    def __init__(self, model: CallModel | None, fallback: Bot):
        self.model = model
        self.fallback = fallback
        self.name = "model" if model else fallback.name

    def choose(self, obs: Observation) -> int:
        if self.model is not None:
            values = self.model.values(obs)
            if values:
                return max(obs.legal_actions, key=lambda a: values[a])
        return self.fallback.choose(obs)


@dataclass
class Stats:
    """The sufficient statistics of the within-decision regression, by context,
    and the scoring of picks (the value of the action picked, the best action's)."""

    xtx: dict[str, list[list[float]]] = field(default_factory=dict)
    xty: dict[str, list[float]] = field(default_factory=dict)
    decisions: Counter[str] = field(default_factory=Counter)
    picked: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    """Total value, over the decisions met, of the action each named chooser picks."""
    spread: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    """The sum of squares of each chooser's pick's value less the policy's pick's
    (for the standard error of the difference)."""
    met: int = 0

    def add(self, key: str, rows: list[tuple[float, ...]], values: list[float]) -> None:
        k = len(rows)
        mean_x = [sum(r[j] for r in rows) / k for j in range(WIDTH)]
        mean_v = sum(values) / k
        xtx = self.xtx.setdefault(key, [[0.0] * WIDTH for _ in range(WIDTH)])
        xty = self.xty.setdefault(key, [0.0] * WIDTH)
        for row, v in zip(rows, values, strict=True):
            d = [x - m for x, m in zip(row, mean_x, strict=True)]
            dv = v - mean_v
            nz = [(j, x) for j, x in enumerate(d) if x]
            for i, xi in nz:
                xty[i] += xi * dv
                line = xtx[i]
                for j, xj in nz:
                    line[j] += xi * xj
        self.decisions[key] += 1

    def merge(self, other: Stats) -> None:
        for key, m in other.xtx.items():
            mine = self.xtx.setdefault(key, [[0.0] * WIDTH for _ in range(WIDTH)])
            for a, b in zip(mine, m, strict=True):
                for j in range(WIDTH):
                    a[j] += b[j]
            v = self.xty.setdefault(key, [0.0] * WIDTH)
            for j in range(WIDTH):
                v[j] += other.xty[key][j]
        self.decisions.update(other.decisions)
        for name, total in other.picked.items():
            self.picked[name] += total
        for name, total in other.spread.items():
            self.spread[name] += total
        self.met += other.met

    def fit(self, ridge: float = RIDGE) -> dict[str, tuple[float, ...]]:
        weights: dict[str, tuple[float, ...]] = {}
        for key, xtx in self.xtx.items():
            a = [row[:] for row in xtx]
            for j in range(WIDTH):
                a[j][j] += ridge
            weights[key] = tuple(_solve(a, self.xty[key][:]))
        return weights


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the ridge keeps it regular)."""
    n = len(b)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        p = a[col][col]
        for r in range(col + 1, n):
            f = a[r][col] / p
            if f:
                row, top = a[r], a[col]
                for j in range(col, n):
                    row[j] -= f * top[j]
                b[r] -= f * b[col]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (b[r] - sum(a[r][j] * x[j] for j in range(r + 1, n))) / a[r][r]
    return x


def play_deals(
    seeds: Iterable[int],
    model: CallModel | None,
    judges: Sequence[str] = (),
    variant: str = VARIANT,
) -> Stats:
    """Play one hand from each seed with the policy, gathering every calling
    decision met; ``judges`` name the bots whose picks are scored (see
    :func:`_judge`). Each legal action's value is the hand's points for the
    decider's side less the other side's when it is taken in the true deal, the
    policy makes every call left (each seat from its own observation) and the
    play is double-dummy (:meth:`PimcBot.play_out`)."""
    easy = RulesBot()
    policy = ModelPolicy(model, easy)
    played_out = PimcBot(policy=policy)
    choosers = {name: _judge(name, model, policy) for name in judges}
    stats = Stats()
    for seed in seeds:
        rng = random.Random(seed)
        game = new_game(variant, seed=seed)
        while not game.results and game.phase_name != "play":
            mover = game.current_player
            assert mover is not None
            obs = game.observation(mover)
            key = context(obs) if shape_of(obs) else None
            legal = obs.legal_actions
            if key is None or len(legal) < 2:
                game.apply(policy.choose(obs))
                continue
            rows: list[tuple[float, ...]] = []
            for a in legal:
                row = features(obs, a)
                assert row is not None
                rows.append(row)
            values = [played_out.play_out(game, a, mover) for a in legal]
            stats.add(key, rows, values)
            stats.met += 1
            stats.picked["best"] += max(values)
            mine = values[legal.index(policy.choose(obs))]
            for name, chooser in choosers.items():
                value = values[legal.index(chooser.choose(obs))]
                stats.picked[name] += value
                stats.spread[name] += (value - mine) ** 2
            move = rng.choice(legal) if rng.random() < EXPLORE else policy.choose(obs)
            game.apply(move)
    return stats


def _judge(name: str, model: CallModel | None, policy: Bot) -> Bot:
    """A chooser to score: ``model`` (the policy), ``mix:W`` (medium's search and
    the model mixed, the search's share W, as the expert mixes them) or a level."""
    if name == "model":
        return policy
    if name.startswith("mix:"):
        search = PimcBot(f"judge/{name}", policy=RulesBot())
        return ExpertBot(search, model=model, mix=float(name[4:]))
    return make_bot(name, seed=f"judge/{name}")


def _chunk(args: tuple[list[int], str | None, tuple[str, ...], str]) -> Stats:
    seeds, model_text, judges, variant = args
    model = CallModel.from_json(model_text) if model_text else None
    return play_deals(seeds, model, judges, variant)


def run(
    seeds: list[int],
    model: CallModel | None,
    judges: Sequence[str],
    jobs: int,
    variant: str = VARIANT,
) -> Stats:
    """:func:`play_deals` over ``jobs`` processes."""
    text = model.to_json() if model else None
    size = max(1, len(seeds) // (jobs * 8))
    chunks = [
        (seeds[i : i + size], text, tuple(judges), variant) for i in range(0, len(seeds), size)
    ]
    total = Stats()
    if jobs <= 1:
        for c in chunks:
            total.merge(_chunk(c))
        return total
    with process_pool(jobs) as pool:
        for part in pool.map(_chunk, chunks):
            total.merge(part)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=40_000, help="deals per iteration")
    parser.add_argument("--iterations", type=int, default=2)
    parser.add_argument("--test-hands", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ridge", type=float, default=RIDGE)
    parser.add_argument(
        "--judges",
        default="easy",
        help="levels whose picks are scored on the test deals too (e.g. easy,medium)",
    )
    parser.add_argument(
        "--variant",
        default=VARIANT,
        help="the game to train on: four-handed Euchre (American, long, timed, British)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        help="where to write the model (default: its shape's file in the package)",
    )
    parser.add_argument(
        "--start",
        type=Path,
        help="a model to start from (with --iterations 0: only score it)",
    )
    args = parser.parse_args(argv)
    try:
        shape = shape_of(new_game(args.variant, seed=0).observation(0))
    except (KeyError, ValueError) as error:
        parser.error(str(error))
    if shape is None:
        parser.error(f"no call model is made for {args.variant}: {', '.join(SHAPES)} only")
    out: Path = args.out or Path(__file__).parent / "bots" / "data" / SHAPES[shape]
    model: CallModel | None = None
    if args.start is not None:
        model = CallModel.from_json(args.start.read_text())
    pooled = Stats()
    base = args.seed * 10_000_000
    for it in range(args.iterations):
        start = time.perf_counter()
        seeds = list(range(base + it * args.hands, base + (it + 1) * args.hands))
        stats = run(seeds, model, (), args.jobs, args.variant)
        pooled.merge(stats)
        weights = pooled.fit(args.ridge)
        model = CallModel(
            weights=weights,
            shape=shape,
            trained=(
                f"{args.variant}, {args.iterations} iterations of {args.hands} deals "
                f"(seed {args.seed}), ridge {args.ridge}"
            ),
        )
        took = time.perf_counter() - start
        print(
            f"iteration {it + 1}: {stats.met} decisions from {len(seeds)} deals "
            f"in {took:.0f} s; by context: "
            + ", ".join(f"{k} {n}" for k, n in sorted(stats.decisions.items())),
            flush=True,
        )
    if model is None:
        parser.error("nothing to score: give --iterations or --start")
    test = list(range(base - args.test_hands, base))
    judges = ("model", *(j for j in args.judges.split(",") if j))
    scored = run(test, model, judges, args.jobs, args.variant)
    n = max(1, scored.met)
    print(
        f"on {scored.met} decisions of {len(test)} fresh deals, points per decision "
        f"(the best action's {scored.picked.get('best', 0) / n:+.3f}):"
    )
    mine = scored.picked.get("model", 0.0) / n
    for j in judges:
        mean = scored.picked.get(j, 0.0) / n
        diff = mean - mine
        se = math.sqrt(max(0.0, scored.spread.get(j, 0.0) / n - diff * diff) / n)
        print(f"  {j:>10}'s pick {mean:+.4f}  (model's {-diff:+.4f} +- {1.96 * se:.4f} better)")
    if not args.iterations:
        return 0
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(model.to_json() + "\n")
    print(f"wrote {out} ({len(NAMES)} features x {len(model.weights)} contexts)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
