"""The shape every phase of a hand has."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar, cast

from ...cards import Suit
from .. import actions as A

if TYPE_CHECKING:
    from ...rules.settings import Settings
    from ..state import State

D = TypeVar("D")


class Phase(Generic[D]):
    """One step of a hand's pipeline.

    ``active`` says whether the step applies to this hand at all (it is skipped
    otherwise); ``enter`` sets up whose turn it is (or does an automatic step);
    ``legal``/``apply``/``explain`` handle the seat to move. A phase ends by calling
    ``state.advance()`` or ``state.end_hand(...)``.

    A phase object is shared by every game of its variant and holds nothing of a
    game: what it must remember between actions is its *data* ``D``, a small
    immutable record kept in ``state.step`` (:meth:`data`), replaced when it changes.
    """

    name = "phase"

    def used(self, settings: Settings) -> bool:
        """Whether the step can apply at all under these rules: a step that never
        can is left out of the variant's pipeline (asked once, when the rules are
        compiled, not at every hand)."""
        return True

    def active(self, s: State) -> bool:
        """Whether the step applies to this hand (asked as the hand reaches it)."""
        return True

    def enter(self, s: State) -> None:
        """Set up the phase: whose turn it is, or do its automatic step."""

    def legal(self, s: State) -> tuple[int, ...]:
        return ()

    def proper(self, s: State) -> tuple[int, ...]:
        """The rule-abiding actions (what bots are offered): ``legal`` but where a
        phase accepts more (a renege recorded at a real table)."""
        return self.legal(s)

    def apply(self, s: State, action: int) -> None:
        raise AssertionError(f"{type(self).__name__} takes no action")

    def explain(self, s: State, action: int) -> str:
        options = ", ".join(s.action_to_string(a) for a in self.legal(s))
        return f"{printable(s, action)} is not possible now; seat {s.to_move} may: {options}"

    def data(self, s: State) -> D:
        """This phase's data in ``s`` (the phase put it there on entry)."""
        return cast(D, s.step)


def printable(s: State, action: int) -> str:
    """The action's record text, or the number quoted when it has none."""
    try:
        return A.to_text(action, s.prog.cards, s.prog.ladder)
    except ValueError:
        return repr(action)


def suit_word(suit: int) -> str:
    return Suit(suit).word
