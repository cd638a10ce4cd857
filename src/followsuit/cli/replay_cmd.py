"""``followsuit replay FILE [--json]``: check a record and print its result."""

from __future__ import annotations

import json
import sys

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..cards import Suit
from ..engine import InvalidRecord, State
from ..engine import actions as A
from ..record import load, replay, summary
from .seating import seat_words, short_words


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
    n = state.n
    words = seat_words(n)
    names = [
        "-".join(short_words(n)[p] for p in side) if len(side) > 1 else words[side[0]]
        for side in sides
    ]
    bids = _bids(state)
    # the path is the user's text, not markup: ``[/x].json`` must not style (or break) it
    table = Table(title=f"{result['variant']} — {escape(path)}", title_justify="left")
    table.add_column("hand", justify="right", no_wrap=True)
    table.add_column("dealer", no_wrap=True)
    table.add_column("trump", no_wrap=True)
    table.add_column("maker", no_wrap=True)
    if any(b is not None for b in bids):
        table.add_column("bid", no_wrap=True)
    for name in names:
        table.add_column(name, justify="right", no_wrap=True)
    for k, hand in enumerate(result["hands"]):
        trump = Suit.parse(hand["trump"]).word if hand["trump"] else "—"
        maker = "—" if hand["maker"] is None else words[hand["maker"]]
        if hand["points"] is None:
            cells = [f"{s} (in play)" for s in hand["score"]]
        else:
            cells = [f"{p:+d} → {s}" for p, s in zip(hand["points"], hand["score"], strict=True)]
        bid = [] if all(b is None for b in bids) else [bids[k] or "—"]
        table.add_row(str(k + 1), words[hand["dealer"]], trump, maker, *bid, *cells)
    console.print(table)
    score = " – ".join(f"{name} {s}" for name, s in zip(names, result["score"], strict=True))
    if result["winner"] is None:
        console.print(f"Score {score}; the game is not over.")
    else:
        console.print(f"Score {score}; {names[result['winner']]} win.")
    return 0


def _bids(state: State) -> list[str | None]:
    """Each hand's winning bid (the last bid made; None without an auction)."""
    ladder = state.prog.ladder
    logs = [h.actions for h in state.history()]
    if state.dealt is not None:
        logs.append(state.log)
    out: list[str | None] = []
    for actions in logs:
        made = [a for _seat, a in actions if A.is_bid(a) or a == A.DECLARE_MOON]
        out.append(None if not made else A.to_text(made[-1], state.rules.deck, ladder)[4:])
    return out
