"""Keeping the game's record on disk, after every action, whatever happens.

A terminal can die at any moment (a closed window, an ssh drop, ``kill -9``), so
the record is written after every action, atomically: to a temporary file in the
same folder, then renamed over the old one, so that the file on disk is always
a whole record. The record carries, besides the game (``followsuit/1``), a
``table`` field this command adds (the spec allows added fields): the human's
seat, each seat's bot, the seed the next hands are dealt from and, in a timed
game, the time played, which is what ``followsuit resume`` needs to carry on
where the game stopped.

A record on disk is never replaced by another game's: a new game's first write
makes its file only if no file is there (``--overwrite`` lifts that for
``--record``; the default path takes a ``-2``, ``-3`` … when its name is taken),
and from then on the keeper replaces only the file it made (or the record it was
resumed from).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from ..engine import InvalidRecord, State
from ..record import dumps, load, replay, to_record

_UMASK = os.umask(0)
os.umask(_UMASK)

#: The record field holding the table (seat, bots, seed).
TABLE_FIELD = "table"
#: The table's field for the seconds a timed game has been played.
PLAYED_FIELD = "played_seconds"


class SaveError(Exception):
    """The record cannot be written where asked (one line, for the player)."""


def records_folder() -> Path:
    """``$FOLLOWSUIT_RECORDS``, else ``$XDG_DATA_HOME/followsuit/records`` (by
    default ``~/.local/share/followsuit/records``)."""
    base = os.environ.get("FOLLOWSUIT_RECORDS")
    if base:
        return Path(base)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "followsuit" / "records"


def home_relative(path: Path) -> str:
    """``path`` written from ``~`` when it is under the home folder (short enough
    for a help column, where a longer one would be broken mid-word)."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)


def default_record_path(variant: str, seed: int | str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return records_folder() / f"{stamp}-{variant.replace('/', '-')}-seed{seed}.json"


def check_record_path(path: Path, *, overwrite: bool = False) -> None:
    """Refuse, before the game starts, a ``--record`` path that cannot be written:
    a folder that does not exist, a folder given as the file, no permission, or a
    file already there (another game's record, unless ``overwrite``)."""
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise SaveError(f"--record {path} is a folder; give a file name")
    if not parent.is_dir():
        raise SaveError(f"--record {path}: the folder {parent} does not exist")
    if path.exists() and not overwrite:
        raise SaveError(taken(path))
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise SaveError(f"--record {path}: no permission to write there")


def taken(path: Path) -> str:
    """Why a new game will not write its record over ``path`` (one line), with
    what can be done with the file that is there: a game still being played is
    resumed, a finished one replayed, anything else kept under another name."""
    try:
        over: bool | None = replay(load(path)).over
    except InvalidRecord:
        over = None
    if over is None:
        there = "a file is there already; give another name"
    elif over:
        there = (
            f"a finished game's record is there; followsuit replay {path} shows it, "
            "or give another name"
        )
    else:
        there = f"a file is there already; followsuit resume {path} carries on its game"
    return f"--record {path}: {there}, or add --overwrite to replace it"


def write_atomically(path: Path, text: str, *, replace: bool = True) -> None:
    """Write ``path`` with ``text`` in one step (a reader sees the old file or the
    new one, never half of one). With ``replace=False`` the file is made only if
    none is there (FileExistsError otherwise), checked in the same step."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o666 & ~_UMASK)  # as an ordinary new file (mkstemp makes it private)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        if replace:
            os.replace(tmp, path)
        else:
            os.link(tmp, path)  # fails if the name is taken, even by a file made just now
            os.unlink(tmp)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def free_path(path: Path) -> Path:
    """``path``, or the first of ``name-2.json``, ``name-3.json`` … not taken."""
    k = 1
    found = path
    while found.exists():
        k += 1
        found = path.with_name(f"{path.stem}-{k}{path.suffix}")
    return found


def table_field(human: int, bots: Sequence[str | None], seed: int | str) -> dict[str, Any]:
    return {"seat": human, "bots": list(bots), "seed": seed}


class RecordKeeper:
    """Writes the record after every action to ``path``; if that starts to fail
    mid-game, to a new file in the default folder, and says so once."""

    def __init__(self, path: Path, fallback: Path, table: dict[str, Any]):
        self.path = path
        self.fallback = fallback
        self.table = table
        self.notice: str | None = None
        """What the player should be told about where the record went (set once)."""
        self.failed: str | None = None
        """Why nothing could be saved at all (both places failed)."""

    def record(self, state: State, players: list[str]) -> dict[str, Any]:
        rec = to_record(state, players)
        rec[TABLE_FIELD] = self.table
        return rec

    def start(self, state: State, players: list[str], *, replace: bool = False) -> None:
        """Write the first record, before the game starts, where asked and nowhere
        else: SaveError (one line) if that cannot be done. A file already at the
        path is replaced only with ``replace`` (the game's own record, resumed, or
        ``--overwrite``)."""
        try:
            write_atomically(self.path, dumps(self.record(state, players)), replace=replace)
        except FileExistsError:
            raise SaveError(taken(self.path)) from None
        except OSError as exc:
            raise SaveError(
                f"--record {self.path}: cannot write there ({exc.strerror or exc})"
            ) from None

    def save(self, state: State, players: list[str]) -> None:
        text = dumps(self.record(state, players))
        try:
            write_atomically(self.path, text)
            return
        except OSError as exc:
            if self.path == self.fallback:
                self.failed = f"could not save the record to {self.path}: {exc.strerror or exc}"
                return
            reason = exc.strerror or str(exc)
        old = self.path
        try:
            self.fallback.parent.mkdir(parents=True, exist_ok=True)
            self.path = self.fallback = free_path(self.fallback)
            write_atomically(self.path, text, replace=False)
        except OSError as exc:
            self.failed = f"could not save the record to {old} ({reason}) nor to {self.path}"
            self.failed += f" ({exc.strerror or exc})"
            return
        self.notice = f"Could not save to {old} ({reason}); the record is in {self.path}"
