"""The update messages of a table: each accepted action told to each audience.

A :class:`Moment` is the table just after an action was accepted (the state then,
the action, the public facts); :func:`update_message` builds what one audience is
told of it, from that audience's observation of the state then and nothing else.
The actor keeps its recent moments, so a page that reconnects after missing a few
events is sent exactly those (the lichess way) instead of a whole snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import State
from .fanout import Audience
from .livegame import Accepted
from .store import HandRow
from .views import result_view, seat_view


@dataclass(frozen=True)
class Moment:
    n: int
    state: State
    """The state just after the action (never changed afterwards: the next action
    is applied to a copy)."""
    accepted: Accepted
    hand: HandRow
    """The hand in progress then (its commitment is published)."""
    finished: HandRow | None
    """The hand this action finished (its shuffle is revealed)."""
    table: dict[str, Any]
    """The table's public view then."""


def update_message(moment: Moment, audience: Audience) -> dict[str, Any]:
    state = moment.state
    message: dict[str, Any] = {
        "type": "update",
        "n": moment.n,
        "event": event_of(moment, audience),
        "view": seat_view(state.observation(audience)),
        "table": moment.table,
        "fair": {"hand": moment.hand.index, "commitment": moment.hand.commitment},
    }
    finished = moment.finished
    if finished is not None:
        message["reveal"] = {
            "hand": finished.index,
            "commitment": finished.commitment,
            "salt": finished.salt,
            "order": list(finished.order),
        }
        message["hand_over"] = hand_over(state)
    return message


def event_of(moment: Moment, audience: Audience) -> dict[str, Any]:
    """The action as ``audience`` may know it: a private discard or give shows its
    cards only to the seats that saw it, a private misdeal offer nothing."""
    accepted = moment.accepted
    row = accepted.row
    if row.seat is None:
        return {"seat": None, "text": "time-up", "says": "time is up"}
    if accepted.private and audience != row.seat:
        seen = seen_text(moment, audience, row.seat)
        if seen is not None:
            return {"seat": row.seat, "text": seen, "says": accepted.says}
        if row.text.startswith("claim-misdeal") or accepted.hidden_says is None:
            return {"seat": row.seat, "text": "", "says": ""}
        return {"seat": row.seat, "text": "", "says": accepted.hidden_says}
    return {"seat": row.seat, "text": row.text, "says": accepted.says}


def seen_text(moment: Moment, audience: Audience, seat: int) -> str | None:
    """The action's text in ``audience``'s view of the hand (None where the hand is
    over or the action is not in that view)."""
    if moment.accepted.ended_hand is not None:
        return None
    actions = moment.state.observation(audience).actions
    if actions and actions[-1][0] == seat and actions[-1][1] is not None:
        return actions[-1][2]
    return None


def hand_over(state: State) -> dict[str, Any]:
    """The hand just finished, as everyone saw it end: its result and its last trick
    (played face up)."""
    result = state.results[-1]
    codes = state.rules.deck.codes
    last = result.tricks[-1] if result.tricks else None
    return {
        "number": len(state.results),
        "result": result_view(state.rules.num_players, result),
        "last_trick": None
        if last is None
        else {
            "plays": [{"seat": s, "card": codes[c]} for s, c in last.plays],
            "winner": last.winner,
        },
    }
