"""A variant compiled once for the engine: every option as a typed attribute, plus
the lookup tables, the phase pipeline and the scoring and game-end functions its
data names.

:class:`Program` extends :class:`~followsuit.rules.settings.Settings`, so the hot
path and the phases read ``prog.follow`` or ``prog.target_score`` directly (a
misspelt option is a type-check error), and the derived facts beside them
(``prog.cards``, ``prog.tables``, ``prog.twins`` …) are computed here, once per
rules, never per call.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from ..cards import Deck
from ..rules import Rules
from ..rules.bids import Bid
from ..rules.pitch_points import pitch_categories, points_per_hand
from ..rules.settings import Settings
from . import phases, pitch_scoring, scoring
from .phases.base import Phase
from .tricks import TrumpTable, build_tables

if TYPE_CHECKING:
    from .scoring import GameEnd, HandScorer


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class Program(Settings):
    """The rules of one game as the engine reads them.

    A Python class even where the engine is compiled: it extends ``Settings``,
    which stays Python because the option catalogue reads its annotations."""

    rules: Rules
    cards: Deck
    """The deck (``deck`` is its name, the option's value)."""
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    partners: tuple[int | None, ...]
    tables: tuple[TrumpTable, ...]
    """Per trump suit C D H S, then index 4 for no trump yet."""
    pipeline: tuple[Phase[Any], ...]
    score_hand: HandScorer
    game_end: GameEnd
    bids: tuple[Bid, ...]
    ladder: tuple[str, ...]
    """The record spelling of each bid (``"4"``, ``"six-help"``, ``"moon"``)."""
    continuous: bool
    """The auction goes round until all but one pass (RULES.md §1.10)."""
    penalize: bool
    """Reneges are accepted, and penalised when the hand is scored."""
    twins: int
    """Mask of the lower copy of each identical pair (copies sit at adjacent
    indices); 0 for a deck without duplicates."""
    hand_categories: tuple[str, ...]
    """Pitch: the hand's scoring categories, in ``category_order``."""
    points_total: int
    """Pitch: all the points a hand holds."""
    no_points: tuple[int, ...]
    """A hand thrown in: nothing to any side."""
    orders: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Trick play orders by seats sitting out (a mask) and leader, as ``out << 4 |
    leader``, filled as they are met."""


#: The hand-scoring functions a variant's ``scoring`` names.
HAND_SCORING: dict[str, HandScorer] = {
    "euchre_table": scoring.euchre_table,
    "cutthroat_table": scoring.cutthroat_table,
    "bid_euchre_tricks": scoring.bid_euchre_tricks,
    "pitch_points": pitch_scoring.pitch_points,
}

#: The game-end functions a variant's ``game_end_policy`` names.
GAME_END: dict[str, GameEnd] = {
    "first_to_target": scoring.first_to_target,
    "timed": scoring.timed,
    "maker_priority": pitch_scoring.pitch_game_end,
    "bid_to_go_out": pitch_scoring.pitch_game_end,
}


@lru_cache(maxsize=256)
def program_for(rules: Rules) -> Program:
    s = rules.settings
    deck = rules.deck
    values = {f.name: getattr(s, f.name) for f in fields(Settings)}
    pitch = s.family == "pitch"
    return Program(
        **values,
        rules=rules,
        cards=deck,
        sides=rules.sides,
        side_of=rules.side_of,
        partners=rules.partners,
        tables=build_tables(s, deck),
        pipeline=phases.pipeline_for(rules),
        score_hand=HAND_SCORING[s.scoring],
        game_end=GAME_END[s.game_end_policy],
        bids=rules.bids,
        ladder=tuple(b.label for b in rules.bids),
        continuous=(s.be_bid_rounds if s.family == "bid_euchre" else s.bid_rounds) == "continuous",
        penalize=s.renege_mode == "penalize",
        twins=deck.twins,
        hand_categories=pitch_categories(s) if pitch else (),
        points_total=points_per_hand(s) if pitch else 0,
        no_points=tuple(0 for _ in rules.sides),
    )


__all__ = ["GAME_END", "HAND_SCORING", "Program", "program_for"]
