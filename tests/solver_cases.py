"""Positions for the solver's tests, built from seeds (nothing stored), and the
brute-force referee: plain minimax over the engine's own ``clone``/``apply``, valued
from the hand's result as the engine scored it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import followsuit
from followsuit import State
from followsuit.engine import actions as A
from followsuit.solver.position import coalition, in_play

#: One variant per family and shape the solver reads differently: partnerships,
#: lone hands, cutthroat, jokers, twins; Pitch with each follow rule, card points,
#: called partners, blind piles, the lowest card winning, 2 to 8 players.
VARIANTS = (
    "euchre/american",
    "euchre/british",
    "euchre/cutthroat",
    "bid-euchre/standard",
    "bid-euchre/joker",
    "bid-euchre/double-deck",
    "pitch/cutthroat-3p",
    "pitch/partnership-4p",
    "pitch/jokers",
    "pitch/nebraska-first-joker",
    "pitch/five-bid",
    "pitch/five-card",
    "pitch/nines-fives",
    "pitch/8-player",
    "pitch/2-player",
    "pitch/kansas-5-point",
    "pitch/oklahoma-10-point",
    "pitch/oklahoma-10-point-6p",
    "pitch/missouri-11-point-6p",
    "pitch/13-point",
    "pitch/call-your-partner",
    "pitch/razzle-dazzle",
    "pitch/new-yorker",
    "pitch/blind",
    "pitch/blind-6p",
    "pitch/inversion",
)


def special_bid(state: State, rng: random.Random) -> int:
    """An auction action that often takes the ladder's special bids (five, smudge,
    moon) and lone calls, so that their scoring is solved too."""
    legal = state.legal_actions()
    bids = [a for a in legal if A.is_bid(a)]
    special = [a for a in bids if state.prog.bids[A.bid_of(a)].kind != "plain"]
    if special and rng.random() < 0.5:
        return rng.choice(special)
    if bids and rng.random() < 0.6:
        return rng.choice(bids)
    return rng.choice(legal)


def to_play(variant: str, seed: int, rng: random.Random) -> State | None:
    """A hand of ``variant`` dealt from ``seed`` and bid at random into trick play
    (None if it was thrown in)."""
    state = followsuit.new_game(variant, seed=seed)
    hand = state.hand_no
    while state.phase_name != "play":
        state.apply(special_bid(state, rng))
        if state.hand_no != hand or state.over:
            return None
    return state


def live_cards(state: State) -> int:
    """Cards still to be played this hand."""
    return bin(in_play(state) & ~state.played).count("1")


def endgame(variant: str, seed: int, left: int) -> State | None:
    """A position of ``variant`` with at most ``left`` cards still to play, reached
    by random play (mid-trick as often as not)."""
    rng = random.Random(seed * 7919 + len(variant))
    state = to_play(variant, seed, rng)
    if state is None:
        return None
    hand = state.hand_no
    while live_cards(state) > left or (state.trump < 0 and rng.random() < 0.7):
        state.apply(rng.choice(state.proper_actions()))
        if state.hand_no != hand or state.phase_name != "play":
            return None
    return state


def endgames(variant: str, count: int, left: int, first_seed: int = 0) -> Iterator[State]:
    seed = first_seed
    found = 0
    while found < count and seed < first_seed + 50 * count:
        state = endgame(variant, seed, left)
        seed += 1
        if state is not None:
            found += 1
            yield state


Coalition = tuple[int, tuple[int, ...], int]


def hand_value(state: State, side: Coalition, hand: int) -> int:
    """The finished hand ``hand``'s value for a side (seat mask, each seat's unit,
    the side's unit), from the engine's own result: its tricks (Euchre, Bid
    Euchre), or its unit's points minus every other unit's (Pitch)."""
    mine, unit_of, my_unit = side
    result = state.standing.results[hand - 1]
    prog = state.prog
    if prog.family != "pitch":
        return sum(1 for t in result.tricks if mine >> t.winner & 1)
    value = 0
    for u in range(max(unit_of) + 1):
        member = next(p for p in range(prog.num_players) if unit_of[p] == u)
        points = result.points[prog.side_of[member]]
        value += points if u == my_unit else -points
    return value


def brute_force(state: State, seat: int | None = None) -> dict[int, int]:
    """Each proper action's value for the side of ``seat`` (default: the seat to
    move) by plain minimax over the engine (exponential: small endgames only)."""
    if seat is None:
        seat = state.to_move
    assert seat is not None
    side = coalition(state, seat)
    hand = state.hand_no
    out = {}
    for action in state.proper_actions():
        child = state.clone()
        child.apply(action)
        out[action] = _minimax(child, side, hand)
    return out


def _minimax(state: State, side: Coalition, hand: int) -> int:
    if len(state.standing.results) >= hand:
        return hand_value(state, side, hand)
    mover = state.to_move
    assert mover is not None
    values = []
    for action in state.proper_actions():
        child = state.clone()
        child.apply(action)
        values.append(_minimax(child, side, hand))
    return max(values) if side[0] >> mover & 1 else min(values)
