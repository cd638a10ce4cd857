"""A physical table's score sheet on the phones: one side enters the round's score,
the other side confirms it by entering the same; a disagreement is a dispute for the
organiser, never summed. The organiser's own entry settles a table.

>>> sheet_status([Entry("0", (7, 5))])
('awaiting', None)
>>> sheet_status([Entry("0", (7, 5)), Entry("1", (7, 5))])
('confirmed', (7, 5))
>>> sheet_status([Entry("0", (7, 5)), Entry("1", (5, 7))])
('disputed', None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

Status = Literal["empty", "awaiting", "confirmed", "disputed"]
ORGANISER = "organiser"
SIDES = ("0", "1")
"""Who enters: a side of the table (seats 0 and 2, or 1 and 3), or the organiser."""


class Entry(NamedTuple):
    by: str
    """``"0"``, ``"1"`` or ``"organiser"``."""
    points: tuple[int, int]
    """The round's points of side 0 and side 1, as this side saw them."""


def sheet_status(entries: Sequence[Entry]) -> tuple[Status, tuple[int, int] | None]:
    """What a table's entries come to: the agreed score, or why there is none yet.
    Each side's latest entry counts; the organiser's latest overrides both."""
    latest: dict[str, tuple[int, int]] = {}
    for entry in entries:
        latest[entry.by] = entry.points
    if ORGANISER in latest:
        return "confirmed", latest[ORGANISER]
    sides = [latest[s] for s in SIDES if s in latest]
    if not sides:
        return "empty", None
    if len(sides) == 1:
        return "awaiting", None
    if sides[0] == sides[1]:
        return "confirmed", sides[0]
    return "disputed", None
