"""Laying text out in a terminal's width without breaking an item.

Rich wraps a long line at spaces, which splits ``5) discard A♣`` or a card from
its suit. The table instead builds its lines from whole items: :func:`flow`
fills lines item by item, :func:`place` puts blocks at columns, and every line
it returns fits the width, so the console never wraps it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text


def flow(
    items: Sequence[Text | str],
    width: int,
    *,
    lead: Text | str = "",
    sep: str = "  ",
    indent: int | None = None,
) -> list[Text]:
    """``items`` after ``lead``, as many to a line as fit, a new line indented
    under the first item (``indent``: that many spaces instead)."""
    head = Text(lead) if isinstance(lead, str) else lead.copy()
    pad = " " * (head.cell_len if indent is None else indent)
    lines: list[Text] = []
    line = head
    first = True
    for item in items:
        piece = Text(item) if isinstance(item, str) else item
        extra = (0 if first else len(sep)) + piece.cell_len
        if not first and line.cell_len + extra > width:
            lines.append(line)
            line = Text(pad)
            first = True
        if not first:
            line.append(sep)
        line.append_text(piece)
        first = False
    lines.append(line)
    return lines


def place(pieces: Sequence[tuple[int, Text]], width: int) -> Text:
    """One line with each piece starting at its column (a piece that would overlap
    the one before starts one space after it; nothing passes ``width``)."""
    out = Text()
    for column, piece in sorted(pieces, key=lambda p: p[0]):
        gap = column - out.cell_len
        if out.cell_len and gap < 1:
            gap = 1
        out.append(" " * max(gap, 0))
        out.append_text(piece)
    if out.cell_len > width:
        out.truncate(width)
    return out


def centre(piece: Text, column: int, width: int) -> int:
    """The column at which ``piece`` is centred on ``column``, kept inside the width."""
    start = column - piece.cell_len // 2
    return max(0, min(start, width - piece.cell_len))


def block(lines: Sequence[Text], width: int) -> list[Text]:
    """A block's lines each cut to ``width`` (a block never grows past its room)."""
    out = []
    for line in lines:
        copy = line.copy()
        if copy.cell_len > width:
            copy.truncate(width, overflow="ellipsis")
        out.append(copy)
    return out
