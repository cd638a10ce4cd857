"""What one seat may know.

:func:`observe` is the only way hidden information leaves the engine: a bot, the
CLI and the server each get an :class:`Observation`, never the state. It holds the
seat's own hand, the public table (up card, calls, tricks, scores, the sizes of the
stock, kitty and blind piles) and the facts a player can deduce from them (who has
shown out of which suit, which cards are gone), so that a bot can sample hidden
hands with :func:`~followsuit.engine.worlds.sample_world`.

The test of an observation is the resampling test: a world sampled from it must
give exactly the same observation back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Deck, mask_of
from ..rules import Rules
from . import actions as A
from .program import program_for
from .state import ALL_SEATS, HandResult, State, Trick
from .tricks import TrumpTable, trick_winner


@dataclass(frozen=True)
class Move:
    """An automatic card move this seat knows of: a draw from the stock, taking
    the kitty or the stock, a forced discard, a junk hand laid down. ``cards`` is
    None where the seat does not see which cards moved (only how many)."""

    position: int
    """How many of the hand's actions this seat sees came before it."""
    seat: int
    kind: str
    cards: int | None
    count: int


@dataclass(frozen=True)
class Observation:
    """One seat's view of the game (``seat is None``: a spectator).

    Cards are deck indices (``rules.deck.codes[i]`` is the notation) and card sets
    are bitmasks, as in the engine.
    """

    rules: Rules
    seat: int | None
    hand_no: int
    dealer: int
    scores: tuple[int, ...]
    previous: tuple[HandResult, ...]
    over: bool
    winner: int | None
    time_up: bool
    phase: str
    """The hand's phase as this seat sees it ("deal" while others decide a
    private misdeal offer)."""
    to_move: int | None
    hand: int
    """This seat's cards now (0 for a spectator, or while it must not look)."""
    hand_hidden: bool
    """This seat may not look at its hand (British Euchre: the dealer names trump
    blind when the joker is turned up)."""
    dealt: tuple[int, ...]
    """This seat's cards as dealt, in the order dealt (empty where it has not seen
    them)."""
    hand_sizes: tuple[int, ...]
    stock_size: int
    kitty_size: int
    pile_sizes: tuple[int, ...]
    upcard: int | None
    upcard_taken: bool
    """The dealer picked the up card up (it is in the dealer's hand or discard)."""
    trump: int | None
    maker: int | None
    bid: str | None
    """The winning (or so far highest) bid of an auction, as recorded."""
    alone: int | None
    defender_alone: int | None
    sitting_out: int
    called_card: int | None
    """Call-your-partner: the card the bidder called."""
    partner: int | None
    """Call-your-partner: the partner, once this seat knows who it is."""
    dead: int
    """Cards out of play for the hand, face up (a junk hand laid down)."""
    actions: tuple[tuple[int | None, int | None, str], ...]
    """This hand's actions: (seat, action or None where hidden, text); seat None is
    a table event. A hidden action's text shows what is public of it
    (``"discard 9H ? ?"``)."""
    moves: tuple[Move, ...]
    """The hand's automatic card moves, in order with the actions."""
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[int, int], ...]
    """The trick on the table: (seat, card) in play order."""
    trick_order: tuple[int, ...]
    """The seats taking part in this trick, in play order (a seat out of trumps in a
    trump-only game has dropped out and is skipped)."""
    tricks_won: tuple[int, ...]
    played: int
    voids: tuple[int, ...]
    """Per seat, a bitmask of the (effective) suits that seat has shown out of."""
    known: tuple[int, ...]
    """Per seat, cards known to be in that seat's hand (own hand included)."""
    legal_actions: tuple[int, ...]
    discards: int = field(default=0)
    """Cards this seat itself discarded this hand."""

    # -- conveniences -------------------------------------------------------

    @property
    def deck(self) -> Deck:
        return self.rules.deck

    @property
    def table(self) -> TrumpTable:
        """Effective suits and trick power under the current trump (or none)."""
        t = -1 if self.trump is None else self.trump
        return program_for(self.rules).tables[t]

    @property
    def winning(self) -> tuple[int, int] | None:
        """(seat, card) winning the trick on the table so far; of identical cards
        the one played first (None before the lead)."""
        if not self.trick:
            return None
        return self.trick[trick_winner(self.table, [card for _, card in self.trick])]

    def text(self, action: int) -> str:
        return A.to_text(action, self.rules.deck, program_for(self.rules).ladder)

    def unseen(self) -> int:
        """Cards this seat has not seen: neither in its hand, played, face up, nor
        moved where it could see them."""
        seen = self.hand | self.played | self.discards | self.dead | mask_of(self.dealt)
        if self.upcard is not None:
            seen |= 1 << self.upcard
        for _who, act, text in self.actions:
            if act is not None and act >= A.DISCARD:
                seen |= A.cards_of(act)
            elif act is None:
                seen |= shown_cards(self.rules.deck, text)
        for move in self.moves:
            if move.cards is not None:
                seen |= move.cards
        return self.rules.deck.full_mask & ~seen


def shown_cards(deck: Deck, text: str) -> int:
    """The face-up cards named in a partly hidden action's text."""
    m = 0
    for word in text.split()[1:]:
        if word != "?":
            m |= 1 << deck.indices_of(word)[0]
    return m


def observe(s: State, seat: int | None) -> Observation:
    rules = s.rules
    n = s.n
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not a seat (0-{n - 1})")
    deck = rules.deck
    ladder = s.prog.ladder
    acts: list[tuple[int | None, int | None, str]] = []
    discards = 0
    seen_before: list[int] = []  # visible actions before each log position
    for idx, (who, a) in enumerate(s.log):
        seen_before.append(len(acts))
        vis = s.hidden.get(idx)
        if vis is None or (seat is not None and vis >> seat & 1):
            acts.append((who, a, A.to_text(a, deck, ladder, s.written.get(idx))))
            if who == seat and a >= A.DISCARD and a >> 64 == 1:
                discards |= A.cards_of(a)
        elif a >= A.DISCARD:
            verb = "discard" if a >> 64 == 1 else "give"
            cards = A.cards_of(a)
            shown = s.shown.get(idx, 0)
            words = [deck.codes[c] for c in range(len(deck)) if shown >> c & 1]
            words += ["?"] * (cards.bit_count() - len(words))
            acts.append((who, None, " ".join([verb, *words])))
        # other private actions (misdeal offers) are not shown at all
    seen_before.append(len(acts))
    moves = []
    for pos, who, kind, cards, vis in s.auto:
        sees = vis == ALL_SEATS or (seat is not None and vis >> seat & 1)
        position = seen_before[pos]
        moves.append(Move(position, who, kind, cards if sees else None, cards.bit_count()))
    known = [0] * n
    if s.picked_up:
        up = 1 << s.upcard
        dealer_discarded = any(who == s.dealer and a >= A.DISCARD for who, a in s.log)
        if s.hands[s.dealer] & up and (
            not dealer_discarded or not rules["dealer_may_discard_upcard"]
        ):
            known[s.dealer] |= up
    for idx, (who, a) in enumerate(s.log):
        # cards seen given to a partner are known to be in the partner's hand
        if who is not None and a >= A.DISCARD and a >> 64 == 2:
            vis = s.hidden.get(idx)
            if vis is None or (seat is not None and vis >> seat & 1):
                receiver = s.partner_of(who)
                if receiver is not None:
                    if s.pending and s.phase_name == "exchange":  # not swapped yet
                        known[who] |= A.cards_of(a) & s.hands[who]
                    else:
                        known[receiver] |= A.cards_of(a) & s.hands[receiver]
    hidden_hand = seat is not None and s.blind == seat
    if seat is not None and not hidden_hand:
        known[seat] = s.hands[seat]
    partner = _partner_seen_by(s, seat)
    if partner is not None and s.called_card >= 0 and s.hands[partner] >> s.called_card & 1:
        known[partner] |= 1 << s.called_card
    to_move = s.to_move
    phase = s.phase_name
    if phase == "claims" and to_move != seat:
        # an offer is private: the others see the deal still settling
        phase, to_move = "deal", None
    legal: tuple[int, ...] = ()
    if seat is not None and to_move == seat:
        legal = tuple(s.proper_actions())
    dealt: tuple[int, ...] = ()
    if seat is not None and not hidden_hand and s.deal_ is not None:
        dealt = s.deal_.hands[seat]
    return Observation(
        rules=rules,
        seat=seat,
        hand_no=s.hand_no,
        dealer=s.dealer,
        scores=tuple(s.scores),
        previous=s.results,
        over=s.over,
        winner=s.winner,
        time_up=s.time_up,
        phase=phase,
        to_move=to_move,
        hand=s.hands[seat] if seat is not None and not hidden_hand else 0,
        hand_hidden=hidden_hand,
        dealt=dealt,
        hand_sizes=tuple(h.bit_count() for h in s.hands),
        stock_size=len(s.stock),
        kitty_size=len(s.kitty),
        pile_sizes=tuple(len(p) for p in s.piles),
        upcard=s.upcard if s.upcard >= 0 else None,
        upcard_taken=s.picked_up,
        trump=s.trump if s.trump >= 0 else None,
        maker=s.maker if s.maker >= 0 else None,
        bid=s.prog.ladder[s.bid] if s.bid >= 0 else None,
        alone=s.alone if s.alone >= 0 else None,
        defender_alone=s.def_alone if s.def_alone >= 0 else None,
        sitting_out=s.out,
        called_card=s.called_card if s.called_card >= 0 else None,
        partner=partner,
        dead=s.dead,
        actions=tuple(acts),
        moves=tuple(moves),
        tricks=tuple(s.tricks),
        trick=tuple(zip(s.order, s.trick, strict=False)),
        trick_order=s.order if s.deal_ is not None else (),
        tricks_won=tuple(s.tricks_won),
        played=s.played,
        voids=_voids(s),
        known=tuple(known),
        legal_actions=legal,
        discards=discards,
    )


def _partner_seen_by(s: State, seat: int | None) -> int | None:
    """The called partner, as ``seat`` knows it: everyone once the called card is
    played; the partner from the call on (the card is in their hand)."""
    if s.called_card < 0 or s.partner < 0:
        return None
    if s.played >> s.called_card & 1 or seat == s.partner:
        return s.partner
    return None


def _voids(s: State) -> tuple[int, ...]:
    """Suits each seat has shown out of (RULES.md §1.8):

    * ``must_follow``: a card not of the led (effective) suit;
    * ``follow_or_trump``: a plain card not of the led suit (a trump proves
      nothing); a non-trump on a trump lead, where a trump must follow it;
    * ``trump_only``: a seat left out of a trick holds no trump;
    * a blind pile card proves nothing.

    Nothing is inferred once a renege is allowed (``renege_mode = penalize``).
    """
    voids = [0] * s.n
    if s.trump < 0 or s.prog.penalize:
        return tuple(voids)
    table = s.table
    eff = table.eff
    trump = s.trump
    follow = s.prog.follow
    plays = [(t.plays, True) for t in s.tricks]
    if s.trick or (follow == "trump_only" and s.order and s.phase_name == "play"):
        plays.append((tuple(zip(s.order, s.trick, strict=False)), False))
    pile_played = {
        (seat, a - A.PILE_CARD)
        for seat, a in s.log
        if seat is not None and A.PILE_CARD <= a < A.PILE_CARD + 64
    }
    must_trump = s.rules["trump_lead_must_follow"]
    plain_suits = sum(1 << k for k in range(4) if k != trump)
    if follow == "trump_only" and s.phase_name in ("burn", "give"):
        # after the fill only trumps keep a hand above six cards
        for seat in range(s.n):
            if s.hands[seat].bit_count() > 6:
                voids[seat] |= plain_suits
    for idx, (who, a) in enumerate(s.log):
        # a trump discarded face up is only ever one beyond six: the player holds
        # nothing but trumps afterwards
        if who is None or a < A.DISCARD or a >> 64 != 1:
            continue
        public = A.cards_of(a) if idx not in s.hidden else s.shown.get(idx, 0)
        if public & table.trump_mask:
            voids[who] |= plain_suits
    for trick, complete in plays:
        if follow == "trump_only":
            taking_part = {seat for seat, _ in trick} if complete else set(s.order)
            for seat in range(s.n):
                if seat not in taking_part and not s.out >> seat & 1:
                    voids[seat] |= 1 << trump
            continue
        led = eff[trick[0][1]]
        for seat, card in trick[1:]:
            if (seat, card) in pile_played:
                continue
            e = eff[card]
            if follow == "must_follow":
                if e != led:
                    voids[seat] |= 1 << led
            elif led == trump:
                if e != trump and must_trump:
                    voids[seat] |= 1 << trump
            elif e != led and e != trump:
                voids[seat] |= 1 << led
    return tuple(voids)
