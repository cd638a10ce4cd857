"""Trick play (RULES.md §1.8): the first lead, the follow rules, pitched trump,
trick winners, and the end of the hand.

This is the engine's hot path. The variant picks one of two players of tricks once
(:data:`MUST_FOLLOW` for Euchre and Bid Euchre, :data:`PITCH` for the Pitch follow
rules), and each card is bitmask tests and one table lookup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from ...cards import BITS, bits, one_copy, remembered_bits
from .. import actions as A
from ..types import Trick, built
from .base import Phase, suit_word

if TYPE_CHECKING:
    from ..state import State

SPADES: Final = 3


class PlayData(NamedTuple):
    """What trick play remembers beyond the trick: a suit named for a pitched joker
    (``joker_pitched = name_suit``; -1 none) and the seats that reneged so far
    (``renege_mode = penalize``)."""

    named_suit: int = -1
    reneges: tuple[int, ...] = ()


NO_PLAY_DATA = PlayData()


def reneges(s: State) -> tuple[int, ...]:
    """The seats that reneged this hand (read when the hand is scored)."""
    data = s.step
    return data.reneges if isinstance(data, PlayData) else ()


class TrickPlay(Phase[PlayData]):
    """What both players of tricks share: the first lead, and ending a trick."""

    name = "play"

    def enter(self, s: State) -> None:
        s.step = NO_PLAY_DATA
        self.start_trick(s, first_leader(s))

    def start_trick(self, s: State, leader: int) -> None:
        """Set up the next trick from ``leader`` (or the next seat that plays); with
        nobody able to play, the hand is over and is scored."""
        raise AssertionError("a player of tricks says how a trick starts")

    def lay(self, s: State, trick: list[int], card: int) -> None:
        """Put ``card`` on the trick: it leads, or may beat the card winning so
        far; then the next seat plays, or the trick is done."""
        table = s.table
        if trick:
            k = table.keys[s.led][card]
            if k > s.win_key:
                s.win_key = k
                s.win_pos = len(trick)
        else:
            s.led = led = table.eff[card]
            s.win_key = table.keys[led][card]
            s.win_pos = 0
        trick.append(card)
        order = s.order
        if len(trick) < len(order):
            s.to_move = order[len(trick)]
            return
        self.finish_trick(s, trick)

    def finish_trick(self, s: State, trick: list[int]) -> None:
        order = s.order
        winner = order[s.win_pos]
        s.tricks += (built(Trick, (order, tuple(trick), winner)),)
        self.start_trick(s, winner)

    def renege(self, s: State, seat: int, hand: int, led: int, card: int, first: bool) -> bool:
        """Whether ``card`` played from ``hand`` to a trick led in ``led`` breaks
        the follow rule (``first``: the hand's first trick)."""
        raise AssertionError("a player of tricks says what a renege is")

    def _note_renege(self, s: State, seat: int) -> None:
        data = self.data(s)
        s.step = data._replace(reneges=(*data.reneges, seat))


class MustFollow(TrickPlay):
    """``must_follow``: follow the effective suit led if you can (Euchre, Bid
    Euchre). Every seat still in holds as many cards as the others.

    This is the path a search spends its time on, so it is written for speed:
    :meth:`apply` lays the card, ends the trick and starts the next one in line
    (what :meth:`TrickPlay.lay` does for Pitch), and leaves the next seat's legal
    cards in the state's cache, so that ``legal_actions()`` costs nothing more.
    :meth:`legal` is the same rule for a state whose cache was dropped; a test
    holds the two to the same answer.
    """

    def start_trick(self, s: State, leader: int) -> None:
        s._trick = []
        out = s.contract.out
        orders = s.prog.orders
        key = out << 4 | leader
        order = orders.get(key)
        if order is None:
            n = s.prog.num_players
            order = tuple(p for p in ((leader + k) % n for k in range(n)) if not out >> p & 1)
            orders[key] = order
        first = order[0]
        hand = s._hands[first]
        if hand:
            s.order = order
            s.to_move = first
            twins = s.table.twins
            if twins:  # identical cards: offer one copy (the lower index)
                hand = one_copy(hand, twins)
            s._legal = BITS.get(hand) or remembered_bits(hand)
            return
        s.order = ()
        s.to_move = None
        s.end_hand(s.prog.score_hand(s))

    def legal(self, s: State) -> tuple[int, ...]:
        hand = s._hands[s.to_move]  # type: ignore[index]
        if s._trick:  # follow the effective suit led if you can
            same = hand & s.table.suit_mask[s.led]
            if same:
                hand = same
        twins = s.prog.twins
        if twins:  # identical cards: offer one copy (the lower index)
            hand = one_copy(hand, twins)
        return bits(hand)

    def apply(self, s: State, action: int) -> None:
        seat: int = s.to_move  # type: ignore[assignment]
        s._log.append((seat, action))
        hands = s._hands
        hands[seat] ^= 1 << action
        trick = s._trick
        table = s.table
        if trick:  # may it beat the card winning so far?
            led = s.led
            k = table.keys[led][action]
            if k > s.win_key:
                s.win_key = k
                s.win_pos = len(trick)
        else:
            s.led = led = table.eff[action]
            s.win_key = table.keys[led][action]
            s.win_pos = 0
        trick.append(action)
        order = s.order
        played = len(trick)
        if played < len(order):  # the next seat follows
            s.to_move = seat = order[played]
            hand = hands[seat]
            same = hand & table.suit_mask[led]
            if same:
                hand = same
            twins = table.twins
            if twins:
                hand = one_copy(hand, twins)
            s._legal = BITS.get(hand) or remembered_bits(hand)
            return
        winner = order[s.win_pos]
        s.tricks += (built(Trick, (order, tuple(trick), winner)),)
        self.start_trick(s, winner)

    def renege(self, s: State, seat: int, hand: int, led: int, card: int, first: bool) -> bool:
        same = hand & s.table.suit_mask[led]
        return bool(same) and not same >> card & 1

    def explain(self, s: State, action: int) -> str:
        seat = s.to_move
        assert seat is not None
        deck = s.prog.cards
        if not A.is_play(action):
            return f"it is seat {seat}'s turn to play a card"
        if action >= len(deck) or not s._hands[seat] >> action & 1:
            code = deck.codes[action] if action < len(deck) else str(action)
            return f"{code} is not in seat {seat}'s hand"
        twin = _twin_reason(s, seat, action)
        if twin:
            return twin
        return explain_follow(s, seat, action)


class MustFollowRecorded(MustFollow):
    """``must_follow`` under ``renege_mode = penalize``: any card of the hand is
    accepted (a real table's renege), noted, and penalised when the hand is scored;
    bots are still offered only the cards that follow."""

    def legal(self, s: State) -> tuple[int, ...]:
        hand = s._hands[s.to_move]  # type: ignore[index]
        twins = s.prog.twins
        if twins:
            hand = one_copy(hand, twins)
        return bits(hand)

    def proper(self, s: State) -> tuple[int, ...]:
        return super().legal(s)

    def apply(self, s: State, action: int) -> None:
        seat: int = s.to_move  # type: ignore[assignment]
        if s._trick and self.renege(s, seat, s._hands[seat], s.led, action, False):
            self._note_renege(s, seat)
        super().apply(s, action)
        s._legal = None  # any card is accepted: not the cards that follow


class PitchPlay(TrickPlay):
    """Pitch's follow rules: ``follow_or_trump``, ``trump_only`` and
    ``blind_pitch``, with pitched trump and the called card's duty to fall on the
    first trick."""

    def start_trick(self, s: State, leader: int) -> None:
        s._trick = []
        n = s.prog.num_players
        order = tuple(seat for seat in ((leader + k) % n for k in range(n)) if can_play(s, seat))
        if not order:
            s.order = ()
            s.to_move = None
            s.end_hand(s.prog.score_hand(s))
            return
        s.order = order
        s.to_move = order[0]

    def legal(self, s: State) -> tuple[int, ...]:
        return self._cards(s, enforce=not s.prog.penalize)

    def proper(self, s: State) -> tuple[int, ...]:
        return self._cards(s, enforce=True)

    def _cards(self, s: State, enforce: bool) -> tuple[int, ...]:
        seat: int = s.to_move  # type: ignore[assignment]
        return self._allowed(s, seat, s._hands[seat], not s._trick, s.led, not s.tricks, enforce)

    def renege(self, s: State, seat: int, hand: int, led: int, card: int, first: bool) -> bool:
        return card not in self._allowed(s, seat, hand, False, led, first, True)

    def _allowed(
        self, s: State, seat: int, hand: int, leading: bool, led: int, first: bool, enforce: bool
    ) -> tuple[int, ...]:
        """What ``seat`` holding ``hand`` may play: leading, or following ``led``."""
        prog = s.prog
        table = s.table
        follow = prog.follow
        called = s.contract.called_card
        if called >= 0 and first and hand >> called & 1 and prog.called_card_first_trick:
            return (called,)
        pile = bool(s.piles.blind and s.piles.blind[seat])
        if leading:
            if s.trump < 0:  # the maker pitches trump with this card
                jokers = hand & prog.cards.joker_mask
                if self.data(s).named_suit >= 0:  # a suit was named for a joker
                    return bits(jokers)
                extra: tuple[int, ...] = ()
                how = prog.joker_pitched
                if how == "forbidden" and hand & ~jokers:
                    hand &= ~jokers
                elif how == "name_suit" and jokers:
                    hand &= ~jokers
                    extra = tuple(A.trump(t) for t in range(4))
                if follow == "blind_pitch" and not (prog.blind_opening_lead_from_hand and hand):
                    extra += (A.PLAY_PILE,)
                return bits(hand) + extra
            if follow == "trump_only":
                return bits(hand & table.trump_mask)
            if follow == "blind_pitch" and pile:
                return bits(hand) + (A.PLAY_PILE,)
            return bits(hand)
        trumps = hand & table.trump_mask
        if follow == "trump_only":
            return bits(trumps)
        if not enforce:
            cards = hand
        elif led == s.trump:
            cards = (trumps or hand) if prog.trump_lead_must_follow else hand
        else:
            same = hand & table.suit_mask[led]
            cards = (same | trumps) if same else hand
        if (
            follow == "blind_pitch"
            and pile
            and (not first or (prog.blind_pile_on_first_trick == "only_if_void" and not trumps))
        ):
            return bits(cards) + (A.PLAY_PILE,)
        return bits(cards)

    def apply(self, s: State, action: int) -> None:
        seat: int = s.to_move  # type: ignore[assignment]
        trick = s._trick
        if A.is_play(action):
            card = action
            if (
                trick
                and s.prog.penalize
                and self.renege(s, seat, s._hands[seat], s.led, card, not s.tricks)
            ):
                self._note_renege(s, seat)
            s._hands[seat] ^= 1 << card
            s._log.append((seat, card))
        elif action == A.PLAY_PILE:  # the top card of the seat's blind pile, unseen until now
            blind = s.piles.blind
            card = blind[seat][0]
            s.piles = s.piles._replace(blind=(*blind[:seat], blind[seat][1:], *blind[seat + 1 :]))
            s._log.append((seat, A.pile_card(card)))
        else:  # naming trump for a pitched joker
            s.record_action(seat, action)
            s.step = self.data(s)._replace(named_suit=A.suit_of(action))
            return
        if not trick and s.trump < 0:  # the first card pitches trump
            suit = s.prog.cards.suit[card]
            if suit < 0:
                named = self.data(s).named_suit
                suit = named if named >= 0 else SPADES
            s.step = self.data(s)._replace(named_suit=-1)
            s.set_trump(suit)
        self.lay(s, trick, card)

    def explain(self, s: State, action: int) -> str:
        seat = s.to_move
        assert seat is not None
        prog = s.prog
        deck = prog.cards
        if action == A.PLAY_PILE:
            if prog.follow != "blind_pitch" or not (s.piles.blind and s.piles.blind[seat]):
                return f"seat {seat} has no pile to play from"
            if s.trump < 0:
                return "the opening lead comes from the hand"
            return "a pile card may be played on the first trick only when void in trump"
        if A.TRUMP_VERB.base <= action < A.TRUMP_VERB.base + 4:
            return "a suit is named only when pitching a joker (joker_pitched = name_suit)"
        if not A.is_play(action):
            return f"it is seat {seat}'s turn to play a card"
        if action >= len(deck) or not s._hands[seat] >> action & 1:
            code = deck.codes[action] if action < len(deck) else str(action)
            return f"{code} is not in seat {seat}'s hand"
        twin = _twin_reason(s, seat, action)
        if twin:
            return twin
        code = deck.codes[action]
        called = s.contract.called_card
        if (
            called >= 0
            and not s.tricks
            and s._hands[seat] >> called & 1
            and prog.called_card_first_trick
        ):
            return f"the called card {deck.codes[called]} must be played to the first trick"
        if not s._trick:
            if s.trump < 0 and deck.suit[action] < 0:
                if prog.joker_pitched == "forbidden":
                    return "a joker may not be the first lead"
                return "name the joker's suit first (trump S), then lead it"
            if self.data(s).named_suit >= 0:
                return "lead the joker whose suit was named"
            if prog.follow == "trump_only":
                return f"only trumps may be played: {code} is not a trump"
            return f"{code} may not be led now"
        if prog.follow == "trump_only":
            return f"only trumps may be played: {code} is not a trump"
        return explain_pitch_follow(s, seat, action)


def _twin_reason(s: State, seat: int, card: int) -> str:
    """Identical cards: the engine plays the first copy (RULES.md §1.7)."""
    twin = card - 1
    if twin >= 0 and s.prog.twins >> twin & 1 and s._hands[seat] >> twin & 1:
        code = s.prog.cards.codes[card]
        return (
            f"seat {seat} holds both {code}; they are the same card "
            f"and the engine plays the first copy (action {twin})"
        )
    return ""


def explain_follow(s: State, seat: int, card: int) -> str:
    """ "must follow hearts: QS is not a heart; the left bower JD is a heart"."""
    deck = s.prog.cards
    table = s.table
    led = s.led
    word = suit_word(led)
    code = deck.codes[card]
    if table.eff[card] != led and deck.suit[card] == led:
        parts = [f"{code} is a {suit_word(table.eff[card])[:-1]} here, not a {word[:-1]}"]
    else:
        parts = [f"{code} is not a {word[:-1]}"]
    hand = s._hands[seat] & table.suit_mask[led]
    for c in bits(hand):
        if deck.suit[c] != led:
            name = "the joker" if deck.suit[c] < 0 else "the left bower"
            parts.append(f"{name} {deck.codes[c]} is a {word[:-1]}")
    return f"must follow {word}: " + "; ".join(parts)


def explain_pitch_follow(s: State, seat: int, card: int) -> str:
    code = s.prog.cards.codes[card]
    led = s.led
    if led == s.trump:
        return f"must follow {suit_word(led)} (trump) while holding a trump: {code} is not one"
    return (
        f"must follow {suit_word(led)} or trump: {code} is neither, and seat {seat} holds "
        f"{suit_word(led)}"
    )


def first_leader(s: State) -> int:
    """Who leads the first trick (``first_lead``, ``euchre_lone_lead``)."""
    prog = s.prog
    contract = s.contract
    how = prog.first_lead
    if prog.moon_bidder_leads and contract.bid >= 0 and prog.bids[contract.bid].kind == "moon":
        how = "maker"  # New Yorker: "when going moon the bidder gets to lead"
    if how in ("maker", "bidder") and s.maker >= 0:
        return s.maker
    loner = contract.alone if contract.alone >= 0 else contract.defender_alone
    if prog.euchre_lone_lead == "left_of_loner" and loner >= 0:
        # the trick order skips seats sitting out: the first seat on the loner's
        # left that plays leads
        return s.seat_after(loner)
    return s.eldest


def can_play(s: State, seat: int) -> bool:
    """Whether ``seat`` takes part in the next trick (Pitch)."""
    if s.contract.out >> seat & 1:
        return False
    follow = s.prog.follow
    if follow == "trump_only":
        return bool(s._hands[seat] & s.table.trump_mask)
    if follow == "blind_pitch":
        return bool(s._hands[seat] or (s.piles.blind and s.piles.blind[seat]))
    return bool(s._hands[seat])


MUST_FOLLOW = MustFollow()
MUST_FOLLOW_RECORDED = MustFollowRecorded()
PITCH = PitchPlay()
