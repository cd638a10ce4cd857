"""Pitch's announcements before the first lead: calling a partner's card, and the
declared moon (RULES.md §3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import bits
from .. import actions as A
from .base import Phase

if TYPE_CHECKING:
    from ..state import State


class CallPartner(Phase):
    """The bidder names a card (a trump, by default) not in the hand; its holder is
    the secret partner for the hand."""

    name = "call-partner"

    def enter(self, s: State) -> None:
        s.to_move = s.maker

    def legal(self, s: State) -> list[int]:
        hand = s.hands[s.maker]
        pool = s.rules.deck.full_mask & ~hand
        if s.rules["called_card_must_be_trump"]:
            pool &= s.table.trump_mask
        return [A.CALL_PARTNER + c for c in bits(pool)]

    def apply(self, s: State, action: int) -> None:
        card = action - A.CALL_PARTNER
        s.record_action(s.maker, action)
        s.partner = next((p for p in range(s.n) if s.hands[p] >> card & 1), -1)
        s.called_card = card
        s.advance()

    def explain(self, s: State, action: int) -> str:
        if A.CALL_PARTNER <= action < A.CALL_PARTNER + 64:
            if s.hands[s.maker] >> (action - A.CALL_PARTNER) & 1:
                return "the bidder may not call a card in the bidder's own hand"
            return "the called card must be a trump"
        return "the bidder calls a partner by naming a card (call-partner C)"


class MoonDeclaration(Phase):
    """``moon_rule = declared``: before the first lead the maker may announce the
    moon (every trick and High, Low, Jack, Game) or pass."""

    name = "moon"

    def enter(self, s: State) -> None:
        s.to_move = s.maker

    def legal(self, s: State) -> list[int]:
        return [A.PASS, A.DECLARE_MOON]

    def apply(self, s: State, action: int) -> None:
        s.record_action(s.maker, action)
        s.declared = action == A.DECLARE_MOON
        s.advance()

    def explain(self, s: State, action: int) -> str:
        return "declare the moon (bid moon) or pass"
