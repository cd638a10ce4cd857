"""Where club nights live: the night's settings, each round as charted, the phones'
entries and the tables' results, one row each, written in one transaction per step.

Nothing is kept in memory that the rows do not hold: the standings are summed from
the results rows every time, so a server killed at any moment and started again
shows exactly the standings it showed (a round ended is ended, an entry acknowledged
is kept).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from sqlalchemy import Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..club import Night, Round, TableResult
from ..club.sheet import Entry
from ..club.spec import night_as_json, night_from_json
from . import club_schema as C

ENTRY_TRIES = 5


@dataclass(frozen=True)
class StoredNight:
    id: str
    night: Night
    admin_hash: str
    score_hash: str
    created_at: float


@dataclass(frozen=True)
class StoredRound:
    round: Round
    online: dict[int, str]
    """Table number (from 0) to the id of the online table made for it."""
    ended: bool
    bell: dict[int, int] | None = None
    """Once the organiser has rung the bell: the hands each online table counts (those
    finished then, and the one in play)."""


class ClubStore:
    """Club nights on the server's SQL database (its schema made by the migrations)."""

    def __init__(self, engine: Engine):
        self.engine = engine

    def create_night(self, night_id: str, night: Night, admin_hash: str, score_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(C.nights).values(
                    id=night_id,
                    spec=json.dumps(night_as_json(night)),
                    admin_hash=admin_hash,
                    score_hash=score_hash,
                    created_at=time.time(),
                )
            )

    def night(self, night_id: str) -> StoredNight | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(C.nights).where(C.nights.c.id == night_id)).first()
        if row is None:
            return None
        night = night_from_json(json.loads(row.spec))
        return StoredNight(row.id, night, row.admin_hash, row.score_hash, row.created_at)

    def add_round(self, night_id: str, charted: Round, online: dict[int, str]) -> None:
        chart = {"tables": [list(t) for t in charted.tables], "byes": list(charted.byes)}
        with self.engine.begin() as conn:
            conn.execute(
                insert(C.rounds).values(
                    night_id=night_id,
                    number=charted.number,
                    chart=json.dumps(chart),
                    online=json.dumps({str(k): v for k, v in online.items()}),
                    started_at=time.time(),
                    ended_at=None,
                )
            )

    def rounds(self, night_id: str) -> list[StoredRound]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(C.rounds).where(C.rounds.c.night_id == night_id).order_by(C.rounds.c.number)
            ).all()
        out = []
        for row in rows:
            chart = json.loads(row.chart)
            charted = Round(
                row.number, tuple(tuple(t) for t in chart["tables"]), tuple(chart["byes"])
            )
            online = {int(k): v for k, v in json.loads(row.online).items()}
            bell = (
                None if row.bell is None else {int(k): v for k, v in json.loads(row.bell).items()}
            )
            out.append(StoredRound(charted, online, row.ended_at is not None, bell))
        return out

    def ring_bell(self, night_id: str, number: int, counts: dict[int, int]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(C.rounds)
                .where(C.rounds.c.night_id == night_id, C.rounds.c.number == number)
                .values(bell=json.dumps({str(k): v for k, v in counts.items()}))
            )

    def end_round(self, night_id: str, number: int, results: list[TableResult]) -> None:
        """The round's results, and the round ended, in one transaction."""
        with self.engine.begin() as conn:
            if results:
                conn.execute(
                    insert(C.results),
                    [
                        {
                            "night_id": night_id,
                            "round": r.round,
                            "table_no": r.table,
                            "seats": json.dumps(list(r.seats)),
                            "hands": json.dumps([list(h) for h in r.hands]),
                            "raw": json.dumps([list(h) for h in r.raw]),
                        }
                        for r in results
                    ],
                )
            conn.execute(
                update(C.rounds)
                .where(C.rounds.c.night_id == night_id, C.rounds.c.number == number)
                .values(ended_at=time.time())
            )

    def results(self, night_id: str) -> list[TableResult]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(C.results)
                .where(C.results.c.night_id == night_id)
                .order_by(C.results.c.round, C.results.c.table_no)
            ).all()
        return [
            TableResult(
                row.round,
                row.table_no,
                tuple(json.loads(row.seats)),
                tuple(tuple(h) for h in json.loads(row.hands)),
                tuple(tuple(h) for h in json.loads(row.raw)),
            )
            for row in rows
        ]

    def add_entry(self, night_id: str, number: int, table: int, entry: Entry) -> None:
        """Keep an entry, numbered after the night's last (two phones at once, or two
        processes: the one that loses the number takes the next)."""
        for attempt in range(ENTRY_TRIES):
            try:
                self._add_entry(night_id, number, table, entry)
                return
            except IntegrityError:
                if attempt == ENTRY_TRIES - 1:
                    raise

    def _add_entry(self, night_id: str, number: int, table: int, entry: Entry) -> None:
        with self.engine.begin() as conn:
            seq = conn.execute(
                select(func.coalesce(func.max(C.entries.c.seq), 0)).where(
                    C.entries.c.night_id == night_id
                )
            ).scalar_one()
            conn.execute(
                insert(C.entries).values(
                    night_id=night_id,
                    seq=seq + 1,
                    round=number,
                    table_no=table,
                    entered_by=entry.by,
                    points=json.dumps(list(entry.points)),
                    at=time.time(),
                )
            )

    def entries(self, night_id: str, number: int) -> dict[int, list[Entry]]:
        """A round's entries by table, in the order they were made."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(C.entries)
                .where(C.entries.c.night_id == night_id, C.entries.c.round == number)
                .order_by(C.entries.c.seq)
            ).all()
        out: dict[int, list[Entry]] = {}
        for row in rows:
            a, b = json.loads(row.points)
            out.setdefault(row.table_no, []).append(Entry(row.entered_by, (a, b)))
        return out
