"""What a club night is: its format, its game, how long a round lasts, how a round is
scored, its players and its tables, as frozen data checked once when it is made.

Every other part of :mod:`followsuit.club` reads a :class:`Night`; a bad value is
refused here with one line (:class:`ClubError`), so the pairings and the scoring
never meet one.

>>> night = Night("progressive", tuple(f"P{k}" for k in range(1, 11)), rounds=4)
>>> night.tables, len(night.players) % 4
(2, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal, get_args

Format = Literal["progressive", "kings", "swiss", "duplicate"]
FORMATS: tuple[str, ...] = get_args(Format)
"""progressive: partners rotate by a chart, individual scores; kings: king's table,
winners move up a table and losers down, partners split; swiss: fixed pairs paired
by their results; duplicate: fixed pairs, every table plays the same deals."""

FIXED_PAIRS: frozenset[str] = frozenset({"swiss", "duplicate"})
"""The formats whose players come in pairs (the first two names, the next two ...)."""

TableKind = Literal["online", "physical"]
ScoringKind = Literal["points", "hands", "loners"]

MIN_PLAYERS = 8
"""Two tables: fewer is a game, not a night."""
MAX_PLAYERS = 200
MAX_ROUNDS = 60


class ClubError(ValueError):
    """A night that cannot be run as asked: the one line to show."""


@dataclass(frozen=True)
class RoundLength:
    """A round lasts a number of hands, or a number of minutes (the bell: the round
    ends after the hand in play)."""

    hands: int | None = 8
    minutes: int | None = None

    def __post_init__(self) -> None:
        if (self.hands is None) == (self.minutes is None):
            raise ClubError("a round lasts a number of hands or a number of minutes, not both")
        value = self.hands if self.hands is not None else self.minutes
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 200:
            raise ClubError(f"a round's length must be a whole number from 1 to 200, not {value!r}")

    def __str__(self) -> str:
        return f"{self.hands} hands" if self.hands is not None else f"{self.minutes} minutes"


@dataclass(frozen=True)
class LonerTable:
    """Club points for each way a Euchre hand can end, a fund-raiser's own table
    (e.g. ``lone_march=5, lone_euchre=3``). The defaults are American Euchre's."""

    point: int = 1
    """Makers with partner taking the hand but not all the tricks."""
    march: int = 2
    """Makers with partner taking every trick."""
    lone_point: int = 1
    lone_march: int = 4
    """A lone maker taking every trick."""
    euchre: int = 2
    """The defenders of a set partnership."""
    lone_euchre: int = 2
    """The defenders of a set loner."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
                raise ClubError(
                    f"loner table {f.name}: a whole number from 0 to 100, not {value!r}"
                )


@dataclass(frozen=True)
class ScoringRule:
    """How a round is scored for the standings: the points the side took, the hands
    it won, or a :class:`LonerTable` (Euchre only)."""

    kind: ScoringKind = "points"
    loners: LonerTable = LonerTable()

    def __post_init__(self) -> None:
        if self.kind not in get_args(ScoringKind):
            raise ClubError(
                f"unknown scoring {self.kind!r}; scorings: {', '.join(get_args(ScoringKind))}"
            )

    @classmethod
    def parse(cls, text: str) -> ScoringRule:
        """``points``, ``hands``, ``loners`` or ``loners:lone_march=5,lone_euchre=3``.

        >>> ScoringRule.parse("loners:lone_march=5,lone_euchre=3").loners.lone_march
        5
        """
        kind, _, rest = text.strip().partition(":")
        values: dict[str, int] = {}
        names = {f.name for f in fields(LonerTable)}
        for item in filter(None, (part.strip() for part in rest.split(","))):
            name, eq, value = item.partition("=")
            name = name.strip()
            if not eq or name not in names:
                raise ClubError(
                    f"scoring {item!r}: expected name=value, names: {', '.join(sorted(names))}"
                )
            try:
                values[name] = int(value)
            except ValueError:
                raise ClubError(f"scoring {name}: a whole number, not {value.strip()!r}") from None
        if values and kind != "loners":
            raise ClubError(f"scoring {kind!r} takes no values (only loners:name=value does)")
        return cls(kind, LonerTable(**values))  # type: ignore[arg-type]

    def __str__(self) -> str:
        if self.kind != "loners":
            return self.kind
        table = ",".join(f"{f.name}={getattr(self.loners, f.name)}" for f in fields(LonerTable))
        return f"loners:{table}"


@dataclass(frozen=True)
class Night:
    """One club night. ``players`` are names (for the fixed-pair formats, in pairs:
    the first two are partners, the next two ...); ``fillers`` are those of them that
    are bots filling an empty seat (marked, and left out of the prizes).
    ``table_kinds`` gives table k (from 0) its kind; tables past its end are online."""

    format: Format
    players: tuple[str, ...]
    rounds: int = 8
    variant: str = "euchre/american"
    options: dict[str, Any] = field(default_factory=dict)
    length: RoundLength = RoundLength()
    scoring: ScoringRule = ScoringRule()
    table_kinds: tuple[TableKind, ...] = ()
    fillers: frozenset[str] = frozenset()
    seed: int = 1

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise ClubError(f"unknown format {self.format!r}; formats: {', '.join(FORMATS)}")
        names = [name.strip() for name in self.players]
        if any(not name for name in names):
            raise ClubError("a player needs a name")
        if len(set(names)) != len(names):
            twice = sorted({n for n in names if names.count(n) > 1})
            raise ClubError(f"two players named {twice[0]!r}: each name once")
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ClubError(
                f"a club night needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
            )
        if self.format in FIXED_PAIRS and len(names) % 2:
            raise ClubError(
                f"{self.format} plays fixed pairs: an even number of players, not {len(names)}"
            )
        if not isinstance(self.rounds, int) or not 1 <= self.rounds <= MAX_ROUNDS:
            raise ClubError(f"rounds must be a whole number from 1 to {MAX_ROUNDS}")
        if self.format == "duplicate" and self.length.hands is None:
            raise ClubError(
                "duplicate deals a set number of boards a round: give hands, not minutes"
            )
        for kind in self.table_kinds:
            if kind not in get_args(TableKind):
                raise ClubError(f"unknown table kind {kind!r}; kinds: online, physical")
        unknown = sorted(set(self.fillers) - set(names))
        if unknown:
            raise ClubError(f"filler {unknown[0]!r} is not one of the players")
        object.__setattr__(self, "players", tuple(names))

    @property
    def tables(self) -> int:
        """Tables in play each round (the rest of the players sit out on a bye)."""
        return len(self.players) // 4

    @property
    def pairs(self) -> tuple[tuple[str, str], ...]:
        """The fixed pairs (swiss, duplicate), in the order the players were given."""
        p = self.players
        return tuple((p[k], p[k + 1]) for k in range(0, len(p) - 1, 2))

    def table_kind(self, table: int) -> TableKind:
        return self.table_kinds[table] if table < len(self.table_kinds) else "online"


Seats = tuple[str, str, str, str]
"""A table's players in order round it: seats 0 and 2 are partners, 1 and 3."""


@dataclass(frozen=True)
class Round:
    """A round of the chart: who sits where at each table, and who sits out."""

    number: int
    """From 1."""
    tables: tuple[Seats, ...]
    byes: tuple[str, ...] = ()

    def seated(self) -> list[str]:
        return [name for table in self.tables for name in table]


@dataclass(frozen=True)
class TableResult:
    """What one table of one round scored for the standings: per hand (per board in
    duplicate), each side's club points; side 0 is seats 0 and 2."""

    round: int
    table: int
    seats: Seats
    hands: tuple[tuple[int, int], ...]
    raw: tuple[tuple[int, int], ...] = ()
    """Per hand, each side's points as the game scored them (duplicate compares
    these); empty when only club points were entered."""

    @property
    def points(self) -> tuple[int, int]:
        return (sum(h[0] for h in self.hands), sum(h[1] for h in self.hands))

    @property
    def hands_won(self) -> tuple[int, int]:
        return (
            sum(1 for a, b in self.hands if a > b),
            sum(1 for a, b in self.hands if b > a),
        )

    def side_of(self, player: str) -> int:
        return self.seats.index(player) % 2

    def winners(self) -> int:
        """The side that won the round: more points, then more hands won, then side 0
        (a tie the table cannot break stays with the first seat's side)."""
        points, won = self.points, self.hands_won
        return 1 if (points[1], won[1]) > (points[0], won[0]) else 0
