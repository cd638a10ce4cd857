"""What the HTTP API accepts, checked before anything acts on it.

Each check raises :class:`BadRequest` naming the field and what is allowed, which
the app turns into a 400 with a JSON body ``{"error": ..., "field": ...}``; the
variant and options are checked by the rules themselves, with the same messages
as the command line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..bots import BOTS
from ..rules import OptionError, Rules, UnknownVariant, load_rules

MAX_BODY_BYTES = 64 * 1024
MAX_BOT_DELAY_MS = 10_000
MAX_GRACE_SECONDS = 3600
DEFAULT_BOT_DELAY_MS = 700
DEFAULT_GRACE_SECONDS = 90
MAX_NAME_CHARS = 80
DEFAULT_TIME_LIMIT_SECONDS = 20 * 60
"""A timed game's limit where the table's maker sets none: 20 minutes, about a
progressive-Euchre round (RULES.md leaves the limit to the host)."""


class BadRequest(Exception):
    def __init__(
        self,
        message: str,
        field: str | None = None,
        status: int = 400,
        retry_after: float | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.field = field
        self.status = status
        self.retry_after = retry_after
        """Seconds before asking again is worth it (a 429's or 503's Retry-After)."""

    def wire(self) -> list[Any]:
        """Its fields, for another process to raise it again."""
        return [self.message, self.field, self.status, self.retry_after]


@dataclass(frozen=True)
class NewTable:
    rules: Rules
    options: dict[str, Any]
    seats: list[str]
    bot_delay_ms: int
    grace_seconds: int
    listed: bool = False


def _object(body: Any) -> Mapping[str, Any]:
    if not isinstance(body, Mapping):
        raise BadRequest("the request body must be a JSON object")
    return body


def _unknown(body: Mapping[str, Any], known: set[str]) -> None:
    extra = sorted(set(body) - known)
    if extra:
        raise BadRequest(f"unknown field {extra[0]!r}", extra[0])


def _int(body: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = body.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadRequest(f"{name} must be an integer from {low} to {high}", name)
    return value


def rules_of(variant: Any, options: Any) -> Rules:
    """The variant's rules with these options, or BadRequest naming the problem."""
    if not isinstance(variant, str):
        raise BadRequest("variant must be a variant id (GET /api/variants lists them)", "variant")
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise BadRequest("options must be an object of option values", "options")
    try:
        rules = load_rules(variant, options)
    except UnknownVariant as exc:
        raise BadRequest(str(exc), "variant") from None
    except OptionError as exc:
        raise BadRequest(str(exc), f"options.{exc.option}" if exc.option else "options") from None
    except (ValueError, TypeError, RecursionError) as exc:
        raise BadRequest(f"options: {exc}", "options") from None
    return rules


def new_table(body: Any) -> NewTable:
    body = _object(body)
    _unknown(body, {"variant", "options", "seats", "bot_delay_ms", "grace_seconds", "listed"})
    rules = rules_of(body.get("variant"), body.get("options"))
    options = dict(body.get("options") or {})
    if rules.settings.game_end_policy == "timed" and not rules.settings.time_limit_seconds:
        # every variant plays at its defaults: a timed one gets a limit
        options["time_limit_seconds"] = DEFAULT_TIME_LIMIT_SECONDS
        rules = rules_of(rules.id, options)
    n = rules.num_players
    seats = body.get("seats")
    if seats is None:
        seats = ["human"] + ["bot:" + _default_bot()] * (n - 1)
    if not isinstance(seats, list) or len(seats) != n:
        raise BadRequest(f"seats must be a list of {n} entries for {rules.id}", "seats")
    clean = []
    for k, seat in enumerate(seats):
        if not isinstance(seat, str):
            raise BadRequest(f'seats[{k}] must be "human" or "bot:LEVEL"', f"seats[{k}]")
        text = seat.strip().lower()
        if text != "human":
            level = text.removeprefix("bot:")
            if not text.startswith("bot:") or level not in BOTS:
                raise BadRequest(
                    f'seats[{k}]: {seat[:40]!r} is not "human" or "bot:LEVEL" '
                    f"(levels: {', '.join(BOTS)})",
                    f"seats[{k}]",
                )
            text = "bot:" + level
        clean.append(text)
    listed = body.get("listed", False)
    if not isinstance(listed, bool):
        raise BadRequest("listed must be true or false", "listed")
    return NewTable(
        rules=rules,
        options=options,
        seats=clean,
        bot_delay_ms=_int(body, "bot_delay_ms", DEFAULT_BOT_DELAY_MS, 0, MAX_BOT_DELAY_MS),
        grace_seconds=_int(body, "grace_seconds", DEFAULT_GRACE_SECONDS, 0, MAX_GRACE_SECONDS),
        listed=listed and "human" in clean[1:],
    )


@dataclass(frozen=True)
class NewPreset:
    name: str
    rules: Rules
    options: dict[str, Any]


def new_preset(body: Any) -> NewPreset:
    body = _object(body)
    _unknown(body, {"name", "variant", "options"})
    name = body.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_CHARS:
        raise BadRequest(f"name must be a text of 1 to {MAX_NAME_CHARS} characters", "name")
    rules = rules_of(body.get("variant"), body.get("options"))
    return NewPreset(" ".join(name.split()), rules, dict(body.get("options") or {}))


def _default_bot() -> str:
    return "rules" if "rules" in BOTS else next(iter(BOTS))
