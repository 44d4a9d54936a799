"""``/healthz`` (``hearts.server.app``): 200 and what the server is doing while the store
answers and the bots can think; 503 and a sentence naming the part that is down while the
store's quick query fails or does not answer in time, or while the bots' only worker is dead
and being replaced; 200 again once it is back."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hearts.server import ServerConfig, app, botpool, create_app
from hearts.server.store import Store

from . import slow

FAILSAFE = 120.0
"""Seconds a state is waited for before a test gives up (a failsafe, never a measure)."""


def health_until(client: TestClient, status: int) -> dict[str, Any]:
    """The body of /healthz once it answers with ``status`` (asked every 20 ms)."""
    ends = time.monotonic() + FAILSAFE
    while True:
        answer = client.get("/healthz")
        if answer.status_code == status:
            body: dict[str, Any] = answer.json()
            return body
        assert time.monotonic() < ends, f"/healthz never said {status}: {answer.text}"
        time.sleep(0.02)


@pytest.fixture
def kept(database_url: str) -> Iterator[Store]:
    opened = Store(database_url)
    try:
        yield opened
    finally:
        opened.close()


def test_healthz_says_200_with_the_store_and_the_bots_when_all_is_well(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    with TestClient(create_app(ServerConfig(bot_workers=0), store=store)) as client:
        answer = client.get("/healthz")
        assert answer.status_code == 200
        body = answer.json()
        assert body["ok"] is True and body["tables"] == 0 and "error" not in body
        assert body["store"]["ok"] is True and body["bots"]["ok"] is True
    store.close()


def test_healthz_says_503_naming_the_store_while_its_database_is_gone_and_200_after(
    kept: Store,
) -> None:
    """The store's tables are dropped under the running server (SQLite and PostgreSQL): 503,
    naming the store; made again: 200."""
    with TestClient(create_app(ServerConfig(bot_workers=0), store=kept)) as client:
        health_until(client, 200)
        kept.downgrade("base")
        body = health_until(client, 503)
        assert body["ok"] is False and body["store"]["ok"] is False and body["bots"]["ok"]
        assert body["error"].startswith("the store is down: cannot reach the database")
        kept.upgrade()
        assert health_until(client, 200)["store"]["ok"] is True


def test_healthz_says_503_when_the_store_does_not_answer_in_time_and_200_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store's thread is held (as by a database that hangs): /healthz does not wait for
    it beyond its bound (1 s here) and says so, and so does a second check meanwhile (which
    waits for the same query); once the store answers, 200."""
    monkeypatch.setattr(app, "STORE_TIMEOUT", 1.0)
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    server = create_app(ServerConfig(bot_workers=0), store=store)
    with TestClient(server) as client:
        health_until(client, 200)
        release = threading.Event()
        server.state.hub._db.submit(release.wait, FAILSAFE)  # (the store's one thread, held)
        first = client.get("/healthz")
        again = client.get("/healthz")
        for answer in (first, again):
            assert answer.status_code == 503
            assert answer.json()["error"].startswith("the store has not answered in ")
        release.set()
        health_until(client, 200)
    store.close()


def test_healthz_says_503_naming_the_bots_while_their_only_worker_is_replaced_and_200_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One worker, killed (``kill -9``); its replacement is held back here until /healthz has
    been seen to say 503 naming the bots; then 200 with a new worker."""
    real: Callable[[int], Any] = botpool._spawn
    release = threading.Event()
    started: list[int] = []

    def held_spawn(number: int) -> Any:
        started.append(number)
        if len(started) > 1:
            assert release.wait(FAILSAFE)
        return real(number)

    monkeypatch.setattr(botpool, "_spawn", held_spawn)
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    server = create_app(ServerConfig(bot_workers=1), store=store)
    with TestClient(server) as client:
        pool: botpool.BotPool = server.state.hub.pool
        assert client.portal is not None
        assert client.portal.call(pool.run, "move", "warm", slow.answer, 1) == 1
        assert health_until(client, 200)["bots"]["ready"] == 1
        [pid] = pool.pids()
        os.kill(pid, signal.SIGKILL)
        body = health_until(client, 503)
        assert body["bots"]["ok"] is False and body["store"]["ok"] is True
        assert body["error"] == "no worker for the bots is alive: a new one is being started"
        release.set()
        body = health_until(client, 200)
        assert body["bots"]["ready"] == 1 and body["bots"]["died"] == 1
        assert pool.pids() and pid not in pool.pids()
    store.close()
