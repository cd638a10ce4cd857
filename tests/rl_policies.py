"""Policies for the evaluation tests, importable as ``tests.rl_policies:NAME``
(from the repository's folder) by the worker processes and the command."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt


def first_legal(obs: dict[str, npt.NDArray[Any]]) -> int:
    """The lowest legal index: a weak, deterministic player."""
    return int(np.flatnonzero(obs["action_mask"])[0])


def last_legal(obs: dict[str, npt.NDArray[Any]]) -> int:
    """The highest legal index (with ``done`` last: a set closes as soon as it can)."""
    return int(np.flatnonzero(obs["action_mask"])[-1])


def illegal(obs: dict[str, npt.NDArray[Any]]) -> int:
    """An index the mask forbids."""
    return int(np.flatnonzero(obs["action_mask"] == 0)[0])


NOT_CALLABLE = 3
