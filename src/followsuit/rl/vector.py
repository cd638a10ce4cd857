"""The batched face: ``n`` games of one variant, stepped by one call.

>>> from followsuit.rl import vector_env
>>> envs = vector_env("euchre/american", 3, opponents="random")
>>> obs, info = envs.reset(seed=5)
>>> obs["observation"].shape, obs["action_mask"].shape
((3, 449), (3, 46))
>>> obs, rewards, terminated, truncated, info = envs.step(envs.action_space.sample())
>>> rewards.shape, terminated.dtype.name
((3,), 'bool')

Each game is what :func:`~followsuit.rl.single_agent` gives: the agent plays
``seat``, followsuit bots the others, and a step runs until the agent's next
decision. Game *i* reset with ``seed`` plays exactly as a single env reset with
``seed + i`` (``tests/test_rl_vector.py`` holds them to the same observations,
masks, rewards and ends), and a game that ends is reset at once, in the same
step, from its own generator (Gymnasium's same-step autoreset): its row of the
observations is then the new game's first, and ``info["final_obs"][i]`` (with
``info["_final_obs"][i]`` true) the one it ended on.

What makes it faster than ``n`` single envs: the observation vectors are kept up
to date as cards are played (:mod:`followsuit.rl.tracker`), and a ``random``
opponent draws from the legal actions without an observation being built for it.
An action the mask forbids, in any game, is refused before any game moves
(:class:`~followsuit.IllegalAction` naming the game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv

from ..bots import Bot, RandomBot, make_bot
from ..engine.errors import IllegalAction
from ..rules import Rules, load_rules
from .aec import Reward, check_max_hands, check_reward
from .encoding import layout
from .gym_env import check_opponents
from .table import Table

Obs = dict[str, npt.NDArray[Any]]
Flags = npt.NDArray[np.bool_]


class Game:
    """One of the batch's games: the table, the bots, the generator its games are
    dealt from (as :class:`~followsuit.rl.gym_env.SingleAgentEnv`'s)."""

    def __init__(self, env: BatchedEnv, rng: np.random.Generator) -> None:
        self.env = env
        self.rng = rng
        self.table = Table(env.rules, seed=0)
        self.bots: dict[int, Bot] = {}

    def deal(self) -> None:
        """A new game from the generator, dealt again until the agent has a decision."""
        env = self.env
        while True:
            game_seed = int(self.rng.integers(2**62))
            self.table = Table(env.rules, seed=game_seed)
            self.bots = {
                s: make_bot(name, seed=f"{game_seed}:{s}")
                for s, name in zip(env.others, env.opponents, strict=True)
            }
            self.bots_play()
            if self.table.to_move == env.seat:
                return

    def bots_play(self) -> float:
        """The bots move until the agent must, the game ends or its hands are
        played; the agent's reward meanwhile."""
        table = self.table
        state = table.state
        env = self.env
        reward = 0.0
        while not state.over and not self.hands_done() and table.to_move != env.seat:
            seat = table.to_move
            assert seat is not None
            before = len(state.results)
            bot = self.bots[seat]
            if isinstance(bot, RandomBot):  # the same draw, without an observation
                action = bot.choose_from(state.proper_actions())
            else:
                action = bot.choose(state.observation(seat))
            table.apply_engine(action)
            reward += self.paid(before)
        return reward

    def hands_done(self) -> bool:
        return self.table.hands_done(self.env.max_hands)

    def paid(self, before: int) -> float:
        return self.table.returns_since(before, self.env.reward_kind)[self.env.seat]

    def step(self, index: int) -> tuple[float, bool, bool]:
        """The agent takes ``index``, then the bots play on: (reward, terminated,
        truncated)."""
        table = self.table
        before = len(table.state.results)
        table.apply(index)
        reward = self.paid(before) + self.bots_play()
        terminated = table.state.over
        return reward, terminated, not terminated and self.hands_done()

    def write(self, observations: npt.NDArray[np.float32], masks: npt.NDArray[np.int8]) -> None:
        """This game's row of the batch's observation vectors and action masks
        (the rows given)."""
        table = self.table
        seat = self.env.seat
        observations[:] = table.vector(seat, table.chosen_mask())
        masks[:] = 0
        masks[table.legal()] = 1


class BatchedEnv(VectorEnv[Obs, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``n`` games of one variant as a Gymnasium vector env (see the module)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        variant: str | Rules,
        n: int,
        options: Mapping[str, Any] | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "medium",
        reward: Reward = "hand",
        max_hands: int | None = None,
    ):
        if type(n) is not int or n < 1:
            raise ValueError(f"n must be a positive integer (the number of games), not {n!r}")
        self.rules = variant if isinstance(variant, Rules) else load_rules(variant, options)
        players = self.rules.num_players
        self.opponents = check_opponents(self.rules, seat, opponents)
        self.seat = seat
        self.others = [s for s in range(players) if s != seat]
        self.reward_kind = check_reward(reward)
        self.max_hands = check_max_hands(max_hands)
        self.num_envs = n
        width = layout(self.rules).size
        size = Table(self.rules, seed=0).space.n
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (width,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(size)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (n, width), np.float32),
                "action_mask": spaces.Box(0, 1, (n, size), np.int8),
            }
        )
        self.action_space = _LegalMultiDiscrete(self, n, size)
        self.games = [Game(self, seeding.np_random()[0]) for _ in range(n)]
        self._observations = np.zeros((n, width), dtype=np.float32)
        self._masks = np.zeros((n, size), dtype=np.int8)
        self._started = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """New games: game ``i`` from ``seed + i`` (without a seed, from each game's
        own generator)."""
        for i, game in enumerate(self.games):
            if seed is not None:
                game.rng = seeding.np_random(seed + i)[0]
            game.deal()
            game.write(self._observations[i], self._masks[i])
        self._started = True
        return self._obs(), {}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Obs, npt.NDArray[np.float64], Flags, Flags, dict[str, Any]]:
        """Each game's agent takes its action (an index its mask allows), and its
        bots play on; a game that ends is reset in the same step."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        chosen = self._checked(actions)
        n = self.num_envs
        rewards = np.zeros(n, dtype=np.float64)
        terminated = np.zeros(n, dtype=np.bool_)
        truncated = np.zeros(n, dtype=np.bool_)
        final: list[Obs | None] = [None] * n
        for i, game in enumerate(self.games):
            reward, ends, cut = game.step(chosen[i])
            rewards[i] = reward
            terminated[i] = ends
            truncated[i] = cut
            if ends or cut:
                final[i] = {
                    "observation": game.table.vector(self.seat),
                    "action_mask": np.zeros(self._masks.shape[1], dtype=np.int8),
                }
                game.deal()
            game.write(self._observations[i], self._masks[i])
        info: dict[str, Any] = {}
        ended = terminated | truncated
        if ended.any():
            finals = np.empty(n, dtype=object)
            for i, ended_on in enumerate(final):
                finals[i] = ended_on
            info = {"final_obs": finals, "_final_obs": ended}
        return self._obs(), rewards, terminated, truncated, info

    def _checked(self, actions: npt.ArrayLike) -> list[int]:
        """The actions as integers, each one its game's mask allows (or a one-line
        error, and no game moves)."""
        values = np.asarray(actions)
        if values.shape != (self.num_envs,) or values.dtype.kind not in "iu":
            raise ValueError(
                f"actions must be {self.num_envs} integer indices, one per game, "
                f"not an array of shape {values.shape} and type {values.dtype}"
            )
        out: list[int] = values.tolist()
        size = self._masks.shape[1]
        for i, a in enumerate(out):
            if not 0 <= a < size:
                raise ValueError(f"game {i}: index {a} is outside the action space (0-{size - 1})")
            if not self._masks[i, a]:
                raise IllegalAction(f"game {i}: action {a} is not legal now (see action_mask)")
        return out

    def _obs(self) -> Obs:
        return {"observation": self._observations.copy(), "action_mask": self._masks.copy()}

    def mask(self) -> npt.NDArray[np.int8]:
        """The current action masks, one row per game."""
        return self._masks.copy()


class _LegalMultiDiscrete(spaces.MultiDiscrete):
    """The batch's action space, whose ``sample()`` without a mask draws each game's
    action among its legal ones (as :class:`~followsuit.rl.gym_env.LegalDiscrete`)."""

    def __init__(self, env: BatchedEnv, n: int, size: int) -> None:
        super().__init__(np.full(n, size))
        self.env = env

    def sample(self, mask: Any = None, probability: Any = None) -> npt.NDArray[np.int64]:
        if mask is not None or probability is not None:
            return super().sample(mask=mask, probability=probability)
        rows = self.env.mask()
        return np.array([self.np_random.choice(np.flatnonzero(row)) for row in rows])

    def __reduce__(self) -> Any:
        return (spaces.MultiDiscrete, (self.nvec,))
