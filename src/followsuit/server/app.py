"""The web app: the HTTP API, the seat WebSocket and the page (FastAPI on uvicorn).

``create_app(settings)`` builds it; ``followsuit serve`` runs it. The routes are
thin: requests are checked in :mod:`.guard` (origins, content types, headers) and
:mod:`.payloads`, tables live in :mod:`.lobby` and :mod:`.actor`, and the messages
a seat receives come from :mod:`.views`. Every error is one JSON object
``{"error": message, "field": ...}`` with a 4xx status; the WebSocket protocol is
described in ``docs/web-protocol.md``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ..engine import InvalidRecord
from ..rules import find_variant
from .actor import LOCAL, PRESET_PHRASES, ActionRefused, Services
from .botpool import BotPool
from .catalog import changed_rules, variant_detail, variant_list
from .club_routes import register_club
from .cluster import Cluster, NotOwner, Unavailable, namespace_of
from .committer import Committer
from .fanout import Fanout, LocalFanout, RedisFanout, Subscription
from .guard import Guard
from .limits import Bucket, Gauge, RateLimit
from .lobby import Lobby, bot_levels
from .payloads import MAX_BODY_BYTES, BadRequest, new_preset, new_table
from .replayer import replay_steps, review_hand
from .settings import ServerSettings
from .store import SqlStore, Store, secret_hash
from .tables import Table, TablesFull

log = logging.getLogger("followsuit.server")

STATIC = Path(str(files("followsuit.server") / "static"))
MAX_MESSAGE_CHARS = 4096
"""The longest WebSocket message a client may send (an action is a few words)."""
MAX_ACTION_CHARS = 200
BURST = 200
"""Messages a connection may send at once before it is asked to slow down…"""
PER_SECOND = 100.0
"""…and how fast its allowance comes back (a person sends a few a second at most;
a script playing a whole game, more)."""
CHAT_BURST = 5
CHAT_PER_SECOND = 0.5
"""A connection's chat lines: a few at once, then one every two seconds."""
SEND_TIMEOUT = 15.0
"""Seconds a page may take to read one message before its connection is dropped (a
page that never reads must not hold the server's memory)."""
MAX_RECORD_BODY = 2 * 1024 * 1024
SUBPROTOCOL = "followsuit"
"""The WebSocket subprotocol the server answers with; a page offers it together with
``token.TOKEN`` for a seat (a spectator offers it alone)."""
TOKEN_PREFIX = "token."
QUERY_KEYS = frozenset({"since"})
"""What a WebSocket address may carry. Anything else is refused, whatever its
spelling (``token``, ``Token``, ``access_token``, a bare ``?TOKEN``): a client
that puts its seat token there learns at once, and no access log keeps it."""
AGAIN_SECONDS = 0.2
"""The pause before a table whose owner went is looked up again (another process,
or this one, is taking it over)."""
TOO_MANY = 4429
"""The close code of a connection over its address's allowance."""


def error(
    status: int, message: str, field: str | None = None, retry_after: float | None = None
) -> JSONResponse:
    body: dict[str, Any] = {"error": message}
    if field is not None:
        body["field"] = field
    headers = None if retry_after is None else {"Retry-After": str(max(1, round(retry_after)))}
    return JSONResponse(body, status_code=status, headers=headers)


async def read_json(request: Request, limit: int = MAX_BODY_BYTES) -> Any:
    """The request's JSON body, refused (413/400) when too large or not JSON."""
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > limit:
        raise BadRequest(f"the request body is larger than {limit} bytes", status=413)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise BadRequest(f"the request body is larger than {limit} bytes", status=413)
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadRequest("the request body is not valid JSON") from None


def create_app(settings: ServerSettings | None = None, store: Store | None = None) -> FastAPI:
    settings = settings or ServerSettings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        own = store is None
        db: Store = store if store is not None else SqlStore(settings.database_url)
        cluster = None
        if settings.redis_url:
            cluster = Cluster(settings.redis_url, namespace_of(settings.database_url))
        fanout: Fanout = LocalFanout()
        if cluster is not None:
            await cluster.start()
            fanout = RedisFanout(cluster)
            log.info("process %s: sharing tables through Redis", cluster.me)
        bots = BotPool(settings.bot_workers)
        committer = Committer(db)
        me = cluster.me if cluster is not None else LOCAL
        services = Services(
            db,
            fanout,
            bots,
            committer,
            settings.min_bot_delay_ms,
            me,
            settings.think_ms or None,
        )
        lobby = Lobby(
            services,
            max_tables=settings.max_tables,
            idle_seconds=settings.idle_seconds,
            cluster=cluster,
        )
        app.state.lobby = lobby
        app.state.creations = RateLimit(settings.tables_per_minute)
        app.state.sockets = Gauge(settings.sockets_per_address)
        lobby.start()  # first: the leases of the tables resumed are renewed at once
        resumed = await lobby.resume_all()
        if resumed:
            log.info("resumed %d table(s)", resumed)
        try:
            yield
        finally:
            await lobby.close()
            await committer.close()
            bots.close()
            if cluster is not None:
                await cluster.close()
            if own:
                db.close()

    # no Swagger page: it loads its script from a CDN and inlines more, which the
    # page's Content-Security-Policy forbids; the API's schema is /api/openapi.json
    app = FastAPI(
        title="followsuit",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    register_errors(app)
    register_http(app, settings)
    register_ws(app)
    register_club(app, settings)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(Guard, settings=settings)
    return app


def address_of(connection: Request | WebSocket) -> str:
    """The client's address (uvicorn puts a trusted proxy's X-Forwarded-For here)."""
    return connection.client.host if connection.client else "unknown"


def lobby_of(request: Request | WebSocket) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def register_errors(app: FastAPI) -> None:
    @app.exception_handler(BadRequest)
    async def bad_request(_request: Request, exc: BadRequest) -> JSONResponse:
        return error(exc.status, exc.message, exc.field, exc.retry_after)

    @app.exception_handler(TablesFull)
    async def full(_request: Request, exc: TablesFull) -> JSONResponse:
        return error(503, f"{exc}: try again in a minute", retry_after=60)

    @app.exception_handler(Unavailable)
    async def unavailable(_request: Request, exc: Unavailable) -> JSONResponse:
        return error(503, f"{exc}: try again", retry_after=1)

    @app.exception_handler(ActionRefused)
    async def refused(_request: Request, exc: ActionRefused) -> JSONResponse:
        return error(503 if exc.code == "unavailable" else 400, exc.message)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        return error(exc.status_code, str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body", "query"))
        return error(400, f"{where}: {first.get('msg', 'invalid request')}", where or None)


def register_http(app: FastAPI, settings: ServerSettings) -> None:
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return page()

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return page()

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return page()

    @app.get("/healthz")
    async def healthz() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/api/variants")
    async def variants() -> list[dict[str, Any]]:
        return variant_list()

    @app.get("/api/variants/{variant_id:path}")
    async def variant(variant_id: str) -> dict[str, Any]:
        try:
            return variant_detail(variant_id)
        except ValueError as exc:
            raise BadRequest(str(exc), "variant", status=404) from None

    @app.get("/api/bots")
    async def bots() -> dict[str, Any]:
        return {"levels": bot_levels()}

    base = settings.public_url.rstrip("/")
    """Links are the public URL's, or relative: never built from the request's Host,
    which the sender chooses."""

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        spec = new_table(await read_json(request))
        wait = request.app.state.creations.take(address_of(request))
        if wait:
            raise BadRequest(
                f"this address has made {settings.tables_per_minute} tables in the last "
                f"minute: try again in {max(1, round(wait))} s",
                status=429,
                retry_after=wait,
            )
        created = await lobby_of(request).create(
            spec.rules.id,
            spec.options,
            spec.seats,
            bot_delay_ms=spec.bot_delay_ms,
            grace_seconds=spec.grace_seconds,
            listed=spec.listed,
        )
        table_id = created.actor.id
        return {
            "id": table_id,
            "seats": [{"seat": k, "token": t} for k, t in created.tokens.items()],
            "invite": f"{base}/t/{table_id}?invite={created.invite_code}",
            "watch": f"{base}/t/{table_id}",
        }

    @app.get("/api/open-tables")
    async def open_tables(request: Request) -> list[dict[str, Any]]:
        """The tables listed in the lobby that wait for players, the newest first."""
        out = []
        for t in await lobby_of(request).listed():
            try:
                title = find_variant(t.variant).title
                changed = changed_rules(t.variant, t.options)
            except (ValueError, TypeError):  # a variant this version no longer has
                continue
            out.append(
                {
                    "id": t.id,
                    "variant": t.variant,
                    "title": title,
                    "changed": changed,
                    "seats": t.seats,
                    "free": t.free,
                    "join": f"{base}/t/{t.id}?invite={t.invite}",
                    "created_at": t.created_at,
                }
            )
        return out

    async def table_or_404(request: Request, table_id: str) -> Table:
        table = await lobby_of(request).table(table_id)
        if table is None:
            raise BadRequest(f"no table {table_id[:40]!r}", "id", status=404)
        return table

    async def read(request: Request, table_id: str, work: Callable[[Table], Awaitable[Any]]) -> Any:
        """``work`` (which changes nothing) on the table; once more if its owner
        went meanwhile (it stopped, or its lease lapsed): the table is found again."""
        try:
            return await work(await table_or_404(request, table_id))
        except NotOwner:
            await asyncio.sleep(AGAIN_SECONDS)
            return await work(await table_or_404(request, table_id))

    @app.get("/api/tables/{table_id}")
    async def table(request: Request, table_id: str) -> dict[str, Any]:
        view: dict[str, Any] = await read(request, table_id, lambda t: t.view())
        return view

    @app.get("/api/tables/{table_id}/record")
    async def table_record(request: Request, table_id: str) -> Response:
        rec = await read(request, table_id, lambda t: t.record())
        name = f"followsuit-{table_id}.json"
        return Response(
            json.dumps(rec, indent=1) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'inline; filename="{name}"'},
        )

    @app.get("/api/tables/{table_id}/review")
    async def table_review(request: Request, table_id: str, hand: int) -> dict[str, Any]:
        """A finished hand of the table reviewed double-dummy (its deal is in the
        record by then, for everyone to see)."""
        rec = await (await table_or_404(request, table_id)).record()
        return await reviewed(rec, hand)

    @app.post("/api/tables/{table_id}/join")
    async def join(request: Request, table_id: str) -> dict[str, Any]:
        table = await table_or_404(request, table_id)
        body = await read_json(request)
        invite = body.get("invite") if isinstance(body, dict) else None
        if not isinstance(invite, str) or len(invite) > 64:
            raise BadRequest("invite must be the code from the invite link", "invite")
        return await table.join(invite)

    @app.post("/api/presets", status_code=201)
    async def create_preset(request: Request) -> dict[str, Any]:
        spec = new_preset(await read_json(request))
        wait = request.app.state.creations.take(address_of(request))
        if wait:
            raise BadRequest(
                "this address has saved too many tables and presets in the last minute: "
                f"try again in {max(1, round(wait))} s",
                status=429,
                retry_after=wait,
            )
        preset = await lobby_of(request).save_preset(spec.name, spec.rules.id, spec.options)
        return {
            "id": preset.id,
            "name": preset.name,
            "variant": preset.variant,
            "options": preset.options,
            "link": f"{base}/?preset={preset.id}",
        }

    @app.get("/api/presets/{preset_id}")
    async def preset(request: Request, preset_id: str) -> dict[str, Any]:
        found = await lobby_of(request).preset(preset_id)
        if found is None:
            raise BadRequest(f"no preset {preset_id[:40]!r}", "id", status=404)
        return {
            "id": found.id,
            "name": found.name,
            "variant": found.variant,
            "options": found.options,
        }

    @app.post("/api/review")
    async def record_review(request: Request) -> dict[str, Any]:
        """A hand of any record reviewed double-dummy: ``{"record": ..., "hand": N}``."""
        body = await read_json(request, MAX_RECORD_BODY)
        hand = body.get("hand") if isinstance(body, dict) else None
        if not isinstance(hand, int) or isinstance(hand, bool):
            raise BadRequest("hand must be the number of a finished hand (from 1)", "hand")
        return await reviewed(body.get("record"), hand)

    @app.post("/api/replay")
    async def replay(request: Request) -> dict[str, Any]:
        body = await read_json(request, MAX_RECORD_BODY)
        try:
            return await asyncio.to_thread(replay_steps, body)
        except InvalidRecord as exc:
            raise BadRequest(str(exc), "record") from None


async def reviewed(record: Any, hand: int) -> dict[str, Any]:
    try:
        return await asyncio.to_thread(review_hand, record, hand)
    except InvalidRecord as exc:
        raise BadRequest(str(exc), "hand" if exc.where == "hand" else "record") from None


def register_ws(app: FastAPI) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        offered = websocket.scope.get("subprotocols") or []
        await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
        sockets: Gauge = websocket.app.state.sockets
        address = address_of(websocket)
        if not sockets.acquire(address):
            await _refuse(websocket, "too_many", "too many connections from this address", TOO_MANY)
            return
        try:
            await _serve_socket(websocket, table_id, offered)
        finally:
            sockets.release(address)


async def _serve_socket(websocket: WebSocket, table_id: str, offered: list[str]) -> None:
    if set(websocket.query_params) - QUERY_KEYS:
        # before anything is looked up: a token in the address reaches nothing
        await _refuse(
            websocket,
            "bad_token",
            "the address takes only since=N: a seat token goes in the "
            f"Sec-WebSocket-Protocol header ({TOKEN_PREFIX}TOKEN), never in the address",
            4403,
        )
        return
    lobby = lobby_of(websocket)
    try:
        table = await lobby.table(table_id)
    except TablesFull as exc:
        await _refuse(websocket, "unavailable", f"{exc}: try again in a minute", 1013)
        return
    except Unavailable as exc:
        await _refuse(websocket, "unavailable", f"{exc}", 1013)
        return
    if table is None:
        await _refuse(websocket, "not_found", f"no table {table_id[:40]!r}", 4404)
        return
    token = offered_token(offered)
    held = secret_hash(token) if token else ""
    seat = None
    if token:
        try:
            seat = await table.seat_of(held)
        except (Unavailable, ActionRefused):
            await _refuse(websocket, "unavailable", "the table could not be reached", 1013)
            return
        if seat is None:
            await _refuse(websocket, "bad_token", "this seat token is not valid here", 4403)
            return
    await Connection(websocket, lobby, table, seat, held).run(
        _since(websocket.query_params.get("since"))
    )


def offered_token(subprotocols: list[str]) -> str | None:
    """The seat token a page offers as the subprotocol ``token.TOKEN`` (kept out of
    the address, so that no access log or proxy log ever holds it)."""
    for protocol in subprotocols:
        if protocol.startswith(TOKEN_PREFIX):
            return protocol[len(TOKEN_PREFIX) :]
    return None


def _since(text: str | None) -> int | None:
    """The state number a returning page has (None: it has none, or sent nonsense)."""
    if text is None or not text.isdigit() or len(text) > 12:
        return None
    return int(text)


async def _refuse(websocket: WebSocket, code: str, message: str, close: int) -> None:
    with suppress(WebSocketDisconnect, RuntimeError, OSError):
        await websocket.send_json({"type": "error", "code": code, "message": message})
        await websocket.close(code=close)


class Connection:
    """One page's WebSocket: messages in, the table's events out (in order, through
    the subscription's queue, so a reply never overtakes an event). The table may
    run in this process or another: the connection does not ask which."""

    def __init__(
        self, websocket: WebSocket, lobby: Lobby, table: Table, seat: int | None, held: str
    ):
        self.websocket = websocket
        self.lobby = lobby
        self.table = table
        self.seat = seat
        self.held = held
        """The hash of the token this page came with (a seat's holder can change)."""
        self.fanout = lobby.fanout
        self.messages = Bucket(BURST, PER_SECOND)
        self.chats = Bucket(CHAT_BURST, CHAT_PER_SECOND)

    async def run(self, since: int | None) -> None:
        """Serve the page until it goes: first a snapshot, or (for a page coming
        back at state ``since``) the events it missed; then every event in turn."""
        table_id = self.table.id
        sub = self.sub = await self.fanout.subscribe(table_id, self.seat)
        sender = asyncio.create_task(self._pump(sub))
        try:
            try:
                first = await self._call(lambda t: t.open(self.seat, since, self.lobby.me))
            except (Unavailable, ActionRefused):
                self.fanout.joined(sub, [self._error("unavailable", "try again")])
                return
            self.fanout.joined(sub, first)
            self.lobby.pages_changed(table_id)
            while not sub.dropped:
                message = await self.websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                reply = await self._handle(message.get("text"))
                if reply is not None:
                    self.fanout.send(sub, reply)
        except (WebSocketDisconnect, OSError):
            pass
        finally:
            await self.fanout.unsubscribe(sub)
            self.lobby.pages_changed(table_id)
            if not sub.dropped:  # the page went: the sender has nothing more to do
                sender.cancel()
            with suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(sender, SEND_TIMEOUT)
            log.debug("table %s: a page for seat %s went", table_id, self.seat)

    async def _call(self, work: Callable[[Table], Awaitable[Any]]) -> Any:
        """Do ``work`` on the table; if its process did not answer (it may have
        died), find the table again (another process, or this one, takes it over)
        and try once more."""
        try:
            return await work(self.table)
        except (Unavailable, NotOwner):
            await asyncio.sleep(AGAIN_SECONDS)
            table = await self.lobby.table(self.table.id)
            if table is None:
                raise ActionRefused("unavailable", "the table is gone") from None
            self.table = table
            return await work(table)

    async def _pump(self, sub: Subscription) -> None:
        """Send the subscription's messages until its end (None: close with its code)."""
        websocket = self.websocket
        try:
            while True:
                text = await sub.queue.get()
                # a timeout, not wait_for: wait_for makes a task of each send (four
                # per action at a table, plus the pings)
                async with asyncio.timeout(SEND_TIMEOUT):
                    if text is None:
                        await websocket.close(code=sub.close_code)
                        return
                    await websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError, TimeoutError):
            # the page went away, or reads too slowly to keep: drop it
            sub.dropped = True
            if websocket.application_state != WebSocketState.DISCONNECTED:
                with suppress(Exception):
                    await asyncio.wait_for(websocket.close(code=1008), 1.0)

    def _error(self, code: str, message: str) -> dict[str, Any]:
        return {"type": "error", "code": code, "message": message, "n": self.sub.n}

    async def _handle(self, text: str | None) -> dict[str, Any] | None:
        if not self.messages.take():
            return self._error("too_many", "too many messages: slow down")
        if text is None:
            return self._error("malformed", "messages are JSON text, not binary")
        if len(text) > MAX_MESSAGE_CHARS:
            return self._error("too_large", f"a message is at most {MAX_MESSAGE_CHARS} characters")
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            return self._error("malformed", "not valid JSON")
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return self._error("malformed", 'a message is a JSON object with a "type"')
        kind = message["type"]
        try:
            if kind == "ping":
                return {"type": "pong", "n": self.sub.n}
            if kind == "sync":
                snapshot: dict[str, Any] = await self._call(lambda t: t.snapshot(self.seat))
                return snapshot
            if kind == "act":
                return await self._act(message)
            if kind == "hint":
                seat = self._seat("spectators cannot ask for hints")
                hint: dict[str, Any] = await self._call(lambda t: t.hint(seat, self.held))
                return hint
            if kind == "chat":
                return await self._chat(message)
            if kind == "name":
                seat = self._seat("spectators have no seat to name")
                name = message.get("name")
                if not isinstance(name, str):
                    return self._error("malformed", 'name needs "name": a text')
                await self._call(lambda t: t.name(seat, self.held, name))
                return None
        except ActionRefused as exc:
            return self._error(exc.code, exc.message)
        except Unavailable:  # its owner went, and the table is still changing hands
            return self._error("unavailable", "the table is changing hands: try again")
        except Exception:  # the store failed: the action was not taken
            log.exception("table %s: a message could not be handled", self.table.id)
            return self._error("unavailable", "the server could not do that now; try again")
        return self._error("malformed", f"unknown message type {kind[:40]!r}")

    def _seat(self, why: str) -> int:
        if self.seat is None:
            raise ActionRefused("spectator", why)
        return self.seat

    async def _act(self, message: dict[str, Any]) -> dict[str, Any] | None:
        seat = self._seat("a spectator cannot act: open your seat's link")
        action, n = message.get("action"), message.get("n")
        if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION_CHARS:
            return self._error("malformed", 'act needs "action": the action\'s text')
        if not isinstance(n, int) or isinstance(n, bool):
            return self._error("malformed", 'act needs "n": the state number it answers')
        await self._call(lambda t: t.act(seat, self.held, action, n))
        return None

    async def _chat(self, message: dict[str, Any]) -> dict[str, Any] | None:
        seat = self._seat("spectators cannot chat")
        if not self.chats.take():
            return self._error("too_many", "too many chat lines: one every two seconds")
        text = message.get("text")
        phrase = message.get("phrase")
        if isinstance(phrase, int) and not isinstance(phrase, bool):
            if not 0 <= phrase < len(PRESET_PHRASES):
                return self._error("malformed", "no such phrase")
            text = PRESET_PHRASES[phrase]
        if not isinstance(text, str):
            return self._error("malformed", 'chat needs "text" or "phrase"')
        said = text
        await self._call(lambda t: t.say(seat, self.held, said))
        return None
