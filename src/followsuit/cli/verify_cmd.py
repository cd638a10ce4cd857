"""``followsuit verify RECORD``: check every deal of a web table's record against the
commitment the server published before the hand (provably fair dealing)."""

from __future__ import annotations

from typing import Annotated

import typer

from .. import record as R
from ..engine import InvalidRecord
from ..server.fairdeal import verify_hand


def register(app: typer.Typer) -> None:
    app.command()(verify)


def verify(
    file: Annotated[str, typer.Argument(help="A followsuit/1 record from the web table.")],
) -> None:
    """Check each hand's deal against its SHA-256 commitment; exit 1 if one fails."""
    try:
        record = R.load(file)
        state = R.replay(record)
    except InvalidRecord as exc:
        typer.echo(f"invalid record: {exc}")
        raise typer.Exit(2) from None
    hands = record.get("hands") or []
    failed = 0
    for k, hand in enumerate(hands):
        problem = verify_hand(state.rules, hand)
        if problem is None:
            typer.echo(f"hand {k + 1}: dealt as committed ({hand['fair']['commitment'][:16]}…)")
        else:
            failed += 1
            typer.echo(f"hand {k + 1}: NOT VERIFIED: {problem}")
    if not hands:
        typer.echo("the record has no hands")
    typer.echo(f"{len(hands) - failed} of {len(hands)} deals verified")
    raise typer.Exit(1 if failed or not hands else 0)
