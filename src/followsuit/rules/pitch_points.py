"""Pitch scoring categories as data (RULES.md §1.9): which a variant counts, what
each is worth, and the points a hand holds in all."""

from __future__ import annotations

from .settings import Settings

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

#: Categories won by one fixed card: (of the other suit of trump's colour?, rank).
FIXED_CARDS: dict[str, tuple[bool, int]] = {
    "JACK": (False, 11),
    "JICK": (True, 11),
    "OFF_ACE": (True, 14),
    "TREY": (False, 3),
    "OFF_TREY": (True, 3),
    "FIVE": (False, 5),
    "NINE": (False, 9),
    "ACE_CARD": (False, 14),
    "TEN_CARD": (False, 10),
    "DEUCE_CARD": (False, 2),
}
#: The cards that score in the card-point model (with the jokers): a burn never
#: takes them (RULES.md §3).
POINT_CARDS = ("ACE_CARD", "JACK", "JICK", "TEN_CARD", "TREY", "DEUCE_CARD", "OFF_ACE", "OFF_TREY")

#: Game count per rank: A 4, K 3, Q 2, J 1, T 10.
GAME_VALUE = {14: 4, 13: 3, 12: 2, 11: 1, 10: 10}


def fixed_card(category: str, trump: int) -> tuple[int, int] | None:
    """(suit, rank) of the card that wins ``category`` under ``trump`` (None when
    the category is not won by one fixed card)."""
    spec = FIXED_CARDS.get(category)
    if spec is None:
        return None
    same_colour, rank = spec
    return (3 - trump if same_colour else trump), rank


def joker_categories(jokers: int) -> tuple[str, ...]:
    return ("BIG_JOKER", "LITTLE_JOKER") if jokers == 2 else ("JOKER",) if jokers == 1 else ()


def pitch_categories(s: Settings) -> tuple[str, ...]:
    """The categories a hand is scored on, in ``category_order``."""
    if s.categories is not None:
        chosen: tuple[str, ...] = s.categories
    elif s.ten_point:
        chosen = CARD_POINTS if s.point_model == "cards" else CATEGORY_POINTS
        if s.off_ace:
            chosen += ("OFF_ACE",)
        if s.off_trey:
            chosen += ("OFF_TREY",)
    else:
        chosen = CLASSIC4
        if s.category_profile == "seed_extended":
            chosen += ("JICK", "TREY")
        chosen += joker_categories(s.jokers)
    chosen += tuple(c for c in s.extra_categories if c not in chosen)
    order = list(s.category_order)
    return tuple(sorted(set(chosen), key=lambda c: order.index(c) if c in order else 99))


def category_value(category: str, s: Settings) -> int:
    if category in ("TREY", "OFF_TREY"):
        return 3
    if category == "FIVE":
        return s.five_value
    if category == "NINE":
        return s.nine_value
    return 1


def points_per_hand(s: Settings) -> int:
    """All the points one hand can give (10 in Oklahoma, 4 in classic Pitch)."""
    return sum(category_value(c, s) for c in pitch_categories(s))
