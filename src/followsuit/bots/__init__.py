"""Bots: clients of an observation and its legal actions, nothing more.

>>> bot = make_bot("random", seed=1)
>>> bot.name
'random'
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .euchre_rules import EuchreRulesBot
from .random_bot import RandomBot

BOTS: dict[str, Callable[[int | str | None], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "rules": lambda seed: EuchreRulesBot(),
}


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """A bot by name (``random``, ``rules``)."""
    try:
        factory = BOTS[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}") from None
    return factory(seed)


__all__ = ["BOTS", "Bot", "EuchreRulesBot", "RandomBot", "make_bot"]
