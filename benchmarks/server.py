"""Many tables at once on a real ``hearts serve``: the round trip of a person's move.

Run from the repository root::

    .venv/bin/python benchmarks/server.py                         # 200 tables, basic bots, 60 s
    .venv/bin/python benchmarks/server.py --tables 50 --bots expert --seconds 60

It starts ``hearts serve`` on loopback (a free port, a fresh SQLite store in a temporary
folder, the server's default bot workers; its limits per client address raised with
``--limits``, since every simulated person comes from 127.0.0.1: by default an address makes
12 tables at once and holds 100 connections), makes ``--tables`` tables over HTTP — each one
person and three bots (``--bots``) — and connects one simulated person to each over a
WebSocket. Each person plays its first legal move ``--pause`` seconds after it may (1 s by
default: a brisk player), for ``--seconds`` seconds or ``--moves`` moves, whichever comes
first; then
everything stops by itself. It reports the tables, the messages a second the clients
received, and the round trip of a person's move: from sending it to receiving the state that
shows it (median, p99, max). The goal of issue 13: 200 tables with basic bots at p99 <= 100 ms
on a 2-core machine; with ``--bots expert`` the person's own moves should stay within the same
bound while the bots think. A script, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


class Person:
    """One simulated person at one table."""

    def __init__(self, base: str, table: str, token: str) -> None:
        self.url = f"{base}/ws/tables/{table}"
        self.token = token
        self.trips: list[float] = []
        self.received = 0
        self.errors = 0
        self.codes: dict[str, int] = {}

    async def play(self, until: float, moves: int, pause: float) -> None:
        async with connect(self.url, max_size=2**22, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1, "token": self.token}))
            sent: float | None = None  # (when the move waiting for its state was sent)
            waiting = -1  # the seq the move was made at: its state comes with a later one
            seat = -1
            made = 0
            while time.monotonic() < until and made < moves:
                try:
                    text = await asyncio.wait_for(ws.recv(), max(0.01, until - time.monotonic()))
                except TimeoutError:
                    break
                self.received += 1
                message = json.loads(text)
                if message["type"] == "welcome":
                    seat = message["seat"]
                if message["type"] == "over":
                    break
                if message["type"] == "error":
                    self.errors += 1
                    self.codes[message["code"]] = self.codes.get(message["code"], 0) + 1
                    if os.environ.get("SHOW_ERRORS"):
                        print(message, flush=True)
                    sent = None
                    continue
                if message["type"] != "state":
                    continue
                if sent is not None:
                    mine = any(event.get("seat") == seat for event in message["events"])
                    if message["seq"] <= waiting or not mine:
                        continue  # (a state from before the move, or of another seat's move)
                    self.trips.append(time.perf_counter() - sent)
                    sent = None
                view = message["view"]
                if view["choose"]:
                    choose = view["choose"]
                    move = f"{choose['move']} {' '.join(choose['cards'][: choose['count']])}"
                elif view["legal_moves"]:
                    move = view["legal_moves"][0]
                else:
                    continue
                if pause:
                    await asyncio.sleep(pause)
                sent, waiting = time.perf_counter(), message["seq"]
                await ws.send(json.dumps({"type": "move", "move": move}))
                made += 1


async def run(args: argparse.Namespace, base: str) -> list[Person]:
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": args.bots}] * 3
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:

        async def make() -> Person:
            reply = await http.post("/api/tables", json={"variant": "modern", "seats": seats})
            reply.raise_for_status()
            data = reply.json()
            return Person(base.replace("http", "ws", 1), data["table"]["id"], data["token"])

        people = list(await asyncio.gather(*(make() for _ in range(args.tables))))
    until = time.monotonic() + args.seconds
    await asyncio.gather(*(person.play(until, args.moves, args.pause) for person in people))
    return people


def merged(counts: Iterable[dict[str, int]]) -> dict[str, int]:
    total: dict[str, int] = {}
    for count in counts:
        for key, value in count.items():
            total[key] = total.get(key, 0) + value
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--bots", default="basic")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--moves", type=int, default=100, help="moves at most per person")
    parser.add_argument(
        "--pause", type=float, default=1.0, help="seconds a person takes over a move (a brisk one)"
    )
    parser.add_argument(
        "--limits",
        type=int,
        default=100_000,
        help="the server's tables at once (--table-burst), tables a minute (--table-rate) and "
        "connections (--max-connections) allowed one address: every person here is 127.0.0.1",
    )
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'tables.db'}"
        command = ["serve", "--port", str(port), "--database-url", url]
        command += ["--table-burst", str(args.limits), "--table-rate", str(args.limits)]
        command += ["--max-connections", str(args.limits)]
        server = subprocess.Popen(
            [sys.executable, "-m", "hearts", *command],
            env=dict(os.environ, PYTHONPATH=str(ROOT / "src")),
            start_new_session=True,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            end = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    if time.monotonic() > end:
                        raise SystemExit("the server did not come up") from None
                    time.sleep(0.1)
            load = os.getloadavg()[0]
            start = time.monotonic()
            people = asyncio.run(run(args, base))
            elapsed = time.monotonic() - start
        finally:
            os.killpg(server.pid, signal.SIGINT)  # (as Ctrl+C: the server stops its workers)
            server.wait(timeout=30)
    trips = [trip * 1000 for person in people for trip in person.trips]
    received = sum(person.received for person in people)
    print(
        f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}; load average {load:.2f} at the start, "
        f"{os.getloadavg()[0]:.2f} at the end"
    )
    print(
        f"{len(people)} tables ({args.bots} bots), {elapsed:.0f} s, {received} messages received "
        f"({received / elapsed:.0f} a second), {len(trips)} moves by the people, "
        f"{sum(p.errors for p in people)} errors {merged(p.codes for p in people)}"
    )
    if trips:
        print(
            f"round trip of a move: median {statistics.median(trips):.1f} ms, "
            f"p99 {percentile(trips, 0.99):.1f} ms, max {max(trips):.1f} ms"
        )


if __name__ == "__main__":
    main()
