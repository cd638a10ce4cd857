"""Pitch scoring categories as data (RULES.md §1.9): which a variant counts, what
each is worth, and the points a hand holds in all."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CLASSIC4 = ("HIGH", "LOW", "JACK", "GAME")
CARD_POINTS = (
    "ACE_CARD",
    "JACK",
    "JICK",
    "BIG_JOKER",
    "LITTLE_JOKER",
    "TEN_CARD",
    "TREY",
    "DEUCE_CARD",
)
CATEGORY_POINTS = ("HIGH", "LOW", "JACK", "JICK", "BIG_JOKER", "LITTLE_JOKER", "TREY", "GAME")


def joker_categories(jokers: int) -> tuple[str, ...]:
    return ("BIG_JOKER", "LITTLE_JOKER") if jokers == 2 else ("JOKER",) if jokers == 1 else ()


def pitch_categories(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The categories a hand is scored on, in ``category_order``."""
    if options["categories"] is not None:
        chosen: tuple[str, ...] = tuple(options["categories"])
    elif options["ten_point"]:
        chosen = CARD_POINTS if options["point_model"] == "cards" else CATEGORY_POINTS
        if options["off_ace"]:
            chosen += ("OFF_ACE",)
        if options["off_trey"]:
            chosen += ("OFF_TREY",)
    else:
        chosen = CLASSIC4
        if options["category_profile"] == "seed_extended":
            chosen += ("JICK", "TREY")
        chosen += joker_categories(int(options["jokers"]))
    chosen += tuple(c for c in options["extra_categories"] if c not in chosen)
    order = list(options["category_order"])
    return tuple(sorted(set(chosen), key=lambda c: order.index(c) if c in order else 99))


def category_value(category: str, options: Mapping[str, Any]) -> int:
    if category in ("TREY", "OFF_TREY"):
        return 3
    if category == "FIVE":
        return int(options["five_value"])
    if category == "NINE":
        return int(options["nine_value"])
    return 1


def points_per_hand(options: Mapping[str, Any]) -> int:
    """All the points one hand can give (10 in Oklahoma, 4 in classic Pitch)."""
    return sum(category_value(c, options) for c in pitch_categories(options))
