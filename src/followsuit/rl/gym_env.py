"""The Gymnasium face: one seat learns, followsuit bots play the others.

>>> from followsuit.rl import single_agent
>>> e = single_agent("euchre/american", seat=0, opponents="easy")
>>> obs, info = e.reset(seed=3)
>>> bool(obs["action_mask"].any()), info["card_verb"]
(True, 'play')

Between two of the agent's decisions the bots play on (whole hands where the
agent sits out; an episode in which the agent would have no decision at all, as
a one-hand episode whose hand its partner plays alone, is dealt again from the
env's generator); the reward is the agent's share of what finished meanwhile
(``reward="hand"``: each hand's zero-sum return; ``"game"``: +1 / -1 at the end).
Observations are ``{"observation", "action_mask"}`` as in the PettingZoo face;
``action_masks()`` gives the mask alone (what sb3-contrib's ``MaskablePPO``
calls), and the observation that ends an episode has the mask of
:func:`~followsuit.rl.table.finished_mask` (``done`` alone, never all zeros). An
episode is truncated after ``max_hands`` hands (by default
:data:`~followsuit.rl.table.MAX_HANDS`; None: no cap). Every variant is
registered with Gymnasium as ``followsuit/<variant id, "/" as "-">-v0``
(:func:`~followsuit.rl.gym_registry.gym_id`) when ``followsuit.rl`` is imported:

>>> import gymnasium
>>> e = gymnasium.make("followsuit/euchre-american-v0", opponents="easy", max_hands=1)
>>> int(e.reset(seed=3)[0]["action_mask"].sum()) == int(e.unwrapped.action_masks().sum())
True

``action_space.sample()`` with no mask draws among the legal actions of the
decision at hand, so a random agent plays legal games. Gymnasium's convention is
that ``step`` takes any element of the action space (its checker steps with
unmasked samples drawn before a reset), so an index the mask forbids is refused
without an exception: nothing changes, the reward is 0 and ``info["illegal"]``
says why (``illegal="raise"`` raises :class:`~followsuit.IllegalAction` instead,
for debugging). An index outside the space raises ValueError.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots import Bot, make_bot
from ..engine.errors import IllegalAction
from ..rules import Rules, load_rules
from .aec import Reward, check_max_hands, check_reward
from .encoding import layout
from .render import render_table
from .table import MAX_HANDS, Table, finished_mask

Obs = dict[str, npt.NDArray[Any]]


def check_opponents(rules: Rules, seat: object, opponents: str | Sequence[str]) -> list[str]:
    """The bots at the seats other than the agent's ``seat``: one name for all, or
    one each; a bad seat, count or name fails here, before any game."""
    n = rules.num_players
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"seat must be a seat of {rules.id} (0-{n - 1}), not {seat!r}")
    names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
    if len(names) != n - 1:
        raise ValueError(f"opponents: {n - 1} bot names for the other seats, got {len(names)}")
    for name in names:
        make_bot(name)
    return names


class LegalDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask keeps to the legal actions
    of its environment's current decision."""

    def __init__(self, n: int, legal: Any = None, seed: int | None = None):
        super().__init__(n, seed=seed)
        self.legal = legal
        """A callable giving the current 0/1 mask (int8 array), or None."""

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None and self.legal is not None:
            mask = self.legal()
        return super().sample(mask=mask, probability=probability)

    def __reduce__(self) -> Any:
        return (spaces.Discrete, (int(self.n),))


class SingleAgentEnv(gym.Env[Obs, int]):
    """A Gymnasium environment of one seat of a variant (see the module)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Env declares it so)

    def __init__(
        self,
        variant: str | Rules,
        seat: int = 0,
        opponents: str | Sequence[str] = "medium",
        options: Mapping[str, Any] | None = None,
        *,
        reward: Reward = "hand",
        render_mode: str | None = None,
        max_hands: int | None = MAX_HANDS,
        illegal: str = "refuse",
    ):
        if illegal not in ("refuse", "raise"):
            raise ValueError(f"illegal must be 'refuse' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.rules = variant if isinstance(variant, Rules) else load_rules(variant, options)
        self.seat = seat
        self.opponents = check_opponents(self.rules, seat, opponents)
        self.reward_kind = check_reward(reward)
        if render_mode is not None and render_mode != "ansi":
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.max_hands = check_max_hands(max_hands)
        self.table = Table(self.rules, seed=0)
        size = self.table.space.n
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(-1.0, 1.0, (layout(self.rules).size,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.action_space = LegalDiscrete(size, self._mask)  # type: ignore[assignment]
        self.bots: dict[int, Bot] = {}
        self._done = True

    def _others(self) -> list[int]:
        return [s for s in range(self.rules.num_players) if s != self.seat]

    def _mask(self) -> npt.NDArray[np.int8]:
        if self._done:
            return finished_mask(self.table.space)
        mask = np.zeros(self.table.space.n, dtype=np.int8)
        if self.table.to_move == self.seat:
            mask[self.table.legal()] = 1
        return mask

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (sb3-contrib's ``MaskablePPO`` asks
        every env for this)."""
        return self._mask().astype(bool)

    def _obs(self) -> Obs:
        table = self.table
        return {
            "observation": table.vector(self.seat, table.chosen_mask()),
            "action_mask": self._mask(),
        }

    def _info(self) -> dict[str, Any]:
        return {"card_verb": self.table.card_verb(), "hand": self.table.state.hand_no}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new game; ``seed`` fixes its deals and the bots' seeds."""
        super().reset(seed=seed)
        while True:
            game_seed = int(self.np_random.integers(2**62))
            self.table = Table(self.rules, seed=game_seed)
            self.bots = {
                s: make_bot(name, seed=f"{game_seed}:{s}")
                for s, name in zip(self._others(), self.opponents, strict=True)
            }
            self._done = False
            self._bots_play()
            if self.table.to_move == self.seat:
                return self._obs(), self._info()
            # the agent sat out every hand of the episode (its partner went alone
            # with max_hands=1): an episode starts with a decision, so deal again

    def _bots_play(self) -> float:
        """The bots move until the agent must (or the game ends, or ``max_hands``
        hands are played); the agent's reward meanwhile."""
        table = self.table
        state = table.state
        reward = 0.0
        while not state.over and not self._hands_done() and table.to_move != self.seat:
            seat = table.to_move
            assert seat is not None
            before = len(state.results)
            table.apply_engine(self.bots[seat].choose(state.observation(seat)))
            reward += self._paid(before)
        return reward

    def _hands_done(self) -> bool:
        return self.table.hands_done(self.max_hands)

    def _paid(self, before: int) -> float:
        return self.table.returns_since(before, self.reward_kind)[self.seat]

    def step(self, action: int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """The agent takes ``action`` (an index the mask allows), then the bots play
        until its next decision or the episode's end."""
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        table = self.table
        before = len(table.state.results)
        try:
            table.apply(action)
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            return self._obs(), 0.0, False, False, {**self._info(), "illegal": str(exc)}
        reward = self._paid(before) + self._bots_play()
        terminated = table.state.over
        truncated = not terminated and self._hands_done()
        self._done = terminated or truncated
        return self._obs(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        players: list[str | None] = [None] * self.rules.num_players
        for s, name in zip(self._others(), self.opponents, strict=True):
            players[s] = name
        return render_table(self.table, self.seat, players)
