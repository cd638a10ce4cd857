"""The phases of a hand, and the pipeline each variant's data selects."""

from __future__ import annotations

from ...rules import Rules
from .auction import Auction, NameTrump
from .base import Phase
from .bid_exchange import DealerExtraDiscard, HelpExchange
from .claims import MisdealOffers
from .euchre_calling import EuchreCalling
from .euchre_exchange import AloneDecision, DealerPickup, DefendAlone
from .play import TrickPlay

EUCHRE_CALLING = EuchreCalling()
DEALER_PICKUP = DealerPickup()
PARTNER_ALONE = AloneDecision("with_call")
ALONE_AFTER_EXCHANGE = AloneDecision("after_exchange")
DEFEND_ALONE = DefendAlone()
ACE_NO_FACE = MisdealOffers("ace_no_face")
EXTRA_DISCARD_BEFORE = DealerExtraDiscard("before_bidding")
EXTRA_DISCARD_AFTER = DealerExtraDiscard("after_trump")
AUCTION = Auction()
NAME_TRUMP = NameTrump()
HELP_EXCHANGE = HelpExchange()
TRICK_PLAY = TrickPlay()


def pipeline_for(rules: Rules) -> tuple[Phase, ...]:
    """The phases of one hand of this variant, in order (inactive ones skip)."""
    steps: list[Phase] = []
    if rules["calling"] == "euchre_two_round":
        steps += [EUCHRE_CALLING, PARTNER_ALONE, DEALER_PICKUP, ALONE_AFTER_EXCHANGE]
        if rules["defend_alone"]:
            steps.append(DEFEND_ALONE)
    else:
        if rules["ace_no_face"]:
            steps.append(ACE_NO_FACE)
        if rules["dealer_extra_card"]:
            steps.append(EXTRA_DISCARD_BEFORE)
        steps.append(AUCTION)
        if rules["trump_declaration"] == "named":
            steps.append(NAME_TRUMP)
        if rules["dealer_extra_card"]:
            steps.append(EXTRA_DISCARD_AFTER)
        if any(b.kind == "help" for b in rules.bids):
            steps.append(HELP_EXCHANGE)
    steps.append(TRICK_PLAY)
    return tuple(steps)


__all__ = ["Phase", "pipeline_for"]
