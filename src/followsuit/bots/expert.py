"""The ``expert`` level: ``hard``'s search, with its Euchre calls valued also by
a model learned by self-play (:mod:`followsuit.bots.call_model`).

The two estimates of a call err differently: the search's from too few worlds,
each with every card in view; the model's from a linear summary of the hand.
Each action's value is their weighted mean (``mix`` for the search's share, each
taken relative to passing).

Where the model does not know the decision (a discard, defending alone, the
play, another family or deck), ``hard`` decides alone.
"""

from __future__ import annotations

from ..engine import actions as A
from ..engine.observation import Observation
from .base import forced
from .call_model import CallModel, model_for, shape_of
from .pimc import PimcBot

MIX = 0.25
"""The search's share of a call's value."""


class ExpertBot:
    """Learned and searched calls, searched play."""

    name = "expert"

    def __init__(self, search: PimcBot, *, model: CallModel | None = None, mix: float = MIX):
        """``search``: the bot for every decision the model does not know, and
        the other half of the calls; ``model``: the shipped one unless given."""
        self.search = search
        self.model = model
        self.mix = mix

    def choose(self, obs: Observation) -> int:
        only = forced(obs)
        if only is not None:
            return only
        values = self.call_values(obs)
        if values is None:
            return self.search.choose(obs)
        return max(obs.legal_actions, key=lambda a: values[a])

    def values(self, obs: Observation) -> dict[int, float]:
        """Each legal action's value: for a call the model's and the search's
        mixed (points for this seat's side against passing), else the search's."""
        values = self.call_values(obs)
        return values if values is not None else self.search.values(obs)

    def call_values(self, obs: Observation) -> dict[int, float] | None:
        """The mixed values of a call the model knows, or None."""
        learned = self.learned(obs)
        if learned is None or self.mix <= 0:
            return learned
        searched = self.search.values(obs)
        if not searched:
            return learned
        if A.PASS in searched:
            ref = searched[A.PASS]
        else:  # no pass (a stuck dealer): the mean of both, on the same actions
            ref = sum(searched.values()) / len(searched)
            shift = sum(learned[a] for a in searched) / len(searched)
            learned = {a: v - shift for a, v in learned.items()}
        mixed = {}
        for action, value in learned.items():
            if action in searched:  # a long choice searches only a few actions
                value = (1 - self.mix) * value + self.mix * (searched[action] - ref)
            mixed[action] = value
        return mixed

    def learned(self, obs: Observation) -> dict[int, float] | None:
        """The model's values (a pass is 0), or None where it does not know."""
        model = self.model
        if model is None:
            model = model_for(obs)
        elif shape_of(obs) != model.shape:
            return None
        return model.values(obs) if model is not None else None
