"""Pitch's fills and burns: the 10-point family's discard and fill (and its
nine-card forms), Nines-Fives, Razzle-Dazzle's kitty, Missouri for six's three
discards, the burn of trumps beyond six (RULES.md §3). The steps the rules make
automatic are done by the engine; only real choices wait for a player."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...cards import bits, mask_of, masks_of
from .. import actions as A
from ..types import MoveKind
from .base import Phase
from .pitch_common import (
    HAND,
    discard_auto,
    misdeal,
    point_trumps,
    refill,
    take_cards,
    take_stock,
)
from .pitch_draws import Turns

if TYPE_CHECKING:
    from ..state import State


class Fill(Phase[None]):
    """The 10-point family's discard and fill (and its nine-card forms): everyone
    drops their non-trumps; the others are dealt back to six; the dealer (or bidder)
    takes the rest of the stock. Burns of trumps beyond six follow (``Burn``)."""

    name = "fill"

    def enter(self, s: State) -> None:
        trump = s.table.trump_mask
        for seat in s.from_eldest():
            discard_auto(s, seat, s._hands[seat] & ~trump)
        prog = s.prog
        if prog.oklahoma_deal == "nine_draw":
            self._nine_draw(s)
        else:
            if prog.oklahoma_deal == "nine_select" or prog.fill_recipient == "bidder":
                taker = s.maker
            else:
                taker = s.dealer
            for seat in s.from_eldest():
                if seat != taker:
                    s.draw(seat, HAND - s._hands[seat].bit_count())
            keep_six(s, taker, take_stock(s, taker))
        s.advance()

    def _nine_draw(self, s: State) -> None:
        trump = s.table.trump_mask
        for seat in s.from_eldest():
            s.draw(seat, HAND - s._hands[seat].bit_count())
        partner = s.partner_of(s.maker)
        takers = [s.maker] if partner is None else [s.maker, partner]
        for seat in takers:
            kept = []
            for c in s.piles.stock:
                if not (trump >> c & 1):
                    kept.append(c)
                    continue
                dead = s._hands[seat] & ~trump
                if not dead or (s._hands[seat] & trump).bit_count() >= HAND:
                    kept.append(c)
                    continue
                take_cards(s, seat, [c], MoveKind.TAKE)
                discard_auto(s, seat, 1 << max(bits(dead)), MoveKind.TRIM)
            s.piles = s.piles._replace(stock=tuple(kept))
        stock = s.piles.stock
        s.piles = s.piles._replace(stock=tuple(c for c in stock if not trump >> c & 1))
        take_cards(s, s.maker, [c for c in stock if trump >> c & 1], MoveKind.TAKE)


def keep_six(s: State, seat: int, arrived: tuple[int, ...]) -> None:
    """Bring a hand down to six by dropping non-trumps (dead cards that came last
    from the stock go first); trumps beyond six are burnt by choice later."""
    hand = s._hands[seat]
    excess = hand.bit_count() - HAND
    if excess <= 0:
        return
    plain = hand & ~s.table.trump_mask
    order = [c for c in reversed(arrived) if plain >> c & 1]
    order += [c for c in reversed(bits(plain)) if c not in order]
    discard_auto(s, seat, mask_of(order[:excess]), MoveKind.TRIM)


class DiscardThree(Phase[Turns]):
    """Missouri for six: everyone discards three, non-trumps while possible; a
    player short of non-trumps burns non-point trumps (shown)."""

    name = "discard"

    def enter(self, s: State) -> None:
        trump = s.table.trump_mask
        short = []
        for seat in s.from_eldest():
            plain = bits(s._hands[seat] & ~trump)
            discard_auto(s, seat, mask_of(plain[:3]), MoveKind.TRIM)
            if len(plain) < 3:
                short.append(seat)
        s.step = Turns(tuple(short))
        self._next(s)

    def _need(self, s: State, seat: int) -> int:
        return s._hands[seat].bit_count() - (s.prog.hand_size - 3)

    def _next(self, s: State) -> None:
        turns = self.data(s)
        if turns.done >= len(turns.seats):
            s.advance()
            return
        seat = turns.seats[turns.done]
        free = s._hands[seat] & ~point_trumps(s)
        if free.bit_count() < self._need(s, seat):
            misdeal(s)
            return
        s.to_move = seat

    def legal(self, s: State) -> tuple[int, ...]:
        seat = s.to_move
        assert seat is not None
        free = bits(s._hands[seat] & ~point_trumps(s))
        return tuple(A.discard(m) for m in masks_of(free, self._need(s, seat)))

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        s.record_action(seat, action)
        cards = A.cards_of(action)
        s.discard_to_pile(seat, cards, s.written(cards))
        turns = self.data(s)
        s.step = Turns(turns.seats, turns.done + 1)
        self._next(s)

    def explain(self, s: State, action: int) -> str:
        return "discard non-point trumps to make up your three discards"


class TakeKitty(Phase[None]):
    """Razzle-Dazzle: the high bidder takes the kitty, before naming trump."""

    name = "kitty"

    def enter(self, s: State) -> None:
        kitty = s.piles.kitty
        s.piles = s.piles._replace(kitty=())
        take_cards(s, s.maker, kitty, MoveKind.TAKE)
        s.advance()


class RazzleDiscards(Phase[None]):
    """Razzle-Dazzle: the bidder burns down to six (non-trumps first); everyone
    else drops all non-trumps and gets nothing back."""

    name = "discard"

    def enter(self, s: State) -> None:
        trump = s.table.trump_mask
        bidder = s.maker
        hand = s._hands[bidder]
        plain = bits(hand & ~trump)
        excess = hand.bit_count() - HAND
        discard_auto(s, bidder, mask_of(plain[: max(0, excess)]), MoveKind.TRIM)
        for seat in s.from_eldest():
            if seat != bidder:
                discard_auto(s, seat, s._hands[seat] & ~trump)
        s.advance()


class Cuts(NamedTuple):
    """Nines-Fives' cuts: the seats holding more than six trumps cut in turn (round
    0), then the dealer, after filling the others, keeps six (round 1; 2 once done)."""

    round: int
    seats: tuple[int, ...]
    done: int = 0


class NinesFives(Phase[Cuts]):
    """Nines-Fives: drop non-trumps; more than six trumps are cut to six (shown);
    the dealer fills the others from the stock, then takes the rest and keeps six."""

    name = "discard"

    def enter(self, s: State) -> None:
        trump = s.table.trump_mask
        for seat in s.from_eldest():
            discard_auto(s, seat, s._hands[seat] & ~trump)
        seats = tuple(p for p in s.from_eldest() if s._hands[p].bit_count() > HAND)
        s.step = Cuts(0, seats)
        self._next(s)

    def _next(self, s: State) -> None:
        cuts = self.data(s)
        if cuts.round == 0:
            if cuts.done < len(cuts.seats):
                s.to_move = cuts.seats[cuts.done]
                return
            for seat in s.from_eldest():
                if seat != s.dealer:
                    refill(s, seat, HAND - s._hands[seat].bit_count())
            take_stock(s, s.dealer)
            if s._hands[s.dealer].bit_count() < HAND and s.piles.discards:
                pile = s.piles.discards
                s.piles = s.piles._replace(discards=())
                take_cards(s, s.dealer, pile, MoveKind.RETAKE)
            s.step = Cuts(1, cuts.seats, cuts.done)
            if s._hands[s.dealer].bit_count() > HAND:
                s.to_move = s.dealer
                return
        s.advance()

    def legal(self, s: State) -> tuple[int, ...]:
        seat = s.to_move
        assert seat is not None
        hand = s._hands[seat]
        excess = hand.bit_count() - HAND
        trumps = bits(hand & s.table.trump_mask)
        plain = bits(hand & ~s.table.trump_mask)
        if self.data(s).round == 0:
            return tuple(A.discard(m) for m in masks_of(trumps, excess))
        # the dealer: non-trumps first; trumps only while holding more than six
        cut = max(0, len(trumps) - HAND)
        return tuple(
            A.discard(t_mask | p_mask)
            for t_mask in masks_of(trumps, cut)
            for p_mask in masks_of(plain, excess - cut)
        )

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        cards = A.cards_of(action)
        shown = cards & s.table.trump_mask
        s.record_action(seat, action, visible_to=1 << seat, shown=shown)
        s.discard_to_pile(seat, cards, s.written(cards))
        cuts = self.data(s)
        if cuts.round == 0:
            s.step = Cuts(0, cuts.seats, cuts.done + 1)
        else:
            s.step = Cuts(2, cuts.seats, cuts.done)
        self._next(s)

    def explain(self, s: State, action: int) -> str:
        if self.data(s).round == 0:
            return "discard trumps down to six (they are shown)"
        return "the dealer discards down to six: non-trumps, and trumps only beyond six"


class Burn(Phase[Turns]):
    """Trumps beyond six are burnt: non-point trumps only, chosen by the player.
    The one who took the stock or kitty burns first, then the others from the
    eldest. More than six point cards to keep is a misdeal (RULES.md §3)."""

    name = "burn"

    def active(self, s: State) -> bool:
        return bool(self._burners(s))

    def _burners(self, s: State) -> tuple[int, ...]:
        """The seats holding more than six trumps, in burning order."""
        trump = s.table.trump_mask
        prog = s.prog
        first = s.maker
        if (
            prog.exchange == "fill"
            and prog.oklahoma_deal == "six"
            and prog.fill_recipient == "dealer"
        ):
            first = s.dealer
        order = [first] + [p for p in s.from_eldest() if p != first]
        return tuple(p for p in order if (s._hands[p] & trump).bit_count() > HAND)

    def enter(self, s: State) -> None:
        s.step = Turns(self._burners(s))
        self._next(s)

    def _next(self, s: State) -> None:
        turns = self.data(s)
        if turns.done >= len(turns.seats):
            s.advance()
            return
        seat = turns.seats[turns.done]
        trumps = s._hands[seat] & s.table.trump_mask
        if (trumps & point_trumps(s)).bit_count() > HAND:
            misdeal(s)
            return
        s.to_move = seat

    def legal(self, s: State) -> tuple[int, ...]:
        seat = s.to_move
        assert seat is not None
        trumps = s._hands[seat] & s.table.trump_mask
        free = bits(trumps & ~point_trumps(s))
        return tuple(A.discard(m) for m in masks_of(free, trumps.bit_count() - HAND))

    def apply(self, s: State, action: int) -> None:
        seat = s.to_move
        assert seat is not None
        cards = A.cards_of(action)
        if s.prog.exchange == "razzle" and seat == s.maker:  # the bidder burns face down
            s.record_action(seat, action, visible_to=1 << seat)
        else:
            s.record_action(seat, action)
        s.discard_to_pile(seat, cards, s.written(cards))
        turns = self.data(s)
        s.step = Turns(turns.seats, turns.done + 1)
        self._next(s)

    def explain(self, s: State, action: int) -> str:
        seat = s.to_move
        assert seat is not None
        need = (s._hands[seat] & s.table.trump_mask).bit_count() - HAND
        return f"burn {need} non-point trump{'s' if need > 1 else ''} (never A J jick jokers T 3 2)"


class PassToPartner(Phase[None]):
    """Nine-card select: a bidder holding more than six trumps may first give some
    of the surplus to the partner (who must not end above six trumps)."""

    name = "give"

    def active(self, s: State) -> bool:
        if not s.prog.bidder_may_pass_to_partner:
            return False
        partner = s.partner_of(s.maker)
        trumps = s._hands[s.maker] & s.table.trump_mask
        return partner is not None and trumps.bit_count() > HAND

    def enter(self, s: State) -> None:
        s.to_move = s.maker

    def legal(self, s: State) -> tuple[int, ...]:
        partner = s.partner_of(s.maker)
        assert partner is not None
        trump = s.table.trump_mask
        surplus = (s._hands[s.maker] & trump).bit_count() - HAND
        room = HAND - (s._hands[partner] & trump).bit_count()
        mine = bits(s._hands[s.maker] & trump)
        out: tuple[int, ...] = (A.PASS,)
        for k in range(1, min(surplus, room) + 1):
            out += tuple(A.give(m) for m in masks_of(mine, k))
        return out

    def apply(self, s: State, action: int) -> None:
        partner = s.partner_of(s.maker)
        assert partner is not None
        s.record_action(s.maker, action)
        if action != A.PASS:
            cards = A.cards_of(action)
            s._hands[s.maker] &= ~cards
            s._hands[partner] |= cards
            # the partner's dead non-trumps make room
            plain = bits(s._hands[partner] & ~s.table.trump_mask)
            extra = s._hands[partner].bit_count() - HAND
            discard_auto(s, partner, mask_of(plain[: max(0, extra)]), MoveKind.TRIM)
        s.advance()

    def explain(self, s: State, action: int) -> str:
        return "give surplus trumps to your partner (give C …) or pass"
