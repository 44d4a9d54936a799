"""``hearts serve`` (hearts.cli.serving): one sentence for a store, a port or a Redis it cannot
use, and the proxies it believes."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import one_sentence, runner

from hearts.cli import app


def test_serve_refuses_a_database_it_cannot_use_inone_sentence() -> None:
    """`hearts serve` with a URL of another kind of database, or of none, says so and starts
    nothing (exit 1), with no traceback."""
    for url, words in (
        ("bogus://x", "is a bogus database"),
        ("nonsense", "is not a database URL"),
    ):
        result = runner.invoke(app, ["serve", "--database-url", url])
        assert result.exit_code == 1, result.output
        assert words in result.output and "Traceback" not in result.output


def test_serve_on_a_port_in_use_says_so_in_one_sentence_and_fails(tmp_path: Path) -> None:
    """`hearts serve` binds its port before it says it serves: a port another program holds
    is refused in one sentence, exit 1, nothing said about serving."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        url = f"sqlite:///{tmp_path / 'tables.db'}"
        result = runner.invoke(
            app, ["serve", "--port", str(port), "--bot-workers", "0", "--database-url", url]
        )
    assert result.exit_code == 1, result.output
    assert one_sentence(result.stderr) == (
        f"error: port {port} on 127.0.0.1 is in use by another program (another hearts "
        "serve?): stop it, or choose another port with --port"
    )


def _serve(*arguments: str) -> tuple[subprocess.Popen[str], int]:
    """A real `hearts serve` on a free port, once it says where it serves: it and its port."""
    import select

    server = subprocess.Popen(
        [sys.executable, "-m", "hearts", "serve", "--port", "0", "--bot-workers", "0", *arguments],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert server.stderr is not None
    deadline = time.monotonic() + 60
    said = ""
    while "Ctrl+C stops it" not in said:
        assert time.monotonic() < deadline and server.poll() is None, said
        if select.select([server.stderr], [], [], 1.0)[0]:
            said += server.stderr.readline()
    found = re.search(r"http://localhost:(\d+)/", said)
    assert found, said
    return server, int(found[1])


def _stop(server: subprocess.Popen[str]) -> None:
    os.killpg(server.pid, signal.SIGINT)  # (as Ctrl+C)
    try:
        server.wait(timeout=60)
    finally:
        if server.poll() is None:  # pragma: no cover - it did not stop
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def test_a_second_serve_on_the_same_store_is_refused_inone_sentence(tmp_path: Path) -> None:
    """While a `hearts serve` runs on a SQLite store, a second on the same store would serve
    tables the first has moved on: it is refused in one sentence naming the first's process,
    exit 1; once the first has stopped, the store may be served again."""
    import urllib.request

    url = f"sqlite:///{tmp_path / 'tables.db'}"
    first, port = _serve("--database-url", url)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=60) as answer:
            assert json.loads(answer.read())["ok"] is True
        try:  # (a second server that is not refused would serve until stopped)
            second = ["serve", "--port", "0", "--bot-workers", "0", "--database-url", url]
            result = subprocess.run(
                [sys.executable, "-m", "hearts", *second],
                capture_output=True,
                text=True,
                timeout=60,
            )
        except subprocess.TimeoutExpired as error:
            raise AssertionError("the second server was not refused") from error
        assert result.returncode == 1, result.stderr
        assert one_sentence(result.stderr) == (
            f"error: the database {tmp_path / 'tables.db'} is in use by another hearts serve "
            f"(process {first.pid}): stop that one first, or give this one another "
            "--database-url"
        )
    finally:
        _stop(first)
    again, _ = _serve("--database-url", url)
    _stop(again)


def test_serve_believes_forwarded_addresses_only_from_the_proxies_it_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """uvicorn believes X-Forwarded-For from 127.0.0.1 unless told otherwise: `hearts serve`
    believes none by default, and those of --forwarded-allow-ips when given; its limits reach
    the app."""
    import uvicorn

    ran: list[Any] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: ran.append(self.config))
    # The server is not run, so its logging is not configured either: uvicorn's dictConfig would
    # close the handlers other libraries hold (absl's, bound to pytest's captured stderr).
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda self: None)
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    base = ["serve", "--port", "0", "--bot-workers", "0", "--database-url", url]
    assert runner.invoke(app, base).exit_code == 0
    more = ["--forwarded-allow-ips", "10.0.0.1, 10.1.0.0/16", "--table-burst", "3"]
    more += ["--claim-time", "60", "--allowed-host", "hearts.example.org"]
    more += ["--no-daily-event", "--review-deals", "40"]
    assert runner.invoke(app, base + more).exit_code == 0
    plain, proxied = ran
    assert plain.proxy_headers is False
    assert proxied.proxy_headers is True and proxied.forwarded_allow_ips == [
        "10.0.0.1",
        "10.1.0.0/16",
    ]
    config = proxied.app.edge_config
    assert config.table_burst == 3 and config.claim_time == 60
    assert not config.daily_event and config.review_deals == 40
    assert plain.app.edge_config.daily_event and plain.app.edge_config.review_deals is None
    assert "hearts.example.org" in config.allowed_hosts
    assert plain.app.edge_config.forwarded_allow_ips == ()


def test_serve_with_a_redis_on_a_sqlite_store_is_refused_inone_sentence(tmp_path: Path) -> None:
    """Several processes share a PostgreSQL store: --redis-url with SQLite is refused in one
    sentence, exit 1, before anything is served; a URL that is not Redis's is refused too."""
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    base = ["serve", "--port", "0", "--bot-workers", "0", "--database-url", url]
    result = runner.invoke(app, [*base, "--redis-url", "redis://127.0.0.1:6379/0"])
    assert result.exit_code == 1
    assert one_sentence(result.output) == (
        "error: several processes (--redis-url) share a PostgreSQL store: give --database-url "
        "postgresql+psycopg://user:password@host/database"
    )
    result = runner.invoke(app, [*base, "--redis-url", "http://127.0.0.1:6379"])
    assert result.exit_code == 1
    assert "redis_url must be a Redis URL" in result.output


def test_serve_with_a_redis_that_does_not_answer_is_refused_inone_sentence() -> None:
    """Several processes need their Redis: one that does not answer (nothing listens on the
    port) is said in one sentence, exit 1, before anything is served, not a wait and a
    traceback."""
    from tests.server.conftest import postgres_url
    from tests.server.processes import free_port

    port = free_port()
    base = ["serve", "--port", "0", "--bot-workers", "0", "--database-url", postgres_url()]
    result = runner.invoke(app, [*base, "--redis-url", f"redis://127.0.0.1:{port}/0"])
    assert result.exit_code == 1
    line = one_sentence(result.output)
    assert line.startswith(f"error: cannot reach Redis at redis://127.0.0.1:{port}/0 (")
    assert line.endswith("): start it, or give another --redis-url")
