"""Pitch's fills and burns: the 10-point family's discard and fill (and its
nine-card forms), Nines-Fives, Razzle-Dazzle's kitty, Missouri for six's three
discards, the burn of trumps beyond six (RULES.md §3). The steps the rules make
automatic are done by the engine; only real choices wait for a player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import bits, mask_of, masks_of
from .. import actions as A
from .base import Phase, from_eldest
from .pitch_common import (
    HAND,
    discard_auto,
    misdeal,
    point_trumps,
    refill,
    take_cards,
)

if TYPE_CHECKING:
    from ..state import State


class Fill(Phase):
    """The 10-point family's discard and fill (and its nine-card forms): everyone
    drops their non-trumps; the others are dealt back to six; the dealer (or bidder)
    takes the rest of the stock. Burns of trumps beyond six follow (``Burn``)."""

    name = "fill"

    def enter(self, s: State) -> None:
        trump = s.table.trump_mask
        for seat in from_eldest(s):
            discard_auto(s, seat, s.hands[seat] & ~trump)
        r = s.rules
        deal = r["oklahoma_deal"]
        if deal == "nine_draw":
            self._nine_draw(s)
        else:
            if deal == "nine_select" or r["fill_recipient"] == "bidder":
                taker = s.maker
            else:
                taker = s.dealer
            for seat in from_eldest(s):
                if seat != taker:
                    s.draw(seat, HAND - s.hands[seat].bit_count())
            rest = s.stock[:]
            s.stock.clear()
            take_cards(s, taker, rest, "take")
            keep_six(s, taker, rest)
        s.advance()

    def _nine_draw(self, s: State) -> None:
        trump = s.table.trump_mask
        for seat in from_eldest(s):
            s.draw(seat, HAND - s.hands[seat].bit_count())
        partner = s.partner_of(s.maker)
        takers = [s.maker] if partner is None else [s.maker, partner]
        for seat in takers:
            kept = []
            for c in s.stock:
                if not (trump >> c & 1):
                    kept.append(c)
                    continue
                dead = s.hands[seat] & ~trump
                if not dead or (s.hands[seat] & trump).bit_count() >= HAND:
                    kept.append(c)
                    continue
                take_cards(s, seat, [c], "take")
                discard_auto(s, seat, 1 << max(bits(dead)), "trim")
            s.stock[:] = kept
        left = [c for c in s.stock if trump >> c & 1]
        s.stock[:] = [c for c in s.stock if not trump >> c & 1]
        take_cards(s, s.maker, left, "take")

    def legal(self, s: State) -> list[int]:  # pragma: no cover - all automatic
        return []

    def apply(self, s: State, action: int) -> None:  # pragma: no cover - all automatic
        raise AssertionError("the fill takes no action")


def keep_six(s: State, seat: int, arrived: list[int]) -> None:
    """Bring a hand down to six by dropping non-trumps (dead cards that came last
    from the stock go first); trumps beyond six are burnt by choice later."""
    hand = s.hands[seat]
    excess = hand.bit_count() - HAND
    if excess <= 0:
        return
    plain = hand & ~s.table.trump_mask
    order = [c for c in reversed(arrived) if plain >> c & 1]
    order += [c for c in reversed(bits(plain)) if c not in order]
    discard_auto(s, seat, mask_of(order[:excess]), "trim")


class DiscardThree(Phase):
    """Missouri for six: everyone discards three, non-trumps while possible; a
    player short of non-trumps burns non-point trumps (shown)."""

    name = "discard"

    def enter(self, s: State) -> None:
        trump = s.table.trump_mask
        queue = []
        for seat in from_eldest(s):
            plain = bits(s.hands[seat] & ~trump)
            discard_auto(s, seat, mask_of(plain[:3]), "trim")
            if len(plain) < 3:
                queue.append(seat)
        s.queue = tuple(queue)
        s.asked = 0
        self._next(s)

    def _need(self, s: State, seat: int) -> int:
        return s.hands[seat].bit_count() - (int(s.rules["hand_size"]) - 3)

    def _next(self, s: State) -> None:
        while s.asked < len(s.queue):
            seat = s.queue[s.asked]
            need = self._need(s, seat)
            free = s.hands[seat] & ~point_trumps(s)
            if free.bit_count() < need:
                misdeal(s)
                return
            s.to_move = seat
            return
        s.advance()

    def legal(self, s: State) -> list[int]:
        seat = s.to_move
        assert seat is not None
        free = bits(s.hands[seat] & ~point_trumps(s))
        return [A.DISCARD | m for m in masks_of(free, self._need(s, seat))]

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        s.record_action(seat, action)
        s.hands[seat] &= ~A.cards_of(action)
        s.discard_pile.extend(s.ordered(A.cards_of(action)))
        s.asked += 1
        self._next(s)

    def explain(self, s: State, action: int) -> str:
        return "discard non-point trumps to make up your three discards"


class TakeKitty(Phase):
    """Razzle-Dazzle: the high bidder takes the kitty, before naming trump."""

    name = "kitty"

    def enter(self, s: State) -> None:
        take_cards(s, s.maker, s.kitty, "take")
        s.kitty = []
        s.advance()

    def legal(self, s: State) -> list[int]:  # pragma: no cover - automatic
        return []

    def apply(self, s: State, action: int) -> None:  # pragma: no cover - automatic
        raise AssertionError("taking the kitty is automatic")


class RazzleDiscards(Phase):
    """Razzle-Dazzle: the bidder burns down to six (non-trumps first); everyone
    else drops all non-trumps and gets nothing back."""

    name = "discard"

    def enter(self, s: State) -> None:
        trump = s.table.trump_mask
        bidder = s.maker
        hand = s.hands[bidder]
        plain = bits(hand & ~trump)
        excess = hand.bit_count() - HAND
        discard_auto(s, bidder, mask_of(plain[: max(0, excess)]), "trim")
        for seat in from_eldest(s):
            if seat != bidder:
                discard_auto(s, seat, s.hands[seat] & ~trump)
        s.advance()

    def legal(self, s: State) -> list[int]:  # pragma: no cover - automatic
        return []

    def apply(self, s: State, action: int) -> None:  # pragma: no cover - automatic
        raise AssertionError("these discards are automatic")


class NinesFives(Phase):
    """Nines-Fives: drop non-trumps; more than six trumps are cut to six (shown);
    the dealer fills the others from the stock, then takes the rest and keeps six."""

    name = "discard"

    def enter(self, s: State) -> None:
        trump = s.table.trump_mask
        for seat in from_eldest(s):
            discard_auto(s, seat, s.hands[seat] & ~trump)
        s.round = 0  # 0: trump cuts in turn; 1: the dealer's choice
        s.queue = tuple(p for p in from_eldest(s) if s.hands[p].bit_count() > HAND)
        s.asked = 0
        self._next(s)

    def _next(self, s: State) -> None:
        if s.round == 0:
            if s.asked < len(s.queue):
                s.to_move = s.queue[s.asked]
                return
            for seat in from_eldest(s):
                if seat != s.dealer:
                    refill(s, seat, HAND - s.hands[seat].bit_count())
            rest = s.stock[:]
            s.stock.clear()
            take_cards(s, s.dealer, rest, "take")
            if s.hands[s.dealer].bit_count() < HAND and s.discard_pile:
                pile = s.discard_pile[:]
                s.discard_pile.clear()
                take_cards(s, s.dealer, pile, "retake")
            s.round = 1
            if s.hands[s.dealer].bit_count() > HAND:
                s.to_move = s.dealer
                return
        s.advance()

    def legal(self, s: State) -> list[int]:
        seat = s.to_move
        assert seat is not None
        hand = s.hands[seat]
        excess = hand.bit_count() - HAND
        trumps = bits(hand & s.table.trump_mask)
        plain = bits(hand & ~s.table.trump_mask)
        if s.round == 0:
            return [A.DISCARD | m for m in masks_of(trumps, excess)]
        # the dealer: non-trumps first; trumps only while holding more than six
        cut = max(0, len(trumps) - HAND)
        out = []
        for t_mask in masks_of(trumps, cut):
            for p_mask in masks_of(plain, excess - cut):
                out.append(A.DISCARD | t_mask | p_mask)
        return out

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        cards = A.cards_of(action)
        shown = cards & s.table.trump_mask
        s.record_action(seat, action, visible_to=1 << seat, shown=shown)
        s.hands[seat] &= ~cards
        s.discard_pile.extend(s.ordered(cards))
        if s.round == 0:
            s.asked += 1
        else:
            s.round = 2
        self._next(s)

    def explain(self, s: State, action: int) -> str:
        if s.round == 0:
            return "discard trumps down to six (they are shown)"
        return "the dealer discards down to six: non-trumps, and trumps only beyond six"


class Burn(Phase):
    """Trumps beyond six are burnt: non-point trumps only, chosen by the player.
    The one who took the stock or kitty burns first, then the others from the
    eldest. More than six point cards to keep is a misdeal (RULES.md §3)."""

    name = "burn"

    def active(self, s: State) -> bool:
        return bool(self._burners(s))

    def _burners(self, s: State) -> tuple[int, ...]:
        """The seats holding more than six trumps, in burning order."""
        trump = s.table.trump_mask
        r = s.rules
        first = s.maker
        if (
            r["exchange"] == "fill"
            and r["oklahoma_deal"] == "six"
            and r["fill_recipient"] == "dealer"
        ):
            first = s.dealer
        order = [first] + [p for p in from_eldest(s) if p != first]
        return tuple(p for p in order if (s.hands[p] & trump).bit_count() > HAND)

    def enter(self, s: State) -> None:
        s.queue = self._burners(s)
        s.asked = 0
        self._next(s)

    def _next(self, s: State) -> None:
        if s.asked >= len(s.queue):
            s.advance()
            return
        seat = s.queue[s.asked]
        trumps = s.hands[seat] & s.table.trump_mask
        if (trumps & point_trumps(s)).bit_count() > HAND:
            misdeal(s)
            return
        s.to_move = seat

    def legal(self, s: State) -> list[int]:
        seat = s.to_move
        assert seat is not None
        trumps = s.hands[seat] & s.table.trump_mask
        free = bits(trumps & ~point_trumps(s))
        return [A.DISCARD | m for m in masks_of(free, trumps.bit_count() - HAND)]

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        cards = A.cards_of(action)
        face_down = s.rules["exchange"] == "razzle" and seat == s.maker
        if face_down:
            s.record_action(seat, action, visible_to=1 << seat)
        else:
            s.record_action(seat, action)
        s.hands[seat] &= ~cards
        s.discard_pile.extend(s.ordered(cards))
        s.asked += 1
        self._next(s)

    def explain(self, s: State, action: int) -> str:
        seat = s.to_move
        assert seat is not None
        need = (s.hands[seat] & s.table.trump_mask).bit_count() - HAND
        return f"burn {need} non-point trump{'s' if need > 1 else ''} (never A J jick jokers T 3 2)"


class PassToPartner(Phase):
    """Nine-card select: a bidder holding more than six trumps may first give some
    of the surplus to the partner (who must not end above six trumps)."""

    name = "give"

    def active(self, s: State) -> bool:
        if not s.rules["bidder_may_pass_to_partner"]:
            return False
        partner = s.partner_of(s.maker)
        trumps = s.hands[s.maker] & s.table.trump_mask
        return partner is not None and trumps.bit_count() > HAND

    def enter(self, s: State) -> None:
        s.to_move = s.maker

    def legal(self, s: State) -> list[int]:
        partner = s.partner_of(s.maker)
        assert partner is not None
        trump = s.table.trump_mask
        surplus = (s.hands[s.maker] & trump).bit_count() - HAND
        room = HAND - (s.hands[partner] & trump).bit_count()
        mine = bits(s.hands[s.maker] & trump)
        out = [A.PASS]
        for k in range(1, min(surplus, room) + 1):
            out += [A.GIVE | m for m in masks_of(mine, k)]
        return out

    def apply(self, s: State, action: int) -> None:
        partner = s.partner_of(s.maker)
        assert partner is not None
        s.record_action(s.maker, action)
        if action != A.PASS:
            cards = A.cards_of(action)
            s.hands[s.maker] &= ~cards
            s.hands[partner] |= cards
            # the partner's dead non-trumps make room
            plain = bits(s.hands[partner] & ~s.table.trump_mask)
            extra = s.hands[partner].bit_count() - HAND
            discard_auto(s, partner, mask_of(plain[: max(0, extra)]), "trim")
        s.advance()

    def explain(self, s: State, action: int) -> str:
        return "give surplus trumps to your partner (give C …) or pass"
