"""A variant compiled for the engine: lookup tables, the phase pipeline, and the
named scoring and game-end functions its data refers to. Built once per rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..rules import Rules
from ..rules.bids import Bid
from ..rules.pitch_points import pitch_categories, points_per_hand
from . import pitch_scoring, scoring
from .tricks import TrumpTable, build_tables

if TYPE_CHECKING:
    from .phases.base import Phase
    from .state import State


@dataclass(frozen=True, eq=False)
class Program:
    rules: Rules
    tables: tuple[TrumpTable, ...]
    pipeline: tuple[Phase, ...]
    score_hand: Callable[[State], list[int]]
    game_end: Callable[[State], int | None]
    ladder: tuple[str, ...]
    bids: tuple[Bid, ...]
    continuous: bool
    penalize: bool
    twins: int
    """Mask of the lower copy of each identical pair (copies sit at adjacent
    indices); 0 for a deck without duplicates."""
    moon_alone: bool
    """A moon bid sends the bidder's partner out (Bid Euchre; New Yorker option)."""
    categories: tuple[str, ...]
    """Pitch: the hand's scoring categories, in ``category_order``."""
    points_total: int
    """Pitch: all the points a hand holds."""
    follow: str
    orders: dict[tuple[int, int], tuple[int, ...]]
    """Trick play orders by (leader, seats sitting out), filled as they are met."""


#: The hand-scoring functions a variant's ``scoring`` names.
HAND_SCORING: dict[str, Callable[[State], list[int]]] = {
    "euchre_table": scoring.euchre_table,
    "cutthroat_table": scoring.cutthroat_table,
    "bid_euchre_tricks": scoring.bid_euchre_tricks,
    "pitch_points": pitch_scoring.pitch_points,
}

#: The game-end functions a variant's ``game_end_policy`` names.
GAME_END: dict[str, Callable[[State], int | None]] = {
    "first_to_target": scoring.first_to_target,
    "timed": scoring.timed,
    "maker_priority": pitch_scoring.pitch_game_end,
    "bid_to_go_out": pitch_scoring.pitch_game_end,
}


@lru_cache(maxsize=128)
def program_for(rules: Rules) -> Program:
    from . import phases

    return Program(
        rules=rules,
        tables=build_tables(rules),
        pipeline=phases.pipeline_for(rules),
        score_hand=HAND_SCORING[rules["scoring"]],
        game_end=GAME_END[rules["game_end_policy"]],
        ladder=tuple(b.label for b in rules.bids),
        bids=rules.bids,
        continuous=_continuous(rules),
        penalize=rules["renege_mode"] == "penalize",
        twins=_twins(rules),
        moon_alone=bool(rules["moon_alone"]),
        categories=pitch_categories(rules.values) if rules.family == "pitch" else (),
        points_total=points_per_hand(rules.values) if rules.family == "pitch" else 0,
        follow=rules["follow"],
        orders={},
    )


def _continuous(rules: Rules) -> bool:
    """Whether the auction goes round until all but one pass (RULES.md §1.10)."""
    key = "be_bid_rounds" if rules.family == "bid_euchre" else "bid_rounds"
    return bool(rules[key] == "continuous")


def _twins(rules: Rules) -> int:
    deck = rules.deck
    mask = 0
    for indices in deck.by_code.values():
        if len(indices) == 2:
            low, high = indices
            assert high == low + 1, "identical cards must sit at adjacent indices"
            mask |= 1 << low
    return mask


def canonical(prog: Program, hand: int, cards: int) -> bool:
    """A set of cards from ``hand`` is canonical when it never uses the upper copy
    of an identical pair while leaving the lower one in the hand (so that each
    distinct choice is offered once)."""
    twins = prog.twins
    if not twins:
        return True
    uppers = (hand & (hand >> 1) & twins) << 1  # upper copies whose twin is held
    chosen_upper = cards & uppers
    return not (chosen_upper & ~((cards & twins) << 1))
