"""All 200 OpenSpiel euchre hands replayed in OpenSpiel-compatible mode: every legal
set, every trick winner and every hand's result must agree with the fixture."""

from __future__ import annotations

import json
from typing import Any

import pytest

import followsuit
from followsuit.engine import actions as A

from .conftest import data_path

FIXTURE = data_path("openspiel-euchre", "random_hands.jsonl")
OPENSPIEL_OPTIONS = {
    "stick_the_dealer": True,
    "euchre_alone_timing": "after_exchange",
    "dealer_may_discard_upcard": False,
    "defend_alone": False,
}
SUITS = "CDHS"


def _hands() -> list[dict[str, Any]]:
    return [json.loads(line) for line in FIXTURE.read_text().splitlines() if line.strip()]


def _label(state: followsuit.State, action: int) -> str:
    """Our action in the fixture's notation-neutral labels."""
    deck = state.rules.deck
    if A.is_play(action):
        return deck.codes[action]
    if action >= A.DISCARD:
        return deck.format_mask(A.cards_of(action))
    if action == A.PASS:
        return "pass"
    if action == A.ORDER_UP:
        return "call:" + SUITS[deck.suit[state.upcard]]
    if A.CALL <= action < A.CALL + 4:
        return "call:" + SUITS[action - A.CALL]
    return {A.ALONE: "alone", A.PARTNER: "partner"}[action]


def _action(state: followsuit.State, label: str) -> int:
    for a in state.legal_actions():
        if _label(state, a) == label:
            return a
    raise AssertionError(f"{label} is not legal here")


@pytest.mark.parametrize("index", range(200))
def test_openspiel_hand(index: int) -> None:
    fx = _hands()[index]
    rules = followsuit.load_rules("euchre/american", OPENSPIEL_OPTIONS)
    deck = rules.deck
    state = followsuit.State(rules)
    deal = followsuit.Deal(
        hands=tuple(tuple(deck.parse_cards(fx["hands"][str(s)])) for s in range(4)),
        upcard=deck.parse_cards([fx["upcard"]])[0],
        kitty=tuple(deck.parse_cards(fx["undealt"])),
    )
    state.deal(deal, fx["dealer"])
    for step, act in enumerate(fx["actions"]):
        assert state.current_player == act["seat"], f"step {step}: wrong seat"
        ours = sorted(_label(state, a) for a in state.legal_actions())
        assert ours == sorted(act["legal"]), f"step {step} ({act['phase']}): legal sets differ"
        state.apply(_action(state, act["label"]))
    # One hand played: the finished hand carries the result.
    (hand,) = state.history()
    result = fx["result"]
    assert hand.result.trump == SUITS.index(result["trump"])
    assert hand.result.maker == result["declarer"]
    tricks = [(t["leader"], t["winner"]) for t in result["tricks"]]
    # Replay the hand's tricks to compare leaders and winners.
    ours = _tricks(rules, hand)
    assert ours == tricks
    maker_side = rules.side_of[result["declarer"]]
    points = hand.result.points
    assert points is not None
    x = fx["returns"][result["declarer"]]
    expected = [0, 0]
    if x > 0:
        expected[maker_side] = int(x)
    else:
        expected[1 - maker_side] = int(-x)
    assert list(points) == expected


def _tricks(rules: followsuit.Rules, hand: followsuit.HandLog) -> list[tuple[int, int]]:
    state = followsuit.State(rules)
    state.deal(hand.deal, hand.dealer)
    out: list[tuple[int, int]] = []
    for _, a in hand.actions:
        tricks = state.tricks  # the hand's list, kept even after the hand ends
        before = len(tricks)
        state.apply(a)
        if len(tricks) > before:
            out.append((tricks[-1].leader, tricks[-1].winner))
    return out
