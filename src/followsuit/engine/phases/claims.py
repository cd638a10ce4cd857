"""Misdeal offers (RULES.md §1.13): a qualifying player may ask for a new deal.

The engine checks which hands qualify and asks those players one at a time, in
bidding order from the eldest, right after the deal. Only a claim is public: an
offer and its ``pass`` are known to that player alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ...cards import Deck, bits
from ...rules.settings import Settings
from .. import actions as A
from ..types import ALL_SEATS, MoveKind
from .base import Phase

if TYPE_CHECKING:
    from ..state import State

Qualifies = Callable[[Settings, Deck, int], bool]
"""Whether a hand (a card mask) qualifies for a claim under these rules."""


def ace_no_face(s: Settings, deck: Deck, hand: int) -> bool:
    """At least one (or exactly one) ace and no J, Q, K (nor the joker, by option)."""
    aces = faces = 0
    for c in bits(hand):
        rank = deck.rank[c]
        if rank == 14:
            aces += 1
        elif rank in (11, 12, 13) or (rank == 0 and s.ace_no_face_joker_is_face):
            faces += 1
    if faces:
        return False
    return aces == 1 if s.ace_no_face_rule == "exactly_one_ace" else aces >= 1


def throw_in(s: Settings, deck: Deck, hand: int) -> bool:
    """Two-player Pitch: a hand whose highest card is a ten or lower."""
    return all(deck.rank[c] and deck.rank[c] <= 10 for c in bits(hand))


def junk_hand(s: Settings, deck: Deck, hand: int) -> bool:
    """New Yorker: six cards all of rank 3 to 9 (no 2, no ten or higher)."""
    return all(3 <= deck.rank[c] <= 9 for c in bits(hand))


def four_to_nine(s: Settings, deck: Deck, hand: int) -> bool:
    """Nine-card select: no point card and no face card: only 4s to 9s, no joker."""
    return all(4 <= deck.rank[c] <= 9 for c in bits(hand))


#: The named qualifying tests, and the option that turns each on.
CLAIMS: dict[str, tuple[str, Qualifies]] = {
    "ace_no_face": ("ace_no_face", ace_no_face),
    "throw_in": ("two_player_throw_in", throw_in),
    "junk_hand": ("new_yorker_junk_hand", junk_hand),
    "four_to_nine": ("misdeal_only_4_to_9", four_to_nine),
}


def claim_tests(s: Settings) -> tuple[Qualifies, ...]:
    """The claims these rules allow."""
    return tuple(test for option, test in CLAIMS.values() if getattr(s, option))


class Offers(NamedTuple):
    """The seats whose hands qualify, in asking order, and how many were asked."""

    claimants: tuple[int, ...]
    asked: int = 0


CLAIM_OR_PASS = (A.CLAIM_MISDEAL, A.PASS)


class MisdealOffers(Phase[Offers]):
    name = "claims"

    def __init__(self, kind: str):
        self.kind = kind
        self.option, self.qualifies = CLAIMS[kind]

    def active(self, s: State) -> bool:
        return bool(getattr(s.prog, self.option)) and bool(self.claimants(s))

    def claimants(self, s: State) -> tuple[int, ...]:
        prog = s.prog
        return tuple(p for p in s.from_eldest() if self.qualifies(prog, prog.cards, s._hands[p]))

    def enter(self, s: State) -> None:
        offers = Offers(self.claimants(s))
        s.step = offers
        s.to_move = offers.claimants[0]

    def legal(self, s: State) -> tuple[int, ...]:
        return CLAIM_OR_PASS

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        if action == A.CLAIM_MISDEAL and self.kind == "junk_hand":
            # the junk hand is laid down face up; six new cards come from the stock
            s.record_action(seat, action)
            dead = s._hands[seat]
            s.piles = s.piles._replace(dead=s.piles.dead | dead)
            s._hands[seat] = 0
            s.record_move(seat, MoveKind.DEAD, dead, ALL_SEATS)
            s.draw(seat, dead.bit_count())
        elif action == A.CLAIM_MISDEAL:
            s.record_action(seat, action)
            s.end_hand(None, redeal_same_dealer=s.prog.misdeal_dealer == "same")
            return
        else:
            s.record_action(seat, action, visible_to=1 << seat)
        offers = self.data(s)
        asked = offers.asked + 1
        if asked < len(offers.claimants):
            s.step = Offers(offers.claimants, asked)
            s.to_move = offers.claimants[asked]
        else:
            s.advance()

    def explain(self, s: State, action: int) -> str:
        return "your hand qualifies for a misdeal: claim-misdeal or pass"
