"""A variant compiled for the engine: lookup tables, the phase pipeline, and the
named scoring and game-end functions its data refers to. Built once per rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..rules import Rules
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
    penalize: bool


@lru_cache(maxsize=128)
def program_for(rules: Rules) -> Program:
    from . import phases, scoring

    return Program(
        rules=rules,
        tables=build_tables(rules),
        pipeline=phases.pipeline_for(rules),
        score_hand=scoring.HAND_SCORING[rules["scoring"]],
        game_end=scoring.GAME_END[rules["game_end_policy"]],
        ladder=(),
        penalize=rules["renege_mode"] == "penalize",
    )
