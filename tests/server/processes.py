"""Real ``hearts serve`` processes sharing one PostgreSQL and one Redis of their own, and
players whose sockets come back to a live process when theirs is closed (the cluster's tests
and its benchmark's kind of client)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

SRC = str(Path(__file__).resolve().parents[2] / "src")

REDIS_SERVER_ENV = "HEARTS_TEST_REDIS_SERVER"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def until(what: str, check: Any, timeout: float = 60.0) -> Any:
    """Wait for ``check()`` to return something true (polled; bounded by ``timeout``)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {timeout:g} s")


class RedisServer:
    """A Redis of the test's own on a loopback port (Debian's redis-server, which
    scripts/services installs), nothing kept on disk; it may be restarted on the same port."""

    def __init__(self) -> None:
        program = os.environ.get(REDIS_SERVER_ENV) or shutil.which("redis-server")
        if program is None:
            pytest.fail(
                "redis-server is not installed: run scripts/services (as root), or name it in "
                f"${REDIS_SERVER_ENV}",
                pytrace=False,
            )
        self.program = program
        self.port = free_port()
        self.folder = tempfile.mkdtemp(prefix="hearts-redis-")
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.program, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--dir", self.folder],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        until("Redis answers", self._answers, 30)

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe:
                probe.sendall(b"PING\r\n")
                return probe.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


class Process:
    """``hearts serve`` on a loopback port of its own, one of several on one store."""

    def __init__(self, database_url: str, redis_url: str, *options: str) -> None:
        self.port = free_port()
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115  (open for the process's life)
            prefix="hearts-serve-", suffix=".log", delete=False
        )
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hearts", "serve", "--port", str(self.port),
             "--database-url", database_url, "--redis-url", redis_url, "--bot-workers", "1",
             "--grace", "600", *options],
            env=dict(os.environ, PYTHONPATH=SRC),
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        self.id = until(f"hearts serve on port {self.port} comes up", self._up, 90)

    def _up(self) -> int | None:
        if self.process.poll() is not None:
            raise AssertionError(f"hearts serve stopped: {self.output()}")
        try:
            answer = httpx.get(self.http("/healthz"), timeout=2)
        except httpx.HTTPError:
            return None
        if answer.status_code != 200:
            return None
        return int(answer.json()["process"])

    def output(self) -> str:
        return Path(self.log.name).read_text(errors="replace")

    def http(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def ws(self, path: str) -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def tables(self) -> int:
        return int(httpx.get(self.http("/healthz"), timeout=5).json()["tables"])

    def kill(self) -> None:
        """SIGKILL, the process and its bots' workers."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def terminate(self) -> None:
        """SIGTERM to the server alone, as a service manager stops it; waits for its end."""
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=60)

    def close(self) -> None:
        if self.alive:
            self.kill()
        else:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
        self.log.close()
        os.unlink(self.log.name)


class Player:
    """A socket at a table (a seat's, or a watcher's) that plays its seat's first legal move
    whenever it may (``play``), goes to the next process of ``ports`` whenever its socket is
    closed, and checks that it never misses an event: every state follows the one before it
    (its ``since`` is the last ``seq``), but the first after a hello, which carries the whole
    view."""

    def __init__(
        self, processes: list[Process], table: str, token: str | None, *, play: bool = True
    ) -> None:
        self.processes = processes
        self.table = table
        self.token = token
        self.play = play
        self.at = 0
        self.socket: ClientConnection | None = None
        self.seq: int | None = None
        self.fresh = True
        self.states: list[dict[str, Any]] = []
        self.reconnects = 0
        self.closes: list[int | None] = []
        self.over = False
        self.errors: list[dict[str, Any]] = []
        self.moves = 0
        self._connect()

    def use(self, processes: list[Process]) -> None:
        """The processes to reconnect to from now on (in turn)."""
        self.processes = processes
        self.at = 0

    def _connect(self) -> None:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            target = self.processes[self.at % len(self.processes)]
            self.at += 1
            if not target.alive:
                continue
            try:
                self.socket = connect(target.ws(f"/ws/tables/{self.table}"), open_timeout=10)
            except (OSError, InvalidHandshake, TimeoutError):
                time.sleep(0.05)
                continue
            hello: dict[str, Any] = {"type": "hello", "version": 1}
            hello |= {"token": self.token} if self.token else {"watch": True}
            try:
                self.socket.send(json.dumps(hello))
            except ConnectionClosed:  # (closed at once: its process could not place it yet)
                time.sleep(0.05)
                continue
            self.fresh = True
            return
        raise AssertionError("no process took the socket within 60 s")

    def step(self, timeout: float = 30.0) -> dict[str, Any] | None:
        """Take the next message (its state checked, a move sent when it is this seat's);
        after a close, connect again. None when nothing came within ``timeout``."""
        assert self.socket is not None
        try:
            message: dict[str, Any] = json.loads(self.socket.recv(timeout=timeout))
        except TimeoutError:
            return None
        except ConnectionClosed as closed:
            self.closes.append(closed.rcvd.code if closed.rcvd else None)
            self.reconnects += 1
            self._connect()
            return {"type": "reconnected"}
        if message["type"] == "state":
            if self.fresh:
                assert message["since"] == message["seq"], message  # (the whole view)
                self.fresh = False
            else:
                assert message["since"] == self.seq, (
                    f"a state from {message['since']} after the state at {self.seq}: "
                    "an event was missed"
                )
            self.seq = message["seq"]
            self.states.append(message)
            if self.play and self.token:
                self._move(message["view"])
        elif message["type"] == "over":
            self.over = True
        elif message["type"] == "error":
            self.errors.append(message)
        return message

    def _move(self, view: dict[str, Any]) -> None:
        assert self.socket is not None
        move = None
        if view.get("choose"):
            choose = view["choose"]
            move = f"{choose['move']} {' '.join(choose['cards'][: choose['count']])}"
        elif view["legal_moves"]:
            move = str(view["legal_moves"][0])
        if move is not None:
            with contextlib.suppress(ConnectionClosed):
                self.socket.send(json.dumps({"type": "move", "move": move}))
                self.moves += 1

    def close(self) -> None:
        if self.socket is not None:
            with contextlib.suppress(Exception):
                self.socket.close()


def play_all(players: list[Player], stop: Any, timeout: float = 240.0) -> None:
    """Step every player in turn until ``stop()`` (bounded by ``timeout``)."""
    end = time.monotonic() + timeout
    while not stop():
        if time.monotonic() > end:
            raise AssertionError(f"not done within {timeout:g} s")
        for player in players:
            player.step(timeout=0.05)
