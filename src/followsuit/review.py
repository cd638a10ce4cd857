"""A game looked at double-dummy, hand by hand and trick by trick: what best play
by everyone would have made from each trick on, and where a side gave tricks or
points away (the card played, the best cards, the cost). The hands are played
again from their deals with every card known; ``followsuit review`` prints it,
and the web table's "Review" and replay viewer show it.
"""

from __future__ import annotations

from typing import Any

from . import solver
from .engine import State
from .engine.actions import is_play


def review(
    final: State, *, only: int | None = None, max_nodes: int | None = None
) -> list[dict[str, Any]]:
    """The review of every finished hand of ``final`` (a replayed game), or of hand
    number ``only`` (counted from 1) alone. ``max_nodes`` bounds each solve (a
    server answering a page); a position past it is reported ``unsupported``,
    like one the solver has no exact rule for."""
    rules = final.rules
    out: list[dict[str, Any]] = []
    score = tuple(0 for _ in rules.sides)
    names = final.prog.cards.codes
    for number, hand in enumerate(final.history(), start=1):
        if only is not None and number != only:
            score = hand.result.score
            continue
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
                    solved = solver.solve(game, max_nodes=max_nodes)
                except solver.UnsupportedPosition as exc:
                    unsupported = str(exc)
                except solver.SearchLimit:
                    unsupported = f"trick {len(game.tricks) + 1} is too long to solve here"
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
