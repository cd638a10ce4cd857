"""``followsuit replay FILE [--json]``: check a record and print its result."""

from __future__ import annotations

import json
import sys

from rich import box
from rich.console import Console
from rich.table import Table

from ..cards import Suit
from ..engine import InvalidRecord, State
from ..engine import actions as A
from ..record import load, replay, summary
from ..text.seating import Seating
from ..text.table import suit_text


def one_line(message: str) -> str:
    """``message`` with any character that is not printable (a line break, a
    terminal escape) escaped as repr escapes it, so that the error stays one line.

    The record reader already writes its messages so; this keeps the promise of
    one line on stderr whatever an error says.
    """
    if message.isprintable():
        return message
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


def replayed(path: str) -> State | None:
    """The game a record file holds, replayed; or None, its fault said in one line
    on stderr (the commands that read a record exit 2 then)."""
    try:
        return replay(load(path))
    except InvalidRecord as exc:
        print(one_line(str(exc)), file=sys.stderr)
        return None


def run_replay(path: str, as_json: bool, console: Console) -> int:
    """Exit status 0, or 2 with one line on stderr (nothing on stdout)."""
    state = replayed(path)
    if state is None:
        return 2
    result = summary(state)
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return 0
    n = state.n
    seating = Seating.of(n, -1, [None] * n, result["sides"])
    names = [seating.side_name(k) for k in range(len(result["sides"]))]
    # more than four seats: the one-letter names keep the table narrow
    seat = seating.short if n > 4 else seating.name
    bids = _bids(state)
    # the path is the user's text: printed whole on its own line, never as markup
    console.print(f"{result['variant']} — {path}", soft_wrap=True, markup=False, highlight=False)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("hand", justify="right", no_wrap=True)
    table.add_column("dealer", no_wrap=True)
    table.add_column("trump", no_wrap=True)
    table.add_column("maker", no_wrap=True)
    if any(b is not None for b in bids):
        table.add_column("bid", no_wrap=True)
    for name in names:
        table.add_column(name, justify="right")
    for k, hand in enumerate(result["hands"]):
        trump = suit_text(Suit.parse(hand["trump"]), short=True) if hand["trump"] else "—"
        maker = "—" if hand["maker"] is None else seat(hand["maker"])
        if hand["points"] is None:
            cells = [f"{s} (in play)" for s in hand["score"]]
        else:
            cells = [f"{p:+d} → {s}" for p, s in zip(hand["points"], hand["score"], strict=True)]
        bid = [] if all(b is None for b in bids) else [bids[k] or "—"]
        table.add_row(str(k + 1), seat(hand["dealer"]), trump, maker, *bid, *cells)
    console.print(table)
    score = " – ".join(names) + ": " + " – ".join(str(s) for s in result["score"])
    if result["winner"] is None:
        console.print(f"Score {score}; the game is not over.")
    else:
        winner = names[result["winner"]]
        console.print(f"Score {score}; {winner} {'win' if '-' in winner else 'wins'}.")
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
