"""Club night pages in a real browser (Debian's chromium through Playwright): the
organiser creating a night and starting a round, two phones entering and confirming
a physical table's score, a dispute flagged to the organiser, the projector's
standings updating by themselves, and axe finding nothing on any of the pages.

With FOLLOWSUIT_SCREENS=1 the standings and the phone's score entry are saved to
docs/screens/ (club-standings-1280x800.png, club-score-entry-390x844.png)."""

from __future__ import annotations

import os
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from .conftest import watch_errors

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def new_page(browser: Browser, width: int, height: int) -> tuple[Page, list[str]]:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    return page, watch_errors(page)


def no_violations(page: Page) -> None:
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def choose(phone: Page, table: str, side: int) -> None:
    phone.select_option("#score-table", table)
    phone.check(f"#side-{side}")


def test_a_club_night_in_the_browser(browser: Browser, base_url: str) -> None:
    organiser, organiser_errors = new_page(browser, 1280, 800)
    organiser.goto(base_url + "/club")
    no_violations(organiser)
    organiser.fill("#players", "\n".join(PLAYERS))
    organiser.fill("#rounds", "2")
    organiser.fill("#hands", "4")
    organiser.fill("#physical", "2")
    organiser.click("#create-button")
    organiser.wait_for_selector("#organiser:not([hidden])")
    organiser.wait_for_selector("#organiser-tables:has-text('No round yet')")
    organiser.click("#start-round")
    organiser.wait_for_selector("#organiser-tables .table")
    phones_link = organiser.get_attribute("#organiser-links a[href*='/score']", "href")
    standings_link = organiser.get_attribute("#organiser-links a[href^='/club/']", "href")
    assert phones_link and standings_link
    no_violations(organiser)

    projector, projector_errors = new_page(browser, 1280, 800)
    projector.goto(base_url + standings_link)
    projector.wait_for_selector("table.standings tbody tr")
    assert "Round 1 of 2 in play: 0 of 2 tables in" in projector.text_content("#standings-round")  # type: ignore[operator]
    no_violations(projector)

    first, first_errors = new_page(browser, 390, 844)
    second, second_errors = new_page(browser, 390, 844)
    for phone in (first, second):
        phone.goto(base_url + phones_link)
        phone.wait_for_selector("#score-table option", state="attached")
    table_one = first.locator("#score-table option").first.text_content() or ""
    # the first phone's side enters 5 to 3; the other side's phone confirms it
    choose(first, "1", 0)
    first.fill("#ours", "5")
    first.fill("#theirs", "3")
    if os.environ.get("FOLLOWSUIT_SCREENS"):
        first.screenshot(path=str(SCREENS / "club-score-entry-390x844.png"))
    no_violations(first)
    first.click("#send-score")
    first.wait_for_selector("#score-status:has-text('waiting for the other side')")
    choose(second, "1", 1)
    second.wait_for_selector("#score-confirm:not([hidden])")
    assert "5" in (second.text_content("#score-entered") or "")
    no_violations(second)
    second.click("#confirm-button")
    second.wait_for_selector("#score-status:has-text('Confirmed')")
    # the projector's standings update by themselves
    projector.wait_for_selector("#standings-round:has-text('1 of 2 tables in')")
    leader = table_one.split(": ", 1)[1].split(" v ")[0].split(" & ")[0]
    row = projector.locator("table.standings tbody tr").first
    assert leader in (row.text_content() or "") and "5" in (row.text_content() or "")
    if os.environ.get("FOLLOWSUIT_SCREENS"):
        projector.screenshot(path=str(SCREENS / "club-standings-1280x800.png"))

    # table 2: the sides disagree; the organiser sees the dispute, nothing is summed
    choose(first, "2", 0)
    first.fill("#ours", "6")
    first.fill("#theirs", "2")
    first.click("#send-score")
    first.wait_for_selector("#score-status:has-text('waiting for the other side')")
    choose(second, "2", 1)
    second.wait_for_selector("#score-confirm:not([hidden])")
    second.click("#wrong-button")
    second.fill("#ours", "6")
    second.fill("#theirs", "2")
    second.click("#send-score")
    second.wait_for_selector("#score-status:has-text('organiser has been told')")
    organiser.wait_for_selector(".dispute:has-text('Dispute at table 2')")
    no_violations(organiser)
    projector.wait_for_selector("#standings-round:has-text('1 of 2 tables in')")
    assert "6" not in (projector.locator("table.standings tbody tr").first.text_content() or "")
    # the organiser settles it and ends the round
    organiser.fill("#settle-a-2", "4")
    organiser.fill("#settle-b-2", "4")
    organiser.click(".table.disputed button")
    organiser.wait_for_selector(".table.confirmed >> nth=1")
    organiser.click("#end-round")
    organiser.wait_for_selector("#start-round:has-text('Start round 2')")
    projector.wait_for_selector("#standings-round:has-text('1 of 2 rounds played')")
    for errors in (organiser_errors, projector_errors, first_errors, second_errors):
        assert errors == []
