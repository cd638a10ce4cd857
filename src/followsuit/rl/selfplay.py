"""Self-play data: bots play games and every decision becomes a row of Parquet.

``followsuit selfplay VARIANT --bots hard,medium --games N --out DIR`` plays the
arena's duplicate games (:func:`followsuit.arena.plan_games`: the same deals,
seats and bot seeds as ``followsuit arena`` with the same ``--seed``) and writes,
per decision of every seat (a discard or give: one row per card, then ``done``),
the seat's observation vector, its action mask, the index taken, and the hand's
and the game's return for that seat (:data:`SCHEMA`, ``docs/rl.md``).

Games are written in shards of ``shard_games`` games (``part-00000.parquet`` …,
:data:`SHARD_GAMES` by default), each written under a hidden name and renamed
into place when whole, and ``DIR/_selfplay.json`` keeps the run's settings: a
run that was killed is carried on by the same command, which plays only the
shards missing (a game's rows depend on its seeds alone), and its worker
processes end with it (:mod:`followsuit.workers`). Readers of a Parquet folder
skip names that start with ``_`` or ``.``, so ``pyarrow.parquet.read_table(DIR)``
and ``pandas.read_parquet(DIR)`` read the run as it stands.

A folder of the first format (``followsuit-selfplay/1``: the settings in
``selfplay.json``, vectors as lists of any length) is carried on in that format
(its settings file renamed ``_selfplay.json``, so that readers skip it too).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from ..arena import MAX_HANDS, GameTask, plan_games, run_tasks, task_bots, task_seed
from ..bots import make_bot
from ..rules import load_rules
from .actions import ActionSpace
from .encoding import VERSIONS, encode, layout
from .table import Table, game_returns, hand_returns

FORMAT = "followsuit-selfplay/2"
FIRST_FORMAT = "followsuit-selfplay/1"
"""Vectors as lists of any length; its folders kept the settings in ``selfplay.json``."""
MANIFEST = "_selfplay.json"
FIRST_MANIFEST = "selfplay.json"
SHARD_GAMES = 10
"""Games per shard by default: a kill loses at most the shard being played."""


def schema(observation_size: int = -1, actions: int = -1) -> pa.Schema:
    """The rows' schema: ``observation`` and ``action_mask`` as fixed-size lists of
    the variant's sizes (-1: lists of any length, as the first format wrote).

    One row per decision: ``game`` (its number in the run), ``seed`` (the game's
    deal seed, ``"SEED/DEAL"``), ``hand`` (from 1), ``step`` (the decision's number in
    the game, from 0), ``seat``, ``bot`` (the level at that seat), ``observation``
    (the seat's vector, :mod:`followsuit.rl.encoding`), ``action_mask`` (0/1 over the
    action indices), ``action`` (the index taken), ``hand_return`` and
    ``game_return`` (that seat's zero-sum returns for the hand and the game; 0 for a
    game stopped at ``MAX_HANDS``).
    """
    return pa.schema(
        [
            pa.field("game", pa.int64(), nullable=False),
            pa.field("seed", pa.string(), nullable=False),
            pa.field("hand", pa.int32(), nullable=False),
            pa.field("step", pa.int32(), nullable=False),
            pa.field("seat", pa.int8(), nullable=False),
            pa.field("bot", pa.string(), nullable=False),
            pa.field("observation", pa.list_(pa.float32(), observation_size), nullable=False),
            pa.field("action_mask", pa.list_(pa.int8(), actions), nullable=False),
            pa.field("action", pa.int16(), nullable=False),
            pa.field("hand_return", pa.float32(), nullable=False),
            pa.field("game_return", pa.float32(), nullable=False),
        ]
    )


def run_schema(info: Mapping[str, Any]) -> pa.Schema:
    """The schema of a run's shards, from its settings (:meth:`Run.manifest`)."""
    if info.get("format") == FIRST_FORMAT:
        return schema()
    rules = load_rules(info["variant"], info["options"])
    return schema(layout(rules).size, ActionSpace.of(rules).n)


@dataclass(frozen=True)
class Run:
    """What a self-play run is: the same run resumes only with the same settings."""

    variant: str
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    games: int
    seed: int
    shard_games: int = SHARD_GAMES

    def manifest(self, fmt: str = FORMAT) -> dict[str, Any]:
        """The run's settings as its folder keeps them (in ``fmt``: a run is
        carried on in the format it began in)."""
        rules = load_rules(self.variant, self.options)
        return {
            "format": fmt,
            "variant": self.variant,
            "options": dict(self.options),
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "shard_games": self.shard_games,
            "encoding_version": VERSIONS[rules.family],
            "observation_size": layout(rules).size,
        }

    def tasks(self) -> list[GameTask]:
        return plan_games(self.variant, self.bots, self.games, self.seed, self.options)[
            : self.games
        ]


def play_recorded(numbered: tuple[int, GameTask, str]) -> pa.Table:
    """One game's rows in the run's format ``fmt`` (in a worker: everything from the
    task's seeds)."""
    number, task, fmt = numbered
    rules = load_rules(task.variant, task.options)
    bots = task_bots(task)
    names = [task.bot_names[task.sides[rules.side_of[s]]] for s in range(rules.num_players)]
    seed = task_seed(task)
    table = Table(rules, seed=seed)
    state = table.state
    hands: list[int] = []
    seats: list[int] = []
    vectors: list[np.ndarray[Any, Any]] = []
    masks: list[np.ndarray[Any, Any]] = []
    actions: list[int] = []
    size = table.space.n
    while not state.over and state.hand_no <= MAX_HANDS:
        seat = table.to_move
        assert seat is not None
        action = bots[seat].choose(table.observation(seat))
        for index in table.indices_of(action):
            mask = table.legal_mask()
            hands.append(state.hand_no)
            seats.append(seat)
            vectors.append(encode(table.observation(seat), table.chosen_mask()))
            masks.append(mask)
            actions.append(index)
            table.apply(index)
    per_hand = [hand_returns(rules, r) for r in state.results]
    final = game_returns(rules, state.winner) if state.over else [0.0] * rules.num_players
    rows = len(actions)
    width = layout(rules).size
    shape = schema() if fmt == FIRST_FORMAT else schema(width, size)
    observation = pa.FixedSizeListArray.from_arrays(
        pa.array(np.concatenate(vectors) if rows else np.zeros(0, np.float32)), width
    ).cast(shape.field("observation").type)
    action_mask = pa.FixedSizeListArray.from_arrays(
        pa.array(np.concatenate(masks) if rows else np.zeros(0, np.int8)), size
    ).cast(shape.field("action_mask").type)
    columns = {
        "game": pa.array([number] * rows, pa.int64()),
        "seed": pa.array([seed] * rows, pa.string()),
        "hand": pa.array(hands, pa.int32()),
        "step": pa.array(range(rows), pa.int32()),
        "seat": pa.array(seats, pa.int8()),
        "bot": pa.array([names[s] for s in seats], pa.string()),
        "observation": observation,
        "action_mask": action_mask,
        "action": pa.array(actions, pa.int16()),
        "hand_return": pa.array(
            [
                per_hand[h - 1][s] if h <= len(per_hand) else 0.0
                for h, s in zip(hands, seats, strict=True)
            ],
            pa.float32(),
        ),
        "game_return": pa.array([final[s] for s in seats], pa.float32()),
    }
    return pa.table(columns, schema=shape)


def shard_path(out: Path, k: int) -> Path:
    return out / f"part-{k:05d}.parquet"


def selfplay(
    run: Run,
    out: Path,
    *,
    jobs: int | None = None,
    ray: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Play ``run`` into ``out`` (resuming what is there); the rows written now."""
    for name in run.bots:
        make_bot(name)  # an unknown name fails before any game
    if run.games < 1 or run.shard_games < 1:
        raise ValueError("games and shard_games must be at least 1")
    out.mkdir(parents=True, exist_ok=True)
    where = out / MANIFEST
    first = out / FIRST_MANIFEST
    if first.exists() and not where.exists():
        os.replace(first, where)  # a run of the first format: readers skip the new name
    fmt = FORMAT
    if where.exists():
        try:
            fmt = json.loads(where.read_text(encoding="utf-8")).get("format", FORMAT)
        except (ValueError, AttributeError):
            raise ValueError(f"{where} is not a self-play manifest") from None
    manifest = run.manifest(fmt)
    if where.exists():
        try:
            before = json.loads(where.read_text(encoding="utf-8"))
        except ValueError:
            raise ValueError(f"{where} is not a self-play manifest") from None
        if before != manifest:
            raise ValueError(f"{out} holds another self-play run; give a new --out folder")
    else:
        _write_atomically(where, (json.dumps(manifest, indent=2) + "\n").encode())
    tasks = run.tasks()
    shards = range(0, len(tasks), run.shard_games)
    todo = [k for k in range(len(shards)) if not shard_path(out, k).exists()]
    numbered = [
        (g, tasks[g], fmt)
        for k in todo
        for g in range(shards[k], min(shards[k] + run.shard_games, len(tasks)))
    ]
    done_games = len(tasks) - len(numbered)
    if progress:
        progress(done_games, len(tasks))
    written = 0
    pending: list[pa.Table] = []
    remaining = list(todo)
    # one game at a time: a shard is written as soon as its games are played
    for table in run_tasks(play_recorded, numbered, jobs=jobs, ray=ray, chunk=1):
        pending.append(table)
        done_games += 1
        k = remaining[0]
        if len(pending) == min(run.shard_games, len(tasks) - shards[k]):
            shard = pa.concat_tables(pending)
            _write_shard(shard, shard_path(out, k), manifest)
            written += shard.num_rows
            pending = []
            remaining.pop(0)
        if progress:
            progress(done_games, len(tasks))
    return written


def _write_shard(table: pa.Table, path: Path, manifest: Mapping[str, Any]) -> None:
    table = table.replace_schema_metadata({"followsuit": json.dumps(manifest)})
    tmp = path.with_name(f".{path.name}.tmp")  # hidden: a folder's readers skip it
    pq.write_table(table, tmp)
    os.replace(tmp, path)


def _write_atomically(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def load(directory: str | Path) -> pa.Table:
    """Every shard of a self-play run as one table (:func:`schema`), games in order.
    ValueError if ``directory`` holds no run."""
    out = Path(directory)
    shape = run_schema(manifest(out))
    parts = sorted(out.glob("part-*.parquet"))
    if not parts:
        return shape.empty_table()
    return pa.concat_tables([pq.read_table(p, schema=shape) for p in parts])


def manifest(directory: str | Path) -> dict[str, Any]:
    """The run's settings (``_selfplay.json``; ``selfplay.json`` in a folder of the
    first format not yet carried on). ValueError if ``directory`` holds no run."""
    out = Path(directory)
    for name in (MANIFEST, FIRST_MANIFEST):
        if (out / name).is_file():
            data: dict[str, Any] = json.loads((out / name).read_text(encoding="utf-8"))
            return data
    raise ValueError(f"{out} holds no self-play run (no {MANIFEST})")


__all__: Sequence[str] = [
    "SHARD_GAMES",
    "Run",
    "load",
    "manifest",
    "play_recorded",
    "run_schema",
    "schema",
    "selfplay",
]
