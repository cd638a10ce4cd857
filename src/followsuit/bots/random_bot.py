"""The uniformly random bot: a baseline, and the engine's best fuzzer."""

from __future__ import annotations

import random

from ..engine.observation import Observation


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> int:
        if not obs.legal_actions:
            raise ValueError("this seat has nothing to do now")
        return self.rng.choice(obs.legal_actions)
