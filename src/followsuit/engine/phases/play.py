"""Trick play (RULES.md §1.8): the first lead, the follow rules, pitched trump,
trick winners, and the end of the hand. This is the engine's hot path: bitmask
tests and one table lookup per card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import bits, mask_of
from .. import actions as A
from ..state import Trick
from .base import Phase, suit_word

if TYPE_CHECKING:
    from ..state import State

SPADES = 3


class TrickPlay(Phase):
    name = "play"

    def enter(self, s: State) -> None:
        start_trick(s, first_leader(s))

    # ------------------------------------------------------------- legality

    def legal(self, s: State) -> list[int]:
        """The cards the engine accepts: reneges too under ``renege_mode = penalize``."""
        return self._cards(s, enforce=not s.prog.penalize)

    def proper(self, s: State) -> list[int]:
        """The cards the follow rule allows (what bots are offered)."""
        return self._cards(s, enforce=True)

    def _cards(self, s: State, enforce: bool) -> list[int]:
        seat: int = s.to_move  # type: ignore[assignment]
        if s.prog.follow != "must_follow":
            return self._pitch_legal(s, seat, enforce)
        hand = s.hands[seat]
        if s.trick and enforce:
            same = hand & s.table.suit_mask[s.led]
            if same:
                hand = same
        twins = s.prog.twins
        if twins:  # identical cards: offer one copy (the lower index)
            hand &= ~((hand & (hand >> 1) & twins) << 1)
        return bits(hand)

    def _pitch_legal(self, s: State, seat: int, enforce: bool) -> list[int]:
        """follow_or_trump, trump_only and blind_pitch, with pitched trump and the
        called card's duty to fall on the first trick."""
        r = s.rules
        hand = s.hands[seat]
        table = s.table
        follow = s.prog.follow
        called = s.called_card
        if called >= 0 and not s.tricks and hand >> called & 1 and r["called_card_first_trick"]:
            return [called]
        extra: list[int] = []
        if not s.trick:  # leading
            if s.trump < 0:  # the maker pitches trump with this card
                jokers = hand & r.deck.joker_mask
                if s.pending:  # a suit was named for a joker: lead the joker
                    return bits(jokers)
                how = r["joker_pitched"]
                if how == "forbidden" and hand & ~jokers:
                    hand &= ~jokers
                elif how == "name_suit" and jokers:
                    hand &= ~jokers
                    extra = [A.TRUMP + t for t in range(4)]
                if follow == "blind_pitch" and not (r["blind_opening_lead_from_hand"] and hand):
                    extra.append(A.PLAY_PILE)
                return bits(hand) + extra
            if follow == "trump_only":
                return bits(hand & table.trump_mask)
            if follow == "blind_pitch" and s.piles[seat]:
                extra = [A.PLAY_PILE]
            return bits(hand) + extra
        led = s.led
        trumps = hand & table.trump_mask
        if follow == "trump_only":
            return bits(trumps)
        if not enforce:
            cards = hand
        elif led == s.trump:
            cards = (trumps or hand) if r["trump_lead_must_follow"] else hand
        else:
            same = hand & table.suit_mask[led]
            cards = (same | trumps) if same else hand
        if follow == "blind_pitch" and s.piles[seat]:
            first = len(s.tricks) == 0
            if not first or (r["blind_pile_on_first_trick"] == "only_if_void" and not trumps):
                extra = [A.PLAY_PILE]
        return bits(cards) + extra

    # ---------------------------------------------------------------- apply

    def apply(self, s: State, action: int) -> None:
        seat: int = s.to_move  # type: ignore[assignment]
        trick = s.trick
        if action < 64:
            card = action
            bit = 1 << card
            if trick and s.prog.penalize:
                self._note_renege(s, seat, card)
            s.hands[seat] ^= bit
            s.log.append((seat, card))
        elif A.TRUMP <= action < A.TRUMP + 4:  # naming trump for a pitched joker
            s.record_action(seat, action)
            s.pending = action - A.TRUMP + 1
            return
        else:  # the top card of the seat's blind pile, unseen until now
            card = s.piles[seat].pop(0)
            bit = 1 << card
            s.log.append((seat, A.PILE_CARD + card))
        if trick:
            k = s.table.keys[s.led][card]
            if k > s.win_key:
                s.win_key = k
                s.win_pos = len(trick)
        else:
            if s.trump < 0:  # the first card pitches trump
                suit = s.rules.deck.suit[card]
                if suit < 0:
                    suit = s.pending - 1 if s.pending else SPADES
                s.pending = 0
                s.set_trump(suit)
            table = s.table
            led = table.eff[card]
            s.led = led
            s.win_key = table.keys[led][card]
            s.win_pos = 0
        s.played |= bit
        trick.append(card)
        order = s.order
        played = len(trick)
        if played < len(order):
            s.to_move = order[played]
            return
        winner = order[s.win_pos]
        s.tricks_won[winner] += 1
        s.taken[winner] |= mask_of(trick)
        s.tricks.append(Trick(order[0], tuple(zip(order, trick, strict=True)), winner))
        start_trick(s, winner)

    def _note_renege(self, s: State, seat: int, card: int) -> None:
        """``renege_mode = penalize``: log a card the follow rule did not allow."""
        if s.prog.follow == "must_follow":
            same = s.hands[seat] & s.table.suit_mask[s.led]
            if same and not same >> card & 1:
                s.reneges.append(seat)
        elif card not in self._pitch_legal(s, seat, True):
            s.reneges.append(seat)

    # -------------------------------------------------------------- explain

    def explain(self, s: State, action: int) -> str:
        seat = s.to_move
        assert seat is not None
        deck = s.rules.deck
        if action == A.PLAY_PILE:
            if s.rules["follow"] != "blind_pitch" or not s.piles[seat]:
                return f"seat {seat} has no pile to play from"
            if s.trump < 0:
                return "the opening lead comes from the hand"
            return "a pile card may be played on the first trick only when void in trump"
        if A.TRUMP <= action < A.TRUMP + 4:
            return "a suit is named only when pitching a joker (joker_pitched = name_suit)"
        if not A.is_play(action):
            return f"it is seat {seat}'s turn to play a card"
        if action >= len(deck) or not s.hands[seat] >> action & 1:
            code = deck.codes[action] if action < len(deck) else str(action)
            return f"{code} is not in seat {seat}'s hand"
        twin = action - 1
        if twin >= 0 and s.prog.twins >> twin & 1 and s.hands[seat] >> twin & 1:
            return (
                f"seat {seat} holds both {deck.codes[action]}; they are the same card "
                f"and the engine plays the first copy (action {twin})"
            )
        code = deck.codes[action]
        if (
            s.called_card >= 0
            and not s.tricks
            and s.hands[seat] >> s.called_card & 1
            and s.rules["called_card_first_trick"]
        ):
            return f"the called card {deck.codes[s.called_card]} must be played to the first trick"
        if not s.trick:
            if s.trump < 0 and deck.suit[action] < 0:
                if s.rules["joker_pitched"] == "forbidden":
                    return "a joker may not be the first lead"
                return "name the joker's suit first (trump S), then lead it"
            if s.pending:
                return "lead the joker whose suit was named"
            if s.prog.follow == "trump_only":
                return f"only trumps may be played: {code} is not a trump"
            return f"{code} may not be led now"
        if s.prog.follow == "trump_only":
            return f"only trumps may be played: {code} is not a trump"
        if s.prog.follow != "must_follow":
            return explain_pitch_follow(s, seat, action)
        return explain_follow(s, seat, action)


def explain_follow(s: State, seat: int, card: int) -> str:
    """ "must follow hearts: QS is not a heart; the left bower JD is a heart"."""
    deck = s.rules.deck
    table = s.table
    led = s.led
    word = suit_word(led)
    code = deck.codes[card]
    if table.eff[card] != led and deck.suit[card] == led:
        parts = [f"{code} is a {suit_word(table.eff[card])[:-1]} here, not a {word[:-1]}"]
    else:
        parts = [f"{code} is not a {word[:-1]}"]
    hand = s.hands[seat] & table.suit_mask[led]
    for c in bits(hand):
        if deck.suit[c] != led:
            name = "the joker" if deck.suit[c] < 0 else "the left bower"
            parts.append(f"{name} {deck.codes[c]} is a {word[:-1]}")
    return f"must follow {word}: " + "; ".join(parts)


def explain_pitch_follow(s: State, seat: int, card: int) -> str:
    code = s.rules.deck.codes[card]
    led = s.led
    if led == s.trump:
        return f"must follow {suit_word(led)} (trump) while holding a trump: {code} is not one"
    return (
        f"must follow {suit_word(led)} or trump: {code} is neither, and seat {seat} holds "
        f"{suit_word(led)}"
    )


def first_leader(s: State) -> int:
    """Who leads the first trick (``first_lead``, ``euchre_lone_lead``)."""
    r = s.rules
    how = r["first_lead"]
    if r["moon_bidder_leads"] and s.bid >= 0 and s.prog.bids[s.bid].kind == "moon":
        how = "maker"  # New Yorker: "when going moon the bidder gets to lead"
    if how in ("maker", "bidder") and s.maker >= 0:
        start = s.maker
    elif r["euchre_lone_lead"] == "left_of_loner" and (s.alone >= 0 or s.def_alone >= 0):
        # the loner is the lone maker, else the lone defender; the trick order
        # skips seats sitting out, so the first seat to its left that plays leads
        start = s.seat_after(s.alone if s.alone >= 0 else s.def_alone)
    else:
        start = s.eldest
    return start


def can_play(s: State, seat: int) -> bool:
    """Whether ``seat`` takes part in the next trick."""
    if s.out >> seat & 1:
        return False
    follow = s.prog.follow
    if follow == "trump_only":
        return bool(s.hands[seat] & s.table.trump_mask)
    if follow == "blind_pitch":
        return bool(s.hands[seat] or s.piles[seat])
    return bool(s.hands[seat])


def start_trick(s: State, leader: int) -> None:
    """Set up the next trick from ``leader`` (or the next seat that can play); with
    nobody able to play, the hand is over and is scored."""
    n = s.n
    s.trick = []
    if s.prog.follow == "must_follow":
        # every seat still in holds as many cards as the others: one table lookup
        if s.hands[leader] or any(s.hands[p] for p in range(n) if not s.out >> p & 1):
            order_t = s.prog.orders.get((leader, s.out))
            if order_t is None:
                order_t = tuple(
                    p for p in ((leader + k) % n for k in range(n)) if not s.out >> p & 1
                )
                s.prog.orders[(leader, s.out)] = order_t
            s.order = order_t
            s.to_move = order_t[0]
            return
        s.order = ()
        s.to_move = None
        s.end_hand(s.prog.score_hand(s))
        return
    order = []
    seat = leader
    for _ in range(n):
        if can_play(s, seat):
            order.append(seat)
        seat = (seat + 1) % n
    if not order:
        s.order = ()
        s.to_move = None
        s.end_hand(s.prog.score_hand(s))
        return
    s.order = tuple(order)
    s.to_move = order[0]
