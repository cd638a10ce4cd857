"""The phases of a hand, and the pipeline each variant's data selects."""

from __future__ import annotations

from typing import Any

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
from .play import MUST_FOLLOW, MUST_FOLLOW_RECORDED, PITCH

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

#: Pitch's exchanges after trump is known, by the variant's ``exchange`` name.
PITCH_EXCHANGES: dict[str, tuple[Phase[Any], ...]] = {
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


def pipeline_for(rules: Rules) -> tuple[Phase[Any], ...]:
    """The phases of one hand of this variant, in order (inactive ones skip)."""
    s = rules.settings
    steps: list[Phase[Any]] = []
    if s.calling == "euchre_two_round":
        steps += [EUCHRE_CALLING, PARTNER_ALONE, DEALER_PICKUP, ALONE_AFTER_EXCHANGE]
        steps += [DEFEND_ALONE, _trick_play(rules)]
        return tuple(step for step in steps if step.used(s))
    for kind, (option, _test) in CLAIMS.items():
        if getattr(s, option):
            steps.append(OFFERS[kind])
    steps += [EXTRA_DISCARD_BEFORE, AUCTION]
    if s.exchange == "razzle":
        steps.append(TAKE_KITTY)
    if s.trump_declaration == "named":
        steps.append(NAME_TRUMP)
    steps.append(EXTRA_DISCARD_AFTER)
    if any(b.kind == "help" for b in rules.bids):
        steps.append(HELP_EXCHANGE)
    if s.discard_draw:
        steps.append(DISCARD_DRAW)
    steps += PITCH_EXCHANGES[s.exchange]
    if s.call_partner:
        steps.append(CALL_PARTNER)
    if s.moon_rule == "declared":
        steps.append(MOON_DECLARATION)
    steps.append(_trick_play(rules))
    return tuple(step for step in steps if step.used(s))


def _trick_play(rules: Rules) -> Phase[Any]:
    """The player of tricks, chosen once: Euchre's follow rule (with reneges
    recorded at a real table, or not), or Pitch's."""
    s = rules.settings
    if s.follow != "must_follow":
        return PITCH
    return MUST_FOLLOW_RECORDED if s.renege_mode == "penalize" else MUST_FOLLOW


__all__ = ["Phase", "pipeline_for"]
