"""Placing the cards a seat has not seen: the hidden places (hands, stock, kitty,
piles, face-down discards), what each may hold, and a random placing that keeps
to every constraint (used by :mod:`followsuit.engine.worlds`)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..cards import bits, mask_of, ordered_by
from . import actions as A
from .observation import Observation, shown_cards
from .parse import written_order
from .phases.claims import CLAIMS
from .state import State

Timeline = list[tuple[str, int, int | None, int | None, str]]
"""Actions and automatic moves in order: (kind, index, seat, action, text)."""
BatchKey = tuple[str, int]
"""A discard batch: ("act", action index) or ("move", move index)."""
Unit = tuple[BatchKey, int]
"""One card of the discard pile: its batch, and the card (-1: not seen)."""


@dataclass
class Slot:
    """A hidden place that holds ``size`` unknown cards now."""

    name: str
    seat: int | None
    size: int
    banned: int = 0  # cards that may not go here
    cards: list[int] = field(default_factory=list)


@dataclass
class Discards:
    """One batch of cards that went onto the discard pile (an action's discard or a
    forced drop): the cards this seat saw, and a slot for the ones it did not."""

    seat: int
    known: list[int]
    slot: Slot
    returned: list[int] = field(default_factory=list)
    """Cards of this batch taken back from the pile later (found again when the
    hand's history is walked backwards)."""


def split_by_trumps(
    obs: Observation,
    timeline: Timeline,
    hand_slot: dict[int, Slot],
    slots: list[Slot],
    pool: list[int],
    trumps: int,
    rng: random.Random,
) -> list[Slot] | None:
    """Where a hand's number of trumps is bounded, split its slot in two: trumps
    and plain cards. A seat that dropped every non-trump holds no more plain cards
    than it was dealt since; a seat still to play in a trump-only trick holds a
    trump. The split sizes are drawn together, so that every unseen trump and
    plain card still has a place. Returns the plain parts (the trump parts stay in
    ``hand_slot``)."""
    if not trumps:
        return []
    cap: dict[int, int] = {}  # plain cards a seat can hold: arrived since, less left since
    deck = obs.rules.deck
    for kind, idx, who, act, text in timeline:
        if kind == "move":
            move = obs.moves[idx]
            if move.kind == "discard":
                cap[move.seat] = 0
            elif move.seat in cap and move.kind in ("draw", "take", "retake"):
                cap[move.seat] += move.count
            elif move.seat in cap and move.kind == "trim":
                cap[move.seat] -= move.count
            continue
        if who is None or who not in cap:
            continue
        if act is not None and A.is_play(act) and not trumps >> act & 1:
            cap[who] -= 1
        elif text.startswith("discard"):
            if act is not None:
                cap[who] -= (A.cards_of(act) & ~trumps).bit_count()
            else:
                cap[who] -= (shown_cards(deck, text) & ~trumps).bit_count()
                if discard_ban(obs, who, trumps) == trumps:
                    cap[who] -= text.count("?")
    need: set[int] = set()
    if obs.rules["follow"] == "trump_only":
        played = {p for p, _ in obs.trick}
        need = {p for p in obs.trick_order if p not in played}
    everything = obs.rules.deck.full_mask
    bounds: dict[int, tuple[int, int]] = {}
    for p, slot in hand_slot.items():
        if p not in cap and p not in need:
            continue
        known = obs.known[p]
        m = slot.size
        lo, hi = 0, m
        if p in cap:
            lo = max(lo, m + (known & ~trumps).bit_count() - cap[p])
        if p in need and not known & trumps:
            lo = max(lo, 1)
        if slot.banned & trumps == trumps:
            hi = 0
        if slot.banned | trumps == everything:
            lo = max(lo, m)
        if lo > hi:
            return None
        bounds[p] = (lo, hi)
    if not bounds:
        return []
    pool_trumps = sum(1 for c in pool if trumps >> c & 1)
    pool_plain = len(pool) - pool_trumps
    split = {id(hand_slot[p]) for p in bounds}
    others = [sl for sl in slots if id(sl) not in split]
    other_trump_room = sum(sl.size for sl in others if sl.banned & trumps != trumps)
    other_plain_room = sum(sl.size for sl in others if sl.banned | trumps != everything)
    total = sum(hand_slot[p].size for p in bounds)
    # sum of trump parts t: within [pool_trumps - other_trump_room, pool_trumps]
    # and leaving plain parts (total - t) within [pool_plain - other_plain_room, pool_plain]
    want_lo = max(pool_trumps - other_trump_room, total - pool_plain, 0)
    want_hi = min(pool_trumps, total - max(0, pool_plain - other_plain_room))
    seats = list(bounds)
    rng.shuffle(seats)
    chosen: dict[int, int] = {}
    lo_rest = sum(bounds[p][0] for p in seats)
    hi_rest = sum(bounds[p][1] for p in seats)
    acc = 0
    for p in seats:
        lo, hi = bounds[p]
        lo_rest -= lo
        hi_rest -= hi
        t_lo = max(lo, want_lo - acc - hi_rest)
        t_hi = min(hi, want_hi - acc - lo_rest)
        if t_lo > t_hi:
            return None
        chosen[p] = rng.randint(t_lo, t_hi)
        acc += chosen[p]
    parts = []
    for p, t in chosen.items():
        slot = hand_slot[p]
        parts.append(Slot("hand", p, slot.size - t, slot.banned | trumps))
        slot.size = t
        slot.banned |= everything & ~trumps
    return parts


def discard_batches(
    obs: Observation, timeline: Timeline, trumps: int
) -> tuple[dict[BatchKey, Discards], dict[int, list[Unit]], dict[int, int]]:
    """The discard pile, batch by batch as it was made, and what later went back
    into hands: (the batches; per retake move, the pile cards it took; the known
    cards taken back, card -> seat). The pile is modelled top first, each batch's
    seen cards before its unseen ones."""
    deck = obs.rules.deck
    batches: dict[BatchKey, Discards] = {}
    queue: list[Unit] = []
    retaken: dict[int, list[Unit]] = {}
    for kind, idx, who, act, text in timeline:
        if kind == "act" and who is not None and text.startswith("discard"):
            if act is not None:
                known, unknown, ban = written_order(deck, act, text), 0, 0
            else:
                known = bits(shown_cards(deck, text))
                unknown = text.count("?")
                ban = discard_ban(obs, who, trumps)
            key = ("act", idx)
        elif kind == "move" and obs.moves[idx].kind in ("discard", "trim"):
            move = obs.moves[idx]
            if move.cards is not None:
                known, unknown = ordered_by(move.cards, obs.dealt), 0
            else:
                known, unknown = [], move.count
            ban = trumps  # forced drops are always of non-trumps
            key = ("move", idx)
        elif kind == "move" and obs.moves[idx].kind == "retake":
            count = obs.moves[idx].count
            retaken[idx] = queue[:count]
            del queue[:count]
            continue
        else:
            continue
        assert who is not None
        batches[key] = Discards(who, known, Slot("discard", who, unknown, ban))
        queue += [(key, c) for c in known] + [(key, -1)] * unknown
    floating: dict[int, int] = {}
    for idx, units in retaken.items():
        for key, card in units:
            if card < 0:
                batches[key].slot.size -= 1
            else:
                floating[card] = obs.moves[idx].seat
    return batches, retaken, floating


def discard_ban(obs: Observation, who: int | None, trumps: int) -> int:
    """Cards a face-down discard this seat did not see cannot be: trumps where the
    rules discard only non-trumps (New Yorker; the hidden part of a Nines-Fives
    dealer's discard); non-trumps in a Razzle-Dazzle bidder's burn."""
    exchange = obs.rules["exchange"]
    if exchange in ("new_yorker", "nines_fives"):
        return trumps
    if exchange == "razzle" and who == obs.maker and trumps:
        return obs.rules.deck.full_mask & ~trumps
    return 0


def upper_copies_played(obs: Observation, twins: int) -> list[int]:
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


def deal_qualifying(obs: Observation, slot: Slot, pool: list[int], rng: random.Random) -> bool:
    """Put a hand that qualifies for the pending misdeal offer into ``slot``."""
    probe = State(obs.rules)
    probe.dealer = obs.dealer
    tests = [test for option, test in CLAIMS.values() if obs.rules[option]]
    allowed = [c for c in pool if not slot.banned >> c & 1]
    seat = slot.seat
    assert seat is not None
    for _ in range(20000):
        cards = rng.sample(allowed, slot.size)
        probe.hands[seat] = mask_of(cards) | obs.known[seat]
        if any(test(probe, seat) for test in tests):
            slot.cards = cards
            return True
    return False


def assign(slots: list[Slot], pool: list[int], rng: random.Random) -> bool:
    """Deal ``pool`` into the room left in ``slots``, each card only where it may go.

    Cards go in random order to a random allowed slot with room; when a card finds
    every allowed slot full, an augmenting path (moving already placed cards on to
    other allowed slots) makes room if any placing exists at all.
    """
    allowed = {c: [k for k, sl in enumerate(slots) if not sl.banned >> c & 1] for c in pool}
    room = [sl.size - len(sl.cards) for sl in slots]
    placed: dict[int, int] = {}
    members: list[list[int]] = [[] for _ in slots]
    order = pool[:]
    rng.shuffle(order)
    for c in order:
        choices = [k for k in allowed[c] if room[k] > 0]
        if choices:
            k = rng.choices(choices, [room[k] for k in choices])[0]
        else:
            k = _make_room(c, allowed, room, placed, members, rng)
            if k < 0:
                return False
        placed[c] = k
        members[k].append(c)
        room[k] -= 1
    for k, cards in enumerate(members):
        slots[k].cards.extend(cards)
    return True


def _make_room(
    card: int,
    allowed: dict[int, list[int]],
    room: list[int],
    placed: dict[int, int],
    members: list[list[int]],
    rng: random.Random,
) -> int:
    """Find a chain of moves that frees a slot ``card`` may go to; return it."""
    start = allowed[card]
    parent: dict[int, tuple[int, int] | None] = {k: None for k in start}
    frontier = list(start)
    rng.shuffle(frontier)
    while frontier:
        nxt = []
        for k in frontier:
            for other in members[k]:
                for k2 in allowed[other]:
                    if k2 in parent:
                        continue
                    parent[k2] = (k, other)
                    if room[k2] > 0:  # move along the chain back to the start
                        target = k2
                        while parent[target] is not None:
                            src, moved = parent[target]  # type: ignore[misc]
                            members[src].remove(moved)
                            members[target].append(moved)
                            placed[moved] = target
                            room[target] -= 1
                            room[src] += 1
                            target = src
                        return target
                    nxt.append(k2)
        frontier = nxt
    return -1
