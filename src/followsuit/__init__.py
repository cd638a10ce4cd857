"""followsuit: the engine and card table for the Euchre and Pitch families.

>>> import followsuit
>>> game = followsuit.new_game("euchre/american", seed=7)
>>> game.current_player in range(4)
True
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from importlib.machinery import ExtensionFileLoader
from typing import Any, Literal, NamedTuple

from .cards import Card, Deck, Suit, find_deck
from .engine import Deal, HandLog, HandResult, IllegalAction, InvalidRecord, State, Trick
from .engine.worlds import sample_world
from .rules import OptionError, Rules, UnknownVariant, Variant, find_variant, load_rules, variants

__version__ = "0.1.0"


class BuildInfo(NamedTuple):
    """How this installation was built (``str()`` gives one line of it)."""

    version: str
    engine: Literal["compiled", "pure"]
    """``compiled``: the engine's modules are mypyc extensions; ``pure``: Python
    (``FOLLOWSUIT_PURE=1`` at install time, an editable install, or no compiler)."""
    solver: Literal["c", "python"]
    """Whether the double-dummy solver's C kernel was built (``FOLLOWSUIT_SOLVER``
    may still choose the Python search at run time)."""

    def __str__(self) -> str:
        engine = "compiled by mypyc" if self.engine == "compiled" else "pure Python"
        solver = "C kernel" if self.solver == "c" else "pure Python"
        return f"followsuit {self.version} (engine {engine}, solver {solver})"


def build_info() -> BuildInfo:
    """Which parts of this installation are compiled.

    >>> str(build_info()).startswith("followsuit ")
    True
    """
    from .engine import state

    compiled = isinstance(state.__loader__, ExtensionFileLoader)
    kernel = importlib.util.find_spec("followsuit.solver._dd") is not None
    return BuildInfo(__version__, "compiled" if compiled else "pure", "c" if kernel else "python")


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
    "BuildInfo",
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
    "build_info",
    "find_deck",
    "find_variant",
    "load_rules",
    "new_game",
    "sample_world",
    "variants",
]
