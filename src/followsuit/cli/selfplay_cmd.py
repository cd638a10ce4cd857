"""``followsuit selfplay``: bots play the arena's games and every decision is
written as a row of Parquet (``followsuit.rl.selfplay``, ``docs/rl.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from ..arena import LOCAL_RAY
from ..bots import BOTS
from ..rules import OptionError, UnknownVariant
from .args import fail, parse_options

RAY_HELP = "Play the games as Ray tasks: on the cluster at ADDRESS, or a local Ray (--ray alone)."


def register(app: typer.Typer) -> None:
    app.command(name="selfplay")(selfplay_command)


def ray_argv(argv: Sequence[str]) -> list[str]:
    """``--ray`` may come without its ADDRESS (a local Ray): Typer's options always
    take a value, so a bare ``--ray`` (last, or before another option) is given
    :data:`~followsuit.arena.LOCAL_RAY` here, before Typer reads the line."""
    out = list(argv)
    for k in range(len(out) - 1, -1, -1):
        if out[k] == "--ray" and (k + 1 == len(out) or out[k + 1].startswith("-")):
            out.insert(k + 1, LOCAL_RAY)
    return out


def selfplay_command(
    variant: Annotated[str, typer.Argument(help="Variant id (followsuit rules lists them).")],
    out: Annotated[Path, typer.Option("--out", help="Folder for the Parquet shards.")],
    bots: Annotated[
        str, typer.Option(help=f"Two or more bots, comma-separated ({', '.join(BOTS)}).")
    ] = "hard,medium",
    games: Annotated[int, typer.Option(min=1, help="Games to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the deals (same seed, same games).")] = 1,
    options: Annotated[
        list[str] | None, typer.Option("--options", "-o", help="House rule name=value; repeatable.")
    ] = None,
    jobs: Annotated[
        int | None, typer.Option(min=1, help="Worker processes (default: every core).")
    ] = None,
    shard_games: Annotated[
        int | None,
        typer.Option(min=1, help="Games per Parquet shard (default 10: a kill loses little)."),
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option("--ray", metavar="[ADDRESS]", help=RAY_HELP),
    ] = None,
) -> None:
    """Play bots against each other and write every decision as Parquet rows
    (resumable: the same command carries on a run that stopped)."""
    console = Console(highlight=False)
    try:
        from ..rl.selfplay import SHARD_GAMES, Run, selfplay
    except ImportError as exc:
        message = f"selfplay needs the rl extra ({exc.name}): pip install 'followsuit[rl]'"
        raise typer.Exit(fail(message)) from None
    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        if len(names) < 2:
            raise ValueError("--bots: give at least two bots, comma-separated")
        shard = SHARD_GAMES if shard_games is None else shard_games
        run = Run(variant, parse_options(options or []), tuple(names), games, seed, shard)
        run.manifest()  # the variant and options are checked here
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
        ) as bar:
            task = bar.add_task(f"{variant} games", total=None)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            rows = selfplay(run, out, jobs=jobs, ray=ray, progress=progress)
    except (OptionError, UnknownVariant, ValueError, OSError) as exc:
        raise typer.Exit(fail(str(exc))) from None
    console.print(f"{rows} rows written to {out} ({games} games, seed {seed})")
