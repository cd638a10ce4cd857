"""The auction (RULES.md §1.10): bids on the variant's ladder, one round or
continuous, with a stuck dealer where the rules say so."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions as A
from .base import Phase
from .euchre_calling import make_alone

if TYPE_CHECKING:
    from ..state import State


class Auction(Phase):
    name = "auction"

    def enter(self, s: State) -> None:
        s.bid = -1
        s.maker = -1
        s.passed = 0
        s.asked = 0
        s.to_move = s.eldest

    def _continuous(self, s: State) -> bool:
        return bool(s.prog.continuous)

    def _stuck(self, s: State, seat: int) -> bool:
        """The dealer, with everyone else passed and no bid yet, may not pass."""
        if not s.rules["dealer_stuck"] or seat != s.dealer or s.bid >= 0:
            return False
        others = ((1 << s.n) - 1) & ~(1 << seat)
        return s.passed & others == others

    def legal(self, s: State) -> list[int]:
        seat = s.to_move
        assert seat is not None
        bids = s.prog.bids
        low = s.bid + 1
        out = []
        if self._stuck(s, seat):
            stuck = s.rules["stuck_bid"]
            while low < len(bids) and bids[low].kind == "plain" and bids[low].value < stuck:
                low += 1
        else:
            out.append(A.PASS)
        out.extend(A.BID + i for i in range(low, len(bids)))
        return out

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        s.record_action(seat, action)
        if action == A.PASS:
            s.passed |= 1 << seat
        else:
            s.bid = action - A.BID
            s.maker = seat
        s.asked += 1
        everyone = (1 << s.n) - 1
        if not self._continuous(s):
            if s.asked < s.n:
                s.to_move = s.seat_after(seat)
                return
        else:
            still_in = everyone & ~s.passed
            if still_in and not (still_in.bit_count() == 1 and s.bid >= 0):
                nxt = s.seat_after(seat)
                while s.passed >> nxt & 1:
                    nxt = s.seat_after(nxt)
                s.to_move = nxt
                return
        self._finish(s)

    def _finish(self, s: State) -> None:
        if s.bid < 0:  # everyone passed: the deal moves on
            s.end_hand(None)
            return
        if s.prog.bids[s.bid].kind == "moon":
            make_alone(s, s.maker)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        seat = s.to_move
        assert seat is not None
        bids = s.prog.bids
        if action == A.PASS:
            return f"the dealer is stuck and must bid at least {s.rules['stuck_bid']}"
        if A.BID <= action < A.BID + len(bids):
            if s.bid >= 0 and action - A.BID <= s.bid:
                return f"a bid must be higher than {bids[s.bid].label}"
            return f"the stuck dealer must bid at least {s.rules['stuck_bid']}"
        return f"it is the auction: pass or bid ({', '.join(b.label for b in bids)})"


class NameTrump(Phase):
    """The winning bidder names the trump suit (``trump S``)."""

    name = "trump"

    def active(self, s: State) -> bool:
        return s.trump < 0

    def enter(self, s: State) -> None:
        s.to_move = s.maker

    def legal(self, s: State) -> list[int]:
        return [A.TRUMP + t for t in range(4)]

    def apply(self, s: State, action: int) -> None:
        s.record_action(s.maker, action)
        s.set_trump(action - A.TRUMP)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        return "the bidder names trump: trump C, D, H or S"
