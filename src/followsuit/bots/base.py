"""What a bot is: something that picks a legal action from an observation.

Bots are clients of the engine like any other: they get the seat's
:class:`~followsuit.engine.observation.Observation` (never the state) and return
one of its ``legal_actions``.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine.observation import Observation


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, obs: Observation) -> int:
        """One of ``obs.legal_actions``."""
        ...


def forced(obs: Observation) -> int | None:
    """The only action the seat has, or None when it has a choice; a seat with
    nothing to do is a caller's mistake (ValueError)."""
    legal = obs.legal_actions
    if not legal:
        raise ValueError("this seat has nothing to do now")
    return legal[0] if len(legal) == 1 else None
