"""The PettingZoo face: every variant as an AEC environment.

>>> from followsuit.rl import env
>>> e = env("euchre/american")
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, obs["action_mask"].dtype.name, e.agent_selection
((449,), 'int8', 'player_1')

An episode is a game to its end, truncated after ``max_hands`` hands (by default
:data:`~followsuit.rl.table.MAX_HANDS`; None: no cap). The agent to
act is always the engine's seat to move; ``reward="hand"`` pays every seat its
zero-sum return as each hand ends (:func:`~followsuit.rl.table.hand_returns`),
``reward="game"`` pays +1 / -1 once, when the game ends. A discard or a give is taken
one card at a time (``info["card_verb"]`` says what a card index does now).

A finished agent's observation has the mask of
:func:`~followsuit.rl.table.finished_mask` (``done`` alone, never all zeros);
``last()`` still answers once every agent has taken its dead step (the last
agent's final observation, no reward), and the env deep-copies and pickles (a
copy steps as the original does).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.errors import IllegalAction
from ..rules import Rules, load_rules
from .encoding import layout
from .render import render_table
from .table import MAX_HANDS, Table, finished_mask

Reward = Literal["hand", "game"]
REWARDS: tuple[str, ...] = ("hand", "game")
RENDER_MODES: tuple[str, ...] = ("ansi",)


def check_reward(reward: object) -> Reward:
    if reward not in REWARDS:
        raise ValueError(f"reward must be 'hand' or 'game', not {reward!r}")
    return reward  # type: ignore[return-value]


def check_max_hands(max_hands: object) -> int | None:
    """An episode's cap in hands: a positive integer, or None for none."""
    if max_hands is not None and (type(max_hands) is not int or max_hands < 1):
        raise ValueError(f"max_hands must be a positive integer or None, not {max_hands!r}")
    return max_hands


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class FollowsuitEnv(AECEnv[str, dict[str, npt.NDArray[Any]], int]):  # type: ignore[misc]
    """One variant's game as a PettingZoo AEC environment (see the module)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "followsuit_v1",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Rules,
        options: Mapping[str, Any] | None = None,
        *,
        reward: Reward = "hand",
        render_mode: str | None = None,
        max_hands: int | None = MAX_HANDS,
    ):
        super().__init__()
        self.rules = variant if isinstance(variant, Rules) else load_rules(variant, options)
        self.reward_kind = check_reward(reward)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}"
            )
        self.render_mode = render_mode
        self.max_hands = check_max_hands(max_hands)
        n = self.rules.num_players
        self.possible_agents = [agent_name(s) for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        width = layout(self.rules).size
        self.table = Table(self.rules, seed=0)
        actions = self.table.space.n
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-1.0, 1.0, (width,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.agents: list[str] = []
        self._ended = (False, False)
        """(terminated, truncated) of the game, for ``last()`` once every agent is gone."""

    # ------------------------------------------------------------- spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # ------------------------------------------------------------- episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``seed`` fixes its deals (the engine's seeded dealing); without
        one, a seed is drawn from the env's own generator (seeded by the last seed)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._rng.integers(2**62))
        self.table = Table(self.rules, seed=game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._ended = (False, False)
        self._select()

    def _select(self) -> None:
        seat = self.table.to_move
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            self.infos[self.agent_selection] = {"card_verb": self.table.card_verb()}

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self._seat[agent]
        table = self.table
        mine = table.to_move == seat
        if self._finished(agent):
            mask = finished_mask(table.space)
        else:
            mask = np.zeros(table.space.n, dtype=np.int8)
            if mine:
                mask[table.legal()] = 1
        return {
            "observation": table.vector(seat, table.chosen_mask() if mine else 0),
            "action_mask": mask,
        }

    def _finished(self, agent: str) -> bool:
        """Whether ``agent`` has nothing more to do: done, or gone after its dead step."""
        if agent not in self.terminations:
            return any(self._ended)
        return self.terminations[agent] or self.truncations[agent]

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, npt.NDArray[Any]] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``; once every agent has taken its dead step, the
        last one's final observation with nothing more to collect (PettingZoo's own
        would look it up among the agents gone)."""
        agent = self.agent_selection
        if agent in self.terminations:
            return super().last(observe)  # type: ignore[no-any-return]
        terminated, truncated = self._ended
        return (self.observe(agent) if observe else None, 0.0, terminated, truncated, {})

    def step(self, action: int | None) -> None:
        """Take ``action`` (an index, legal in ``action_mask``) for the agent
        selected. An index outside the space raises ValueError, one the mask
        forbids :class:`~followsuit.IllegalAction` (a ValueError), and the env is
        unchanged; a finished agent must step ``None`` (PettingZoo's dead step)."""
        agent = self.agent_selection
        if not self.agents:
            raise IllegalAction("the game is over: call reset()")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("a live agent must act: None is only for finished agents")
        table = self.table
        before = len(table.state.results)
        table.apply(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        for seat, r in enumerate(table.returns_since(before, self.reward_kind)):
            self.rewards[self.possible_agents[seat]] += r
        state = table.state
        if state.over:
            self.terminations = {a: True for a in self.agents}
            self._ended = (True, False)
        elif table.new_results(before) and table.hands_done(self.max_hands):
            self.truncations = {a: True for a in self.agents}
            self._ended = (False, True)
        self._accumulate_rewards()
        if state.over or any(self.truncations.values()):
            self.infos = {a: {} for a in self.agents}
            # the finished agents each take their dead step, the mover first
        else:
            self._select()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self._seat.get(self.agent_selection, 0) if self.agents else 0
        return render_table(self.table, seat)

    def close(self) -> None:
        pass
