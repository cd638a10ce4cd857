"""Getting a game in the browser: "Play now" in one tap (you and bots at the
variant's own rules), the rest behind "More rules", and the tables listed for
anyone to join, each joined in one tap."""

from __future__ import annotations

import httpx2
from playwright.sync_api import Browser, BrowserContext

from .conftest import NO_HOLD, open_lobby, watch_errors
from .test_browser_play import MY_TURN, sit, step

PHONE = {"width": 390, "height": 844}


def test_play_now_seats_you_against_bots_at_the_usual_rules_in_one_tap(
    browser: Browser, base_url: str
) -> None:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)  # type: ignore[arg-type]
    ctx.add_init_script(NO_HOLD)
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        open_lobby(page, base_url, "bid-euchre/standard")
        assert not page.is_visible("#seats-box")  # folded away under "More rules"
        assert not page.is_visible("#options")
        page.select_option("#play-level", "rules")
        page.tap("#play-now")
        page.wait_for_url("**/t/*")
        page.wait_for_selector("#hand .card")
        table_id = page.url.rsplit("/", 1)[1]
        view = httpx2.get(f"{base_url}/api/tables/{table_id}").json()
        assert view["variant"] == "bid-euchre/standard" and view["options"] == {}
        kinds = [(s["kind"], s.get("level")) for s in view["seats"]]
        assert kinds[0][0] == "human" and kinds[1:] == [("bot", "rules")] * 3
        # the level chosen is remembered for the next game
        open_lobby(page, base_url)
        assert page.input_value("#play-level") == "rules"
        assert errors == []
    finally:
        ctx.close()


def test_a_timed_game_plays_at_its_defaults(context: BrowserContext, base_url: str) -> None:
    page = context.new_page()
    open_lobby(page, base_url, "euchre/timed")
    page.click("#play-now")
    page.wait_for_selector("#hand .card")
    assert page.text_content("#play-error") in ("", None)
    page.wait_for_function(
        "() => document.getElementById('clock').dataset.running === '1'", timeout=10_000
    )
    first = page.text_content("#clock") or ""
    assert first.startswith("time left 20:00") or first.startswith("time left 19:5"), first


def test_a_listed_table_is_joined_from_the_lobby_in_one_tap(
    browser: Browser, base_url: str
) -> None:
    host = browser.new_context()
    guest = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)  # type: ignore[arg-type]
    try:
        page = host.new_page()
        open_lobby(page, base_url)
        page.click("#more-rules > summary")
        page.select_option("#seat-1", "human")
        page.click("#options-box summary")
        page.select_option("#opt-stick_the_dealer", "true")
        page.check("#listed")
        page.click("#create")
        page.wait_for_selector("#hand .card")
        table_id = page.url.rsplit("/", 1)[1]

        other = guest.new_page()
        errors = watch_errors(other)
        other.goto(base_url + "/")
        row = other.locator(f".open-table[data-table='{table_id}']")
        row.wait_for(timeout=10_000)
        text = row.text_content() or ""
        assert "Euchre, American rules" in text
        assert "stick the dealer: true" in text and "1 of 4 seats free" in text
        other.tap(f".open-table[data-table='{table_id}'] a")
        other.wait_for_selector("#hand .card")
        assert "?invite=" not in other.url
        assert other.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # the host's page sees the seat taken; the lobby no longer offers the table
        page.wait_for_function(
            "() => [...document.querySelectorAll('.seat-label')].filter(l =>"
            " l.getAttribute('aria-label').includes('here')).length === 2",
            timeout=10_000,
        )
        offered = httpx2.get(f"{base_url}/api/open-tables").json()
        assert table_id not in [t["id"] for t in offered]
        assert errors == []
    finally:
        host.close()
        guest.close()


def test_play_again_starts_the_same_game_at_a_new_table(
    context: BrowserContext, base_url: str
) -> None:
    body = {
        "variant": "euchre/american",
        "options": {"target_score": 1, "stick_the_dealer": True},
        "seats": ["human", "bot:rules", "bot:random", "bot:rules"],
        "bot_delay_ms": 0,
    }
    made = httpx2.post(f"{base_url}/api/tables", json=body).json()
    page = context.new_page()
    errors = watch_errors(page)
    sit(page, base_url, made)
    for _ in range(80):
        page.wait_for_function(MY_TURN, timeout=20_000)
        if page.locator("#play-again").count():
            break
        step(page)
    page.click("#play-again")
    page.wait_for_url(lambda url: made["id"] not in url)
    # the new table is drawn (to the end already if a partner's loner took the
    # one hand a game to 1 point needs while the page was loading)
    page.wait_for_selector("#seat-labels .seat-label[data-seat='0']")
    again = httpx2.get(f"{base_url}/api/tables/{page.url.rsplit('/', 1)[1]}").json()
    assert again["options"] == body["options"] and again["bot_delay_ms"] == 0
    assert [(s["kind"], s["level"]) for s in again["seats"][1:]] == [
        ("bot", "rules"),
        ("bot", "random"),
        ("bot", "rules"),
    ]
    assert errors == []
