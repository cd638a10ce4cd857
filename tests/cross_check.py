"""The same seeded games on this build, printed: CI runs it on the compiled and on
the pure install and compares the two outputs byte for byte.

``python tests/cross_check.py --games 500 > out.txt``. Game *k* is variant *k* of
the 39 (cycled) with a few house rules drawn from the options that apply to it,
played by ``random`` and ``easy`` bots for at most ``--hands`` hands (5). Each game
prints its record (``followsuit/1`` text) and, at every hand's first card play
and two tricks in, the world ``sample_world`` draws for the seat to move with a
fixed ``rng``. Everything is drawn from ``--seed`` and *k*, never from the build.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

import followsuit
from followsuit import record
from followsuit.bots import make_bot
from followsuit.engine.actions import is_play
from followsuit.engine.errors import NoConsistentWorld
from followsuit.rules import OptionError
from followsuit.rules.scope import options_for

VARIANTS = tuple(v.id for v in followsuit.variants())
MAX_ACTIONS = 2_000
"""A game of random bots that has not ended by then stops (its record so far)."""


def house_rules(variant: str, rng: random.Random, count: int = 3) -> dict[str, Any]:
    """Up to ``count`` options that apply to ``variant``, each set away from its
    default (true/false flipped, another choice of an enum); a combination the
    rules refuse loses its last option until they accept it."""
    rules = followsuit.load_rules(variant)
    settable = [
        o
        for o in options_for(rules)
        if o.user and (o.kind == "bool" or (o.kind == "enum" and len(o.choices) > 1))
    ]
    chosen: dict[str, Any] = {}
    for option in rng.sample(settable, min(count, len(settable))):
        current = getattr(rules.settings, option.name)
        if option.kind == "bool":
            chosen[option.name] = not current
        else:
            chosen[option.name] = rng.choice([c for c in option.choices if c != current])
    while chosen:
        try:
            followsuit.load_rules(variant, chosen)
            return chosen
        except OptionError:
            chosen.popitem()
    return chosen


def world_text(game: followsuit.State, rng: random.Random) -> str:
    """The world drawn for the seat to move: its hands, deal and piles (or that
    none was found: both builds must fail alike, too)."""
    seat = game.current_player
    assert seat is not None
    try:
        world = followsuit.sample_world(game.observation(seat), rng)
    except NoConsistentWorld as exc:
        return f"{seat} NoConsistentWorld: {exc}"
    return repr((seat, world.hands, world.dealt, world.piles, world.standing.seed))


def play(seed: int, k: int, max_hands: int) -> str:
    """Game ``k``'s record and worlds, as text."""
    variant = VARIANTS[k % len(VARIANTS)]
    rng = random.Random(f"cross-check {seed} {k}")
    options = house_rules(variant, rng)
    game = followsuit.new_game(variant, options, seed=rng.getrandbits(32))
    levels = [rng.choice(("random", "easy")) for _ in range(game.num_players)]
    bots = [make_bot(level, seed=rng.getrandbits(32)) for level in levels]
    worlds = random.Random(rng.getrandbits(32))
    lines = [f"game {k}: {variant} {sorted(options.items())} {levels}"]
    for _ in range(MAX_ACTIONS):
        if game.is_over() or len(game.results) >= max_hands:
            break
        seat = game.current_player
        assert seat is not None
        plays = sum(1 for _, action in game.log if is_play(action))
        if plays in (0, 8) and game.phase_name == "play":
            lines.append(f"world {len(game.results)}.{plays}: {world_text(game, worlds)}")
        game.apply(bots[seat].choose(game.observation(seat)))
    lines.append(record.dumps(record.to_record(game)))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--hands", type=int, default=5, help="hands per game at most")
    parser.add_argument("--seed", type=int, default=22)
    args = parser.parse_args(argv)
    for k in range(args.games):
        sys.stdout.write(play(args.seed, k, args.hands) + "\n")
    sys.stderr.write(f"{args.games} games: {followsuit.build_info()}\n")


if __name__ == "__main__":
    main()
