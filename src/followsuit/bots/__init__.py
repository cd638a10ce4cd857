"""Bots: clients of an observation and its legal actions, nothing more.

>>> bot = make_bot("random", seed=1)
>>> bot.name
'random'
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.observation import Observation
from .base import Bot
from .bid_euchre_rules import BidEuchreRulesBot
from .euchre_rules import EuchreRulesBot
from .pitch_rules import PitchRulesBot
from .random_bot import RandomBot


class RulesBot:
    """The rule-based player of whatever family the observation is from."""

    name = "rules"

    def __init__(self) -> None:
        self.by_family: dict[str, Bot] = {
            "euchre": EuchreRulesBot(),
            "bid_euchre": BidEuchreRulesBot(),
            "pitch": PitchRulesBot(),
        }

    def choose(self, obs: Observation) -> int:
        return self.by_family[obs.rules.family].choose(obs)


BOTS: dict[str, Callable[[int | str | None], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "rules": lambda seed: RulesBot(),
}


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """A bot by name (``random``, ``rules``)."""
    try:
        factory = BOTS[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}") from None
    return factory(seed)


__all__ = [
    "BOTS",
    "BidEuchreRulesBot",
    "Bot",
    "EuchreRulesBot",
    "PitchRulesBot",
    "RandomBot",
    "RulesBot",
    "make_bot",
]
