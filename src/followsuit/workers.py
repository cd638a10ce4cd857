"""Worker processes that end with the process that started them.

A ``ProcessPoolExecutor``'s workers wait on a queue from their parent; when the
parent is killed (``kill -9`` of ``followsuit serve``, of an arena or of a
self-play run) nothing tells them, and they compute on, then idle for ever,
re-parented to PID 1, with the pool's resource tracker beside them. So every pool
of followsuit's is made here, and each of its workers starts a watch on its
parent: a daemon thread that sees the parent's PID change (the kernel re-parents
an orphan at once) and ends the worker. A thread, not ``PR_SET_PDEATHSIG``:
that signal follows the *thread* that started the worker, and a pool starts its
workers from whichever thread submits first (for the server, one of asyncio's
executor threads), so it could kill a healthy worker.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

WATCH_S = 0.2
"""How often a worker looks at its parent: an orphan is gone within this (and the
time it takes to finish a call into C, which holds the interpreter)."""


def _watch(parent: int, every: float) -> None:
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)  # no clean-up to run: the parent that wanted the results is gone


def end_with_parent(parent: int | None = None, every: float = WATCH_S) -> None:
    """Make this process end when its parent does (call it first in a worker).

    ``parent`` is the PID the parent gave (a spawned worker may have lost its
    parent while it was still importing; its own ``getppid()`` would then name
    PID 1 and the watch would wait for ever); by default, this process's parent now.
    """
    parent = os.getppid() if parent is None else parent
    if os.getppid() != parent:
        os._exit(0)
    threading.Thread(
        target=_watch, args=(parent, every), name="followsuit-parent-watch", daemon=True
    ).start()


def _start_worker(parent: int, initializer: Callable[[], object] | None) -> None:
    end_with_parent(parent)
    if initializer is not None:
        initializer()


def process_pool(
    workers: int, *, spawn: bool = False, initializer: Callable[[], object] | None = None
) -> ProcessPoolExecutor:
    """A process pool whose workers end with this process.

    ``spawn`` starts each worker as a fresh interpreter (for a process with
    threads of its own, such as the server, which a fork would copy in whatever
    state they are); otherwise the platform's default start method is used.
    ``initializer`` runs in each worker after its watch has started.
    """
    context = multiprocessing.get_context("spawn") if spawn else None
    return ProcessPoolExecutor(
        workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(), initializer)
    )
