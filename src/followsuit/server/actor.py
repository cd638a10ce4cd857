"""One table, one actor: it takes commands in order and publishes numbered events.

Every action (a person's, a bot's, the clock's ``time-up``) goes through
:meth:`TableActor.act` under the table's lock, so actions are applied one at a
time in the order they arrive. An action is checked by the engine on a copy of the
state, written to the store, and only then taken as done and announced: the
event's number ``n`` is the count of actions accepted so far (the state number a
client must quote with its next action; an older number is refused as stale).

Each message is built from its audience's own observation (:mod:`.views`). The
actor also runs the seats: bots play when it is their turn (after the table's bot
delay), a person who has left keeps the seat for a grace period and then a bot of
the seat's level plays for them until they return, and a timed game's clock
supplies ``time-up``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy.exc import IntegrityError

from ..engine import IllegalAction
from ..rules import Rules
from .botpool import BotPool, Decision
from .committer import Committer
from .fanout import Audience, Fanout, every_audience
from .livegame import Accepted, LiveGame
from .payloads import BadRequest
from .store import CHAT_KEPT, Append, ChatLine, Store, TableSpec, secret_hash
from .tasks import cancel
from .updates import Moment, update_message
from .views import seat_view

MAX_CHAT_CHARS = 200
MAX_NAME_CHARS = 40
MOMENTS_KEPT = 64
"""Recent actions a returning page is sent one by one (further back: a snapshot)."""
RETRY_SECONDS = 1.0
LOCAL = "local"
"""The process's name for itself when it shares its tables with no other."""
PRESENCE_SETTLES = 2.0
"""Seconds after a table is loaded (taken over, say) in which every audience is told
of every event, while the processes tell it which pages they have open."""
log = logging.getLogger("followsuit.server")
PRESET_PHRASES = ("Good game!", "Nice play!", "Well played, partner.", "Oops!", "Thanks!")


class ActionRefused(Exception):
    """An action the table will not take; ``code`` names why for the page."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def wire(self) -> list[Any]:
        """Its fields, for another process to raise it again."""
        return [self.code, self.message]


@dataclass(frozen=True)
class Services:
    """What every table of a server shares: where actions are kept (and the group
    commit that keeps them), how messages reach the pages, where bots think, and
    the floor on a bot's pause."""

    store: Store
    fanout: Fanout
    bots: BotPool
    committer: Committer
    min_bot_delay_ms: int = 0
    process: str = LOCAL
    think_ms: int | None = None
    """A time budget per bot decision (None: the search levels' fixed worlds)."""
    """This process's name among the processes sharing the tables."""


@dataclass
class SeatState:
    """A seat's live condition. It is not stored: after a restart nobody is
    connected, and each person's grace period starts again."""

    connections: int = 0
    """Pages open for the seat, on every process."""
    away: bool = False
    """A person who left and whose grace period ran out: a bot plays for them."""
    grace_task: asyncio.Task[None] | None = None
    came: bool = False
    """Its holder has connected at least once (a timed game's clock waits for it)."""
    bot_seed: int = field(default_factory=lambda: secrets.randbits(63))


def hint_bot_name() -> str:
    """The bot for the hint button and a missing player's stand-in: medium.
    Expert beats it in four-handed Euchre (+0.061 points per hand in the arena)
    but is expert only there and searches as hard does, several times slower;
    hard is not shown stronger than medium."""
    return "medium"


class TableActor:
    """The one live object of a table: its game, its seats, its bots and clock.

    ``game`` is the engine state with its shuffles (:class:`LiveGame`), ``store``
    keeps every accepted action, ``fanout`` delivers the messages; ``now`` is the
    clock a timed game reads (a parameter so that it can be replaced).
    """

    def __init__(
        self,
        spec: TableSpec,
        rules: Rules,
        game: LiveGame,
        services: Services,
        *,
        clock_used_ms: int = 0,
        clock_started: bool = False,
        chat: tuple[ChatLine, ...] = (),
        chat_count: int = 0,
        now: Callable[[], float] = time.monotonic,
    ):
        self.spec = spec
        self.id = spec.id
        self.rules = rules
        self.game = game
        self.services = services
        self.store = services.store
        self.fanout = services.fanout
        self.lock = asyncio.Lock()
        self.seats = [SeatState() for _ in spec.seats]
        self.chat: deque[ChatLine] = deque(chat, maxlen=CHAT_KEPT)
        self._chat_count = chat_count
        self.recent: deque[Moment] = deque(maxlen=MOMENTS_KEPT)
        self._bot_task: asyncio.Task[None] | None = None
        self._clock_task: asyncio.Task[None] | None = None
        self._hint: tuple[int, dict[str, Any]] | None = None
        """The last hint worked out (state number, message): asked again, the same."""
        self._hinting: asyncio.Task[dict[str, Any]] | None = None
        self._now = now
        self._clock_used_ms = clock_used_ms
        self._clock_started: float | None = None
        self._clock_was_started = clock_started or game.seq > 0
        self.last_active = now()
        """When something last happened here (an action, someone coming or going)."""
        self.presence: dict[str, dict[Audience, int]] = {}
        """The pages open on each process (``local`` without Redis), by audience."""
        self._loaded_at = now()
        self._closed = False
        self.lost = False
        """Another process wrote this table's log: this copy must not go on."""

    # -- life cycle ---------------------------------------------------------------

    def start(self) -> None:
        """Begin running the table: grace periods for absent people, the bots, the
        clock of a timed game (at once if it had started before)."""
        for seat, spec in enumerate(self.spec.seats):
            if spec.kind == "human":
                self._start_grace(seat)
        self._schedule_bot()
        if self._clock_was_started:
            self._start_clock()
        else:
            self._maybe_start_clock()

    def touch(self) -> None:
        """Something happened here (a page came or went): not idle yet."""
        self.last_active = self._now()

    def quiet(self) -> bool:
        """Nobody is connected and no bot is about to move: the table may be put
        away (and loaded again from the store when someone comes)."""
        if any(any(counts.values()) for counts in self.presence.values()):
            return False
        return self._bot_task is None or self._bot_task.done()

    async def close(self) -> None:
        self._closed = True
        tasks = [
            self._bot_task,
            self._clock_task,
            self._hinting,
            *(s.grace_task for s in self.seats),
        ]
        await cancel(tasks)

    @property
    def closed(self) -> bool:
        """Stopped here (put away, taken over by another process, or this one
        stopping): it takes nothing more."""
        return self._closed

    @property
    def n(self) -> int:
        return self.game.seq

    @property
    def time_limit_ms(self) -> int | None:
        s = self.rules.settings
        if s.game_end_policy != "timed" or not s.time_limit_seconds:
            return None
        return int(s.time_limit_seconds) * 1000

    def clock_used_ms(self) -> int:
        if self._clock_started is None:
            return self._clock_used_ms
        return self._clock_used_ms + int((self._now() - self._clock_started) * 1000)

    def _maybe_start_clock(self) -> None:
        """Start a timed game's clock once every person's seat is taken and its
        holder has come (a table of bots starts at once)."""
        if self._clock_started is not None or self.time_limit_ms is None:
            return
        for spec, seat in zip(self.spec.seats, self.seats, strict=True):
            if spec.kind == "human" and not (spec.claimed and seat.came):
                return
        self._start_clock()
        if not self._clock_was_started:
            self._clock_was_started = True
            self._background(asyncio.to_thread(self.store.start_clock, self.id))

    def _start_clock(self) -> None:
        limit = self.time_limit_ms
        state = self.game.state
        if limit is None or self._clock_started is not None or self._closed:
            return
        self._clock_started = self._now()
        if not state.over and not state.time_up:
            self._clock_task = asyncio.create_task(self._clock(limit))
        self._publish_seats()  # the pages start counting down now, not before

    def _background(self, work: Any) -> None:
        async def run() -> None:
            try:
                await work
            except Exception:
                log.exception("table %s: the store could not keep that", self.id)

        asyncio.get_running_loop().create_task(run())

    # -- acting -------------------------------------------------------------------

    async def act(self, seat: int | None, text: str, n: int | None, *, by_bot: bool = False) -> int:
        """Take ``text`` for ``seat`` (None: the table's ``time-up``) if it is that
        seat's turn and ``n`` is the current state number; returns the new state
        number, or raises :class:`ActionRefused` (nothing is changed)."""
        async with self.lock:
            state = self.game.state
            if state.over:
                raise ActionRefused("over", "the game is over")
            if n is not None and n != self.n:
                raise ActionRefused(
                    "stale", f"state {n} is not the current state {self.n}: reload the table"
                )
            if seat is not None:
                to_move = state.current_player
                if to_move != seat:
                    whose = "nobody's" if to_move is None else f"seat {to_move}'s"
                    raise ActionRefused("not_your_turn", f"it is {whose} turn, not seat {seat}'s")
                if not by_bot and self.controlled_by_bot(seat):
                    raise ActionRefused("not_your_turn", f"seat {seat} is played by a bot")
            try:
                accepted = self.game.prepare(seat, text)
            except IllegalAction as exc:
                raise ActionRefused("illegal", f"{text[:60]}: {exc.reason}") from None
            used = self.clock_used_ms() if self.time_limit_ms is not None else None
            try:
                await self.services.committer.append(
                    Append(self.id, accepted.row, accepted.next_hand, accepted.state.over, used)
                )
            except IntegrityError:
                # the log has this action number already: another process wrote it,
                # so this copy of the table is behind and must stop (its process
                # finds the table's true owner again)
                self.lost = True
                raise ActionRefused("unavailable", "the table moved: try again") from None
            self.game.commit(accepted)
            self.last_active = self._now()
            self._publish_update(accepted)
            self._schedule_bot()
            return self.n

    def controlled_by_bot(self, seat: int) -> bool:
        spec = self.spec.seats[seat]
        return spec.kind == "bot" or self.seats[seat].away

    # -- bots ---------------------------------------------------------------------

    def _schedule_bot(self) -> None:
        if self._closed or self.game.state.over:
            return
        seat = self.game.state.current_player
        if seat is None or not self.controlled_by_bot(seat):
            return
        if self._bot_task is not None and not self._bot_task.done():
            return
        self._bot_task = asyncio.create_task(self._bot_turn(seat, self.n))

    def bot_delay_ms(self) -> int:
        """The pause before a bot's move: the table's, but no shorter than the
        server's floor while no person is connected (a table of bots alone must not
        make the server play flat out)."""
        delay = self.spec.bot_delay_ms
        if not any(s.connections for s in self.seats):
            delay = max(delay, self.services.min_bot_delay_ms)
        return delay

    async def _bot_turn(self, seat: int, n: int) -> None:
        await asyncio.sleep(self.bot_delay_ms() / 1000)
        if self._closed or self.n != n or not self.controlled_by_bot(seat):
            self._bot_task = None
            self._schedule_bot()
            return
        level = self.spec.seats[seat].level or hint_bot_name()
        try:
            move = await self.services.bots.decide(
                self._decision(seat, level, self.seats[seat].bot_seed)
            )
            await self.act(seat, move.text, move.n, by_bot=True)
        except ActionRefused:
            pass  # someone was quicker (a person came back): look again
        except Exception:  # a bot's or the store's failure: try again shortly
            log.exception("table %s: seat %s's bot could not move", self.id, seat)
            await asyncio.sleep(RETRY_SECONDS)
        self._bot_task = None
        self._schedule_bot()

    def _decision(self, seat: int, level: str, seed: int, *, fresh: bool = False) -> Decision:
        game = self.game
        return Decision(
            self.id,
            self.rules.id,
            self.spec.options,
            tuple(game.hands),
            tuple(game.actions),
            seat,
            level,
            seed,
            fresh,
            self.services.think_ms,
        )

    async def hint(self, seat: int) -> dict[str, Any]:
        """The bots' suggestion for ``seat``, if it is that seat's turn (worked out
        once per state: asking again gives the same answer without thinking again)."""
        state = self.game.state
        if state.current_player != seat or state.over:
            raise ActionRefused("not_your_turn", "a hint is for the seat to move")
        n = self.n
        if self._hint is not None and self._hint[0] == n:
            return self._hint[1]
        if self._hinting is None or self._hinting.done():
            self._hinting = asyncio.create_task(self._work_out_hint(seat))
        message = await asyncio.shield(self._hinting)
        if message["n"] != self.n:
            raise ActionRefused("stale", "the table moved on before the hint was ready")
        return message

    async def _work_out_hint(self, seat: int) -> dict[str, Any]:
        decision = self._decision(seat, hint_bot_name(), secrets.randbits(63), fresh=True)
        move = await self.services.bots.decide(decision)
        message = {"type": "hint", "n": move.n, "text": move.text, "says": move.says}
        self._hint = (move.n, message)
        return message

    # -- the clock ----------------------------------------------------------------

    async def _clock(self, limit_ms: int) -> None:
        while not self._closed:
            left = limit_ms - self.clock_used_ms()
            if left <= 0:
                break
            await asyncio.sleep(min(left / 1000, 5.0))
        state = self.game.state
        if self._closed or state.over or state.time_up:
            return
        with contextlib.suppress(ActionRefused):
            await self.act(None, "time-up", None)

    # -- people coming and going ---------------------------------------------------

    def set_presence(self, process: str, counts: Mapping[Audience, int]) -> None:
        """The pages ``process`` now has open here, by audience (it says so on each
        change, and again when the table changes hands). A seat whose pages all
        went starts its grace period; a seat with one again ends it."""
        if any(counts.values()):
            self.presence[process] = {a: c for a, c in counts.items() if c}
        else:
            self.presence.pop(process, None)
        self.last_active = self._now()
        changed = False
        for seat, s in enumerate(self.seats):
            now = sum(c.get(seat, 0) for c in self.presence.values())
            if now and not s.connections:
                self._arrived(seat)
                changed = True
            elif s.connections and not now:
                s.connections = 0
                if self.spec.seats[seat].kind == "human":
                    self._start_grace(seat)
                changed = True
            s.connections = now
        if changed:
            self._publish_seats()

    def forget_processes(self, alive: set[str]) -> None:
        """Drop the pages of processes that stopped (they died without saying)."""
        for process in [p for p in self.presence if p not in alive]:
            self.set_presence(process, {})

    def _arrived(self, seat: int) -> None:
        s = self.seats[seat]
        s.came = True
        if s.grace_task is not None:
            s.grace_task.cancel()
            s.grace_task = None
        s.away = False
        self._maybe_start_clock()

    def _start_grace(self, seat: int) -> None:
        s = self.seats[seat]
        if s.grace_task is None and not s.away and not self._closed:
            s.grace_task = asyncio.create_task(self._grace(seat))

    async def _grace(self, seat: int) -> None:
        await asyncio.sleep(self.spec.grace_seconds)
        s = self.seats[seat]
        s.grace_task = None
        if s.connections == 0 and not self._closed:
            s.away = True
            self._publish_seats()
            self._schedule_bot()

    async def claim(self, token_hash: str) -> int | None:
        """Give the first person's seat not yet taken to the holder of a new token
        (the invite link); None when every seat is taken. A seat has one holder:
        every earlier token of the seat stops working, and the pages still open
        with one are told so and closed (4403)."""
        async with self.lock:
            for seat, spec in enumerate(self.spec.seats):
                if spec.kind == "human" and not spec.claimed:
                    await asyncio.to_thread(self.store.claim_seat, self.id, seat, token_hash)
                    seats = list(self.spec.seats)
                    seats[seat] = replace(spec, claimed=True, token_hash=token_hash)
                    self.spec = replace(self.spec, seats=tuple(seats))
                    self.fanout.revoke(
                        self.id,
                        seat,
                        {
                            "type": "error",
                            "code": "seat_taken",
                            "message": "this seat was taken through the invite link",
                            "n": self.n,
                        },
                    )
                    self._maybe_start_clock()
                    return seat
            return None

    def holds(self, seat: int, token_hash: str) -> bool:
        """Whether ``token_hash`` is still the seat's (a claim replaces it)."""
        return secrets.compare_digest(self.spec.seats[seat].token_hash, token_hash)

    def check_holder(self, seat: int, token_hash: str) -> None:
        if not 0 <= seat < len(self.seats) or not self.holds(seat, token_hash):
            raise ActionRefused("seat_taken", "this seat was taken through the invite link")

    def seat_of(self, token_hash: str) -> int | None:
        """The seat this token's hash is for (None: no seat), in constant time."""
        found = None
        for seat, spec in enumerate(self.spec.seats):
            if spec.token_hash and secrets.compare_digest(spec.token_hash, token_hash):
                found = seat
        return found

    async def join(self, invite: str) -> dict[str, Any]:
        """A person with the invite link takes the first free seat: its new token."""
        if not secrets.compare_digest(secret_hash(invite), self.spec.invite_hash):
            raise BadRequest("this invite code is not this table's", "invite", status=403)
        token = secrets.token_urlsafe(24)
        seat = await self.claim(secret_hash(token))
        if seat is None:
            raise BadRequest("every seat is taken: you can watch", "invite", status=409)
        return {"seat": seat, "token": token}

    def public_record(self) -> dict[str, Any]:
        """The record anyone may download: the finished hands, with their shuffles."""
        players = [
            f"bot {s.level}" if s.kind == "bot" else s.name or f"seat {k}"
            for k, s in enumerate(self.spec.seats)
        ]
        return self.game.record(players)

    async def name(self, seat: int | None, text: str) -> None:
        """A person names their seat (kept with the table; shown to everyone)."""
        if seat is None:
            raise ActionRefused("spectator", "spectators have no seat to name")
        clean = " ".join(text.split())[:MAX_NAME_CHARS]
        if not clean.isprintable():
            raise ActionRefused("malformed", "a name is printable text")
        async with self.lock:
            await asyncio.to_thread(self.store.name_seat, self.id, seat, clean)
            seats = list(self.spec.seats)
            seats[seat] = replace(seats[seat], name=clean)
            self.spec = replace(self.spec, seats=tuple(seats))
        self._publish_seats()

    # -- chat ---------------------------------------------------------------------

    async def say(self, seat: int | None, text: str) -> None:
        """A chat line, kept with the table (a restart keeps it), then told to all."""
        if seat is None:
            raise ActionRefused("spectator", "spectators cannot chat")
        clean = " ".join(text.split())[:MAX_CHAT_CHARS]
        if not clean:
            raise ActionRefused("malformed", "a chat message needs some text")
        if not clean.isprintable():
            raise ActionRefused("malformed", "a chat message is printable text")
        async with self.lock:
            line = ChatLine(self._chat_count + 1, seat, clean, time.time())
            await asyncio.to_thread(self.store.add_chat, self.id, line)
            self._chat_count += 1
            self.chat.append(line)
        message = chat_message(line)
        self.fanout.publish(self.id, {a: message for a in self._audiences()}, self._elsewhere())

    def chat_view(self) -> list[dict[str, Any]]:
        return [chat_message(line) for line in self.chat]

    # -- messages -----------------------------------------------------------------

    def seats_view(self) -> list[dict[str, Any]]:
        out = []
        for seat, (spec, s) in enumerate(zip(self.spec.seats, self.seats, strict=True)):
            out.append(
                {
                    "seat": seat,
                    "kind": spec.kind,
                    "name": spec.name,
                    "level": spec.level,
                    "connected": s.connections > 0,
                    "away": s.away,
                    "bot_playing": self.controlled_by_bot(seat),
                }
            )
        return out

    def table_view(self) -> dict[str, Any]:
        """The public facts of the table (``GET /api/tables/{id}``)."""
        state = self.game.state
        rules = self.rules
        return {
            "id": self.id,
            "variant": rules.id,
            "title": rules.variant.title,
            "family": rules.family,
            "options": dict(self.spec.options),
            "num_players": rules.num_players,
            "sides": [list(s) for s in rules.sides],
            "seats": self.seats_view(),
            "scores": list(state.scores),
            "to_move": state.current_player,
            "hand_no": state.hand_no,
            "n": self.n,
            "over": state.over,
            "winner": state.winner,
            **self.clock_view(),
            "bot_delay_ms": self.spec.bot_delay_ms,
            "grace_seconds": self.spec.grace_seconds,
        }

    def clock_view(self) -> dict[str, Any]:
        """A timed game's clock as the page shows it: the page counts down only
        while ``clock_running`` (the server's clock waits for every person to sit
        down), from ``clock_used_ms`` as of this message."""
        return {
            "time_limit_ms": self.time_limit_ms,
            "clock_used_ms": self.clock_used_ms() if self.time_limit_ms is not None else None,
            "clock_running": self._clock_started is not None
            and not self.game.state.over
            and not self.game.state.time_up,
        }

    def fair_view(self) -> dict[str, Any]:
        hand = self.game.current
        return {"hand": hand.index, "commitment": hand.commitment}

    def snapshot(self, audience: Audience) -> dict[str, Any]:
        """Everything a (re)connecting page needs: the state number, its view."""
        return {
            "type": "hello",
            "n": self.n,
            "you": audience,
            "table": self.table_view(),
            "view": seat_view(self.game.state.observation(audience)),
            "fair": self.fair_view(),
            "chat": self.chat_view(),
            "phrases": list(PRESET_PHRASES),
        }

    def _publish_update(self, accepted: Accepted) -> None:
        """Remember the moment (for pages that come back) and tell every audience."""
        game = self.game
        finished = game.hands[accepted.ended_hand] if accepted.ended_hand is not None else None
        moment = Moment(self.n, game.state, accepted, game.current, finished, self.table_view())
        self.recent.append(moment)
        messages = {a: update_message(moment, a) for a in self._audiences()}
        self.fanout.publish(self.id, messages, self._elsewhere())

    def first_messages(
        self, audience: Audience, since: int | None, process: str
    ) -> list[dict[str, Any]]:
        """What a page arriving through ``process`` gets first: a snapshot, or
        (coming back at state ``since``) a ``resume`` and the updates it missed,
        when they are all kept. From now on its audience is told of every event,
        even before its process says it has the page open."""
        counts = self.presence.get(process, {})
        if not counts.get(audience):
            self.set_presence(process, {**counts, audience: 1})
        missed = None if since is None else self.missed(audience, since)
        if since is not None and missed is not None:
            return [self.resume(audience, since), *missed]
        return [self.snapshot(audience)]

    def missed(self, audience: Audience, since: int) -> list[dict[str, Any]] | None:
        """The updates after state ``since`` for a page coming back, if they are all
        still remembered (None: it needs a snapshot)."""
        if not 0 <= since <= self.n:
            return None
        wanted = [m for m in self.recent if m.n > since]
        if len(wanted) != self.n - since:
            return None
        return [update_message(m, audience) for m in wanted]

    def resume(self, audience: Audience, since: int) -> dict[str, Any]:
        """What a page coming back at state ``since`` gets before the updates it
        missed: everything of a snapshot but the view, which it has."""
        return {
            "type": "resume",
            "n": since,
            "you": audience,
            "table": self.table_view(),
            "fair": self.fair_view(),
            "chat": self.chat_view(),
            "phrases": list(PRESET_PHRASES),
        }

    def _audiences(self) -> list[Audience]:
        """The audiences to tell of an event (built for each, sent to its pages):
        those with a page open on some process. Just after the table is loaded,
        all of them: the processes have not told this one of their pages yet."""
        every = every_audience(self.rules.num_players)
        if self._now() - self._loaded_at < PRESENCE_SETTLES:
            present = set(every)
        else:
            present = {a for counts in self.presence.values() for a, c in counts.items() if c}
        return self.fanout.audiences(self.id, every, present)

    def _elsewhere(self) -> bool:
        """Whether another process may have pages of this table (all may, just
        after it was loaded)."""
        if self._now() - self._loaded_at < PRESENCE_SETTLES:
            return True
        return any(p != self.services.process for p in self.presence)

    def _publish_seats(self) -> None:
        audiences = self._audiences()
        message = {"type": "seats", "n": self.n, "seats": self.seats_view(), **self.clock_view()}
        self.fanout.publish(self.id, {a: message for a in audiences}, self._elsewhere())


def chat_message(line: ChatLine) -> dict[str, Any]:
    return {"type": "chat", "seat": line.seat, "text": line.text, "at": line.at}
