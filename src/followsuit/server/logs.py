"""The server's log lines, none of which may hold a secret.

Seat tokens travel in the WebSocket subprotocol and invite codes in a link's
query string, but a client can put either anywhere: ``/ws/tables/ID?token=…``,
``?access_token=…``, ``/ws/tables/ID/TOKEN``. uvicorn writes its own line for every
WebSocket handshake (``"WebSocket /ws/…?…" [accepted]``, through ``uvicorn.error``,
whatever ``access_log`` says), and the access log (:mod:`.guard`) names every
path. So every line the server writes passes :func:`redact`: query strings go
whole, and so does any path segment that could be a token (long, and made only of
the URL-safe characters tokens are made of; the server's own ids are 12).
``followsuit serve`` sends every logger through one handler with the
:class:`Redact` filter (:func:`configure`), the access log redacts its paths
itself, for an app embedded in someone else's server.
"""

from __future__ import annotations

import logging
import re

QUERY = re.compile(r"\?[^\s\"'<>]+")
"""A query string: from ``?`` to the end of the address."""
TOKEN_SEGMENT = re.compile(r"(?<=/)[A-Za-z0-9_-]{17,}(?=[/?#\s\"'<>]|$)")
"""A path segment that could be a token or an invite code (ids are 12 characters;
a file name has a dot, which no token has)."""
FORMAT = "%(levelname)s:     %(name)s: %(message)s"


def redact(text: str) -> str:
    """``text`` without query strings and token-like path segments.

    >>> redact('"WebSocket /ws/tables/Zij0bW1QyRQ3?token=AWQr4x9qp4NQPnLvwliwnEjRzQRlCcBC"')
    '"WebSocket /ws/tables/Zij0bW1QyRQ3?…"'
    >>> redact("GET /t/Zij0bW1QyRQ3/AWQr4x9qp4NQPnLvwliwnEjRzQRlCcBC 404")
    'GET /t/Zij0bW1QyRQ3/… 404'
    >>> redact("GET /static/connection.js 200")
    'GET /static/connection.js 200'
    """
    return TOKEN_SEGMENT.sub("…", QUERY.sub("?…", text))


class Redact(logging.Filter):
    """Rewrites each record's message (and traceback) through :func:`redact`."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def configure(level: str) -> None:
    """Every log line of the process to stderr, redacted: followsuit's at ``level``,
    other libraries' warnings and errors (uvicorn sets its own loggers' levels)."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(Redact())
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(logging.WARNING)
    logging.getLogger("followsuit").setLevel(level)
