"""Bid ladders (RULES.md §1.10): the bids of an auction, lowest to highest.

A ladder is data built by a small named function from the options; the engine
only compares positions on it and reads each bid's undertaking.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .pitch_points import points_per_hand
from .settings import Settings


@dataclass(frozen=True)
class Bid:
    """One step of a ladder.

    ``label`` is the record spelling (``"4"``, ``"six-help"``, ``"moon"``);
    ``value`` the tricks or points undertaken; ``kind`` says how it is played and
    scored: ``plain``; in Bid Euchre ``help`` (lone, with a help exchange) and
    ``moon`` (lone); in Pitch ``five``, ``smudge``, ``blind_smudge`` and ``moon``.
    """

    label: str
    value: int
    kind: str = "plain"


def bid_euchre_ladder(s: Settings) -> tuple[Bid, ...]:
    """3 … (all − 1), [all], all-with-help, moon (RULES.md §2B)."""
    total = s.hand_size
    bids = [Bid(str(v), v) for v in range(s.be_min_bid, total)]
    if s.be_plain_six_allowed:
        bids.append(Bid(str(total), total))
    help_label = "twelve-help" if total == 12 else "six-help"
    bids.append(Bid(help_label, total, "help"))
    bids.append(Bid("moon", total, "moon"))
    return tuple(bids)


def pitch_ladder(s: Settings) -> tuple[Bid, ...]:
    """min_bid … max_bid, then the special bids (RULES.md §3, §4.4).

    With ``FIVE`` the bid of 5 is the five-bid (every trick and the Jack). Without a
    ``max_bid`` and with a moon, the numbers stop one below the hand's points.
    """
    specials = set(s.special_bids)
    total = points_per_hand(s)
    bids = []
    for v in range(s.min_bid, top_number(s) + 1):
        bids.append(Bid(str(v), v, "five" if v == 5 and "FIVE" in specials else "plain"))
    tricks = s.hand_size
    if "SMUDGE" in specials:
        bids.append(Bid("smudge", tricks, "smudge"))
    if "BLIND_SMUDGE" in specials:
        bids.append(Bid("blind-smudge", tricks, "blind_smudge"))
    if "MOON" in specials:
        bids.append(Bid("moon", total, "moon"))
    return tuple(bids)


def top_number(s: Settings) -> int:
    """The highest number a Pitch auction offers: ``max_bid``, else the points of a
    hand (one less with a moon, which bids them all)."""
    if s.max_bid is not None:
        return s.max_bid
    total = points_per_hand(s)
    return total - 1 if "MOON" in s.special_bids else total


def no_ladder(s: Settings) -> tuple[Bid, ...]:
    """Euchre: no auction."""
    return ()


LADDERS: dict[str, Callable[[Settings], tuple[Bid, ...]]] = {
    "none": no_ladder,
    "bid_euchre": bid_euchre_ladder,
    "pitch": pitch_ladder,
}
