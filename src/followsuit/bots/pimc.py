"""The ``medium`` level: determinized search (perfect-information Monte Carlo).

Deal the cards this seat cannot see again, many times, consistently with its
observation (:func:`followsuit.sample_world`); value every legal action in each
such world; play the action with the best average. Card play is valued exactly
by the double-dummy solver (in points of the hand where they are a table of the
tricks, as in Euchre; in tricks in Bid Euchre). A call, a bid, a discard or any
other decision before the play is valued by playing the rest of the bidding in
the world with the ``easy`` bot at every seat (each seeing only its own
observation of the world, so the others do not bid as if they saw every card),
then the hand double-dummy, and counting the hand's points: this is what keeps
plain determinization from overvaluing calls.

Where a hand is too long to solve within the node budget (double-deck Bid
Euchre, eight-handed, Worcester, Blind and New Yorker Pitch early in the hand),
the search degrades to rollouts rather than giving the decision away: each
action is valued, in each world, by playing the hand out with the policy at
every seat (each from its own view of the world) and counting the hand's
points. Once the hand is short enough the solver takes over again.

It reads only its observation: a world is a game state the engine makes from
that observation, never the real one.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Mapping

from .. import solver
from ..engine import actions as A
from ..engine.observation import Observation
from ..engine.program import Program, program_for
from ..engine.scoring import euchre_hand_value
from ..engine.worlds import NoConsistentWorld, World, sample_world
from .base import Bot, forced

PLAY_WORLDS = 24
"""Worlds per card-play decision with the compiled solver."""
CALL_WORLDS = 32
"""Worlds per decision before the play (each action is played out in each)."""
MAX_CANDIDATES = 5
"""Decisions with more choices than this play out only those near the policy's."""
NODES = 300_000
"""The compiled solver's node budget per solve (a tenth of it for the pure-Python
one): past it (the long hands of eight-handed Pitch, Worcester, Blind Pitch or a
double deck early in the hand) the decision is valued by rollouts instead."""
SLIP = 0.2
"""The model's chance of a call other than the policy's (``hard``'s inference)."""
MIN_WORLDS = 16
"""Under a time budget (``think_ms``), the worlds a decision searches however long
they take: a budget cuts the search short only past these."""
PYTHON_SHARE = 4
"""With the pure-Python solver, this many times fewer worlds."""


class PimcBot:
    """Determinized search over sampled worlds, solved double-dummy."""

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        policy: Bot,
        play_worlds: int = PLAY_WORLDS,
        call_worlds: int = CALL_WORLDS,
        think_ms: int | None = None,
        infer: bool = False,
        nodes: int | None = None,
    ):
        """``policy``: the bot that plays the other seats' calls in a world, and
        takes over where the solver cannot value a position. ``think_ms``: a time
        budget per decision, in milliseconds; by default none, so a decision
        searches its fixed number of worlds and a bot built with a seed decides
        alike on a busy machine and a quiet one. Under a budget no more worlds are
        drawn once it is spent, but never fewer than :data:`MIN_WORLDS` (a web
        table that must answer in time asks for one). ``infer`` (the ``hard``
        level): weight each world by how likely the other seats' calls were with
        its cards (:meth:`_likelihood`). ``nodes``: the solver's budget per solve
        (default :data:`NODES`, a tenth of it for the pure-Python solver)."""
        if think_ms is not None and (type(think_ms) is not int or think_ms < 1):
            raise ValueError(f"think_ms must be a whole number of milliseconds, not {think_ms!r}")
        self.rng = random.Random(seed)
        self.policy = policy
        self.budget = None if think_ms is None else think_ms / 1000
        self.infer = infer
        self.name = "hard" if infer else "medium"
        share = 1 if solver.backend() == "c" else PYTHON_SHARE
        self.nodes = nodes if nodes is not None else NODES if share == 1 else NODES // 10
        self.play_worlds = max(2, play_worlds // share)
        self.call_worlds = max(2, call_worlds // share)
        self.solvable = True
        """Whether the last decision's hand could be solved within the node budget
        (found out on the first world; rollouts value it when not)."""

    def choose(self, obs: Observation) -> int:
        only = forced(obs)
        if only is not None:
            return only
        legal = obs.legal_actions
        values, tricks = self.valued(obs)
        if not values:
            return self.policy.choose(obs)
        best = max(values.values())
        tied = [a for a in legal if values.get(a, -1e9) >= best - 1e-9]
        if len(tied) > 1 and tricks:
            # equal in points, a card that keeps more tricks is still the better one
            # (over-trumping partner's winning ace costs nothing in points in the
            # worlds drawn, yet a trick)
            most = max(tricks[a] for a in tied)
            tied = [a for a in tied if tricks[a] >= most - 1e-9]
        if len(tied) > 1:
            fallback = self.policy.choose(obs)
            if fallback in tied:
                return fallback
        return tied[0]

    def values(self, obs: Observation) -> dict[int, float]:
        """The average value of each legal action over the sampled worlds (points
        of the hand for this seat's side less the others', or in card play the
        solver's unit), or {} where the worlds cannot be valued."""
        return self.valued(obs)[0]

    def valued(self, obs: Observation) -> tuple[dict[int, float], dict[int, float]]:
        """:meth:`values`, and in Euchre's card play, where the values are points,
        each card's average tricks for this seat's side in the same worlds (to
        break a tie in points); {} for the second elsewhere."""
        seat = obs.seat
        if seat is None or not obs.legal_actions:
            return {}, {}
        in_play = obs.phase == "play" and all(
            A.is_play(a) or A.verb_of(a) in (A.PLAY_PILE_VERB, A.PILE_CARD_VERB)
            for a in obs.legal_actions
        )
        if obs.phase == "auction" and obs.rules.family == "pitch":
            # double-dummy play takes High, Jack and Game at will: valued so, every
            # bid looks good and the bidder is set (measured: 37.5% of games won
            # against easy); Pitch's bids stay with the policy
            return {}, {}
        count = self.play_worlds if in_play else self.call_worlds
        candidates = obs.legal_actions if in_play else self.candidates(obs)
        to_points = euchre_points(obs) if in_play else None
        # card play is solved in the solver's unit (tricks; points in Pitch), also
        # where the hand's points are not a table of tricks (Bid Euchre's bid made
        # or set): playing each card out and scoring it instead cost twice the time
        # per decision and, over 150 Bid Euchre decisions, made no fewer blunders
        solved = in_play
        self.solvable = True
        totals: dict[int, float] = {}
        trick_totals: dict[int, float] = {}
        seen = 0.0
        start = time.perf_counter()
        for k in range(count):
            if (
                self.budget is not None
                and k >= MIN_WORLDS
                and time.perf_counter() - start > self.budget
            ):
                break
            try:
                world = sample_world(obs, self.rng)
            except (NoConsistentWorld, ValueError):
                return {}, {}
            weight = self._likelihood(world, seat) if self.infer else 1.0
            if solved and self.solvable:
                try:
                    found: Mapping[int, float] = solver.action_values(world, max_nodes=self.nodes)
                    if to_points is not None:
                        for action, value in found.items():
                            trick_totals[action] = trick_totals.get(action, 0.0) + weight * value
                        found = {a: to_points(v) for a, v in found.items()}
                except (solver.SearchLimit, solver.UnsupportedPosition):
                    # too long to solve (or a scoring it cannot value): rollouts
                    self.solvable = False
                    totals, trick_totals, seen = {}, {}, 0.0
            if not solved or not self.solvable:
                solvable = self.solvable
                lines: Lines = {}
                found = {a: self.play_out(world, a, seat, lines) for a in candidates}
                if solvable and not self.solvable:  # found out mid-world: all alike
                    totals, seen = {}, 0.0
                    found = {a: self.play_out(world, a, seat) for a in candidates}
            for action, value in found.items():
                totals[action] = totals.get(action, 0.0) + weight * value
            seen += weight
        if seen <= 0:
            return {}, {}
        legal = obs.legal_actions
        return (
            {a: v / seen for a, v in totals.items() if a in legal},
            {a: v / seen for a, v in trick_totals.items() if a in legal},
        )

    def _likelihood(self, world: World, seat: int) -> float:
        """How likely the other seats' calls of this hand were, had the world's
        cards been theirs, under the policy as a model of them: the hand played
        again from the world's deal, and at each call of another seat the
        policy asked (from that seat's view) what it would have done. A call the
        model would make counts ``1 - SLIP``, another ``SLIP``."""
        dealt = world.dealt
        if dealt is None:
            return 1.0
        again = World(world.rules, dealer=world.dealer, scores=world.scores)
        again.deal(dealt)
        weight = 1.0
        for who, action in world.log:
            if who is None or A.is_play(action) or again.current_player != who:
                break
            legal = again.legal_actions()
            if who != seat and len(legal) > 1:
                guess = self.policy.choose(again.observation(who))
                weight *= 1 - SLIP if guess == action else SLIP
            again.apply(action)
        return weight

    def candidates(self, obs: Observation) -> tuple[int, ...]:
        """The actions worth playing out before the play: all of them, or in a
        long auction the policy's bid, its neighbours on the ladder and a pass
        (a search around the heuristic, so a decision stays within a second:
        valuing every Bid Euchre bid instead, on the 60 bids of bench_blunders'
        seed 1, made medium blunder once more, 6 to 5, and hard no less, 2)."""
        legal = obs.legal_actions
        if len(legal) <= MAX_CANDIDATES:
            return legal
        pick = self.policy.choose(obs)
        at = legal.index(pick)
        near = set(legal[max(0, at - 1) : at + 2]) | {pick}
        if A.PASS in legal:
            near.add(A.PASS)
        return tuple(a for a in legal if a in near)

    def play_out(self, world: World, action: int, seat: int, lines: Lines | None = None) -> float:
        """Take ``action`` in a copy of the world, let the policy make every call
        left, solve the play (or, in a hand too long to solve, let the policy play
        it too), and count the hand's points for ``seat``'s side.

        ``lines``: the solver's play from each first position of the play already
        met in this world (:func:`play_key`), shared by the actions played out in
        it. Where the score is not a table of the tricks (Bid Euchre) the play is
        solved card by card; two bids that end in the same contract but for its
        level (3, 4 or 5 by the same maker in the same trump) meet the same cards,
        so the second replays the first's line and only the scoring differs: the
        same value, without solving it again."""
        game = world.clone()
        hands_done = len(game.results)
        game.apply(action)
        side_of = game.rules.side_of
        key: Hashable | None = None
        line: list[int] = []
        while len(game.results) == hands_done and not game.is_over():
            mover = game.current_player
            if mover is None:
                break
            if game.phase_name == "play" and self.solvable:
                try:
                    if game.prog.family == "pitch":
                        return float(solver.evaluate(game, seat, max_nodes=self.nodes))
                    contract = game.contract
                    to_points = tricks_to_points(
                        game.prog,
                        seat,
                        game.maker,
                        alone=contract.alone >= 0,
                        defender_alone=contract.defender_alone >= 0,
                    )
                    if to_points is not None:  # the hand's points follow from its tricks
                        return to_points(solver.evaluate(game, seat, max_nodes=self.nodes))
                    if key is None and lines is not None:
                        key = play_key(game)
                        if key in lines:
                            for card in lines[key]:
                                game.apply(card)
                            continue
                    card = solver.solve(game, max_nodes=self.nodes).best[0]
                    line.append(card)
                    game.apply(card)
                    continue
                except (solver.SearchLimit, solver.UnsupportedPosition):
                    self.solvable = False  # for the rest of this decision
            game.apply(self.policy.choose(game.observation(mover)))
        if len(game.results) == hands_done:
            return 0.0
        if key is not None and lines is not None and self.solvable and key not in lines:
            lines[key] = line  # the whole hand solved: a line to share
        points = game.results[hands_done].points
        mine = side_of[seat]
        return float(points[mine] - sum(p for k, p in enumerate(points) if k != mine))


Lines = dict[Hashable, list[int]]
"""The solver's cards from each first position of the play met in one world."""


def play_key(game: World) -> Hashable:
    """What the solver's play of a hand depends on, at its first card: everyone's
    cards, trump, the leader, the maker and who sits out (not the contract's level:
    the solver counts tricks)."""
    contract = game.contract
    return (game.hands, game.trump, game.current_player, game.maker, contract.alone, contract.out)


def euchre_points(obs: Observation) -> Callable[[float], float] | None:
    """In a partnership Euchre hand, the hand's points for this seat's side less
    the other side's, as a function of the tricks its side takes (the solver
    counts tricks; a march and a euchre are worth more than a trick): so card
    play aims at points, not tricks. None for the other scorings."""
    if obs.seat is None or obs.maker is None:
        return None
    return tricks_to_points(
        program_for(obs.rules),
        obs.seat,
        obs.maker,
        alone=obs.alone is not None,
        defender_alone=obs.defender_alone is not None,
    )


def tricks_to_points(
    prog: Program, seat: int, maker: int, *, alone: bool, defender_alone: bool
) -> Callable[[float], float] | None:
    """:func:`euchre_points` from the contract itself (a world's play-out has it
    at hand, without making an observation): the engine's own scoring table."""
    if prog.scoring != "euchre_table" or len(prog.sides) != 2:
        return None
    total = prog.hand_size
    mine_makes = prog.side_of[seat] == prog.side_of[maker]

    def value(tricks: float) -> float:
        makers = round(tricks) if mine_makes else total - round(tricks)
        points = euchre_hand_value(prog, makers, alone, defender_alone)
        return float(points if mine_makes else -points)

    return value
