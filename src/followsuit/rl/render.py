"""``render_mode="ansi"``: the terminal's table, drawn as plain text.

The faces draw the very screen ``followsuit play`` shows at a turn
(``text.turn.TurnView``: the table, then the hand), from one seat's observation, so a
researcher watching an agent sees what a player would, and nothing more.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console

from ..text.seating import Seating
from ..text.table import TableView
from ..text.turn import TurnView
from .table import Table

WIDTH = 80


def render_table(table: Table, seat: int, players: Sequence[str | None] | None = None) -> str:
    """The table as ``seat`` sees it, ``WIDTH`` columns wide, without colour;
    ``players`` names who plays each other seat (a bot level; "agent" by default)."""
    rules = table.rules
    n = rules.num_players
    names = list(players) if players is not None else ["agent"] * n
    seating = Seating.of(n, seat, names, rules.sides)
    turn = TurnView(seating, TableView(seating, rules.variant.title))
    lines = turn.screen(table.observation(seat), (), "", WIDTH)
    console = Console(width=WIDTH, color_system=None, force_terminal=False)
    with console.capture() as capture:
        for line in lines:
            console.print(line, soft_wrap=True)
    return capture.get()
