"""``followsuit review RECORD``: each hand of a game looked at double-dummy, trick
by trick (:mod:`followsuit.review`), printed, or as JSON with ``--json``."""

from __future__ import annotations

import json

from rich.console import Console

from ..review import review
from ..text.summary import count
from .replay_cmd import replayed


def run_review(path: str, as_json: bool, console: Console) -> int:
    """Exit status 0, or 2 with one line on stderr."""
    final = replayed(path)
    if final is None:
        return 2
    hands = review(final)
    if as_json:
        print(json.dumps({"variant": final.rules.id, "hands": hands}))
        return 0
    seat_names = _seat_names(final.num_players)
    for hand in hands:
        console.print(f"[bold]Hand {hand['hand']}[/bold]")
        if not hand["tricks"] and not hand.get("unsupported"):
            console.print("  no trick played (thrown in)")
        for t in hand["tricks"]:
            side = "+".join(seat_names[p] for p in t["side"])
            whole = "in the hand" if t["unit"] == "tricks" else "more than the rest"
            console.print(
                f"  trick {t['trick']}: {seat_names[t['leader']]} leads; "
                f"best play from here: {side} {count(t['value'], t['unit'])} {whole}"
            )
            for g in hand["gifts"]:
                if g["trick"] == t["trick"]:
                    cost = count(g["cost"], g["unit"])
                    console.print(
                        f"    [yellow]{seat_names[g['seat']]} played {g['played']}, best "
                        f"{' or '.join(g['best'])}: gave away {cost}[/yellow]"
                    )
        if hand.get("unsupported"):
            console.print(f"  not reviewed: {hand['unsupported']}")
        if hand["tricks"] and not hand["gifts"]:
            console.print("  every card was a best play")
    return 0


def _seat_names(n: int) -> list[str]:
    if n == 4:
        return ["North", "East", "South", "West"]
    return [f"Player {chr(ord('A') + k)}" for k in range(n)]
