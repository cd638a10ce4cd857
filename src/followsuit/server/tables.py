"""A table as a page's connection and the HTTP routes use it, wherever it runs.

:class:`LocalTable` is a table whose actor is in this process; :class:`RemoteTable`
one owned by another process, reached through Redis (:mod:`.cluster`): the same
calls, forwarded to the owner, which checks and applies them and answers. The
routes and the connection code never ask which they have.

Every call that acts for a seat carries ``held``, the hash of the token the page
came with: the owner refuses it (``seat_taken``) once the seat has a newer holder.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .actor import ActionRefused, TableActor
from .cluster import Cluster, NotOwner, RemoteError
from .fanout import Audience
from .payloads import BadRequest


class TablesFull(Exception):
    """Every table this process may hold is loaded and in use."""

    def wire(self) -> list[Any]:
        return [str(self)]


class Table(Protocol):
    id: str

    async def open(
        self, audience: Audience, since: int | None, process: str
    ) -> list[dict[str, Any]]: ...

    async def snapshot(self, audience: Audience) -> dict[str, Any]: ...

    async def seat_of(self, token_hash: str) -> int | None: ...

    async def act(self, seat: int, held: str, action: str, n: int) -> None: ...

    async def hint(self, seat: int, held: str) -> dict[str, Any]: ...

    async def say(self, seat: int, held: str, text: str) -> None: ...

    async def name(self, seat: int, held: str, text: str) -> None: ...

    async def present(self, process: str, counts: list[tuple[Audience, int]]) -> None: ...

    async def view(self) -> dict[str, Any]: ...

    async def record(self) -> dict[str, Any]: ...

    async def join(self, invite: str) -> dict[str, Any]: ...


OPERATIONS = frozenset(
    {
        "open",
        "snapshot",
        "seat_of",
        "act",
        "hint",
        "say",
        "name",
        "present",
        "view",
        "record",
        "join",
    }
)
"""What another process may ask of a table this one owns."""


class LocalTable:
    """A table whose actor runs here."""

    def __init__(self, actor: TableActor):
        self.actor = actor
        self.id = actor.id

    @property
    def live(self) -> TableActor:
        """The actor, while it runs here; once it stopped (the table moved to
        another process, or this one is stopping) :class:`NotOwner`, so that the
        caller finds the table's owner again rather than act on a stale copy."""
        if self.actor.closed:
            raise NotOwner(self.id)
        return self.actor

    async def open(
        self, audience: Audience, since: int | None, process: str
    ) -> list[dict[str, Any]]:
        return self.live.first_messages(audience, since, process)

    async def snapshot(self, audience: Audience) -> dict[str, Any]:
        return self.live.snapshot(audience)

    async def seat_of(self, token_hash: str) -> int | None:
        return self.live.seat_of(token_hash)

    async def act(self, seat: int, held: str, action: str, n: int) -> None:
        actor = self.live
        actor.check_holder(seat, held)
        await actor.act(seat, action, n)

    async def hint(self, seat: int, held: str) -> dict[str, Any]:
        actor = self.live
        actor.check_holder(seat, held)
        return await actor.hint(seat)

    async def say(self, seat: int, held: str, text: str) -> None:
        actor = self.live
        actor.check_holder(seat, held)
        await actor.say(seat, text)

    async def name(self, seat: int, held: str, text: str) -> None:
        actor = self.live
        actor.check_holder(seat, held)
        await actor.name(seat, text)

    async def present(self, process: str, counts: list[tuple[Audience, int]]) -> None:
        self.live.set_presence(process, dict(counts))

    async def view(self) -> dict[str, Any]:
        return self.live.table_view()

    async def record(self) -> dict[str, Any]:
        return self.live.public_record()

    async def join(self, invite: str) -> dict[str, Any]:
        return await self.live.join(invite)


class RemoteTable:
    """A table owned by another process: each call is a request to it."""

    def __init__(self, table_id: str, owner: str, cluster: Cluster):
        self.id = table_id
        self.owner = owner
        self.cluster = cluster

    async def _call(self, op: str, **args: Any) -> Any:
        try:
            return await self.cluster.request(self.owner, self.id, op, args)
        except RemoteError as exc:
            raise _local_error(exc) from None

    async def open(
        self, audience: Audience, since: int | None, process: str
    ) -> list[dict[str, Any]]:
        first: list[dict[str, Any]] = await self._call(
            "open", audience=audience, since=since, process=process
        )
        return first

    async def snapshot(self, audience: Audience) -> dict[str, Any]:
        message: dict[str, Any] = await self._call("snapshot", audience=audience)
        return message

    async def seat_of(self, token_hash: str) -> int | None:
        seat: int | None = await self._call("seat_of", token_hash=token_hash)
        return seat

    async def act(self, seat: int, held: str, action: str, n: int) -> None:
        await self._call("act", seat=seat, held=held, action=action, n=n)

    async def hint(self, seat: int, held: str) -> dict[str, Any]:
        message: dict[str, Any] = await self._call("hint", seat=seat, held=held)
        return message

    async def say(self, seat: int, held: str, text: str) -> None:
        await self._call("say", seat=seat, held=held, text=text)

    async def name(self, seat: int, held: str, text: str) -> None:
        await self._call("name", seat=seat, held=held, text=text)

    async def present(self, process: str, counts: list[tuple[Audience, int]]) -> None:
        await self._call("present", process=process, counts=[list(c) for c in counts])

    async def view(self) -> dict[str, Any]:
        found: dict[str, Any] = await self._call("view")
        return found

    async def record(self) -> dict[str, Any]:
        found: dict[str, Any] = await self._call("record")
        return found

    async def join(self, invite: str) -> dict[str, Any]:
        found: dict[str, Any] = await self._call("join", invite=invite)
        return found


async def serve(table: LocalTable, op: str, args: Mapping[str, Any]) -> Any:
    """Carry out another process's request on a table this one owns."""
    if op not in OPERATIONS:
        raise ActionRefused("malformed", f"no operation {op[:40]!r}")
    if op == "present":
        counts = [(a, int(c)) for a, c in args["counts"]]
        return await table.present(str(args["process"]), counts)
    return await getattr(table, op)(**args)


def _local_error(exc: RemoteError) -> Exception:
    """The owner's error as raised here."""
    if exc.kind == "ActionRefused":
        code, message = exc.values
        return ActionRefused(code, message)
    if exc.kind == "BadRequest":
        message, field, status, retry_after = exc.values
        return BadRequest(message, field, status, retry_after)
    if exc.kind == "TablesFull":
        return TablesFull(*exc.values)
    return ActionRefused("unavailable", "the table's server could not do that now; try again")
