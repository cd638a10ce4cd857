"""Worlds consistent with an observation: the hidden cards dealt again at random.

:func:`sample_world` is how a search bot "determinizes". It deals every card the
seat has not seen straight into the places it may be now (other hands, the stock,
the kitty, blind piles, face-down discards), uniformly over every placing that
keeps to what the observation proves (voids, cards known, what a discard may be,
trumps a hand must or cannot hold: :mod:`~followsuit.engine.unseen`,
:mod:`~followsuit.engine.placing`); walks the hand back to the deal that leads
there (:mod:`~followsuit.engine.history`); and builds the world from the seat's
public view of the state with those cards put in. Nothing is replayed, except in
the few exchanges whose automatic steps choose cards by rules the walk back does
not model (the 10-point fill, Razzle-Dazzle's and Missouri's forced discards):
there the dealt world is checked by playing its hand again and drawn anew when
it does not give the seat its observation.

A world sampled from an observation gives that seat exactly that observation: the
property tests check it for every variant.
"""

from __future__ import annotations

import random

from ..cards import bits, mask_of, ordered_by
from . import actions as A
from . import direct
from .deal import Deal
from .errors import IllegalAction
from .errors import NoConsistentWorld as NoConsistentWorld  # sample_world raises it
from .history import Rewound, rewind
from .observation import Observation
from .phases.claims import MisdealOffers, Offers
from .phases.play import PlayData, TrickPlay
from .placing import Dealer, shuffled
from .state import State
from .types import Move, Note, Piles
from .unseen import PlaceKind, unseen_of

#: Exchanges whose automatic discards pick cards by rules the walk back to the deal
#: does not model: a world is played again from its deal, which makes those choices
#: as the engine does, and kept if it gives the seat its observation.
CHECKED_EXCHANGES = frozenset({"fill", "razzle", "discard_three"})
TRIES = 400
CHECKED_TRIES = 2000
"""Draws before giving up (a replayed exchange rejects more of them)."""


World = State
"""A determinized world: a whole game state the engine makes from an observation
(its hidden cards dealt again), never the real game's."""


def sample_world(obs: Observation, rng: random.Random, *, tries: int | None = None) -> State:
    """A full game state consistent with ``obs``: it gives that seat the same
    observation. Later hands are dealt from a fresh random seed, so a search may
    play past the end of this hand. ``tries``: how many draws to make before giving
    up (a rule the placing does not know can reject a draw)."""
    sampler = obs.cache.get("worlds")
    if sampler is None:
        if obs.over:
            raise ValueError("the game is over; there is nothing hidden to sample")
        if obs.public is None or obs.public._dealt is None:
            raise ValueError("no hand is in progress")
        sampler = obs.cache["worlds"] = Sampler(obs)
    assert isinstance(sampler, Sampler)
    if tries is None:  # the common case first: a search draws worlds by the thousand
        world = sampler.world(rng)
        if world is not None:
            return world
        tries = (CHECKED_TRIES if sampler.check else TRIES) - 1
    for _ in range(tries):
        world = sampler.world(rng)
        if world is not None:
            return world
    raise NoConsistentWorld("no deal of the hidden cards fits what this seat has seen")


class Sampler:
    """Draws worlds for one observation; built once, used for every draw."""

    def __init__(self, obs: Observation):
        self.obs = obs
        public = obs.public
        assert public is not None
        self.public = public
        self.u = u = unseen_of(obs)
        places = tuple(u.places)
        self.places = places
        """Where the unseen cards go."""
        self.dealer = Dealer(
            u.pool,
            [p.size for p in places],
            [p.banned for p in places],
            counted=u.trumps,
            bounds=[
                u.bounds.get(p.seat) if p.kind is PlaceKind.HAND and p.seat is not None else None
                for p in places
            ],
        )
        """The uniform placing of the unseen cards (a bounded hand holds between
        its least and most trumps)."""
        if not self.dealer.ways:
            raise NoConsistentWorld("the hidden places cannot hold the hidden cards")
        self.offers = next(
            (phase for phase in u.prog.pipeline if isinstance(phase, MisdealOffers)), None
        )
        self.check = u.prog.exchange in CHECKED_EXCHANGES
        self.direct = None if self.check else direct.plan(u, public, self.offers is not None)
        """The worlds' shared part worked out ahead, where the hand allows it."""
        self.batch_at = {u.timeline[pos].at: pos for pos in u.batches if not u.timeline[pos].move}
        """The discard batch of each discard action, by action index."""

    def world(self, rng: random.Random) -> State | None:
        """One world drawn uniformly (None: the draw broke a rule the placing does
        not know; draw again)."""
        u = self.u
        obs = self.obs
        if self.direct is not None:
            return direct.world(self.direct, self.public, self.dealer.deal(rng), rng)
        hands = list(obs.known)
        if u.sees_own and u.me is not None:
            hands[u.me] = obs.hand
        stock: list[int] = []
        kitty: list[int] = []
        piles: list[list[int]] = [[] for _ in obs.pile_sizes]
        batch_cards: dict[int, list[int]] = {pos: [] for pos in u.batches}
        batch_of = {id(b.place): pos for pos, b in u.batches.items()}
        for place, cards in zip(self.places, self.dealer.deal(rng), strict=True):
            kind = place.kind
            if kind is PlaceKind.HAND:
                assert place.seat is not None
                hands[place.seat] |= mask_of(cards)
                continue
            cards = shuffled(cards, rng)  # the placing makes sets uniform, not orders
            if kind is PlaceKind.STOCK:
                stock = cards
            elif kind is PlaceKind.KITTY:
                kitty = cards
            elif kind is PlaceKind.PILE:
                assert place.seat is not None
                piles[place.seat] = cards
            else:
                batch_cards[batch_of[id(place)]] = cards
        now = hands[:]
        rewound = rewind(
            u, hands, list(stock), list(kitty), [p[:] for p in piles], batch_cards, rng
        )
        if rewound is None:
            return None
        dealt_orders = self._dealt_orders(rewound, rng)
        if dealt_orders is None:
            return None
        world = self._build(now, stock, kitty, piles, rewound, dealt_orders, rng)
        if world is None:
            return None
        if self.check:
            return _checked(world, obs)
        return world

    def _dealt_orders(self, rew: Rewound, rng: random.Random) -> list[tuple[int, ...]] | None:
        """Each hand as dealt, in the order dealt: the seat's own as it saw it; for
        the others, their forced drops first (those go onto the pile in the order
        dealt), the rest at random."""
        u = self.u
        obs = self.obs
        prog = u.prog
        sizes = [
            prog.hand_size + (1 if prog.dealer_extra_card and p == obs.dealer else 0)
            for p in range(prog.num_players)
        ]
        out: list[tuple[int, ...]] = []
        for p in range(prog.num_players):
            mask = rew.hands[p]
            if mask.bit_count() != sizes[p]:
                return None
            if p == u.me and u.sees_own:
                if mask_of(obs.dealt) != mask:
                    return None
                out.append(tuple(obs.dealt))
                continue
            first: list[int] = []
            for pos, batch in u.batches.items():
                if batch.seat == p and batch.automatic:
                    first += [c for c in rew.batch_cards[pos] if mask >> c & 1 and c not in first]
            rest = [c for c in bits(mask) if c not in first]
            rng.shuffle(rest)
            out.append((*first, *rest))
        return out

    def _build(
        self,
        hands: list[int],
        stock: list[int],
        kitty: list[int],
        piles: list[list[int]],
        rew: Rewound,
        dealt: list[tuple[int, ...]],
        rng: random.Random,
    ) -> State | None:
        """The world: the public view with the sampled cards, history and the facts
        that hang on them put back."""
        u = self.u
        obs = self.obs
        public = self.public
        prog = u.prog
        world = public.clone()
        world._hands = hands
        assert public._dealt is not None
        world._dealt = Deal(
            hands=tuple(dealt),
            upcard=public._dealt.upcard,
            kitty=tuple(rew.kitty),
            stock=tuple(rew.stock),
            piles=tuple(tuple(p) for p in rew.piles),
        )
        # the log, with the offers this seat did not see put back
        prefix = self._offers_prefix(dealt, world, rng)
        if prefix is None:
            return None
        log, notes, where = prefix
        by_index = {note.at: note for note in obs.notes}
        for idx in range(len(where), len(obs.actions)):
            who, act, _text = obs.actions[idx]
            if act is None:
                act = rew.actions[idx]
            where.append(len(log))
            note = by_index.get(idx)
            if note is not None:
                order = note.order
                if not order and A.cards_of(act).bit_count() > 1:
                    pos = self.batch_at.get(idx)
                    if pos is not None and tuple(rew.batch_cards[pos]) != bits(A.cards_of(act)):
                        order = tuple(rew.batch_cards[pos])
                notes[len(log)] = Note(note.visible_to, note.shown, order)
            log.append((who, act))
        world._log = log
        world.notes = notes
        world.moves = tuple(
            Move(
                where[m.position - 1] + 1 if m.position > 0 else 0,
                m.seat,
                m.kind,
                m.cards if m.cards is not None else rew.moves[k],
                m.visible_to,
            )
            for k, m in enumerate(obs.moves)
        )
        world.piles = Piles(
            stock=tuple(stock),
            kitty=tuple(kitty),
            blind=tuple(tuple(p) for p in piles),
            discards=self._discard_pile(rew, dealt),
            dead=obs.dead,
        )
        contract = public.contract
        if contract.called_card >= 0 and contract.partner < 0:
            holder = next(
                (p for p in range(prog.num_players) if hands[p] >> contract.called_card & 1), -1
            )
            world.contract = contract._replace(partner=holder)
        if world.phase.name == "exchange" and isinstance(world.step, int) and rew.given:
            world.step = rew.given
        if isinstance(world.step, PlayData) and prog.penalize:
            world.step = world.step._replace(reneges=_reneges(world))
        world.standing = public.standing._replace(seed=rng.getrandbits(64))
        return world

    def _offers_prefix(
        self, dealt: list[tuple[int, ...]], world: State, rng: random.Random
    ) -> tuple[list[tuple[int | None, int]], dict[int, Note], list[int]] | None:
        """The world's misdeal offers (RULES.md §1.13): every seat whose dealt hand
        qualifies is asked in turn, and passes unseen by the others unless this seat
        saw it (its own offer, a claim). Returns the log so far, its notes, and the
        world positions of the observation's actions it holds; while the offers are
        not over, the world is set to the seat deciding. None: this deal does not
        fit what the seat saw."""
        offers = self.offers
        obs = self.obs
        log: list[tuple[int | None, int]] = []
        notes: dict[int, Note] = {}
        where: list[int] = []
        if offers is None:
            return log, notes, where
        prog = self.u.prog
        claimants = tuple(
            p for p in world.from_eldest() if offers.qualifies(prog, prog.cards, mask_of(dealt[p]))
        )
        me = obs.seat
        seen = obs.actions
        deciding = -1  # the world's claimant still to answer (offers not over)
        if obs.phase == "claims":
            deciding = claimants.index(me) if me in claimants else -2
        elif obs.phase == "deal":  # someone else is answering an offer
            asked_me = any(who == me and act == A.PASS for who, act, _ in seen)
            others = [
                k
                for k, c in enumerate(claimants)
                if c != me and (me not in claimants or (k > claimants.index(me)) == asked_me)
            ]
            # one of them, each state as likely as any other
            if not others or rng.randrange(prog.num_players) >= len(others):
                return None
            deciding = rng.choice(others)
        if deciding == -2:
            return None
        for k, c in enumerate(claimants):
            if k == deciding:
                world.step = Offers(claimants, k)
                world.to_move = c
                break
            j = len(where)
            if j < len(seen) and seen[j][0] == c and seen[j][1] == A.CLAIM_MISDEAL:
                where.append(len(log))
                log.append((c, A.CLAIM_MISDEAL))  # a claim is public
                continue
            if c == me:
                if not (j < len(seen) and seen[j][0] == c and seen[j][1] == A.PASS):
                    return None
                where.append(len(log))
            notes[len(log)] = Note(1 << c)
            log.append((c, A.PASS))
        if deciding >= 0 and len(where) != len(seen):
            return None
        return log, notes, where

    def _discard_pile(self, rew: Rewound, dealt: list[tuple[int, ...]]) -> tuple[int, ...]:
        """The discard pile now: every batch in the order made (a forced drop in the
        order its cards were dealt), less what was dealt out of it again."""
        u = self.u
        queue: list[int] = []
        for pos, _event in enumerate(u.timeline):
            batch = u.batches.get(pos)
            if batch is not None:
                cards = rew.batch_cards[pos]
                if batch.automatic:
                    cards = ordered_by(mask_of(cards), dealt[batch.seat])
                queue += cards
            elif pos in u.retaken:
                del queue[: len(u.retaken[pos])]
        return tuple(queue)


def _reneges(world: State) -> tuple[int, ...]:
    """The seats that reneged so far in the world (``renege_mode = penalize``): each
    play checked against the hand the seat held when it played."""
    phase = world.phase
    assert isinstance(phase, TrickPlay)
    tricks = [(t.seats, t.cards) for t in world.tricks]
    if world._trick:
        tricks.append((world.order, tuple(world._trick)))
    from_pile = {A.card_of(a) for _, a in world._log if A.verb_of(a) is A.PILE_CARD_VERB}
    hands = world._hands[:]
    before: dict[int, int] = {}
    for seats, cards in reversed(tricks):
        for seat, card in reversed(list(zip(seats, cards, strict=False))):
            if card not in from_pile:
                hands[seat] |= 1 << card
            before[card] = hands[seat]
    out = []
    for k, (seats, cards) in enumerate(tricks):
        led = world.table.eff[cards[0]]
        for seat, card in zip(seats[1:], cards[1:], strict=False):
            if card not in from_pile and phase.renege(world, seat, before[card], led, card, k == 0):
                out.append(seat)
    return tuple(out)


def _checked(world: State, obs: Observation) -> State | None:
    """The world's hand played again from its deal: the world as the engine makes
    it, if it gives the seat its observation (None otherwise)."""
    assert world._dealt is not None
    standing = world.standing
    again = State.__new__(State)
    again.prog = world.prog
    again.standing = standing._replace(hand_no=standing.hand_no - 1, seed=None)
    again._clear_hand()
    try:
        again.deal(world._dealt)
        for k, (seat, action) in enumerate(world._log):
            if seat is None:
                again.time_is_up(in_hand=True)
                continue
            if again.to_move != seat:
                return None
            if A.verb_of(action) is A.PILE_CARD_VERB:
                action = A.PLAY_PILE
            note = world.notes.get(k)
            again.apply(action, note.order if note is not None and note.order else None)
    except IllegalAction:
        return None
    if again.observation(obs.seat) != obs:
        return None
    again.standing = again.standing._replace(seed=standing.seed)
    return again
