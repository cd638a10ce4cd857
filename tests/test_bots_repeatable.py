"""A bot built with a seed makes the same decisions on a busy machine as on a quiet
one: the search levels search fixed numbers of worlds unless given a time budget
(``think_ms``), and under one they still search at least 16 worlds."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

import followsuit
from followsuit.arena import run_arena
from followsuit.bots import make_bot, pimc
from followsuit.engine.observation import Observation

HOG = "while True: pass"


def _arena() -> list[object]:
    result = run_arena(
        "euchre/american",
        ["hard", "medium"],
        games=2,
        seed=24,
        options={"target_score": 3},
        jobs=1,
    )
    return [(o.hand_points, o.scores, o.winner, o.calls) for o in result.outcomes]


def test_one_arena_twice_once_beside_a_cpu_hog_gives_the_same_games() -> None:
    quiet = _arena()
    hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(2)]
    try:
        busy = _arena()
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert busy == quiet


def _decision() -> Observation:
    state = followsuit.new_game("euchre/american", seed=5)
    return state.observation(state.current_player)


class Clock:
    """A clock on which every reading is a second after the last (a very slow machine)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.fixture
def slow_machine(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every clock reading a second on; the worlds each decision draws are counted."""
    drawn: list[int] = []
    real = pimc.sample_world

    def counted(obs: Observation, rng: object) -> object:
        drawn.append(1)
        return real(obs, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(pimc.time, "perf_counter", Clock())
    monkeypatch.setattr(pimc, "sample_world", counted)
    yield drawn


def test_no_budget_by_default_so_the_clock_cuts_nothing(slow_machine: list[int]) -> None:
    bot = make_bot("medium", seed=1)
    assert isinstance(bot, pimc.PimcBot)
    bot.values(_decision())
    assert len(slow_machine) == bot.call_worlds


def test_a_time_budget_still_searches_sixteen_worlds(slow_machine: list[int]) -> None:
    bot = make_bot("hard", seed=1, think_ms=1)
    assert isinstance(bot, pimc.PimcBot)
    bot.values(_decision())
    assert len(slow_machine) == pimc.MIN_WORLDS == 16 < bot.call_worlds
    expert = make_bot("expert", seed=1, think_ms=1)
    assert expert.search.budget == 0.001  # type: ignore[attr-defined]


def test_a_budget_is_whole_milliseconds() -> None:
    for bad in (0, -5, 1.5, True):
        with pytest.raises(ValueError, match="think_ms"):
            make_bot("medium", seed=1, think_ms=bad)  # type: ignore[arg-type]
    assert make_bot("easy", think_ms=50).choose(_decision()) == make_bot("easy").choose(_decision())


def test_the_same_seed_gives_the_same_decisions_however_slow_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    obs = _decision()
    first = make_bot("hard", seed=7).values(obs)
    monkeypatch.setattr(pimc.time, "perf_counter", Clock())
    time.sleep(0)
    assert make_bot("hard", seed=7).values(obs) == first


def test_a_tie_in_points_goes_to_the_card_that_keeps_more_tricks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = followsuit.new_game("euchre/american", seed=5)
    bot = make_bot("rules")
    while state.phase_name != "play" or len(state.legal_actions()) < 2:
        state.apply(bot.choose(state.observation(state.current_player)))
    obs = state.observation(state.current_player)
    medium = make_bot("medium", seed=1)
    assert isinstance(medium, pimc.PimcBot)
    policy = medium.policy.choose(obs)
    other = next(a for a in obs.legal_actions if a != policy)
    points = dict.fromkeys(obs.legal_actions, 1.0)
    tricks = {a: 3.0 if a == other else 2.5 for a in obs.legal_actions}
    monkeypatch.setattr(medium, "valued", lambda _obs: (points, tricks))
    assert medium.choose(obs) == other  # not the policy's card, which keeps fewer
    monkeypatch.setattr(medium, "valued", lambda _obs: (points, {}))
    assert medium.choose(obs) == policy  # no tricks to tell them apart: the policy's
