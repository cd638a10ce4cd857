"""Euchre's steps between calling and play: the dealer's pick-up and discard, and
the separate alone / defend-alone decisions some house rules ask for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import bits
from .. import actions as A
from ..state import ALL_SEATS
from .base import Phase
from .euchre_calling import make_alone

if TYPE_CHECKING:
    from ..state import State


class DealerPickup(Phase):
    """The dealer takes the ordered-up card and discards one, face down."""

    name = "discard"

    def active(self, s: State) -> bool:
        return s.ordered_up and not s.out >> s.dealer & 1

    def enter(self, s: State) -> None:
        s.hands[s.dealer] |= 1 << s.upcard
        s.picked_up = True
        s.record_auto(s.dealer, "take", 1 << s.upcard, ALL_SEATS)
        s.to_move = s.dealer

    def legal(self, s: State) -> list[int]:
        hand = s.hands[s.dealer]
        if not s.rules["dealer_may_discard_upcard"]:
            hand &= ~(1 << s.upcard)
        return [A.DISCARD | 1 << c for c in bits(hand)]

    def apply(self, s: State, action: int) -> None:
        s.hands[s.dealer] &= ~A.cards_of(action)
        s.discard_pile.extend(s.ordered(A.cards_of(action)))
        s.record_action(s.dealer, action, visible_to=1 << s.dealer)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        if action >= A.DISCARD and action >> 64 == 1:
            mask = A.cards_of(action)
            codes = s.rules.deck.format_mask(mask)
            if mask & (mask - 1):
                return "the dealer discards exactly one card"
            if not mask & s.hands[s.dealer]:
                return f"{codes} is not in the dealer's hand"
            if mask == 1 << s.upcard:
                return f"the dealer may not discard the card just picked up ({codes})"
        return "the dealer must discard one card (discard C)"


class AloneDecision(Phase):
    """``alone`` / ``partner`` as a step of its own.

    ``with_call`` timing: only the maker's partner is asked, when the house rule
    lets the partner take the lone hand. ``after_exchange`` timing (OpenSpiel): the
    maker is asked after the dealer's discard, then possibly the partner.
    """

    name = "alone"

    def __init__(self, timing: str):
        self.timing = timing

    def active(self, s: State) -> bool:
        r = s.rules
        if r["maker_always_alone"] or r["euchre_alone_timing"] != self.timing or s.alone >= 0:
            return False
        if self.timing == "with_call":
            return bool(r["euchre_alone_allowed_for"] == "maker_or_partner")
        return True

    def enter(self, s: State) -> None:
        if self.timing == "after_exchange":
            s.to_move = s.maker
        else:
            s.to_move = s.partner_of(s.maker)

    def legal(self, s: State) -> list[int]:
        return [A.ALONE, A.PARTNER]

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        s.record_action(seat, action)
        if action == A.ALONE:
            make_alone(s, seat)
            s.advance()
            return
        partner = s.partner_of(s.maker)
        if (
            seat == s.maker
            and partner is not None
            and s.rules["euchre_alone_allowed_for"] == "maker_or_partner"
        ):
            s.to_move = partner
            return
        s.advance()

    def explain(self, s: State, action: int) -> str:
        return "say alone or partner"


class DefendAlone(Phase):
    """Each defender in turn from the maker's left may defend alone."""

    name = "defend-alone"

    def active(self, s: State) -> bool:
        return bool(s.rules["defend_alone"])

    def _defenders(self, s: State) -> list[int]:
        """The defenders still in, in asking order (``defend_alone_order``): from
        the maker's left, or from the dealer's left (OpenSpiel)."""
        side = s.rules.side_of
        start = s.dealer if s.rules["defend_alone_order"] == "dealer_left" else s.maker
        seats = [(start + k) % s.n for k in range(1, s.n + 1)]
        return [p for p in seats if side[p] != side[s.maker] and not s.out >> p & 1]

    def enter(self, s: State) -> None:
        s.asked = 0
        s.to_move = self._defenders(s)[0]

    def legal(self, s: State) -> list[int]:
        return [A.DEFEND_ALONE, A.PARTNER]

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        s.record_action(seat, action)
        if action == A.DEFEND_ALONE:
            s.def_alone = seat
            partner = s.partner_of(seat)
            if partner is not None:
                s.out |= 1 << partner
            s.advance()
            return
        s.asked += 1
        defenders = self._defenders(s)
        if s.asked < len(defenders):
            s.to_move = defenders[s.asked]
        else:
            s.advance()

    def explain(self, s: State, action: int) -> str:
        return "say defend-alone or partner"
