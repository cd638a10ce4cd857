"""Pitch's announcements before the first lead: calling a partner's card, and the
declared moon (RULES.md §3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import bits
from .. import actions as A
from .base import Phase

if TYPE_CHECKING:
    from ..state import State


class CallPartner(Phase[None]):
    """The bidder names a card (a trump, by default) not in the hand; its holder is
    the secret partner for the hand."""

    name = "call-partner"

    def enter(self, s: State) -> None:
        s.to_move = s.maker

    def legal(self, s: State) -> tuple[int, ...]:
        pool = s.prog.cards.full_mask & ~s._hands[s.maker]
        if s.prog.called_card_must_be_trump:
            pool &= s.table.trump_mask
        return tuple(A.call_partner(c) for c in bits(pool))

    def apply(self, s: State, action: int) -> None:
        card = A.card_of(action)
        s.record_action(s.maker, action)
        partner = next((p for p in range(s.n) if s._hands[p] >> card & 1), -1)
        s.contract = s.contract._replace(called_card=card, partner=partner)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        if A.verb_of(action) is A.CALL_PARTNER_VERB:
            if s._hands[s.maker] >> A.card_of(action) & 1:
                return "the bidder may not call a card in the bidder's own hand"
            return "the called card must be a trump"
        return "the bidder calls a partner by naming a card (call-partner C)"


PASS_OR_MOON = (A.PASS, A.DECLARE_MOON)


class MoonDeclaration(Phase[None]):
    """``moon_rule = declared``: before the first lead the maker may announce the
    moon (every trick and High, Low, Jack, Game) or pass."""

    name = "moon"

    def enter(self, s: State) -> None:
        s.to_move = s.maker

    def legal(self, s: State) -> tuple[int, ...]:
        return PASS_OR_MOON

    def apply(self, s: State, action: int) -> None:
        s.record_action(s.maker, action)
        if action == A.DECLARE_MOON:
            s.contract = s.contract._replace(declared=True)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        return "declare the moon (bid moon) or pass"
