"""How often each bot level blunders: a choice worth half a point of the hand or more
below the best, by a reference search far larger than the levels'.

Not a test: a measurement. Run from the repository root::

    python benchmarks/bench_blunders.py [--decisions 200] [--worlds 512] [--seed 1]
        [--levels easy,medium,hard] [--jobs 1] [--json] [--show]

Decisions: arena games of ``euchre/american``, ``bid-euchre/standard`` and
``pitch/partnership-4p`` (the families' base variants), the seats played by the
levels measured in turn (seat ``k`` of game ``g`` by level ``(k + g) mod L``), every
game dealt from ``--seed`` and its index. Each decision with more than one legal
action is sampled with probability 1/4 (so a game gives decisions of every phase),
until ``--decisions`` per family. Every level is asked for its choice at every
sampled decision (from the same observation, each level's bot seeded from the
decision), so the levels are compared on the same positions.

The reference: ``--worlds`` worlds (at least 512) consistent with the observation,
drawn once per decision, the same worlds for every legal action; in each world each
action is taken and played out as the medium level values a call: the rest of the
calling by ``easy`` at every seat (each from its own view of the world), the play
double-dummy; the value is the hand's points for the seat's side less the others'
(``PimcBot.play_out``). A card play is played out the same way, so every decision
is valued in points of the hand. Pitch's bids are left out: double-dummy play
takes High, Jack and Game at will, so this reference flatters every bid, as the
medium level's docstring says (they are counted apart, ``pitch bids skipped``).

A blunder: the level's choice is worth at least 0.5 points of the hand less than the
reference's best action (:data:`BLUNDER`). The rate is blunders over decisions,
per level and family, with the decisions' count; ``--show`` prints every blunder
(variant, seed, the seat's hand, the choice, the best and their values).

``--json`` prints ``{"rates": {level: {family: fraction}}, "decisions": n}`` (``n``
decisions per family, the same for every level).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import followsuit
from followsuit.bots import PimcBot, RulesBot, make_bot
from followsuit.cards import bits
from followsuit.engine.observation import Observation
from followsuit.engine.worlds import NoConsistentWorld, sample_world

VARIANTS = {
    "euchre": "euchre/american",
    "bid_euchre": "bid-euchre/standard",
    "pitch": "pitch/partnership-4p",
}
LEVELS = ("easy", "medium", "hard")
BLUNDER = 0.5
"""Points of the hand below the best that make a choice a blunder."""
MIN_WORLDS = 512
SAMPLE = 0.25
"""The chance that a decision with a choice is sampled."""


@dataclass(frozen=True)
class Decision:
    """One sampled decision: where it came from, and the reference's values."""

    family: str
    game: int
    seat: int
    phase: str
    hand: str
    values: dict[int, float]
    texts: dict[int, str]
    choices: dict[str, int]
    """Each level's choice."""


@dataclass
class Tally:
    decisions: int = 0
    blunders: list[Decision] = field(default_factory=list)


def reference(obs: Observation, rng: random.Random, worlds: int) -> dict[int, float]:
    """Every legal action's mean points of the hand over the same ``worlds`` worlds,
    played out as medium values a call (easy's calls, double-dummy play)."""
    seat = obs.seat
    assert seat is not None
    searcher = PimcBot(policy=RulesBot())
    totals = dict.fromkeys(obs.legal_actions, 0.0)
    for _ in range(worlds):
        world = sample_world(obs, rng)
        searcher.solvable = True
        for action in obs.legal_actions:
            totals[action] += searcher.play_out(world, action, seat)
    return {a: t / worlds for a, t in totals.items()}


def sampled(family: str, seed: int, levels: Sequence[str]) -> Iterator[tuple[int, Observation]]:
    """(game, observation) of the sampled decisions of this family's games, in order."""
    variant = VARIANTS[family]
    for game in range(10**6):
        state = followsuit.new_game(variant, seed=f"{seed}/{family}/{game}")
        n = state.n
        bots = [
            make_bot(levels[(k + game) % len(levels)], seed=f"{seed}/{game}/{k}") for k in range(n)
        ]
        pick = random.Random(f"{seed}/{family}/{game}/sample")
        while not state.is_over():
            seat = state.current_player
            assert seat is not None
            obs = state.observation(seat)
            if len(obs.legal_actions) > 1 and pick.random() < SAMPLE:
                yield game, obs
            state.apply(bots[seat].choose(obs))


def judge(task: tuple[str, int, int, Observation, int, Sequence[str]]) -> Decision | None:
    """The reference's values of one decision and each level's choice (None where
    no world is consistent, which the engine's sampler should never meet)."""
    family, game, index, obs, worlds, levels = task
    seat = obs.seat
    assert seat is not None
    rng = random.Random(f"reference/{family}/{game}/{index}")
    try:
        values = reference(obs, rng, worlds)
    except NoConsistentWorld:
        return None
    choices = {
        level: make_bot(level, seed=f"choice/{family}/{game}/{index}/{level}").choose(obs)
        for level in levels
    }
    deck = obs.rules.deck
    return Decision(
        family=family,
        game=game,
        seat=seat,
        phase=obs.phase,
        hand=" ".join(deck.codes[c] for c in bits(obs.hand)),
        values=values,
        texts={a: obs.text(a) for a in obs.legal_actions},
        choices=choices,
    )


def tasks(
    family: str, decisions: int, seed: int, worlds: int, levels: Sequence[str]
) -> tuple[list[tuple[str, int, int, Observation, int, Sequence[str]]], int]:
    """The decisions to judge, and how many Pitch bids were skipped on the way."""
    out = []
    skipped = 0
    for index, (game, obs) in enumerate(sampled(family, seed, levels)):
        if len(out) >= decisions:
            break
        if family == "pitch" and obs.phase == "auction":
            skipped += 1
            continue
        out.append((family, game, index, obs, worlds, levels))
    return out, skipped


def run(
    decisions: int, worlds: int, seed: int, levels: Sequence[str], jobs: int
) -> tuple[dict[str, dict[str, Tally]], dict[str, int]]:
    tallies = {level: {family: Tally() for family in VARIANTS} for level in levels}
    skipped = {}
    work = []
    for family in VARIANTS:
        found, skipped[family] = tasks(family, decisions, seed, worlds, levels)
        work += found
    if jobs <= 1:
        judged = map(judge, work)
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        judged = pool.map(judge, work, chunksize=4)
    for done in judged:
        if done is None:
            continue
        best = max(done.values.values())
        for level in levels:
            tally = tallies[level][done.family]
            tally.decisions += 1
            if best - done.values[done.choices[level]] >= BLUNDER:
                tally.blunders.append(done)
    return tallies, skipped


def show(decision: Decision, level: str) -> str:
    best = max(decision.values, key=lambda a: decision.values[a])
    chosen = decision.choices[level]
    return (
        f"{level:6s} {VARIANTS[decision.family]} game {decision.game} seat {decision.seat} "
        f"{decision.phase}: hand {decision.hand}; chose {decision.texts[chosen]!r} "
        f"({decision.values[chosen]:+.2f}), best {decision.texts[best]!r} "
        f"({decision.values[best]:+.2f})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=200, help="decisions per family")
    parser.add_argument("--worlds", type=int, default=MIN_WORLDS, help="reference worlds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma list of levels")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--show", action="store_true", help="print every blunder")
    args = parser.parse_args(argv)
    levels = [name.strip() for name in args.levels.split(",") if name.strip()]
    if args.worlds < MIN_WORLDS:
        parser.error(f"--worlds: the reference needs at least {MIN_WORLDS}")
    if args.decisions < 1:
        parser.error("--decisions must be at least 1")
    start = time.perf_counter()
    tallies, skipped = run(args.decisions, args.worlds, args.seed, levels, args.jobs)
    rates = {
        level: {
            family: len(t.blunders) / t.decisions if t.decisions else 0.0
            for family, t in by_family.items()
        }
        for level, by_family in tallies.items()
    }
    counted = max(t.decisions for by_family in tallies.values() for t in by_family.values())
    if args.show:
        for level, by_family in tallies.items():
            for t in by_family.values():
                for decision in t.blunders:
                    print(show(decision, level), file=sys.stderr)
    if args.json:
        print(json.dumps({"rates": rates, "decisions": counted}))
        return 0
    print(
        f"blunders (a choice >= {BLUNDER} points of the hand below the best, by "
        f"{args.worlds} shared worlds), seed {args.seed}, {counted} decisions per family"
    )
    print(f"{'level':8s}" + "".join(f"{family:>14s}" for family in VARIANTS) + f"{'all':>10s}")
    for level, by_family in tallies.items():
        cells = []
        for t in by_family.values():
            cells.append(f"{len(t.blunders):>4d}/{t.decisions:<4d}{rates_text(t):>5s}")
        total = sum(len(t.blunders) for t in by_family.values())
        n = sum(t.decisions for t in by_family.values())
        print(f"{level:8s}" + "".join(f"{c:>14s}" for c in cells) + f"{total / n:>10.2%}")
    print(f"pitch bids skipped: {skipped['pitch']}; wall time {time.perf_counter() - start:.0f} s")
    return 0


def rates_text(t: Tally) -> str:
    return f"{len(t.blunders) / t.decisions:.1%}" if t.decisions else "-"


if __name__ == "__main__":
    sys.exit(main())
