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

from ..cards import bits, mask_of
from . import actions as A
from .deal import Deal, hand_sizes
from .errors import IllegalAction
from .observation import Observation
from .parse import written_order
from .placing import (
    Slot,
    assign,
    deal_qualifying,
    discard_batches,
    split_by_trumps,
    upper_copies_played,
)
from .program import program_for
from .rewind import choose_drawn, dropped_after, from_kitty, timeline_of, undo_gives, undo_retake
from .state import State


class NoConsistentWorld(RuntimeError):
    """No placing of the hidden cards fits the observation (should not happen for
    an observation the engine produced)."""


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


def _try_world(obs: Observation, rng: random.Random) -> State | None:
    rules = obs.rules
    prog = program_for(rules)
    deck = rules.deck
    n = rules.num_players
    me = obs.seat
    see_own = me is not None and not obs.hand_hidden
    table = prog.tables[-1 if obs.trump is None else obs.trump]
    trumps = table.trump_mask if obs.trump is not None else 0
    timeline = timeline_of(obs)

    # -- where the unseen cards are now ---------------------------------------
    slots: list[Slot] = []
    hand_slot: dict[int, Slot] = {}
    upper_played = upper_copies_played(obs, prog.twins)
    for p in range(n):
        if p == me and see_own:
            continue
        banned = upper_played[p] >> 1
        for suit in range(4):
            if obs.voids[p] >> suit & 1:
                banned |= table.suit_mask[suit]
        hand_slot[p] = Slot("hand", p, obs.hand_sizes[p] - obs.known[p].bit_count(), banned)
        slots.append(hand_slot[p])
    stock = Slot("stock", None, obs.stock_size)
    kitty = Slot("kitty", None, obs.kitty_size)
    piles = [Slot("pile", p, size) for p, size in enumerate(obs.pile_sizes)]
    slots += [stock, kitty, *piles]

    batches, retaken, floating = discard_batches(obs, timeline, trumps)
    slots += [batch.slot for batch in batches.values()]

    known_mask = obs.played | obs.dead
    if see_own:
        known_mask |= obs.hand
    for p in range(n):
        known_mask |= obs.known[p]
    if obs.upcard is not None:
        known_mask |= 1 << obs.upcard
    for batch in batches.values():
        known_mask |= mask_of(batch.known)
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
        if not deal_qualifying(obs, hand_slot[pending_claim], pool, rng):
            return None
        pool = [c for c in pool if c not in hand_slot[pending_claim].cards]
    if sum(sl.size - len(sl.cards) for sl in slots) != len(pool):
        raise NoConsistentWorld("the hidden places do not match the hidden cards")
    plain_parts = split_by_trumps(obs, timeline, hand_slot, slots, pool, trumps, rng)
    if plain_parts is None:
        return None
    slots += plain_parts
    if not assign(slots, pool, rng):
        return None

    # -- back to the deal ------------------------------------------------------
    hands = [0] * n
    for p in range(n):
        hands[p] = obs.hand if p == me and see_own else obs.known[p]
        for part in [hand_slot.get(p), *[sl for sl in plain_parts if sl.seat == p]]:
            if part is not None:
                hands[p] |= mask_of(part.cards)
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
    orders: dict[int, list[int]] = {}  # a hidden discard's order: the pile's model
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
                if not undo_retake(obs, move, retaken[idx], batches, hands, trumps, rng):
                    return None
            elif move.kind in ("discard", "trim", "dead"):
                if move.kind != "dead":
                    batch = batches[("move", idx)]
                    cards = mask_of(batch.known + batch.slot.cards + batch.returned)
                assert cards is not None
                hands[move.seat] |= cards
            elif move.kind in ("draw", "take"):
                if obs.upcard is not None and cards == 1 << obs.upcard:
                    hands[move.seat] &= ~cards  # the Euchre dealer's pick-up
                    continue
                if cards is None:
                    cards = choose_drawn(obs, move.kind, hands[move.seat], move.count, trumps, rng)
                    if cards is None:
                        return None
                hands[move.seat] &= ~cards
                drawn = bits(cards)
                rng.shuffle(drawn)
                if move.cards is not None:
                    # the cards dropped right after came last from the stock
                    later = dropped_after(obs, batches, idx, move.seat)
                    drawn.sort(key=lambda c: later >> c & 1)
                if move.kind == "take" and from_kitty(obs, idx):
                    kitty_list = drawn + kitty_list
                else:
                    stock_list = drawn + stock_list
            continue
        if who is None or (act is None and not text.startswith(("discard", "give"))):
            continue
        if text.startswith("discard"):
            batch = batches[("act", idx)]
            cards = mask_of(batch.known + batch.slot.cards + batch.returned)
            if act is None:
                concrete[idx] = A.DISCARD | cards
                orders[idx] = batch.known + batch.returned + batch.slot.cards
            hands[who] |= cards
        elif act is not None and A.is_play(act):
            hands[who] |= 1 << act
        elif act is not None and A.PILE_CARD <= act < A.PILE_CARD + 64:
            pile_lists[who].insert(0, act - A.PILE_CARD)
        elif text.startswith("give") and rules.family == "pitch":
            # nine-card select: surplus trumps handed to the partner, face up
            assert act is not None
            partner = rules.partners[who]
            assert partner is not None
            hands[partner] &= ~A.cards_of(act)
            hands[who] |= A.cards_of(act)
        elif (
            text.startswith("give")
            and gives
            and idx == gives[-1][0]
            and not undo_gives(obs, gives, hands, concrete, table, rng)
        ):
            return None
    dealt_hands = []
    for p in range(n):
        if p == me and see_own:
            if mask_of(list(obs.dealt)) != hands[p]:
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
        world = _replay(obs, deal, concrete, orders, pending_claim, rng)
    except IllegalAction:
        return None
    if world is None or world.observation(me) != obs:
        return None
    return world


def _replay(
    obs: Observation,
    deal: Deal,
    concrete: dict[int, int],
    orders: dict[int, list[int]],
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

    for idx, (who, act, text) in enumerate(obs.actions):
        if who is None:
            world.time_is_up()
            continue
        # others' declined offers are invisible; a claim is public
        skip_offers(who if act == A.CLAIM_MISDEAL else None)
        order = None
        if act is None:
            act = concrete[idx]
            order = orders.get(idx)
        elif A.PILE_CARD <= act < A.PILE_CARD + 64:
            act = A.PLAY_PILE
        elif act >= A.DISCARD:
            order = written_order(obs.rules.deck, act, text)
        if world.to_move != who:
            return None
        world.apply(act, order)
    if pending_claim is not None:
        skip_offers(pending_claim)
        if world.phase_name != "claims" or world.to_move != pending_claim:
            return None
    else:
        skip_offers(None)
    return world
