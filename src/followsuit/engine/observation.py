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
from typing import TYPE_CHECKING, NamedTuple

from ..cards import Deck, mask_of
from ..rules import Rules
from . import actions as A
from .phases.play import PlayData
from .program import program_for
from .tricks import TrumpTable, trick_winner
from .types import ALL_SEATS, HandResult, MoveKind, Piles, Trick, sees

if TYPE_CHECKING:
    from .state import State


class SeenMove(NamedTuple):
    """An automatic card move as this seat knows it: a draw from the stock, taking
    the kitty or the stock, a forced discard, a junk hand laid down. ``cards`` is
    None where the seat does not see which cards moved (only how many)."""

    position: int
    """How many of the hand's actions this seat sees came before it."""
    seat: int
    kind: MoveKind
    cards: int | None
    size: int
    """How many cards moved."""
    visible_to: int
    """Who sees its cards (a seat mask, or ``ALL_SEATS``): public, like the move."""


class ActionNote(NamedTuple):
    """What this seat knows of an action in :attr:`Observation.actions` that is
    private (a face-down discard, a help-exchange give, its own declined misdeal
    offer) or whose cards were written in their own order."""

    at: int
    """The action's position in ``actions``."""
    visible_to: int
    """Who sees it (a seat mask; everyone knows who does)."""
    shown: int
    """Its cards every seat sees anyway (trumps discarded face up)."""
    size: int
    """How many cards it moves."""
    order: tuple[int, ...]
    """Its cards in the order written (empty: deck order, or not seen)."""
    give: bool
    """A give (to another seat) rather than a discard."""


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
    moves: tuple[SeenMove, ...]
    """The hand's automatic card moves, in order with the actions."""
    notes: tuple[ActionNote, ...]
    """The actions above that are private or carry a written card order."""
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
    discards: int = 0
    """Cards this seat itself discarded this hand."""
    public: State | None = field(default=None, compare=False, repr=False)
    """The state with every card this seat has not seen taken out: what the world
    sampler deals the unseen cards into (never shown; not part of the view)."""
    cache: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    """What the world sampler works out once per observation (its hidden places)."""

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

    def describe(self, seat: int, action: int | None, text: str) -> str:
        """What an action in :attr:`actions` says in plain English."""
        if action is None:  # private to others: "discard ? ?"
            verb = A.DISCARD if text.startswith("discard") else A.GIVE
            return A.describe(verb, self.deck, hidden=text.count("?") + _shown_count(text))
        prog = program_for(self.rules)
        return A.describe(action, self.deck, prog.ladder, dealer=seat == self.dealer)

    def unseen(self) -> int:
        """Cards this seat has not seen: neither in its hand, played, face up, nor
        moved where it could see them."""
        seen = self.hand | self.played | self.discards | self.dead | mask_of(self.dealt)
        if self.upcard is not None:
            seen |= 1 << self.upcard
        for _who, act, text in self.actions:
            if act is not None:
                seen |= A.cards_of(act)
            else:
                seen |= shown_cards(self.rules.deck, text)
        for move in self.moves:
            if move.cards is not None:
                seen |= move.cards
        return self.rules.deck.full_mask & ~seen


def _shown_count(text: str) -> int:
    return len([w for w in text.split()[1:] if w != "?"])


def shown_cards(deck: Deck, text: str) -> int:
    """The face-up cards named in a partly hidden action's text."""
    m = 0
    for word in text.split()[1:]:
        if word != "?":
            m |= 1 << deck.indices_of(word)[0]
    return m


def observe(s: State, seat: int | None) -> Observation:
    """``seat``'s view of ``s`` (None: a spectator's)."""
    prog = s.prog
    n = prog.num_players
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise ValueError(f"seat {seat!r} is not a seat (0-{n - 1})")
    deck = prog.cards
    ladder = prog.ladder
    notes = s.notes
    contract = s.contract
    log = s._log
    acts: list[tuple[int | None, int | None, str]] = []
    seen_notes: list[ActionNote] = []
    discards = 0
    seen_before: list[int] = []  # visible actions before each log position
    for idx, (who, a) in enumerate(log):
        seen_before.append(len(acts))
        note = notes.get(idx)
        count = A.cards_of(a).bit_count()
        if note is None or sees(note.visible_to, seat):
            order = note.order if note is not None and note.order else None
            if note is not None:
                seen_notes.append(
                    ActionNote(
                        len(acts), note.visible_to, note.shown, count, note.order, A.is_give(a)
                    )
                )
            acts.append((who, a, A.to_text(a, deck, ladder, order)))
            if who == seat and A.is_discard(a):
                discards |= A.cards_of(a)
        elif A.is_discard(a) or A.is_give(a):
            verb = "discard" if A.is_discard(a) else "give"
            words = [deck.codes[c] for c in range(len(deck)) if note.shown >> c & 1]
            words += ["?"] * (count - len(words))
            seen_notes.append(
                ActionNote(len(acts), note.visible_to, note.shown, count, (), A.is_give(a))
            )
            acts.append((who, None, " ".join([verb, *words])))
        # other private actions (misdeal offers) are not shown at all
    seen_before.append(len(acts))
    moves = tuple(
        SeenMove(
            seen_before[m.position],
            m.seat,
            m.kind,
            m.cards if sees(m.visible_to, seat) else None,
            m.cards.bit_count(),
            m.visible_to,
        )
        for m in s.moves
    )
    hands = s._hands
    known = [0] * n
    picked_up = any(m.kind is MoveKind.PICKUP for m in s.moves)
    if picked_up:
        up = 1 << s.upcard
        dealer = s.dealer
        dealer_discarded = any(who == dealer and A.is_discard(a) for who, a in log)
        if hands[dealer] & up and (not dealer_discarded or not prog.dealer_may_discard_upcard):
            known[dealer] |= up
    for idx, (who, a) in enumerate(log):
        # cards seen given to a partner are known to be in the partner's hand
        if who is not None and A.is_give(a):
            note = notes.get(idx)
            if note is None or sees(note.visible_to, seat):
                receiver = s.partner_of(who)
                if receiver is not None:
                    if s.phase.name == "exchange" and s.step:  # not swapped yet
                        known[who] |= A.cards_of(a) & hands[who]
                    else:
                        known[receiver] |= A.cards_of(a) & hands[receiver]
    hidden_hand = seat is not None and contract.blind == seat
    if seat is not None and not hidden_hand:
        known[seat] = hands[seat]
    partner = _partner_seen_by(s, seat)
    if partner is not None and hands[partner] >> contract.called_card & 1:
        known[partner] |= 1 << contract.called_card
    to_move = s.to_move
    phase = s.phase_name
    if phase == "claims" and to_move != seat:
        # an offer is private: the others see the deal still settling
        phase, to_move = "deal", None
    legal: tuple[int, ...] = ()
    if seat is not None and to_move == seat:
        legal = s.proper_actions()
    dealt: tuple[int, ...] = ()
    if seat is not None and not hidden_hand and s._dealt is not None:
        dealt = s._dealt.hands[seat]
    standing = s.standing
    piles = s.piles
    tricks_won = [0] * n
    for trick in s.tricks:
        tricks_won[trick.winner] += 1
    return Observation(
        rules=prog.rules,
        seat=seat,
        hand_no=standing.hand_no,
        dealer=standing.dealer,
        scores=standing.scores,
        previous=standing.results,
        over=standing.over,
        winner=standing.winner,
        time_up=standing.time_up,
        phase=phase,
        to_move=to_move,
        hand=hands[seat] if seat is not None and not hidden_hand else 0,
        hand_hidden=hidden_hand,
        dealt=dealt,
        hand_sizes=tuple(h.bit_count() for h in hands),
        stock_size=len(piles.stock),
        kitty_size=len(piles.kitty),
        pile_sizes=tuple(len(p) for p in piles.blind),
        upcard=s.upcard if s.upcard >= 0 else None,
        upcard_taken=picked_up,
        trump=s.trump if s.trump >= 0 else None,
        maker=s.maker if s.maker >= 0 else None,
        bid=ladder[contract.bid] if contract.bid >= 0 else None,
        alone=contract.alone if contract.alone >= 0 else None,
        defender_alone=contract.defender_alone if contract.defender_alone >= 0 else None,
        sitting_out=contract.out,
        called_card=contract.called_card if contract.called_card >= 0 else None,
        partner=partner,
        dead=piles.dead,
        actions=tuple(acts),
        moves=moves,
        notes=tuple(seen_notes),
        tricks=s.tricks,
        trick=tuple(zip(s.order, s._trick, strict=False)),
        trick_order=s.order if s._dealt is not None else (),
        tricks_won=tuple(tricks_won),
        played=s.played,
        voids=_voids(s),
        known=tuple(known),
        legal_actions=legal,
        discards=discards,
        public=_public_view(s, seat, known, hidden_hand, partner),
    )


def _public_view(
    s: State, seat: int | None, known: list[int], hidden_hand: bool, partner: int | None
) -> State:
    """A copy of the state with every card ``seat`` has not seen taken out, for the
    world sampler to deal the unseen cards back into: other hands keep only the
    cards known to be there, the stock, kitty, piles and discard pile are emptied,
    the log and the card moves go (the observation holds what is public of them),
    and so do the facts of the hand only others know (who is deciding a private
    misdeal offer, a called partner not yet known, cards given but not yet
    swapped, reneges not yet scored)."""
    public = s.clone()
    public._hands[:] = known
    if s._dealt is not None:
        hands = tuple(
            s._dealt.hands[p] if p == seat and not hidden_hand else () for p in range(len(known))
        )
        public._dealt = s._dealt._replace(hands=hands, kitty=(), stock=(), piles=())
    public.piles = Piles(dead=s.piles.dead)
    public._log = []
    public.notes = {}
    public.moves = ()
    public._legal = None
    public.contract = s.contract._replace(partner=-1 if partner is None else partner)
    public.standing = s.standing._replace(history=())
    step = s.step
    if s.phase.name == "claims":
        public.step = None
        if s.to_move != seat:
            public.to_move = None
    elif isinstance(step, PlayData):
        public.step = step._replace(reneges=())
    elif s.phase.name == "exchange" and isinstance(step, int):
        bidder_side = (s.maker, s.partner_of(s.maker))
        public.step = step if seat in bidder_side else 0
    return public


def _partner_seen_by(s: State, seat: int | None) -> int | None:
    """The called partner, as ``seat`` knows it: everyone once the called card is
    played; the partner from the call on (the card is in their hand)."""
    contract = s.contract
    if contract.called_card < 0 or contract.partner < 0:
        return None
    if s.played >> contract.called_card & 1 or seat == contract.partner:
        return contract.partner
    return None


def _voids(s: State) -> tuple[int, ...]:
    """Suits each seat has shown out of (RULES.md §1.8):

    * ``must_follow``: a card not of the led (effective) suit;
    * ``follow_or_trump``: a plain card not of the led suit (a trump proves
      nothing); a non-trump on a trump lead, where a trump must follow it;
    * ``trump_only``: a seat left out of a trick holds no trump;
    * a blind pile card proves nothing, but on the first trick, where one may be
      played only when void in trump, that.

    Nothing is inferred once a renege is allowed (``renege_mode = penalize``).
    """
    prog = s.prog
    n = prog.num_players
    voids = [0] * n
    if s.trump < 0 or prog.penalize:
        return tuple(voids)
    table = s.table
    eff = table.eff
    trump = s.trump
    follow = prog.follow
    plays = [(t.plays, True) for t in s.tricks]
    in_play = s.phase.name == "play"
    if s._trick or (follow == "trump_only" and s.order and in_play):
        plays.append((tuple(zip(s.order, s._trick, strict=False)), False))
    pile_played = {
        (seat, A.card_of(a))
        for seat, a in s._log
        if seat is not None and A.verb_of(a) is A.PILE_CARD_VERB
    }
    must_trump = prog.trump_lead_must_follow
    plain_suits = sum(1 << k for k in range(4) if k != trump)
    if follow == "trump_only" and s.phase.name in ("burn", "give"):
        # after the fill only trumps keep a hand above six cards
        for seat in range(n):
            if s._hands[seat].bit_count() > 6:
                voids[seat] |= plain_suits
    for idx, (who, a) in enumerate(s._log):
        # a trump discarded face up is only ever one beyond six: the player holds
        # nothing but trumps afterwards
        if who is None or not A.is_discard(a):
            continue
        note = s.notes.get(idx)
        hidden = note is not None and note.visible_to != ALL_SEATS
        public = note.shown if hidden and note is not None else A.cards_of(a)
        if public & table.trump_mask:
            voids[who] |= plain_suits
    out = s.contract.out
    first_only_void = prog.blind_pile_on_first_trick == "only_if_void"
    for number, (trick, complete) in enumerate(plays):
        if follow == "trump_only":
            taking_part = {seat for seat, _ in trick} if complete else set(s.order)
            for seat in range(n):
                if seat not in taking_part and not out >> seat & 1:
                    voids[seat] |= 1 << trump
            continue
        led = eff[trick[0][1]]
        for seat, card in trick[1:]:
            if (seat, card) in pile_played:
                if number == 0 and first_only_void:
                    voids[seat] |= 1 << trump
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
