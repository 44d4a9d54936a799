"""Hostile loads against a real ``hearts serve``, and what a quiet table sees meanwhile.

Run from the repository root::

    .venv/bin/python benchmarks/abuse.py                       # every load, 30 s each
    .venv/bin/python benchmarks/abuse.py --loads hints,tables --seconds 20

For each load a fresh ``hearts serve`` starts on loopback (a free port, a new SQLite store in a
temporary folder, the server's default limits and bot workers). A quiet table is made from
127.0.0.3 — a person and three ``expert`` bots thinking the default second a move — and its
person plays every move as soon as it may, pinging the server five times a second. Then one
hostile load comes from 127.0.0.2 for ``--seconds`` (each bounded in count and time, and
stopping by itself); the quiet table runs in a process of its own, so that the load's client
never holds up its reading:

- ``baseline``: nothing (the quiet table alone);
- ``tables``: 30 tables of a person and three experts made in one burst, each played as fast
  as the server takes moves (their bots think as the quiet table's do);
- ``hints``: 30 sockets of one seat asking for hints back to back;
- ``flood``: 1,000 tables made as fast as the server answers, their creators never coming;
- ``watchers``: 600 watchers arriving at one table while its person plays;
- ``idle``: 1,000 sockets that never say hello and 500 HTTP requests sent a byte a second;
- ``replays``: a finished game's replay and record asked for back to back by 8 clients;
- ``guess``: private table codes guessed back to back by 8 clients (look-ups, joins, records);
- ``big``: bodies of 64 MiB and frames of 20 KiB and 100 KiB;
- ``messages``: 10 sockets of one seat sending moves and pings as fast as they can.

For each it reports the quiet table's bot-move time (from the state that gives a bot the turn
to the state with its move: median and p95), its ping's round trip (p99), and how many of the
hostile requests the server admitted. The goals (issue 34): the ping's p99 at most 100 ms; the
bots' p95 at most the think budget (1 s) times one more than the number of other tables with a
searching bot to move (``others`` below); and no hint ever delays a bot's move (the ``hints``
row's p95 within the bound of 0 others). A script, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import platform
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = "127.0.0.2"
QUIET = "127.0.0.3"
THIRD = "127.0.0.4"
THINK = 1.0
"""The quiet table's think budget a bot move (a table's default)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def client(address: str, base: str, **options: Any) -> httpx.AsyncClient:
    """An HTTP client whose requests come from ``address`` (a loopback address)."""
    transport = httpx.AsyncHTTPTransport(local_address=address, retries=0)
    return httpx.AsyncClient(base_url=base, transport=transport, timeout=30, **options)


async def socket_to(base: str, table: str, address: str) -> ClientConnection:
    """A WebSocket to a table, from ``address``."""
    url = f"{base.replace('http', 'ws', 1)}/ws/tables/{table}"
    return await connect(
        url, max_size=2**24, open_timeout=30, local_addr=(address, 0), ping_interval=None
    )


async def hello(ws: ClientConnection, token: str | None) -> None:
    if token is None:
        await ws.send(json.dumps({"type": "hello", "version": 1, "watch": True}))
    else:
        await ws.send(json.dumps({"type": "hello", "version": 1, "token": token}))


def a_move(message: dict[str, Any]) -> str | None:
    """The first move a state's view offers (a pass of the first cards), or None."""
    view = message["view"]
    choose = view.get("choose")
    if choose:
        return f"{choose['move']} {' '.join(choose['cards'][: choose['count']])}"
    moves = view.get("legal_moves") or []
    return moves[0] if moves else None


class Mover:
    """A person who makes the first move offered, once a position, when it is theirs (in a
    pass, once), as fast as the server's message rate lets them (16 a
    second); after a refusal they ask for the state again."""

    PACE = 1 / 16

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.me: int | None = None
        self.moved_at = -1
        self.passed = False
        """A pass sent in this pass (not yet shown in a state)."""
        self.sent = 0.0
        self.sending: set[asyncio.Task[None]] = set()

    async def answer(self, message: dict[str, Any]) -> None:
        """Send what ``message`` calls for: a move, a sync, or nothing."""
        kind = message["type"]
        if kind == "welcome":
            self.me = message["seat"]
            return
        if kind == "error" and message.get("code") in ("throttled", "illegal", "not_your_turn"):
            self.moved_at = -1
            self.passed = False
            await self._send({"type": "sync"})
            return
        if kind != "state":
            return
        view = message["view"]
        passing = view.get("phase") == "pass"
        if not passing:
            self.passed = False
        mine = not (view.get("passed") or self.passed) if passing else message["turn"] == self.me
        move = a_move(message) if mine and message["seq"] > self.moved_at else None
        if move is not None:
            self.moved_at = message["seq"]
            self.passed = passing
            await self._send({"type": "move", "move": move})

    async def _send(self, message: dict[str, Any]) -> None:
        """Send in its turn under the pace, without holding up the caller's reading (a pong
        read late would count as a slow server)."""
        slot = max(time.monotonic(), self.sent + self.PACE)
        self.sent = slot
        task = asyncio.ensure_future(self._send_at(slot, json.dumps(message)))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    async def _send_at(self, slot: float, text: str) -> None:
        await asyncio.sleep(max(0.0, slot - time.monotonic()))
        with contextlib.suppress(WebSocketException, OSError):
            await self.ws.send(text)


PEOPLE_SEATS = [{"kind": "person"}] + [{"kind": "bot", "bot": "expert"}] * 3


@dataclass
class Quiet:
    """The quiet table's person: plays at once, pings five times a second, times its bots."""

    bot_moves: list[float] = field(default_factory=list)
    pings: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    measure_from: float = float("inf")
    """When (time.monotonic) the measures begin: after the table's first moves."""

    async def run(self, base: str, until: float) -> None:
        async with client(QUIET, base) as http:
            while time.monotonic() < until:
                made = await http.post("/api/tables", json={"seats": PEOPLE_SEATS})
                made.raise_for_status()
                data = made.json()
                await self._play(base, data["table"]["id"], data["token"], until)

    async def _play(self, base: str, table: str, token: str, until: float) -> None:
        ws = await socket_to(base, table, QUIET)
        bots: set[int] = set()
        pings: dict[int, float] = {}

        async def ping() -> None:
            number = 0
            while time.monotonic() < until:
                number += 1
                pings[number] = time.perf_counter()
                await ws.send(json.dumps({"type": "ping", "ref": number}))
                await asyncio.sleep(0.2)

        pinger: asyncio.Task[None] | None = None
        try:
            await hello(ws, token)
            turn: int | None = None
            mover = Mover(ws)
            since = time.perf_counter()
            while time.monotonic() < until:
                try:
                    text = await asyncio.wait_for(ws.recv(), max(0.01, until - time.monotonic()))
                except TimeoutError:
                    break
                now = time.perf_counter()
                message = json.loads(text)
                kind = message["type"]
                if kind == "pong":
                    sent = pings.pop(message.get("ref"), None)
                    if sent is not None and now >= self.measure_from:
                        self.pings.append(now - sent)
                    continue
                if kind == "welcome":
                    bots = {s["seat"] for s in message["seats"] if s["kind"] == "bot"}
                    pinger = asyncio.ensure_future(ping())
                if kind == "over":
                    return
                if kind == "error":
                    self.errors[message["code"]] = self.errors.get(message["code"], 0) + 1
                await mover.answer(message)
                if kind != "state":
                    continue
                played = {e.get("seat") for e in message["events"] if e["kind"] == "card_played"}
                if turn in bots and turn in played and now >= self.measure_from:
                    self.bot_moves.append(now - since)
                turn, since = message["turn"], now
        finally:
            if pinger is not None:
                pinger.cancel()
            with contextlib.suppress(Exception):
                await ws.close()


@dataclass
class Tally:
    """What a hostile load tried and what the server let through."""

    tried: int = 0
    admitted: int = 0
    others: int = 0
    """Other tables with a searching bot to move, for the bots' bound."""
    notes: list[str] = field(default_factory=list)


async def _play_fast(base: str, table: str, token: str, until: float) -> None:
    """A person who moves as soon as the server lets them, until ``until``."""
    with contextlib.suppress(WebSocketException, OSError, TimeoutError):
        ws = await socket_to(base, table, HOSTILE)
        async with ws:
            await hello(ws, token)
            mover = Mover(ws)
            while time.monotonic() < until:
                text = await asyncio.wait_for(ws.recv(), max(0.01, until - time.monotonic()))
                message = json.loads(text)
                if message["type"] == "over":
                    return
                await mover.answer(message)


async def load_baseline(base: str, until: float, tally: Tally) -> None:
    await asyncio.sleep(max(0.0, until - time.monotonic()))


async def load_tables(base: str, until: float, tally: Tally) -> None:
    async with client(HOSTILE, base) as http:
        replies = await asyncio.gather(
            *(http.post("/api/tables", json={"seats": PEOPLE_SEATS}) for _ in range(30))
        )
    tally.tried = len(replies)
    made = [reply.json() for reply in replies if reply.status_code == 201]
    tally.admitted = tally.others = len(made)
    tally.notes.append(f"statuses {sorted({r.status_code for r in replies})}")
    await asyncio.gather(*(_play_fast(base, m["table"]["id"], m["token"], until) for m in made))


async def load_hints(base: str, until: float, tally: Tally) -> None:
    async with client(HOSTILE, base) as http:
        made = (await http.post("/api/tables", json={"seats": PEOPLE_SEATS})).json()
    answered: dict[str, int] = {}

    async def asker() -> None:
        with contextlib.suppress(WebSocketException, OSError, TimeoutError):
            ws = await socket_to(base, made["table"]["id"], HOSTILE)
            async with ws:
                await hello(ws, made["token"])
                ref = 0
                while time.monotonic() < until:
                    ref += 1
                    tally.tried += 1
                    await ws.send(json.dumps({"type": "hint", "ref": ref}))
                    while time.monotonic() < until:
                        left = max(0.01, until - time.monotonic())
                        message = json.loads(await asyncio.wait_for(ws.recv(), left))
                        if message.get("ref") == ref and message["type"] in ("hint", "error"):
                            key = message["type"] if message["type"] == "hint" else message["code"]
                            answered[key] = answered.get(key, 0) + 1
                            break

    await asyncio.gather(*(asker() for _ in range(30)))
    tally.admitted = answered.get("hint", 0)
    tally.notes.append(f"answers {dict(sorted(answered.items()))}")


async def load_flood(base: str, until: float, tally: Tally) -> None:
    statuses: dict[int, int] = {}
    body = {"seats": PEOPLE_SEATS, "grace": 3600}
    async with client(HOSTILE, base, limits=httpx.Limits(max_connections=8)) as http:

        async def maker() -> None:
            while tally.tried < 1000 and time.monotonic() < until:
                tally.tried += 1
                reply = await http.post("/api/tables", json=body)
                statuses[reply.status_code] = statuses.get(reply.status_code, 0) + 1

        await asyncio.gather(*(maker() for _ in range(8)))
    tally.admitted = statuses.get(201, 0)
    async with client(THIRD, base) as http:
        other = await http.post("/api/tables", json={"seats": PEOPLE_SEATS})
    tally.notes.append(
        f"statuses {dict(sorted(statuses.items()))}; a table from {THIRD} afterwards: "
        f"{other.status_code}"
    )
    await asyncio.sleep(max(0.0, until - time.monotonic()))


async def load_watchers(base: str, until: float, tally: Tally) -> None:
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3
    async with client(HOSTILE, base) as http:
        made = (await http.post("/api/tables", json={"seats": seats, "public": True})).json()
    table = made["table"]["id"]
    frames = [0]
    welcomed = [0]

    async def watcher() -> None:
        with contextlib.suppress(WebSocketException, OSError, TimeoutError):
            ws = await socket_to(base, table, HOSTILE)
            async with ws:
                await hello(ws, None)
                while time.monotonic() < until:
                    left = max(0.01, until - time.monotonic())
                    message = json.loads(await asyncio.wait_for(ws.recv(), left))
                    frames[0] += 1
                    if message["type"] == "welcome":
                        welcomed[0] += 1
                    if message["type"] == "error":
                        return

    tally.tried = 600
    watchers = [asyncio.ensure_future(watcher()) for _ in range(600)]
    await _play_fast(base, table, made["token"], until)
    await asyncio.gather(*watchers)
    tally.admitted = welcomed[0]
    tally.notes.append(f"{frames[0]} frames to the watchers")


async def load_idle(base: str, until: float, tally: Tally, pid: int) -> None:
    port = int(base.rsplit(":", 1)[1])
    async with client(HOSTILE, base) as http:
        made = (await http.post("/api/tables", json={"seats": PEOPLE_SEATS})).json()
    table = made["table"]["id"]
    sockets: list[ClientConnection] = []
    raw: list[asyncio.StreamWriter] = []
    raw_open = [0]

    async def silent() -> None:
        with contextlib.suppress(WebSocketException, OSError, TimeoutError):
            sockets.append(await socket_to(base, table, HOSTILE))

    async def slow() -> None:
        """A request a byte a second; counted open until the server closes it."""
        with contextlib.suppress(OSError):
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(HOSTILE, 0)
            )
            raw.append(writer)
            raw_open[0] += 1
            closed = asyncio.ensure_future(reader.read())  # (returns at the server's close)
            try:
                request = b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
                for byte in request + b"a" * 10_000:
                    if time.monotonic() > until or closed.done():
                        return
                    writer.write(bytes([byte]))
                    await writer.drain()
                    await asyncio.wait({closed}, timeout=1.0)
            finally:
                if closed.done():
                    raw_open[0] -= 1
                closed.cancel()

    tally.tried = 1500
    await asyncio.gather(*(silent() for _ in range(1000)))
    senders = [asyncio.ensure_future(slow()) for _ in range(500)]
    await asyncio.sleep(max(0.0, until - time.monotonic() - 1))
    descriptors = len(os.listdir(f"/proc/{pid}/fd"))
    open_sockets = sum(1 for ws in sockets if ws.close_code is None)
    open_raw = raw_open[0]
    tally.admitted = open_sockets + open_raw
    tally.notes.append(
        f"still open near the end: {open_sockets} of {len(sockets)} silent sockets, "
        f"{open_raw} of {len(raw)} slow requests; the server's descriptors {descriptors}"
    )
    for task in senders:
        task.cancel()
    for ws in sockets:
        with contextlib.suppress(Exception):
            await ws.close()
    for writer in raw:
        writer.close()


async def finished_game(base: str) -> str:
    """A game played to its end by a person and three basic bots (from a fourth address)."""
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3
    async with client("127.0.0.5", base) as http:
        made = (await http.post("/api/tables", json={"seats": seats})).json()
    table = made["table"]["id"]
    ws = await socket_to(base, table, "127.0.0.5")
    async with ws:
        await hello(ws, made["token"])
        mover = Mover(ws)
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 120))
            if message["type"] == "over":
                return table
            await mover.answer(message)


async def load_replays(base: str, until: float, tally: Tally, game: str) -> None:
    statuses: dict[int, int] = {}
    async with client(HOSTILE, base, limits=httpx.Limits(max_connections=8)) as http:

        async def asker(number: int) -> None:
            what = "replay" if number % 2 else "record"
            while time.monotonic() < until:
                tally.tried += 1
                reply = await http.get(f"/api/games/{game}/{what}")
                statuses[reply.status_code] = statuses.get(reply.status_code, 0) + 1

        await asyncio.gather(*(asker(n) for n in range(8)))
    tally.admitted = statuses.get(200, 0)
    tally.notes.append(f"statuses {dict(sorted(statuses.items()))}")


async def load_guess(base: str, until: float, tally: Tally) -> None:
    statuses: dict[int, int] = {}
    async with client(HOSTILE, base, limits=httpx.Limits(max_connections=8)) as http:

        async def guesser(number: int) -> None:
            while time.monotonic() < until:
                code = secrets.token_hex(3).upper()
                tally.tried += 1
                if number % 3 == 0:
                    reply = await http.get(f"/api/tables/{code}")
                elif number % 3 == 1:
                    reply = await http.post(f"/api/tables/{code}/join", json={"name": "x"})
                else:
                    reply = await http.get(f"/api/games/{code}/record")
                statuses[reply.status_code] = statuses.get(reply.status_code, 0) + 1

        await asyncio.gather(*(guesser(n) for n in range(8)))
    tally.admitted = statuses.get(404, 0)
    tally.notes.append(f"statuses {dict(sorted(statuses.items()))} (404: a code told wrong)")


async def load_big(base: str, until: float, tally: Tally) -> None:
    async with client(HOSTILE, base) as http:
        made = (await http.post("/api/tables", json={"seats": PEOPLE_SEATS})).json()
        sent = [0]

        async def body() -> Any:
            chunk = b"[" + b"1," * 32767 + b"1"
            for _ in range(1024):  # (64 MiB in all)
                if time.monotonic() > until:
                    return
                sent[0] += len(chunk)
                yield chunk
            yield b"]"

        statuses = []
        for _ in range(3):
            tally.tried += 1
            sent[0] = 0
            try:
                reply = await http.post(
                    "/api/tables", content=body(), headers={"content-type": "application/json"}
                )
                statuses.append(f"{reply.status_code} after {sent[0] / 2**20:.1f} MiB")
                tally.admitted += reply.status_code < 400
            except httpx.HTTPError as error:
                statuses.append(f"{type(error).__name__} after {sent[0] / 2**20:.1f} MiB")
    closes: dict[str, int] = {}
    for size in [20 * 1024] * 10 + [100 * 1024] * 10:
        tally.tried += 1
        with contextlib.suppress(WebSocketException, OSError, TimeoutError):
            ws = await socket_to(base, made["table"]["id"], HOSTILE)
            async with ws:
                await hello(ws, made["token"])
                await ws.send(json.dumps({"type": "move", "move": "x" * size}))
                answer = "closed"
                with contextlib.suppress(WebSocketException, TimeoutError):
                    while True:
                        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                        if message["type"] == "error":
                            answer = message["code"]
                            break
                key = f"{size // 1024} KiB: {answer} (close {ws.close_code})"
                closes[key] = closes.get(key, 0) + 1
    tally.notes.append(f"bodies: {statuses}; frames: {closes}")
    await asyncio.sleep(max(0.0, until - time.monotonic()))


async def load_messages(base: str, until: float, tally: Tally) -> None:
    async with client(HOSTILE, base) as http:
        made = (await http.post("/api/tables", json={"seats": PEOPLE_SEATS})).json()
    answers: dict[str, int] = {}

    async def flooder() -> None:
        with contextlib.suppress(WebSocketException, OSError, TimeoutError):
            ws = await socket_to(base, made["table"]["id"], HOSTILE)
            async with ws:
                await hello(ws, made["token"])

                async def read() -> None:
                    async for text in ws:
                        message = json.loads(text)
                        key = message.get("code", message["type"])
                        answers[key] = answers.get(key, 0) + 1

                reader = asyncio.ensure_future(read())
                while time.monotonic() < until and not reader.done():
                    tally.tried += 1
                    kind = "ping" if tally.tried % 2 else "move"
                    await ws.send(
                        json.dumps(
                            {"type": kind, "move": "2C"} if kind == "move" else {"type": "ping"}
                        )
                    )
                    await asyncio.sleep(0)
                reader.cancel()

    await asyncio.gather(*(flooder() for _ in range(10)))
    tally.admitted = sum(v for k, v in answers.items() if k != "throttled")
    tally.notes.append(f"answers {dict(sorted(answers.items()))}")


LOADS: dict[str, Callable[..., Awaitable[None]]] = {
    "baseline": load_baseline,
    "tables": load_tables,
    "hints": load_hints,
    "flood": load_flood,
    "watchers": load_watchers,
    "idle": load_idle,
    "replays": load_replays,
    "guess": load_guess,
    "big": load_big,
    "messages": load_messages,
}


WARM = 10.0
"""Seconds the quiet table plays before the load and the measures begin."""


def quiet_table(base: str, seconds: float, results: Connection) -> None:
    """The quiet table, in a process of its own (so that the load's own client, however busy,
    never holds up its reading): sends when its measures begin and end, then what it saw."""
    quiet = Quiet()
    start = time.monotonic()
    quiet.measure_from = start + WARM
    until = quiet.measure_from + seconds
    results.send((quiet.measure_from, until))
    asyncio.run(quiet.run(base, until))
    results.send((quiet.bot_moves, quiet.pings, quiet.errors))


async def phase(name: str, base: str, seconds: float, pid: int) -> tuple[Quiet, Tally]:
    """One load beside the quiet table, both stopping by themselves."""
    extra: list[Any] = []
    if name == "idle":
        extra.append(pid)
    if name == "replays":
        extra.append(await finished_game(base))
    context = multiprocessing.get_context("spawn")
    mine, theirs = context.Pipe()
    player = context.Process(target=quiet_table, args=(base, seconds, theirs), daemon=True)
    player.start()
    loop = asyncio.get_running_loop()
    measure_from, until = await loop.run_in_executor(None, mine.recv)
    await asyncio.sleep(max(0.0, measure_from - time.monotonic()))  # (the quiet table warms up)
    tally = Tally()
    await LOADS[name](base, until, tally, *extra)
    quiet = Quiet()
    quiet.bot_moves, quiet.pings, quiet.errors = await loop.run_in_executor(None, mine.recv)
    player.join(30)
    return quiet, tally


def serve(port: int, folder: str) -> subprocess.Popen[bytes]:
    url = f"sqlite:///{Path(folder) / 'tables.db'}"
    server = subprocess.Popen(
        [sys.executable, "-m", "hearts", "serve", "--port", str(port), "--database-url", url],
        env=dict(os.environ, PYTHONPATH=str(ROOT / "src")),
        start_new_session=True,
        stdout=subprocess.DEVNULL,
    )
    end = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        if time.monotonic() > end or server.poll() is not None:
            raise SystemExit("the server did not come up")
        time.sleep(0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", default=",".join(LOADS), help="which loads, by name")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of each load")
    args = parser.parse_args()
    names = [name.strip() for name in args.loads.split(",") if name.strip()]
    unknown = [name for name in names if name not in LOADS]
    if unknown:
        raise SystemExit(f"no load {unknown[0]!r}: the loads are {', '.join(LOADS)}")
    print(
        f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}; load average {os.getloadavg()[0]:.2f} at the start"
    )
    print(
        "| load | hostile admitted / tried | others | bot move median / p95 (s) | bound (s) "
        "| ping p99 (ms) | notes |"
    )
    print("|---|---:|---:|---:|---:|---:|---|")
    for name in names:
        port = free_port()
        with tempfile.TemporaryDirectory() as folder:
            server = serve(port, folder)
            try:
                quiet, tally = asyncio.run(
                    phase(name, f"http://127.0.0.1:{port}", args.seconds, server.pid)
                )
            finally:
                os.killpg(server.pid, signal.SIGINT)  # (as Ctrl+C: the server stops its workers)
                try:
                    server.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    os.killpg(server.pid, signal.SIGKILL)
                    server.wait()
        moves, pings = quiet.bot_moves, [p * 1000 for p in quiet.pings]
        shown_moves = (
            f"{statistics.median(moves):.2f} / {percentile(moves, 0.95):.3f} ({len(moves)})"
            if moves
            else "none"
        )
        shown_pings = f"{percentile(pings, 0.99):.1f} ({len(pings)})" if pings else "none"
        notes = "; ".join(tally.notes + ([f"quiet errors {quiet.errors}"] if quiet.errors else []))
        print(
            f"| {name} | {tally.admitted} / {tally.tried} | {tally.others} | {shown_moves} "
            f"| {THINK * (1 + tally.others):.0f} | {shown_pings} | {notes} |",
            flush=True,
        )
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
