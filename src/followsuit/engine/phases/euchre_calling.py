"""Euchre's two calling rounds (RULES.md §2A "Making trump")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions as A
from .base import Phase, suit_word

if TYPE_CHECKING:
    from ..state import State


class EuchreCalling(Phase):
    """Round 1: pass or order up the up card's suit. Round 2: pass or name another
    suit. Two rounds of passes throw the hand in (or stick the dealer)."""

    name = "calling"

    def enter(self, s: State) -> None:
        s.asked = 0
        if s.rules["joker_upcard"] and s.rules.deck.suit[s.upcard] < 0:
            # British: the joker turned up; the dealer names trump, maybe blind.
            s.round = 0
            s.to_move = s.dealer
            if s.rules["british_joker_upcard_choose_blind"]:
                s.blind = s.dealer
            return
        s.round = 1
        s.to_move = s.eldest

    def _may_call_alone(self, s: State) -> bool:
        r = s.rules
        return r["euchre_alone_timing"] == "with_call" and not r["maker_always_alone"]

    def _partner_must_go_alone(self, s: State, seat: int) -> bool:
        return (
            s.round == 1
            and s.rules["british_dealer_partner_must_go_alone"]
            and s.partner_of(s.dealer) == seat
        )

    def legal(self, s: State) -> list[int]:
        seat = s.to_move
        assert seat is not None
        alone = self._may_call_alone(s)
        if s.round == 0:
            out = [A.CALL + t for t in range(4)]
            if alone and s.rules["british_joker_upcard_alone_allowed"]:
                out += [A.CALL_ALONE + t for t in range(4)]
            return out
        if s.round == 1:
            if self._partner_must_go_alone(s, seat):
                return [A.PASS, A.ORDER_UP_ALONE]
            return [A.PASS, A.ORDER_UP, A.ORDER_UP_ALONE] if alone else [A.PASS, A.ORDER_UP]
        stuck = s.rules["stick_the_dealer"] and seat == s.dealer
        out = [] if stuck else [A.PASS]
        turned = s.rules.deck.suit[s.upcard]
        for suit in range(4):
            if suit != turned:
                out.append(A.CALL + suit)
                if alone:
                    out.append(A.CALL_ALONE + suit)
        return out

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        s.record_action(seat, action)
        if action == A.PASS:
            s.asked += 1
            if s.asked < s.n:
                s.to_move = s.seat_after(seat)
            elif s.round == 1:
                s.round = 2
                s.asked = 0
                s.to_move = s.eldest
            else:
                same = s.rules["euchre_all_pass_redeal"] == "same_dealer"
                s.end_hand(None, redeal_same_dealer=same)
            return
        if action in (A.ORDER_UP, A.ORDER_UP_ALONE):
            s.ordered_up = True
            s.set_trump(s.rules.deck.suit[s.upcard])
            alone = action == A.ORDER_UP_ALONE
        else:
            alone = action >= A.CALL_ALONE
            s.set_trump(action - (A.CALL_ALONE if alone else A.CALL))
            if s.round == 0:  # the dealer takes the turned-up joker
                s.ordered_up = True
                s.blind = -1
        s.maker = seat
        if alone:
            make_alone(s, seat)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        seat = s.to_move
        assert seat is not None
        turned = s.rules.deck.suit[s.upcard]
        if s.round == 0:
            if A.CALL_ALONE <= action < A.CALL_ALONE + 4:
                return "the dealer may not go alone when the joker is turned up here"
            return "the joker was turned up: the dealer names trump (call S)"
        if s.round == 1:
            if A.CALL <= action < A.CALL_ALONE + 4:
                return (
                    "round 1: order up the up card's suit "
                    f"({suit_word(turned)}) or pass; other suits are named in round 2"
                )
            if action == A.ORDER_UP and self._partner_must_go_alone(s, seat):
                return "the dealer's partner may order up only by going alone"
            if action == A.ORDER_UP_ALONE:
                return self._why_not_alone(s)
        else:
            if action in (A.ORDER_UP, A.ORDER_UP_ALONE):
                return (
                    "round 2: the up card was turned down; "
                    f"name a suit other than {suit_word(turned)} or pass"
                )
            if action in (A.CALL + turned, A.CALL_ALONE + turned):
                return f"{suit_word(turned)} was turned down; name another suit"
            if action == A.PASS:
                return "stick the dealer: the dealer must name a suit"
            if A.CALL_ALONE <= action < A.CALL_ALONE + 4:
                return self._why_not_alone(s)
        return super().explain(s, action)

    def _why_not_alone(self, s: State) -> str:
        if s.rules["maker_always_alone"]:
            return "the maker always plays alone here; there is no separate alone call"
        return "going alone is decided after the exchange here (alone/partner)"


def make_alone(s: State, loner: int) -> None:
    """``loner`` plays without partner, who sits out for the hand."""
    s.alone = loner
    partner = s.partner_of(loner)
    if partner is not None:
        s.out |= 1 << partner
