"""Research faces: PettingZoo, Gymnasium and OpenSpiel for every variant, and
self-play data (``pip install 'followsuit[rl]'``; ``docs/rl.md``).

>>> import followsuit.rl
>>> e = followsuit.rl.env("pitch/cutthroat-3p")
>>> e.reset(seed=1)
>>> followsuit.rl.action_text(e, followsuit.rl.action_index(e, "bid 2"))
'bid 2'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .actions import ActionSpace
from .encoding import VERSIONS, encode, info_layout, layout
from .evaluation import evaluate
from .gym_registry import gym_id, register_envs
from .table import MAX_HANDS, Table, game_returns, hand_returns

register_envs()

if TYPE_CHECKING:
    from .aec import FollowsuitEnv, Reward
    from .gym_env import SingleAgentEnv
    from .vector import BatchedEnv


def env(
    variant: str,
    options: Mapping[str, Any] | None = None,
    *,
    reward: Reward = "hand",
    render_mode: str | None = None,
    max_hands: int | None = MAX_HANDS,
) -> FollowsuitEnv:
    """A PettingZoo AEC environment of ``variant`` with house-rule ``options``
    (:class:`~followsuit.rl.aec.FollowsuitEnv`)."""
    from .aec import FollowsuitEnv

    return FollowsuitEnv(
        variant, options, reward=reward, render_mode=render_mode, max_hands=max_hands
    )


def single_agent(
    variant: str,
    seat: int = 0,
    opponents: str | list[str] = "medium",
    options: Mapping[str, Any] | None = None,
    *,
    reward: Reward = "hand",
    render_mode: str | None = None,
    max_hands: int | None = MAX_HANDS,
    illegal: str = "refuse",
) -> SingleAgentEnv:
    """A Gymnasium environment: the agent plays ``seat``, followsuit bots the others
    (:class:`~followsuit.rl.gym_env.SingleAgentEnv`)."""
    from .gym_env import SingleAgentEnv

    return SingleAgentEnv(
        variant,
        seat,
        opponents,
        options,
        reward=reward,
        render_mode=render_mode,
        max_hands=max_hands,
        illegal=illegal,
    )


def vector_env(
    variant: str,
    n: int,
    options: Mapping[str, Any] | None = None,
    *,
    seat: int = 0,
    opponents: str | list[str] = "medium",
    reward: Reward = "hand",
    max_hands: int | None = MAX_HANDS,
) -> BatchedEnv:
    """A Gymnasium vector environment of ``n`` games, each what :func:`single_agent`
    gives, stepped by one call (:class:`~followsuit.rl.vector.BatchedEnv`)."""
    from .vector import BatchedEnv

    return BatchedEnv(
        variant, n, options, seat=seat, opponents=opponents, reward=reward, max_hands=max_hands
    )


def _table(env: object) -> Table:
    table = getattr(getattr(env, "unwrapped", env), "table", None)
    if not isinstance(table, Table):
        raise TypeError(f"{env!r} is not a followsuit environment")
    return table


def action_text(env: object, index: int) -> str:
    """What action ``index`` does in ``env`` now: ``"play JH"``, ``"discard JH"``
    (add JH to the discard being chosen), ``"call H alone"``, ``"bid 3"``, ``"done"``."""
    table = _table(env)
    return table.space.text(index, table.card_verb())


def action_index(env: object, text: str) -> int:
    """The index of the action ``text`` names (the inverse of :func:`action_text`)."""
    return _table(env).index_of(text)


def load(directory: str) -> Any:
    """Self-play data written by ``followsuit selfplay``, as one pyarrow Table
    (:func:`followsuit.rl.selfplay.schema`)."""
    from .selfplay import load as load_shards

    return load_shards(directory)


__all__ = [
    "MAX_HANDS",
    "VERSIONS",
    "ActionSpace",
    "Table",
    "action_index",
    "action_text",
    "encode",
    "env",
    "evaluate",
    "game_returns",
    "gym_id",
    "hand_returns",
    "info_layout",
    "layout",
    "load",
    "single_agent",
    "vector_env",
]
