"""The page and the server's clock and answers: a timed game's clock counts down
on the page only while the server's runs, and an action on its way says so until
the server answers (here the server's messages are held back, as a table
changing hands would)."""

from __future__ import annotations

import json
import threading
from typing import Any

import httpx2
from playwright.sync_api import Browser, BrowserContext, WebSocketRoute

from .conftest import watch_errors
from .test_browser_play import MY_TURN, new_table, sit


def test_the_clock_waits_for_every_player_then_counts_down(
    context: BrowserContext, browser: Browser, base_url: str
) -> None:
    made = new_table(base_url, "euchre/timed", ["human", "bot:rules", "human", "bot:rules"], 0)
    host = context.new_page()
    errors = watch_errors(host)
    sit(host, base_url, made)
    waiting = host.text_content("#clock") or ""
    assert "20:00" in waiting and "starts when every player has sat down" in waiting
    host.wait_for_timeout(2200)
    assert host.text_content("#clock") == waiting  # it did not count down
    friend = browser.new_context()  # a browser of its own: not the host's seat token
    guest = friend.new_page()
    guest.goto(base_url + made["invite"])
    guest.wait_for_selector("#hand .card")
    host.wait_for_function(
        "() => document.getElementById('clock').dataset.running === '1'", timeout=10_000
    )
    first = host.text_content("#clock") or ""
    host.wait_for_timeout(2200)
    later = host.text_content("#clock") or ""
    assert first.startswith("time left") and later.startswith("time left") and later < first
    assert errors == []
    friend.close()


def test_an_action_waiting_for_its_answer_shows_it_is_pending(
    context: BrowserContext, base_url: str
) -> None:
    made = new_table(base_url, "euchre/american", ["human"] + ["bot:rules"] * 3, 0)
    page = context.new_page()
    errors = watch_errors(page)
    hold = threading.Event()
    held: list[tuple[WebSocketRoute, str | bytes]] = []

    def through(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if hold.is_set():
                held.append((ws, message))
            else:
                ws.send(message)

        server.on_message(to_page)

    page.route_web_socket("**/ws/tables/**", through)
    sit(page, base_url, made)
    page.wait_for_function(MY_TURN, timeout=20_000)
    hold.set()
    if page.locator("#controls button.call:not([disabled])").count():
        page.click("#controls button.call:not([disabled]) >> nth=0")
    else:
        page.click("#hand .card.legal >> nth=0")
    page.wait_for_selector("#pending:not([hidden])", timeout=3000)
    assert "waiting for the server" in (page.text_content("#pending") or "")
    assert page.evaluate("document.body.classList.contains('pending')")
    hold.clear()
    for ws, message in held:
        ws.send(message)
    page.wait_for_selector("#pending", state="hidden", timeout=5000)
    kinds: list[Any] = [json.loads(m)["type"] for _, m in held if isinstance(m, str)]
    assert "update" in kinds
    assert not page.evaluate("document.body.classList.contains('pending')")
    assert httpx2.get(f"{base_url}/api/tables/{made['id']}").json()["n"] >= 1
    assert errors == []
