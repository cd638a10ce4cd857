"""Looking back at a hand in the browser: "Review" in the hand's summary shows the
hand double-dummy for the player's own cards (as ``followsuit review`` does), and
the replay viewer marks each card that gave something away at its step."""

from __future__ import annotations

import httpx2
import pytest
from playwright.sync_api import Browser, BrowserContext

from ..server_support import wait_for
from .conftest import watch_errors
from .test_browser_play import (
    LANDSCAPE,
    LAPTOP,
    MY_TURN,
    PHONE,
    bots,
    new_table,
    sit,
    step,
    visible_targets,
)


def test_the_summary_reviews_my_cards_of_the_hand(context: BrowserContext, base_url: str) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    made = new_table(base_url, "euchre/american", bots(4), delay=0)
    sit(page, base_url, made)
    for _ in range(60):
        page.wait_for_function(MY_TURN, timeout=20_000)
        if page.is_visible("#summary"):
            break
        step(page)
    assert page.is_visible("#summary")
    assert "Last trick:" in (page.text_content(".last-taker") or "")
    page.click("#summary-review")
    page.wait_for_selector("#review h3", timeout=20_000)
    review = httpx2.get(f"{base_url}/api/tables/{made['id']}/review", params={"hand": 1}).json()
    mine = [g for g in review["gifts"] if g["seat"] == 0]
    shown = page.eval_on_selector_all("#review .gift", "gs => gs.map(g => g.dataset.seat)")
    assert shown == ["0"] * len(mine)  # my own cards only
    assert page.locator("#review .review-tricks > li").count() == len(review["tricks"])
    if not mine and review["tricks"]:
        assert "Every card you played was a best play" in (page.text_content("#review") or "")
    assert errors == []


def test_the_replay_viewer_marks_the_cards_that_gave_something_away(
    context: BrowserContext, base_url: str
) -> None:
    made = httpx2.post(
        f"{base_url}/api/tables",
        json={
            "variant": "euchre/american",
            "options": {"target_score": 5},
            "seats": ["bot:random"] * 4,
            "bot_delay_ms": 0,
        },
    ).json()
    wait_for(lambda: bool(httpx2.get(f"{base_url}/api/tables/{made['id']}").json()["over"]), 60)
    record = httpx2.get(f"{base_url}/api/tables/{made['id']}/record").json()
    steps = httpx2.post(f"{base_url}/api/replay", json=record).json()["steps"]
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{base_url}/replay?table={made['id']}")
    page.wait_for_selector("#replay-view:not([hidden])")
    marked = 0
    for hand in range(1, min(4, len(record["hands"])) + 1):
        gifts = httpx2.post(f"{base_url}/api/review", json={"record": record, "hand": hand}).json()[
            "gifts"
        ]
        for gift in gifts[:1]:
            at = next(
                k
                for k, s in enumerate(steps)
                if s["hand"] == hand - 1
                and s["seat"] == gift["seat"]
                and s["text"] == f"play {gift['played']}"
            )
            page.evaluate(
                "k => { const r = document.getElementById('r-step'); r.value = String(k);"
                " r.dispatchEvent(new Event('input')); }",
                at,
            )
            page.wait_for_selector(
                f"#r-review .gift:has-text('Seat {gift['seat']} played')", timeout=20_000
            )
            assert "gave away" in (page.text_content("#r-review .gift") or "")
            marked += 1
    assert marked > 0  # random bots give something away in a game
    assert errors == []


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE, LAPTOP], ids=["390x844", "844x390", "1280x800"])
def test_the_replay_viewer_fits_the_screen(
    browser: Browser, base_url: str, size: dict[str, int]
) -> None:
    made = httpx2.post(
        f"{base_url}/api/tables",
        json={
            "variant": "pitch/cutthroat-3p",
            "options": {"target_score": 2},
            "seats": ["bot:rules"] * 3,
            "bot_delay_ms": 0,
        },
    ).json()
    wait_for(lambda: bool(httpx2.get(f"{base_url}/api/tables/{made['id']}").json()["over"]), 60)
    ctx = browser.new_context(viewport=size, has_touch=True, is_mobile=size is not LAPTOP)  # type: ignore[arg-type]
    try:
        page = ctx.new_page()
        page.goto(f"{base_url}/replay?table={made['id']}")
        page.wait_for_selector("#replay-view:not([hidden])")
        for _ in range(8):
            page.tap("#r-next")
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        small = [t for t in visible_targets(page) if t["width"] < 44 or t["height"] < 44]
        assert small == []
        assert "step 9 of" in (page.text_content("#r-where") or "")
    finally:
        ctx.close()
