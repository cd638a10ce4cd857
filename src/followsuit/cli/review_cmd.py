"""``followsuit review RECORD``: each hand of a game looked at double-dummy, trick
by trick: what best play by everyone would have made from each trick on, and
where a side gave tricks or points away (the card played, the best card, the
cost). The hands are played again from the record's deals, every card known."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console

from .. import solver
from ..engine import State
from ..engine.actions import is_play
from ..text.summary import count
from .replay_cmd import replayed


def review(final: State) -> list[dict[str, Any]]:
    """The review of every finished hand of ``final`` (a replayed game)."""
    rules = final.rules
    out: list[dict[str, Any]] = []
    score = tuple(0 for _ in rules.sides)
    names = final.prog.cards.codes
    for number, hand in enumerate(final.history(), start=1):
        game = State(rules, dealer=hand.dealer, scores=score)
        game.deal(hand.deal)
        notes = dict(hand.notes)
        tricks: list[dict[str, Any]] = []
        gifts: list[dict[str, Any]] = []
        unsupported = ""
        for k, (seat, action) in enumerate(hand.actions):
            if seat is None:
                game.time_is_up(in_hand=True)
                continue
            if is_play(action) and game.phase_name == "play" and not unsupported:
                try:
                    solved = solver.solve(game)
                except solver.UnsupportedPosition as exc:
                    unsupported = str(exc)
                else:
                    if not game.trick:
                        tricks.append(
                            {
                                "trick": len(game.tricks) + 1,
                                "leader": seat,
                                "value": solved.value,
                                "side": list(solved.side),
                                "unit": solved.unit,
                            }
                        )
                    played = solved.values.get(action)
                    if played is not None and played < solved.value:
                        gifts.append(
                            {
                                "trick": len(game.tricks) + 1,
                                "seat": seat,
                                "played": names[action],
                                "best": [names[a] for a in solved.best if is_play(a)],
                                "cost": solved.value - played,
                                "unit": solved.unit,
                            }
                        )
            note = notes.get(k)
            game.apply(action, note.order if note is not None and note.order else None)
        score = hand.result.score
        entry: dict[str, Any] = {"hand": number, "tricks": tricks, "gifts": gifts}
        if unsupported:
            entry["unsupported"] = unsupported
        out.append(entry)
    return out


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
