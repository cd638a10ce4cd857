"""``--ray``: the arena's games and self-play as Ray tasks on a local 2-CPU Ray give
exactly what the local run gives for the same seeds (Ray starts once per test
process, in about ten seconds)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import followsuit.rl as rl
from followsuit.arena import LOCAL_RAY, run_arena
from followsuit.cli.selfplay_cmd import ray_argv
from followsuit.rl.selfplay import Run, selfplay


def test_the_arena_on_ray_is_the_local_arena() -> None:
    args = {"games": 8, "seed": 11}
    local = run_arena("pitch/cutthroat-3p", ["easy", "random"], jobs=1, **args)
    on_ray = run_arena("pitch/cutthroat-3p", ["easy", "random"], jobs=2, ray=LOCAL_RAY, **args)
    assert on_ray.as_json() == local.as_json()
    assert [o.hand_points for o in on_ray.outcomes] == [o.hand_points for o in local.outcomes]


def test_selfplay_on_ray_is_the_local_selfplay(tmp_path: Path) -> None:
    run = Run("euchre/american", {"target_score": 5}, ("easy", "random"), 6, 5, 4)
    selfplay(run, tmp_path / "local", jobs=1)
    selfplay(run, tmp_path / "ray", jobs=2, ray=LOCAL_RAY)
    assert rl.load(tmp_path / "ray").equals(rl.load(tmp_path / "local"))


def test_the_commands_take_a_bare_ray() -> None:
    assert ray_argv(["arena", "x", "--ray"]) == ["arena", "x", "--ray", LOCAL_RAY]
    assert ray_argv(["arena", "--ray", "--json"]) == ["arena", "--ray", LOCAL_RAY, "--json"]
    assert ray_argv(["arena", "--ray", "ray://head:10001"]) == [
        "arena",
        "--ray",
        "ray://head:10001",
    ]
    out = subprocess.run(
        [sys.executable, "-m", "followsuit", "arena", "euchre/american", "--bots", "easy,random"]
        + ["--games", "2", "--json", "--jobs", "2", "--ray"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    local = run_arena("euchre/american", ["easy", "random"], games=2, seed=1, jobs=1)
    assert json.loads(out.stdout) == local.as_json()
