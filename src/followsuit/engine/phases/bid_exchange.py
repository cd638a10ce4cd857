"""Bid Euchre's exchanges: the dealer's extra-card discard (joker variant) and the
help exchange of a bid of every trick with help (RULES.md §2B)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ...cards import bits, canonical, mask_of, masks_of
from .. import actions as A
from .base import Phase
from .euchre_calling import make_alone

if TYPE_CHECKING:
    from ...rules.settings import Settings
    from ..state import State


class DealerExtraDiscard(Phase[None]):
    """The dealer, dealt one card more, discards one face down."""

    name = "discard"

    def __init__(self, timing: Literal["before_bidding", "after_trump"]):
        self.timing = timing

    def used(self, settings: Settings) -> bool:
        return settings.dealer_extra_card and settings.be_joker_discard_timing == self.timing

    def enter(self, s: State) -> None:
        s.to_move = s.dealer

    def legal(self, s: State) -> tuple[int, ...]:
        return tuple(A.discard(1 << c) for c in bits(s._hands[s.dealer]))

    def apply(self, s: State, action: int) -> None:
        cards = A.cards_of(action)
        s.discard_to_pile(s.dealer, cards, s.written(cards))
        s.record_action(s.dealer, action, visible_to=1 << s.dealer)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        cards = A.cards_of(action)
        if cards and not cards & ~s._hands[s.dealer]:
            return "the dealer discards exactly one card"
        if cards:
            missing = s.prog.cards.format_mask(cards & ~s._hands[s.dealer])
            return f"{missing} is not in the dealer's hand"
        return "the dealer discards one card (discard C)"


class HelpExchange(Phase[int]):
    """The bidder gives n cards, then the partner gives their n highest trumps
    (free choice for the rest when short of trumps); the swap is simultaneous and
    the partner then sits out. The phase's data is the bidder's cards, given but
    not yet handed over (0 until the bidder gives)."""

    name = "exchange"

    def active(self, s: State) -> bool:
        bid = s.contract.bid
        return bid >= 0 and s.prog.bids[bid].kind == "help"

    def enter(self, s: State) -> None:
        s.step = 0
        s.to_move = s.maker

    def _partner(self, s: State) -> int:
        partner = s.partner_of(s.maker)
        assert partner is not None
        return partner

    def _required(self, s: State, seat: int) -> tuple[int, tuple[int, ...]]:
        """(trumps the partner must give, the other cards to choose from)."""
        n = s.prog.be_help_exchange_cards
        table = s.table
        hand = s._hands[seat]
        trumps = sorted(bits(hand & table.trump_mask), key=lambda c: (-table.power[c], c))
        must = mask_of(trumps[:n])
        return must, bits(hand & ~must) if len(trumps) < n else ()

    def legal(self, s: State) -> tuple[int, ...]:
        n = s.prog.be_help_exchange_cards
        if s.to_move == s.maker:
            hand = s._hands[s.maker]
            masks = masks_of(bits(hand), n)
        else:
            hand = s._hands[self._partner(s)]
            must, rest = self._required(s, self._partner(s))
            short = n - must.bit_count()
            masks = [must | m for m in masks_of(rest, short)] if short else [must]
        return tuple(A.give(m) for m in masks if canonical(s.prog.twins, hand, m))

    def apply(self, s: State, action: int) -> None:
        partner = self._partner(s)
        both = 1 << s.maker | 1 << partner
        given = A.cards_of(action)
        if s.to_move == s.maker:
            s.step = given
            s.record_action(s.maker, action, visible_to=both)
            s.to_move = partner
            return
        s.record_action(partner, action, visible_to=both)
        from_bidder = self.data(s)
        hands = s._hands
        hands[s.maker] = (hands[s.maker] & ~from_bidder) | given
        hands[partner] = (hands[partner] & ~given) | from_bidder
        make_alone(s, s.maker)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        n = s.prog.be_help_exchange_cards
        deck = s.prog.cards
        plural = "s" if n > 1 else ""
        if s.to_move == s.maker:
            return f"the bidder gives {n} card{plural} from the hand (give C)"
        must, _ = self._required(s, self._partner(s))
        if must:
            return f"the partner must give their highest trump{plural}: " + deck.format_mask(must)
        return f"the partner gives {n} card{plural} (give C)"
