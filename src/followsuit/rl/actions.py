"""The action index space: one fixed, dense ``Discrete(n)`` per variant.

Learning code wants a small fixed set of action ids and a mask over it; the engine
has sparse action numbers, and a discard or give names a whole set of cards (up to
2^n of them: Nines-Fives' bidder chooses 6 of 28 cards, 237,336 sets). So an index
is one of:

* ``0 … D-1``: the card with that deck index, for whatever the decision does with
  a card: play it, call it as the partner's card, or add it to the discard or give
  being chosen (a set is taken one card at a time, closed by ``done``);
* ``D … D+K-1``: the calls that take no card (:data:`CALLS`, the same K = 21 in
  every variant: pass, order-up, ``call H``, ``trump S``, …);
* ``D+K … D+K+L-1``: the bids, one per step of the variant's ladder (L = 0 without
  an auction);
* ``D+K+L``: ``done``, which closes the set of cards being chosen.

The engine still receives the whole set as one action, in the order chosen (the
order is the one a record writes, RULES.md §1.2).

Identical cards (the double deck's two 9C) are one card to a player, but the
engine numbers them apart, by where the deal put them: so which copy a seat holds
tells something of the others' hands. The faces therefore name the lower index
of a pair for either copy (:meth:`ActionSpace.card`, :meth:`ActionSpace.cards`),
in the action indices and in the vector alike.

>>> from followsuit import load_rules
>>> space = ActionSpace.of(load_rules("euchre/american"))
>>> space.n, space.text(space.index_of_call(A.PASS)), space.text(space.done)
(46, 'pass', 'done')
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from functools import cache

from ..engine import actions as A
from ..engine.program import program_for
from ..rules import Rules

#: The engine actions without a card, in index order after the cards (``time-up``
#: is a table event, never a seat's action, and has no index).
CALLS: tuple[int, ...] = (
    A.PASS,
    A.ORDER_UP,
    A.ORDER_UP_ALONE,
    A.ALONE,
    A.PARTNER,
    A.DEFEND_ALONE,
    A.CLAIM_MISDEAL,
    A.PLAY_PILE,
    A.DECLARE_MOON,
    *(A.call(suit) for suit in range(4)),
    *(A.call(suit, alone=True) for suit in range(4)),
    *(A.trump(suit) for suit in range(4)),
)

DONE_TEXT = "done"


@dataclass(frozen=True)
class ActionSpace:
    """The index space of one variant's rules (see the module's docstring)."""

    rules: Rules
    deck_size: int
    ladder: tuple[str, ...]
    twins: int
    """The lower copy of each identical pair (0 for a deck without any)."""

    @classmethod
    def of(cls, rules: Rules) -> ActionSpace:
        return _space(rules)

    def card(self, card: int) -> int:
        """``card`` as the faces name it: the lower copy of an identical pair."""
        return card - 1 if card and self.twins >> (card - 1) & 1 else card

    def cards(self, mask: int) -> int:
        """A set of cards as the faces name it: of a pair, one copy is the lower
        index, both are both."""
        twins = self.twins
        if not twins:
            return mask
        low = mask & twins
        high = (mask >> 1) & twins
        return (mask & ~(twins | twins << 1)) | low | high | (low & high) << 1

    @property
    def calls_at(self) -> int:
        return self.deck_size

    @property
    def bids_at(self) -> int:
        return self.deck_size + len(CALLS)

    @property
    def done(self) -> int:
        return self.bids_at + len(self.ladder)

    @property
    def n(self) -> int:
        return self.done + 1

    def index_of_call(self, action: int) -> int:
        """The index of an engine action that names no card (a call or a bid)."""
        if A.is_bid(action):
            return self.bids_at + A.bid_of(action)
        return self.calls_at + _CALL_INDEX[action]

    def call_of(self, index: int) -> int:
        """The engine action of a call or bid index."""
        if self.calls_at <= index < self.bids_at:
            return CALLS[index - self.calls_at]
        if self.bids_at <= index < self.done:
            return A.bid(index - self.bids_at)
        raise ValueError(f"index {index} is not a call or a bid")

    def is_card(self, index: int) -> bool:
        return 0 <= index < self.deck_size

    def text(self, index: int, card_verb: str = "play") -> str:
        """The index as text: a card with ``card_verb`` (``"discard JH"`` adds JH to
        the discard being chosen), a call's or a bid's record text, or ``done``."""
        self.check(index)
        if index < self.deck_size:
            return f"{card_verb} {self.rules.deck.codes[index]}"
        if index == self.done:
            return DONE_TEXT
        return A.to_text(self.call_of(index), self.rules.deck, self.ladder)

    def index(self, text: str, held: int = 0) -> int:
        """The index ``text`` names (the inverse of :meth:`text`): ``"done"``, a call
        or bid as the record writes it, or a verb and one card (``"play JH"``,
        ``"discard JH"``, ``"call-partner AS"``); of two identical cards (a double
        deck) the copy in the mask ``held``. ValueError if it names none."""
        if not isinstance(text, str):
            raise ValueError(f"an action text is a string, not {text!r}")
        words = text.split()
        if [w.lower() for w in words] == [DONE_TEXT]:
            return self.done
        action, _ = A.parse(text, self.rules.deck, self.ladder, held)
        verb = A.verb_of(action)
        assert verb is not None
        if verb.arg is A.Arg.CARDS:
            cards = A.cards_of(action)
            if cards.bit_count() != 1:
                raise ValueError(f"{text!r}: a set of cards is taken one card at a time")
            return cards.bit_length() - 1
        if verb.arg is A.Arg.CARD:
            return A.named_cards(action).bit_length() - 1
        if action not in _CALL_INDEX and not A.is_bid(action):
            raise ValueError(f"{text!r} is a table event, not a seat's action")
        return self.index_of_call(action)

    def check(self, index: object) -> int:
        """``index`` as an int, or ValueError when it is not in the space."""
        if isinstance(index, bool) or not hasattr(index, "__index__"):
            raise ValueError(f"an action is an integer index, not {index!r}")
        i = operator.index(index)
        if not 0 <= i < self.n:
            raise ValueError(f"action {i} is outside the action space (0-{self.n - 1})")
        return i


_CALL_INDEX: dict[int, int] = {action: k for k, action in enumerate(CALLS)}


@cache
def _space(rules: Rules) -> ActionSpace:
    return ActionSpace(rules, len(rules.deck), program_for(rules).ladder, rules.deck.twins)


__all__ = ["CALLS", "DONE_TEXT", "ActionSpace"]
