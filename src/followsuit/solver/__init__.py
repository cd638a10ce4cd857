"""The double-dummy solver: the exact value of the rest of a hand with every card
known (a determinized world, e.g. :func:`followsuit.sample_world`), for every
variant's trick play.

Values are in the terms of the seat to move's *side* (its coalition):

* Euchre and Bid Euchre: the tricks its side takes in the whole hand (those already
  won included). Euchre's makers play against every defender (cutthroat's two
  defenders together); in Bid Euchre each side plays for its own tricks. A hand's
  points are a non-decreasing function of the makers' tricks, so the play that
  maximises tricks is the play that maximises points in that world.
* Pitch: the hand's points for its unit (side, or the bidder with the called
  partner) minus the points of every other unit, as the variant scores the hand:
  each category (High, Low, Jack, Game, the jokers, the card points of the 10-point
  games …) with its credit rule, then the contract (a set maker loses the bid;
  five-bid, smudges and moons score their own way). An end of the game a hand
  decides at once (an auto-win moon) is not part of the value; its points are.

>>> import random, followsuit
>>> from followsuit import solver
>>> rng = random.Random(1)
>>> game = followsuit.new_game("euchre/american", seed=1)
>>> while game.phase_name != "play":
...     game.apply(rng.choice(game.legal_actions()))
>>> values = solver.action_values(game)
>>> sorted(values) == sorted(game.legal_actions())
True
>>> solver.solve(game).value == max(values.values())
True

The search runs in the compiled kernel (``_dd.c``) when it was built, otherwise
in the pure-Python reference (:mod:`followsuit.solver.search`); ``backend()``
says which, and ``backend="python"`` (or ``FOLLOWSUIT_SOLVER=python`` in the
environment) forces the reference.
"""

from __future__ import annotations

from .api import SearchLimit, SolveResult, action_values, backend, evaluate, solve
from .position import Position, UnsupportedPosition, position_of

__all__ = [
    "Position",
    "SearchLimit",
    "SolveResult",
    "UnsupportedPosition",
    "action_values",
    "backend",
    "evaluate",
    "position_of",
    "solve",
]
