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

Seed = int | str | None


def _hard(seed: Seed, think_ms: int | None) -> PimcBot:
    return PimcBot(
        seed, policy=RulesBot(), infer=True, play_worlds=48, call_worlds=96, think_ms=think_ms
    )


BOTS: dict[str, Callable[[Seed, int | None], Bot]] = {
    "random": lambda seed, think_ms: RandomBot(seed),
    "easy": lambda seed, think_ms: RulesBot(),
    "rules": lambda seed, think_ms: RulesBot(),
    "rules-v1": lambda seed, think_ms: RulesBot(sound=False),
    "medium": lambda seed, think_ms: PimcBot(seed, policy=RulesBot(), think_ms=think_ms),
    "hard": _hard,
    "expert": lambda seed, think_ms: ExpertBot(_hard(seed, think_ms)),
}
"""Every bot by name, made from a seed and a time budget (``think_ms``, which only
the search levels use): ``rules`` is ``easy`` under its first name."""


def make_bot(name: str, seed: Seed = None, *, think_ms: int | None = None) -> Bot:
    """A bot by name (see :data:`BOTS`). The search levels (medium, hard, expert)
    search a fixed number of worlds per decision, so a bot made with a seed makes
    the same decisions on any machine, however busy; ``think_ms`` gives them a
    time budget per decision instead (still at least 16 worlds), for a table that
    must answer in time. The other levels take no time worth budgeting."""
    try:
        factory = BOTS[name.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}") from None
    return factory(seed, think_ms)


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
