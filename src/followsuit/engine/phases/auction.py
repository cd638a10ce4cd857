"""The auction (RULES.md §1.10): bids on the variant's ladder, one round or
continuous, the dealer's match ("stealing the bid") and the stuck dealer. The high
bid so far is the contract's, the high bidder the maker."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .. import actions as A
from .base import Phase
from .euchre_calling import make_alone

if TYPE_CHECKING:
    from ..state import State


class Bidding(NamedTuple):
    """Who has passed and who has spoken (seat masks), and how many calls so far."""

    passed: int = 0
    spoken: int = 0
    calls: int = 0


NO_BIDS = Bidding()


class Auction(Phase[Bidding]):
    name = "auction"

    def enter(self, s: State) -> None:
        s.step = NO_BIDS
        s.to_move = s.eldest

    def _stuck(self, s: State, seat: int) -> bool:
        """The dealer, with everyone else passed and no bid yet, may not pass."""
        if not s.prog.dealer_stuck or seat != s.dealer or s.contract.bid >= 0:
            return False
        others = ((1 << s.n) - 1) & ~(1 << seat)
        return self.data(s).passed & others == others

    def _may_match(self, s: State, seat: int) -> bool:
        """The dealer may take the high bid by equalling it (RULES.md §1.10)."""
        prog = s.prog
        high = s.contract.bid
        if seat != s.dealer or high < 0 or s.maker == seat or not prog.dealer_may_match:
            return False
        bid = prog.bids[high]
        levels = prog.dealer_match_levels
        if levels is None:
            return bid.kind in ("plain", "five")
        return bid.label.upper().replace("-", "_") in levels

    def legal(self, s: State) -> tuple[int, ...]:
        seat = s.to_move
        assert seat is not None
        bids = s.prog.bids
        low = s.contract.bid + 1
        out: tuple[int, ...] = ()
        if self._stuck(s, seat):
            stuck = s.prog.stuck_bid
            if stuck is not None:
                while low < len(bids) and bids[low].kind == "plain" and bids[low].value < stuck:
                    low += 1
        else:
            out = (A.PASS,)
        if self._may_match(s, seat):
            low -= 1
        first = not self.data(s).spoken >> seat & 1
        return out + tuple(
            A.bid(i) for i in range(low, len(bids)) if first or bids[i].kind != "blind_smudge"
        )

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        s.record_action(seat, action)
        bidding = self.data(s)
        passed = bidding.passed
        matched = False
        if action == A.PASS:
            passed |= 1 << seat
        else:
            position = A.bid_of(action)
            matched = position == s.contract.bid
            s.contract = s.contract._replace(bid=position)
            s.maker = seat
        bidding = Bidding(passed, bidding.spoken | 1 << seat, bidding.calls + 1)
        s.step = bidding
        n = s.n
        if not s.prog.continuous:
            if bidding.calls < n:
                s.to_move = s.seat_after(seat)
                return
        elif not (matched and s.prog.dealer_match_ends_auction):
            still_in = ((1 << n) - 1) & ~passed
            if still_in and not (still_in.bit_count() == 1 and s.contract.bid >= 0):
                nxt = s.seat_after(seat)
                while passed >> nxt & 1:
                    nxt = s.seat_after(nxt)
                s.to_move = nxt
                return
        self._finish(s)

    def _finish(self, s: State) -> None:
        if s.contract.bid < 0:  # everyone passed: the deal moves on
            s.end_hand(None)
            return
        if s.prog.bids[s.contract.bid].kind == "moon" and s.prog.moon_alone:
            make_alone(s, s.maker)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        seat = s.to_move
        assert seat is not None
        bids = s.prog.bids
        high = s.contract.bid
        stuck = s.prog.stuck_bid or (bids[0].value if bids else "")
        if action == A.PASS:
            return f"the dealer is stuck and must bid at least {stuck}"
        if A.is_bid(action) and A.bid_of(action) < len(bids):
            i = A.bid_of(action)
            if bids[i].kind == "blind_smudge" and self.data(s).spoken >> seat & 1:
                return "a blind smudge must be the player's first call (before looking)"
            if high >= 0 and i == high:
                if seat != s.dealer:
                    return f"a bid must be higher than {bids[high].label}"
                return f"the dealer may not match a bid of {bids[high].label} here"
            if high >= 0 and i < high:
                return f"a bid must be higher than {bids[high].label}"
            return f"the stuck dealer must bid at least {stuck}"
        return f"it is the auction: pass or bid ({', '.join(b.label for b in bids)})"


TRUMPS = tuple(A.trump(t) for t in range(4))


class NameTrump(Phase[None]):
    """The winning bidder names the trump suit (``trump S``)."""

    name = "trump"

    def active(self, s: State) -> bool:
        return s.trump < 0

    def enter(self, s: State) -> None:
        s.to_move = s.maker

    def legal(self, s: State) -> tuple[int, ...]:
        return TRUMPS

    def apply(self, s: State, action: int) -> None:
        s.record_action(s.maker, action)
        s.set_trump(A.suit_of(action))
        s.advance()

    def explain(self, s: State, action: int) -> str:
        return "the bidder names trump: trump C, D, H or S"
