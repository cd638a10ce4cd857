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
from followsuit.rl.selfplay import FIRST_FORMAT, FORMAT, Run, manifest, run_schema, selfplay
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
    assert data.schema.equals(run_schema(manifest(tmp_path))) and data.num_rows == rows > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "_selfplay.json",
        "part-00000.parquet",
        "part-00001.parquet",
        "part-00002.parquet",
    ]
    assert check_against_replay(data, variant, options) == 5
    info = manifest(tmp_path)
    assert info["format"] == FORMAT
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


def test_parquet_readers_read_the_folder_as_it_stands(tmp_path: Path) -> None:
    import pandas as pd
    import pyarrow.parquet as pq

    run = Run("euchre/american", {}, ("easy", "random"), games=4, seed=4, shard_games=2)
    selfplay(run, tmp_path, jobs=1)
    (tmp_path / ".part-00002.parquet.tmp").write_bytes(b"a shard being written")
    ours = rl.load(tmp_path)
    width = followsuit.rl.layout(followsuit.load_rules("euchre/american")).size
    assert ours.schema.field("observation").type == pa.list_(pa.float32(), width)
    assert ours.schema.field("action_mask").type == pa.list_(pa.int8(), 46)
    table = pq.read_table(tmp_path)
    assert table.num_rows == ours.num_rows
    assert table.column("observation").type == pa.list_(pa.float32(), width)
    frame = pd.read_parquet(tmp_path)
    assert len(frame) == ours.num_rows and len(frame["observation"].iloc[0]) == width
    assert frame["action"].tolist() == ours.column("action").to_pylist()
    vectors = np.stack(frame["observation"].to_numpy())
    assert vectors.shape == (ours.num_rows, width) and vectors.dtype == np.float32


def test_a_run_of_the_first_format_is_carried_on_in_it(tmp_path: Path) -> None:
    # tests/data/selfplay-v1: 3 games written by the first format (selfplay.json,
    # vectors as lists of any length); its second shard is lost and played again
    import shutil

    import pyarrow.parquet as pq

    old = Path(__file__).parent / "data" / "selfplay-v1"
    out = tmp_path / "run"
    shutil.copytree(old, out)
    (out / "part-00001.parquet").unlink()
    assert manifest(out)["format"] == FIRST_FORMAT
    run = Run("euchre/american", {}, ("easy", "random"), games=3, seed=5, shard_games=1)
    assert selfplay(run, out, jobs=1) > 0
    assert not (out / "selfplay.json").exists() and (out / "_selfplay.json").exists()
    assert manifest(out)["format"] == FIRST_FORMAT
    again = pq.read_table(out / "part-00001.parquet")
    assert again.equals(pq.read_table(old / "part-00001.parquet"))
    assert rl.load(out).num_rows == sum(pq.read_table(p).num_rows for p in old.glob("*.parquet"))
    assert pq.read_table(out).num_rows == rl.load(out).num_rows
    assert check_against_replay(rl.load(out), "euchre/american", {}) == 3


def _descendants(pid: int) -> set[int]:
    """Every process below ``pid`` now (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_run_leaves_no_worker_behind(tmp_path: Path) -> None:
    from tests.test_workers import alive

    args = ["euchre/american", "--bots", "medium,easy", "--games", "200", "--jobs", "2"]
    command = [sys.executable, "-m", "followsuit", "selfplay", *args, "--out", str(tmp_path)]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    workers: set[int] = set()
    while len(workers) < 2:
        assert proc.poll() is None, "the run ended before it could be killed"
        assert time.monotonic() < deadline, "no workers started"
        workers = _descendants(proc.pid)
        time.sleep(0.05)
    time.sleep(0.5)  # the workers busy with games
    workers = _descendants(proc.pid)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 10
    while any(alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [p for p in workers if alive(p)], "workers outlived their run"
