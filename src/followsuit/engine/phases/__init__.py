"""The phases of a hand, and the pipeline each variant's data selects."""

from __future__ import annotations

from ...rules import Rules
from .base import Phase
from .euchre_calling import EuchreCalling
from .euchre_exchange import AloneDecision, DealerPickup, DefendAlone
from .play import TrickPlay

EUCHRE_CALLING = EuchreCalling()
DEALER_PICKUP = DealerPickup()
PARTNER_ALONE = AloneDecision("with_call")
ALONE_AFTER_EXCHANGE = AloneDecision("after_exchange")
DEFEND_ALONE = DefendAlone()
TRICK_PLAY = TrickPlay()


def pipeline_for(rules: Rules) -> tuple[Phase, ...]:
    """The phases of one hand of this variant, in order (inactive ones skip)."""
    steps: list[Phase] = []
    if rules["calling"] == "euchre_two_round":
        steps += [EUCHRE_CALLING, PARTNER_ALONE, DEALER_PICKUP, ALONE_AFTER_EXCHANGE]
        if rules["defend_alone"]:
            steps.append(DEFEND_ALONE)
    steps.append(TRICK_PLAY)
    return tuple(steps)


__all__ = ["Phase", "pipeline_for"]
