"""Every verb of the game record in one table: how its actions are numbered, their
record text, how text is read back, and what they say in plain English.

Bots and search call the engine with small integers; the record, the command line
and the server speak text (``"play JH"``, ``"call S alone"``, ``"bid 4"``). This
module is the only place that turns one into the other, so the numbering can
change without anything else noticing:

* ``0-63`` play the card with that deck index (the hot path builds no object);
* ``64-85`` the calls without argument, and those that name a suit (four each);
* ``128 + card`` call a partner's card, ``192 + card`` a blind-pile card as logged;
* ``256 + i`` bid the ``i``-th step of the variant's ladder (a ladder is short, and
  nothing is numbered above it until bit 64, so no option can make two verbs meet);
* ``1 << 64 | cards`` and ``2 << 64 | cards`` discard or give a set of cards.

>>> from followsuit.cards import find_deck
>>> deck = find_deck("EUCHRE24")
>>> to_text(call(2, alone=True), deck)
'call H alone'
>>> parse("call h alone", deck)[0] == call(2, alone=True)
True
>>> describe(ORDER_UP, deck, dealer=True)
'picks it up'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from ..cards import SUIT_CHARS, Deck, Suit, iter_bits
from ..messages import quoted, shown
from .errors import IllegalAction


class Arg(Enum):
    """What a verb takes after its word."""

    NONE = 0
    SUIT = 4
    CARD = 64
    BID = -1
    CARDS = -2


@dataclass(frozen=True)
class Verb:
    """One verb: record text ``word [argument] [suffix]``, its first action number
    and how many it spans (by ``arg``), and what it says in plain English
    (``{card}``, ``{suit}``, ``{bid}``, ``{cards}`` stand for the argument)."""

    word: str
    base: int
    arg: Arg
    says: str
    suffix: str = ""
    dealer_says: str = ""
    """What it says when the dealer does it, where that differs."""
    hidden_says: str = ""
    """What the others are told of it when its cards are private (``{count}``)."""


CARDS_BASE: Final = 1 << 64

# fmt: off
PLAY_VERB = Verb("play", 0, Arg.CARD, "plays {card}")
PASS_VERB = Verb("pass", 64, Arg.NONE, "passes")
ORDER_UP_VERB = Verb("order-up", 65, Arg.NONE, "orders it up", dealer_says="picks it up")
ORDER_UP_ALONE_VERB = Verb("order-up", 66, Arg.NONE, "orders it up and goes alone",
                           suffix="alone", dealer_says="picks it up and goes alone")
CALL_VERB = Verb("call", 67, Arg.SUIT, "calls {suit}")
CALL_ALONE_VERB = Verb("call", 71, Arg.SUIT, "calls {suit} alone", suffix="alone")
ALONE_VERB = Verb("alone", 75, Arg.NONE, "goes alone")
PARTNER_VERB = Verb("partner", 76, Arg.NONE, "plays with partner")
DEFEND_ALONE_VERB = Verb("defend-alone", 77, Arg.NONE, "defends alone")
TRUMP_VERB = Verb("trump", 78, Arg.SUIT, "names {suit} trump")
CLAIM_MISDEAL_VERB = Verb("claim-misdeal", 82, Arg.NONE, "claims a misdeal")
PLAY_PILE_VERB = Verb("play-pile", 83, Arg.NONE, "plays the top card of the pile")
TIME_UP_VERB = Verb("time-up", 84, Arg.NONE, "time is up")
DECLARE_MOON_VERB = Verb("bid", 85, Arg.NONE, "declares the moon", suffix="moon")
CALL_PARTNER_VERB = Verb("call-partner", 128, Arg.CARD, "calls {card} to be the partner")
PILE_CARD_VERB = Verb("play-pile", 192, Arg.CARD, "plays {card} from the pile")
BID_VERB = Verb("bid", 256, Arg.BID, "bids {bid}")
DISCARD_VERB = Verb("discard", CARDS_BASE, Arg.CARDS, "discards {cards}",
                    hidden_says="discards {count}")
GIVE_VERB = Verb("give", 2 * CARDS_BASE, Arg.CARDS, "gives {cards}", hidden_says="gives {count}")
# fmt: on

#: Every verb, in numbering order.
VERBS: tuple[Verb, ...] = (
    PLAY_VERB,
    PASS_VERB,
    ORDER_UP_VERB,
    ORDER_UP_ALONE_VERB,
    CALL_VERB,
    CALL_ALONE_VERB,
    ALONE_VERB,
    PARTNER_VERB,
    DEFEND_ALONE_VERB,
    TRUMP_VERB,
    CLAIM_MISDEAL_VERB,
    PLAY_PILE_VERB,
    TIME_UP_VERB,
    DECLARE_MOON_VERB,
    CALL_PARTNER_VERB,
    PILE_CARD_VERB,
    BID_VERB,
    DISCARD_VERB,
    GIVE_VERB,
)

# The action numbers the phases build their legal sets from.
PASS: Final = PASS_VERB.base
ORDER_UP: Final = ORDER_UP_VERB.base
ORDER_UP_ALONE: Final = ORDER_UP_ALONE_VERB.base
ALONE: Final = ALONE_VERB.base
PARTNER: Final = PARTNER_VERB.base
DEFEND_ALONE: Final = DEFEND_ALONE_VERB.base
CLAIM_MISDEAL: Final = CLAIM_MISDEAL_VERB.base
PLAY_PILE: Final = PLAY_PILE_VERB.base
TIME_UP: Final = TIME_UP_VERB.base
DECLARE_MOON: Final = DECLARE_MOON_VERB.base
DISCARD: Final = DISCARD_VERB.base
GIVE: Final = GIVE_VERB.base
_CARD_MASK: Final = CARDS_BASE - 1

#: The verb of every action number below the bids.
_SMALL: dict[int, Verb] = {
    v.base + k: v
    for v in VERBS
    if v.arg not in (Arg.BID, Arg.CARDS)
    for k in range(max(1, v.arg.value))
}


# -- building actions ---------------------------------------------------------------


def play(card: int) -> int:
    return card


def call(suit: int, alone: bool = False) -> int:
    """Name ``suit`` (Euchre round 2, or the dealer under a turned-up joker)."""
    return (CALL_ALONE_VERB if alone else CALL_VERB).base + suit


def trump(suit: int) -> int:
    """The winning bidder names ``suit`` trump."""
    return TRUMP_VERB.base + suit


def bid(position: int) -> int:
    """Bid the step at ``position`` on the variant's ladder."""
    return BID_VERB.base + position


def call_partner(card: int) -> int:
    return CALL_PARTNER_VERB.base + card


def pile_card(card: int) -> int:
    """A blind-pile card as logged once it is turned."""
    return PILE_CARD_VERB.base + card


def discard(cards: int) -> int:
    return DISCARD | cards


def give(cards: int) -> int:
    return GIVE | cards


# -- reading actions ----------------------------------------------------------------


def verb_of(action: int) -> Verb | None:
    """The verb of ``action`` (None if it is not an action number)."""
    if action < 0:
        return None
    if action < 64:
        return PLAY_VERB
    verb = _SMALL.get(action)
    if verb is not None:
        return verb
    if BID_VERB.base <= action < CARDS_BASE:
        return BID_VERB
    kind = action >> 64
    if kind == 1:
        return DISCARD_VERB
    if kind == 2:
        return GIVE_VERB
    return None


def is_play(action: int) -> bool:
    """A card played from the hand."""
    return 0 <= action < 64


def is_discard(action: int) -> bool:
    return action >> 64 == 1


def is_give(action: int) -> bool:
    return action >> 64 == 2


def is_bid(action: int) -> bool:
    return BID_VERB.base <= action < CARDS_BASE


def is_call(action: int) -> bool:
    """Naming a suit in the Euchre calling (alone or not)."""
    return CALL_VERB.base <= action < CALL_ALONE_VERB.base + 4


def goes_alone(action: int) -> bool:
    """An order-up or call that goes alone."""
    return action == ORDER_UP_ALONE or CALL_ALONE_VERB.base <= action < CALL_ALONE_VERB.base + 4


def suit_of(action: int) -> int:
    """The suit a call or a trump naming names."""
    verb = verb_of(action)
    assert verb is not None and verb.arg is Arg.SUIT, action
    return action - verb.base


def card_of(action: int) -> int:
    """The card a play, a called partner's card or a turned pile card names."""
    verb = verb_of(action)
    assert verb is not None and verb.arg is Arg.CARD, action
    return action - verb.base


def bid_of(action: int) -> int:
    """The ladder position a bid names."""
    return action - BID_VERB.base


def cards_of(action: int) -> int:
    """The cards (a mask) a discard or give names; 0 for other actions."""
    return action & _CARD_MASK if action >= CARDS_BASE else 0


def named_cards(action: int) -> int:
    """Every card an action names, as a mask: a play, a pile card, a called card, a
    discard's or a give's cards (0 for the others)."""
    verb = verb_of(action)
    if verb is None or verb.arg not in (Arg.CARD, Arg.CARDS):
        return 0
    if verb.arg is Arg.CARDS:
        return action & _CARD_MASK
    return 1 << (action - verb.base)


# -- text ---------------------------------------------------------------------------


def to_text(
    action: int, deck: Deck, ladder: Sequence[str] = (), order: Sequence[int] | None = None
) -> str:
    """The record text of ``action`` (a discard's cards in ``order`` when given)."""
    verb = verb_of(action)
    if verb is None:
        raise ValueError(f"not an action: {action!r}")
    argument = _argument(verb, action, deck, ladder, order)
    return " ".join(w for w in (verb.word, argument, verb.suffix) if w)


def describe(
    action: int,
    deck: Deck,
    ladder: Sequence[str] = (),
    *,
    dealer: bool = False,
    hidden: int | None = None,
) -> str:
    """What ``action`` says in plain English ("calls hearts alone"); ``dealer``:
    done by the dealer; ``hidden``: a private discard or give of that many cards,
    told without its cards."""
    verb = verb_of(action)
    if verb is None:
        raise ValueError(f"not an action: {action!r}")
    if hidden is not None and verb.hidden_says:
        things = "a card" if hidden == 1 else f"{hidden} cards"
        return verb.hidden_says.format(count=things)
    says = verb.dealer_says if dealer and verb.dealer_says else verb.says
    arg = _argument(verb, action, deck, ladder, None)
    if verb.arg is Arg.SUIT:
        arg = Suit(action - verb.base).word
    return says.format(card=arg, suit=arg, bid=arg, cards=arg)


def _argument(
    verb: Verb, action: int, deck: Deck, ladder: Sequence[str], order: Sequence[int] | None
) -> str:
    if verb.arg is Arg.NONE:
        return ""
    if verb.arg is Arg.SUIT:
        return SUIT_CHARS[action - verb.base]
    if verb.arg is Arg.CARD:
        card = action - verb.base
        if card >= len(deck):
            raise ValueError(f"there is no card {card} in the {deck.name} deck")
        return deck.codes[card]
    if verb.arg is Arg.BID:
        position = action - verb.base
        if position >= len(ladder):
            raise ValueError(f"there is no bid {position} on this ladder")
        return ladder[position]
    cards = action & _CARD_MASK
    if cards & ~deck.full_mask or not cards:
        raise ValueError(f"not a set of {deck.name} cards: {cards}")
    return deck.format(iter_bits(cards) if order is None else order)


def parse(
    text: str, deck: Deck, ladder: Sequence[str] = (), held: int = 0
) -> tuple[int, tuple[int, ...] | None]:
    """The action ``text`` names, and a discard's or give's cards in the order
    written (None for other actions). A card's copy is the one in ``held`` where
    there is one (a double deck has two of each); IllegalAction if malformed."""
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction(f"{quoted(text)} is not an action")
    words = text.split()
    word, args = words[0].lower(), words[1:]
    verbs = [v for v in VERBS if v.word == word]
    if not verbs:
        known = ", ".join(dict.fromkeys(v.word for v in VERBS if v is not TIME_UP_VERB))
        raise IllegalAction(f"unknown action {quoted(text)} (verbs: {known})")
    if word == "bid":
        return _parse_bid(text, args, ladder), None
    for verb in verbs:
        action = _parse_args(verb, args, deck, held)
        if action is not None:
            if verb.arg is Arg.CARDS:
                return action, tuple(_written(deck, args, action))
            return action, None
    if len(verbs) == 1 and verbs[0].arg is Arg.NONE:
        raise IllegalAction(f"{word} takes no argument: {quoted(text)}")
    raise IllegalAction(f"expected {' or '.join(_form(v) for v in verbs)}, got {quoted(text)}")


def _form(verb: Verb) -> str:
    arg = {Arg.NONE: "", Arg.SUIT: "S", Arg.CARD: "C", Arg.BID: "V", Arg.CARDS: "C [C ...]"}
    return "'" + " ".join(w for w in (verb.word, arg[verb.arg], verb.suffix) if w) + "'"


def _parse_args(verb: Verb, args: list[str], deck: Deck, held: int) -> int | None:
    """The action if ``args`` fit ``verb`` (None if they do not)."""
    suffix = verb.suffix.split()
    if suffix:
        if [a.lower() for a in args[-len(suffix) :]] != suffix:
            return None
        args = args[: -len(suffix)]
    if verb.arg is Arg.NONE:
        return verb.base if not args else None
    if verb.arg is Arg.SUIT:
        if len(args) != 1:
            return None
        return verb.base + _suit(args[0])
    if verb.arg is Arg.CARD:
        if len(args) != 1:
            return None
        return verb.base + _card(deck, args[0], held)
    if not args:
        raise IllegalAction(f"{verb.word} needs at least one card")
    mask = 0
    for arg in args:
        c = _card(deck, arg, held & ~mask)
        if mask >> c & 1:
            raise IllegalAction(f"{shown(arg.upper())} is listed twice")
        mask |= 1 << c
    return verb.base | mask


def _parse_bid(text: str, args: list[str], ladder: Sequence[str]) -> int:
    if len(args) != 1:
        raise IllegalAction(f"expected 'bid V', got {quoted(text)}")
    lowered = [b.lower() for b in ladder]
    value = args[0].lower()
    if value not in lowered:
        if value == DECLARE_MOON_VERB.suffix:
            return DECLARE_MOON  # moon_rule = declared: the maker's announcement
        allowed = ", ".join(ladder) or "none in this variant"
        raise IllegalAction(f"{shown(args[0])} is not a bid here (bids: {allowed})")
    return bid(lowered.index(value))


def _written(deck: Deck, args: list[str], action: int) -> list[int]:
    """The cards of a discard or give in the order the text lists them."""
    left = cards_of(action)
    order = []
    for word in args:
        c = deck.index_in(word, left)
        assert c is not None
        left &= ~(1 << c)
        order.append(c)
    return order


def written_order(deck: Deck, action: int, text: str) -> tuple[int, ...]:
    """The cards of a discard or give ``action`` in the order ``text`` lists them."""
    return tuple(_written(deck, text.split()[1:], action))


def _suit(text: str) -> int:
    try:
        return int(Suit.parse(text))
    except ValueError:
        raise IllegalAction(f"not a suit: {quoted(text)} (use C, D, H or S)") from None


def _card(deck: Deck, code: str, prefer: int) -> int:
    """The index of ``code``, preferring a copy whose bit is set in ``prefer``."""
    try:
        indices = deck.indices_of(code)
    except ValueError:
        raise IllegalAction(f"{quoted(code)} is not a card of the {deck.name} deck") from None
    for i in indices:
        if prefer >> i & 1:
            return i
    return indices[0]
