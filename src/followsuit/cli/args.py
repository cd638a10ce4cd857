"""Reading ``play``'s command-line values, each refused in one line that says
what is allowed (typer's own errors are boxed and several lines long, so the
values arrive here as text)."""

from __future__ import annotations

import difflib
import sys
from collections.abc import Sequence

from ..bots import BOTS
from ..messages import shown
from ..rules import OptionError, UnknownVariant, Variant, find_variant, variants
from ..text.seating import find_seat, seat_choices


class UsageError(Exception):
    """A bad command-line value: the one line to print."""


def fail(message: str) -> int:
    """Print the one-line error on stderr, as every command does, and give the
    exit status."""
    print(f"followsuit: {message}", file=sys.stderr)
    return 2


def resolve_variant(name: str) -> Variant:
    """The variant named, or a one-line error suggesting only a close id."""
    try:
        return find_variant(name)
    except UnknownVariant:
        pass
    ids = [v.id for v in variants()]
    key = name.strip().lower()
    close = difflib.get_close_matches(key, ids, n=1, cutoff=0.8)
    starts = [i for i in ids if i.startswith(key) or i.split("/", 1)[-1].startswith(key)]
    hint = ""
    if close:
        hint = f"; did you mean {close[0]}?"
    elif 1 <= len(starts) <= 4 and len(key.rsplit("/", 1)[-1]) >= 3:
        hint = f"; did you mean {' or '.join(starts)}?"
    raise UsageError(f"unknown variant {shown(name)}{hint} (followsuit rules lists them)")


def parse_seat(text: str | None, n: int) -> int:
    """``--seat``: a seat name (``south``), its letter or its number."""
    if text is None:
        return 2 if n == 4 else 0
    seat = find_seat(text, n)
    if seat is None:
        raise UsageError(f"--seat {shown(text)}: choose one of {seat_choices(n)}")
    return seat


def parse_seed(text: str | None) -> int | None:
    if text is None:
        return None
    t = text.strip()
    if not t.isdigit() or len(t) > 30:
        raise UsageError(f"--seed {shown(text)}: give a whole number such as 42")
    return int(t)


def parse_delay(text: str) -> float:
    """``--delay``: seconds, 0 or more (at most a minute: a pause, not a stop)."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 60:
        raise UsageError(f"--delay {shown(text)}: give seconds from 0 to 60, such as 0.5")
    return seconds


def parse_think_ms(text: str | None) -> int | None:
    """``--think-ms``: the search bots' time budget per decision, in milliseconds
    (none by default: fixed world counts, the same decisions on any machine)."""
    if text is None:
        return None
    t = text.strip()
    if not t.isdigit() or len(t) > 7 or not 1 <= int(t) <= 600_000:
        raise UsageError(
            f"--think-ms {shown(text)}: give milliseconds from 1 to 600000, such as 500"
        )
    return int(t)


def parse_bots(text: str, n: int) -> list[str]:
    """``--bots``: one bot for every other seat, or one per seat in seat order."""
    known = ", ".join(BOTS)
    names = [b.strip().lower() for b in text.split(",")]
    if not text.strip() or any(not b for b in names):
        raise UsageError(f"--bots: give a bot name ({known}) or a comma list of them")
    for b in names:
        if b not in BOTS:
            raise UsageError(f"--bots: unknown bot {shown(b)}; bots: {known}")
    if len(names) == 1:
        return names * (n - 1)
    if len(names) != n - 1:
        raise UsageError(f"--bots: give one bot, or {n - 1} (one per other seat)")
    return names


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``-o name=value`` (repeatable), also ``-o a=1,b=2``; values stay text, the
    option catalogue converts and checks them. A comma inside a JSON value
    (``deal_packets=[[3,2],[2,3]]``) stays in the value."""
    out: dict[str, str] = {}
    for pair in pairs:
        for item in _split_pairs(pair):
            if "=" not in item:
                raise OptionError(f"option {shown(item)}: expected name=value (repeat -o for more)")
            name, value = item.split("=", 1)
            out[name.strip()] = value.strip()
    return out


def _split_pairs(text: str) -> list[str]:
    """``a=1,b=2`` → ``["a=1", "b=2"]``: split at commas outside brackets that are
    followed by a new ``name=``."""
    parts: list[str] = []
    depth = 0
    start = 0
    for k, ch in enumerate(text):
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            rest = text[k + 1 :]
            head = rest.split("=", 1)[0]
            if "=" in rest and head.strip().isidentifier():
                parts.append(text[start:k])
                start = k + 1
    parts.append(text[start:])
    return [p for p in parts if p.strip()]
