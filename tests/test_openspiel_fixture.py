"""OpenSpiel euchre hands replayed in OpenSpiel-compatible mode: every legal set, every
trick leader and winner and every hand's result must agree with the fixture.

Two fixtures (tests/data/openspiel-euchre/README.md; rebuilt by ``make_fixture.py``
there): 200 hands without lone defenders and 300 with OpenSpiel's
``allow_lone_defender=true``."""

from __future__ import annotations

import functools
import json
from pathlib import Path
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
LONE_DEFENDER_FIXTURE = data_path("openspiel-euchre", "lone_defender_hands.jsonl")
LONE_DEFENDER_OPTIONS = {
    **OPENSPIEL_OPTIONS,
    "defend_alone": True,
    "defend_alone_order": "dealer_left",  # OpenSpiel asks from the dealer's left
}
SUITS = "CDHS"


@functools.cache
def _hands(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _label(state: followsuit.State, action: int, phase: str) -> str:
    """Our action in the fixture's notation-neutral labels. The fixture says ``alone``
    both for the maker's decision (phase ``declarer_alone``, our ``A.ALONE``) and for a
    defender's (``defender_alone``, our ``A.DEFEND_ALONE``); the other one is given its
    own text so that a step of the wrong kind shows up as a legal-set difference."""
    deck = state.rules.deck
    if A.is_play(action):
        return deck.codes[action]
    if A.cards_of(action):
        return deck.format_mask(A.cards_of(action))
    if action == A.PASS:
        return "pass"
    if action == A.ORDER_UP:
        return "call:" + SUITS[deck.suit[state.upcard]]
    if A.verb_of(action) is A.CALL_VERB:
        return "call:" + SUITS[A.suit_of(action)]
    if action == A.DEFEND_ALONE:
        return "alone" if phase == "defender_alone" else A.to_text(action, deck)
    if action == A.ALONE:
        return "alone" if phase != "defender_alone" else A.to_text(action, deck) + " (maker)"
    if action == A.PARTNER:
        return "partner"
    return A.to_text(action, deck)


def _action(state: followsuit.State, label: str, phase: str) -> int:
    for a in state.legal_actions():
        if _label(state, a, phase) == label:
            return a
    raise AssertionError(f"{label} is not legal here")


def _replay(path: Path, options: dict[str, Any], index: int) -> None:
    """Replay hand ``index`` of ``path`` in followsuit with ``options`` and compare."""
    fx = _hands(path)[index]
    rules = followsuit.load_rules("euchre/american", options)
    deck = rules.deck
    state = followsuit.State(rules)
    deal = followsuit.Deal(
        hands=tuple(tuple(deck.parse_cards(fx["hands"][str(s)])) for s in range(4)),
        upcard=deck.parse_cards([fx["upcard"]])[0],
        kitty=tuple(deck.parse_cards(fx["undealt"])),
    )
    state.deal(deal, fx["dealer"])
    for step, act in enumerate(fx["actions"]):
        phase = act["phase"]
        assert state.current_player == act["seat"], f"step {step} ({phase}): wrong seat"
        ours = sorted(_label(state, a, phase) for a in state.legal_actions())
        assert ours == sorted(act["legal"]), f"step {step} ({phase}): legal sets differ"
        state.apply(_action(state, act["label"], phase))
    # One hand played: the finished hand carries the result.
    (hand,) = state.history()
    result = fx["result"]
    assert hand.result.trump == SUITS.index(result["trump"])
    assert hand.result.maker == result["declarer"]
    # the finished hand keeps its tricks: compare leaders and winners
    tricks = [(t["leader"], t["winner"]) for t in result["tricks"]]
    assert [(t.leader, t.winner) for t in hand.result.tricks] == tricks
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


@pytest.mark.parametrize("index", range(200))
def test_openspiel_hand(index: int) -> None:
    _replay(FIXTURE, OPENSPIEL_OPTIONS, index)


@pytest.mark.parametrize("index", range(300))
def test_openspiel_lone_defender_hand(index: int) -> None:
    _replay(LONE_DEFENDER_FIXTURE, LONE_DEFENDER_OPTIONS, index)
