"""followsuit: the engine and card table for the Euchre and Pitch families.

>>> import followsuit
>>> game = followsuit.new_game("euchre/american", seed=7)
>>> game.current_player in range(4)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Card, Deck, Suit, find_deck
from .engine import Deal, HandLog, HandResult, IllegalAction, InvalidRecord, State, Trick
from .engine.worlds import sample_world
from .rules import OptionError, Rules, UnknownVariant, Variant, find_variant, load_rules, variants

__version__ = "0.1.0"


def new_game(
    variant: str | Rules,
    options: Mapping[str, Any] | None = None,
    *,
    seed: int | str | None = None,
    dealer: int | None = None,
) -> State:
    """Start a game of ``variant`` with house-rule ``options``.

    With a ``seed`` every hand is dealt from it (the same seed gives the same game
    for the same actions); without one, each hand waits for :meth:`State.deal`.
    """
    rules = variant if isinstance(variant, Rules) else load_rules(variant, options)
    if isinstance(variant, Rules) and options:
        raise ValueError("give options either in the Rules or as options, not both")
    return State(rules, seed=seed, dealer=dealer)


__all__ = [
    "Card",
    "Deal",
    "Deck",
    "HandLog",
    "HandResult",
    "IllegalAction",
    "InvalidRecord",
    "OptionError",
    "Rules",
    "State",
    "Suit",
    "Trick",
    "UnknownVariant",
    "Variant",
    "find_deck",
    "find_variant",
    "load_rules",
    "new_game",
    "sample_world",
    "variants",
]
