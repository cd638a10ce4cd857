"""Club nights on the web: the API to create a night and run its rounds, the pages
(the organiser's, the projector's standings, the phones' score entry), the live
standings over the tables' WebSocket fan-out, and the results as CSV and PDF.

The pairings, scoring and standings are :mod:`followsuit.club`'s; this module only
stores (:mod:`.club_store`) and broadcasts them. An online table is an ordinary web
table made through the lobby (its bots marked in the night's fillers); a physical
table's score comes from the phones (:mod:`followsuit.club.sheet`). Every view is
computed from the database's rows, so any process of several, or one restarted
after ``kill -9``, shows the same standings.

Two secrets are made with a night: the organiser's key (to start and end rounds and
settle disputes) and the score key (the phones' link). Both travel in request
bodies and in the page's ``#fragment``, never in an address a log keeps.
"""

from __future__ import annotations

import asyncio
import csv
import io
import logging
import secrets
from contextlib import suppress
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, Response
from starlette.websockets import WebSocketDisconnect

from ..club import (
    ClubError,
    Night,
    Ratings,
    Round,
    TableResult,
    club_rules,
    next_round,
    score_hand,
    standings,
)
from ..club.play import outcome
from ..club.sheet import ORGANISER, SIDES, Entry, sheet_status
from ..club.spec import night_as_json, night_from_json
from ..rules import OptionError, Rules, UnknownVariant, load_rules
from .club_pdf import night_pdf
from .club_store import ClubStore, StoredNight, StoredRound
from .fanout import Fanout, Subscription
from .livegame import LiveGame
from .lobby import Lobby
from .payloads import DEFAULT_BOT_DELAY_MS, BadRequest
from .settings import ServerSettings
from .store import SqlStore, secret_hash

log = logging.getLogger("followsuit.server.club")

WATCH_SECONDS = 2.0
"""How often a night with a standings page open reads its online tables' hands."""
MAX_POINTS = 10_000
GRACE_SECONDS = 120


def channel(night_id: str) -> str:
    """The night's name on the fan-out (beside the tables' ids, which are plain)."""
    return f"club:{night_id}"


def register_club(app: FastAPI, settings: ServerSettings) -> None:
    """Mount the club's pages, API and WebSocket on the app."""
    from .app import STATIC, lobby_of, read_json

    base = settings.public_url.rstrip("/")
    watchers: dict[str, asyncio.Task[None]] = {}

    def club_store(request: Request | WebSocket) -> ClubStore:
        found: ClubStore | None = getattr(request.app.state, "club_store", None)
        if found is None:
            store = lobby_of(request).store
            if not isinstance(store, SqlStore):
                raise BadRequest("club nights need the SQL store", status=503)
            found = ClubStore(store.engine)
            request.app.state.club_store = found
        return found

    def page() -> FileResponse:
        return FileResponse(STATIC / "club.html", headers={"Cache-Control": "no-cache"})

    @app.get("/club", include_in_schema=False)
    async def organiser_page() -> FileResponse:
        return page()

    @app.get("/club/{night_id}", include_in_schema=False)
    async def standings_page(night_id: str) -> FileResponse:
        return page()

    @app.get("/club/{night_id}/score", include_in_schema=False)
    async def score_page(night_id: str) -> FileResponse:
        return page()

    async def night_or_404(request: Request | WebSocket, night_id: str) -> StoredNight:
        found = await asyncio.to_thread(club_store(request).night, night_id[:40])
        if found is None:
            raise BadRequest(f"no club night {night_id[:40]!r}", "id", status=404)
        return found

    def check_key(given: Any, held: str, what: str) -> None:
        if not isinstance(given, str) or not secrets.compare_digest(secret_hash(given), held):
            raise BadRequest(f"this is not the night's {what} key", "key", status=403)

    @app.post("/api/club/nights", status_code=201)
    async def create_night(request: Request) -> dict[str, Any]:
        body = await read_json(request)
        try:
            night = night_from_json(body)
            club_rules(night)
        except (ClubError, OptionError, UnknownVariant) as exc:
            raise BadRequest(str(exc), "night") from None
        physical = any(night.table_kind(k) == "physical" for k in range(night.tables))
        if night.format == "duplicate":
            raise BadRequest(
                "duplicate runs offline for now (followsuit club simulate): the web tables "
                "deal their own cards",
                "format",
            )
        if physical and night.fillers:
            raise BadRequest(
                "a bot cannot sit at a physical table: bots filling seats need every table online",
                "fillers",
            )
        night_id = secrets.token_urlsafe(9)
        admin, score = secrets.token_urlsafe(18), secrets.token_urlsafe(12)
        store = club_store(request)
        await asyncio.to_thread(
            store.create_night, night_id, night, secret_hash(admin), secret_hash(score)
        )
        return {
            "id": night_id,
            "admin": admin,
            "score": score,
            "organiser": f"{base}/club#night={night_id}&admin={admin}",
            "standings": f"{base}/club/{night_id}",
            "phones": f"{base}/club/{night_id}/score#key={score}",
        }

    @app.get("/api/club/nights/{night_id}")
    async def night_view(request: Request, night_id: str) -> dict[str, Any]:
        stored = await night_or_404(request, night_id)
        return await view(request, stored)

    @app.post("/api/club/nights/{night_id}/rounds", status_code=201)
    async def start_round(request: Request, night_id: str) -> dict[str, Any]:
        stored = await night_or_404(request, night_id)
        body = await read_json(request)
        check_key(
            body.get("admin") if isinstance(body, dict) else None, stored.admin_hash, "organiser"
        )
        store = club_store(request)
        rounds = await asyncio.to_thread(store.rounds, night_id)
        if rounds and not rounds[-1].ended:
            raise BadRequest(
                f"round {rounds[-1].round.number} is still being played", "round", status=409
            )
        results = await asyncio.to_thread(store.results, night_id)
        try:
            charted = next_round(stored.night, [r.round for r in rounds], results)
        except ValueError as exc:
            raise BadRequest(str(exc), "round", status=409) from None
        online, links = await make_online_tables(lobby_of(request), stored.night, charted)
        await asyncio.to_thread(store.add_round, night_id, charted, online)
        await publish(request, stored)
        return {"round": charted.number, "seats": links}

    @app.post("/api/club/nights/{night_id}/rounds/{number}/end")
    async def end_round(request: Request, night_id: str, number: int) -> dict[str, Any]:
        stored = await night_or_404(request, night_id)
        body = await read_json(request)
        check_key(
            body.get("admin") if isinstance(body, dict) else None, stored.admin_hash, "organiser"
        )
        store = club_store(request)
        current = await current_round(store, night_id, number)
        if current.bell is None:
            # the bell: each online table counts the hands it has finished and the
            # one in play, and the round ends once those are done
            lobby = lobby_of(request)
            counts = {}
            for k, table_id in current.online.items():
                done, in_play = await asyncio.to_thread(progress, lobby, table_id)
                counts[k] = done + in_play
                if stored.night.length.hands is not None:
                    counts[k] = min(counts[k], stored.night.length.hands)
            await asyncio.to_thread(store.ring_bell, night_id, number, counts)
            current = await current_round(store, night_id, number)
        results, missing = await round_results(request, stored, current)
        assert current.bell is not None
        for result in results:
            wanted = current.bell.get(result.table)
            if wanted is not None and len(result.hands) < wanted:
                missing.append(
                    f"the bell has rung: table {result.table + 1} is finishing its hand in play"
                )
        if missing:
            await publish(request, stored)
            raise BadRequest(f"round {number}: {missing[0]}", "round", status=409)
        await asyncio.to_thread(store.end_round, night_id, number, results)
        await publish(request, stored)
        return await view(request, stored)

    @app.post("/api/club/nights/{night_id}/rounds/{number}/tables/{table}/score")
    async def enter_score(
        request: Request, night_id: str, number: int, table: int
    ) -> dict[str, Any]:
        stored = await night_or_404(request, night_id)
        body = await read_json(request)
        if not isinstance(body, dict):
            raise BadRequest("a score is a JSON object")
        by = body.get("side")
        if by == ORGANISER:
            check_key(body.get("admin"), stored.admin_hash, "organiser")
        else:
            check_key(body.get("key"), stored.score_hash, "score")
            if by not in SIDES:
                raise BadRequest('side must be "0" or "1"', "side")
        points = body.get("points")
        if (
            not isinstance(points, list)
            or len(points) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in points)
            or not all(-MAX_POINTS <= p <= MAX_POINTS for p in points)
        ):
            raise BadRequest("points must be [side 0's points, side 1's points]", "points")
        store = club_store(request)
        current = await current_round(store, night_id, number)
        if current.ended:
            raise BadRequest(f"round {number} has ended", "round", status=409)
        if not 0 <= table < len(current.round.tables) or table in current.online:
            raise BadRequest(
                f"round {number} has no physical table {table + 1}", "table", status=404
            )
        await asyncio.to_thread(
            store.add_entry, night_id, number, table, Entry(by, (points[0], points[1]))
        )
        await publish(request, stored)
        entries = (await asyncio.to_thread(store.entries, night_id, number)).get(table, [])
        status, agreed = sheet_status(entries)
        return {"status": status, "points": agreed}

    @app.get("/api/club/nights/{night_id}/results.csv")
    async def results_csv(request: Request, night_id: str) -> Response:
        stored = await night_or_404(request, night_id)
        shown = await view(request, stored)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["place", "player", "points", "rounds", "hands_won", "byes", "bot"])
        for s in shown["standings"]:
            writer.writerow(
                [
                    "" if s["place"] is None else s["place"],
                    s["player"],
                    s["points"],
                    s["played"],
                    s["hands_won"],
                    s["byes"],
                    "yes" if s["bot"] else "",
                ]
            )
        writer.writerow([])
        writer.writerow(
            [
                "round",
                "table",
                "seat 1",
                "seat 2",
                "seat 3",
                "seat 4",
                "points 1 & 3",
                "points 2 & 4",
            ]
        )
        for r in shown["rounds"]:
            for t in r["tables"]:
                if t["points"] is not None:
                    writer.writerow([r["number"], t["number"], *t["seats"], *t["points"]])
        name = f"club-{night_id}.csv"
        return Response(
            out.getvalue(),
            media_type="text/csv",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.get("/api/club/nights/{night_id}/chart.pdf")
    async def chart_pdf(request: Request, night_id: str) -> Response:
        stored = await night_or_404(request, night_id)
        rounds = await asyncio.to_thread(club_store(request).rounds, night_id)
        pdf = await asyncio.to_thread(night_pdf, stored.night, [r.round for r in rounds])
        return Response(
            pdf,
            media_type="application/pdf",
            headers={"Content-Disposition": f'inline; filename="club-{night_id}.pdf"'},
        )

    @app.websocket("/ws/club/{night_id}")
    async def standings_socket(websocket: WebSocket, night_id: str) -> None:
        await websocket.accept()
        try:
            stored = await night_or_404(websocket, night_id)
        except BadRequest as exc:
            with suppress(Exception):
                await websocket.send_json({"type": "error", "message": exc.message})
                await websocket.close(code=4404)
            return
        fanout: Fanout = lobby_of(websocket).fanout
        sub = await fanout.subscribe(channel(night_id), None)
        fanout.joined(sub, [{"type": "night", **(await view(websocket, stored))}])
        watch(websocket, stored)
        sender = asyncio.create_task(pump(websocket, sub))
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
        except (WebSocketDisconnect, OSError):
            pass
        finally:
            await fanout.unsubscribe(sub)
            sender.cancel()
            with suppress(asyncio.CancelledError, Exception):
                await sender

    def watch(connection: WebSocket, stored: StoredNight) -> None:
        """Read the night's online tables while a page watches it, and tell the pages
        when a hand has finished (the fan-out carries it to every process's pages)."""
        task = watchers.get(stored.id)
        if task is not None and not task.done():
            return

        async def run() -> None:
            fanout: Fanout = lobby_of(connection).fanout
            last: dict[str, Any] | None = None
            while fanout.counts(channel(stored.id)):
                try:
                    shown = await view(connection, stored)
                    if shown != last:
                        if last is not None:
                            fanout.publish(channel(stored.id), {None: {"type": "night", **shown}})
                        last = shown
                except Exception:  # a store hiccup: try again next time
                    log.exception("club night %s: the standings could not be read", stored.id)
                await asyncio.sleep(WATCH_SECONDS)

        watchers[stored.id] = asyncio.create_task(run())

    async def publish(request: Request, stored: StoredNight) -> None:
        shown = await view(request, stored)
        lobby_of(request).fanout.publish(channel(stored.id), {None: {"type": "night", **shown}})

    async def view(connection: Request | WebSocket, stored: StoredNight) -> dict[str, Any]:
        store = club_store(connection)
        rounds = await asyncio.to_thread(store.rounds, stored.id)
        results = await asyncio.to_thread(store.results, stored.id)
        live: list[TableResult] = []
        statuses: dict[int, tuple[str, Entry | None]] = {}
        if rounds and not rounds[-1].ended:
            live, _ = await round_results(connection, stored, rounds[-1])
            entries = await asyncio.to_thread(store.entries, stored.id, rounds[-1].round.number)
            for k in range(len(rounds[-1].round.tables)):
                if k not in rounds[-1].online:
                    made = entries.get(k, [])
                    status, _ = sheet_status(made)
                    # the entry the other side is asked to confirm
                    statuses[k] = (status, made[-1] if status == "awaiting" else None)
        return night_view_json(stored, rounds, results, live, statuses)

    async def round_results(
        connection: Request | WebSocket, stored: StoredNight, current: StoredRound
    ) -> tuple[list[TableResult], list[str]]:
        """The round's results so far: online tables from their logs (the hands
        finished, at most the round's), physical tables from agreed entries; and
        what keeps the round from ending."""
        night, charted = stored.night, current.round
        store = club_store(connection)
        entries = await asyncio.to_thread(store.entries, stored.id, charted.number)
        lobby = lobby_of(connection)
        out: list[TableResult] = []
        missing: list[str] = []
        for k, seats in enumerate(charted.tables):
            if k in current.online:
                cap = night.length.hands if current.bell is None else current.bell[k]
                result = await asyncio.to_thread(
                    online_result, lobby, night, charted.number, k, seats, current.online[k], cap
                )
                out.append(result)
                continue
            status, agreed = sheet_status(entries.get(k, []))
            if agreed is None:
                missing.append(f"table {k + 1}'s score is {status}")
                continue
            out.append(TableResult(charted.number, k, seats, (agreed,), (agreed,)))
        return out, missing

    async def make_online_tables(
        lobby: Lobby, night: Night, charted: Round
    ) -> tuple[dict[int, str], list[dict[str, Any]]]:
        """An online table for each of the round's online tables: the players' seats
        are people's (their links returned once, to the organiser), the fillers' bots."""
        options = round_options(night)
        online: dict[int, str] = {}
        links: list[dict[str, Any]] = []
        for k, seats in enumerate(charted.tables):
            if night.table_kind(k) != "online":
                continue
            kinds = ["bot:rules" if p in night.fillers else "human" for p in seats]
            # bots alone: as fast as the server lets a table nobody watches go
            delay = DEFAULT_BOT_DELAY_MS if "human" in kinds else 0
            created = await lobby.create(
                night.variant,
                options,
                kinds,
                bot_delay_ms=delay,
                grace_seconds=GRACE_SECONDS,
            )
            online[k] = created.actor.id
            for seat, token in created.tokens.items():
                links.append(
                    {
                        "table": k,
                        "player": seats[seat],
                        "link": f"{base}/t/{created.actor.id}#token={token}",
                    }
                )
        return online, links


def round_options(night: Night) -> dict[str, Any]:
    """An online table plays the round's hands, not a game to its target: the
    target is put out of reach where the variant has one to move."""
    options = dict(night.options)
    with suppress(OptionError):
        load_rules(night.variant, {**options, "target_score": 1000})
        options["target_score"] = 1000
    return options


def table_game(lobby: Lobby, table_id: str) -> tuple[Rules, LiveGame] | None:
    """An online table's game as its log has it (None: no such table)."""
    stored = lobby.store.load(table_id)
    if stored is None:
        return None
    rules = load_rules(stored.spec.variant, stored.spec.options)
    return rules, LiveGame(rules, stored.hands, stored.actions)


def progress(lobby: Lobby, table_id: str) -> tuple[int, int]:
    """An online table's hands finished (thrown-in ones not counted), and 1 if a
    hand is in play."""
    found = table_game(lobby, table_id)
    if found is None:
        return 0, 0
    state = found[1].state
    done = sum(1 for r in state.results if not r.redeal)
    return done, int(not state.over and bool(state.log))


def online_result(
    lobby: Lobby,
    night: Night,
    number: int,
    table: int,
    seats: tuple[str, str, str, str],
    table_id: str,
    cap: int | None,
) -> TableResult:
    """An online table's result from its log: its hands finished, at most ``cap`` (the
    round's count, or the bell's; None: every one)."""
    hands: list[tuple[int, int]] = []
    raw: list[tuple[int, int]] = []
    found = table_game(lobby, table_id)
    if found is not None:
        rules, game = found
        played = [r for r in game.state.results if not r.redeal]
        for result in played if cap is None else played[:cap]:
            o = outcome(rules, result)
            hands.append(score_hand(night.scoring, o))
            raw.append(o.points)
    return TableResult(number, table, seats, tuple(hands), tuple(raw))


async def current_round(store: ClubStore, night_id: str, number: int) -> StoredRound:
    rounds = await asyncio.to_thread(store.rounds, night_id)
    if not rounds or rounds[-1].round.number != number:
        raise BadRequest(f"round {number} is not the round in play", "round", status=409)
    return rounds[-1]


def night_view_json(
    stored: StoredNight,
    rounds: list[StoredRound],
    results: list[TableResult],
    live: list[TableResult],
    statuses: dict[int, tuple[str, Entry | None]],
) -> dict[str, Any]:
    """What every page shows of a night: its settings, each round's tables with
    their state, and the standings (the round in play counted as far as it has got)."""
    night = stored.night
    # duplicate compares whole boards: a round counts once every table has played them
    counted = results + (live if night.format != "duplicate" else [])
    ratings = Ratings()
    family = club_rules(night).family
    for r in results:
        ratings.rate(family, r.seats, r.points)
    by_table = {(r.round, r.table): r for r in counted}
    shown_rounds = []
    for sr in rounds:
        tables = []
        for k, seats in enumerate(sr.round.tables):
            result = by_table.get((sr.round.number, k))
            status = "ended" if sr.ended else "playing"
            pending = None
            if not sr.ended and k in statuses:
                status, entry = statuses[k]
                if entry is not None:
                    pending = {"by": entry.by, "points": list(entry.points)}
            tables.append(
                {
                    "number": k + 1,
                    "seats": list(seats),
                    "kind": "online" if k in sr.online else "physical",
                    "online": sr.online.get(k),
                    "status": status,
                    "hands": 0 if result is None else len(result.hands),
                    "points": None if result is None else list(result.points),
                    "entered": pending,
                }
            )
        shown_rounds.append(
            {
                "number": sr.round.number,
                "tables": tables,
                "byes": list(sr.round.byes),
                "ended": sr.ended,
                "bell": sr.bell is not None,
            }
        )
    return {
        "id": stored.id,
        "night": night_as_json(night),
        "rounds": shown_rounds,
        "standings": [
            {
                "place": s.place,
                "player": s.player,
                "points": s.points,
                "played": s.played,
                "hands_won": s.hands_won,
                "byes": s.byes,
                "bot": s.player in night.fillers,
            }
            for s in standings(night, [r.round for r in rounds], counted)
        ],
        "ratings": ratings.as_json().get(family, {}),
    }


async def pump(websocket: WebSocket, sub: Subscription) -> None:
    with suppress(WebSocketDisconnect, RuntimeError, OSError, asyncio.CancelledError):
        while True:
            text = await sub.queue.get()
            if text is None:
                await websocket.close(code=sub.close_code)
                return
            await websocket.send_text(text)
