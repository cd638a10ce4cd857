"""The shape every phase of a hand has."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from ...cards import Suit

if TYPE_CHECKING:
    from ..state import State


class Phase(ABC):
    """One step of a hand's pipeline.

    ``active`` says whether the step applies to this hand at all (it is skipped
    otherwise); ``enter`` sets up whose turn it is (or does an automatic step);
    ``legal``/``apply``/``explain`` handle the seat to move. A phase ends by calling
    ``state.advance()`` or ``state.end_hand(...)``.
    """

    name = "phase"

    def active(self, s: State) -> bool:
        return True

    @abstractmethod
    def enter(self, s: State) -> None: ...

    @abstractmethod
    def legal(self, s: State) -> list[int]: ...

    @abstractmethod
    def apply(self, s: State, action: int) -> None: ...

    def explain(self, s: State, action: int) -> str:
        options = ", ".join(s.action_to_string(a) for a in self.legal(s))
        return (
            f"{s.action_to_string(action) if _printable(s, action) else action!r} is not "
            f"possible now; seat {s.to_move} may: {options}"
        )


def _printable(s: State, action: int) -> bool:
    try:
        s.action_to_string(action)
    except (ValueError, IndexError):
        return False
    return True


def from_eldest(s: State) -> list[int]:
    """Every seat in bidding order: the dealer's left first, the dealer last."""
    return [(s.dealer + k) % s.n for k in range(1, s.n + 1)]


def suit_word(suit: int) -> str:
    return Suit(suit).word
