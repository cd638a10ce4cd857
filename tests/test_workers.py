"""Pool workers end with their parent: a process killed with SIGKILL leaves no
worker behind (they would compute on, then idle for ever under PID 1)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from followsuit.workers import process_pool

PARENT = textwrap.dedent(
    """
    import os, sys, time
    from followsuit.workers import process_pool

    def busy(seconds):
        end = time.time() + seconds
        while time.time() < end:
            pass
        return os.getpid()

    if __name__ == "__main__":
        pool = process_pool(2, spawn=sys.argv[1] == "spawn")
        pids = set(pool.submit(os.getpid).result() for _ in range(8))
        for _ in range(2):
            pool.submit(busy, 60)
        print(" ".join(map(str, sorted(pids | {p.pid for p in pool._processes.values()}))), flush=True)
        time.sleep(120)
    """
)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie has ended: only its parent (gone) would reap it
    with open(f"/proc/{pid}/stat") as f:
        return f.read().split(")")[-1].split()[0] != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("start", ["spawn", "fork"])
def test_workers_end_when_their_parent_is_killed(tmp_path, start: str) -> None:
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    parent = subprocess.Popen(
        [sys.executable, str(script), start], stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout is not None
    workers = [int(p) for p in parent.stdout.readline().split()]
    assert workers and all(alive(p) for p in workers)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 10
    while any(alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in workers if alive(p)], "workers outlived their parent"


def test_a_pool_computes_and_runs_its_initializer() -> None:
    with process_pool(1, initializer=os.getpid) as pool:
        assert pool.submit(pow, 3, 4).result() == 81
