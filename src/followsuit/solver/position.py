"""A determinized hand as the solver sees it: plain integers and tuples, no engine.

:func:`position_of` is the one adapter between an engine :class:`~followsuit.State`
in trick play and the solver. It reads the state's public-ish parts (``hands``,
``table``, ``prog``, ``contract``, ``piles``, ``tricks``, ``trick``, ``order``,
``trump``, ``maker``) once, and turns the variant's rules into data the search
needs no engine for: the follow rule as a code, the per-trump lookup tables, and
the hand's score as *what each captured card is worth to its captor* (Pitch's
categories are decided by cards fixed once every card is known: the highest trump
in play, the jack, the five …) plus the few things that are not additive (Game,
the contract) kept as accumulators.

The same :class:`Position` drives the pure-Python reference and the C kernel, so
the two cannot read the rules differently.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import bits
from ..engine import actions as A
from ..engine.pitch_scoring import credit_rule, high_low_pool
from ..rules.pitch_points import GAME_VALUE, category_value, fixed_card

if TYPE_CHECKING:
    from ..engine.state import State

#: Follow rules, as the kernel numbers them.
MUST_FOLLOW, FOLLOW_OR_TRUMP, TRUMP_ONLY, BLIND_PITCH = 0, 1, 2, 3
FOLLOW_CODES = {
    "must_follow": MUST_FOLLOW,
    "follow_or_trump": FOLLOW_OR_TRUMP,
    "trump_only": TRUMP_ONLY,
    "blind_pitch": BLIND_PITCH,
}

#: How the maker's own points turn into its hand score (Pitch contracts).
RAW, PLAIN, ALL_TRICKS, FIVE, MOON_POINTS, GRAND_SLAM = 0, 1, 2, 3, 4, 5

#: Played from the top of the seat's blind pile: the kernel's move code is card + PILE.
PILE = 64


class UnsupportedPosition(ValueError):
    """The solver cannot value this position exactly (it says why)."""


@dataclass(frozen=True, slots=True)
class Position:
    """Everything the search reads, as plain data.

    Values are in the terms of one *coalition* (``mine``, a seat mask): in trick
    mode the tricks it wins; in point mode its points minus everyone else's.
    ``base`` is what the hand has already given (tricks won, points captured or
    fixed by who holds a card) and the accumulators ``game`` / ``maker_points`` /
    ``all_tricks`` / ``watched`` carry what is not additive.
    """

    n: int
    hands: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    """Each seat's blind pile, top first (empty tuples without piles)."""
    out: int
    leader: int
    order: tuple[int, ...]
    """The seats of the trick in progress, in play order (empty at a trick's start)."""
    trick: tuple[int, ...]
    first: bool
    """The trick in progress (or about to start) is the hand's first."""
    follow: int
    trump_lead_must_follow: bool
    pile_first_if_void: bool
    called: int
    """A card its holder must play to the first trick (-1 none)."""
    trump: int
    eff: tuple[int, ...]
    keys: tuple[tuple[int, ...], ...]
    suit_mask: tuple[int, ...]
    trump_mask: int
    unit_of: tuple[int, ...]
    unit_sign: tuple[int, ...]
    mine: int
    trick_value: int
    card_value: tuple[int, ...]
    game_count: tuple[int, ...]
    game_value: int
    game_tie_unit: int
    maker_unit: int
    contract: int
    bid: int
    """The threshold (plain bids, moons) or the value won or lost (all tricks, five)."""
    contract_value: int
    watched: tuple[int, ...]
    """Cards the maker's unit must capture for the contract (five's jack, a slam's
    High, Low and Jack)."""
    static_ok: bool
    """The contract's conditions that do not depend on play hold (a slam's
    holder-credited Low is the maker's)."""
    base: int
    acc_game: tuple[int, ...]
    acc_maker: int
    acc_all: bool
    acc_watched: int
    points_mode: bool

    @property
    def cards(self) -> int:
        """Number of deck indices the tables cover."""
        return len(self.eff)

    def as_tuple(self) -> tuple[object, ...]:
        """The position as the C kernel reads it (field order is its contract)."""
        return (
            self.n,
            self.hands,
            self.piles,
            self.out,
            self.leader,
            self.order,
            self.trick,
            int(self.first),
            self.follow,
            int(self.trump_lead_must_follow),
            int(self.pile_first_if_void),
            self.called,
            self.trump,
            self.eff,
            self.keys,
            self.suit_mask,
            self.trump_mask,
            self.unit_of,
            self.unit_sign,
            self.mine,
            self.trick_value,
            self.card_value,
            self.game_count,
            self.game_value,
            self.game_tie_unit,
            self.maker_unit,
            self.contract,
            self.bid,
            self.contract_value,
            self.watched,
            int(self.static_ok),
            self.acc_game,
            self.acc_maker,
            int(self.acc_all),
            self.acc_watched,
            int(self.points_mode),
            self.base,
        )


def coalition(state: State, seat: int) -> tuple[int, tuple[int, ...], int]:
    """The seats whose result ``seat`` plays for (mask), each seat's scoring unit,
    and ``seat``'s unit.

    Euchre's tables score the makers against the defenders, so a defender plays
    for every non-maker (the two cutthroat defenders are partners for the hand).
    Bid Euchre and Pitch credit each side (Pitch: each unit, the called partner
    joining the bidder) with its own tricks or points: the seat plays for its own
    side against all the others (the paranoid reduction with three or more).
    """
    prog = state.prog
    n = prog.num_players
    unit_of = _pitch_units(state) if prog.family == "pitch" else tuple(prog.side_of)
    if prog.scoring in ("euchre_table", "cutthroat_table") and state.maker >= 0:
        maker_side = prog.side_of[state.maker]
        if prog.scoring == "cutthroat_table":
            in_making = [p == state.maker for p in range(n)]
        else:
            in_making = [prog.side_of[p] == maker_side for p in range(n)]
        mine_making = in_making[seat]
        mask = sum(1 << p for p in range(n) if in_making[p] == mine_making)
        return mask, unit_of, unit_of[seat]
    mask = sum(1 << p for p in range(n) if unit_of[p] == unit_of[seat])
    return mask, unit_of, unit_of[seat]


def _pitch_units(state: State) -> tuple[int, ...]:
    """Pitch's scoring units: the sides, or in call-your-partner the bidder and the
    called card's holder (when that card is ever played) against the rest."""
    prog = state.prog
    if prog.partnership != "called":
        return tuple(prog.side_of)
    called = state.contract.called_card
    partner = state.contract.partner
    making = {state.maker}
    if called >= 0 and partner >= 0 and in_play(state) >> called & 1:
        making.add(partner)
    return tuple(0 if p in making else 1 for p in range(prog.num_players))


def in_play(state: State) -> int:
    """The cards this hand's tricks will have held when it ends: those played and,
    of those still held, every one that will be played (only trumps where only
    trumps are played)."""
    held = 0
    out = state.contract.out
    for seat, h in enumerate(state.hands):
        if not out >> seat & 1:  # a seat sitting out never plays its cards
            held |= h
    for pile in state.piles.blind:
        for c in pile:
            held |= 1 << c
    if state.prog.follow == "trump_only":
        held &= state.table.trump_mask
    return held | state.played


def position_of(state: State, seat: int | None = None) -> Position:
    """The solver's view of ``state`` (trick play, trump known), valued for the
    coalition of ``seat`` (default: the seat to move)."""
    prog = state.prog
    if state.over or state.phase_name != "play" or state.to_move is None:
        raise UnsupportedPosition("the solver starts from trick play (the seat to move plays)")
    if state.trump < 0:
        raise UnsupportedPosition("trump is not known yet (the first lead pitches it)")
    if seat is None:
        seat = state.to_move
    n = prog.num_players
    table = state.table
    mine, unit_of, my_unit = coalition(state, seat)
    units = max(unit_of) + 1
    unit_sign = tuple(1 if u == my_unit else -1 for u in range(units))
    blind = state.piles.blind
    piles = tuple(tuple(blind[p]) if blind else () for p in range(n))
    order = state.order
    trick = state.trick
    called = state.contract.called_card if prog.called_card_first_trick else -1
    ncards = len(prog.cards)
    common = {
        "n": n,
        "hands": tuple(0 if state.contract.out >> p & 1 else h for p, h in enumerate(state.hands)),
        "piles": piles,
        "out": state.contract.out,
        "leader": order[0] if order else state.to_move,
        "order": order if trick else (),
        "trick": trick,
        "first": not state.tricks,
        "follow": FOLLOW_CODES[prog.follow],
        "trump_lead_must_follow": prog.trump_lead_must_follow,
        "pile_first_if_void": prog.blind_pile_on_first_trick == "only_if_void",
        "called": called,
        "trump": state.trump,
        "eff": table.eff,
        "keys": table.keys,
        "suit_mask": table.suit_mask,
        "trump_mask": table.trump_mask,
        "unit_of": unit_of,
        "unit_sign": unit_sign,
        "mine": mine,
    }
    if prog.family != "pitch":
        won = sum(1 for t in state.tricks if mine >> t.winner & 1)
        return Position(
            **common,  # type: ignore[arg-type]
            trick_value=1,
            card_value=(0,) * ncards,
            game_count=(0,) * ncards,
            game_value=0,
            game_tie_unit=-1,
            maker_unit=-1,
            contract=RAW,
            bid=0,
            contract_value=0,
            watched=(),
            static_ok=True,
            base=won,
            acc_game=(0,) * units,
            acc_maker=0,
            acc_all=True,
            acc_watched=0,
            points_mode=False,
        )
    return _pitch_position(state, common, unit_of, unit_sign)


def _pitch_position(
    state: State,
    common: dict[str, object],
    unit_of: tuple[int, ...],
    unit_sign: tuple[int, ...],
) -> Position:
    """Pitch: every category is decided by a card fixed once all cards are known
    (or by Game's count); a captor-credited card's value goes with the trick, a
    holder-credited one is settled now."""
    prog = state.prog
    deck = prog.cards
    ncards = len(deck)
    units = len(unit_sign)
    live = in_play(state)
    holder = _holders(state)
    card_value = [0] * ncards
    static = [0] * units  # points settled by who holds a card
    deciders: dict[str, int] = {}
    game_value = 0
    for category in prog.hand_categories:
        value = category_value(category, prog)
        if category == "GAME":
            game_value = value
            continue
        card = _decider(state, category, live)
        if card is None:
            continue
        deciders[category] = card
        if credit_rule(prog, category) == "holder":
            static[unit_of[holder[card]]] += value
        else:
            card_value[card] += value
    game_count = tuple(GAME_VALUE.get(deck.rank[c], 0) if game_value else 0 for c in range(ncards))
    maker_unit = unit_of[state.maker]
    contract, bid, contract_value, watched, static_ok = _contract(
        state, maker_unit, deciders, holder, unit_of, static
    )
    # what the finished tricks have already given
    acc_game = [0] * units
    captured = [0] * units
    all_tricks = True
    watched_bits = 0
    for t in state.tricks:
        u = unit_of[t.winner]
        if u != maker_unit:
            all_tricks = False
        for c in t.cards:
            captured[u] += card_value[c]
            acc_game[u] += game_count[c]
            if c in watched and u == maker_unit:
                watched_bits |= 1 << watched.index(c)
    base = 0
    acc_maker = 0
    for u in range(units):
        got = static[u] + captured[u]
        if contract != RAW and u == maker_unit:
            acc_maker = got
        else:
            base += unit_sign[u] * got
    return Position(
        **common,  # type: ignore[arg-type]
        trick_value=0,
        card_value=tuple(card_value),
        game_count=game_count,
        game_value=game_value,
        game_tie_unit=maker_unit if prog.game_tie_rule == "bidder" else -1,
        maker_unit=maker_unit if contract != RAW else -1,
        contract=contract,
        bid=bid,
        contract_value=contract_value,
        watched=watched,
        static_ok=static_ok,
        base=base,
        acc_game=tuple(acc_game),
        acc_maker=acc_maker,
        acc_all=all_tricks,
        acc_watched=watched_bits,
        points_mode=True,
    )


def _holders(state: State) -> dict[int, int]:
    """Who plays (or played) each card still to count: the holder of a hand or pile
    card, the seat that played a card already on the table."""
    holder: dict[int, int] = {}
    for seat, h in enumerate(state.hands):
        for c in bits(h):
            holder[c] = seat
    for seat, pile in enumerate(state.piles.blind):
        for c in pile:
            holder[c] = seat
    for t in state.tricks:
        for seat, c in t.plays:
            holder[c] = seat
    for seat, c in zip(state.order, state.trick, strict=False):
        holder[c] = seat
    return holder


def _decider(state: State, category: str, live: int) -> int | None:
    """The card that decides ``category`` this hand (None: none in play), as the
    engine's scoring picks it once the hand is over."""
    prog = state.prog
    deck = prog.cards
    table = state.table
    t = state.trump
    cards = bits(live)
    if category in ("HIGH", "LOW"):
        pool = high_low_pool(prog, table, cards, t)
        if not pool:
            return None
        powers = [table.power[c] for c in pool]
        extreme = max(powers) if category == "HIGH" else min(powers)
        tied = [c for c in pool if table.power[c] == extreme]
        if len(tied) > 1:
            raise UnsupportedPosition(
                f"{category} is decided by the order two equal trumps are played in"
            )
        return tied[0]
    fixed = fixed_card(category, t)
    if fixed is not None:
        suit, rank = fixed
        return next((c for c in cards if deck.suit[c] == suit and deck.rank[c] == rank), None)
    jokers = [c for c in cards if deck.suit[c] < 0]
    if category == "JOKER":
        if len(jokers) > 1:
            raise UnsupportedPosition("JOKER is scored with more than one joker in play")
        return jokers[0] if jokers else None
    if category in ("BIG_JOKER", "LITTLE_JOKER"):
        both = {"BIG_JOKER", "LITTLE_JOKER"} <= set(prog.hand_categories)
        if prog.joker_order == "first_played" and not both and len(jokers) > 1:
            raise UnsupportedPosition(f"{category} alone depends on which joker falls first")
        if prog.joker_order == "first_played" or both:
            # worth the same: each joker in play scores one category to its captor
            k = 0 if category == "BIG_JOKER" else 1
            return jokers[k] if len(jokers) > k else None
        order = [c for code in ("BJ", "LJ") for c in deck.by_code.get(code, ()) if live >> c & 1]
        k = 0 if category == "BIG_JOKER" else 1
        return order[k] if len(order) > k else None
    raise UnsupportedPosition(f"no solver rule for the Pitch category {category}")


def _contract(
    state: State,
    maker_unit: int,
    deciders: dict[str, int],
    holder: dict[int, int],
    unit_of: tuple[int, ...],
    static: list[int],
) -> tuple[int, int, int, tuple[int, ...], bool]:
    """The maker's contract as (kind, threshold, value, watched cards, static ok),
    read as :func:`~followsuit.engine.pitch_scoring.pitch_points` scores it."""
    prog = state.prog
    contract = state.contract
    if contract.bid < 0:
        return RAW, 0, 0, (), True
    if prog.moon_rule == "declared" and contract.declared:
        raise UnsupportedPosition("a declared moon wins or loses the game, not points")
    bid = prog.bids[contract.bid]
    if bid.kind == "five":
        jack = deciders.get("JACK")
        if jack is None:
            return ALL_TRICKS, 0, bid.value, (), False  # no jack in play: five fails
        return FIVE, 0, bid.value, (jack,), True
    if bid.kind in ("smudge", "blind_smudge"):
        value = prog.smudge_points if bid.kind == "smudge" else prog.blind_smudge_points
        return ALL_TRICKS, 0, value, (), True
    if bid.kind == "moon":
        if prog.ten_point:
            if prog.moon_success == "set_to_target_or_zero":
                raise UnsupportedPosition("this moon sets the score, it does not add points")
            target = prog.target_score
            assert target is not None
            return MOON_POINTS, prog.points_total, prog.moon_value or target, (), True
        if prog.new_yorker_moon_scoring == "win_lose_game":
            raise UnsupportedPosition("this moon wins or loses the game, not points")
        watched: list[int] = []
        ok = "GAME" in prog.hand_categories
        for category in ("HIGH", "LOW", "JACK"):
            card = deciders.get(category)
            if card is None:
                ok = False
                continue
            credit = "captor"
            if category == "LOW":
                credit = prog.low_credit
            elif category == "HIGH":
                credit = prog.high_credit
            if credit == "holder":
                ok = ok and unit_of[holder[card]] == maker_unit
            else:
                watched.append(card)
        # one trump in play is both High and Low: one card to capture
        return GRAND_SLAM, 0, 5, tuple(dict.fromkeys(watched)), ok
    return PLAIN, bid.value, bid.value, (), True


def root_moves(state: State) -> list[tuple[int, int]]:
    """The seat to move's rule-abiding actions with the kernel's move code for
    each: the card, or card + :data:`PILE` for the top card of its blind pile."""
    seat = state.to_move
    assert seat is not None
    out: list[tuple[int, int]] = []
    for action in state.proper_actions():
        if action == A.PLAY_PILE:
            out.append((action, state.piles.blind[seat][0] + PILE))
        elif A.is_play(action):
            out.append((action, action))
        else:
            raise UnsupportedPosition(f"action {action} is not a card play")
    return out
