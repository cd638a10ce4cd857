"""How the terminal shows cards, hands, calls and tricks (Rich text)."""

from __future__ import annotations

from rich.text import Text

from ..cards import bits
from ..engine.observation import Observation

SUIT_SYMBOL = "♣♦♥♠"
SUIT_STYLE = ("bold", "bold red", "bold red", "bold")
COMPASS = ("North", "East", "South", "West")


def short_names(n: int) -> list[str]:
    """N E S W for four players, A B C … otherwise (as SCENARIOS.md writes them)."""
    return [c[0] for c in COMPASS] if n == 4 else [chr(ord("A") + k) for k in range(n)]


def seat_names(n: int, human: int | None) -> list[str]:
    names = list(COMPASS) if n == 4 else [f"Player {c}" for c in short_names(n)]
    if human is not None:
        names[human] = f"{names[human]} (you)"
    return names


def card_text(obs: Observation, card: int, *, dim: bool = False) -> Text:
    deck = obs.rules.deck
    code = deck.codes[card]
    suit = deck.suit[card]
    if suit < 0:
        return Text(code, style="dim" if dim else "bold magenta")
    label = ("10" if code[0] == "T" else code[0]) + SUIT_SYMBOL[suit]
    return Text(label, style="dim" if dim else SUIT_STYLE[suit])


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
    cards = bits(mask)

    def key(c: int) -> tuple[int, int]:
        eff = table.eff[c]
        return (order.index(eff) if eff >= 0 else -1, -table.power[c])

    return sorted(cards, key=key)


def hand_text(obs: Observation, legal_cards: set[int]) -> Text:
    out = Text()
    table = obs.table
    last_suit = None
    for c in sorted_hand(obs, obs.hand):
        suit = table.eff[c]
        if last_suit is not None and suit != last_suit:
            out.append("  ")
        elif last_suit is not None:
            out.append(" ")
        last_suit = suit
        dim = bool(legal_cards) and c not in legal_cards
        out.append_text(card_text(obs, c, dim=dim))
    return out
