"""``followsuit replay FILE [--json]``: check a record and print its result."""

from __future__ import annotations

import json
import sys

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..cards import Suit
from ..engine import InvalidRecord
from ..record import load, replay, summary


def one_line(message: str) -> str:
    """``message`` with any character that is not printable (a line break, a
    terminal escape) escaped as repr escapes it, so that the error stays one line.

    The record reader already writes its messages so; this keeps the promise of
    one line on stderr whatever an error says.
    """
    if message.isprintable():
        return message
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


def run_replay(path: str, as_json: bool, console: Console) -> int:
    """Exit status 0, or 2 with one line on stderr (nothing on stdout)."""
    try:
        state = replay(load(path))
    except InvalidRecord as exc:
        print(one_line(str(exc)), file=sys.stderr)
        return 2
    result = summary(state)
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return 0
    sides = result["sides"]
    names = ["+".join(str(s) for s in side) for side in sides]
    # the path is the user's text, not markup: ``[/x].json`` must not style (or break) it
    table = Table(title=f"{result['variant']} — {escape(path)}")
    table.add_column("hand", justify="right")
    table.add_column("dealer", justify="right")
    table.add_column("trump")
    table.add_column("maker", justify="right")
    for name in names:
        table.add_column(f"seats {name}", justify="right")
    for k, hand in enumerate(result["hands"]):
        trump = Suit.parse(hand["trump"]).word if hand["trump"] else "—"
        maker = "—" if hand["maker"] is None else str(hand["maker"])
        if hand["points"] is None:
            cells = [f"{s} (in play)" for s in hand["score"]]
        else:
            cells = [f"{p:+d} → {s}" for p, s in zip(hand["points"], hand["score"], strict=True)]
        table.add_row(str(k), str(hand["dealer"]), trump, maker, *cells)
    console.print(table)
    score = " – ".join(str(s) for s in result["score"])
    if result["winner"] is None:
        console.print(f"Score {score}; the game is not over.")
    else:
        console.print(f"Score {score}; seats {names[result['winner']]} win.")
    return 0
