"""The ``easy`` level: the rule-based player of each family, chosen by the
observation's family."""

from __future__ import annotations

from ..engine.observation import Observation
from .base import Bot
from .bid_euchre_rules import BidEuchreRulesBot
from .euchre_rules import EuchreRulesBot
from .pitch_rules import PitchRulesBot


class RulesBot:
    """The rule-based player of whatever family the observation is from.
    ``sound`` (the ``easy`` level): the bidding checks added after measuring the
    first version (kept as ``rules-v1``)."""

    def __init__(self, *, sound: bool = True) -> None:
        self.name = "easy" if sound else "rules-v1"
        self.by_family: dict[str, Bot] = {
            "euchre": EuchreRulesBot(sound=sound),
            "bid_euchre": BidEuchreRulesBot(sound=sound),
            "pitch": PitchRulesBot(sound=sound),
        }

    def choose(self, obs: Observation) -> int:
        return self.by_family[obs.rules.family].choose(obs)
