"""What every request passes before the app sees it: the checks that keep a server
on the open internet safe from other sites' pages, and the headers that keep the
page safe in the browser.

* A ``POST`` (or any request that changes something) and every WebSocket that
  comes with an ``Origin`` must come from the server's own origin or one of
  ``--allowed-origin``: another site's page cannot create tables or play in the
  name of a visitor (a request with no ``Origin`` is not a browser page's, and
  passes). A ``POST`` body must be ``application/json`` (415 otherwise), which a
  cross-site form or a ``text/plain`` fetch cannot send without asking first.
* With ``--public-url`` set, the ``Host`` must be its host (or an allowed
  origin's, or the loopback address): a page on a rebound DNS name reaches nothing.
* Every HTTP answer carries a Content-Security-Policy with no inline script or
  style, ``nosniff``, ``no-referrer`` (invite links hold a code) and no framing.
* The access log names the method, the path and the status, never the query
  string (an invite link's code is in it) nor a path segment that could be a
  token (:func:`.logs.redact`).

A pure ASGI middleware rather than Starlette's ``BaseHTTPMiddleware``, which does
not see WebSockets and copies every body.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from .logs import redact
from .settings import ServerSettings, origin_of

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

access_log = logging.getLogger("followsuit.access")

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; "
    "object-src 'none'"
)
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
LOOPBACK = frozenset({"127.0.0.1", "localhost", "[::1]"})
DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}


def _netloc(text: str, scheme: str) -> str:
    """``host[:port]`` in lower case, without the scheme's default port."""
    text = text.strip().lower()
    default = DEFAULT_PORTS.get(scheme)
    if default and text.endswith(":" + default):
        text = text[: -len(default) - 1]
    return text


def _host_name(netloc: str) -> str:
    if netloc.startswith("["):
        return netloc.split("]", 1)[0] + "]"
    return netloc.rsplit(":", 1)[0] if ":" in netloc else netloc


class Guard:
    """The checks and headers described above, around ``app``."""

    def __init__(self, app: ASGIApp, settings: ServerSettings):
        self.app = app
        self.public = origin_of(settings.public_url) if settings.public_url else None
        allowed = [o for o in (origin_of(x) for x in settings.allowed_origins) if o]
        self.origins = {self._origin_netloc(o) for o in [*allowed, self.public] if o}
        self.hosts = {_host_name(n) for n in self.origins} | LOOPBACK

    @staticmethod
    def _origin_netloc(origin: str) -> str:
        scheme, _, rest = origin.partition("://")
        return _netloc(rest, scheme)

    def origin_allowed(self, origin: str, host: str, scheme: str) -> bool:
        """Whether a page of ``origin`` may act here: the server's own (the public
        URL's, or without one the address it asked for) or an allowed one."""
        own = origin_of(origin)
        if own is None:  # "null" (a sandboxed frame, a file) or nonsense
            return False
        netloc = self._origin_netloc(own)
        if netloc in self.origins:
            return True
        return self.public is None and netloc == _netloc(host, scheme)

    def host_allowed(self, host: str) -> bool:
        if self.public is None:
            return True
        return _host_name(host.strip().lower()) in self.hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        origin = headers.get("origin")
        scheme = scope.get("scheme", "http")
        if kind == "websocket":
            if not self.host_allowed(host) or (
                origin is not None and not self.origin_allowed(origin, host, scheme)
            ):
                await _refuse_socket(receive, send)
                access_log.info("WebSocket %s refused: origin %s", redact(scope["path"]), origin)
                return
            await self.app(scope, receive, send)
            return
        method = scope["method"]
        if not self.host_allowed(host):
            await _answer(send, 421, f"this server does not answer for {host[:80]!r}")
        elif method not in SAFE_METHODS and (
            origin is not None and not self.origin_allowed(origin, host, scheme)
        ):
            await _answer(send, 403, "requests from other sites' pages are refused")
        elif method not in SAFE_METHODS and not _is_json(headers.get("content-type", "")):
            await _answer(send, 415, "send the request body as application/json")
        else:
            status = await self._pass(scope, receive, send)
            access_log.info("%s %s %s", method, redact(scope["path"]), status)
            return
        access_log.info("%s %s refused", method, redact(scope["path"]))

    async def _pass(self, scope: Scope, receive: Receive, send: Send) -> int:
        status = 0

        async def with_headers(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)
        return status


def _is_json(content_type: str) -> bool:
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


async def _answer(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *SECURITY_HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _refuse_socket(receive: Receive, send: Send) -> None:
    """Close a WebSocket before accepting it: the handshake is answered 403."""
    message = await receive()
    if message["type"] == "websocket.connect":
        await send({"type": "websocket.close", "code": 4403})
