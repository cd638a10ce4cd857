"""The uniformly random bot: a baseline, and the engine's best fuzzer."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.observation import Observation


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> int:
        return self.choose_from(obs.legal_actions)

    def choose_from(self, legal: Sequence[int]) -> int:
        """The draw :meth:`choose` makes from an observation's legal actions, from
        the actions themselves: for a caller that has them without building the
        observation (the batched env's opponents)."""
        if not legal:
            raise ValueError("this seat has nothing to do now")
        return self.rng.choice(legal)
