"""The engine's shared value types: what a finished trick, a finished hand, a card
move and the hand's contract are.

They are immutable on purpose. The state, the phases, the observation and the
world sampler all import them (and this module imports none of those), and a
state shares them with its clones instead of copying them: a clone costs a few
list copies however far the hand has gone.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Final, NamedTuple, TypeVar

from .deal import Deal

ALL_SEATS: Final = -1
"""A visibility mask meaning every seat (and a spectator)."""


def seat_mask(*seats: int) -> int:
    """The visibility mask of these seats."""
    out = 0
    for seat in seats:
        out |= 1 << seat
    return out


def sees(visible_to: int, seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) may see something shown to ``visible_to``."""
    return visible_to == ALL_SEATS or (seat is not None and bool(visible_to >> seat & 1))


class Trick(NamedTuple):
    """A finished trick: the seats in play order (the leader first), the cards they
    played, and who won it."""

    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int

    @property
    def leader(self) -> int:
        return self.seats[0]

    @property
    def plays(self) -> tuple[tuple[int, int], ...]:
        """(seat, card) in play order."""
        return tuple(zip(self.seats, self.cards, strict=True))


class Contract(NamedTuple):
    """What the calling or the auction settled for the hand, read by the steps after
    it (the maker and trump are the state's own). ``-1`` is "nobody" or "none"."""

    bid: int = -1
    """The winning bid's position on the ladder."""
    alone: int = -1
    """The seat playing without its partner."""
    defender_alone: int = -1
    out: int = 0
    """Seats sitting out the hand, as a mask."""
    ordered_up: bool = False
    """Euchre: the up card's suit was accepted, so the dealer takes the up card
    (unless sitting out; the pick-up itself is a card move)."""
    blind: int = -1
    """A seat that may not look at its hand yet (British Euchre's blind dealer)."""
    called_card: int = -1
    """Call-your-partner: the card the bidder called."""
    partner: int = -1
    """Call-your-partner: the holder of the called card (known to the engine)."""
    declared: bool = False


class HandResult(NamedTuple):
    """How one hand ended: ``points`` per side, the running ``score`` after it, and
    the tricks as played (a thrown-in hand has none)."""

    dealer: int
    trump: int | None
    maker: int | None
    points: tuple[int, ...]
    score: tuple[int, ...]
    redeal: bool = False
    details: tuple[tuple[str, tuple[int, ...], int], ...] = ()
    """Pitch: each category won, as (category, the seats credited, value)."""
    tricks: tuple[Trick, ...] = ()
    contract: Contract = Contract()
    """What the calling or the auction settled: the bid, who went alone or
    defended alone, who sat out (nothing for a thrown-in hand)."""


class Note(NamedTuple):
    """What the log says of an action beyond (seat, action): who may see it (a
    face-down discard, a help-exchange give, a declined misdeal offer), the cards of
    it every seat sees anyway (trumps discarded face up), and the order its cards
    were written in (where a discard pile is dealt out again, RULES.md §1.2)."""

    visible_to: int = ALL_SEATS
    shown: int = 0
    order: tuple[int, ...] = ()


class MoveKind(Enum):
    """An automatic card move: a step the rules make without a choice."""

    PICKUP = "pickup"
    """The Euchre dealer takes the up card (seen by everyone)."""
    TAKE = "take"
    """A hand takes the kitty or the rest of the stock."""
    DRAW = "draw"
    """A hand is dealt cards from the top of the stock."""
    RETAKE = "retake"
    """A hand is dealt cards back from the discard pile (the stock ran out)."""
    DROP = "drop"
    """Every non-trump goes onto the discard pile (the fills)."""
    TRIM = "trim"
    """Some cards go onto the discard pile to bring a hand down (to six)."""
    DEAD = "dead"
    """A hand is laid down face up, out of play (New Yorker's junk hand)."""


class Move(NamedTuple):
    """One automatic card move, logged beside the actions."""

    position: int
    """How many actions of the hand came before it."""
    seat: int
    kind: MoveKind
    cards: int
    visible_to: int


class Piles(NamedTuple):
    """The hand's cards outside hands and tricks (Pitch): the stock (top first), the
    kitty, each seat's face-down blind pile (top first), the discard pile in the
    order it was made, and the cards laid face up out of play."""

    stock: tuple[int, ...] = ()
    kitty: tuple[int, ...] = ()
    blind: tuple[tuple[int, ...], ...] = ()
    discards: tuple[int, ...] = ()
    dead: int = 0


NO_CONTRACT: Final = Contract()
"""A hand before anything is settled."""
NO_PILES: Final = Piles()
"""A hand with no cards outside the hands."""


class HandLog(NamedTuple):
    """One finished hand as the record keeps it: its deal, its actions and notes."""

    dealer: int
    deal: Deal
    actions: tuple[tuple[int | None, int], ...]
    result: HandResult
    notes: tuple[tuple[int, Note], ...] = ()


class Standing(NamedTuple):
    """The game between hands: the hand number, the dealer, the scores, the finished
    hands and how the game stands. Replaced (not changed) when a hand ends, so a
    state's clones share it."""

    hand_no: int = 0
    dealer: int = -1
    scores: tuple[int, ...] = ()
    results: tuple[HandResult, ...] = ()
    history: tuple[HandLog, ...] = ()
    """The finished hands as the record keeps them (their results are ``results``)."""
    over: bool = False
    winner: int | None = None
    time_up: bool = False
    go_out: bool = False
    """From now on only a unit that makes its bid can win (bid-to-go-out)."""
    seed: int | None = None
    """The integer every hand's deal is drawn from (None: deals are given)."""


R = TypeVar("R", bound=tuple[Any, ...])

built: Final = tuple.__new__
"""``built(Trick, (seats, cards, winner))`` is ``Trick(seats, cards, winner)``
without the named tuple's ``__new__``, which is Python code even in the compiled
engine (a frame, about ten times the cost of the tuple itself): for the records
made once a trick or once a hand on the hot path. Every field must be given, in
order (defaults are not filled in)."""


def replaced(record: R, *changes: tuple[int, object]) -> R:
    """``record`` (a named tuple) with the fields at these positions changed:
    ``_replace`` without its keyword machinery, about twice as fast, for the few
    replacements every hand makes (positions from the ``*_AT`` constants)."""
    values = list(record)
    for at, value in changes:
        values[at] = value
    return tuple.__new__(type(record), values)


CONTRACT_ALONE_AT: Final = Contract._fields.index("alone")
CONTRACT_OUT_AT: Final = Contract._fields.index("out")
CONTRACT_ORDERED_UP_AT: Final = Contract._fields.index("ordered_up")
PILES_DISCARDS_AT: Final = Piles._fields.index("discards")
STANDING_HAND_NO_AT: Final = Standing._fields.index("hand_no")
STANDING_SEED_AT: Final = Standing._fields.index("seed")
