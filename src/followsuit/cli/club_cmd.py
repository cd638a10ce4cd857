"""``followsuit club simulate``: a whole club night played offline by bots, for an
organiser to try a format (and for tests): the rotation chart, the standings and
the ratings, or the same as one JSON object.

Counts are taken as text and checked here, so every refusal is one line."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..bots import BOTS
from ..club import FORMATS, ClubError, Night, NightRun, RoundLength, ScoringRule, simulate_night
from ..rules import OptionError, UnknownVariant
from .args import UsageError, parse_options, resolve_variant

club_app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Club nights: progressive, king's table, Swiss and duplicate tournaments.",
)


def register(app: typer.Typer) -> None:
    app.add_typer(club_app, name="club")


def _count(text: str | None, what: str) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"{what}: a whole number, not {text!r}") from None


@club_app.command()
def simulate(
    players: Annotated[str, typer.Option(help="How many players (8 to 200).")] = "16",
    format: Annotated[str, typer.Option(help=f"The format: {', '.join(FORMATS)}.")] = "progressive",
    rounds: Annotated[str, typer.Option(help="Rounds in the night.")] = "8",
    hands: Annotated[
        str | None, typer.Option(help="Hands a round (default 8 unless --minutes is given).")
    ] = None,
    minutes: Annotated[
        str | None,
        typer.Option(help="Minutes a round instead: the bell after the hand in play (4 a hand)."),
    ] = None,
    variant: Annotated[str, typer.Option(help="Variant id (followsuit rules lists them).")] = (
        "euchre/american"
    ),
    options: Annotated[
        list[str] | None, typer.Option("--options", "-o", help="House rule name=value; repeatable.")
    ] = None,
    scoring: Annotated[
        str,
        typer.Option(
            help="points, hands, or a loner table: loners:lone_march=5,lone_euchre=3 "
            "(names: point, march, lone_point, lone_march, euchre, lone_euchre)."
        ),
    ] = "points",
    bots: Annotated[
        str,
        typer.Option(help=f"The players' bots in turn, comma-separated ({', '.join(BOTS)})."),
    ] = "rules,random",
    seed: Annotated[str, typer.Option(help="Seed of the chart and the deals.")] = "1",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play a whole club night with bots and print the chart, standings and ratings."""
    console = Console(highlight=False)
    try:
        count = _count(players, "--players")
        assert count is not None
        if not 1 <= count <= 10_000:
            raise ClubError(f"a club night needs 8 to 200 players, not {count}")
        hand_count = _count(hands, "--hands")
        minute_count = _count(minutes, "--minutes")
        length = RoundLength(
            hands=hand_count if hand_count is not None or minute_count is not None else 8,
            minutes=minute_count,
        )
        night = Night(
            format,  # type: ignore[arg-type]  # checked by Night
            tuple(f"P{k:02d}" for k in range(1, count + 1)),
            rounds=_count(rounds, "--rounds") or 0,
            variant=resolve_variant(variant).id,
            options=parse_options(options or []),
            length=length,
            scoring=ScoringRule.parse(scoring),
            seed=_count(seed, "--seed") or 0,
        )
        names = [b.strip() for b in bots.split(",") if b.strip()]
        run = simulate_night(night, bots=names)
    except (UsageError, ClubError, OptionError, UnknownVariant, ValueError) as exc:
        console.print(str(exc), style="red", markup=False, soft_wrap=True)
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(run.as_json()))
    else:
        show(console, run)


def show(console: Console, run: NightRun) -> None:
    night = run.night
    console.print(
        f"[bold]{night.format}[/bold] · {len(night.players)} players · {night.rounds} rounds of "
        f"{night.length} · {night.variant} · scoring {night.scoring} · seed {night.seed}"
    )
    chart = Table(title="Rotation chart: each player's table and partner", show_edge=False)
    chart.add_column("player")
    for r in run.rounds:
        chart.add_column(f"r{r.number}", no_wrap=True)
    where: dict[tuple[int, str], str] = {}
    for r in run.rounds:
        for k, seats in enumerate(r.tables):
            for s, name in enumerate(seats):
                where[(r.number, name)] = f"{k + 1} {seats[(s + 2) % 4]}"
    for name in night.players:
        chart.add_row(name, *(where.get((r.number, name), "bye") for r in run.rounds))
    console.print(chart)
    table = Table(title="Standings", show_edge=False)
    for column in ("place", "player", "points", "rounds", "hands won", "byes"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for line in run.standings():
        table.add_row(
            "-" if line.place is None else str(line.place),
            line.player,
            str(line.points),
            str(line.played),
            str(line.hands_won),
            str(line.byes),
        )
    console.print(table)
    for family, book in run.ratings.as_json().items():
        ratings = Table(title=f"Ratings ({family}, OpenSkill)", show_edge=False)
        for column in ("player", "mu", "sigma", "ordinal"):
            ratings.add_column(column, justify="left" if column == "player" else "right")
        for name, rating in book.items():
            ratings.add_row(
                name, f"{rating['mu']:.2f}", f"{rating['sigma']:.2f}", f"{rating['ordinal']:.2f}"
            )
        console.print(ratings)
