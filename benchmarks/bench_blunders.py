"""How often each bot level blunders: a choice worth half a point of the hand or more
below the best, by a reference search far larger than the levels'.

Not a test: a measurement. Run from the repository root::

    python benchmarks/bench_blunders.py [--decisions 200] [--worlds 512] [--seed 1]
        [--levels easy,medium,hard] [--families euchre,...] [--jobs 1] [--json]
        [--show] [--only calls|play] [--save FILE | --load FILE]

Decisions: arena games of five families (:data:`VARIANTS`): ``euchre/american``,
``bid-euchre/standard``, ``bid-euchre/double-deck``, ``pitch/partnership-4p`` and
``pitch/8-player``, the seats played by the
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
is valued in points of the hand. Where the hand is too long to solve within the
solver's node budget (a double deck or eight-handed Pitch early in the hand) the
play-out is ``easy``'s, as it is for the search levels. Pitch's bids are left
out: double-dummy play takes High, Jack and Game at will, so this reference
flatters every bid, as the medium level's docstring says (they are counted apart,
``pitch bids skipped``).

A blunder: the level's choice is worth at least 0.5 points of the hand less than the
reference's best action (:data:`BLUNDER`). The rate is blunders over decisions,
per level and family, with the decisions' count and a 95% Wilson interval, and
how many of the blunders were calls (any decision before the play); ``--show``
prints every blunder (variant, seed, the seat's hand, the choice, the best and
their values).

``--only calls`` judges only the decisions before the play (``--only play`` the
card play), still sampled from the same games.

``--save FILE`` keeps the judged decisions (each observation and the reference's
values); ``--load FILE`` asks the levels again on those decisions without drawing
the reference again, so a changed bot is measured on the very decisions it was
measured on before (the games are not played again: a changed level would deal
itself other decisions).

``--json`` prints ``{"rates": {level: {family: fraction}}, "intervals": {level:
{family: [low, high]}}, "blunders": {level: {family: count}}, "calls": {level:
{family: count}}, "counted": {family: n}, "decisions": n}`` (``n`` the most
decisions of a family; ``counted`` each family's, the same for every level).
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import random
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

import followsuit
from followsuit.bots import PimcBot, RulesBot, make_bot
from followsuit.bots.pimc import Lines
from followsuit.cards import bits
from followsuit.engine.observation import Observation
from followsuit.engine.worlds import NoConsistentWorld, sample_world

VARIANTS = {
    "euchre": "euchre/american",
    "bid_euchre": "bid-euchre/standard",
    "double_deck": "bid-euchre/double-deck",
    "pitch": "pitch/partnership-4p",
    "pitch8": "pitch/8-player",
}
LEVELS = ("easy", "medium", "hard")
BLUNDER = 0.5
"""Points of the hand below the best that make a choice a blunder."""
MIN_WORLDS = 512
SAMPLE = 0.25
"""The chance that a decision with a choice is sampled."""
PARTS = ("calls", "play")
"""The parts of a hand ``--only`` can keep: the calls (every decision before the
play: Euchre's calls, the bids, a discard) or the card play."""
Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Position:
    """Where a decision is: its game's deal and the actions taken up to it (an
    observation cannot be pickled, so a decision goes to a worker or a file as this)."""

    family: str
    deal: str
    history: tuple[int, ...]

    def observation(self) -> Observation:
        state = followsuit.new_game(VARIANTS[self.family], seed=self.deal)
        for action in self.history:
            state.apply(action)
        seat = state.current_player
        assert seat is not None
        return state.observation(seat)


@dataclass(frozen=True)
class Decision:
    """One sampled decision: where it came from, and the reference's values."""

    family: str
    game: int
    index: int
    seat: int
    phase: str
    hand: str
    values: dict[int, float]
    texts: dict[int, str]
    choices: dict[str, int]
    """Each level's choice."""
    position: Position
    """The decision itself, to ask a level again (``--load``)."""


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
        lines: Lines = {}  # the same values as solving each action's play again
        for action in obs.legal_actions:
            totals[action] += searcher.play_out(world, action, seat, lines)
    return {a: t / worlds for a, t in totals.items()}


def sampled(
    family: str, seed: int, levels: Sequence[str]
) -> Iterator[tuple[int, Observation, Position]]:
    """(game, observation, position) of the sampled decisions of this family's
    games, in order."""
    variant = VARIANTS[family]
    for game in range(10**6):
        deal = f"{seed}/{family}/{game}"
        state = followsuit.new_game(variant, seed=deal)
        history: list[int] = []
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
                yield game, obs, Position(family, deal, tuple(history))
            action = bots[seat].choose(obs)
            state.apply(action)
            history.append(action)


Task = tuple[int, int, Position, int, Sequence[str]]
"""A decision to judge: its game, its index in the family's, where it is, the
reference's worlds and the levels."""


def judge(task: Task) -> Decision | None:
    """The reference's values of one decision and each level's choice (None where
    no world is consistent, which the engine's sampler should never meet)."""
    game, index, position, worlds, levels = task
    family = position.family
    obs = position.observation()
    seat = obs.seat
    assert seat is not None
    rng = random.Random(f"reference/{family}/{game}/{index}")
    try:
        values = reference(obs, rng, worlds)
    except NoConsistentWorld:
        return None
    deck = obs.rules.deck
    return Decision(
        family=family,
        game=game,
        index=index,
        seat=seat,
        phase=obs.phase,
        hand=" ".join(deck.codes[c] for c in bits(obs.hand)),
        values=values,
        texts={a: obs.text(a) for a in obs.legal_actions},
        choices=choose(obs, family, game, index, levels),
        position=position,
    )


def choose(
    obs: Observation, family: str, game: int, index: int, levels: Sequence[str]
) -> dict[str, int]:
    """Each level's choice at a decision, its bot seeded from the decision."""
    return {
        level: make_bot(level, seed=f"choice/{family}/{game}/{index}/{level}").choose(obs)
        for level in levels
    }


def ask_again(task: tuple[Decision, Sequence[str]]) -> Decision:
    """A saved decision with the levels' choices made again (``--load``)."""
    done, levels = task
    obs = done.position.observation()
    return replace(done, choices=choose(obs, done.family, done.game, done.index, levels))


def tasks(
    family: str,
    decisions: int,
    seed: int,
    worlds: int,
    levels: Sequence[str],
    only: str | None = None,
) -> tuple[list[Task], int]:
    """The decisions to judge, and how many Pitch bids were skipped on the way."""
    out: list[Task] = []
    skipped = 0
    for index, (game, obs, position) in enumerate(sampled(family, seed, levels)):
        if len(out) >= decisions:
            break
        if obs.rules.family == "pitch" and obs.phase == "auction":
            skipped += 1
            continue
        if only is not None and (obs.phase == "play") != (only == "play"):
            continue
        out.append((game, index, position, worlds, levels))
    return out, skipped


def judged(
    decisions: int,
    worlds: int,
    seed: int,
    levels: Sequence[str],
    families: Sequence[str],
    jobs: int,
    only: str | None = None,
) -> tuple[list[Decision], dict[str, int]]:
    """Every sampled decision of these families judged (only the calls or only the
    play if ``only`` says so), and the Pitch bids skipped per family."""
    skipped = {}
    work = []
    for family in families:
        found, skipped[family] = tasks(family, decisions, seed, worlds, levels, only)
        work += found
    if jobs <= 1:
        return [d for d in map(judge, work) if d is not None], skipped
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [d for d in pool.map(judge, work, chunksize=2) if d is not None], skipped


def asked_again(saved: list[Decision], levels: Sequence[str], jobs: int) -> list[Decision]:
    """The saved decisions with every level asked again."""
    work = [(done, levels) for done in saved]
    if jobs <= 1:
        return list(map(ask_again, work))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(ask_again, work, chunksize=2))


def tally(
    done: Sequence[Decision], levels: Sequence[str], families: Sequence[str]
) -> dict[str, dict[str, Tally]]:
    tallies = {level: {family: Tally() for family in families} for level in levels}
    for decision in done:
        best = max(decision.values.values())
        for level in levels:
            t = tallies[level][decision.family]
            t.decisions += 1
            if best - decision.values[decision.choices[level]] >= BLUNDER:
                t.blunders.append(decision)
    return tallies


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``k`` in ``n`` (which, unlike the
    normal one, stays inside [0, 1] and is not zero wide at no blunders)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def calls(t: Tally) -> int:
    """How many of the blunders were calls (decisions before the play)."""
    return sum(1 for d in t.blunders if d.phase != "play")


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
    parser.add_argument("--families", default=",".join(VARIANTS), help="comma list of families")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--only", choices=PARTS, help="only the calls, or only the play")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--show", action="store_true", help="print every blunder")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--save", type=Path, help="keep the judged decisions in this file")
    where.add_argument("--load", type=Path, help="ask the levels again on saved decisions")
    args = parser.parse_args(argv)
    levels = [name.strip() for name in args.levels.split(",") if name.strip()]
    families = [name.strip() for name in args.families.split(",") if name.strip()]
    unknown = [f for f in families if f not in VARIANTS]
    if unknown:
        parser.error(f"--families: unknown {', '.join(unknown)}; families: {', '.join(VARIANTS)}")
    if args.worlds < MIN_WORLDS:
        parser.error(f"--worlds: the reference needs at least {MIN_WORLDS}")
    if args.decisions < 1:
        parser.error("--decisions must be at least 1")
    start = time.perf_counter()
    if args.load:
        try:
            saved, skipped = pickle.loads(args.load.read_bytes())
        except (OSError, pickle.UnpicklingError, ValueError) as error:
            parser.error(f"--load: cannot read {args.load}: {error}")
        families = [f for f in families if any(d.family == f for d in saved)]
        done = asked_again([d for d in saved if d.family in families], levels, args.jobs)
    else:
        done, skipped = judged(
            args.decisions, args.worlds, args.seed, levels, families, args.jobs, args.only
        )
        if args.save:
            args.save.write_bytes(pickle.dumps((done, skipped)))
    tallies = tally(done, levels, families)
    counted = {f: tallies[levels[0]][f].decisions for f in families} if levels else {}
    if args.show:
        for level, by_family in tallies.items():
            for level_tally in by_family.values():
                for decision in level_tally.blunders:
                    print(show(decision, level), file=sys.stderr)
    if args.json:
        print(
            json.dumps(
                {
                    "rates": {
                        level: {f: rate(t) for f, t in by_family.items()}
                        for level, by_family in tallies.items()
                    },
                    "intervals": {
                        level: {f: wilson(len(t.blunders), t.decisions) for f, t in by.items()}
                        for level, by in tallies.items()
                    },
                    "blunders": {
                        level: {f: len(t.blunders) for f, t in by.items()}
                        for level, by in tallies.items()
                    },
                    "calls": {
                        level: {f: calls(t) for f, t in by.items()} for level, by in tallies.items()
                    },
                    "counted": counted,
                    "decisions": max(counted.values(), default=0),
                }
            )
        )
        return 0
    print(
        f"blunders (a choice >= {BLUNDER} points of the hand below the best, by "
        f"{args.worlds} shared worlds), seed {args.seed}; per level and family: "
        "blunders/decisions, the rate, its 95% Wilson interval, of them calls"
    )
    print(f"{'level':8s} {'family':12s} {'blunders':>10s} {'rate':>7s} {'95% interval':>16s} calls")
    for level, by_family in tallies.items():
        for family, t in by_family.items():
            low, high = wilson(len(t.blunders), t.decisions)
            print(
                f"{level:8s} {family:12s} {len(t.blunders):>4d}/{t.decisions:<5d} "
                f"{rate(t):>7.1%} {low:>7.1%} - {high:<6.1%} {calls(t):>5d}"
            )
        total = sum(len(t.blunders) for t in by_family.values())
        n = sum(t.decisions for t in by_family.values())
        low, high = wilson(total, n)
        print(
            f"{level:8s} {'all':12s} {total:>4d}/{n:<5d} {total / max(n, 1):>7.1%} "
            f"{low:>7.1%} - {high:<6.1%} {sum(calls(t) for t in by_family.values()):>5d}"
        )
    print(
        "pitch bids skipped: "
        + ", ".join(f"{f} {k}" for f, k in skipped.items() if f.startswith("pitch"))
        + f"; wall time {time.perf_counter() - start:.0f} s"
    )
    return 0


def rate(t: Tally) -> float:
    return len(t.blunders) / t.decisions if t.decisions else 0.0


if __name__ == "__main__":
    sys.exit(main())
