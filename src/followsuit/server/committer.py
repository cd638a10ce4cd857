"""Group commit: the actions of many tables kept in one transaction.

Each accepted action must be in the store before any page hears of it, so every
action waits for a commit. One transaction per action costs a round trip to the
database and a commit each (a WAL flush on PostgreSQL); under load the committer
takes every action waiting at that moment and keeps them in one transaction, so
the commits per second stay few while the actions per second grow. A table's
actions still go in their order (its actor waits for each before the next), and
when a batch fails (one table's action refused by the database, say) each of its
actions is tried alone, so that one table's failure is its own.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from .store import Append, Store
from .tasks import cancel

BATCH = 256
"""The most actions one transaction takes."""


@dataclass(frozen=True)
class _Waiting:
    append: Append
    done: asyncio.Future[None]


class Committer:
    """Keeps appends in the store, as many per transaction as are waiting."""

    def __init__(self, store: Store):
        self.store = store
        self._queue: asyncio.Queue[_Waiting] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.transactions = 0
        """Transactions made so far (a benchmark divides the actions by it)."""

    async def append(self, append: Append) -> None:
        """Keep ``append``; returns once it is committed (or raises the store's
        error, and then nothing of it was kept)."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="followsuit-committer")
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Waiting(append, done))
        await done

    async def close(self) -> None:
        await cancel([self._task])

    async def _run(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty() and len(batch) < BATCH:
                batch.append(self._queue.get_nowait())
            groups = [batch]
            try:
                await self._commit(batch)
            except Exception as exc:
                if len(batch) == 1:
                    _settle(batch[0], exc)
                    continue
                groups = [[w] for w in batch]  # alone: one table's failure is its own
            else:
                for waiting in batch:
                    _settle(waiting)
                continue
            for group in groups:
                try:
                    await self._commit(group)
                except Exception as exc:
                    _settle(group[0], exc)
                else:
                    _settle(group[0])

    async def _commit(self, batch: list[_Waiting]) -> None:
        await asyncio.to_thread(self.store.append_all, [w.append for w in batch])
        self.transactions += 1


def _settle(waiting: _Waiting, exc: BaseException | None = None) -> None:
    if waiting.done.done():
        return
    if exc is not None:
        waiting.done.set_exception(exc)
    else:
        waiting.done.set_result(None)
