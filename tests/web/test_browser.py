"""The page in a real browser: Debian's headless chromium driven by Playwright
(``executable_path=/usr/bin/chromium``; no browser is ever downloaded). Whole games
are created through the form and played by clicking, one page reload mid-hand,
and a spectator in a second browser context sees no hidden card."""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from followsuit import record as R

from ..server_support import free_port, kill9, server
from .conftest import open_lobby, watch_errors


def create_table(page: Page, base_url: str, variant: str, target: int | None) -> str:
    """Fill in the form (me in seat 0, the rules bot elsewhere) and create the table."""
    open_lobby(page, base_url, variant)
    page.click("#more-rules > summary")
    if target is not None:
        page.click("#options-box summary")
        page.fill("#opt-target_score", str(target))
    page.click("#table-box summary")
    page.fill("#bot-delay", "0")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#hand .card")
    return page.url.rsplit("/", 1)[1]


READY = """() => {
  const summary = document.getElementById('summary');
  return !summary.hidden
    || document.getElementById('status').textContent.startsWith('Game over')
    || document.querySelector('#hand .card.legal')
    || document.querySelector('#controls button:not([disabled])');
}"""


def play_by_clicking(
    page: Page, *, reload_after: int | None = None, check: Any = None, limit: int = 10_000
) -> int:
    """Play my seat to the end of the game (or ``limit`` actions) by clicking what
    the page offers; the number of my actions."""
    mine = 0
    while mine < limit:
        page.wait_for_function(READY, timeout=20_000)
        if page.is_visible("#summary"):
            page.click("#summary-ok")
            continue
        if page.text_content("#status").startswith("Game over"):  # type: ignore[union-attr]
            return mine
        n = page.evaluate("document.body.dataset.n")
        if page.locator("#controls button.pick").count():
            size = int(page.get_attribute("#controls button.pick", "data-size") or "1")
            for k in range(size):
                page.locator("#hand .card").nth(k).click()
            page.click("#controls button.pick")
        elif page.locator("#hand .card.legal").count():
            assert page.locator("#hand .card[aria-disabled='true'].legal").count() == 0
            page.locator("#hand .card.legal").first.click()
        else:
            page.locator("#controls button:not([disabled])").first.click()
        page.wait_for_function(f"() => document.body.dataset.n !== '{n}'", timeout=20_000)
        mine += 1
        if check is not None:
            check()
        if reload_after is not None and mine == reload_after:
            before = sorted(
                page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.code)")
            )
            page.reload()
            page.wait_for_selector("#hand .card")
            after = sorted(
                page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.code)")
            )
            assert after == before  # the same seat and the same hand
            assert "connected" in (page.text_content("#conn") or "")
    return mine


def faces_outside(page: Page, places: str) -> list[str]:
    """The card faces drawn anywhere but in ``places`` (one evaluation: the page may
    redraw between a query and a later look)."""
    found: list[str] = page.evaluate(
        """places => [...document.querySelectorAll('.card.face, [data-code]')]
            .filter(c => !c.closest(places)).map(c => c.outerHTML)""",
        places,
    )
    return found


def public_cards_only(spectator: Page) -> None:
    """A spectator's page shows no hand and no card face outside the table's middle."""
    assert spectator.locator("#hand .card").count() == 0
    assert faces_outside(spectator, "#trick, #upcard, #last-trick, #summary") == []


def own_and_public_cards_only(player: Page) -> None:
    """A player's page shows faces only in the hand and the table's middle: the
    others' cards are backs, which carry no identity."""
    assert faces_outside(player, "#hand, #trick, #upcard, #last-trick, #summary") == []
    backs = player.evaluate(
        "() => [...document.querySelectorAll('.backs img')].map(i => i.outerHTML)"
    )
    assert all("data-code" not in b and "aria-label" not in b for b in backs)


def test_a_euchre_game_played_by_clicking_with_a_reload_and_a_spectator(
    browser: Browser, context: BrowserContext, base_url: str
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    table_id = create_table(page, base_url, "euchre/american", target=None)  # to 10
    watcher = browser.new_context()
    spectator = watcher.new_page()
    spectator.goto(f"{base_url}/t/{table_id}")
    spectator.wait_for_selector("#seat-labels .seat-label")
    assert "watching" in (spectator.text_content("#hand") or "")
    checks = 0

    def check() -> None:
        nonlocal checks
        checks += 1
        if checks % 5 == 0:
            public_cards_only(spectator)
            own_and_public_cards_only(page)

    mine = play_by_clicking(page, reload_after=2, check=check)
    assert mine >= 5
    public_cards_only(spectator)
    view = httpx2.get(f"{base_url}/api/tables/{table_id}").json()
    assert view["over"] and max(view["scores"]) >= 10
    rec = httpx2.get(f"{base_url}/api/tables/{table_id}/record").json()
    assert R.replay(rec).scores == tuple(view["scores"])
    assert page.text_content("#status").startswith("Game over")  # type: ignore[union-attr]
    spectator.wait_for_function(
        "() => document.getElementById('status').textContent.startsWith('Game over')"
    )
    assert errors == []
    watcher.close()


@pytest.mark.parametrize(
    ("variant", "target"), [("pitch/cutthroat-3p", 5), ("bid-euchre/standard", 10)]
)
def test_pitch_and_bid_euchre_played_through_the_page(
    context: BrowserContext, base_url: str, variant: str, target: int
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    table_id = create_table(page, base_url, variant, target)
    assert play_by_clicking(page) > 0
    view = httpx2.get(f"{base_url}/api/tables/{table_id}").json()
    assert view["over"]
    assert errors == []


def test_the_form_shows_the_servers_message_for_a_bad_option(
    context: BrowserContext, base_url: str
) -> None:
    page = context.new_page()
    open_lobby(page, base_url)
    page.click("#more-rules > summary")
    page.click("#options-box summary")
    page.fill("#opt-target_score", "banana")
    page.click("#create")
    page.wait_for_function("() => document.getElementById('create-error').textContent.length > 0")
    assert "target_score" in (page.text_content("#create-error") or "")
    assert page.locator("#row-target_score.invalid").count() == 1


def test_keyboard_play_announcements_four_colours_and_checked_deals(
    context: BrowserContext, base_url: str
) -> None:
    """The hand is one tab stop, arrow keys move between cards and Enter plays;
    plays are announced through aria-live; the four-colour deck recolours the
    diamonds; each finished hand's deal is checked in the page against its
    commitment."""
    page = context.new_page()
    errors = watch_errors(page)
    create_table(page, base_url, "euchre/american", target=None)
    labels = page.eval_on_selector_all(
        "#hand .card", "cs => cs.map(c => c.getAttribute('aria-label'))"
    )
    assert all(" of " in label for label in labels)
    assert page.locator("#hand .card[tabindex='0']").count() == 1
    actions = 0
    while not page.locator("#history .verdict").count() or not (
        page.text_content("#history .verdict") or ""
    ):
        page.wait_for_function(READY, timeout=20_000)
        if page.is_visible("#summary"):
            page.keyboard.press("Enter")  # the summary's Continue has the focus
            continue
        if page.text_content("#status").startswith("Game over"):  # type: ignore[union-attr]
            break
        n = page.evaluate("document.body.dataset.n")
        if page.locator("#hand .card.legal").count() and not page.locator(".pick").count():
            page.locator("#hand .card[tabindex='0']").focus()
            for _ in range(6):  # walk right to a playable card, wrapping round
                if page.evaluate("document.activeElement.classList.contains('legal')"):
                    break
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        elif page.locator("#controls button:not([disabled])").count():
            page.locator("#controls button:not([disabled])").first.focus()
            page.keyboard.press("Enter")
        else:  # the dealer's discard: pick a card with Enter, then the button
            page.locator("#hand .card[tabindex='0']").focus()
            page.keyboard.press("Enter")
            page.locator("#controls button.pick").focus()
            page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.body.dataset.n !== '{n}'", timeout=20_000)
        actions += 1
    assert actions > 0
    assert "dealt as committed" in (page.text_content("#history .verdict") or "")
    spoken = page.text_content("#announce") or ""
    # a play ("North plays …", "You play …"), a trick or the hand's end was announced
    assert re.search(r"\bplays?\b|wins the trick|Hand over|tricks\.", spoken), spoken
    diamonds = page.locator(".card.suit-D").first
    if diamonds.count():
        red = diamonds.evaluate("c => getComputedStyle(c).color")
        if page.is_visible("#summary"):  # the hand's summary lies over the page
            page.click("#summary-ok")
        page.check("#four-colour")
        assert diamonds.evaluate("c => getComputedStyle(c).color") != red
    assert errors == []


def test_the_replay_viewer_steps_through_a_downloaded_record(
    context: BrowserContext, base_url: str, tmp_path: Path
) -> None:
    made = httpx2.post(
        f"{base_url}/api/tables",
        json={
            "variant": "euchre/american",
            "options": {"target_score": 3},
            "seats": ["bot:rules"] * 4,
            "bot_delay_ms": 0,
        },
    ).json()
    for _ in range(200):
        if httpx2.get(f"{base_url}/api/tables/{made['id']}").json()["over"]:
            break
        time.sleep(0.05)
    path = tmp_path / "game.json"
    path.write_text(httpx2.get(f"{base_url}/api/tables/{made['id']}/record").text)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(base_url + "/replay")
    page.set_input_files("#replay-file", str(path))
    page.wait_for_selector("#r-board .seat-row")
    assert page.locator("#r-board .seat-row").first.locator(".card").count() == 5
    assert "step 1 of" in (page.text_content("#r-where") or "")
    page.click("#r-next")
    assert "step 2 of" in (page.text_content("#r-where") or "")
    page.click("#r-last")
    assert page.locator("#r-board .seat-row").first.locator(".card").count() == 0
    # a table's own record opens from the table page's link
    page.goto(f"{base_url}/replay?table={made['id']}")
    page.wait_for_selector("#r-board .seat-row")
    assert "step 1 of" in (page.text_content("#r-where") or "")
    assert errors == []


def test_a_preset_link_opens_the_form_with_its_rules(
    context: BrowserContext, base_url: str
) -> None:
    made = httpx2.post(
        f"{base_url}/api/presets",
        json={"name": "our club", "variant": "euchre/long", "options": {"stick_the_dealer": True}},
    ).json()
    page = context.new_page()
    assert made["link"] == f"/?preset={made['id']}"  # relative: no --public-url was given
    page.goto(base_url + made["link"])
    page.wait_for_selector("#options[data-variant='euchre/long']", state="attached")
    assert page.input_value("#variant") == "euchre/long"
    assert page.input_value("#opt-stick_the_dealer") == "true"
    assert "our club" in (page.text_content("#preset-result") or "")
    assert page.is_visible("#preset-result")  # "More rules" opens to show the preset


def test_a_friend_takes_a_seat_by_the_invite_link(browser: Browser, base_url: str) -> None:
    host = browser.new_context()
    friend = browser.new_context()
    try:
        page = host.new_page()
        open_lobby(page, base_url)
        page.click("#more-rules > summary")
        page.select_option("#seat-2", "human")
        page.click("#table-box summary")
        page.fill("#bot-delay", "0")
        page.click("#create")
        page.wait_for_url("**/t/*")
        page.wait_for_selector("#invite-box:not([hidden])")
        link = page.input_value("#invite-link")
        assert "?invite=" in link
        guest = friend.new_page()
        guest.goto(link)
        guest.wait_for_selector("#hand .card")
        assert "?invite=" not in guest.url  # the code is used up and out of sight
        labels = guest.eval_on_selector_all(
            ".seat-label", "ls => ls.map(l => l.getAttribute('aria-label'))"
        )
        assert any(label.startswith("You:") for label in labels)
        assert any(label.startswith("Partner (seat 0):") for label in labels)
        page.wait_for_function(
            "() => [...document.querySelectorAll('.seat-label')].some("
            "l => l.dataset.seat === '2' && l.textContent.includes('here'))"
        )
        guest.fill("#my-name", "Alice")
        guest.click("#name-form button")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.seat-label')].some(l =>"
            " l.querySelector('strong').textContent === 'Alice'"
            " && l.getAttribute('aria-label').startsWith('Alice, partner'))"
        )
        guest.reload()  # the seat is kept in the browser
        guest.wait_for_selector("#hand .card")
        assert guest.locator("#hand .card").count() >= 5  # six for a dealer who picked up
        assert guest.input_value("#my-name") == "Alice"
    finally:
        host.close()
        friend.close()


def test_the_page_comes_back_by_itself_after_the_server_is_killed(
    browser: Browser, tmp_path: Path
) -> None:
    """The page retries with back-off while the server is down, then returns to the
    same seat and hand, and play goes on."""
    database = f"sqlite:///{tmp_path / 'again.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        with server(database, port) as proc:
            create_table(page, base, "euchre/american", target=None)
            play_by_clicking(page, limit=2)
            page.wait_for_function(READY, timeout=20_000)
            before = sorted(
                page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.code)")
            )
            n = page.evaluate("document.body.dataset.n")
            kill9(proc)
        page.wait_for_function(
            "() => document.getElementById('conn').textContent.includes('retrying')"
        )
        # while it is down the page says so, offers nothing, and never "Your turn"
        assert (page.text_content("#conn") or "").startswith("Disconnected")
        assert page.locator("#hand .card.legal").count() == 0
        assert page.locator("#controls button:not([disabled])").count() == 0
        assert page.text_content("#status") != "Your turn"
        assert page.is_disabled("#hint")
        # long enough for the back-off to reach several seconds, each counted down
        shown: list[str] = []
        for _ in range(24):
            shown.append(page.text_content("#conn") or "")
            page.wait_for_timeout(250)
        counts = [
            int(m.group(1)) for m in map(re.compile(r"retrying in (\d+) s").search, shown) if m
        ]
        assert any(b == a - 1 for a, b in itertools.pairwise(counts)), shown
        with server(database, port):
            ready = time.monotonic()  # /healthz has just answered
            page.wait_for_function(
                "() => document.getElementById('conn').textContent === 'connected'", timeout=40_000
            )
            back = time.monotonic() - ready
            assert back <= 1.0, f"the page took {back:.2f} s to come back"
            page.wait_for_function(READY, timeout=20_000)
            after = sorted(
                page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.code)")
            )
            assert after == before and page.evaluate("document.body.dataset.n") == n
            assert "Not connected" not in (page.text_content("#table-error") or "")
            assert not page.is_visible("#pending")
            assert play_by_clicking(page, limit=3) == 3
        # the console reports the refused connections while the server was down
        assert all("WebSocket" in e or "ERR_CONNECTION_REFUSED" in e for e in errors)
    finally:
        ctx.close()
