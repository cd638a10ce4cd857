"""Euchre's two calling rounds (RULES.md §2A "Making trump")."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from .. import actions as A
from ..types import CONTRACT_ALONE_AT, CONTRACT_ORDERED_UP_AT, CONTRACT_OUT_AT, replaced
from .base import Phase, suit_word

if TYPE_CHECKING:
    from ..state import State


class Calling(NamedTuple):
    """The calling so far: round 0 (the dealer names trump under a turned-up
    joker), 1 (order up or pass) or 2 (name another suit or pass), and how many
    have passed in this round."""

    round: int
    passed: int = 0


ROUND_0 = Calling(0)
ROUND_1 = Calling(1)
ROUND_2 = Calling(2)
#: ``PASSED[round][k]``: the calling after ``k`` passes in that round, made once
#: (a hand's calling builds no record).
PASSED = tuple(tuple(Calling(rnd, k) for k in range(8)) for rnd in range(3))

ROUND_1_CHOICES = (A.PASS, A.ORDER_UP)
ROUND_1_ALONE_CHOICES = (A.PASS, A.ORDER_UP, A.ORDER_UP_ALONE)
ROUND_1_ONLY_ALONE = (A.PASS, A.ORDER_UP_ALONE)


@cache
def round_2_choices(turned: int, alone: bool, stuck: bool) -> tuple[int, ...]:
    """Round 2's choices: pass (unless the dealer is stuck) or name a suit other
    than the one turned down (alone too, where the call says it)."""
    out: tuple[int, ...] = () if stuck else (A.PASS,)
    for suit in range(4):
        if suit != turned:
            out += (A.call(suit), A.call(suit, alone=True)) if alone else (A.call(suit),)
    return out


class EuchreCalling(Phase[Calling]):
    """Round 1: pass or order up the up card's suit. Round 2: pass or name another
    suit. Two rounds of passes throw the hand in (or stick the dealer)."""

    name = "calling"

    def enter(self, s: State) -> None:
        prog = s.prog
        if prog.joker_upcard and prog.cards.suit[s.upcard] < 0:
            # British: the joker turned up; the dealer names trump, maybe blind.
            s.step = ROUND_0
            s.to_move = s.dealer
            if prog.british_joker_upcard_choose_blind:
                s.contract = s.contract._replace(blind=s.dealer)
            return
        s.step = ROUND_1
        s.to_move = s.eldest

    def _may_call_alone(self, s: State) -> bool:
        prog = s.prog
        return prog.euchre_alone_timing == "with_call" and not prog.maker_always_alone

    def _partner_must_go_alone(self, s: State, seat: int) -> bool:
        return (
            self.data(s).round == 1
            and s.prog.british_dealer_partner_must_go_alone
            and s.partner_of(s.dealer) == seat
        )

    def legal(self, s: State) -> tuple[int, ...]:
        seat = s.to_move
        assert seat is not None
        alone = self._may_call_alone(s)
        rnd = self.data(s).round
        if rnd == 0:
            out = tuple(A.call(t) for t in range(4))
            if alone and s.prog.british_joker_upcard_alone_allowed:
                out += tuple(A.call(t, alone=True) for t in range(4))
            return out
        if rnd == 1:
            if self._partner_must_go_alone(s, seat):
                return ROUND_1_ONLY_ALONE
            return ROUND_1_ALONE_CHOICES if alone else ROUND_1_CHOICES
        prog = s.prog
        stuck = prog.stick_the_dealer and seat == s.dealer
        return round_2_choices(prog.cards.suit[s.upcard], alone, stuck)

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        s.record_action(seat, action)
        calling = self.data(s)
        if action == A.PASS:
            passed = calling.passed + 1
            n = s.prog.num_players
            if passed < n:
                s.step = PASSED[calling.round][passed]
                s.to_move = (seat + 1) % n
            elif calling.round == 1:
                s.step = ROUND_2
                s.to_move = s.eldest
            else:
                same = s.prog.euchre_all_pass_redeal == "same_dealer"
                s.end_hand(None, redeal_same_dealer=same)
            return
        if action in (A.ORDER_UP, A.ORDER_UP_ALONE):
            s.set_trump(s.prog.cards.suit[s.upcard])
            s.contract = replaced(s.contract, (CONTRACT_ORDERED_UP_AT, True))
        else:
            s.set_trump(A.suit_of(action))
            if calling.round == 0:  # the dealer takes the turned-up joker, and looks
                s.contract = s.contract._replace(ordered_up=True, blind=-1)
        s.maker = seat
        if A.goes_alone(action):
            make_alone(s, seat)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        seat = s.to_move
        assert seat is not None
        turned = s.prog.cards.suit[s.upcard]
        rnd = self.data(s).round
        if rnd == 0:
            if A.goes_alone(action):
                return "the dealer may not go alone when the joker is turned up here"
            return "the joker was turned up: the dealer names trump (call S)"
        if rnd == 1:
            if A.is_call(action):
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
            if A.is_call(action) and A.suit_of(action) == turned:
                return f"{suit_word(turned)} was turned down; name another suit"
            if action == A.PASS:
                return "stick the dealer: the dealer must name a suit"
            if A.goes_alone(action):
                return self._why_not_alone(s)
        return super().explain(s, action)

    def _why_not_alone(self, s: State) -> str:
        if s.prog.maker_always_alone:
            return "the maker always plays alone here; there is no separate alone call"
        return "going alone is decided after the exchange here (alone/partner)"


def make_alone(s: State, loner: int) -> None:
    """``loner`` plays without partner, who sits out for the hand."""
    partner = s.partner_of(loner)
    out = s.contract.out | (1 << partner if partner is not None else 0)
    s.contract = replaced(s.contract, (CONTRACT_ALONE_AT, loner), (CONTRACT_OUT_AT, out))
