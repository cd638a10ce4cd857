"""Putting values that came from outside (a record, a network message, a typed
line) into an error message: always one line, and never longer than a line should
be. One rule for every message the package writes."""

from __future__ import annotations

#: How many characters of an offending value a message repeats.
LIMIT = 60


def shown(text: str, limit: int = LIMIT) -> str:
    """A text as it reads in a message (``seat 2 cannot play QS``): as written when
    it is a plain one-line text, else in repr quotes (``'play\\nJH'``), so that
    nothing in it can break the line; cut after ``limit`` characters with ``…``.

    >>> shown("play QS"), shown("play\\nQS"), shown("")
    ('play QS', "'play\\\\nQS'", "''")
    """
    cut = text[:limit]
    plain = text != "" and text.isprintable() and text == text.strip()
    out = cut if plain else repr(cut)
    return out + "…" if len(text) > limit else out


def quoted(value: object, limit: int = LIMIT) -> str:
    """A value echoed in a message (``got 'followsuit/2'``, ``78.0 is not an
    action``): its repr, one printable line, cut after ``limit`` characters.

    >>> quoted("6"), quoted(78.0), len(quoted("x" * 100))
    ("'6'", '78.0', 63)
    """
    if isinstance(value, str):
        return repr(value[:limit]) + ("…" if len(value) > limit else "")
    try:
        text = repr(value)
    except Exception:  # a caller's object whose repr fails: name its type
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"
