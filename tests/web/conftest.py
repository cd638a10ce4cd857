"""The browser tests' fixtures: a server on a fresh SQLite file for each module,
Debian's headless chromium driven by Playwright (never a downloaded browser)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from ..server_support import free_port, server

CHROMIUM = os.environ.get("FOLLOWSUIT_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("web") / "browser.db"
    port = free_port()
    with server(f"sqlite:///{db}", port):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), (
        f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium); "
        ".ci/run does"
    )
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield b
        b.close()


NO_HOLD = "try { localStorage.setItem('fs:trick-ms', '0') } catch (e) {}"
"""Whole games go faster with no finished trick held on the felt (its own tests
in test_browser_play.py keep the 1.2 s)."""


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1000, "height": 800})
    ctx.add_init_script(NO_HOLD)
    yield ctx
    ctx.close()


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def open_lobby(page: Page, base_url: str, variant: str | None = None) -> None:
    """The lobby, its form loaded (for ``variant``, when given)."""
    page.goto(base_url + "/")
    page.wait_for_selector("#options[data-variant]", state="attached")
    if variant is not None:
        page.select_option("#variant", variant)
        page.wait_for_selector(f"#options[data-variant='{variant}']", state="attached")
