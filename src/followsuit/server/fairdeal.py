"""Provably fair dealing: a secure shuffle, its commitment, and checking it later.

A live table never deals from a seeded generator: each hand's deck order comes from
the operating system's secure source (:mod:`secrets`). Before the hand the server
publishes a commitment, the SHA-256 of the order and a secret salt; after the hand
it reveals both, and the record keeps them, so that anyone can check with
``followsuit verify RECORD`` that the cards dealt were the cards committed to (the
server could not change the deal once a player had seen the commitment).

The committed text is ``followsuit-deal/1`` and the deck order (card codes, top
first, space separated) and the salt, one per line: plain enough to check by hand
with ``sha256sum``.

>>> import followsuit
>>> rules = followsuit.load_rules("euchre/american")
>>> shuffle = secure_shuffle(rules, dealer=0)
>>> check_commitment(shuffle.order, shuffle.salt, shuffle.commitment)
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Deal
from ..engine.deal import deal_from_order
from ..rules import Rules

COMMIT_PREFIX = "followsuit-deal/1"


@dataclass(frozen=True)
class Shuffle:
    """One hand's shuffled deck (card codes, top first), its salt and commitment."""

    dealer: int
    order: tuple[str, ...]
    salt: str
    commitment: str

    def deal(self, rules: Rules) -> Deal:
        """The deal this order makes for its dealer, by the variant's layout."""
        return deal_of(rules, self.dealer, self.order)

    def reveal(self) -> dict[str, Any]:
        """What the record keeps of it once the hand is over."""
        return {"commitment": self.commitment, "salt": self.salt, "order": list(self.order)}


def commitment_of(order: Sequence[str], salt: str) -> str:
    text = f"{COMMIT_PREFIX}\n{' '.join(order)}\n{salt}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check_commitment(order: Sequence[str], salt: str, commitment: str) -> bool:
    return secrets.compare_digest(commitment_of(order, salt), commitment)


def secure_shuffle(rules: Rules, dealer: int) -> Shuffle:
    """A uniformly shuffled deck from :mod:`secrets`, with a fresh 128-bit salt."""
    codes = list(rules.deck.codes)
    for i in range(len(codes) - 1, 0, -1):  # Fisher-Yates, each swap from secrets
        j = secrets.randbelow(i + 1)
        codes[i], codes[j] = codes[j], codes[i]
    order = tuple(codes)
    salt = secrets.token_hex(16)
    return Shuffle(dealer, order, salt, commitment_of(order, salt))


def secure_first_dealer(rules: Rules) -> int:
    """The first dealer by the variant's ``first_dealer`` rule, cards from secrets:
    a random seat, or the seat dealt the first (black) jack face up round the table."""
    n = rules.num_players
    how = rules.settings.first_dealer
    if how == "random":
        return secrets.randbelow(n)
    black = how == "first_black_jack"
    order = secure_shuffle(rules, 0).order
    for k, code in enumerate(order):
        if code[0] == "J" and code != "JK" and (not black or code[1] in "CS"):
            return k % n
    return 0


def deal_of(rules: Rules, dealer: int, order: Sequence[str]) -> Deal:
    """Deal a deck order given as card codes (identical cards numbered in turn)."""
    return deal_from_order(rules, dealer, rules.deck.parse_cards(order))


def deal_codes(rules: Rules, deal: Deal) -> dict[str, Any]:
    """A deal as card codes, shaped as a record's ``deal`` (for comparing)."""
    codes = rules.deck.codes
    out: dict[str, Any] = {"hands": [[codes[c] for c in h] for h in deal.hands]}
    if deal.upcard is not None:
        out["upcard"] = codes[deal.upcard]
    if deal.kitty:
        out["kitty"] = [codes[c] for c in deal.kitty]
    if deal.stock:
        out["stock"] = [codes[c] for c in deal.stock]
    if deal.piles:
        out["piles"] = [[codes[c] for c in p] for p in deal.piles]
    return out


def verify_hand(rules: Rules, hand: Mapping[str, Any]) -> str | None:
    """Why a record hand's deal does not match its commitment (None if it does)."""
    fair = hand.get("fair")
    if not isinstance(fair, Mapping):
        return "no commitment recorded"
    order, salt, commitment = fair.get("order"), fair.get("salt"), fair.get("commitment")
    if not (
        isinstance(order, list)
        and all(isinstance(c, str) for c in order)
        and isinstance(salt, str)
        and isinstance(commitment, str)
    ):
        return "the commitment, salt or deck order is missing or malformed"
    if not check_commitment(order, salt, commitment):
        return "the deck order and salt do not hash to the commitment"
    if sorted(order) != sorted(rules.deck.codes):
        return f"the committed order is not the {rules.deck.name} deck"
    dealer = hand.get("dealer")
    if not isinstance(dealer, int) or not 0 <= dealer < rules.num_players:
        return "the hand has no valid dealer"
    dealt = deal_codes(rules, deal_of(rules, dealer, order))
    recorded = hand.get("deal")
    if not isinstance(recorded, Mapping):
        return "the hand has no deal"
    recorded = {k: v for k, v in recorded.items() if v not in ([], None)}
    if dealt != recorded:
        return "the cards dealt are not the committed deck dealt out"
    return None
