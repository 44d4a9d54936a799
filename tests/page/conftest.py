"""The page's tests: a real ``hearts serve`` app under uvicorn on loopback (in a thread of the
test process, on a SQLite store of its own) and Debian's Chromium driven headless by Playwright.

The browser is /usr/bin/chromium (``scripts/services`` installs it), or the one named by
``HEARTS_TEST_CHROMIUM``; Playwright's own browser download is not used.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    expect,
    sync_playwright,
)

from hearts.server import ServerConfig, create_app
from hearts.server.listen import server_config
from hearts.server.store import Store

CHROMIUM_ENV = "HEARTS_TEST_CHROMIUM"
TEST_SETTINGS = '{"speed": "test"}'
"""The page's settings in every test's browser unless the test says otherwise: the table at the
test speed (no pauses between the cards it shows, no hold of a finished trick)."""
WAIT = 30_000
"""Milliseconds a test waits at most for the page to show what it waits for: a failsafe, never
the mechanism (each wait is for a state, which on a quiet machine comes in well under a second;
this bound is for a busy one, where tests share the cores with others)."""
expect.set_options(timeout=WAIT)


def chromium() -> str:
    """The browser the tests drive: $HEARTS_TEST_CHROMIUM or Debian's /usr/bin/chromium."""
    return os.environ.get(CHROMIUM_ENV, "/usr/bin/chromium")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LiveServer:
    """The app served by uvicorn on 127.0.0.1 in a thread, until :meth:`stop`."""

    def __init__(self, folder: Path, **config: object) -> None:
        self.store = Store(f"sqlite:///{folder / 'tables.db'}")
        self.store.upgrade()
        settings = {
            "bot_workers": 0,
            "rate": 1_000,
            "burst": 1_000,
            "table_rate": 1_000,  # (the tests make many tables from 127.0.0.1)
            "table_burst": 1_000,
            "records_per_minute": 10_000,
            "records_burst": 10_000,
            **config,
        }
        served = ServerConfig(**settings)  # type: ignore[arg-type]
        app = create_app(served, store=self.store)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # (as `hearts serve` runs it: its guarded protocol, its settings)
        self._server = uvicorn.Server(server_config(app, served, host="127.0.0.1", port=self.port))
        self._thread = threading.Thread(target=self._server.run, name="page-server", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server for the page's tests did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(30)
        self.store.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server for a module's tests (each test makes tables of its own)."""
    live = LiveServer(tmp_path_factory.mktemp("page"))
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver for one module: its sync API runs an event loop in this thread while
    it is open, so it is closed after each module (asyncio.run in later tests needs none)."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Headless Chromium; a missing browser fails the tests with what to do (never a skip)."""
    path = chromium()
    if not os.access(path, os.X_OK):
        pytest.fail(
            f"no Chromium at {path}: run scripts/services (as root on Debian), or set "
            f"{CHROMIUM_ENV} to a Chromium",
            pytrace=False,
        )
    launched = playwright.chromium.launch(executable_path=path, headless=True)
    try:
        yield launched
    finally:
        launched.close()


def at_test_speed(context: BrowserContext, settings: str = TEST_SETTINGS) -> None:
    """Start every page of ``context`` with ``settings`` kept (JSON, as settings.js keeps them),
    unless the page's person has already chosen some."""
    # (a page with no storage of its own, about:blank or a data: URL, throws on localStorage)
    context.add_init_script(
        "try { if (localStorage.getItem('hearts:settings') === null)"
        f" localStorage.setItem('hearts:settings', {settings!r}); }} catch {{}}"
    )


def fresh_context(browser: Browser, **options: Any) -> BrowserContext:
    """A new browser context (one person: its own localStorage) with the test speed kept, as
    :func:`at_test_speed`; ``options`` as ``Browser.new_context`` takes them."""
    made = browser.new_context(**options)
    at_test_speed(made)
    return made


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A browser context of its own (its own localStorage: one person), a desktop window."""
    made = fresh_context(browser, viewport={"width": 1280, "height": 800})
    made.set_default_timeout(WAIT)
    try:
        yield made
    finally:
        made.close()


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    """A page of ``context``; the test fails if the page's script throws an error."""
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    assert not errors, f"the page's script failed: {errors}"
