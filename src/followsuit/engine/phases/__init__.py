"""The phases of a hand, and the pipeline each variant's data selects."""

from __future__ import annotations

from ...rules import Rules
from .auction import Auction, NameTrump
from .base import Phase
from .bid_exchange import DealerExtraDiscard, HelpExchange
from .claims import CLAIMS, MisdealOffers
from .euchre_calling import EuchreCalling
from .euchre_exchange import AloneDecision, DealerPickup, DefendAlone
from .pitch_calls import CallPartner, MoonDeclaration
from .pitch_draws import DiscardDraw, NewYorkerDraw
from .pitch_fills import (
    Burn,
    DiscardThree,
    Fill,
    NinesFives,
    PassToPartner,
    RazzleDiscards,
    TakeKitty,
)
from .play import TrickPlay

EUCHRE_CALLING = EuchreCalling()
DEALER_PICKUP = DealerPickup()
PARTNER_ALONE = AloneDecision("with_call")
ALONE_AFTER_EXCHANGE = AloneDecision("after_exchange")
DEFEND_ALONE = DefendAlone()
OFFERS = {kind: MisdealOffers(kind) for kind in CLAIMS}
EXTRA_DISCARD_BEFORE = DealerExtraDiscard("before_bidding")
EXTRA_DISCARD_AFTER = DealerExtraDiscard("after_trump")
AUCTION = Auction()
NAME_TRUMP = NameTrump()
HELP_EXCHANGE = HelpExchange()
TRICK_PLAY = TrickPlay()

#: Pitch's exchanges after trump is known, by the variant's ``exchange`` name.
PITCH_EXCHANGES: dict[str, tuple[Phase, ...]] = {
    "none": (),
    "new_yorker": (NewYorkerDraw(),),
    "nines_fives": (NinesFives(),),
    "fill": (Fill(), PassToPartner(), Burn()),
    "razzle": (RazzleDiscards(), Burn()),
    "discard_three": (DiscardThree(),),
}
DISCARD_DRAW = DiscardDraw()
TAKE_KITTY = TakeKitty()
CALL_PARTNER = CallPartner()
MOON_DECLARATION = MoonDeclaration()


def pipeline_for(rules: Rules) -> tuple[Phase, ...]:
    """The phases of one hand of this variant, in order (inactive ones skip)."""
    steps: list[Phase] = []
    if rules["calling"] == "euchre_two_round":
        steps += [EUCHRE_CALLING, PARTNER_ALONE, DEALER_PICKUP, ALONE_AFTER_EXCHANGE]
        if rules["defend_alone"]:
            steps.append(DEFEND_ALONE)
        steps.append(TRICK_PLAY)
        return tuple(steps)
    for kind, (option, _test) in CLAIMS.items():
        if rules[option]:
            steps.append(OFFERS[kind])
    if rules["dealer_extra_card"]:
        steps.append(EXTRA_DISCARD_BEFORE)
    steps.append(AUCTION)
    if rules["exchange"] == "razzle":
        steps.append(TAKE_KITTY)
    if rules["trump_declaration"] == "named":
        steps.append(NAME_TRUMP)
    if rules["dealer_extra_card"]:
        steps.append(EXTRA_DISCARD_AFTER)
    if any(b.kind == "help" for b in rules.bids):
        steps.append(HELP_EXCHANGE)
    if rules["discard_draw"]:
        steps.append(DISCARD_DRAW)
    steps += PITCH_EXCHANGES[rules["exchange"]]
    if rules["call_partner"]:
        steps.append(CALL_PARTNER)
    if rules["moon_rule"] == "declared":
        steps.append(MOON_DECLARATION)
    steps.append(TRICK_PLAY)
    return tuple(steps)


__all__ = ["Phase", "pipeline_for"]
