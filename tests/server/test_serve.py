"""A real ``hearts serve`` on loopback, as an operator runs it: a message over the protocol's
8 KiB is refused with ``too_large`` and the socket stays open, up to the transport's 64 KiB; a
frame over 64 KiB is not read, the socket closed with 1009; the log's lines say when and how
grave."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from hearts.server.protocol import MAX_FRAME_BYTES, MAX_MESSAGE_BYTES

SRC = str(Path(__file__).resolve().parents[2] / "src")
LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (DEBUG|INFO|WARNING|ERROR|CRITICAL) \S+: ")
"""A line of the server's log: its time, its level, its logger."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Serve:
    """``hearts serve`` in a process of its own on 127.0.0.1, its standard error read line by
    line as it comes."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hearts", "serve", "--port", str(self.port),
             "--database-url", f"sqlite:///{folder / 'tables.db'}", "--bot-workers", "0"],
            env=dict(os.environ, PYTHONPATH=SRC, HEARTS_DATA_DIR=str(folder)),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )  # fmt: skip
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        end = time.monotonic() + 90
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise AssertionError(f"hearts serve stopped: {self.seen}")
            try:
                if httpx.get(self.http("/healthz"), timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("hearts serve did not come up in 90 s")

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.put(line.rstrip("\n"))

    def line(self, pattern: str, timeout: float = 30.0) -> str:
        """The first line of the log, from the last one read on, that holds ``pattern``."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                break
            self.seen.append(line)
            if pattern in line:
                return line
        raise AssertionError(f"no line with {pattern!r} in the log: {self.seen}")

    def http(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def ws(self, path: str) -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serve]:
    server = Serve(tmp_path_factory.mktemp("serve"))
    try:
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def seated(serve: Serve) -> Iterator[ClientConnection]:
    """A socket seated at a new table (a person and three bots), its welcome read."""
    made = httpx.post(
        serve.http("/api/tables"),
        json={"seats": [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3},
        timeout=10,
    ).json()
    address = serve.ws(f"/ws/tables/{made['table']['id']}")
    with connect(address, max_size=None, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "token": made["token"]}))
        assert _next(ws, "welcome")["seat"] == 0
        yield ws


def _next(ws: ClientConnection, kind: str, timeout: float = 30.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        message: dict[str, Any] = json.loads(ws.recv(timeout=max(0.1, end - time.monotonic())))
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message in {timeout} s")


def _message(size: int) -> str:
    """A ping of exactly ``size`` bytes (spaces after the object: still one JSON object)."""
    head = '{"type": "ping", "ref": 5}'
    return head + " " * (size - len(head))


@pytest.mark.parametrize("size", [MAX_MESSAGE_BYTES + 1, 20_000, MAX_FRAME_BYTES])
def test_a_message_over_8_kib_up_to_64_kib_is_refused_as_too_large_and_the_socket_stays_open(
    serve: Serve, size: int
) -> None:
    with seated(serve) as ws:
        ws.send(_message(size))
        refused = _next(ws, "error")
        assert refused == {
            "type": "error",
            "code": "too_large",
            "message": f"a message may be at most {MAX_MESSAGE_BYTES} bytes; "
            f"this one is at least {size}",
            "ref": None,
        }
        ws.send(json.dumps({"type": "ping", "ref": 6}))
        assert _next(ws, "pong") == {"type": "pong", "ref": 6}
        ws.send(_message(MAX_MESSAGE_BYTES))  # (8 KiB exactly: taken)
        assert _next(ws, "pong") == {"type": "pong", "ref": 5}


@pytest.mark.parametrize("size", [MAX_FRAME_BYTES + 1, 1_000_000])
def test_a_frame_over_64_kib_is_not_read_the_socket_closed_with_1009(
    serve: Serve, size: int
) -> None:
    with seated(serve) as ws:
        with pytest.raises(ConnectionClosed) as closed:
            ws.send(_message(size))
            while True:
                message = json.loads(ws.recv(timeout=30))
                assert message["type"] in ("state", "chat_log"), message  # (no error: not read)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with seated(serve) as ws:  # (the server goes on)
        ws.send(json.dumps({"type": "ping", "ref": 1}))
        assert _next(ws, "pong")["ref"] == 1


def test_the_log_says_when_and_how_grave_on_every_line(serve: Serve) -> None:
    """The server's own line at start-up and uvicorn's warning for a request it cannot read
    both begin with the time, the level and the logger."""
    resumed = serve.line("tables resumed from the store")
    assert LINE.match(resumed) and " INFO hearts.server: 0 tables resumed" in resumed, resumed
    with socket.create_connection(("127.0.0.1", serve.port), timeout=10) as raw:
        raw.sendall(b"\x16\x03\x01 this is no HTTP request\r\n\r\n")
        raw.recv(1024)
    warning = serve.line("Invalid HTTP request")
    assert LINE.match(warning) and " WARNING uvicorn.error: " in warning, warning
