"""``followsuit arena``: bots against bots on duplicate deals, with the figures
that say which is better (and how sure that is)."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ..arena import ArenaResult, run_arena
from .args import fail


def check_writable(path: Path | None, what: str) -> str | None:
    """Why ``path`` cannot be written (None: it can), checked before any game."""
    if path is None:
        return None
    folder = path.expanduser().resolve().parent
    if not folder.is_dir():
        return f"{what} {path}: the folder {folder} does not exist"
    if path.is_dir():
        return f"{what} {path}: is a folder"
    # asked, not tried: trying would leave an empty file behind a refusal
    if not os.access(path if path.exists() else folder, os.W_OK):
        return f"{what} {path}: no permission to write there"
    return None


def arena(
    console: Console,
    variant: str,
    bots: list[str],
    games: int,
    seed: int,
    options: dict[str, Any],
    jobs: int | None,
    as_json: bool,
    csv_path: Path | None,
    plot_path: Path | None,
    ray: str | None = None,
    policy: str | None = None,
) -> int:
    """Run the match (``policy``: that ``module:function`` on one side, ``bots``
    the other sides') and show or write its figures; the exit status."""
    if plot_path is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            return fail("--plot needs matplotlib: pip install 'followsuit[plot]'")
    for path, what in ((csv_path, "--csv"), (plot_path, "--plot")):
        problem = check_writable(path, what)
        if problem:
            return fail(problem)
    try:
        result = _run(console, variant, bots, games, seed, options, jobs, as_json, ray, policy)
    except ValueError as exc:  # --ray without Ray installed
        return fail(str(exc))
    if csv_path is not None:
        write_csv(result, csv_path)
    if plot_path is not None:
        write_plot(result, plot_path)
    if as_json:
        print(json.dumps(result.as_json()))
    else:
        show(console, result)
    return 0


def _run(
    console: Console,
    variant: str,
    bots: list[str],
    games: int,
    seed: int,
    options: dict[str, Any],
    jobs: int | None,
    as_json: bool,
    ray: str | None,
    policy: str | None,
) -> ArenaResult:
    """The match, with a progress bar unless the output is JSON."""

    def play(progress: Callable[[int, int], None] | None) -> ArenaResult:
        match = run_arena
        if policy is not None:
            from ..rl.evaluation import evaluate

            match = partial(evaluate, policy)
        return match(
            variant,
            bots,
            games=games,
            seed=seed,
            options=options,
            jobs=jobs,
            progress=progress,
            ray=ray,
        )

    if as_json:
        return play(None)
    else:
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

            return play(progress)


def show(console: Console, result: ArenaResult) -> None:
    console.print(
        f"[bold]{result.variant}[/bold] · {result.games} games · {result.hands} hands · "
        f"seed {result.seed} · duplicate deals"
    )
    table = Table(show_edge=False)
    for column in ("bot", "games", "won", "win rate (95% CI)", "points/hand (95% CI)"):
        table.add_column(column, justify="left" if column == "bot" else "right", no_wrap=True)
    for b in result.bots:
        lo, hi = b.win_rate_ci95
        plo, phi = b.points_per_hand_ci95
        table.add_row(
            b.name,
            str(b.games),
            str(b.games_won),
            f"{b.win_rate:.1%} [{lo:.1%}, {hi:.1%}]",
            f"{b.points_per_hand:+.3f} [{plo:+.3f}, {phi:+.3f}]",
        )
    console.print(table)
    calling = Table(show_edge=False)
    for column in ("bot", "made trump", "of those set", "of those alone"):
        calling.add_column(column, justify="left" if column == "bot" else "right", no_wrap=True)
    for b in result.bots:
        calling.add_row(b.name, f"{b.call_rate:.1%}", f"{b.set_rate:.1%}", f"{b.alone_rate:.1%}")
    console.print(calling)
    difference = result.difference
    if difference is not None:
        value, (lo, hi) = difference
        first, second = (b.name for b in result.bots)
        console.print(
            f"{first} less {second}: {value:+.3f} points per hand [{lo:+.3f}, {hi:+.3f}] "
            "(95% CI over duplicate sets)"
        )
    if result.elo is not None:
        elo = Table(show_edge=False)
        elo.add_column("bot", no_wrap=True)
        elo.add_column("Elo", justify="right")
        for name, rating in sorted(result.elo.items(), key=lambda kv: -kv[1]):
            elo.add_row(name, f"{rating:.0f}")
        console.print(elo)


def write_csv(result: ArenaResult, path: Path) -> None:
    """One row per game: the deal, who sat on each side, the scores and hands."""
    with path.open("w", newline="") as f:
        out = csv.writer(f)
        n = len(result.outcomes[0].scores) if result.outcomes else 0
        out.writerow(
            ["deal", *[f"side{k}_bot" for k in range(n)], *[f"side{k}_score" for k in range(n)]]
            + ["winner_bot", "hands"]
        )
        for o in result.outcomes:
            names = [o.task.bot_names[b] for b in o.task.sides]
            winner = names[o.winner] if o.winner is not None else ""
            out.writerow([o.task.deal, *names, *o.scores, winner, len(o.hand_points)])


def write_plot(result: ArenaResult, path: Path) -> None:
    """Points per hand of each bot with its 95% interval, as a bar chart."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [b.name for b in result.bots]
    values = [b.points_per_hand for b in result.bots]
    errors = [
        [v - b.points_per_hand_ci95[0] for v, b in zip(values, result.bots, strict=True)],
        [b.points_per_hand_ci95[1] - v for v, b in zip(values, result.bots, strict=True)],
    ]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.bar(names, values, yerr=errors, capsize=6, color="#3b7dd8")
    ax.set_ylabel("points per hand")
    ax.set_title(f"{result.variant}: {result.games} games, 95% intervals")
    ax.axhline(0, color="black", linewidth=0.8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
