"""The auction (RULES.md §1.10): bids on the variant's ladder, one round or
continuous, the dealer's match ("stealing the bid") and the stuck dealer."""

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
        s.called = 0
        s.asked = 0
        s.to_move = s.eldest

    def _stuck(self, s: State, seat: int) -> bool:
        """The dealer, with everyone else passed and no bid yet, may not pass."""
        if not s.rules["dealer_stuck"] or seat != s.dealer or s.bid >= 0:
            return False
        others = ((1 << s.n) - 1) & ~(1 << seat)
        return s.passed & others == others

    def _may_match(self, s: State, seat: int) -> bool:
        """The dealer may take the high bid by equalling it (RULES.md §1.10)."""
        r = s.rules
        if seat != s.dealer or s.bid < 0 or s.maker == seat or not r["dealer_may_match"]:
            return False
        bid = s.prog.bids[s.bid]
        levels = r["dealer_match_levels"]
        if levels is None:
            return bid.kind in ("plain", "five")
        label = bid.label.upper().replace("-", "_")
        return label in levels

    def _first_call(self, s: State, seat: int) -> bool:
        return not s.called >> seat & 1

    def legal(self, s: State) -> list[int]:
        seat = s.to_move
        assert seat is not None
        bids = s.prog.bids
        low = s.bid + 1
        out = []
        if self._stuck(s, seat):
            stuck = s.rules["stuck_bid"]
            if stuck is not None:
                while low < len(bids) and bids[low].kind == "plain" and bids[low].value < stuck:
                    low += 1
        else:
            out.append(A.PASS)
        if self._may_match(s, seat):
            low -= 1
        first = self._first_call(s, seat)
        for i in range(low, len(bids)):
            if bids[i].kind == "blind_smudge" and not first:
                continue
            out.append(A.BID + i)
        return out

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        s.record_action(seat, action)
        s.called |= 1 << seat
        matched = False
        if action == A.PASS:
            s.passed |= 1 << seat
        else:
            matched = action - A.BID == s.bid
            s.bid = action - A.BID
            s.maker = seat
        s.asked += 1
        everyone = (1 << s.n) - 1
        if not s.prog.continuous:
            if s.asked < s.n:
                s.to_move = s.seat_after(seat)
                return
        elif not (matched and s.rules["dealer_match_ends_auction"]):
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
        if s.prog.bids[s.bid].kind == "moon" and s.prog.moon_alone:
            make_alone(s, s.maker)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        seat = s.to_move
        assert seat is not None
        bids = s.prog.bids
        stuck = s.rules["stuck_bid"] or (bids[0].value if bids else "")
        if action == A.PASS:
            return f"the dealer is stuck and must bid at least {stuck}"
        if A.BID <= action < A.BID + len(bids):
            i = action - A.BID
            if bids[i].kind == "blind_smudge" and not self._first_call(s, seat):
                return "a blind smudge must be the player's first call (before looking)"
            if s.bid >= 0 and i == s.bid:
                if seat != s.dealer:
                    return f"a bid must be higher than {bids[s.bid].label}"
                return f"the dealer may not match a bid of {bids[s.bid].label} here"
            if s.bid >= 0 and i < s.bid:
                return f"a bid must be higher than {bids[s.bid].label}"
            return f"the stuck dealer must bid at least {stuck}"
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
