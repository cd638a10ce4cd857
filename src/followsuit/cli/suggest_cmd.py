"""``followsuit suggest RECORD``: what the bot of a level would do now, for a
record that stops mid-hand (the terminal's and the web table's hint, as a
command)."""

from __future__ import annotations

import json
import sys
from typing import Any

from ..bots import make_bot
from .replay_cmd import one_line, replayed


def run_suggest(path: str, seat: int | None, level: str, as_json: bool) -> int:
    """Exit status 0 with the action on stdout, or 2 with one line on stderr."""
    try:
        bot = make_bot(level, seed=0)
    except ValueError as exc:
        print(one_line(str(exc)), file=sys.stderr)
        return 2
    state = replayed(path)
    if state is None:
        return 2
    mover = state.current_player
    if state.is_over() or mover is None:
        print(f"{path}: nobody is to move (the game is over or a deal is awaited)", file=sys.stderr)
        return 2
    if seat is not None and seat != mover:
        print(f"{path}: seat {seat} is not to move; seat {mover} is", file=sys.stderr)
        return 2
    obs = state.observation(mover)
    action = bot.choose(obs)
    text = state.action_to_string(action)
    if not as_json:
        print(text)
        return 0
    values_of = getattr(bot, "values", None)
    values: dict[int, float] = values_of(obs) if callable(values_of) else {}
    out: dict[str, Any] = {
        "seat": mover,
        "level": level,
        "action": text,
        "values": {state.action_to_string(a): round(v, 4) for a, v in values.items()} or None,
    }
    print(json.dumps(out))
    return 0
