"""Shared test helpers: where the test data lives, and building states."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import followsuit
from followsuit.engine import actions as A

DATA = Path(__file__).resolve().parent / "data"
"""Test data carried by the repository (copies of the project's shared fixtures)."""
SCENARIOS = DATA / "scenarios"


def data_path(*parts: str) -> Path:
    """A file of ``tests/data``; it always exists in a checkout."""
    return DATA.joinpath(*parts)


def load_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def dealt(
    hands: list[str],
    upcard: str | None = None,
    kitty: str = "",
    *,
    dealer: int = 3,
    variant: str = "euchre/american",
    options: dict[str, Any] | None = None,
    scores: tuple[int, ...] | list[int] | None = None,
) -> followsuit.State:
    """A state at the start of a hand dealt exactly as given (cards as text), from
    the given score."""
    rules = followsuit.load_rules(variant, options)
    deck = rules.deck
    used = 0
    parsed = []
    for h in hands:
        cards = deck.parse_cards(h.split(), used)
        for c in cards:
            used |= 1 << c
        parsed.append(tuple(cards))
    up = None
    if upcard is not None:
        (up,) = deck.parse_cards([upcard], used)
        used |= 1 << up
    rest = deck.parse_cards(kitty.split(), used) if kitty else []
    state = followsuit.State(rules, scores=scores)
    state.deal(followsuit.Deal(hands=tuple(parsed), upcard=up, kitty=tuple(rest)), dealer)
    return state


def pitch_dealt(
    hands: list[str],
    *,
    dealer: int,
    variant: str = "pitch/partnership-4p",
    options: dict[str, Any] | None = None,
    stock: str | None = None,
    kitty: str = "",
    piles: list[str] | None = None,
    scores: tuple[int, ...] | list[int] | None = None,
) -> followsuit.State:
    """A Pitch hand dealt as given, from the given score; the cards not named go to
    the stock in deck order after any ``stock`` named (top first)."""
    rules = followsuit.load_rules(variant, options)
    deck = rules.deck
    used = 0

    def take(text: str) -> tuple[int, ...]:
        nonlocal used
        cards = deck.parse_cards(text.split(), used)
        for c in cards:
            used |= 1 << c
        return tuple(cards)

    parsed = tuple(take(h) for h in hands)
    kitty_cards = take(kitty) if kitty else ()
    pile_cards = tuple(take(p) for p in piles) if piles else ()
    top = list(take(stock)) if stock else []
    rest = [c for c in range(len(deck)) if not used >> c & 1]
    state = followsuit.State(rules, scores=scores)
    state.deal(
        followsuit.Deal(hands=parsed, kitty=kitty_cards, stock=tuple(top + rest), piles=pile_cards),
        dealer,
    )
    return state


def without_penalty(state: followsuit.State) -> followsuit.State:
    """The same hand, played the same way so far, with reneges penalised 0."""
    overrides = {**state.rules.overrides, "renege_penalty": 0}
    clean = followsuit.State(followsuit.load_rules(state.rules.id, overrides))
    deal = state.dealt
    assert deal is not None
    clean.deal(deal, state.dealer)
    for _seat, action in state.log:
        clean.apply(action)
    return clean


def play_bots(state: followsuit.State, bots: list[Any], *, hands: int | None = None) -> None:
    """Let ``bots[seat]`` move from each seat's observation, checking every action
    is legal, until the game is over (or ``hands`` more hands are finished)."""
    stop = None if hands is None else len(state.results) + hands
    while not state.is_over() and (stop is None or len(state.results) < stop):
        seat = state.current_player
        assert seat is not None
        obs = state.observation(seat)
        action = bots[seat].choose(obs)
        assert action in obs.legal_actions
        state.apply(action)


def play_all(state: followsuit.State, texts: list[str]) -> None:
    for t in texts:
        state.apply(t)


def legal_texts(state: followsuit.State) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def legal_cards(state: followsuit.State) -> set[str]:
    deck = state.rules.deck
    return {deck.codes[a] for a in state.legal_actions() if A.is_play(a)}


# S1's deal (SCENARIOS.md): dealer W (3), up card KH.
S1_HANDS = ["JH AH AS QD TC", "JD QH KS TD 9C", "TH AC KC 9S AD", "9H QS JS KD QC"]
S1_UP = "KH"
S1_KITTY = "JC 9D TS"


# CI runs the property tests on a fixed set of examples (HYPOTHESIS_PROFILE=ci), so
# that a landing never depends on the luck of the draw; locally they explore.
from hypothesis import settings as _hsettings  # noqa: E402

_hsettings.register_profile("ci", derandomize=True, print_blob=True)
_hsettings.register_profile("dev", print_blob=True)
_hsettings.load_profile(__import__("os").environ.get("HYPOTHESIS_PROFILE", "dev"))
