"""What a seat is told: JSON built from that seat's observation and nothing else.

:func:`seat_view` is the only place a message's game content comes from, and it
reads only the :class:`~followsuit.engine.observation.Observation` the engine
gives for that seat (a spectator's is the public view): no card the seat could not
see can reach its browser. Actions travel as their record text (``"play JH"``),
never as numbers (a discard's number is wider than JavaScript's integers).
"""

from __future__ import annotations

from typing import Any

from ..cards import SUIT_CHARS, iter_bits
from ..engine import actions as A
from ..engine.observation import Observation
from ..engine.types import HandResult


def cards(obs: Observation, mask: int) -> list[str]:
    codes = obs.deck.codes
    return [codes[c] for c in iter_bits(mask)]


def suit(value: int | None) -> str | None:
    return None if value is None else SUIT_CHARS[value]


def action_kind(action: int) -> str:
    """How the page offers an action: a card to click, cards to pick, or a button."""
    if A.is_play(action):
        return "play"
    if A.is_discard(action):
        return "discard"
    if A.is_give(action):
        return "give"
    if A.is_bid(action):
        return "bid"
    return "call"


def legal_view(obs: Observation) -> list[dict[str, Any]]:
    seat = obs.seat
    if seat is None:  # a spectator has nothing to do
        return []
    out = []
    for a in obs.legal_actions:
        text = obs.text(a)
        out.append(
            {
                "text": text,
                "says": says(obs, seat, a, text),
                "kind": action_kind(a),
                "cards": cards(obs, A.named_cards(a)),
            }
        )
    return out


MEMO_SIZE = 50_000
"""Entries each memo below keeps before it starts afresh."""
_said: dict[tuple[Any, ...], str] = {}
_results: dict[int, tuple[HandResult, dict[str, Any]]] = {}


def says(obs: Observation, who: int | None, action: int | None, text: str) -> str:
    """What an action of the hand says, in plain English. Every message repeats the
    hand's actions so far, for every audience, so each is described once and
    remembered (by what the words depend on: the rules, the dealer, the action)."""
    if who is None:
        return "time is up"
    key = (obs.rules, who == obs.dealer, who, action, text)
    found = _said.get(key)
    if found is None:
        if len(_said) >= MEMO_SIZE:
            _said.clear()
        found = _said[key] = obs.describe(who, action, text)
    return found


def result_view(num_players: int, result: HandResult) -> dict[str, Any]:
    """A finished hand's summary: who made it, the points, and the categories
    (Pitch's High, Low, Jack, Game and the rest; no cards are named). Every
    message carries every finished hand's, built once (a result never changes;
    callers must not change the view either)."""
    kept = _results.get(id(result))
    if kept is not None and kept[0] is result:
        return kept[1]
    if len(_results) >= MEMO_SIZE:
        _results.clear()
    view = _result_view(num_players, result)
    _results[id(result)] = (result, view)
    return view


def _result_view(num_players: int, result: HandResult) -> dict[str, Any]:
    return {
        "dealer": result.dealer,
        "trump": suit(result.trump),
        "maker": result.maker,
        "points": list(result.points),
        "score": list(result.score),
        "redeal": result.redeal,
        "details": [[name, list(seats), value] for name, seats, value in result.details],
        "tricks_won": _tricks_won(num_players, result),
    }


def _tricks_won(num_players: int, result: HandResult) -> list[int]:
    won = [0] * num_players
    for trick in result.tricks:
        won[trick.winner] += 1
    return won


def seat_view(obs: Observation) -> dict[str, Any]:
    """Everything the page shows of the game, for the observation's seat."""
    codes = obs.deck.codes
    seat = obs.seat
    dealer_of = obs.dealer
    actions = [
        {
            "seat": who,
            "text": text,
            "says": says(obs, who, act, text) if act is not None or who is None else text,
        }
        for who, act, text in obs.actions
    ]
    last = obs.tricks[-1] if obs.tricks else None
    return {
        "seat": seat,
        "hand_no": obs.hand_no,
        "dealer": dealer_of,
        "phase": obs.phase,
        "to_move": obs.to_move,
        "hand": cards(obs, obs.hand),
        "hand_hidden": obs.hand_hidden,
        "hand_sizes": list(obs.hand_sizes),
        "stock_size": obs.stock_size,
        "kitty_size": obs.kitty_size,
        "pile_sizes": list(obs.pile_sizes),
        "upcard": None if obs.upcard is None else codes[obs.upcard],
        "upcard_taken": obs.upcard_taken,
        "trump": suit(obs.trump),
        "maker": obs.maker,
        "bid": obs.bid,
        "alone": obs.alone,
        "defender_alone": obs.defender_alone,
        "sitting_out": [k for k in range(obs.rules.num_players) if obs.sitting_out >> k & 1],
        "called_card": None if obs.called_card is None else codes[obs.called_card],
        "partner": obs.partner,
        "dead": cards(obs, obs.dead),
        "actions": actions,
        "trick": [{"seat": s, "card": codes[c]} for s, c in obs.trick],
        "last_trick": (
            None
            if last is None
            else {
                "plays": [{"seat": s, "card": codes[c]} for s, c in last.plays],
                "winner": last.winner,
            }
        ),
        "tricks_won": list(obs.tricks_won),
        "scores": list(obs.scores),
        "sides": [list(s) for s in obs.rules.sides],
        "results": [result_view(obs.rules.num_players, r) for r in obs.previous],
        "over": obs.over,
        "winner": obs.winner,
        "time_up": obs.time_up,
        "legal": legal_view(obs),
    }
