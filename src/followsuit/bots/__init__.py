"""Bots: clients of an observation and its legal actions, nothing more.

>>> bot = make_bot("random", seed=1)
>>> bot.name
'random'
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .bid_euchre_rules import BidEuchreRulesBot
from .euchre_rules import EuchreRulesBot
from .expert import ExpertBot
from .pimc import PimcBot
from .pitch_rules import PitchRulesBot
from .random_bot import RandomBot
from .rules_bot import RulesBot


def _hard(seed: int | str | None) -> PimcBot:
    return PimcBot(seed, policy=RulesBot(), infer=True, play_worlds=48, call_worlds=96)


BOTS: dict[str, Callable[[int | str | None], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "easy": lambda seed: RulesBot(),
    "rules": lambda seed: RulesBot(),
    "rules-v1": lambda seed: RulesBot(sound=False),
    "medium": lambda seed: PimcBot(seed, policy=RulesBot()),
    "hard": lambda seed: _hard(seed),
    "expert": lambda seed: ExpertBot(_hard(seed)),
}
"""Every bot by name: ``rules`` is ``easy`` under its first name."""


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """A bot by name (see :data:`BOTS`)."""
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
    "ExpertBot",
    "PimcBot",
    "PitchRulesBot",
    "RandomBot",
    "RulesBot",
    "make_bot",
]
