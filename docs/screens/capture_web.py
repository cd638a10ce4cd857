"""Screenshots of the web table, for docs/screens/ (and for looking at a change).

``python docs/screens/capture_web.py [--out docs/screens]`` starts ``followsuit
serve`` on a fresh SQLite file, plays a seat against bots in Debian's headless
chromium and saves, at 1280x800 and 390x844:

- ``web-euchre-trick-WxH.png``: a Euchre trick just finished, held with its winner marked;
- ``web-bid-euchre-auction-WxH.png``: a Bid Euchre auction, with the bids drawn at the seats;
- ``web-pitch-summary-WxH.png``: the summary of a Pitch hand;
- ``web-review-WxH.png``: that hand reviewed double-dummy (the summary's Review);
- ``web-lobby-WxH.png``: the lobby, with a table waiting for players.

Needs the ``test`` extra (Playwright) and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
from playwright.sync_api import Page, sync_playwright

SIZES = ((1280, 800), (390, 844))
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def new_table(base: str, variant: str, players: int, options: dict[str, object]) -> tuple[str, str]:
    """A table with me in seat 0 and the rules bot elsewhere: its id and my token."""
    body = {
        "variant": variant,
        "options": options,
        "seats": ["human"] + ["bot:rules"] * (players - 1),
        "bot_delay_ms": 350,
    }
    made = httpx2.post(f"{base}/api/tables", json=body).json()
    return made["id"], made["seats"][0]["token"]


def open_seat(page: Page, base: str, table_id: str, token: str) -> None:
    page.goto(base + "/")
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [f"fs:token:{table_id}", json.dumps({"seat": 0, "token": token})],
    )
    page.goto(f"{base}/t/{table_id}")
    page.wait_for_selector("#hand .card")


READY = """() => !document.getElementById('summary').hidden
  || document.querySelector('#hand .card.legal') || document.querySelector('#controls button.pick')
  || document.querySelector('#controls button.call:not([disabled])')"""


def play_until(page: Page, done: str, limit: int = 400) -> None:
    """Play my seat (the first legal card, the last call; a pick of the first
    cards) until the JavaScript predicate ``done`` holds."""
    for _ in range(limit):
        page.wait_for_function(f"() => ({done})() || ({READY})()", timeout=30_000)
        if page.evaluate(done):
            return
        n = page.evaluate("document.body.dataset.n")
        if page.is_visible("#summary"):
            page.click("#summary-ok")
            continue
        elif page.locator("#controls button.pick").count():
            size = int(page.get_attribute("#controls button.pick", "data-size") or "1")
            for k in range(size):
                page.locator("#hand .card").nth(k).click()
            page.click("#controls button.pick")
        elif page.locator("#hand .card.legal").count():
            page.locator("#hand .card.legal").first.click()
        else:
            page.locator("#controls button.call:not([disabled])").last.click()
        page.wait_for_function(
            f"() => document.body.dataset.n !== '{n}' || ({done})()", timeout=30_000
        )
    raise SystemExit(f"gave up waiting for {done}")


def capture(base: str, out: Path) -> list[Path]:
    saved: list[Path] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=FLAGS)
        for width, height in SIZES:
            size = f"{width}x{height}"
            ctx = browser.new_context(viewport={"width": width, "height": height})
            page = ctx.new_page()
            listed = {
                "variant": "pitch/partnership-4p",
                "options": {"target_score": 21},
                "seats": ["human", "human", "bot:medium", "human"],
                "listed": True,
            }
            httpx2.post(f"{base}/api/tables", json=listed)
            page.goto(base + "/")
            page.wait_for_selector(".open-table")
            saved.append(out / f"web-lobby-{size}.png")
            page.screenshot(path=saved[-1])

            table_id, token = new_table(base, "euchre/american", 4, {})
            open_seat(page, base, table_id, token)
            play_until(page, "() => !!document.querySelector('#trick.held .play.winner')")
            page.wait_for_timeout(350)  # the last card has slid in
            saved.append(out / f"web-euchre-trick-{size}.png")
            page.screenshot(path=saved[-1])

            table_id, token = new_table(base, "bid-euchre/standard", 4, {})
            open_seat(page, base, table_id, token)
            page.wait_for_function(
                "() => document.querySelectorAll('#seat-labels .calls').length >= 3"
                " || document.querySelector('#controls button.call')"
            )
            page.wait_for_timeout(400)
            saved.append(out / f"web-bid-euchre-auction-{size}.png")
            page.screenshot(path=saved[-1])

            table_id, token = new_table(base, "pitch/partnership-4p", 4, {})
            open_seat(page, base, table_id, token)
            play_until(page, "() => !document.getElementById('summary').hidden")
            saved.append(out / f"web-pitch-summary-{size}.png")
            page.screenshot(path=saved[-1])
            page.click("#summary-review")
            page.wait_for_selector("#review h3", timeout=30_000)
            page.locator("#review").scroll_into_view_if_needed()
            saved.append(out / f"web-review-{size}.png")
            page.screenshot(path=saved[-1])
            ctx.close()
        browser.close()
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "followsuit", "serve", "--port", str(port)]
        command += ["--database", f"sqlite:///{tmp}/screens.db", "--min-bot-delay-ms", "0"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    if httpx2.get(base + "/healthz").status_code == 200:
                        break
                except httpx2.HTTPError:
                    time.sleep(0.1)
            for path in capture(base, args.out):
                print(path)
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
