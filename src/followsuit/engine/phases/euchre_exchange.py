"""Euchre's steps between calling and play: the dealer's pick-up and discard, and
the separate alone / defend-alone decisions some house rules ask for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from ...cards import bits
from .. import actions as A
from ..types import ALL_SEATS, MoveKind
from .base import Phase
from .euchre_calling import make_alone

if TYPE_CHECKING:
    from ...rules.settings import Settings
    from ..state import State


#: ``discard`` of each single card, by deck index.
ONE_CARD_DISCARDS = tuple(A.discard(1 << c) for c in range(64))


class DealerPickup(Phase[None]):
    """The dealer takes the ordered-up card and discards one, face down."""

    name = "discard"

    def active(self, s: State) -> bool:
        return s.contract.ordered_up and not s.contract.out >> s.dealer & 1

    def enter(self, s: State) -> None:
        up = 1 << s.upcard
        s._hands[s.dealer] |= up
        s.record_move(s.dealer, MoveKind.PICKUP, up, ALL_SEATS)
        s.to_move = s.dealer

    def legal(self, s: State) -> tuple[int, ...]:
        hand = s._hands[s.dealer]
        if not s.prog.dealer_may_discard_upcard:
            hand &= ~(1 << s.upcard)
        return tuple([ONE_CARD_DISCARDS[c] for c in bits(hand)])

    def apply(self, s: State, action: int) -> None:
        cards = A.cards_of(action)
        s.discard_to_pile(s.dealer, cards, s.written(cards))
        s.record_action(s.dealer, action, visible_to=1 << s.dealer)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        if A.is_discard(action):
            mask = A.cards_of(action)
            codes = s.prog.cards.format_mask(mask)
            if mask & (mask - 1):
                return "the dealer discards exactly one card"
            if not mask & s._hands[s.dealer]:
                return f"{codes} is not in the dealer's hand"
            if mask == 1 << s.upcard:
                return f"the dealer may not discard the card just picked up ({codes})"
        return "the dealer must discard one card (discard C)"


ALONE_OR_PARTNER = (A.ALONE, A.PARTNER)
DEFEND_OR_PARTNER = (A.DEFEND_ALONE, A.PARTNER)


class AloneDecision(Phase[None]):
    """``alone`` / ``partner`` as a step of its own.

    ``with_call`` timing: only the maker's partner is asked, when the house rule
    lets the partner take the lone hand. ``after_exchange`` timing (OpenSpiel): the
    maker is asked after the dealer's discard, then possibly the partner.
    """

    name = "alone"

    def __init__(self, timing: Literal["with_call", "after_exchange"]):
        self.timing = timing

    def used(self, settings: Settings) -> bool:
        if settings.maker_always_alone or settings.euchre_alone_timing != self.timing:
            return False
        return (
            self.timing == "after_exchange"
            or settings.euchre_alone_allowed_for == "maker_or_partner"
        )

    def active(self, s: State) -> bool:
        return s.contract.alone < 0

    def enter(self, s: State) -> None:
        s.to_move = s.maker if self.timing == "after_exchange" else s.partner_of(s.maker)

    def legal(self, s: State) -> tuple[int, ...]:
        return ALONE_OR_PARTNER

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
            and s.prog.euchre_alone_allowed_for == "maker_or_partner"
        ):
            s.to_move = partner
            return
        s.advance()

    def explain(self, s: State, action: int) -> str:
        return "say alone or partner"


class Asked(NamedTuple):
    """The defenders in asking order, and how many have said ``partner``."""

    defenders: tuple[int, ...]
    passed: int = 0


class DefendAlone(Phase[Asked]):
    """Each defender in turn may defend alone (``defend_alone_order``: from the
    maker's left, or from the dealer's left as OpenSpiel asks); the first
    ``defend-alone`` ends the asking."""

    name = "defend-alone"

    def used(self, settings: Settings) -> bool:
        return settings.defend_alone

    def enter(self, s: State) -> None:
        prog = s.prog
        start = s.dealer if prog.defend_alone_order == "dealer_left" else s.maker
        n = prog.num_players
        side = prog.side_of
        out = s.contract.out
        defenders = tuple(
            p
            for p in ((start + k) % n for k in range(1, n + 1))
            if side[p] != side[s.maker] and not out >> p & 1
        )
        s.step = Asked(defenders)
        s.to_move = defenders[0]

    def legal(self, s: State) -> tuple[int, ...]:
        return DEFEND_OR_PARTNER

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        s.record_action(seat, action)
        if action == A.DEFEND_ALONE:
            partner = s.partner_of(seat)
            out = s.contract.out | (1 << partner if partner is not None else 0)
            s.contract = s.contract._replace(defender_alone=seat, out=out)
            s.advance()
            return
        asked = self.data(s)
        passed = asked.passed + 1
        if passed < len(asked.defenders):
            s.step = Asked(asked.defenders, passed)
            s.to_move = asked.defenders[passed]
        else:
            s.advance()

    def explain(self, s: State, action: int) -> str:
        return "say defend-alone or partner"
