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
    scored: ``plain``, ``help`` (lone, with a help exchange) or ``moon`` (lone).
    """

    label: str
    value: int
    kind: str = "plain"

    @property
    def lone(self) -> bool:
        return self.kind in ("help", "moon")


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


LADDERS: dict[str, Callable[[Mapping[str, Any]], tuple[Bid, ...]]] = {
    "none": lambda options: (),
    "bid_euchre": bid_euchre_ladder,
}
