"""Walking a hand back from where its cards are now to its deal (used by
:mod:`followsuit.engine.worlds`): undoing plays, discards, draws, takes, gives and
retakes in a sampled world, and choosing, where this seat could not see, which
cards moved.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..cards import bits, canonical, canonical_choice, mask_of
from . import actions as A
from .types import MoveKind
from .unseen import Batch, Unseen


@dataclass
class Rewound:
    """A sampled world walked back to its deal: the hands as dealt (masks), the
    stock, kitty and piles as dealt (top first), and what the walk chose where this
    seat could not see."""

    hands: list[int]
    stock: list[int]
    kitty: list[int]
    piles: list[list[int]]
    batch_cards: dict[int, list[int]]
    """Each discard batch's cards in pile order (timeline position -> cards)."""
    actions: dict[int, int] = field(default_factory=dict)
    """Hidden actions made concrete (action index -> action)."""
    moves: dict[int, int] = field(default_factory=dict)
    """Hidden card moves made concrete (move index -> cards)."""
    given: int = 0
    """A help exchange half done: the bidder's cards, given but not yet swapped."""


def rewind(
    u: Unseen,
    hands: list[int],
    stock: list[int],
    kitty: list[int],
    piles: list[list[int]],
    batch_cards: dict[int, list[int]],
    rng: random.Random,
) -> Rewound | None:
    """Walk the world (hands and piles now, each batch's unseen cards placed) back to
    its deal; None when no history fits it."""
    obs = u.obs
    out = Rewound(hands, stock, kitty, piles, batch_cards)
    returned: dict[int, list[int]] = {pos: [] for pos in u.batches}
    gives = [e.at for e in u.timeline if not e.move and _is_give(u, e.at)]
    for pos in range(len(u.timeline) - 1, -1, -1):
        event = u.timeline[pos]
        if event.move:
            if not _undo_move(u, out, pos, returned, rng):
                return None
            continue
        who, act, _text = obs.actions[event.at]
        if who is None:
            continue
        if pos in u.batches:
            batch = u.batches[pos]
            cards = list(batch.known) + returned[pos] + batch_cards[pos]
            out.batch_cards[pos] = cards
            if act is None:
                out.actions[event.at] = A.discard(mask_of(cards))
            out.hands[who] |= mask_of(cards)
        elif act is not None and A.is_play(act):
            out.hands[who] |= 1 << act
        elif act is not None and A.verb_of(act) is A.PILE_CARD_VERB:
            out.piles[who].insert(0, A.card_of(act))
        elif _is_give(u, event.at) and u.prog.family == "pitch":
            # nine-card select: surplus trumps handed to the partner, face up
            assert act is not None
            partner = u.prog.partners[who]
            assert partner is not None
            out.hands[partner] &= ~A.cards_of(act)
            out.hands[who] |= A.cards_of(act)
        elif (
            _is_give(u, event.at) and event.at == gives[-1] and not _undo_gives(u, out, gives, rng)
        ):
            return None
    return out


def _is_give(u: Unseen, index: int) -> bool:
    act = u.obs.actions[index][1]
    if act is not None:
        return A.is_give(act)
    note = u.notes.get(index)
    return note is not None and note.give


def _undo_move(
    u: Unseen, out: Rewound, pos: int, returned: dict[int, list[int]], rng: random.Random
) -> bool:
    obs = u.obs
    index = u.timeline[pos].at
    move = obs.moves[index]
    seat = move.seat
    if move.kind is MoveKind.RETAKE:
        cards = _undo_retake(u, out, pos, returned, rng)
        if cards is None:
            return False
        out.moves[index] = cards
        return True
    if move.kind in (MoveKind.DROP, MoveKind.TRIM):
        batch = u.batches[pos]
        dropped = list(batch.known) + returned[pos] + out.batch_cards[pos]
        out.batch_cards[pos] = dropped
        out.moves[index] = mask_of(dropped)
        out.hands[seat] |= mask_of(dropped)
        return True
    if move.kind is MoveKind.DEAD:
        assert move.cards is not None
        out.hands[seat] |= move.cards
        return True
    if move.kind is MoveKind.PICKUP:
        assert move.cards is not None
        out.hands[seat] &= ~move.cards
        return True
    # a draw or a take: which of the hand's cards came from the stock (or kitty)
    cards = move.cards
    if cards is None:
        cards = _choose_drawn(u, move.kind, out.hands[seat], move.size, rng)
        if cards is None:
            return False
        out.moves[index] = cards
    elif cards & ~out.hands[seat]:
        return False
    out.hands[seat] &= ~cards
    drawn = list(bits(cards))
    rng.shuffle(drawn)
    # the cards dropped right after (keeping six) came last from the stock
    later = _dropped_after(u, out, pos, seat)
    drawn.sort(key=lambda c: later >> c & 1)
    if move.kind is MoveKind.TAKE and _from_kitty(u, index):
        out.kitty[:0] = drawn
    else:
        out.stock[:0] = drawn
    return True


def _from_kitty(u: Unseen, move_index: int) -> bool:
    """Whether a take took the kitty (Razzle-Dazzle, before trump is named) rather
    than the rest of the stock."""
    return u.prog.exchange == "razzle" and all(
        m.kind is not MoveKind.TAKE for m in u.obs.moves[:move_index]
    )


def _choose_drawn(
    u: Unseen, kind: MoveKind, hand: int, count: int, rng: random.Random
) -> int | None:
    """Which ``count`` of a hand's cards came from the stock in a draw or take
    this seat did not see. Where everyone had just dropped all non-trumps (the
    fills), every non-trump in the hand must have been drawn; in the nine-card
    draw, the cards taken one by one from the undealt ones are trumps."""
    trumps = u.trumps
    if kind is MoveKind.TAKE and u.prog.oklahoma_deal == "nine_draw" and trumps:
        pool = bits(hand & trumps)
        if len(pool) < count:
            return None
        return mask_of(rng.sample(pool, count))
    cards = bits(hand)
    must = 0
    if u.prog.exchange in ("fill", "nines_fives") and trumps:
        must = hand & ~trumps
    if must.bit_count() > count or len(cards) < count:
        return None
    rest = [c for c in cards if not must >> c & 1]
    return must | mask_of(rng.sample(rest, count - must.bit_count()))


def _dropped_after(u: Unseen, out: Rewound, pos: int, seat: int) -> int:
    """Cards ``seat`` dropped after timeline position ``pos`` (a fill's keep-six)."""
    found = 0
    for later, batch in u.batches.items():
        if later > pos and batch.seat == seat and batch.automatic:
            found |= mask_of(out.batch_cards.get(later, batch.known))
    return found


def _undo_retake(
    u: Unseen, out: Rewound, pos: int, returned: dict[int, list[int]], rng: random.Random
) -> int | None:
    """Put cards a seat took back from the discard pile back onto it: the ones this
    seat saw go back as they were, the others are chosen from the taker's hand (of
    what each batch may hold). Returns the cards taken back."""
    move = u.obs.moves[u.timeline[pos].at]
    seat = move.seat
    seen = move.cards
    units = u.retaken[pos]
    taken = 0
    for _batch, card in units:
        if card >= 0:
            if not out.hands[seat] >> card & 1:
                return None
            out.hands[seat] &= ~(1 << card)
            taken |= 1 << card
    chosen: dict[int, list[int]] = {}
    for batch_pos, card in units:
        if card >= 0:
            continue
        batch: Batch = u.batches[batch_pos]
        source = out.hands[seat] if seen is None else out.hands[seat] & seen
        choices = [c for c in bits(source) if not batch.place.banned >> c & 1]
        if not choices:
            return None
        c = rng.choice(choices)
        out.hands[seat] &= ~(1 << c)
        taken |= 1 << c
        chosen.setdefault(batch_pos, []).append(c)
    for batch_pos, cards in chosen.items():
        # retakes are undone latest first: an earlier one took cards nearer the top
        returned[batch_pos][:0] = cards
    return taken


def _undo_gives(u: Unseen, out: Rewound, gives: list[int], rng: random.Random) -> bool:
    """Undo a help exchange (Bid Euchre); choose the cards this seat did not see:
    the partner's must be its highest trumps."""
    obs = u.obs
    if len(gives) == 1:  # the bidder has given; the partner has not: nothing moved yet
        idx = gives[0]
        bidder, act, _ = obs.actions[idx]
        assert bidder is not None
        if act is None:
            k = u.notes[idx].size
            cards = bits(out.hands[bidder])
            if len(cards) < k:
                return False
            chosen = mask_of(rng.sample(cards, k))
            act = A.give(canonical_choice(u.prog.twins, out.hands[bidder], chosen))
            out.actions[idx] = act
        out.given = A.cards_of(act)
        return True
    i1, i2 = gives
    bidder, act1, _ = obs.actions[i1]
    partner, act2, _ = obs.actions[i2]
    assert bidder is not None and partner is not None
    if act1 is not None and act2 is not None:
        to_partner, to_bidder = A.cards_of(act1), A.cards_of(act2)
    else:
        k = u.notes[i1].size
        partner_cards = bits(out.hands[partner] & ~obs.known[partner])
        if len(partner_cards) < k:
            return False
        to_partner = mask_of(rng.sample(partner_cards, k))
        picked = _partners_gift(u, out.hands[bidder], out.hands[partner] & ~to_partner, k, rng)
        if picked is None:
            return False
        twins = u.prog.twins
        # the bidder chose from its hand before the swap, the partner from its own
        before_bidder = (out.hands[bidder] & ~picked) | to_partner
        to_partner = canonical_choice(twins, before_bidder, to_partner)
        to_bidder = canonical_choice(twins, (out.hands[partner] & ~to_partner) | picked, picked)
        out.actions[i1] = A.give(to_partner)
        out.actions[i2] = A.give(to_bidder)
    out.hands[partner] = (out.hands[partner] & ~to_partner) | to_bidder
    out.hands[bidder] = (out.hands[bidder] & ~to_bidder) | to_partner
    # of identical cards each gave the copy the engine offers (the lower one held)
    twins = u.prog.twins
    return canonical(twins, out.hands[bidder], to_partner) and canonical(
        twins, out.hands[partner], to_bidder
    )


def _partners_gift(u: Unseen, bidder: int, kept: int, k: int, rng: random.Random) -> int | None:
    """Which ``k`` of the bidder's cards the partner gave, the partner keeping
    ``kept``: its highest trumps (RULES.md §2B), so each ranks above every trump the
    partner kept; any cards when the partner kept no trump."""
    table = u.prog.tables[u.obs.trump if u.obs.trump is not None else -1]
    trump = table.trump_mask
    if not kept & trump:
        cards = bits(bidder)
        return mask_of(rng.sample(cards, k)) if len(cards) >= k else None
    floor = max(table.power[c] for c in bits(kept & trump))
    above = [c for c in bits(bidder & trump) if table.power[c] > floor]
    return mask_of(rng.sample(above, k)) if len(above) >= k else None
