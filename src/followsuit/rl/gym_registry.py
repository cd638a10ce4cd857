"""Every variant as a registered Gymnasium id, so ``gymnasium.make`` finds it.

Registered when ``followsuit.rl`` is imported (Gymnasium 1.x loads no plugins of
its own); the entry point is named as text, so registering imports neither the
bots nor the env until an env is made.

>>> import gymnasium, followsuit.rl
>>> gym_id("pitch/oklahoma-10-point/nine-card-select")
'followsuit/pitch-oklahoma-10-point-nine-card-select-v0'
>>> gymnasium.spec("followsuit/euchre-american-v0").kwargs
{'variant': 'euchre/american'}
"""

from __future__ import annotations

from gymnasium.envs.registration import register, registry

from ..rules import variants

ENTRY_POINT = "followsuit.rl.gym_env:SingleAgentEnv"


def gym_id(variant: str) -> str:
    """The Gymnasium id of a variant id: ``euchre/american`` is
    ``followsuit/euchre-american-v0`` (each ``/`` of the variant id a ``-``)."""
    return f"followsuit/{variant.replace('/', '-')}-v0"


def register_envs() -> list[str]:
    """Register every variant (idempotent); ``gymnasium.make``'s keywords go to
    :class:`~followsuit.rl.gym_env.SingleAgentEnv`. The ids, in the registry's order."""
    ids = []
    for v in variants():
        name = gym_id(v.id)
        if name not in registry:
            register(name, entry_point=ENTRY_POINT, kwargs={"variant": v.id})
        ids.append(name)
    return ids


__all__ = ["gym_id", "register_envs"]
