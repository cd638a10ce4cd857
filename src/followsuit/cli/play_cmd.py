"""``followsuit play`` and ``followsuit resume``: setting a table up.

Everything that can be refused is refused before the first card, in one line on
stderr with exit status 2: the variant, the options, the seat, the seed, the
bots, and the record path (the first record is written before the game starts,
so a path that cannot be written is found then, not after an hour's play).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any, NamedTuple

from rich.console import Console
from rich.text import Text

from ..bots import BOTS, Bot, make_bot
from ..engine import InvalidRecord, State
from ..messages import shown
from ..record import load, replay
from ..rules import OptionError, load_rules
from ..rules.model import Rules
from ..text.layout import flow
from ..text.seating import HUMAN, Seating
from .args import (
    UsageError,
    fail,
    parse_bots,
    parse_delay,
    parse_options,
    parse_seat,
    parse_seed,
    parse_think_ms,
    resolve_variant,
)
from .keeping import (
    PLAYED_FIELD,
    TABLE_FIELD,
    RecordKeeper,
    SaveError,
    check_record_path,
    default_record_path,
    free_path,
    table_field,
)
from .play import TerminalGame

#: The exit status of a command stopped by Ctrl-C (128 + SIGINT, as a shell says).
INTERRUPTED = 130


def stopped_before_start() -> int:
    """Ctrl-C before the game's first record was written: say so (once the record
    is written, the game itself says where it is saved)."""
    print("\nStopped before the game started; nothing was saved.", file=sys.stderr)
    return INTERRUPTED


def start(
    console: Console,
    variant: str,
    *,
    seed: str | None,
    seat: str | None,
    options: list[str],
    bots: str,
    record: str | None,
    delay: str,
    pause: bool,
    overwrite: bool = False,
    think_ms: str | None = None,
) -> int:
    """Set up a new game and play it; the exit status."""
    try:
        budget = parse_think_ms(think_ms)
        found = resolve_variant(variant)
        rules = load_rules(found.id, parse_options(options))
        n = rules.num_players
        human = parse_seat(seat, n)
        number = parse_seed(seed)
        names = parse_bots(bots, n)
        seconds = parse_delay(delay)
    except (UsageError, OptionError) as exc:
        return fail(str(exc))
    if rules.settings.game_end_policy == "timed" and not rules.settings.time_limit_seconds:
        return fail("a timed game needs a time limit: --options time_limit_seconds=N")
    if number is None:
        number = new_seed()
    others = iter(names)
    seat_bots: list[str | None] = [None if k == human else next(others) for k in range(n)]
    state = State(rules, seed=number)
    return _play(
        console,
        rules,
        state,
        human,
        seat_bots,
        number,
        record,
        seconds,
        pause,
        overwrite=overwrite,
        think_ms=budget,
    )


def resume(
    console: Console, path: str, *, delay: str, pause: bool, think_ms: str | None = None
) -> int:
    """Carry on the unfinished game of a record, bots and all."""
    try:
        seconds = parse_delay(delay)
        budget = parse_think_ms(think_ms)
    except UsageError as exc:
        return fail(str(exc))
    try:
        rec = load(path)  # its errors name the file
    except InvalidRecord as exc:
        return fail(str(exc))
    try:
        state = replay(rec)
    except InvalidRecord as exc:
        return fail(f"{path}: {exc.reason if exc.where == 'record' else exc}")
    if state.over:
        return fail(
            f"the game in {path} is finished; followsuit replay {path} shows it, "
            "followsuit play starts a new one"
        )
    rules = state.rules
    try:
        setup = _table_of(rec, rules)
    except UsageError as exc:
        return fail(f"{path}: {exc}")
    console.print(
        f"Resuming {rules.variant.title}, hand {state.hand_no}, from {path}",
        soft_wrap=True,
        highlight=False,
        markup=False,
    )
    return _play(
        console,
        rules,
        state,
        setup.seat,
        setup.bots,
        setup.seed,
        path,
        seconds,
        pause,
        played=setup.played,
        resumed=True,
        think_ms=budget,
    )


class Setup(NamedTuple):
    """How a record's table was playing: the human's seat, each seat's bot, the
    seed of the next deals, and the seconds a timed game has run."""

    seat: int
    bots: list[str | None]
    seed: int | str
    played: float = 0.0


def _table_of(rec: dict[str, Any], rules: Rules) -> Setup:
    """The table a record was played at (from the ``table`` field this command
    writes; else from ``players``, with a new seed)."""
    n = rules.num_players
    table = rec.get(TABLE_FIELD)
    if isinstance(table, dict):
        seat, bots, seed = table.get("seat"), table.get("bots"), table.get("seed")
        played = table.get(PLAYED_FIELD, 0)
        if (
            type(seat) is int
            and 0 <= seat < n
            and isinstance(bots, list)
            and len(bots) == n
            and all(b is None or isinstance(b, str) for b in bots)
            and isinstance(seed, (int, str))
            and not isinstance(seed, bool)
            and isinstance(played, (int, float))
            and 0 <= played < 10**9
        ):
            names = [None if k == seat else (b or "rules") for k, b in enumerate(bots)]
            unknown = [b for b in names if b is not None and b not in BOTS]
            if unknown:
                raise UsageError(
                    f"it was played with the bot {shown(unknown[0])}, which is not here "
                    f"(bots: {', '.join(BOTS)})"
                )
            return Setup(seat, names, seed, float(played))
        raise UsageError(f"its {TABLE_FIELD} field is not one this command wrote")
    players = rec.get("players")
    if isinstance(players, list) and HUMAN in players:
        human = players.index(HUMAN)
        names = [
            None if k == human else str(p).removesuffix(" bot").strip().lower()
            for k, p in enumerate(players)
        ]
        names = [None if b is None else (b if b in BOTS else "rules") for b in names]
        return Setup(human, names, new_seed())
    seat = parse_seat(None, n)
    return Setup(seat, [None if k == seat else "rules" for k in range(n)], new_seed())


def new_seed() -> int:
    """A seed for a game the player did not give one."""
    return random.SystemRandom().randrange(1_000_000)


def _play(
    console: Console,
    rules: Rules,
    state: State,
    human: int,
    seat_bots: list[str | None],
    seed: int | str,
    record: str | None,
    delay: float,
    pause: bool,
    *,
    played: float = 0.0,
    resumed: bool = False,
    overwrite: bool = False,
    think_ms: int | None = None,
) -> int:
    """Play ``state`` at the terminal, its record kept at ``record`` (else a new
    file in the records folder). The record of a ``resumed`` game is its own file;
    a new game writes over a file only with ``overwrite``."""
    default = default_record_path(rules.id, seed)
    try:
        if record:
            path = Path(record)
            if not resumed:
                check_record_path(path, overwrite=overwrite)
        else:
            default.parent.mkdir(parents=True, exist_ok=True)
            path = default = free_path(default)
    except SaveError as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(f"cannot make the records folder {path.parent}: {exc.strerror or exc}")
    bots: dict[int, Bot] = {
        k: make_bot(name, seed=f"{seed}/{k}", think_ms=think_ms)
        for k, name in enumerate(seat_bots)
        if name
    }
    seating = Seating.of(rules.num_players, human, seat_bots, rules.sides)
    keeper = RecordKeeper(path, default, table_field(human, seat_bots, seed))
    game = TerminalGame(
        state, seating, bots, console, keeper, seed=seed, delay=delay, pause=pause, played=played
    )
    try:
        keeper.start(state, game.players, replace=resumed or overwrite)
    except SaveError as exc:
        return fail(str(exc))
    banner = [
        Text(rules.variant.title, style="bold"),
        Text(f"seed {seed}"),
        Text(f"you sit {seating.name(human)}"),
        Text("type help for commands, q to stop"),
    ]
    opening = flow(banner, console.width, sep=" · ")
    # where the record is, before anything can go wrong (a kill -9 prints nothing);
    # a path is never broken: it goes whole on a line of its own if it must
    opening += flow([Text("Record saved after every move to"), Text(str(path))], console.width)
    return game.run(opening)
