"""Following the game in the browser: a finished trick held on the felt with its
winner, the calls drawn at each seat, the contract and score on the felt, a phone's
screen and a laptop's, the keyboard, and axe-core's accessibility rules (the axe
bundled by axe-playwright-python, the npm package's own axe.min.js)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page

from .conftest import NO_HOLD, open_lobby, watch_errors

PHONE = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
LAPTOP = {"width": 1280, "height": 800}

HELD = "() => !!document.querySelector('#trick.held')"
MY_TURN = """() => {
  const summary = document.getElementById('summary');
  return !summary.hidden || document.getElementById('status').textContent.startsWith('Game over')
    || document.querySelector('#hand .card.legal') || document.querySelector('#controls button.call:not([disabled])')
    || document.querySelector('#controls button.pick');
}"""


def new_table(base_url: str, variant: str, seats: list[str], delay: int = 150) -> dict[str, Any]:
    body = {"variant": variant, "options": {}, "seats": seats, "bot_delay_ms": delay}
    made = httpx2.post(f"{base_url}/api/tables", json=body)
    assert made.status_code == 201, made.text
    return dict(made.json())


def sit(page: Page, base_url: str, made: dict[str, Any]) -> None:
    """Open seat 0 of ``made`` in ``page`` (its token kept as the lobby keeps it)."""
    page.goto(base_url + "/replay")
    mine = json.dumps(made["seats"][0])
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"fs:token:{made['id']}", mine])
    page.goto(f"{base_url}/t/{made['id']}")
    page.wait_for_selector("#hand .card")


def bots(n: int) -> list[str]:
    return ["human"] + ["bot:rules"] * (n - 1)


@pytest.fixture
def held_context(browser: Browser) -> Iterator[BrowserContext]:
    """The player's settings as they come: a finished trick held 1.2 s."""
    ctx = browser.new_context(viewport=LAPTOP)
    yield ctx
    ctx.close()


def rects_overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"] - 1
        and b["left"] < a["right"] - 1
        and a["top"] < b["bottom"] - 1
        and b["top"] < a["bottom"] - 1
    )


def rects(page: Page, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.eval_on_selector_all(
        selector,
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,"
        " width: r.width, height: r.height, what: e.id || e.className || e.tagName}; })",
    )
    return found


def step(page: Page, *, tap: bool = False) -> None:
    """One action of mine: the first legal card, the first call, a pick of the first cards."""
    page.wait_for_function(MY_TURN, timeout=20_000)
    click = page.tap if tap else page.click
    if page.is_visible("#summary"):
        click("#summary-ok")
        return
    n = page.evaluate("document.body.dataset.n")
    if page.locator("#controls button.pick").count():
        size = int(page.get_attribute("#controls button.pick", "data-size") or "1")
        for k in range(size):
            click(f"#hand .card >> nth={k}")
        click("#controls button.pick")
    elif page.locator("#hand .card.legal").count():
        click("#hand .card.legal >> nth=0")
    else:
        click("#controls button.call:not([disabled]) >> nth=0")
    page.wait_for_function(f"() => document.body.dataset.n !== '{n}'", timeout=20_000)


def test_a_finished_trick_stays_on_the_felt_with_its_winner(
    held_context: BrowserContext, base_url: str
) -> None:
    """A spectator of four bots sees each whole trick, its winner marked, for about
    1.2 s before it is swept away (0 of 1,620 views held one before)."""
    made = new_table(base_url, "euchre/american", ["bot:rules"] * 4, delay=200)
    page = held_context.new_page()
    errors = watch_errors(page)
    page.goto(f"{base_url}/t/{made['id']}")
    page.wait_for_selector("#seat-labels .seat-label")
    holds: list[tuple[float, float, int, int, str]] = []
    start: float | None = None
    seen: tuple[int, int, str] = (0, 0, "")
    shown = ""  # the held trick's cards: one hold may follow another at once
    deadline = time.monotonic() + 25
    while len(holds) < 4 and time.monotonic() < deadline:
        now = time.monotonic()
        held, cards, plays, winners, status = page.evaluate(
            "() => [!!document.querySelector('#trick.held'),"
            " [...document.querySelectorAll('#trick .card')].map(c => c.dataset.code).join(' '),"
            " document.querySelectorAll('#trick .play').length,"
            " document.querySelectorAll('#trick .play.winner').length,"
            " document.getElementById('status').textContent]"
        )
        if start is not None and (not held or cards != shown):
            holds.append((start, now, *seen))
            start = None
        if held and start is None:
            start, seen, shown = now, (plays, winners, status), cards
        time.sleep(0.03)
    assert len(holds) >= 4, holds
    for begin, end, plays, winners, status in holds:
        assert plays in (3, 4) and winners == 1  # the whole trick (3 with a loner), its winner
        assert "wins the trick" in status or "win the trick" in status
        assert 1.1 <= end - begin <= 2.5  # 1.2 s held, then a 0.3 s sweep
    assert errors == []


def test_a_hands_last_trick_is_seen_before_the_next_hand_is_offered(
    held_context: BrowserContext, base_url: str
) -> None:
    """While a hand's last trick is held on the felt, nothing of the next hand is
    offered (no calls, no cards): the trick, then the summary, then the new hand."""
    page = held_context.new_page()
    errors = watch_errors(page)
    sit(page, base_url, new_table(base_url, "euchre/american", bots(4), delay=0))
    for _ in range(80):
        page.wait_for_function(f"() => ({HELD})() || ({MY_TURN})()", timeout=20_000)
        if page.evaluate(HELD) and page.locator("#hand .card").count() == 0:
            break
        if page.evaluate(HELD):
            page.wait_for_selector("#trick.held", state="detached", timeout=5000)
            continue
        step(page)
    assert page.evaluate(HELD) and page.locator("#trick.held .play.winner").count() == 1
    assert page.locator("#controls button").count() == 0
    assert page.locator("#contract .trump").count() == 1  # the hand's trump, still shown
    assert not page.is_visible("#summary")
    page.wait_for_selector("#summary", state="visible", timeout=5000)
    page.click("#summary-ok")
    page.wait_for_selector("#hand .card")
    assert errors == []


def test_pause_after_each_trick_waits_for_a_click(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(viewport=LAPTOP)
    ctx.add_init_script("try { localStorage.setItem('fs:trick-pause', '1') } catch (e) {}")
    try:
        page = ctx.new_page()
        sit(page, base_url, new_table(base_url, "euchre/american", bots(4), delay=0))
        assert page.is_checked("#trick-pause")
        for _ in range(40):  # play until a trick is finished (held: no turn comes)
            page.wait_for_function(f"() => ({HELD})() || ({MY_TURN})()", timeout=20_000)
            if page.evaluate(HELD):
                break
            step(page)
        page.wait_for_selector("#trick.held")
        page.wait_for_timeout(2500)
        assert page.locator("#trick.held .play").count() == 4
        assert "click the felt" in (page.text_content("#status") or "")
        page.click("#felt")
        page.wait_for_selector("#trick.held", state="detached", timeout=1000)
    finally:
        ctx.close()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_cards_slide_unless_the_player_asks_for_no_motion(
    browser: Browser, base_url: str, motion: str
) -> None:
    ctx = browser.new_context(viewport=LAPTOP, reduced_motion=motion)  # type: ignore[arg-type]
    try:
        page = ctx.new_page()
        made = new_table(base_url, "euchre/american", ["bot:rules"] * 4, delay=150)
        page.goto(f"{base_url}/t/{made['id']}")
        page.wait_for_selector("#trick .play", timeout=20_000)
        duration = page.evaluate(  # one look: the trick is redrawn as cards come
            "() => getComputedStyle(document.querySelector('#trick .play')).transitionDuration"
        )
        if motion == "reduce":
            assert set(duration.split(", ")) == {"0s"}
        else:
            assert "0.3s" in duration
    finally:
        ctx.close()


def drawn_calls(page: Page) -> dict[int, list[str]]:
    found = page.eval_on_selector_all(
        "#seat-labels .seat-label",
        "ls => ls.map(l => [Number(l.dataset.seat),"
        " l.querySelector('.calls') ? l.querySelector('.calls').dataset.calls : ''])",
    )
    return {seat: (calls.split("|") if calls else []) for seat, calls in found}


def calls_before(actions: list[list[Any]], mine: int, n: int) -> dict[int, list[str]]:
    """Each seat's calls in a recorded hand before seat 0's ``mine``-th call."""
    out: dict[int, list[str]] = {k: [] for k in range(n)}
    made = 0
    for seat, text in actions:
        if seat is None or text.startswith(("play", "discard", "give")):
            continue
        if seat == 0:
            if made == mine:
                break
            made += 1
        out[seat].append(text)
    return out


@pytest.mark.parametrize(
    "variant", ["bid-euchre/standard", "euchre/american", "pitch/cutthroat-3p"]
)
def test_the_calling_is_drawn_at_each_seat_and_the_contract_stays_on_the_felt(
    context: BrowserContext, base_url: str, variant: str
) -> None:
    """At each of my calls, every call made so far this hand is drawn at its seat
    (checked against the hand's record once it is over), the hand is not greyed,
    and once play begins the contract and the score are on the felt."""
    page = context.new_page()
    errors = watch_errors(page)
    players = 3 if variant.startswith("pitch/cutthroat") else 4
    made = new_table(base_url, variant, bots(players), delay=0)
    sit(page, base_url, made)
    seen: list[dict[int, list[str]]] = []
    contract = score = ""
    # trump named and cards being played (in Pitch the maker's first card names
    # trump: "the first card led" till then); seen even by a seat sitting out
    playing = (
        "() => document.getElementById('felt').dataset.phase === 'play'"
        " && !!document.querySelector('#contract .trump')"
    )
    for _ in range(80):
        if contract:
            page.wait_for_function(MY_TURN, timeout=20_000)
        else:
            page.wait_for_function(f"() => ({MY_TURN})() || ({playing})()", timeout=20_000)
            if page.evaluate(playing):
                contract = page.text_content("#contract") or ""
                score = page.text_content("#score-line") or ""
                assert "by" in contract, contract
        if page.is_visible("#summary"):
            break
        if not page.evaluate(MY_TURN):
            continue
        if page.locator("#controls button.call").count():
            seen.append(drawn_calls(page))
            assert page.locator("#hand.playing").count() == 0
            filters = page.eval_on_selector_all(
                "#hand .card", "cs => cs.map(c => getComputedStyle(c).filter)"
            )
            assert set(filters) == {"none"}
        step(page)
    assert page.is_visible("#summary")
    rec = httpx2.get(f"{base_url}/api/tables/{made['id']}/record").json()
    actions = rec["hands"][0]["actions"]
    mine = [t for seat, t in actions if seat == 0 and not t.startswith(("play", "discard", "give"))]
    assert len(seen) == len(mine)  # the calls were looked at, at each of mine
    for k, drawn in enumerate(seen):
        assert drawn == calls_before(actions, k, players)
    if any(t.startswith("play") for _, t in actions):  # not a hand thrown in
        # play had begun: the contract and the score were on the felt
        assert contract.startswith("Trump ") and "first card" not in contract, contract
        assert ("Us" in score or "You" in score) and any(ch.isdigit() for ch in score)
    assert errors == []


def visible_targets(page: Page) -> list[dict[str, Any]]:
    """Every visible thing one taps: buttons, links, selects, inputs, summaries,
    checkbox labels (a checkbox's target is its label)."""
    found: list[dict[str, Any]] = page.evaluate(
        """() => [...document.querySelectorAll(
             'button, a[href], select, input:not([type=checkbox]):not([type=file]), summary, label.toggle')]
           .filter(e => e.offsetParent !== null && !e.closest('[hidden]'))
           .map(e => { const r = e.getBoundingClientRect();
             return {what: e.id || e.textContent.trim().slice(0, 30) || e.tagName,
                     width: r.width, height: r.height}; })"""
    )
    return found


@pytest.mark.parametrize(
    ("variant", "size"),
    [
        ("euchre/american", PHONE),
        ("euchre/american", LANDSCAPE),
        ("euchre/american", LAPTOP),
        ("pitch/8-player", PHONE),
        ("pitch/8-player", LANDSCAPE),
        ("pitch/blind-6p", PHONE),
        ("pitch/cutthroat-3p", LANDSCAPE),
    ],
    ids=lambda v: v if isinstance(v, str) else f"{v['width']}x{v['height']}",
)
def test_nothing_is_off_screen_or_too_small_to_tap(
    browser: Browser, base_url: str, variant: str, size: dict[str, int]
) -> None:
    """Every page at the size of a phone held either way and of a laptop: no
    sideways scrolling, every control 44 px or more, the score in the first
    screenful, the hand on screen, and no seat's label over another or over a
    card of the trick (the trick's cards clear of each other too), at 3 to 8 seats."""
    # no motion: cards in flight to or from a seat pass over its label by design
    ctx = browser.new_context(
        viewport=size,  # type: ignore[arg-type]
        has_touch=True,
        is_mobile=size is not LAPTOP,
        reduced_motion="reduce",
    )
    ctx.add_init_script(NO_HOLD)
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        open_lobby(page, base_url)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        small = [t for t in visible_targets(page) if t["width"] < 44 or t["height"] < 44]
        assert small == []
        # "Play now" is in reach and answers a tap; so does "More rules"
        page.tap("#more-rules > summary")
        page.wait_for_selector("#create", state="visible")
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        small = [t for t in visible_targets(page) if t["width"] < 44 or t["height"] < 44]
        assert small == []
        page.tap("#more-rules > summary")
        open_lobby(page, base_url, variant)
        page.select_option("#play-level", "rules")
        page.locator("#play-now").scroll_into_view_if_needed()
        page.tap("#play-now")
        page.wait_for_url("**/t/*")
        page.wait_for_selector("#hand .card")
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        small = [t for t in visible_targets(page) if t["width"] < 44 or t["height"] < 44]
        assert small == []
        # the score and the contract are in the first screenful, above the hand
        bar = rects(page, "#felt-bar")[0]
        assert bar["top"] >= 0 and bar["bottom"] <= size["height"] / 3
        hand = rects(page, "#hand .card")
        assert hand and all(c["top"] < size["height"] for c in hand)
        felt = rects(page, "#felt")[0]
        for _ in range(12):
            labels = rects(page, "#seat-labels .seat-label")
            for label in labels:  # inside the felt, whole
                assert label["left"] >= felt["left"] - 0.5 and label["right"] <= felt["right"] + 0.5
                assert label["top"] >= felt["top"] - 0.5 and label["bottom"] <= felt["bottom"] + 0.5
            cards = rects(page, "#trick .play .card")
            for k, a in enumerate(labels):
                assert not any(rects_overlap(a, b) for b in labels[k + 1 :])
                covered = [c for c in cards if rects_overlap(a, c)]
                assert covered == [], f"label {a} covers {covered}"
            for k, a in enumerate(cards):
                assert not any(rects_overlap(a, b) for b in cards[k + 1 :]), cards
            assert all(c["width"] >= 44 and c["height"] >= 44 for c in cards), cards
            step(page, tap=True)
        assert errors == []
    finally:
        ctx.close()


def test_a_hand_played_with_the_keyboard_two_keys_at_most(
    context: BrowserContext, base_url: str
) -> None:
    """After each action the focus is where the next one is made (never the page's
    body), a call has a key of its own and Enter plays the focused, playable card."""
    page = context.new_page()
    errors = watch_errors(page)
    sit(page, base_url, new_table(base_url, "euchre/american", bots(4), delay=0))
    actions = 0
    while actions < 12:
        page.wait_for_function(MY_TURN, timeout=20_000)
        if page.is_visible("#summary"):
            page.keyboard.press("Enter")  # its Continue has the focus
            continue
        where = page.evaluate(
            "() => { const a = document.activeElement; return a === document.body ? 'body'"
            " : a.closest('#hand') ? 'hand' : a.closest('#controls') ? 'controls' : a.id || a.tagName; }"
        )
        assert where in ("hand", "controls")
        n = page.evaluate("document.body.dataset.n")
        keys: list[str] = []
        pick = page.locator("#controls button.pick")
        call = page.locator("#controls button.call[data-key]")
        if pick.count():
            keys = ["Enter", pick.get_attribute("data-key") or "?"]
        elif page.locator("#hand .card.legal").count():
            assert page.evaluate("document.activeElement.classList.contains('legal')")
            keys = ["Enter"]
        elif call.count():
            keys = [call.first.get_attribute("data-key") or "?"]
        else:
            keys = ["Enter"]
        for key in keys:
            page.keyboard.press(key)
        assert len(keys) <= 2
        page.wait_for_function(f"() => document.body.dataset.n !== '{n}'", timeout=20_000)
        actions += 1
    assert errors == []


def test_the_focus_ring_is_not_the_playable_outline(context: BrowserContext, base_url: str) -> None:
    page = context.new_page()
    sit(page, base_url, new_table(base_url, "euchre/american", bots(4), delay=0))
    for _ in range(20):
        page.wait_for_function(MY_TURN, timeout=20_000)
        if page.locator("#hand .card.legal").count() >= 2:
            break
        step(page)
    page.locator("#hand .card.legal").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")  # focus by keyboard: :focus-visible
    looks = page.eval_on_selector_all(
        "#hand .card.legal",
        "cs => cs.map(c => [c === document.activeElement, getComputedStyle(c).outlineStyle,"
        " getComputedStyle(c).outlineColor, getComputedStyle(c).boxShadow])",
    )
    focused = [x for x in looks if x[0]]
    others = [x for x in looks if not x[0]]
    assert focused and others
    assert focused[0][1] == "dashed" and "255, 207, 64" not in focused[0][2]
    assert all(o[1] == "none" and "255, 207, 64" in o[3] for o in others)


def axe_violations(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
    ]


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["390x844", "1280x800"])
def test_axe_finds_nothing_on_the_lobby_the_table_the_summary_and_the_spectator_view(
    browser: Browser, base_url: str, size: dict[str, int]
) -> None:
    """axe-core's rules on every view a player meets, at a phone's size and a
    laptop's: the lobby (a table listed), the table during the auction and at a
    card to play, the last trick shown, the hand's summary with its review, and a
    spectator's view (which offers no name form)."""
    ctx = browser.new_context(viewport=size)  # type: ignore[arg-type]
    ctx.add_init_script(NO_HOLD)
    try:
        page = ctx.new_page()
        httpx2.post(
            f"{base_url}/api/tables",
            json={
                "variant": "euchre/american",
                "seats": ["human", "human"] + ["bot:rules"] * 2,
                "listed": True,
            },
        )
        open_lobby(page, base_url)
        page.wait_for_selector(".open-table")
        assert axe_violations(page) == []
        page.click("#more-rules > summary")
        assert axe_violations(page) == []  # every house rule shown
        made = new_table(base_url, "pitch/cutthroat-3p", bots(3), delay=0)
        sit(page, base_url, made)
        seen = set()
        for _ in range(200):
            page.wait_for_function(MY_TURN, timeout=20_000)
            if page.is_visible("#summary"):
                break
            now = "auction" if page.locator("#controls button.call").count() else "play"
            if now not in seen:
                seen.add(now)
                assert axe_violations(page) == [], now
            if now == "play" and "last" not in seen and page.is_enabled("#show-last"):
                seen.add("last")
                page.click("#show-last")
                assert page.is_visible("#last-trick")
                assert page.get_attribute("#show-last", "aria-expanded") == "true"
                assert axe_violations(page) == [], "last trick"
                page.click("#show-last")  # and it closes again
                assert not page.is_visible("#last-trick")
                assert page.get_attribute("#show-last", "aria-expanded") == "false"
            step(page)
        assert seen == {"auction", "play", "last"}
        assert page.is_visible("#summary")
        page.click("#summary-review")
        page.wait_for_selector("#review h3", timeout=20_000)
        assert axe_violations(page) == []  # the hand's summary and its review
        watcher = browser.new_context(viewport=size)  # type: ignore[arg-type]
        try:
            spectator = watcher.new_page()
            spectator.goto(f"{base_url}/t/{made['id']}")
            spectator.wait_for_selector("#seat-labels .seat-label")
            assert not spectator.is_visible("#name-form")  # nothing to name: not a seat
            assert axe_violations(spectator) == []
        finally:
            watcher.close()
    finally:
        ctx.close()
