"""``hint``: what the table's bots would do in the player's place.

The hint asks a bot of the table's level (``make_bot``), through the bot interface
only (``choose(obs)``), so a stronger bot gives stronger hints with no change
here. A bot that can also value the actions (``values(obs) -> {action: value}``)
gets its values shown, best first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from rich.text import Text

from ..bots import Bot, make_bot
from ..engine.observation import Observation


@runtime_checkable
class Valuing(Protocol):
    def values(self, obs: Observation) -> Mapping[int, float]: ...


class Hinter:
    """A bot of one level, made when first asked and kept for the game."""

    def __init__(self, level: str, seed: int | str):
        self.level = level
        self.seed = seed
        self.bot: Bot | None = None

    def hint(self, obs: Observation, say: Callable[[int], Text]) -> list[Text]:
        """The suggestion (and the values, when the bot gives them), each action
        put in words by ``say``."""
        if self.bot is None:
            self.bot = make_bot(self.level, seed=f"{self.seed}/hint")
        choice = self.bot.choose(obs)
        line = Text(f"The {self.level} bot suggests: ")
        line.append_text(say(choice))
        out = [line]
        if isinstance(self.bot, Valuing):
            values = self.bot.values(obs)
            ranked = sorted(values.items(), key=lambda kv: -kv[1])
            for action, value in ranked[:6]:
                row = Text(f"  {value:+.2f}  ")
                row.append_text(say(action))
                out.append(row)
        return out
