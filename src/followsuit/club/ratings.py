"""Ratings by OpenSkill (Weng-Lin, the Plackett-Luce model of the ``openskill``
package): team-aware, so a partnership's result rates both partners, and kept per
family (a Euchre rating says nothing of one's Pitch).

Each table of a round is one game of two teams, ranked by the points they scored;
equal points are a draw.

>>> ratings = Ratings()
>>> ratings.rate("euchre", ("A", "B", "C", "D"), (5, 3))
>>> ratings.get("euchre", "A").mu > ratings.get("euchre", "B").mu
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from .models import Seats


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative figure shown and sorted on: mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    def as_json(self) -> dict[str, float]:
        return {
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "ordinal": round(self.ordinal, 3),
        }


class Ratings:
    """Every player's rating in every family they have played, updated game by game."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self._families: dict[str, dict[str, Rating]] = {}

    def get(self, family: str, player: str) -> Rating:
        found = self._families.get(family, {}).get(player)
        if found is None:
            fresh = self.model.rating()
            return Rating(fresh.mu, fresh.sigma)
        return found

    def rate(self, family: str, seats: Seats, points: tuple[int, int]) -> None:
        """One table's game: the side of seats 0 and 2 against that of 1 and 3."""
        teams = [
            [self._model_rating(family, seats[s]) for s in (side, side + 2)] for side in (0, 1)
        ]
        rated = self.model.rate(teams, scores=list(points))
        book = self._families.setdefault(family, {})
        for side in (0, 1):
            for k, seat in enumerate((side, side + 2)):
                new = rated[side][k]
                book[seats[seat]] = Rating(new.mu, new.sigma)

    def _model_rating(self, family: str, player: str) -> Any:
        mine = self.get(family, player)
        return self.model.rating(mu=mine.mu, sigma=mine.sigma, name=player)

    def as_json(self) -> dict[str, dict[str, dict[str, float]]]:
        """``{family: {player: {mu, sigma, ordinal}}}``, best ordinal first."""
        return {
            family: {
                name: rating.as_json()
                for name, rating in sorted(book.items(), key=lambda kv: (-kv[1].ordinal, kv[0]))
            }
            for family, book in sorted(self._families.items())
        }
