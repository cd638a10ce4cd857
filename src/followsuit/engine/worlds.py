"""Worlds consistent with an observation: the hidden cards dealt again at random.

:func:`sample_world` is how a search bot "determinizes": it places every card the
seat has not seen (other hands, the stock, the kitty, blind piles, face-down
discards) at random where it may be, walks the hand's history backwards to the
deal that would have led there (undoing plays, discards, draws and takes), and
replays that deal forwards through the engine. A world is accepted only if it
gives the seat exactly the observation it has, so a sampled world never relies on
anything the seat could not know.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..cards import bits
from . import actions as A
from .deal import Deal, hand_sizes
from .errors import IllegalAction
from .observation import Observation, shown_cards
from .program import program_for
from .state import State


class NoConsistentWorld(RuntimeError):
    """No placing of the hidden cards fits the observation (should not happen for
    an observation the engine produced)."""


@dataclass
class _Slot:
    """A hidden place that holds ``size`` unknown cards now."""

    name: str
    seat: int | None
    size: int
    banned: int = 0  # cards that may not go here
    cards: list[int] = field(default_factory=list)


def sample_world(obs: Observation, rng: random.Random, *, tries: int = 600) -> State:
    """A full game state consistent with ``obs``: it gives that seat the same
    observation. Later hands are dealt from a fresh random seed, so a search may
    play past the end of this hand."""
    if obs.over:
        raise ValueError("the game is over; there is nothing hidden to sample")
    if obs.phase == "deal" and not any(obs.hand_sizes):
        raise ValueError("no hand is in progress")
    for _ in range(tries):
        world = _try_world(obs, rng)
        if world is not None:
            return world
    raise NoConsistentWorld("no deal of the hidden cards fits what this seat has seen")


@dataclass
class _Discards:
    """One batch of cards that went onto the discard pile (an action's discard or a
    forced drop): the cards this seat saw, and a slot for the ones it did not."""

    seat: int
    known: list[int]
    slot: _Slot
    returned: list[int] = field(default_factory=list)
    """Cards of this batch taken back from the pile later (found again when the
    hand's history is walked backwards)."""


def _try_world(obs: Observation, rng: random.Random) -> State | None:
    rules = obs.rules
    prog = program_for(rules)
    deck = rules.deck
    n = rules.num_players
    me = obs.seat
    see_own = me is not None and not obs.hand_hidden
    table = prog.tables[-1 if obs.trump is None else obs.trump]
    trumps = table.trump_mask if obs.trump is not None else 0
    timeline = _timeline(obs)

    # -- where the unseen cards are now ---------------------------------------
    slots: list[_Slot] = []
    hand_slot: dict[int, _Slot] = {}
    upper_played = _upper_copies_played(obs, prog.twins)
    for p in range(n):
        if p == me and see_own:
            continue
        banned = upper_played[p] >> 1
        for suit in range(4):
            if obs.voids[p] >> suit & 1:
                banned |= table.suit_mask[suit]
        hand_slot[p] = _Slot("hand", p, obs.hand_sizes[p] - obs.known[p].bit_count(), banned)
        slots.append(hand_slot[p])
    stock = _Slot("stock", None, obs.stock_size)
    kitty = _Slot("kitty", None, obs.kitty_size)
    piles = [_Slot("pile", p, size) for p, size in enumerate(obs.pile_sizes)]
    slots += [stock, kitty, *piles]

    # the discard pile, batch by batch, and what later went back into hands
    batches: dict[tuple[str, int], _Discards] = {}
    queue: list[tuple[tuple[str, int], int]] = []  # (batch, card or -1 unknown)
    retaken: dict[int, list[tuple[tuple[str, int], int]]] = {}
    own_order = list(obs.dealt)
    for kind, idx, who, act, text in timeline:
        if kind == "act" and who is not None and text.startswith("discard"):
            if act is not None:
                known = bits(A.cards_of(act))
                unknown = 0
                ban = 0
            else:
                known = bits(shown_cards(deck, text))
                unknown = text.count("?")
                ban = _discard_ban(obs, who, trumps)
            key = ("act", idx)
        elif kind == "move" and obs.moves[idx].kind in ("discard", "trim"):
            move = obs.moves[idx]
            if move.cards is not None:
                known = [c for c in own_order if move.cards >> c & 1]
                known += [c for c in bits(move.cards) if c not in known]
                unknown = 0
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
        batches[key] = _Discards(who, known, _Slot("discard", who, unknown, ban))
        queue += [(key, c) for c in known] + [(key, -1)] * unknown
    floating: dict[int, int] = {}  # known cards taken back by a seat: card -> seat
    for idx, units in retaken.items():
        for key, card in units:
            if card < 0:
                batches[key].slot.size -= 1
            else:
                floating[card] = obs.moves[idx].seat
    for batch in batches.values():
        slots.append(batch.slot)

    known_mask = obs.played | obs.dead
    if see_own:
        known_mask |= obs.hand
    for p in range(n):
        known_mask |= obs.known[p]
    if obs.upcard is not None:
        known_mask |= 1 << obs.upcard
    for batch in batches.values():
        for c in batch.known:
            known_mask |= 1 << c
    pool = bits(deck.full_mask & ~known_mask)
    for card, seat in floating.items():
        if obs.played >> card & 1 or (seat == me and see_own):
            continue
        if obs.known[seat] >> card & 1:
            continue
        pool.append(card)
        for slot in slots:
            if slot.seat != seat or slot.name not in ("hand", "discard"):
                slot.banned |= 1 << card
    up_free = (
        obs.upcard is not None
        and obs.upcard_taken
        and not (obs.played >> obs.upcard & 1)
        and not (obs.known[obs.dealer] >> obs.upcard & 1)
        and (me != obs.dealer or not see_own)
    )
    if up_free:  # taken up, then held or discarded by the dealer
        assert obs.upcard is not None
        pool.append(obs.upcard)
        for slot in slots:
            if slot.seat != obs.dealer or slot.name not in ("hand", "discard"):
                slot.banned |= 1 << obs.upcard
    pending_claim: int | None = None
    if obs.phase == "deal" and obs.to_move is None:
        # someone else is deciding a private misdeal offer: give one of them a
        # qualifying hand first
        others = [p for p in hand_slot if p != me]
        pending_claim = rng.choice(others)
        if not _deal_qualifying(obs, hand_slot[pending_claim], pool, rng):
            return None
        pool = [c for c in pool if c not in hand_slot[pending_claim].cards]
    if sum(sl.size - len(sl.cards) for sl in slots) != len(pool):
        raise NoConsistentWorld("the hidden places do not match the hidden cards")
    plain_parts = _split_by_trumps(obs, timeline, hand_slot, slots, pool, trumps, rng)
    if plain_parts is None:
        return None
    slots += plain_parts
    if not _assign(slots, pool, rng):
        return None

    # -- back to the deal ------------------------------------------------------
    hands = [0] * n
    for p in range(n):
        hands[p] = obs.hand if p == me and see_own else obs.known[p]
        for part in [hand_slot.get(p), *[sl for sl in plain_parts if sl.seat == p]]:
            if part is not None:
                for c in part.cards:
                    hands[p] |= 1 << c
    if prog.follow == "trump_only" and trumps:
        played_now = {seat for seat, _ in obs.trick}
        for p in obs.trick_order:  # still to play this trick: holds a trump
            if p not in played_now and not hands[p] & trumps:
                return None
    stock_list = stock.cards[:]
    rng.shuffle(stock_list)
    kitty_list = kitty.cards[:]
    pile_lists = [pile.cards[:] for pile in piles]
    for pile_cards in pile_lists:
        rng.shuffle(pile_cards)
    concrete: dict[int, int] = {}
    gives = [
        (idx, who, act)
        for kind, idx, who, act, text in timeline
        if kind == "act" and text.startswith("give")
    ]
    for kind, idx, who, act, text in reversed(timeline):
        if kind == "move":
            move = obs.moves[idx]
            cards = move.cards
            if move.kind == "retake":
                if not _undo_retake(obs, move, retaken[idx], batches, hands, trumps, rng):
                    return None
            elif move.kind in ("discard", "trim", "dead"):
                if move.kind != "dead":
                    batch = batches[("move", idx)]
                    cards = _mask(batch.known + batch.slot.cards + batch.returned)
                assert cards is not None
                hands[move.seat] |= cards
            elif move.kind in ("draw", "take"):
                if obs.upcard is not None and cards == 1 << obs.upcard:
                    hands[move.seat] &= ~cards  # the Euchre dealer's pick-up
                    continue
                if cards is None:
                    cards = _choose_drawn(obs, move.kind, hands[move.seat], move.count, trumps, rng)
                    if cards is None:
                        return None
                hands[move.seat] &= ~cards
                drawn = bits(cards)
                rng.shuffle(drawn)
                if move.cards is not None:
                    # the cards dropped right after came last from the stock
                    later = _dropped_after(obs, batches, idx, move.seat)
                    drawn.sort(key=lambda c: later >> c & 1)
                if move.kind == "take" and _from_kitty(obs, idx):
                    kitty_list = drawn + kitty_list
                else:
                    stock_list = drawn + stock_list
            continue
        if who is None or (act is None and not text.startswith(("discard", "give"))):
            continue
        if text.startswith("discard"):
            batch = batches[("act", idx)]
            cards = _mask(batch.known + batch.slot.cards + batch.returned)
            if act is None:
                concrete[idx] = A.DISCARD | cards
            hands[who] |= cards
        elif act is not None and A.is_play(act):
            hands[who] |= 1 << act
        elif act is not None and A.PILE_CARD <= act < A.PILE_CARD + 64:
            pile_lists[who].insert(0, act - A.PILE_CARD)
        elif (
            text.startswith("give")
            and gives
            and idx == gives[-1][0]
            and not _undo_gives(obs, gives, hands, concrete, table, rng)
        ):
            return None
    dealt_hands = []
    for p in range(n):
        if p == me and see_own:
            if _mask(list(obs.dealt)) != hands[p]:
                return None
            dealt_hands.append(tuple(obs.dealt))
        else:
            order = bits(hands[p])
            rng.shuffle(order)
            dealt_hands.append(tuple(order))
    deal = Deal(
        hands=tuple(dealt_hands),
        upcard=obs.upcard,
        kitty=tuple(kitty_list),
        stock=tuple(stock_list),
        piles=tuple(tuple(p) for p in pile_lists),
    )
    if any(
        len(h) != size for h, size in zip(deal.hands, hand_sizes(rules, obs.dealer), strict=True)
    ):
        return None
    try:
        world = _replay(obs, deal, concrete, pending_claim, rng)
    except IllegalAction:
        return None
    if world is None or world.observation(me) != obs:
        return None
    return world


def _split_by_trumps(
    obs: Observation,
    timeline: list[tuple[str, int, int | None, int | None, str]],
    hand_slot: dict[int, _Slot],
    slots: list[_Slot],
    pool: list[int],
    trumps: int,
    rng: random.Random,
) -> list[_Slot] | None:
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
                if _discard_ban(obs, who, trumps) == trumps:
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
        parts.append(_Slot("hand", p, slot.size - t, slot.banned | trumps))
        slot.size = t
        slot.banned |= everything & ~trumps
    return parts


def _dropped_after(
    obs: Observation, batches: dict[tuple[str, int], _Discards], move_index: int, seat: int
) -> int:
    """Cards ``seat`` was seen to drop after the given move (a fill's keep-six)."""
    out = 0
    for (kind, idx), batch in batches.items():
        if kind == "move" and idx > move_index and batch.seat == seat:
            out |= _mask(batch.known)
    return out


def _undo_retake(
    obs: Observation,
    move: object,
    units: list[tuple[tuple[str, int], int]],
    batches: dict[tuple[str, int], _Discards],
    hands: list[int],
    trumps: int,
    rng: random.Random,
) -> bool:
    """Put cards a seat took back from the discard pile back onto the pile: the
    ones this seat saw go back as they were, the others are chosen from the
    taker's hand (a forced drop was of non-trumps)."""
    seat = move.seat  # type: ignore[attr-defined]
    seen = move.cards  # type: ignore[attr-defined]
    for _key, card in units:
        if card >= 0:
            if not hands[seat] >> card & 1:
                return False
            hands[seat] &= ~(1 << card)
    for key, card in units:
        if card >= 0:
            continue
        ban = batches[key].slot.banned
        source = hands[seat] if seen is None else hands[seat] & seen
        choices = [c for c in bits(source) if not ban >> c & 1]
        if not choices:
            return False
        c = rng.choice(choices)
        hands[seat] &= ~(1 << c)
        batches[key].returned.append(c)
    return True


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _timeline(obs: Observation) -> list[tuple[str, int, int | None, int | None, str]]:
    """Actions and automatic moves in the order they happened:
    ("act", index, seat, action, text) and ("move", index, seat, None, kind)."""
    out: list[tuple[str, int, int | None, int | None, str]] = []
    k = 0
    moves = obs.moves
    for idx, (who, act, text) in enumerate(obs.actions):
        while k < len(moves) and moves[k].position <= idx:
            out.append(("move", k, moves[k].seat, None, moves[k].kind))
            k += 1
        out.append(("act", idx, who, act, text))
    while k < len(moves):
        out.append(("move", k, moves[k].seat, None, moves[k].kind))
        k += 1
    return out


def _from_kitty(obs: Observation, move_index: int) -> bool:
    """Whether a "take" move took the kitty (Razzle-Dazzle, before trump is named)
    rather than the rest of the stock."""
    return obs.rules["exchange"] == "razzle" and all(
        m.kind != "take" for m in obs.moves[:move_index]
    )


def _choose_drawn(
    obs: Observation, kind: str, hand: int, count: int, trumps: int, rng: random.Random
) -> int | None:
    """Which ``count`` of a hand's cards came from the stock in a draw or take
    this seat did not see. Where everyone had just dropped all non-trumps (the
    fills), every non-trump in the hand must have been drawn; in the nine-card
    draw, the cards taken one by one from the undealt ones are trumps."""
    if kind == "take" and obs.rules["oklahoma_deal"] == "nine_draw" and trumps:
        pool = bits(hand & trumps)
        if len(pool) < count:
            return None
        return _mask(rng.sample(pool, count))
    cards = bits(hand)
    must = 0
    if obs.rules["exchange"] in ("fill", "nines_fives") and trumps:
        must = hand & ~trumps
    if must.bit_count() > count or len(cards) < count:
        return None
    rest = [c for c in cards if not must >> c & 1]
    extra = rng.sample(rest, count - must.bit_count())
    return must | _mask(extra)


def _discard_ban(obs: Observation, who: int | None, trumps: int) -> int:
    """Cards a face-down discard this seat did not see cannot be: trumps where the
    rules discard only non-trumps (New Yorker; the hidden part of a Nines-Fives
    dealer's discard); non-trumps in a Razzle-Dazzle bidder's burn."""
    exchange = obs.rules["exchange"]
    if exchange in ("new_yorker", "nines_fives"):
        return trumps
    if exchange == "razzle" and who == obs.maker and trumps:
        return obs.rules.deck.full_mask & ~trumps
    return 0


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
    seat = slot.seat
    assert seat is not None
    for _ in range(20000):
        cards = rng.sample(allowed, slot.size)
        probe.hands[seat] = _mask(cards) | obs.known[seat]
        if any(test(probe, seat) for test in tests):
            slot.cards = cards
            return True
    return False


def _undo_gives(
    obs: Observation,
    gives: list[tuple[int, int | None, int | None]],
    hands: list[int],
    concrete: dict[int, int],
    table: object,
    rng: random.Random,
) -> bool:
    """Undo a help exchange (Bid Euchre) in ``hands``; choose the cards this seat
    did not see (the partner's must be its best trumps: the replay checks)."""
    from .tricks import TrumpTable

    assert isinstance(table, TrumpTable)
    if len(gives) == 1:  # the bidder has given; the partner has not: nothing moved yet
        idx, bidder, act = gives[0]
        assert bidder is not None
        if act is None:
            k = obs.actions[idx][2].count("?")
            concrete[idx] = A.GIVE | _mask(rng.sample(bits(hands[bidder]), k))
        return True
    (i1, bidder, act1), (i2, partner, act2) = gives
    assert bidder is not None and partner is not None
    if act1 is not None and act2 is not None:
        to_partner, to_bidder = A.cards_of(act1), A.cards_of(act2)
    else:
        k = obs.actions[i1][2].count("?")
        partner_cards = bits(hands[partner] & ~obs.known[partner])
        if len(partner_cards) < k:
            return False
        to_partner = _mask(rng.sample(partner_cards, k))
        mine = bits(hands[bidder])
        trumps = [c for c in mine if table.trump_mask >> c & 1]
        to_bidder = _mask(rng.sample(trumps, k) if len(trumps) >= k else rng.sample(mine, k))
        concrete[i1] = A.GIVE | to_partner
        concrete[i2] = A.GIVE | to_bidder
    hands[partner] = (hands[partner] & ~to_partner) | to_bidder
    hands[bidder] = (hands[bidder] & ~to_bidder) | to_partner
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
        # others' declined offers are invisible; a claim is public
        skip_offers(who if act == A.CLAIM_MISDEAL else None)
        if act is None:
            act = concrete[idx]
        elif A.PILE_CARD <= act < A.PILE_CARD + 64:
            act = A.PLAY_PILE
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
