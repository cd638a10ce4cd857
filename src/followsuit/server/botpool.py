"""Where the tables' bots think: a bounded pool of worker processes.

A search bot spends up to seconds of CPU on one move. Thinking in the server's
own process would hold its interpreter while every other table waits, and a
request for four hard bots would cost the server seconds for a few milliseconds of
the requester's; so bots think in ``--bot-workers`` processes of their own, and at
most two moves per worker are handed over at once (the rest wait their turn in the
server, first come first served).

A move is asked for as a :class:`Decision`: plain data (the table's log so far,
the seat, the bot), because an engine state is not sent between processes. A
worker keeps the games and bots it has seen, so the next move at the same table
only replays the actions since.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import OrderedDict
from collections.abc import Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..bots.base import Bot
from ..rules import load_rules
from ..workers import process_pool
from .livegame import LiveGame
from .store import ActionRow, HandRow

log = logging.getLogger("followsuit.server")

GAMES_KEPT = 256
"""Games a worker keeps (the tables it thinks for most often)."""
BOTS_KEPT = 1024
MOVES_PER_WORKER = 2


@dataclass(frozen=True)
class Decision:
    """One bot move to work out: everything about the table a worker needs."""

    table_id: str
    variant: str
    options: Mapping[str, Any]
    hands: tuple[HandRow, ...]
    actions: tuple[ActionRow, ...]
    seat: int
    level: str
    seed: int
    """The seat's bot is made with it once and kept: its moves follow one stream."""
    fresh: bool = False
    """A hint: a bot of its own, not the seat's."""
    think_ms: int | None = None
    """The server's time budget per decision (None: the level's fixed worlds)."""


@dataclass(frozen=True)
class Move:
    text: str
    says: str
    n: int
    """The state number the move answers."""


_games: OrderedDict[str, LiveGame] = OrderedDict()
_bots: OrderedDict[tuple[str, int, str, int], Bot] = OrderedDict()


def _game(d: Decision) -> LiveGame:
    game = _games.pop(d.table_id, None)
    if game is not None:
        try:
            game.catch_up(d.hands, d.actions)
        except ValueError:
            game = None
    if game is None:
        game = LiveGame(load_rules(d.variant, dict(d.options)), d.hands, d.actions)
    _games[d.table_id] = game
    while len(_games) > GAMES_KEPT:
        _games.popitem(last=False)
    return game


def _bot(d: Decision) -> Bot:
    if d.fresh:
        return make_bot(d.level, seed=d.seed, think_ms=d.think_ms)
    key = (d.table_id, d.seat, d.level, d.seed)
    bot = _bots.pop(key, None) or make_bot(d.level, seed=d.seed, think_ms=d.think_ms)
    _bots[key] = bot
    while len(_bots) > BOTS_KEPT:
        _bots.popitem(last=False)
    return bot


def decide(d: Decision) -> Move:
    """The bot's move (runs in a worker). The seat must be the one to move."""
    game = _game(d)
    state = game.state
    if state.current_player != d.seat:
        raise ValueError(f"seat {d.seat} is not to move at state {game.seq}")
    obs = state.observation(d.seat)
    action = _bot(d).choose(obs)
    text = obs.text(action)
    return Move(text, obs.describe(d.seat, action, text), game.seq)


def _warm() -> None:
    """A worker's start: the bots' modules and models loaded before the first move."""
    make_bot("expert", seed=0)


class BotPool:
    """The pool the tables' bots think in (``workers`` 0: one thread of this
    process, for tests and small private servers)."""

    def __init__(self, workers: int):
        self.workers = workers
        self._executor = self._start()
        self._slots = asyncio.Semaphore(max(1, workers) * MOVES_PER_WORKER)

    def _start(self) -> Executor:
        if self.workers == 0:
            return ThreadPoolExecutor(1, thread_name_prefix="followsuit-bot")
        # spawn, not fork: the server has threads (the store's), which a fork copies
        # in whatever state they are; and workers that end with the server, even
        # one killed with SIGKILL
        pool = process_pool(self.workers, spawn=True, initializer=_warm)
        # every worker started now, not at the first move: a table taken over from
        # a stopped process must not wait a second or two for a worker to load
        for _ in range(self.workers):
            pool.submit(os.getpid)
        return pool

    async def decide(self, decision: Decision) -> Move:
        async with self._slots:
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(self._executor, decide, decision)
            except BrokenProcessPool:
                log.warning("a bot worker died: starting the pool again")
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = self._start()
                raise

    def close(self) -> None:
        """Stop the workers at once (a move still being worked out is for a table
        handed over already) and wait for the pool to wind down, so that its queues'
        semaphores are released here: a server stopped by a signal exits without
        the clean-ups that would release them, and the resource tracker would warn
        of "leaked semaphore objects"."""
        executor = self._executor
        if isinstance(executor, ProcessPoolExecutor):
            for process in list((executor._processes or {}).values()):
                process.terminate()
        executor.shutdown(wait=True, cancel_futures=True)
