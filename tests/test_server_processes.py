"""``followsuit serve`` and the processes it starts (bot workers, multiprocessing's
resource tracker): none outlives the server, however it ends. Killed with SIGKILL,
its workers see their parent go and end, and the tracker ends with the last of
them (it waits for its pipe's last holder, and each worker holds it too); stopped
with SIGTERM or Ctrl-C, the pool is wound down first, so that the tracker finds
nothing to warn of (no "leaked semaphore objects")."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import httpx2
import pytest

from .server_support import free_port, kill9, server, wait_for

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def descendants(pid: int) -> set[int]:
    """The processes ``pid`` started, and theirs (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # it ended meanwhile
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Running (a zombie has ended: it only waits to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def bots_playing(port: int) -> None:
    """A table of bots that has played a while: the workers exist."""
    base = f"http://127.0.0.1:{port}"
    table = httpx2.post(
        f"{base}/api/tables",
        json={"variant": "euchre/american", "seats": ["bot:rules"] * 4, "bot_delay_ms": 0},
    ).json()["id"]
    wait_for(lambda: httpx2.get(f"{base}/api/tables/{table}").json()["n"] >= 10, timeout=60)


def started_by(pid: int) -> set[int]:
    found = descendants(pid)
    assert len(found) >= 2, found  # the resource tracker and a worker at least
    return found


def test_a_killed_server_leaves_no_process_behind(tmp_path: Path) -> None:
    port = free_port()
    database = f"sqlite:///{tmp_path / 'k.db'}"
    with server(database, port, "--bot-workers", "2", log=tmp_path / "server.log") as proc:
        bots_playing(port)
        children = started_by(proc.pid)
        kill9(proc)
    wait_for(lambda: not any(alive(p) for p in children), timeout=10, every=0.05)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_stopped_server_ends_cleanly(tmp_path: Path, stop: signal.Signals) -> None:
    port = free_port()
    log = tmp_path / "server.log"
    with server(f"sqlite:///{tmp_path / 's.db'}", port, "--bot-workers", "2", log=log) as proc:
        bots_playing(port)
        children = started_by(proc.pid)
        began = time.monotonic()
        proc.send_signal(stop)
        proc.wait(20)
        took = time.monotonic() - began
    assert proc.returncode in (0, -stop)  # a stop by SIGTERM ends as SIGTERM does
    wait_for(lambda: not any(alive(p) for p in children), timeout=10, every=0.05)
    text = log.read_text()
    assert "Application shutdown complete" in text
    for trouble in ("leaked", "Traceback", "Error", "Warning"):
        assert trouble not in text, text[-3000:]
    assert took < 10, took
