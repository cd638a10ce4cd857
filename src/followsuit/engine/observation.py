"""What one seat may know, and worlds consistent with it.

:func:`observe` is the only way hidden information leaves the engine: a bot, the
CLI and the server each get an :class:`Observation`, never the state. It holds the
seat's own hand, the public table (up card, calls, tricks, scores) and the facts a
player can deduce from them (who has shown out of which suit, which cards are
gone), so that a bot can sample hidden hands with :func:`sample_world`.

The test of an observation is the resampling test: a world sampled from it must
give exactly the same observation back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cards import Deck, bits
from ..rules import Rules
from . import actions as A
from .deal import Deal, hand_sizes
from .errors import IllegalAction
from .program import program_for
from .state import HandResult, State, Trick

if TYPE_CHECKING:
    from .tricks import TrumpTable


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
    hand_sizes: tuple[int, ...]
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
    actions: tuple[tuple[int | None, int | None, str], ...]
    """This hand's actions: (seat, action or None where hidden, text); seat None is
    a table event."""
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[int, int], ...]
    """The trick on the table: (seat, card) in play order."""
    tricks_won: tuple[int, ...]
    played: int
    voids: tuple[int, ...]
    """Per seat, a bitmask of the (effective) suits that seat has shown out of."""
    known: tuple[int, ...]
    """Per seat, cards known to be in that seat's hand (own hand included)."""
    legal_actions: tuple[int, ...]
    discards: int = field(default=0)
    """Cards this seat itself discarded or gave away this hand."""

    # -- conveniences -------------------------------------------------------

    @property
    def deck(self) -> Deck:
        return self.rules.deck

    @property
    def table(self) -> TrumpTable:
        """Effective suits and trick power under the current trump (or none)."""
        t = -1 if self.trump is None else self.trump
        return program_for(self.rules).tables[t]

    def text(self, action: int) -> str:
        return A.to_text(action, self.rules.deck, program_for(self.rules).ladder)

    def unseen(self) -> int:
        """Cards this seat has not seen: neither in its hand, played, nor face up."""
        seen = self.hand | self.played | self.discards
        if self.upcard is not None:
            seen |= 1 << self.upcard
        for _who, act, _ in self.actions:
            if act is not None and act >= A.DISCARD:
                seen |= A.cards_of(act)
        return self.rules.deck.full_mask & ~seen


def observe(s: State, seat: int | None) -> Observation:
    rules = s.rules
    n = s.n
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not a seat (0-{n - 1})")
    deck = rules.deck
    ladder = s.prog.ladder
    acts: list[tuple[int | None, int | None, str]] = []
    discards = 0
    for idx, (who, a) in enumerate(s.log):
        vis = s.hidden.get(idx)
        if vis is None or (seat is not None and vis >> seat & 1):
            acts.append((who, a, A.to_text(a, deck, ladder)))
            if who == seat and a >= A.DISCARD and a >> 64 == 1:
                discards |= A.cards_of(a)
        elif a >= A.DISCARD:
            verb = "discard" if a >> 64 == 1 else "give"
            count = A.cards_of(a).bit_count()
            acts.append((who, None, verb + " ?" * count))
        # other private actions (misdeal offers) are not shown at all
    upcard_taken = False
    known = [0] * n
    if s.picked_up:
        upcard_taken = True
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
                    if s.pending:  # not swapped yet: still in the giver's hand
                        known[who] |= A.cards_of(a) & s.hands[who]
                    else:
                        known[receiver] |= A.cards_of(a) & s.hands[receiver]
    hidden_hand = seat is not None and s.blind == seat
    if seat is not None and not hidden_hand:
        known[seat] = s.hands[seat]
    to_move = s.to_move
    phase = s.phase_name
    if phase == "claims" and to_move != seat:
        # an offer is private: the others see the deal still settling
        phase, to_move = "deal", None
    legal: tuple[int, ...] = ()
    if seat is not None and to_move == seat:
        legal = tuple(s.proper_actions())
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
        hand_sizes=tuple(h.bit_count() for h in s.hands),
        upcard=s.upcard if s.upcard >= 0 else None,
        upcard_taken=upcard_taken,
        trump=s.trump if s.trump >= 0 else None,
        maker=s.maker if s.maker >= 0 else None,
        bid=s.prog.ladder[s.bid] if s.bid >= 0 else None,
        alone=s.alone if s.alone >= 0 else None,
        defender_alone=s.def_alone if s.def_alone >= 0 else None,
        sitting_out=s.out,
        actions=tuple(acts),
        tricks=tuple(s.tricks),
        trick=tuple(zip(s.order, s.trick, strict=False)),
        tricks_won=tuple(s.tricks_won),
        played=s.played,
        voids=_voids(s),
        known=tuple(known),
        legal_actions=legal,
        discards=discards,
    )


def _voids(s: State) -> tuple[int, ...]:
    """Suits each seat has shown out of: a card not of the led (effective) suit
    under ``must_follow`` shows a void. Nothing is inferred once a renege is
    allowed (``renege_mode = penalize``), since a play then proves nothing."""
    voids = [0] * s.n
    if s.trump < 0 or s.prog.penalize:
        return tuple(voids)
    eff = s.table.eff
    plays = [t.plays for t in s.tricks]
    if s.trick:
        plays.append(tuple(zip(s.order, s.trick, strict=False)))
    for trick in plays:
        led = eff[trick[0][1]]
        for seat, card in trick[1:]:
            if eff[card] != led:
                voids[seat] |= 1 << led
    return tuple(voids)


# ------------------------------------------------------------------ resampling


class NoConsistentWorld(RuntimeError):
    """No assignment of the hidden cards fits the observation (should not happen
    for an observation the engine produced)."""


@dataclass
class _Slot:
    """A hidden place that holds ``size`` unknown cards now."""

    seat: int | None
    size: int
    banned: int  # cards that may not go here
    cards: list[int] = field(default_factory=list)


def sample_world(obs: Observation, rng: random.Random, *, tries: int = 400) -> State:
    """A full game state consistent with ``obs``: same observation for that seat.

    The hidden cards (other hands, the kitty, face-down discards and passes) are
    dealt at random among their places, respecting every void and known card; the
    hidden choices (a face-down discard, a help exchange, a declined misdeal offer)
    are filled in consistently. The world deals later hands from a fresh random
    seed, so a search may play past the end of this hand.
    """
    if obs.over:
        raise ValueError("the game is over; there is nothing hidden to sample")
    if obs.phase == "deal" and not any(obs.hand_sizes):
        raise ValueError("no hand is in progress")
    for _ in range(tries):
        world = _try_world(obs, rng)
        if world is not None:
            return world
    raise NoConsistentWorld("no deal of the hidden cards fits what this seat has seen")


def _try_world(obs: Observation, rng: random.Random) -> State | None:
    rules = obs.rules
    prog = program_for(rules)
    n = rules.num_players
    deck = rules.deck
    me = obs.seat
    see_own = me is not None and not obs.hand_hidden
    table = prog.tables[-1 if obs.trump is None else obs.trump]

    hand_slots: dict[int, _Slot] = {}
    slots: list[_Slot] = []
    upper_played = _upper_copies_played(obs, prog.twins)
    for p in range(n):
        if p == me and see_own:
            continue
        size = obs.hand_sizes[p] - obs.known[p].bit_count()
        # a seat that played the upper copy of a pair did not hold the lower one
        banned = upper_played[p] >> 1
        for suit in range(4):
            if obs.voids[p] >> suit & 1:
                banned |= table.suit_mask[suit]
        hand_slots[p] = _Slot(p, size, banned)
        slots.append(hand_slots[p])
    discard_slots: dict[int, _Slot] = {}
    for idx, (who, act, text) in enumerate(obs.actions):
        if act is None and text.startswith("discard"):
            discard_slots[idx] = _Slot(who, text.count("?"), 0)
            slots.append(discard_slots[idx])
    dealt_sizes = hand_sizes(rules, obs.dealer)
    kitty = _Slot(None, len(deck) - sum(dealt_sizes) - (obs.upcard is not None), 0)
    slots.append(kitty)

    known_mask = obs.played | obs.discards
    for p in range(n):
        known_mask |= obs.known[p]
    if see_own:
        known_mask |= obs.hand
    if obs.upcard is not None:
        known_mask |= 1 << obs.upcard
    for _who, act, _text in obs.actions:
        if act is not None and act >= A.DISCARD and act >> 64 == 1:
            known_mask |= A.cards_of(act)
    pool = bits(deck.full_mask & ~known_mask)
    up_constrained = (
        obs.upcard is not None
        and obs.upcard_taken
        and (me != obs.dealer or not see_own)
        and not (obs.played >> obs.upcard & 1)
        and not (obs.known[obs.dealer] >> obs.upcard & 1)
    )
    if up_constrained:
        assert obs.upcard is not None
        pool.append(obs.upcard)
        up_bit = 1 << obs.upcard
        for slot in slots:
            if slot.seat != obs.dealer or slot is kitty:
                slot.banned |= up_bit
    pending_claim: int | None = None
    if obs.phase == "deal" and obs.to_move is None:
        # someone else is deciding a private misdeal offer: deal one of them a
        # qualifying hand first
        others = [p for p in hand_slots if p != me]
        pending_claim = rng.choice(others)
        if not _deal_qualifying(obs, hand_slots[pending_claim], pool, rng):
            return None
        pool = [c for c in pool if c not in hand_slots[pending_claim].cards]
    if sum(sl.size - len(sl.cards) for sl in slots) != len(pool):
        raise NoConsistentWorld("the hidden places do not match the hidden cards")
    if not _assign(slots, pool, rng):
        return None

    current = [0] * n
    for p in range(n):
        current[p] = obs.known[p] if p != me or not see_own else obs.hand
        if p in hand_slots:
            for c in hand_slots[p].cards:
                current[p] |= 1 << c
    dealt = current[:]
    for t in obs.tricks:
        for p, card in t.plays:
            dealt[p] |= 1 << card
    for p, card in obs.trick:
        dealt[p] |= 1 << card
    concrete: dict[int, int] = {}
    for idx, (who, act, text) in enumerate(obs.actions):
        if who is None:
            continue
        if act is None and text.startswith("discard"):
            m = 0
            for c in discard_slots[idx].cards:
                m |= 1 << c
            concrete[idx] = A.DISCARD | m
            dealt[who] |= m
        elif act is not None and act >= A.DISCARD and act >> 64 == 1:
            dealt[who] |= A.cards_of(act)
    if not _undo_gives(obs, dealt, concrete, rng):
        return None
    if obs.upcard_taken and obs.upcard is not None:
        dealt[obs.dealer] &= ~(1 << obs.upcard)
    deal = Deal(
        hands=tuple(tuple(bits(h)) for h in dealt),
        upcard=obs.upcard,
        kitty=tuple(kitty.cards),
    )
    try:
        return _replay(obs, deal, concrete, pending_claim, rng)
    except IllegalAction:
        return None


def _upper_copies_played(obs: Observation, twins: int) -> list[int]:
    """Per seat, the upper copies of identical pairs it played (the engine offers
    the lower copy whenever both are held, so the lower one was elsewhere)."""
    out = [0] * obs.rules.num_players
    if not twins:
        return out
    uppers = twins << 1
    plays = [pl for t in obs.tricks for pl in t.plays] + list(obs.trick)
    for p, card in plays:
        if uppers >> card & 1:
            out[p] |= 1 << card
    return out


def _deal_qualifying(obs: Observation, slot: _Slot, pool: list[int], rng: random.Random) -> bool:
    """Put a hand that qualifies for the pending misdeal offer into ``slot``."""
    from .phases.claims import CLAIMS

    probe = State(obs.rules)
    probe.dealer = obs.dealer
    tests = [test for option, test in CLAIMS.values() if obs.rules[option]]
    allowed = [c for c in pool if not slot.banned >> c & 1]
    for _ in range(20000):
        cards = rng.sample(allowed, slot.size)
        m = 0
        for c in cards:
            m |= 1 << c
        probe.hands[slot.seat] = m | obs.known[slot.seat]  # type: ignore[index]
        if any(test(probe, slot.seat) for test in tests):  # type: ignore[arg-type]
            slot.cards = cards
            return True
    return False


def _undo_gives(
    obs: Observation, dealt: list[int], concrete: dict[int, int], rng: random.Random
) -> bool:
    """Move given cards back to their givers in ``dealt``; choose the cards of a
    help exchange this seat did not see (the partner's must be its best trumps)."""
    gives = [
        (i, who, act)
        for i, (who, act, text) in enumerate(obs.actions)
        if who is not None and (text.startswith("give"))
    ]
    if not gives:
        return True
    if len(gives) == 1:  # the bidder has given; the partner has not: nothing moved yet
        (i1, bidder, act1) = gives[0]
        if act1 is None:
            k = obs.actions[i1][2].count("?")
            mine = bits(dealt[bidder])
            picked = 0
            for c in rng.sample(mine, k):
                picked |= 1 << c
            concrete[i1] = A.GIVE | picked
        return True
    (i1, bidder, act1), (i2, partner, act2) = gives
    table = program_for(obs.rules).tables[obs.trump if obs.trump is not None else -1]
    if act1 is not None and act2 is not None:
        to_partner, to_bidder = A.cards_of(act1), A.cards_of(act2)
    else:
        k = obs.actions[i1][2].count("?")
        partner_cards = bits(dealt[partner] & ~obs.known[partner])
        if len(partner_cards) < k:
            return False
        to_partner = 0
        for c in rng.sample(partner_cards, k):
            to_partner |= 1 << c
        before = dealt[partner] & ~to_partner  # the partner's hand less the received
        mine = bits(dealt[bidder])
        trumps = [c for c in mine if table.trump_mask >> c & 1]
        chosen = rng.sample(trumps, k) if len(trumps) >= k else rng.sample(mine, k)
        to_bidder = 0
        for c in chosen:
            to_bidder |= 1 << c
        concrete[i1] = A.GIVE | to_partner
        concrete[i2] = A.GIVE | to_bidder
        dealt[partner] = before
        dealt[bidder] &= ~to_bidder
        dealt[bidder] |= to_partner
        dealt[partner] |= to_bidder
        return True
    dealt[partner] = (dealt[partner] & ~to_partner) | to_bidder
    dealt[bidder] = (dealt[bidder] & ~to_bidder) | to_partner
    return True


def _replay(
    obs: Observation,
    deal: Deal,
    concrete: dict[int, int],
    pending_claim: int | None,
    rng: random.Random,
) -> State | None:
    me = obs.seat
    world = State(obs.rules)
    world.scores = list(obs.scores)
    world.results = obs.previous
    world.hand_no = obs.hand_no - 1
    world.dealer = obs.dealer
    world.start_dealer = obs.dealer
    world.seed = rng.getrandbits(64)
    world.time_up = obs.time_up and not any(who is None for who, _, _ in obs.actions)
    world.deal(deal)

    def skip_offers(stop_at: int | None) -> None:
        """Answer ``pass`` to the offers this seat cannot see (all but its own)."""
        while world.phase_name == "claims" and world.to_move not in (me, stop_at):
            world.apply(A.PASS)

    for idx, (who, act, _text) in enumerate(obs.actions):
        if who is None:
            world.time_is_up()
            continue
        skip_offers(None)
        if act is None:
            act = concrete[idx]
        if world.to_move != who:
            return None
        world.apply(act)
    if pending_claim is not None:
        skip_offers(pending_claim)
        if world.phase_name != "claims" or world.to_move != pending_claim:
            return None
    else:
        skip_offers(None)
    return world


def _assign(slots: list[_Slot], pool: list[int], rng: random.Random) -> bool:
    """Deal ``pool`` into the room left in ``slots``, each card only where it may go.

    Cards with the fewest places go first; each goes to an allowed slot with
    probability proportional to its free room.
    """
    allowed = {c: [k for k, sl in enumerate(slots) if not sl.banned >> c & 1] for c in pool}
    room = [sl.size - len(sl.cards) for sl in slots]
    order = pool[:]
    rng.shuffle(order)
    order.sort(key=lambda c: len(allowed[c]))
    for c in order:
        choices = [k for k in allowed[c] if room[k] > 0]
        if not choices:
            return False
        k = rng.choices(choices, [room[k] for k in choices])[0]
        slots[k].cards.append(c)
        room[k] -= 1
    return True
