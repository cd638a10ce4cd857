"""How the terminal orders and shows a hand: by suit, trump first, high to low."""

from __future__ import annotations

from rich.text import Text

from ..cards import bits
from ..engine.observation import Observation
from .words import card


def suit_order(obs: Observation) -> list[int]:
    """Trump first, then the other suits alternating colours."""
    trump = obs.trump
    if trump is None:
        return [0, 1, 3, 2]
    rest = {0: [1, 3, 2], 1: [0, 2, 3], 2: [3, 1, 0], 3: [2, 0, 1]}[trump]
    return [trump, *rest]


def sorted_hand(obs: Observation, mask: int) -> list[int]:
    """Cards grouped by effective suit (trump first), high to low within a suit."""
    table = obs.table
    order = suit_order(obs)

    def key(c: int) -> tuple[int, int]:
        eff = table.eff[c]
        return (order.index(eff) if eff >= 0 else -1, -table.power[c])

    return sorted(bits(mask), key=key)


def hand_items(obs: Observation, legal: set[int]) -> list[Text]:
    """The hand as one item per suit (a suit's cards stay together on a line); the
    cards not in ``legal`` dimmed when it is given."""
    table = obs.table
    items: list[Text] = []
    last = None
    for c in sorted_hand(obs, obs.hand):
        suit = table.eff[c]
        if last is None or suit != last:
            items.append(Text())
        else:
            items[-1].append(" ")
        last = suit
        items[-1].append_text(card(obs.rules.deck, c, dim=bool(legal) and c not in legal))
    return items
