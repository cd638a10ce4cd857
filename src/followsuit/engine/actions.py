"""Actions as small integers, and their record text (``"play JH"``, ``"bid 4"`` …).

Bots and search call the engine with integers; the record, the CLI and the server
speak text. Card plays are the card's deck index (0-63) so that the hot path never
builds an object; calls are small constants; multi-card steps (``discard``,
``give``) carry a card bitmask above bit 64.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SUIT_CHARS, Deck, iter_bits

PASS = 64
ORDER_UP = 65
ORDER_UP_ALONE = 66
CALL = 67  # + suit: name a suit (Euchre round 2)
CALL_ALONE = 71  # + suit
ALONE = 75
PARTNER = 76
DEFEND_ALONE = 77
TRUMP = 78  # + suit: the winning bidder names trump
CLAIM_MISDEAL = 82
PLAY_PILE = 83
TIME_UP = 84  # table event (seat None), not a player's action
DECLARE_MOON = 85  # the maker announces the moon (moon_rule = declared): "bid moon"
BID = 100  # + position on the variant's bid ladder
CALL_PARTNER = 300  # + card index
PILE_CARD = 400  # + card index: a pile card as logged once turned ("play-pile C")
DISCARD = 1 << 64  # | card mask
GIVE = 2 << 64  # | card mask
CARD_MASK = (1 << 64) - 1


def is_play(action: int) -> bool:
    return 0 <= action < 64


def discard(mask: int) -> int:
    return DISCARD | mask


def give(mask: int) -> int:
    return GIVE | mask


def cards_of(action: int) -> int:
    """The card mask carried by a ``discard`` or ``give`` action."""
    return action & CARD_MASK


def to_text(
    action: int, deck: Deck, ladder: tuple[str, ...] = (), order: Sequence[int] | None = None
) -> str:
    """The record text of an action (a discard's cards in ``order`` when given)."""
    if 0 <= action < 64:
        return "play " + deck.codes[action]
    if action == PASS:
        return "pass"
    if action == ORDER_UP:
        return "order-up"
    if action == ORDER_UP_ALONE:
        return "order-up alone"
    if CALL <= action < CALL + 4:
        return "call " + SUIT_CHARS[action - CALL]
    if CALL_ALONE <= action < CALL_ALONE + 4:
        return "call " + SUIT_CHARS[action - CALL_ALONE] + " alone"
    if action == ALONE:
        return "alone"
    if action == PARTNER:
        return "partner"
    if action == DEFEND_ALONE:
        return "defend-alone"
    if TRUMP <= action < TRUMP + 4:
        return "trump " + SUIT_CHARS[action - TRUMP]
    if action == CLAIM_MISDEAL:
        return "claim-misdeal"
    if action == PLAY_PILE:
        return "play-pile"
    if action == TIME_UP:
        return "time-up"
    if action == DECLARE_MOON:
        return "bid moon"
    if BID <= action < CALL_PARTNER:
        return "bid " + ladder[action - BID]
    if CALL_PARTNER <= action < CALL_PARTNER + 64:
        return "call-partner " + deck.codes[action - CALL_PARTNER]
    if PILE_CARD <= action < PILE_CARD + 64:
        return "play-pile " + deck.codes[action - PILE_CARD]
    if action >= DISCARD:
        verb = "discard" if action >> 64 == 1 else "give"
        return verb + " " + deck.format(iter_bits(action & CARD_MASK) if order is None else order)
    raise ValueError(f"not an action: {action}")
