"""Self-play data: every row checked against a replay of its game, resuming after
a kill, and the command's refusals."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest

import followsuit
import followsuit.rl as rl
from followsuit.rl.encoding import VERSIONS, encode
from followsuit.rl.selfplay import SCHEMA, Run, manifest, selfplay
from followsuit.rl.table import Table, game_returns, hand_returns


def check_against_replay(data: pa.Table, variant: str, options: dict[str, object]) -> int:
    """Replay every game of ``data`` from its seed and its recorded actions alone:
    each row's seat, vector, mask and returns must be the replay's. The games."""
    rules = followsuit.load_rules(variant, options)
    rows = data.to_pylist()
    games = sorted({r["game"] for r in rows})
    for game in games:
        mine = [r for r in rows if r["game"] == game]
        assert [r["step"] for r in mine] == list(range(len(mine)))
        table = Table(rules, seed=mine[0]["seed"])
        for r in mine:
            seat = table.to_move
            assert r["seat"] == seat and r["hand"] == table.state.hand_no
            vec = encode(table.observation(seat), table.chosen_mask())
            assert np.array_equal(np.asarray(r["observation"], np.float32), vec)
            mask = np.zeros(table.space.n, np.int8)
            mask[table.legal()] = 1
            assert np.array_equal(np.asarray(r["action_mask"], np.int8), mask)
            table.apply(r["action"])
        state = table.state
        assert state.over
        final = game_returns(rules, state.winner)
        for r in mine:
            assert r["hand_return"] == pytest.approx(
                hand_returns(rules, state.results[r["hand"] - 1])[r["seat"]]
            )
            assert r["game_return"] == pytest.approx(final[r["seat"]])
    return len(games)


@pytest.mark.parametrize(
    ("variant", "bots", "options"),
    [
        ("euchre/american", ("easy", "random"), {"target_score": 5}),
        ("pitch/discard-draw", ("easy", "random"), {}),
        ("bid-euchre/double-deck", ("random", "easy"), {"target_score": 20}),
    ],
)
def test_every_row_is_its_games_replay(
    tmp_path: Path, variant: str, bots: tuple[str, ...], options: dict[str, object]
) -> None:
    run = Run(variant, options, bots, games=5, seed=7, shard_games=2)
    rows = selfplay(run, tmp_path, jobs=1)
    data = rl.load(tmp_path)
    assert data.schema.equals(SCHEMA) and data.num_rows == rows > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "part-00000.parquet",
        "part-00001.parquet",
        "part-00002.parquet",
        "selfplay.json",
    ]
    assert check_against_replay(data, variant, options) == 5
    info = manifest(tmp_path)
    assert info["encoding_version"] == VERSIONS[followsuit.load_rules(variant).family]
    assert info["seed"] == 7 and info["bots"] == list(bots)
    assert set(data.column("bot").to_pylist()) == set(bots)


def test_a_second_run_plays_only_what_is_missing(tmp_path: Path) -> None:
    run = Run("euchre/american", {}, ("easy", "random"), games=4, seed=2, shard_games=2)
    selfplay(run, tmp_path, jobs=1)
    whole = rl.load(tmp_path)
    (tmp_path / "part-00001.parquet").unlink()
    assert selfplay(run, tmp_path, jobs=1) > 0
    assert rl.load(tmp_path).equals(whole)
    assert selfplay(run, tmp_path, jobs=1) == 0


def test_a_killed_run_resumes_to_the_same_data(tmp_path: Path) -> None:
    args = ["euchre/american", "--bots", "easy,random", "--games", "120", "--seed", "3"]
    args += ["--shard-games", "4", "--jobs", "1"]
    killed, whole = tmp_path / "killed", tmp_path / "whole"
    command = [sys.executable, "-m", "followsuit", "selfplay", *args]
    proc = subprocess.Popen([*command, "--out", str(killed)], stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not (killed / "part-00001.parquet").exists():
        assert proc.poll() is None, "the run ended before it could be killed"
        assert time.monotonic() < deadline
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    shards = len(list(killed.glob("part-*.parquet")))
    assert 2 <= shards < 30, "the kill came after the run"
    for out in (killed, whole):
        done = subprocess.run([*command, "--out", str(out)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
    assert rl.load(killed).equals(rl.load(whole))
    assert not list(killed.glob("*.tmp"))


def test_the_command_refuses_bad_input(tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "followsuit", "selfplay", *args],
            capture_output=True,
            text=True,
        )

    out = str(tmp_path / "data")
    bad = run("euchre/nope", "--out", out)
    assert bad.returncode == 2 and bad.stderr.startswith("followsuit: unknown variant")
    bad = run("euchre/american", "--out", out, "--bots", "easy,grandmaster")
    assert bad.returncode == 2 and "unknown bot" in bad.stderr
    bad = run("euchre/american", "--out", out, "-o", "target_score=lots")
    assert bad.returncode == 2 and "target_score" in bad.stderr
    good = run("euchre/american", "--out", out, "--bots", "easy,random", "--games", "2")
    assert good.returncode == 0, good.stdout
    other = run("euchre/american", "--out", out, "--bots", "easy,random", "--games", "3")
    assert other.returncode == 2 and "another self-play run" in other.stderr
    with pytest.raises(ValueError, match="no self-play run"):
        rl.load(tmp_path)
