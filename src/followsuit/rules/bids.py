"""Bid ladders (RULES.md §1.10): the bids of an auction, lowest to highest.

A ladder is data built by a small named function from the options; the engine
only compares positions on it and reads each bid's undertaking.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


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


def bid_euchre_ladder(options: Mapping[str, Any]) -> tuple[Bid, ...]:
    """3 … (all − 1), [all], all-with-help, moon (RULES.md §2B)."""
    total = int(options["hand_size"])
    bids = [Bid(str(v), v) for v in range(int(options["be_min_bid"]), total)]
    if options["be_plain_six_allowed"]:
        bids.append(Bid(str(total), total))
    help_label = "twelve-help" if total == 12 else "six-help"
    bids.append(Bid(help_label, total, "help"))
    bids.append(Bid("moon", total, "moon"))
    return tuple(bids)


def pitch_ladder(options: Mapping[str, Any]) -> tuple[Bid, ...]:
    """min_bid … max_bid, then the special bids (RULES.md §3, §4.4).

    With ``FIVE`` the bid of 5 is the five-bid (every trick and the Jack). Without a
    ``max_bid`` and with a moon, the numbers stop one below the hand's points.
    """
    from .pitch_points import points_per_hand

    specials = set(options["special_bids"])
    top = options["max_bid"]
    total = points_per_hand(options)
    if top is None:
        top = total - 1 if "MOON" in specials else total
    bids = []
    for v in range(int(options["min_bid"]), int(top) + 1):
        bids.append(Bid(str(v), v, "five" if v == 5 and "FIVE" in specials else "plain"))
    tricks = int(options["hand_size"])
    if "SMUDGE" in specials:
        bids.append(Bid("smudge", tricks, "smudge"))
    if "BLIND_SMUDGE" in specials:
        bids.append(Bid("blind-smudge", tricks, "blind_smudge"))
    if "MOON" in specials:
        bids.append(Bid("moon", total, "moon"))
    return tuple(bids)


LADDERS: dict[str, Callable[[Mapping[str, Any]], tuple[Bid, ...]]] = {
    "none": lambda options: (),
    "bid_euchre": bid_euchre_ladder,
    "pitch": pitch_ladder,
}
