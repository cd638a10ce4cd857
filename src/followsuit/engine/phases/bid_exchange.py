"""Bid Euchre's exchanges: the dealer's extra-card discard (joker variant) and the
help exchange of a bid of every trick with help (RULES.md §2B)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import bits, mask_of, masks_of
from .. import actions as A
from ..program import canonical
from .base import Phase
from .euchre_calling import make_alone

if TYPE_CHECKING:
    from ..state import State


class DealerExtraDiscard(Phase):
    """The dealer, dealt one card more, discards one face down."""

    name = "discard"

    def __init__(self, timing: str):
        self.timing = timing

    def active(self, s: State) -> bool:
        r = s.rules
        return bool(r["dealer_extra_card"]) and r["be_joker_discard_timing"] == self.timing

    def enter(self, s: State) -> None:
        s.to_move = s.dealer

    def legal(self, s: State) -> list[int]:
        return [A.DISCARD | 1 << c for c in bits(s.hands[s.dealer])]

    def apply(self, s: State, action: int) -> None:
        s.hands[s.dealer] &= ~A.cards_of(action)
        s.discard_pile.extend(s.ordered(A.cards_of(action)))
        s.record_action(s.dealer, action, visible_to=1 << s.dealer)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        cards = A.cards_of(action) if action >= A.DISCARD else 0
        if cards and not cards & ~s.hands[s.dealer]:
            return "the dealer discards exactly one card"
        if cards:
            missing = s.rules.deck.format_mask(cards & ~s.hands[s.dealer])
            return f"{missing} is not in the dealer's hand"
        return "the dealer discards one card (discard C)"


class HelpExchange(Phase):
    """The bidder gives n cards, then the partner gives their n highest trumps
    (free choice for the rest when short of trumps); the swap is simultaneous and
    the partner then sits out."""

    name = "exchange"

    def active(self, s: State) -> bool:
        return s.bid >= 0 and s.prog.bids[s.bid].kind == "help"

    def enter(self, s: State) -> None:
        s.pending = 0
        s.to_move = s.maker

    def _partner(self, s: State) -> int:
        partner = s.partner_of(s.maker)
        assert partner is not None
        return partner

    def _required(self, s: State, seat: int) -> tuple[int, list[int]]:
        """(trumps the partner must give, the other cards to choose from)."""
        n = s.rules["be_help_exchange_cards"]
        table = s.table
        hand = s.hands[seat]
        trumps = sorted(bits(hand & table.trump_mask), key=lambda c: (-table.power[c], c))
        must = mask_of(trumps[:n])
        return must, bits(hand & ~must) if len(trumps) < n else []

    def legal(self, s: State) -> list[int]:
        n = s.rules["be_help_exchange_cards"]
        if s.to_move == s.maker:
            hand = s.hands[s.maker]
            masks = masks_of(bits(hand), n)
        else:
            hand = s.hands[self._partner(s)]
            must, rest = self._required(s, self._partner(s))
            short = n - must.bit_count()
            masks = [must | m for m in masks_of(rest, short)] if short else [must]
        return [A.GIVE | m for m in masks if canonical(s.prog, hand, m)]

    def apply(self, s: State, action: int) -> None:
        partner = self._partner(s)
        both = 1 << s.maker | 1 << partner
        given = A.cards_of(action)
        if s.to_move == s.maker:
            s.pending = given
            s.record_action(s.maker, action, visible_to=both)
            s.to_move = partner
            return
        s.record_action(partner, action, visible_to=both)
        s.hands[s.maker] = (s.hands[s.maker] & ~s.pending) | given
        s.hands[partner] = (s.hands[partner] & ~given) | s.pending
        s.pending = 0
        make_alone(s, s.maker)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        n = s.rules["be_help_exchange_cards"]
        deck = s.rules.deck
        if s.to_move == s.maker:
            return f"the bidder gives {n} card{'s' if n > 1 else ''} from the hand (give C)"
        must, _ = self._required(s, self._partner(s))
        if must:
            return f"the partner must give their highest trump{'s' if n > 1 else ''}: " + (
                deck.format_mask(must)
            )
        return f"the partner gives {n} card{'s' if n > 1 else ''} (give C)"
