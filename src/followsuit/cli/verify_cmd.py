"""``followsuit verify RECORD``: check every deal of a web table's record against the
commitment the server published before the hand (provably fair dealing).

A terminal game's record has no commitments: its hands are dealt from the seed its
``table`` field keeps, so there each deal is checked against that seed instead,
and the note says there is no commitment to check.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .. import record as R
from ..engine import InvalidRecord
from ..engine.deal import game_seed, seeded_deal
from ..rules import Rules
from ..server.fairdeal import deal_codes, verify_hand
from .keeping import TABLE_FIELD


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
    table = record.get(TABLE_FIELD)
    seed = table.get("seed") if isinstance(table, dict) else None
    committed = any(isinstance(hand, dict) and "fair" in hand for hand in hands)
    if hands and not committed and isinstance(seed, (int, str)) and not isinstance(seed, bool):
        raise typer.Exit(_verify_seeded(state.rules, hands, seed))
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


def _verify_seeded(rules: Rules, hands: list[Any], seed: int | str) -> int:
    """A terminal game's deals against its seed; the exit status."""
    typer.echo(
        f"a terminal game: its hands are dealt from its seed ({seed}), "
        "so there is no commitment to check; each deal is checked against the seed"
    )
    failed = 0
    number = game_seed(seed)
    for k, hand in enumerate(hands):
        deal = hand.get("deal") if isinstance(hand, dict) else None
        dealer = hand.get("dealer") if isinstance(hand, dict) else None
        recorded = {key: v for key, v in deal.items() if v not in ([], None)} if deal else None
        if isinstance(dealer, int) and 0 <= dealer < rules.num_players:
            expected = deal_codes(rules, seeded_deal(rules, dealer, number, k + 1))
        else:
            expected = None
        if expected is not None and recorded == expected:
            typer.echo(f"hand {k + 1}: dealt from the seed")
        else:
            failed += 1
            typer.echo(f"hand {k + 1}: NOT the deal of seed {seed}")
    typer.echo(f"{len(hands) - failed} of {len(hands)} deals are the seed's")
    return 1 if failed else 0
