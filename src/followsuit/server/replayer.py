"""The replay viewer's data: a record stepped through action by action, every hand
shown (a record holds the whole deal; nothing in it is secret any more)."""

from __future__ import annotations

from typing import Any

from .. import record as R
from ..cards import SUIT_CHARS, iter_bits
from ..engine import IllegalAction, InvalidRecord, State
from ..engine import actions as A
from ..review import review

MAX_STEPS = 20_000

REVIEW_MAX_NODES = 3_000_000
"""A bound on each solve of a review the server makes for a page (about a second
of the compiled solver): a longer position is reported as not reviewed."""


def replay_steps(record: Any) -> dict[str, Any]:
    """The steps of a record (InvalidRecord if the record does not replay)."""
    final = R.replay(record)
    rules = final.rules
    codes = rules.deck.codes
    state = State(rules)
    steps: list[dict[str, Any]] = []

    def snap(hand: int, seat: int | None, text: str, says: str) -> None:
        obs = state.observation(None)
        steps.append(
            {
                "hand": hand,
                "seat": seat,
                "text": text,
                "says": says,
                "hands": [[codes[c] for c in iter_bits(m)] for m in state.hands],
                "trick": [[s, codes[c]] for s, c in obs.trick],
                "upcard": None if obs.upcard is None else codes[obs.upcard],
                "trump": None if obs.trump is None else SUIT_CHARS[obs.trump],
                "dealer": obs.dealer,
                "maker": obs.maker,
                "tricks_won": list(obs.tricks_won),
                "scores": list(state.scores),
            }
        )

    logs = [*final.history()]
    if final.dealt is not None:
        logs.append(final.in_progress())
    for k, log in enumerate(logs):
        state.deal(log.deal, log.dealer)
        snap(k, None, "deal", f"seat {log.dealer} deals")
        for seat, action in log.actions:
            if len(steps) >= MAX_STEPS:
                break
            try:
                if seat is None:
                    state.time_is_up(in_hand=state.dealt is not None)
                    snap(k, None, "time-up", "time is up")
                    continue
                text = state.action_to_string(action)
                says = A.describe(
                    action, rules.deck, state.prog.ladder, dealer=seat == state.dealer
                )
                state.apply(action)
            except IllegalAction:
                break
            snap(k, seat, text, says)
    return {
        "variant": rules.id,
        "title": rules.variant.title,
        "num_players": rules.num_players,
        "sides": [list(s) for s in rules.sides],
        "steps": steps,
        "winner": final.winner,
        "finished_hands": len(final.history()),
    }


def review_hand(record: Any, number: int) -> dict[str, Any]:
    """The double-dummy review of hand ``number`` (from 1) of a record: each
    trick's best value and each card that gave tricks or points away (see
    :func:`followsuit.review.review`). InvalidRecord if the record does not
    replay or has no such finished hand."""
    final = R.replay(record)
    finished = len(final.history())
    if not 1 <= number <= finished:
        raise InvalidRecord(
            "hand", f"{number} is not a finished hand of this record (it has {finished})"
        )
    (hand,) = review(final, only=number, max_nodes=REVIEW_MAX_NODES)
    return {**hand, "variant": final.rules.id, "num_players": final.num_players}
