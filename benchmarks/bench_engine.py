"""The engine benchmark: followsuit's speed at the work a search bot does, optionally
side by side with OpenSpiel's C++ euchre.

Not a test. Run ``python benchmarks/bench_engine.py [--versus-openspiel] [--scale F]
[--json] [--seed N]``; ``--versus-openspiel`` needs the ``bench`` extra
(``pip install '.[bench]'``), the plain run needs nothing but followsuit. It times
followsuit as installed (compiled or pure: the report's first lines say which).

Four work items, all with uniformly random legal actions (``rng.choice(legal)``) and
all through followsuit's public API:

hands
    Whole hands, deal to score. followsuit plays seeded games and counts a hand each
    time ``len(state.results)`` grows, with a new game (new seed) when one is over
    or has had ``GAME_HANDS`` hands; OpenSpiel plays ``new_initial_state()`` to
    terminal, chance nodes included. (Random play rarely ends a Bid Euchre or Pitch
    game, and followsuit's cost per action grows with the hands a game has had, so
    without the cap the figure would depend on ``--scale``.)
rollout
    From a dealt hand (20 deals, cycled), ``clone()`` and play to the end of the hand:
    the inner loop of Monte Carlo search.
world
    From a position two tricks in (30 positions, cycled), sample one hidden world
    consistent with what the player to move has seen: followsuit's
    ``sample_world(observation, rng)`` (the observation is taken once per position,
    untimed) against OpenSpiel's ``resample_from_infostate(player, rng.random)``.
    This is what a determinizing bot pays per sample.
clone
    ``clone()`` of those same mid-hand positions, in µs per clone.

With ``--versus-openspiel`` an "api floor" section also times hands and rollouts
through followsuit's API over a state that does no work at all (``NullState``: a
fixed legal tuple, an argument check, a count; as many actions a hand as
followsuit's random hands have on average), against OpenSpiel in the same
harness: the ratio no engine behind this API can pass, however fast its own
work. (The harness's ``rng.choice`` and the API's two calls per action cost
about as much as OpenSpiel's whole step from Python.)

"Two tricks in" means the position after the first 8 card plays of the hand,
counted the same way on both engines and regardless of loners (so in a loner hand,
whose tricks have 3 cards, it is 2 cards into the third trick). A followsuit action
``a`` is a card play when ``actions.is_play(a)``; OpenSpiel counts its own
(``num_cards_played()``).

Rules: followsuit ``euchre/american`` with stick the dealer, going alone decided
after the dealer's exchange, and the dealer keeping the upcard; OpenSpiel
``euchre`` with ``stick_the_dealer=True`` and its defaults, which are the same rules.
followsuit's ``bid-euchre/standard`` and ``pitch/partnership-4p`` have no OpenSpiel
peer and are reported alone (4 cards a trick, so also 8 card plays for the world).

Timing is CPU time (``time.process_time()``) after a warm-up, in interleaved rounds:
each round runs one batch of each engine, alternating which goes first, and the
rates are total work over total time per engine, so that a noisy neighbour on a
shared machine hurts both engines alike. The figures are still noisy: compare runs
on one machine, never across machines.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from importlib import metadata
from itertools import cycle, islice
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

import followsuit
from followsuit.engine.actions import is_play

EUCHRE = "euchre/american"
EUCHRE_OPTIONS: dict[str, Any] = {
    "stick_the_dealer": True,
    "euchre_alone_timing": "after_exchange",
    "dealer_may_discard_upcard": False,
}
OTHER_VARIANTS = ("bid-euchre/standard", "pitch/partnership-4p")
OPENSPIEL_PARAMS = {"stick_the_dealer": True}
OPENSPIEL_MIN = (1, 6, 12)  # the first release whose euchre implements resample_from_infostate
INSTALL_HINT = "install the bench extra: pip install '.[bench]'"

DEALS = 20  # dealt hands the rollouts cycle through
POSITIONS = 30  # positions two tricks in that world and clone cycle through
CARDS_IN = 8  # card plays before a position: two tricks of 4
ROUNDS = 5
GAME_HANDS = 50  # hands before a followsuit game that has not ended is replaced


@dataclass(frozen=True)
class Item:
    """A work item: what one unit is, its batch size at scale 1 and the issue's target."""

    name: str
    unit: str
    batch: int
    target: float  # followsuit/OpenSpiel speed ratio to reach (clone: µs per clone)


# the targets are the compiled engine's (issue 22); the pure build is not held to them
HANDS = Item("hands", "hands/s", 7_000, 1.5)
ROLLOUT = Item("rollout", "rollouts/s", 7_000, 1.0)
WORLD = Item("world", "worlds/s", 5_000, 1.5)
CLONE = Item("clone", "µs/clone", 300_000, 0.3)
ITEMS = (HANDS, ROLLOUT, WORLD, CLONE)


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


def seeds(seed: int, purpose: str) -> Iterator[int]:
    """Distinct, reproducible seeds for one purpose of one run."""
    rng = random.Random(f"{seed}:{purpose}")
    while True:
        yield rng.getrandbits(31)


class Engine(Protocol):
    """What the work items need from an engine; each state type has ``clone()``."""

    label: str

    def deal(self, seed: int) -> Any:
        """A freshly dealt hand, waiting for the first player's decision."""

    def play_hands(self, count: int) -> None:
        """Play ``count`` random hands, deal to score."""

    def finish_hand(self, state: Any) -> None:
        """Play random actions until the hand ``state`` is in ends."""

    def step(self, state: Any) -> tuple[bool, bool]:
        """Apply one random action: was it a card play, and did the hand end?"""

    def sampler(self, state: Any) -> Callable[[], Any]:
        """A call that samples one world for the player to move at ``state``."""


class Followsuit:
    """followsuit through its public API."""

    label = "followsuit"

    def __init__(self, variant: str, options: Mapping[str, Any], seed: int) -> None:
        self.variant = variant
        self.options = dict(options)
        self.rng = random.Random(f"{seed}:followsuit:{variant}")
        self.world_rng = random.Random(f"{seed}:followsuit:{variant}:worlds")
        self.game_seeds = seeds(seed, f"games:{variant}")
        self.game = self.deal(next(self.game_seeds))

    def deal(self, seed: int) -> followsuit.State:
        state = followsuit.new_game(self.variant, self.options, seed=seed)
        # a seeded game deals its hand when first looked at: looking deals it now
        if state.current_player is None:
            raise AssertionError("a new game has a seat to move")
        return state

    def play_hands(self, count: int) -> None:
        for _ in range(count):
            if self.game.is_over() or len(self.game.results) >= GAME_HANDS:
                self.game = self.deal(next(self.game_seeds))
            self.finish_hand(self.game)

    def finish_hand(self, state: followsuit.State) -> None:
        choice = self.rng.choice
        finished = len(state.results)
        while len(state.results) == finished:
            state.apply(choice(state.legal_actions()))

    def step(self, state: followsuit.State) -> tuple[bool, bool]:
        finished = len(state.results)
        action = self.rng.choice(state.legal_actions())
        state.apply(action)
        return is_play(action), len(state.results) != finished

    def sampler(self, state: followsuit.State) -> Callable[[], followsuit.State]:
        seat = state.current_player
        assert seat is not None, "a position two tricks in has a player to move"
        return partial(followsuit.sample_world, state.observation(seat), self.world_rng)


class NullState:
    """A state with the public API's shape that does no work: ``legal_actions()``
    hands out a fixed tuple, ``apply()`` checks its argument as ``State.apply``
    does and counts, and a hand ends after a fixed number of actions. Timed in the
    same harness, it is what followsuit's API costs with an engine that costs
    nothing: the most any engine behind this API could reach."""

    __slots__ = ("_left", "_legal", "_per_hand", "_results")

    def __init__(self, per_hand: int) -> None:
        self._legal: tuple[int, ...] | None = (0, 1, 2, 3, 4)
        self._per_hand = self._left = per_hand
        self._results: tuple[None, ...] = ()

    @property
    def results(self) -> tuple[None, ...]:
        return self._results

    def is_over(self) -> bool:
        return False

    def legal_actions(self) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:
            raise AssertionError("a null state always has its legal actions")
        return legal

    def apply(self, action: int, order: Sequence[int] | None = None) -> None:
        if type(action) is not int:
            raise TypeError(action)
        legal = self._legal
        if legal is None or action not in legal:
            raise ValueError(action)
        if order is not None:
            raise ValueError(order)
        self._left -= 1
        if not self._left:
            self._results += (None,)
            self._left = self._per_hand

    def clone(self) -> NullState:
        twin = NullState(self._per_hand)
        twin._left = self._left
        twin._results = self._results
        return twin


class ApiFloor(Followsuit):
    """followsuit's harness (the same loops) over :class:`NullState`, with as many
    actions a hand as followsuit's random hands have on average."""

    def __init__(self, per_hand: int, seed: int) -> None:
        self.per_hand = per_hand
        self.rng = random.Random(f"{seed}:floor")
        self.game_seeds = seeds(seed, "floor")
        self.game = self.deal(0)

    def deal(self, seed: int) -> NullState:  # type: ignore[override]
        return NullState(self.per_hand)


def actions_per_hand(engine: Followsuit, hands: int = 400) -> int:
    """The mean number of actions in ``engine``'s random hands, rounded."""
    count = 0
    for seed in range(hands):
        state = engine.deal(seed)
        while len(state.results) == 0:
            state.apply(engine.rng.choice(state.legal_actions()))
            count += 1
    return round(count / hands)


class OpenSpiel:
    """OpenSpiel's euchre (C++ behind pybind11), given the module ``load_openspiel`` found."""

    label = "openspiel"

    def __init__(self, pyspiel: ModuleType, seed: int) -> None:
        self.game = pyspiel.load_game("euchre", OPENSPIEL_PARAMS)
        self.rng = random.Random(f"{seed}:openspiel")
        self.world_rng = random.Random(f"{seed}:openspiel:worlds")

    def deal(self, seed: int) -> Any:
        state = self.game.new_initial_state()
        rng = random.Random(seed)
        while state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        return state

    def play_hands(self, count: int) -> None:
        new = self.game.new_initial_state
        for _ in range(count):
            self.finish_hand(new())

    def finish_hand(self, state: Any) -> None:
        choice = self.rng.choice
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))

    def step(self, state: Any) -> tuple[bool, bool]:
        played = state.num_cards_played()
        state.apply_action(self.rng.choice(state.legal_actions()))
        return state.num_cards_played() != played, state.is_terminal()

    def sampler(self, state: Any) -> Callable[[], Any]:
        return partial(state.resample_from_infostate, state.current_player(), self.world_rng.random)


def position(engine: Engine, seed: int) -> Any | None:
    """The deal ``seed`` played on to ``CARDS_IN`` card plays, or None if it ended first."""
    state = engine.deal(seed)
    played = 0
    while played < CARDS_IN:
        card, over = engine.step(state)
        if over:
            return None
        played += card
    return state


def positions(engine: Engine, seed: int) -> list[Any]:
    found: list[Any] = []
    for deal in seeds(seed, f"positions:{engine.label}"):
        state = position(engine, deal)
        if state is not None:
            found.append(state)
            if len(found) == POSITIONS:
                return found
    raise AssertionError("unreachable")


Work = Callable[[int], None]  # does n units of a work item


def works(engine: Engine, seed: int, items: tuple[Item, ...]) -> dict[str, Work]:
    """The batch of each of ``items`` for ``engine``; the setup (deals, positions)
    happens here, only for the items asked."""
    names = {item.name for item in items}
    out: dict[str, Work] = {"hands": engine.play_hands}
    if ROLLOUT.name in names:
        deals = cycle([engine.deal(s) for s in islice(seeds(seed, f"deals:{engine.label}"), DEALS)])

        def rollout(n: int) -> None:
            finish = engine.finish_hand
            for state in islice(deals, n):
                finish(state.clone())

        out[ROLLOUT.name] = rollout
    if names & {WORLD.name, CLONE.name}:
        states = positions(engine, seed)
        samplers = cycle([engine.sampler(state) for state in states])
        clones = cycle(states)

        def world(n: int) -> None:
            for sample in islice(samplers, n):
                sample()

        def clone(n: int) -> None:
            for state in islice(clones, n):
                state.clone()

        out[WORLD.name] = world
        out[CLONE.name] = clone
    return out


def interleave(batches: Mapping[str, Work], size: int, rounds: int = ROUNDS) -> dict[str, float]:
    """Units per CPU second of each batch, timed in ``rounds`` interleaved rounds.

    Each batch first runs a tenth of ``size`` untimed to warm up; then each round runs
    every batch once, reversing the order every other round.
    """
    names = list(batches)
    for name in names:
        batches[name](max(1, size // 10))
    seconds = dict.fromkeys(names, 0.0)
    for turn in range(rounds):
        for name in names if turn % 2 == 0 else reversed(names):
            start = time.process_time()
            batches[name](size)
            seconds[name] += time.process_time() - start
    return {name: size * rounds / seconds[name] for name in names}


def figures(item: Item, rates: Mapping[str, float]) -> dict[str, Any]:
    """One row: rates per engine (µs each for clone), and with OpenSpiel the ratio
    followsuit/OpenSpiel of speeds (>1: followsuit is faster) and the target."""
    per_clone = item is CLONE
    row: dict[str, Any] = {"unit": item.unit}
    for label, rate in rates.items():
        row[label] = 1e6 / rate if per_clone else rate
    if "openspiel" in rates:
        ratio = rates["followsuit"] / rates["openspiel"]
        row["ratio"] = ratio
        if per_clone:
            row["target"] = f"<= {item.target:g} µs"
            row["met"] = row["followsuit"] <= item.target
        else:
            row["target"] = f">= {item.target:.1f}x"
            row["met"] = ratio >= item.target
    return row


def measure(
    engines: list[Engine], items: tuple[Item, ...], seed: int, scale: float
) -> dict[str, dict[str, Any]]:
    """The figures of ``items`` for ``engines``, timed against each other."""
    batches = {engine.label: works(engine, seed, items) for engine in engines}
    report = {}
    for item in items:
        size = max(1, round(item.batch * scale))
        rates = interleave({label: work[item.name] for label, work in batches.items()}, size)
        report[item.name] = figures(item, rates)
    return report


def load_openspiel() -> tuple[ModuleType, str]:
    """``pyspiel`` and its version, imported only here (OpenSpiel is no dependency of
    followsuit); exit 2 with the install hint if it is missing or too old."""
    try:
        import pyspiel  # type: ignore[import-not-found]

        version = metadata.version("open_spiel")
    except (ImportError, metadata.PackageNotFoundError):
        print(INSTALL_HINT, file=sys.stderr)
        sys.exit(2)
    release = tuple(int(part) for part in version.split(".")[:3] if part.isdigit())
    if release < OPENSPIEL_MIN:
        print(f"OpenSpiel {version} is too old; {INSTALL_HINT}", file=sys.stderr)
        sys.exit(2)
    return pyspiel, version


def number(value: float) -> str:
    return f"{value:,.2f}" if value < 100 else f"{value:,.0f}"


def row_text(name: str, row: Mapping[str, Any]) -> str:
    """One table row; the OpenSpiel columns only when the row has them."""
    text = f"  {name:8s} {row['unit']:>10s}"
    if "openspiel" in row:
        text += f" {number(row['openspiel']):>10s}"
    text += f" {number(row['followsuit']):>10s}"
    if "ratio" in row:
        text += f" {row['ratio']:6.2f}  {row['target']} {'met' if row['met'] else 'missed'}"
    return text


def table(report: Mapping[str, Any]) -> str:
    """The report as text: one section per variant, one row per work item."""
    lines = [f"machine: {report['machine']}", report["build"]]
    if "openspiel" in report:
        lines.append(f"OpenSpiel {report['openspiel']}")
    lines.append(f"seed {report['seed']}, scale {report['scale']:g}, CPU time, {ROUNDS} rounds")
    for section, rules in report["rules"].items():
        rows = report[section]
        versus = any("openspiel" in row for row in rows.values())
        head = f"  {'item':8s} {'unit':>10s}"
        if versus:
            head += f" {'OpenSpiel':>10s}"
        head += f" {'followsuit':>10s}" + ("  ratio  target" if versus else "")
        lines += ["", f"{section}: {rules}", head]
        lines += [row_text(name, row) for name, row in rows.items()]
    lines.append("")
    if "openspiel" in report:
        lines.append("ratio: followsuit speed / OpenSpiel speed (>1: followsuit is faster).")
    lines.append("The machines are shared and noisy: compare runs on one machine only.")
    return "\n".join(lines)


def rules_text(variant: str, options: Mapping[str, Any]) -> str:
    settings = ", ".join(f"{key}={value}" for key, value in options.items())
    return f"{variant}, {settings or 'default options'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--versus-openspiel", action="store_true", help="time euchre against OpenSpiel's"
    )
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the batch sizes")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    report: dict[str, Any] = {
        "machine": machine(),
        "build": str(followsuit.build_info()),
        "seed": args.seed,
        "scale": args.scale,
    }
    report["rules"] = {"euchre": rules_text(EUCHRE, EUCHRE_OPTIONS)}
    engines: list[Engine] = []
    if args.versus_openspiel:
        pyspiel, report["openspiel"] = load_openspiel()
        engines.append(OpenSpiel(pyspiel, args.seed))
        report["rules"]["euchre"] += "; OpenSpiel euchre(stick_the_dealer=True)"
    ours = Followsuit(EUCHRE, EUCHRE_OPTIONS, args.seed)
    engines.append(ours)
    report["euchre"] = measure(engines, ITEMS, args.seed, args.scale)
    if args.versus_openspiel:
        per_hand = actions_per_hand(ours)
        report["rules"]["api floor"] = (
            f"followsuit's API with an engine that does nothing, {per_hand} actions a hand "
            "(the most any engine behind this API could reach)"
        )
        floor = [engines[0], ApiFloor(per_hand, args.seed)]
        report["api floor"] = measure(floor, (HANDS, ROLLOUT), args.seed, args.scale)
    others = (HANDS, WORLD) if args.versus_openspiel else ITEMS
    for variant in OTHER_VARIANTS:
        report["rules"][variant] = rules_text(variant, {})
        engine = Followsuit(variant, {}, args.seed)
        report[variant] = measure([engine], others, args.seed, args.scale)
    print(json.dumps(report, indent=2, ensure_ascii=False) if args.json else table(report))


if __name__ == "__main__":
    main()
