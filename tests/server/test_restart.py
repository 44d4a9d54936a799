"""A real ``hearts serve`` killed outright mid-hand and started again on the same store: every
table resumes where it stood, with every event, and its clients reconnect with their tokens."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``hearts serve`` in a process of its own, on loopback."""

    def __init__(self, url: str, port: int) -> None:
        self.port = port
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hearts", "serve", "--port", str(port), "--database-url", url,
             "--bot-workers", "1", "--grace", "600"],
            env=dict(os.environ, PYTHONPATH=SRC),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        end = time.monotonic() + 60
        while time.monotonic() < end:
            if self.process.poll() is not None:
                output = self.process.stdout.read().decode() if self.process.stdout else ""
                raise AssertionError(f"hearts serve stopped: {output}")
            try:
                if httpx.get(self.http("/healthz"), timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("hearts serve did not come up in 60 s")

    def http(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def ws(self, path: str) -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        if server.process.poll() is None:
            server.kill()


def _until(ws: Any, kind: str, timeout: float = 30.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        message = json.loads(ws.recv(timeout=max(0.1, end - time.monotonic())))
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message in {timeout} s")


def _my_turn(ws: Any, timeout: float = 30.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        state = _until(ws, "state", end - time.monotonic())
        if state["view"]["legal_moves"] or state["view"]["choose"]:
            return state
    raise AssertionError("it never came to my turn")


def _made(ws: Any, hand: list[str], timeout: float = 30.0) -> dict[str, Any]:
    """The state that shows this seat's move made: the first whose hand is not ``hand``, the
    hand it moved from (at the pass, states of the others' passes may come first, still offering
    it the pass it sent; and the state after its move may already offer it the next one)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        state = _until(ws, "state", end - time.monotonic())
        if state["view"]["hand"] != hand:
            return state
    raise AssertionError("the move was never shown made")


def _a_move(view: dict[str, Any]) -> str:
    if view["choose"]:
        choose = view["choose"]
        return f"{choose['move']} {' '.join(choose['cards'][: choose['count']])}"
    return str(view["legal_moves"][0])


def test_a_server_killed_mid_hand_resumes_every_table_and_its_clients_reconnect(
    tmp_path: Path, servers: list[Server]
) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    port = _free_port()
    first = Server(url, port)
    servers.append(first)
    made = httpx.post(
        first.http("/api/tables"),
        json={
            "variant": "modern",
            "name": "Ann",
            "seats": [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3,
        },
        timeout=30,
    ).json()
    table, token = made["table"]["id"], made["token"]
    with connect(first.ws(f"/ws/tables/{table}")) as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "token": token}))
        state = _my_turn(ws)
        for _ in range(4):  # the pass and three cards
            ws.send(json.dumps({"type": "move", "move": _a_move(state["view"])}))
            state = _made(ws, state["view"]["hand"])  # (never a turn already taken)
            if not (state["view"]["legal_moves"] or state["view"]["choose"]):
                state = _my_turn(ws)
    before = state["view"]
    first.kill()  # mid-hand, no chance to close anything
    second = Server(url, port)
    servers.append(second)
    info = httpx.get(second.http(f"/api/tables/{made['code']}"), timeout=10).json()
    assert info["id"] == table and not info["over"]
    with connect(second.ws(f"/ws/tables/{table}")) as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "token": token}))
        after = _until(ws, "state")["view"]
        assert after["events"] == before["events"]
        assert after["hand"] == before["hand"] and after["legal_moves"] == before["legal_moves"]
        ws.send(json.dumps({"type": "move", "move": _a_move(after)}))
        moved = _until(ws, "state")["view"]
        assert len(moved["events"]) > len(after["events"])  # it plays on


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text(encoding="ascii").split()
        found.update(int(child) for child in text)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def _bots_processes(server: int) -> set[int]:
    """The server's processes for the bots, once a worker is there: its workers (forked from
    a fork server, whose children they are, or each started afresh: ``spawn_main``) and the
    fork server; empty before a worker is there."""
    workers: set[int] = set()
    helpers: set[int] = set()
    for child in _children(server):
        text = Path(f"/proc/{child}/cmdline").read_text(errors="replace")
        if "spawn_main" in text and "resource_tracker" not in text:
            workers.add(child)
        elif "forkserver" in text:
            helpers.add(child)
            workers |= _children(child)
    return workers | helpers if workers else set()


def test_the_bots_workers_end_when_the_server_is_killed_alone(
    tmp_path: Path, servers: list[Server]
) -> None:
    """The server killed outright, by itself (not its process group): its bots' worker
    processes see it gone and end, leaving nothing behind."""
    server = Server(f"sqlite:///{tmp_path / 'tables.db'}", _free_port())
    servers.append(server)
    httpx.post(
        server.http("/api/tables"),
        json={"variant": "classic", "think": 0.05,
              "seats": [{"kind": "person"}] + [{"kind": "bot", "bot": "expert"}] * 3},
        timeout=30,
    ).raise_for_status()  # (seat 1 leads: an expert thinks in a worker at once)  # fmt: skip
    end = time.monotonic() + 30
    workers: set[int] = set()
    while not workers and time.monotonic() < end:
        workers = _bots_processes(server.process.pid)
        time.sleep(0.1)
    assert workers, "no worker process was started"
    server.process.kill()  # the server alone
    server.process.wait(timeout=10)
    end = time.monotonic() + 30  # (a failsafe: each worker looks for its server every second)
    while any(_alive(worker) for worker in workers) and time.monotonic() < end:
        time.sleep(0.1)
    assert not any(_alive(worker) for worker in workers)
