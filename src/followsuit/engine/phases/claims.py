"""Misdeal offers (RULES.md §1.13): a qualifying player may ask for a new deal.

The engine checks which hands qualify and asks those players one at a time, in
bidding order from the eldest, right after the deal. Only a claim is public: an
offer and its ``pass`` are known to that player alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...cards import bits
from .. import actions as A
from ..state import ALL_SEATS
from .base import Phase, from_eldest

if TYPE_CHECKING:
    from ..state import State


def ace_no_face(s: State, seat: int) -> bool:
    """At least one (or exactly one) ace and no J, Q, K (nor the joker, by option)."""
    r = s.rules
    deck = r.deck
    aces = faces = 0
    for c in bits(s.hands[seat]):
        rank = deck.rank[c]
        if rank == 14:
            aces += 1
        elif rank in (11, 12, 13) or (rank == 0 and r["ace_no_face_joker_is_face"]):
            faces += 1
    if faces:
        return False
    return aces == 1 if r["ace_no_face_rule"] == "exactly_one_ace" else aces >= 1


def throw_in(s: State, seat: int) -> bool:
    """Two-player Pitch: a hand whose highest card is a ten or lower."""
    deck = s.rules.deck
    return all(deck.rank[c] and deck.rank[c] <= 10 for c in bits(s.hands[seat]))


def junk_hand(s: State, seat: int) -> bool:
    """New Yorker: six cards all of rank 3 to 9 (no 2, no ten or higher)."""
    deck = s.rules.deck
    return all(3 <= deck.rank[c] <= 9 for c in bits(s.hands[seat]))


def four_to_nine(s: State, seat: int) -> bool:
    """Nine-card select: no point card and no face card: only 4s to 9s, no joker."""
    deck = s.rules.deck
    return all(4 <= deck.rank[c] <= 9 for c in bits(s.hands[seat]))


#: The named qualifying tests, and the option that turns each on.
CLAIMS: dict[str, tuple[str, Callable[[State, int], bool]]] = {
    "ace_no_face": ("ace_no_face", ace_no_face),
    "throw_in": ("two_player_throw_in", throw_in),
    "junk_hand": ("new_yorker_junk_hand", junk_hand),
    "four_to_nine": ("misdeal_only_4_to_9", four_to_nine),
}


class MisdealOffers(Phase):
    name = "claims"

    def __init__(self, kind: str):
        self.kind = kind
        self.option, self.qualifies = CLAIMS[kind]

    def active(self, s: State) -> bool:
        return bool(s.rules[self.option]) and bool(self._claimants(s))

    def _claimants(self, s: State) -> tuple[int, ...]:
        return tuple(p for p in from_eldest(s) if self.qualifies(s, p))

    def enter(self, s: State) -> None:
        s.queue = self._claimants(s)
        s.asked = 0
        s.to_move = s.queue[0]

    def legal(self, s: State) -> list[int]:
        return [A.CLAIM_MISDEAL, A.PASS]

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        if action == A.CLAIM_MISDEAL and self.kind == "junk_hand":
            # the junk hand is laid down face up; six new cards come from the stock
            s.record_action(seat, action)
            dead = s.hands[seat]
            s.dead |= dead
            s.hands[seat] = 0
            s.record_auto(seat, "dead", dead, ALL_SEATS)
            s.draw(seat, dead.bit_count())
        elif action == A.CLAIM_MISDEAL:
            s.record_action(seat, action)
            s.end_hand(None, redeal_same_dealer=s.rules["misdeal_dealer"] == "same")
            return
        else:
            s.record_action(seat, action, visible_to=1 << seat)
        s.asked += 1
        if s.asked < len(s.queue):
            s.to_move = s.queue[s.asked]
        else:
            s.advance()

    def explain(self, s: State, action: int) -> str:
        return "your hand qualifies for a misdeal: claim-misdeal or pass"
