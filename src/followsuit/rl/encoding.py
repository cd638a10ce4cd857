"""The observation vector: one seat's :class:`~followsuit.engine.observation.Observation`
as a flat float32 array, laid out per variant and versioned per family.

Built from the observation alone (a seat's view, never the state), plus the cards
the seat has chosen so far in a discard or give taken one card at a time (the env's
own state). Seats are *relative*: position 0 is the observing seat, 1 the seat on
its left, and so on; sides likewise start with the observing seat's side. Every
entry lies in [-1, 1]: counts are divided by the deck size, scores by twice the
target (clipped), so the vector needs no normalising.

:func:`layout` lists the slices (name, size, meaning) for a variant's rules; a
slice a variant cannot use has no place in its vector (no up card in Pitch, no
ladder in Euchre). ``docs/rl.md`` lists them for every variant and is checked
against this module by the tests. :data:`VERSIONS` changes whenever a family's
layout does.

>>> from followsuit import load_rules
>>> lay = layout(load_rules("euchre/american"))
>>> lay.size, lay.offset("hand"), lay.width("trick")
(449, 0, 96)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np
import numpy.typing as npt

from ..engine import actions as A
from ..engine.observation import Observation
from ..rules import Rules
from .actions import CALLS, ActionSpace

VERSIONS: dict[str, int] = {"euchre": 1, "bid_euchre": 1, "pitch": 1}
"""The encoding's version per family: bumped with any change to its layout."""

PHASES: tuple[str, ...] = (
    "deal",
    "claims",
    "calling",
    "auction",
    "trump",
    "moon",
    "call-partner",
    "alone",
    "defend-alone",
    "discard",
    "exchange",
    "draw",
    "fill",
    "kitty",
    "burn",
    "give",
    "play",
    "over",
)
"""Every phase name an observation can show, in one-hot order."""

SCORE_SCALE_WITHOUT_TARGET = 100
"""What scores are divided by (twice) in a game without a point target (timed)."""

_CALL_POS = {action: k for k, action in enumerate(CALLS)}


@dataclass(frozen=True)
class Slice:
    name: str
    size: int
    formula: str
    """The size in D (deck size), n (players), S (sides), L (ladder), T (tricks)."""
    meaning: str


@dataclass(frozen=True)
class Layout:
    """The slices of one variant's vector, in order."""

    rules: Rules
    slices: tuple[Slice, ...]

    @cached_property
    def offsets(self) -> dict[str, int]:
        out, at = {}, 0
        for s in self.slices:
            out[s.name] = at
            at += s.size
        return out

    @cached_property
    def size(self) -> int:
        return sum(s.size for s in self.slices)

    @cached_property
    def widths(self) -> dict[str, int]:
        return {s.name: s.size for s in self.slices}

    def offset(self, name: str) -> int:
        return self.offsets[name]

    def width(self, name: str) -> int:
        return self.widths[name]

    def __contains__(self, name: object) -> bool:
        return name in self.offsets


def tricks_per_hand(rules: Rules) -> int:
    """An upper bound on the tricks of a hand: the cards dealt to a hand and to its
    blind pile."""
    s = rules.settings
    return s.hand_size + s.piles


@cache
def layout(rules: Rules) -> Layout:
    """The observation vector's slices for ``rules`` (:func:`info_layout` adds the
    play history)."""
    s = rules.settings
    n = rules.num_players
    d = len(rules.deck)
    sides = len(rules.sides)
    ladder = len(ActionSpace.of(rules).ladder)
    euchre = rules.family in ("euchre", "bid_euchre")
    parts = [
        Slice("hand", d, "D", "own cards now (blank while the seat may not look)"),
        Slice("chosen", d, "D", "cards chosen so far for the discard or give being taken"),
        Slice("trick", n * d, "n·D", "the trick on the table: per relative seat, its card"),
        Slice("leader", n, "n", "the relative seat that led the trick on the table"),
        Slice("played", d, "D", "cards played to the hand's finished tricks"),
        Slice("known", (n - 1) * d, "(n-1)·D", "per other relative seat, cards known in its hand"),
        Slice("out", d, "D", "cards out of play face up, and own discards"),
        Slice("voids", n * 4, "4n", "per relative seat, the suits it has shown out of"),
        Slice("hand_sizes", n, "n", "per relative seat, cards in hand / deck size"),
        Slice("tricks_won", n, "n", "per relative seat, tricks won this hand / deck size"),
        Slice("dealer", n, "n", "the dealer (relative seat, one-hot)"),
        Slice("to_move", n, "n", "the seat to move (relative seat, one-hot)"),
        Slice("phase", len(PHASES), str(len(PHASES)), "the phase, one-hot: " + ", ".join(PHASES)),
        Slice("trump", 4, "4", "trump suit C D H S, one-hot (none yet: all 0)"),
        Slice("maker", n, "n", "the maker or high bidder (relative seat, one-hot)"),
        Slice("scores", sides, "S", "per relative side, score / (2 x target), clipped to [-1, 1]"),
        Slice(
            "calls",
            n * len(CALLS),
            f"{len(CALLS)}n",
            "per relative seat, each call taken this hand / 2",
        ),
    ]
    if ladder:
        parts += [
            Slice("bids", n * ladder, "n·L", "per relative seat, its last bid this hand (one-hot)"),
            Slice("high_bid", ladder, "L", "the winning (or highest so far) bid, one-hot"),
        ]
    if s.upcard:
        parts += [
            Slice("upcard", d, "D", "the up card, one-hot"),
            Slice("upcard_taken", 1, "1", "1 once the dealer has picked the up card up"),
        ]
    if euchre:
        parts += [
            Slice("alone", n, "n", "the seat playing alone (relative, one-hot)"),
            Slice("defender_alone", n, "n", "the seat defending alone (relative, one-hot)"),
            Slice("sitting_out", n, "n", "seats sitting the hand out (relative)"),
        ]
    if rules.family == "pitch":
        parts += [
            Slice("stock_size", 1, "1", "cards in the stock / deck size"),
            Slice("kitty_size", 1, "1", "cards in the kitty / deck size"),
        ]
    if s.piles:
        parts.append(
            Slice("pile_sizes", n, "n", "per relative seat, cards in its blind pile / deck")
        )
    if s.partnership == "called":
        parts += [
            Slice("called_card", d, "D", "the card the bidder called, one-hot"),
            Slice("partner", n, "n", "the called partner once known (relative, one-hot)"),
        ]
    if s.game_end_policy == "timed":
        parts.append(Slice("time_up", 1, "1", "1 once time is up"))
    return Layout(rules, tuple(parts))


@cache
def info_layout(rules: Rules) -> Layout:
    """The information-state vector: the observation's slices, then every card of
    the hand's finished tricks by trick and relative seat (so the play is recalled
    in full)."""
    base = layout(rules)
    n = rules.num_players
    d = len(rules.deck)
    t = tricks_per_hand(rules)
    history = Slice("history", t * n * d, "T·n·D", "per finished trick and relative seat, its card")
    return Layout(rules, (*base.slices, history))


def encode(obs: Observation, chosen: int = 0, *, history: bool = False) -> npt.NDArray[np.float32]:
    """``obs`` as the vector of :func:`layout` (``history``: :func:`info_layout`);
    ``chosen`` is the mask of the cards chosen so far in a set being taken.

    Written as one loop-light function without closures (``_cards`` adds a card
    set's entries): the faces rebuild a vector after every call, so this is on
    their hot path, compiled with the engine."""
    rules = obs.rules
    lay = info_layout(rules) if history else layout(rules)
    at = lay.offsets
    n = rules.num_players
    d = len(rules.deck)
    seat = 0 if obs.seat is None else obs.seat
    vec = np.zeros(lay.size, dtype=np.float32)
    ones: list[int] = []
    space = ActionSpace.of(rules)
    same = space.card
    twins = space.twins

    _cards(ones, at["hand"], obs.hand, space, twins)
    _cards(ones, at["chosen"], chosen, space, twins)
    trick = at["trick"]
    for s, c in obs.trick:
        ones.append(trick + (s - seat) % n * d + same(c))
    if obs.trick:
        ones.append(at["leader"] + (obs.trick[0][0] - seat) % n)
    _cards(ones, at["played"], _finished(obs), space, twins)
    known = at["known"]
    for s in range(n):
        r = (s - seat) % n
        if r:
            _cards(ones, known + (r - 1) * d, obs.known[s], space, twins)
    _cards(ones, at["out"], obs.dead | obs.discards, space, twins)
    voids = at["voids"]
    hand_sizes = at["hand_sizes"]
    tricks_won = at["tricks_won"]
    for s in range(n):
        r = (s - seat) % n
        v = obs.voids[s]
        for k in range(4):
            if v >> k & 1:
                ones.append(voids + 4 * r + k)
        if obs.hand_sizes[s]:
            vec[hand_sizes + r] = obs.hand_sizes[s] / d
        if obs.tricks_won[s]:
            vec[tricks_won + r] = obs.tricks_won[s] / d
    ones.append(at["dealer"] + (obs.dealer - seat) % n)
    if obs.to_move is not None:
        ones.append(at["to_move"] + (obs.to_move - seat) % n)
    ones.append(at["phase"] + PHASES.index("over" if obs.over else obs.phase))
    if obs.trump is not None:
        ones.append(at["trump"] + obs.trump)
    if obs.maker is not None:
        ones.append(at["maker"] + (obs.maker - seat) % n)
    scores_over = _scores(vec, at["scores"], obs, seat)
    calls = at["calls"]
    k_calls = len(CALLS)
    bids = at.get("bids")
    ladder = lay.widths.get("high_bid", 0)
    last_bid: dict[int, int] = {}
    taken: dict[int, float] = {}
    for who, action, _text in obs.actions:
        if who is None or action is None:
            continue
        pos = _CALL_POS.get(action)
        if pos is not None:
            at_call = calls + (who - seat) % n * k_calls + pos
            taken[at_call] = min(taken.get(at_call, 0.0) + 0.5, 1.0)
        elif A.is_bid(action):
            last_bid[who] = A.bid_of(action)
    for at_call, value in taken.items():
        vec[at_call] = value
    if bids is not None:
        for who, b in last_bid.items():
            ones.append(bids + (who - seat) % n * ladder + b)
        if obs.bid is not None:
            ones.append(at["high_bid"] + space.ladder.index(obs.bid))
    if "upcard" in at and obs.upcard is not None:
        ones.append(at["upcard"] + same(obs.upcard))
        if obs.upcard_taken:
            ones.append(at["upcard_taken"])
    if "alone" in at:
        if obs.alone is not None:
            ones.append(at["alone"] + (obs.alone - seat) % n)
        if obs.defender_alone is not None:
            ones.append(at["defender_alone"] + (obs.defender_alone - seat) % n)
        out = obs.sitting_out
        for s in range(n):
            if out >> s & 1:
                ones.append(at["sitting_out"] + (s - seat) % n)
    if "stock_size" in at:
        vec[at["stock_size"]] = obs.stock_size / d
        vec[at["kitty_size"]] = obs.kitty_size / d
    if "pile_sizes" in at:
        for s, size in enumerate(obs.pile_sizes):
            vec[at["pile_sizes"] + (s - seat) % n] = size / d
    if "called_card" in at:
        if obs.called_card is not None:
            ones.append(at["called_card"] + same(obs.called_card))
        if obs.partner is not None:
            ones.append(at["partner"] + (obs.partner - seat) % n)
    if "time_up" in at and obs.time_up:
        ones.append(at["time_up"])
    if history:
        base = at["history"]
        for k, t in enumerate(obs.tricks):
            for s, c in t.plays:
                ones.append(base + (k * n + (s - seat) % n) * d + same(c))
    vec[ones] = 1.0
    if scores_over:
        np.clip(vec, -1.0, 1.0, out=vec)
    return vec


def _cards(ones: list[int], base: int, mask: int, space: ActionSpace, twins: int) -> None:
    """Add the entries from ``base`` of the card set ``mask`` to ``ones``."""
    if twins:
        mask = space.cards(mask)
    while mask:
        low = mask & -mask
        ones.append(base + low.bit_length() - 1)
        mask ^= low


def _finished(obs: Observation) -> int:
    m = 0
    for t in obs.tricks:
        for c in t.cards:
            m |= 1 << c
    return m


def _scores(vec: npt.NDArray[np.float32], base: int, obs: Observation, seat: int) -> bool:
    """Write the scores; whether one of them needs clipping."""
    rules = obs.rules
    scale = 2 * (rules.settings.target_score or SCORE_SCALE_WITHOUT_TARGET)
    sides = len(rules.sides)
    mine = rules.side_of[seat]
    over = False
    for k, score in enumerate(obs.scores):
        vec[base + (k - mine) % sides] = score / scale
        over = over or abs(score) > scale
    return over
