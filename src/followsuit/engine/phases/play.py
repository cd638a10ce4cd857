"""Trick play (RULES.md §1.8): the first lead, the follow rule, trick winners, and
the end of the hand. This is the engine's hot path: bitmask tests and one table
lookup per card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import bits
from .. import actions as A
from ..state import Trick
from .base import Phase, suit_word

if TYPE_CHECKING:
    from ..state import State


class TrickPlay(Phase):
    name = "play"

    def enter(self, s: State) -> None:
        start_trick(s, first_leader(s))

    def legal(self, s: State) -> list[int]:
        hand = s.hands[s.to_move]  # type: ignore[index]
        if s.trick and not s.prog.penalize:
            follow = hand & s.table.suit_mask[s.led]
            if follow:
                hand = follow
        twins = s.prog.twins
        if twins:  # identical cards: offer one copy (the lower index)
            hand &= ~((hand & (hand >> 1) & twins) << 1)
        return bits(hand)

    def proper(self, s: State) -> list[int]:
        hand = s.hands[s.to_move]  # type: ignore[index]
        if s.trick:
            follow = hand & s.table.suit_mask[s.led]
            if follow:
                hand = follow
        twins = s.prog.twins
        if twins:
            hand &= ~((hand & (hand >> 1) & twins) << 1)
        return bits(hand)

    def apply(self, s: State, card: int) -> None:
        seat: int = s.to_move  # type: ignore[assignment]
        bit = 1 << card
        trick = s.trick
        table = s.table
        if trick:
            if s.prog.penalize:
                follow = s.hands[seat] & table.suit_mask[s.led]
                if follow and not follow & bit:
                    s.reneges.append(seat)
            k = table.keys[s.led][card]
            if k > s.win_key:
                s.win_key = k
                s.win_pos = len(trick)
        else:
            led = table.eff[card]
            s.led = led
            s.win_key = table.keys[led][card]
            s.win_pos = 0
        s.hands[seat] ^= bit
        s.played |= bit
        trick.append(card)
        s.log.append((seat, card))
        order = s.order
        if len(trick) < len(order):
            s.to_move = order[len(trick)]
            return
        winner = order[s.win_pos]
        s.tricks_won[winner] += 1
        m = 0
        for c in trick:
            m |= 1 << c
        s.taken[winner] |= m
        s.tricks.append(Trick(order[0], tuple(zip(order, trick, strict=True)), winner))
        if not s.hands[winner]:
            s.to_move = None
            s.end_hand(s.prog.score_hand(s))
            return
        start_trick(s, winner)

    def explain(self, s: State, action: int) -> str:
        seat = s.to_move
        assert seat is not None
        deck = s.rules.deck
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


def first_leader(s: State) -> int:
    """Who leads the first trick (``first_lead``, ``euchre_lone_lead``)."""
    r = s.rules
    how = r["first_lead"]
    if how in ("maker", "bidder") and s.maker >= 0:
        start = s.maker
    elif r["euchre_lone_lead"] == "left_of_loner" and s.alone >= 0:
        start = s.seat_after(s.alone)
    else:
        start = s.eldest
    return s.next_active(start)


def start_trick(s: State, leader: int) -> None:
    leader = s.next_active(leader)
    n = s.n
    out = s.out
    order = []
    seat = leader
    for _ in range(n):
        if not out >> seat & 1:
            order.append(seat)
        seat = (seat + 1) % n
    s.order = tuple(order)
    s.trick = []
    s.to_move = leader
