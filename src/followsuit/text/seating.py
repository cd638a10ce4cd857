"""Who sits where: the names the terminal gives the seats and the sides.

The engine numbers seats from 0; a player thinks of North, East, South and West
(four players) or of lettered seats (other tables). Every message, table and
summary names players through :class:`Seating`, so that a number never leaks
into plain text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

COMPASS = ("North", "East", "South", "West")
#: Who plays the human's seat, as the record's ``players`` says it.
HUMAN = "you"


def seat_words(n: int) -> list[str]:
    """The seats' names at a table of ``n``: compass points for four, else letters."""
    return list(COMPASS) if n == 4 else [f"Player {chr(ord('A') + k)}" for k in range(n)]


def short_words(n: int) -> list[str]:
    """One letter a seat: N E S W for four players, A B C … otherwise."""
    return [c[0] for c in COMPASS] if n == 4 else [chr(ord("A") + k) for k in range(n)]


def find_seat(text: str, n: int) -> int | None:
    """The seat ``text`` names: its number, its name (``south``, ``player b``) or its
    letter (``s``, ``b``), any case; None if it names none."""
    key = " ".join(text.strip().lower().split())
    if key.isdigit():
        k = int(key)
        return k if 0 <= k < n else None
    for k, (word, letter) in enumerate(zip(seat_words(n), short_words(n), strict=True)):
        if key in (word.lower(), letter.lower(), word.lower().removeprefix("player ")):
            return k
    return None


def seat_choices(n: int) -> str:
    """The values ``--seat`` accepts, for a message."""
    words = ", ".join(w.lower() for w in seat_words(n))
    return f"{words} (or 0-{n - 1})"


@dataclass(frozen=True)
class Seating:
    """The names at one table: ``human`` is the terminal player's seat, ``bots`` the
    bot name at each other seat (None for the human)."""

    n: int
    human: int
    bots: tuple[str | None, ...]
    sides: tuple[tuple[int, ...], ...]

    @classmethod
    def of(
        cls, n: int, human: int, bots: Sequence[str | None], sides: Sequence[Sequence[int]]
    ) -> Seating:
        return cls(n, human, tuple(bots), tuple(tuple(s) for s in sides))

    def name(self, seat: int) -> str:
        """``North``, ``Player B``: the seat's own name."""
        return seat_words(self.n)[seat]

    def who(self, seat: int) -> str:
        """The subject of a sentence: ``You`` for the human, else the seat's name."""
        return "You" if seat == self.human else self.name(seat)

    def label(self, seat: int) -> str:
        """Who plays the seat: ``you`` or ``rules bot``."""
        bot = self.bots[seat]
        return HUMAN if seat == self.human or bot is None else f"{bot} bot"

    def short(self, seat: int) -> str:
        return short_words(self.n)[seat]

    def side_name(self, side: int) -> str:
        """``N-S`` for a partnership, ``You``/``West`` for a seat playing alone."""
        seats = self.sides[side]
        if len(seats) == 1:
            return self.who(seats[0])
        return "-".join(self.short(s) for s in seats)

    def side_of(self, seat: int) -> int:
        return next(k for k, side in enumerate(self.sides) if seat in side)

    def is_ours(self, side: int) -> bool:
        return self.human in self.sides[side]

    def level(self) -> str:
        """The level of the table's bots, for a hint: the bot most seats have (the
        first of them on a tie)."""
        names = [b for b in self.bots if b is not None]
        return max(names, key=names.count) if names else "rules"
