"""The ``followsuit`` command: play, replay, rules."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..bots import BOTS, make_bot
from ..engine import State
from ..rules import OptionError, UnknownVariant, load_rules
from .arena_cmd import arena as run_arena_cmd
from .play import TerminalGame, default_record_path
from .replay_cmd import run_replay
from .rules_cmd import list_variants, show_variant
from .suggest_cmd import run_suggest

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="followsuit: Euchre and Pitch, played exactly by your house rules.",
)


def _console() -> Console:
    return Console(highlight=False)


def parse_options(pairs: list[str]) -> dict[str, str]:
    """``["stick_the_dealer=true", …]`` → a dict (values stay text; the option
    catalogue converts and checks them)."""
    out: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise OptionError(f"option {pair!r}: expected name=value")
        name, value = pair.split("=", 1)
        out[name.strip()] = value.strip()
    return out


@app.command()
def play(
    variant: Annotated[
        str, typer.Argument(help="Variant id (followsuit rules lists them).")
    ] = "euchre/american",
    seed: Annotated[
        int | None, typer.Option(help="Deal from this seed (same seed, same cards).")
    ] = None,
    seat: Annotated[
        int | None, typer.Option(help="Your seat (default: South, 2, in 4-player games; else 0).")
    ] = None,
    options: Annotated[
        list[str] | None, typer.Option("--options", "-o", help="House rule name=value; repeatable.")
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            help=f"Bots for the other seats, one name or a comma list ({', '.join(BOTS)})."
        ),
    ] = "rules",
    record: Annotated[Path | None, typer.Option(help="Where to save the game record.")] = None,
    delay: Annotated[float, typer.Option(help="Seconds to pause after each bot move.")] = 0.0,
) -> None:
    """Play a game in the terminal against bots."""
    console = _console()
    try:
        rules = load_rules(variant, parse_options(options or []))
    except (OptionError, UnknownVariant) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    if rules.settings.game_end_policy == "timed" and not rules.settings.time_limit_seconds:
        console.print("[red]a timed game needs a time limit: --options time_limit_seconds=N[/red]")
        raise typer.Exit(2)
    n = rules.num_players
    human = seat if seat is not None else (2 if n == 4 else 0)
    if not 0 <= human < n:
        console.print(f"[red]--seat must be 0-{n - 1}[/red]")
        raise typer.Exit(2)
    names = [b.strip() for b in bots.split(",") if b.strip()] or ["rules"]
    if len(names) == 1:
        names = names * (n - 1)
    if len(names) != n - 1:
        console.print(f"[red]--bots: give one bot or {n - 1} (one per other seat)[/red]")
        raise typer.Exit(2)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    seat_bots = []
    others = iter(names)
    try:
        for k in range(n):
            seat_bots.append(None if k == human else make_bot(next(others), seed=f"{seed}/{k}"))
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    console.print(f"[bold]{rules.variant.title}[/bold] · seed {seed} · type ? for help, q to stop")
    state = State(rules, seed=seed)
    path = record or default_record_path(rules.id, seed)
    game = TerminalGame(state, human, seat_bots, console, path, delay=delay)
    raise typer.Exit(game.run())


@app.command()
def replay(
    file: Annotated[str, typer.Argument(help="A followsuit/1 game record.")],
    json: Annotated[
        bool, typer.Option("--json", help="Print the result as one JSON object.")
    ] = False,
) -> None:
    """Check a game record action by action and print its result."""
    raise typer.Exit(run_replay(file, json, _console()))


@app.command()
def rules(
    variant: Annotated[
        str | None, typer.Argument(help="Show this variant's rules and options.")
    ] = None,
) -> None:
    """List the variants, or show one variant's rules and options."""
    console = _console()
    if variant is None:
        list_variants(console)
        return
    try:
        show_variant(console, variant)
    except UnknownVariant as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None


@app.command()
def arena(
    variant: Annotated[str, typer.Argument(help="Variant id (followsuit rules lists them).")],
    bots: Annotated[
        str, typer.Option(help=f"Two or more bots, comma-separated ({', '.join(BOTS)}).")
    ] = "rules,random",
    games: Annotated[int, typer.Option(min=1, help="Games to play (whole duplicate sets).")] = 100,
    seed: Annotated[
        int, typer.Option(help="Seed of the deals (printed; same seed, same deals).")
    ] = 1,
    options: Annotated[
        list[str] | None, typer.Option("--options", "-o", help="House rule name=value; repeatable.")
    ] = None,
    jobs: Annotated[
        int | None, typer.Option(min=1, help="Worker processes (default: every core).")
    ] = None,
    json: Annotated[
        bool, typer.Option("--json", help="Print the result as one JSON object.")
    ] = False,
    csv: Annotated[Path | None, typer.Option("--csv", help="Write one row per game here.")] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Draw points per hand with intervals (PNG).")
    ] = None,
) -> None:
    """Play bots against each other on duplicate deals and compare them."""
    console = _console()
    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        opts = parse_options(options or [])
        load_rules(variant, opts)
        if len(names) < 2:
            raise ValueError("--bots: give at least two bots, comma-separated")
        for name in names:
            make_bot(name)
    except (OptionError, UnknownVariant, ValueError) as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    raise typer.Exit(
        run_arena_cmd(console, variant, names, games, seed, opts, jobs, json, csv, plot)
    )


@app.command()
def suggest(
    file: Annotated[str, typer.Argument(help="A followsuit/1 record that stops mid-hand.")],
    seat: Annotated[int | None, typer.Option(help="The seat asking (must be to move).")] = None,
    level: Annotated[str, typer.Option(help=f"The bot to ask ({', '.join(BOTS)}).")] = "easy",
    json: Annotated[
        bool, typer.Option("--json", help="One JSON object, with each action's value.")
    ] = False,
) -> None:
    """Print the action the bot of a level takes for the seat to move."""
    raise typer.Exit(run_suggest(file, seat, level, json))


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
