"""Reading record text (``"play JH"``, ``"call S alone"``) into engine actions.

Parsing needs the state: a card name means the copy the mover holds (double
decks), and a bid means a step on the variant's ladder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Deck, Suit
from . import actions as A
from .errors import IllegalAction

if TYPE_CHECKING:
    from .state import State

VERBS = (
    "pass",
    "bid",
    "order-up",
    "call",
    "alone",
    "partner",
    "defend-alone",
    "trump",
    "discard",
    "give",
    "call-partner",
    "play",
    "play-pile",
    "claim-misdeal",
)


def parse_action(s: State, text: str) -> int:
    """The action ``text`` names for the seat to move; IllegalAction if malformed."""
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction(f"{text!r} is not an action")
    words = text.split()
    verb, args = words[0].lower(), words[1:]

    def no_args(value: int) -> int:
        if args:
            raise IllegalAction(f"{verb} takes no argument: {text!r}")
        return value

    if verb == "pass":
        return no_args(A.PASS)
    if verb == "alone":
        return no_args(A.ALONE)
    if verb == "partner":
        return no_args(A.PARTNER)
    if verb == "defend-alone":
        return no_args(A.DEFEND_ALONE)
    if verb == "claim-misdeal":
        return no_args(A.CLAIM_MISDEAL)
    if verb == "order-up":
        if not args:
            return A.ORDER_UP
        if [a.lower() for a in args] == ["alone"]:
            return A.ORDER_UP_ALONE
        raise IllegalAction(f"expected 'order-up' or 'order-up alone', got {text!r}")
    if verb in ("call", "trump"):
        if not args or len(args) > 2 or (len(args) == 2 and args[1].lower() != "alone"):
            form = "call S [alone]" if verb == "call" else "trump S"
            raise IllegalAction(f"expected '{form}', got {text!r}")
        suit = _suit(args[0])
        if verb == "trump":
            if len(args) != 1:
                raise IllegalAction(f"expected 'trump S', got {text!r}")
            return A.TRUMP + suit
        return (A.CALL_ALONE if len(args) == 2 else A.CALL) + suit
    if verb == "bid":
        if len(args) != 1:
            raise IllegalAction(f"expected 'bid V', got {text!r}")
        ladder = [b.lower() for b in s.prog.ladder]
        value = args[0].lower()
        if value == "moon" and value not in ladder:
            return A.DECLARE_MOON  # moon_rule = declared: the maker's announcement
        if value not in ladder:
            allowed = ", ".join(s.prog.ladder) or "none in this variant"
            raise IllegalAction(f"{args[0]} is not a bid here (bids: {allowed})")
        return A.BID + ladder.index(value)
    if verb == "play":
        if len(args) != 1:
            raise IllegalAction(f"expected 'play C', got {text!r}")
        return _card(s, args[0], s.hands[s.to_move] if s.to_move is not None else 0)
    if verb == "play-pile":
        if len(args) > 1:
            raise IllegalAction(f"expected 'play-pile [C]', got {text!r}")
        if args and s.to_move is not None:
            # a finished record may name the card; it must be the pile's top card
            pile = s.piles[s.to_move] if s.piles else []
            named = _card(s, args[0], 0)
            if not pile:
                raise IllegalAction(f"seat {s.to_move} has no pile to play from")
            if s.rules.deck.codes[pile[0]] != s.rules.deck.codes[named]:
                raise IllegalAction(
                    f"the top card of seat {s.to_move}'s pile is "
                    f"{s.rules.deck.codes[pile[0]]}, not {args[0].upper()}"
                )
        return A.PLAY_PILE
    if verb == "call-partner":
        if len(args) != 1:
            raise IllegalAction(f"expected 'call-partner C', got {text!r}")
        return A.CALL_PARTNER + _card(s, args[0], 0)
    if verb in ("discard", "give"):
        if not args:
            raise IllegalAction(f"{verb} needs at least one card")
        held = s.hands[s.to_move] if s.to_move is not None else 0
        mask = 0
        for arg in args:
            c = _card(s, arg, held & ~mask)
            if mask >> c & 1:
                raise IllegalAction(f"{arg.upper()} is listed twice")
            mask |= 1 << c
        return (A.DISCARD if verb == "discard" else A.GIVE) | mask
    raise IllegalAction(f"unknown action {text!r} (verbs: {', '.join(VERBS)})")


def parse_written(s: State, text: str) -> tuple[int, list[int] | None]:
    """The action ``text`` names and, for a discard or give, its cards in the
    order written (``None`` for other actions)."""
    action = parse_action(s, text)
    if action < A.DISCARD:
        return action, None
    return action, written_order(s.rules.deck, action, text)


def written_order(deck: Deck, action: int, text: str) -> list[int]:
    """The cards of a discard or give ``action`` in the order ``text`` lists them."""
    left = A.cards_of(action)
    order = []
    for word in text.split()[1:]:
        c = deck.index_in(word, left)
        if c is None:
            raise ValueError(f"{word} is not one of the cards of {text!r}")
        left &= ~(1 << c)
        order.append(c)
    return order


def _suit(text: str) -> int:
    try:
        return int(Suit.parse(text))
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None


def _card(s: State, code: str, prefer: int) -> int:
    """The index of ``code``, preferring a copy whose bit is set in ``prefer``."""
    deck = s.rules.deck
    try:
        indices = deck.indices_of(code)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    for i in indices:
        if prefer >> i & 1:
            return i
    return indices[0]
