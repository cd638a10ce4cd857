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

from ..cards import bits
from ..rules import Rules
from . import actions as A
from .deal import Deal
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
    phase: str
    to_move: int | None
    hand: int
    """This seat's cards now (0 for a spectator)."""
    hand_sizes: tuple[int, ...]
    upcard: int | None
    upcard_taken: bool
    """The dealer picked the up card up (it is in the dealer's hand or discard)."""
    trump: int | None
    maker: int | None
    alone: int | None
    defender_alone: int | None
    sitting_out: int
    actions: tuple[tuple[int | None, int | None, str], ...]
    """This hand's actions: (seat, action or None where hidden, text)."""
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
    """Cards this seat itself discarded this hand."""

    # -- conveniences -------------------------------------------------------

    @property
    def deck(self):  # type: ignore[no-untyped-def]
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
    if seat is not None:
        known[seat] = s.hands[seat]
    to_move = s.to_move
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
        phase=s.phase_name,
        to_move=to_move,
        hand=s.hands[seat] if seat is not None else 0,
        hand_sizes=tuple(h.bit_count() for h in s.hands),
        upcard=s.upcard if s.upcard >= 0 else None,
        upcard_taken=upcard_taken,
        trump=s.trump if s.trump >= 0 else None,
        maker=s.maker if s.maker >= 0 else None,
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
    seat: int | None
    size: int
    banned: int  # cards that may not go here
    cards: list[int] = field(default_factory=list)


def sample_world(obs: Observation, rng: random.Random, *, tries: int = 2000) -> State:
    """A full game state consistent with ``obs``: same observation for that seat.

    The hidden cards (other hands, the kitty, face-down discards) are dealt at
    random among their places, respecting every void and known card. The world
    deals later hands from a fresh random seed, so a search may play past the end
    of this hand.
    """
    if obs.over:
        raise ValueError("the game is over; there is nothing hidden to sample")
    if obs.phase == "deal":
        raise ValueError("no hand is in progress")
    rules = obs.rules
    prog = program_for(rules)
    n = rules.num_players
    deck = rules.deck
    me = obs.seat
    table = prog.tables[-1 if obs.trump is None else obs.trump]

    # Where each card now is, as far as this seat knows.
    placed: dict[int, list[int]] = {s: bits(obs.known[s]) for s in range(n)}
    discard_slots: list[tuple[int, _Slot]] = []  # (index in actions, slot)
    slots: list[_Slot] = []
    for s in range(n):
        if s == me:
            continue
        size = obs.hand_sizes[s] - len(placed[s])
        banned = 0
        for suit in range(4):
            if obs.voids[s] >> suit & 1:
                banned |= table.suit_mask[suit]
        slots.append(_Slot(s, size, banned))
    for idx, (who, act, text) in enumerate(obs.actions):
        if act is None and text.startswith(("discard", "give")):
            slot = _Slot(who, text.count("?"), 0)
            slots.append(slot)
            discard_slots.append((idx, slot))
    # The kitty: the undealt cards (the up card is public and stays the up card).
    kitty_size = len(deck) - n * rules["hand_size"] - (1 if obs.upcard is not None else 0)
    kitty = _Slot(None, kitty_size, 0)
    slots.append(kitty)

    known_mask = obs.hand | obs.played | obs.discards
    for s in range(n):
        known_mask |= obs.known[s]
    if obs.upcard is not None:
        known_mask |= 1 << obs.upcard
    pool = bits(deck.full_mask & ~known_mask)
    # A picked-up up card this seat cannot place: in the dealer's hand or discard.
    up_constrained = (
        obs.upcard is not None
        and obs.upcard_taken
        and me != obs.dealer
        and not (obs.played >> obs.upcard & 1)
        and not (obs.known[obs.dealer] >> obs.upcard & 1)
    )
    if up_constrained:
        assert obs.upcard is not None
        pool.append(obs.upcard)
        up_bit = 1 << obs.upcard
        for slot in slots:
            if slot.seat != obs.dealer:
                slot.banned |= up_bit
    if sum(sl.size for sl in slots) != len(pool):
        raise NoConsistentWorld("the hidden places do not match the hidden cards")

    _assign(slots, pool, rng, tries)

    # Rebuild the deal: what each seat holds now + played + discarded − picked up.
    dealt = [list(placed[s]) for s in range(n)]
    for slot in slots:
        if slot.seat is not None and slot is not kitty:
            dealt[slot.seat].extend(slot.cards)
    if me is not None:
        dealt[me] = bits(obs.hand)
    for t in obs.tricks:
        for seat, card in t.plays:
            dealt[seat].append(card)
    for seat, card in obs.trick:
        dealt[seat].append(card)
    for who, act, _ in obs.actions:
        if act is not None and act >= A.DISCARD and who is not None and act >> 64 == 1:
            dealt[who].extend(bits(A.cards_of(act)))
    if obs.upcard_taken and obs.upcard is not None:
        dealt[obs.dealer] = [c for c in dealt[obs.dealer] if c != obs.upcard]
    deal = Deal(
        hands=tuple(tuple(h) for h in dealt),
        upcard=obs.upcard,
        kitty=tuple(kitty.cards),
    )

    world = State(rules)
    world.scores = list(obs.scores)
    world.results = obs.previous
    world.hand_no = obs.hand_no - 1
    world.dealer = obs.dealer
    world.start_dealer = obs.dealer
    world.seed = rng.getrandbits(64)
    world.deal(deal)
    hidden_acts = dict(discard_slots)
    for idx, (who, act, _text) in enumerate(obs.actions):
        if act is None:
            slot = hidden_acts[idx]
            mask = 0
            for c in slot.cards:
                mask |= 1 << c
            kind = A.DISCARD if _text.startswith("discard") else A.GIVE
            act = kind | mask
        assert world.to_move == who, "the world diverged from the observation"
        world.apply(act)
    return world


def _assign(slots: list[_Slot], pool: list[int], rng: random.Random, tries: int) -> None:
    """Deal ``pool`` into ``slots`` at random, each card only where it may go.

    Cards with the fewest places go first; each goes to an allowed slot with
    probability proportional to its free room. A dead end restarts.
    """
    allowed = {c: [k for k, sl in enumerate(slots) if not sl.banned >> c & 1] for c in pool}
    for _ in range(tries):
        for sl in slots:
            sl.cards = []
        room = [sl.size for sl in slots]
        order = pool[:]
        rng.shuffle(order)
        order.sort(key=lambda c: len(allowed[c]))
        ok = True
        for c in order:
            choices = [k for k in allowed[c] if room[k] > 0]
            if not choices:
                ok = False
                break
            weights = [room[k] for k in choices]
            k = rng.choices(choices, weights)[0]
            slots[k].cards.append(c)
            room[k] -= 1
        if ok:
            return
    raise NoConsistentWorld("no deal of the hidden cards fits what this seat has seen")
