"""The ``followsuit`` command: play, resume, replay, rules, arena, suggest, club.

Values that can be wrong (a seat, a seed) are taken as text and checked by the
command itself, so that every refusal is one line (see :mod:`.args`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from .. import build_info
from ..bots import BOTS, make_bot
from ..rules import OptionError, UnknownVariant, load_rules
from . import club_cmd, selfplay_cmd, serve_cmd, verify_cmd
from .arena_cmd import arena as run_arena_cmd
from .args import UsageError, fail, parse_options, resolve_variant
from .keeping import home_relative, records_folder
from .play_cmd import resume, start, stopped_before_start
from .replay_cmd import run_replay
from .review_cmd import run_review
from .rules_cmd import list_variants, show_variant
from .suggest_cmd import run_suggest

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="followsuit: Euchre and Pitch, played exactly by your house rules.",
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(build_info())
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help="Print the version and what was compiled (the engine, the solver's kernel).",
        ),
    ] = False,
) -> None:
    pass


def _console() -> Console:
    return Console(highlight=False)


DEFAULT_DELAY = "0.6"
RECORD_HELP = (
    "Where to save the game record (saved after every move; never over another "
    f"file unless --overwrite). Default: a new file in {home_relative(records_folder())} "
    "(FOLLOWSUIT_RECORDS sets the folder)."
)
THINK_HELP = (
    "A time budget per decision for the search bots (medium, hard, expert), in ms. "
    "Default: none, so they search a fixed number of worlds and decide alike on any "
    "machine; under a budget still at least 16 worlds."
)
DELAY_HELP = "Seconds between bot moves (0: none); a finished trick stays twice as long."


@app.command()
def play(
    variant: Annotated[
        str, typer.Argument(help="Variant id (followsuit rules lists them).")
    ] = "euchre/american",
    seed: Annotated[
        str | None,
        typer.Option(help="Deal from this seed, a whole number (same seed, same cards)."),
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            help="Your seat: north, east, south, west (or 0-3); elsewhere a, b … "
            "(or numbers). Default: south, or the first seat."
        ),
    ] = None,
    options: Annotated[
        list[str] | None,
        typer.Option("--options", "-o", help="House rule name=value; repeat it, or a=1,b=2."),
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            help=f"Bots for the other seats, one name or a comma list ({', '.join(BOTS)})."
        ),
    ] = "rules",
    record: Annotated[str | None, typer.Option(help=RECORD_HELP)] = None,
    overwrite: Annotated[
        bool,
        typer.Option("--overwrite", help="Let --record replace a file already there."),
    ] = False,
    delay: Annotated[str, typer.Option(help=DELAY_HELP)] = DEFAULT_DELAY,
    pause: Annotated[
        bool, typer.Option("--pause", help="Wait for Enter after each trick, showing it.")
    ] = False,
    resume_from: Annotated[
        str | None, typer.Option("--resume", help="Carry on the unfinished game of this record.")
    ] = None,
    think_ms: Annotated[str | None, typer.Option("--think-ms", help=THINK_HELP)] = None,
) -> None:
    """Play a game in the terminal against bots."""
    console = _console()
    if resume_from is not None:
        given = [
            name
            for name, value in (
                ("--seed", seed),
                ("--seat", seat),
                ("--options", options),
                ("--record", record),
                ("--overwrite", overwrite),
                ("--bots", None if bots == "rules" else bots),
            )
            if value
        ]
        if given or variant != "euchre/american":
            what = ", ".join(given) or "a variant"
            raise typer.Exit(
                fail(f"--resume plays on the record's own game; {what} cannot be given with it")
            )
        try:
            code = resume(console, resume_from, delay=delay, pause=pause, think_ms=think_ms)
        except KeyboardInterrupt:
            code = stopped_before_start()
        raise typer.Exit(code)
    try:
        code = start(
            console,
            variant,
            seed=seed,
            seat=seat,
            options=options or [],
            bots=bots,
            record=record,
            delay=delay,
            pause=pause,
            overwrite=overwrite,
            think_ms=think_ms,
        )
    except KeyboardInterrupt:  # once the record is written, the game says where it is
        code = stopped_before_start()
    raise typer.Exit(code)


@app.command(name="resume")
def resume_command(
    record: Annotated[str, typer.Argument(help="The record of an unfinished game.")],
    delay: Annotated[str, typer.Option(help=DELAY_HELP)] = DEFAULT_DELAY,
    pause: Annotated[
        bool, typer.Option("--pause", help="Wait for Enter after each trick, showing it.")
    ] = False,
    think_ms: Annotated[str | None, typer.Option("--think-ms", help=THINK_HELP)] = None,
) -> None:
    """Carry on an unfinished game from its record, where it stopped."""
    try:
        code = resume(_console(), record, delay=delay, pause=pause, think_ms=think_ms)
    except KeyboardInterrupt:
        code = stopped_before_start()
    raise typer.Exit(code)


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
    everything: Annotated[
        bool, typer.Option("--all", help="Also the family's options this variant does not use.")
    ] = False,
) -> None:
    """List the variants, or show one variant's rules and options."""
    console = _console()
    if variant is None:
        list_variants(console)
        return
    try:
        found = resolve_variant(variant)
    except UsageError as exc:
        raise typer.Exit(fail(str(exc))) from None
    show_variant(console, found, everything=everything)


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
    ray: Annotated[
        str | None, typer.Option("--ray", metavar="[ADDRESS]", help=selfplay_cmd.RAY_HELP)
    ] = None,
    policy: Annotated[
        str | None,
        typer.Option(
            metavar="MODULE:FUNCTION",
            help="A learned policy (observation in, action index out) on one side, "
            "against --bots (one bot for every other side, or one per side).",
        ),
    ] = None,
) -> None:
    """Play bots against each other on duplicate deals and compare them."""
    console = _console()
    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        opts = parse_options(options or [])
        rules = load_rules(variant, opts)
        if policy is None and len(names) < 2:
            raise ValueError("--bots: give at least two bots, comma-separated")
        if policy is not None and len(names) not in (1, len(rules.sides) - 1):
            raise ValueError(
                f"--bots: with --policy, one bot or one per other side "
                f"({len(rules.sides) - 1}), not {len(names)}"
            )
        for name in names:
            make_bot(name)
        if policy is not None:
            from ..rl.evaluation import load_policy

            load_policy(policy)
            if len(names) == 1:
                names = names * (len(rules.sides) - 1)
    except (OptionError, UnknownVariant, ValueError) as exc:
        raise typer.Exit(fail(str(exc))) from None
    raise typer.Exit(
        run_arena_cmd(
            console, variant, names, games, seed, opts, jobs, json, csv, plot, ray, policy
        )
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


@app.command()
def review(
    file: Annotated[str, typer.Argument(help="A followsuit/1 game record.")],
    json: Annotated[
        bool, typer.Option("--json", help="Print the review as one JSON object.")
    ] = False,
) -> None:
    """Look at each hand double-dummy: best play from each trick, and what each side gave away."""
    raise typer.Exit(run_review(file, json, _console()))


serve_cmd.register(app)
verify_cmd.register(app)
selfplay_cmd.register(app)
club_cmd.register(app)


def main() -> None:
    app(args=selfplay_cmd.ray_argv(sys.argv[1:]))


if __name__ == "__main__":  # pragma: no cover
    main()
