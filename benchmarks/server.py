"""Many tables at once on real ``hearts serve`` processes: the round trip of a person's move,
the most tables held within a p99 bound, and the failover after a process is killed.

Run from the repository root::

    .venv/bin/python benchmarks/server.py                          # 200 tables, basic bots, 60 s
    .venv/bin/python benchmarks/server.py --tables 50 --bots expert --seconds 60
    .venv/bin/python benchmarks/server.py --store postgresql --tables 200
    .venv/bin/python benchmarks/server.py --processes 3 --tables 200       # PostgreSQL + Redis
    .venv/bin/python benchmarks/server.py --processes 2 --search            # most tables held
    .venv/bin/python benchmarks/server.py --processes 3 --failover 10 --tables 60
    .venv/bin/python benchmarks/server.py --sitting                         # the whole record

It starts ``--processes`` ``hearts serve`` processes on loopback (free ports, one bot worker
each, their limits per client address raised with ``--limits``, since every simulated person
comes from 127.0.0.1: by default an address makes 12 tables at once and holds 100
connections) on one store: a fresh SQLite file in a temporary folder (``--store sqlite``, one
process), or a fresh schema of its own in a PostgreSQL database (``--database-url``, the tests'
by default; the URL's ``search_path`` option names the schema, dropped after), alone
(``--store postgresql``, one process) or with a Redis (``--store postgresql+redis``, the
default with more than one process; ``--redis-url``, the tests' by default, on a database
number of its own that was empty, flushed after).

It makes ``--tables`` tables over HTTP, round-robin at the processes — each one person and
three bots (``--bots``) — and connects one simulated person to each over a WebSocket, at a
process other than the table's maker when there are several (so that the relaying between
processes is measured). Each person plays its first legal move ``--pause`` seconds after it
may (1 s by default: a brisk player), for ``--seconds`` seconds or ``--moves`` moves,
whichever comes first; then everything stops by itself. A person whose socket closes connects
again (to the same process if it lives, else to the next live one), says hello with its
token and plays on. It reports the tables, the messages a second the clients received, and
the round trip of a person's move: from sending it to receiving the state that shows it
(median, p99, max).

``--search`` finds the most tables held at a p99 round trip of at most ``--goal`` ms (100): a
bounded search over table counts (from ``--tables``, up by half again until a count fails or
``--most`` is reached, or down by a third until one holds, then halving the gap down to
``--step`` tables; at most ``--probes`` runs), each count on fresh processes and a fresh store.

``--failover K`` (several processes, PostgreSQL and Redis) plays ``--failover-tables`` tables
as above and then K times makes a table at one process (each process in turn), connects its
person at another, lets it make a few moves, and kills the table's process (SIGKILL, its
whole process group: its bot worker too); it measures from the kill until that person has
connected again, had the whole state and had its next move answered with a state (median and
worst), and starts a fresh process on the dead one's port before the next kill. With one
process (any store) it starts the fresh one at once: the time to start again, for comparison.

``--sitting`` runs the record of issue 38 in one go: the search on one process with SQLite and
on one, two and three processes with PostgreSQL and Redis, on three again with every person at
its table's maker (``--direct``: what the relaying costs), then ``--failover`` (10 by default
there) on three. With ``--counts 50,100`` it measures every setting at those table counts
instead of searching, the settings in turn within each count, so that the machine's other load
falls on all of them alike.

A script, not a test: nothing fails. Every wait is bounded in count and time, every process
is on loopback, and every process started is killed at the end, even on an error or Ctrl+C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
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
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import FrameType

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

ROOT = Path(__file__).resolve().parents[1]
POSTGRES_URL = os.environ.get(
    "HEARTS_TEST_POSTGRES_URL", "postgresql+psycopg://hearts:hearts@127.0.0.1:5432/hearts_test"
)
REDIS_URL = os.environ.get("HEARTS_TEST_REDIS_URL", "redis://127.0.0.1:6379")
STORES = ("sqlite", "postgresql", "postgresql+redis")
UP_TIME = 90.0
"""Seconds a process has to answer /healthz once started."""
RECONNECTS = 40
"""Connections a person opens at most after a drop before one has the whole state again."""
RECONNECT_TIME = 60.0
"""Seconds a person keeps trying to connect again after a drop before it gives up."""
WELCOME_TIME = 15.0
"""Seconds a socket has, once open, to answer the hello with the whole state."""


def free_port() -> int:
    """A port free on loopback now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def merged(counts: Iterable[dict[str, int]]) -> dict[str, int]:
    """The counts added up key by key."""
    total: dict[str, int] = {}
    for count in counts:
        for key, value in count.items():
            total[key] = total.get(key, 0) + value
    return total


@dataclasses.dataclass
class Slot:
    """One ``hearts serve`` process: its port (kept when a fresh process takes its place) and
    the process now running there, if any."""

    port: int
    process: subprocess.Popen[bytes] | None = None
    log: Path | None = None
    up: bool = False
    """Whether the process has answered /healthz and has not been killed since."""

    @property
    def alive(self) -> bool:
        """Whether the process runs (it may not listen yet)."""
        return self.process is not None and self.process.poll() is None

    @property
    def serving(self) -> bool:
        """Whether a client (or a proxy) should send its connections here."""
        return self.up and self.alive

    @property
    def http(self) -> str:
        """The process's HTTP address."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """The process's WebSocket address."""
        return f"ws://127.0.0.1:{self.port}"


class Cluster:
    """``processes`` ``hearts serve`` processes on one fresh store (and a Redis of their own
    with ``postgresql+redis``), started by :meth:`start` and all stopped, the store dropped and
    the Redis database flushed by :meth:`stop`, whatever happened in between."""

    def __init__(self, store: str, processes: int, args: argparse.Namespace) -> None:
        if store not in STORES:
            raise SystemExit(f"--store must be one of {', '.join(STORES)}, not {store!r}")
        if processes > 1 and store != "postgresql+redis":
            raise SystemExit(
                "several processes share a PostgreSQL store and a Redis: "
                "give --store postgresql+redis (the default with --processes above 1)"
            )
        self.store = store
        self.args = args
        self.slots = [Slot(free_port()) for _ in range(processes)]
        self.folder = Path(tempfile.mkdtemp(prefix="hearts-bench-"))
        self.database_url = ""
        self.redis_url: str | None = None
        self._schema: str | None = None

    def __enter__(self) -> Cluster:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # The store and the Redis.

    def _make_store(self) -> None:
        """A fresh SQLite file, or a fresh schema in the PostgreSQL database."""
        if self.store == "sqlite":
            self.database_url = f"sqlite:///{self.folder / 'tables.db'}"
            return
        from sqlalchemy import create_engine
        from sqlalchemy.engine import make_url
        from sqlalchemy.pool import NullPool

        base = make_url(self.args.database_url)
        if base.get_backend_name() != "postgresql":
            raise SystemExit(f"--database-url must be a PostgreSQL URL, not {base!r}")
        schema = f"bench_{secrets.token_hex(6)}"
        admin = create_engine(base, poolclass=NullPool, connect_args={"connect_timeout": 5})
        try:
            with admin.begin() as connection:
                connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
        except Exception as error:
            raise SystemExit(
                f"PostgreSQL at {base.render_as_string(hide_password=True)} is unreachable "
                f"({str(error).strip().splitlines()[0]}): run scripts/services (as root), or "
                "give --database-url"
            ) from None
        finally:
            admin.dispose()
        self._schema = schema
        url = base.update_query_dict({"options": f"-csearch_path={schema}"})
        self.database_url = url.render_as_string(hide_password=False)

    def _drop_store(self) -> None:
        """The schema dropped with all it holds (SQLite's file goes with the folder)."""
        if self._schema is None:
            return
        from sqlalchemy import create_engine
        from sqlalchemy.pool import NullPool

        admin = create_engine(
            self.args.database_url, poolclass=NullPool, connect_args={"connect_timeout": 5}
        )
        try:
            with admin.begin() as connection:
                connection.exec_driver_sql("SET lock_timeout = '30s'")
                connection.exec_driver_sql(f'DROP SCHEMA "{self._schema}" CASCADE')
            self._schema = None
        except Exception as error:
            print(f"(could not drop the schema {self._schema}: {error})", file=sys.stderr)
        finally:
            admin.dispose()

    def _take_redis(self) -> None:
        """An empty Redis database number (1-15) taken, marked as the benchmark's."""
        if self.store != "postgresql+redis":
            return
        import redis

        base = self.args.redis_url.rstrip("/")
        if base.rsplit("/", 1)[-1].isdigit() and base.count("/") > 2:
            base = base.rsplit("/", 1)[0]
        for number in range(15, 0, -1):  # (the tests use 0: take an empty one of the others)
            client = redis.Redis.from_url(f"{base}/{number}", socket_timeout=5)
            try:
                # A marker set only where none is, in a database that holds nothing else:
                # two benchmarks never take the same database, nor one that is in use.
                if client.set("hearts-bench:taken", str(os.getpid()), nx=True, ex=7200):
                    if client.dbsize() == 1:
                        self.redis_url = f"{base}/{number}"
                        return
                    client.delete("hearts-bench:taken")
            except redis.RedisError as error:
                raise SystemExit(
                    f"Redis at {base} is unreachable ({error}): run scripts/services (as "
                    "root), or give --redis-url"
                ) from None
            finally:
                client.close()
        raise SystemExit(f"Redis at {base} has no empty database among 1-15 for the benchmark")

    def _flush_redis(self) -> None:
        """The Redis database taken emptied."""
        if self.redis_url is None:
            return
        import redis

        client = redis.Redis.from_url(self.redis_url, socket_timeout=5)
        try:
            client.flushdb()
        except redis.RedisError as error:
            print(f"(could not flush {self.redis_url}: {error})", file=sys.stderr)
        finally:
            client.close()
        self.redis_url = None

    # The processes.

    def _launch(self, slot: Slot) -> None:
        """A ``hearts serve`` process started on ``slot``'s port (its output in a log)."""
        slot.up = False
        limits = str(self.args.limits)
        command = [sys.executable, "-m", "hearts", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(slot.port), "--database-url", self.database_url]
        if self.redis_url is not None:
            command += ["--redis-url", self.redis_url]
        command += ["--bot-workers", str(self.args.bot_workers)]
        command += ["--table-burst", limits, "--table-rate", limits]
        command += ["--max-connections", limits, "--no-daily-event"]
        slot.log = self.folder / f"serve-{slot.port}-{time.monotonic_ns()}.log"
        with slot.log.open("wb") as log:
            slot.process = subprocess.Popen(
                command,
                env=dict(os.environ, PYTHONPATH=str(self.args.src)),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # (its own process group: its bot worker dies with it)
            )

    def _wait_up(self, slots: list[Slot]) -> None:
        """Wait (bounded) until every process of ``slots`` answers /healthz with 200."""
        end = time.monotonic() + UP_TIME
        waiting = list(slots)
        while waiting:
            slot = waiting[0]
            if not slot.alive:
                raise SystemExit(f"a hearts serve process did not start:\n{self.tail(slot)}")
            try:
                if httpx.get(f"{slot.http}/healthz", timeout=2).status_code == 200:
                    slot.up = True
                    waiting.pop(0)
                    continue
            except httpx.HTTPError:
                pass
            if time.monotonic() > end:
                raise SystemExit(f"a hearts serve process did not come up:\n{self.tail(slot)}")
            time.sleep(0.1)

    def tail(self, slot: Slot, lines: int = 30) -> str:
        """The last lines a process wrote (its log), for a sentence about why it failed."""
        if slot.log is None or not slot.log.exists():
            return "(no log)"
        return "\n".join(slot.log.read_text(errors="replace").splitlines()[-lines:])

    def start(self) -> None:
        """The store, the Redis and the processes, all answering."""
        self._make_store()
        self._take_redis()
        first, *others = self.slots
        self._launch(first)  # (alone first: it makes the schema's tables)
        self._wait_up([first])
        for slot in others:
            self._launch(slot)
        self._wait_up(others)

    def kill(self, index: int) -> float:
        """SIGKILL the process group at slot ``index``; the moment of the kill."""
        slot = self.slots[index]
        assert slot.process is not None
        slot.up = False
        os.killpg(slot.process.pid, signal.SIGKILL)
        killed = time.perf_counter()
        slot.process.wait(timeout=30)
        return killed

    def restart(self, index: int) -> None:
        """A fresh process on slot ``index``'s port, waited for until it answers."""
        slot = self.slots[index]
        end = time.monotonic() + 30
        while True:  # (the port is free again once the dead process's socket is gone)
            with socket.socket() as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                try:
                    probe.bind(("127.0.0.1", slot.port))
                    break
                except OSError:
                    if time.monotonic() > end:
                        raise SystemExit(f"port {slot.port} stayed taken after a kill") from None
            time.sleep(0.1)
        self._launch(slot)
        self._wait_up([slot])

    def live(self, preferred: int) -> int:
        """``preferred`` if its process serves, else the next slot whose process does (as a
        proxy sends a connection to a process that is up)."""
        count = len(self.slots)
        for step in range(count):
            index = (preferred + step) % count
            if self.slots[index].serving:
                return index
        return preferred

    def stop(self) -> None:
        """Every process stopped (one: Ctrl+C's signal, then SIGKILL after 15 s; several:
        SIGKILL at once, since each would hand its tables to the others, and the store is
        thrown away), the schema dropped, the Redis database flushed, the folder removed."""
        stop = signal.SIGINT if len(self.slots) == 1 else signal.SIGKILL
        for slot in self.slots:
            if slot.alive:
                assert slot.process is not None
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(slot.process.pid, stop)
        end = time.monotonic() + 15
        for slot in self.slots:
            if slot.process is None:
                continue
            try:
                slot.process.wait(timeout=max(0.1, end - time.monotonic()))
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(slot.process.pid, signal.SIGKILL)
                slot.process.wait(timeout=30)
            with contextlib.suppress(ProcessLookupError):  # (a worker left behind)
                os.killpg(slot.process.pid, signal.SIGKILL)
        self._drop_store()
        self._flush_redis()
        for path in self.folder.glob("*"):
            path.unlink()
        with contextlib.suppress(OSError):
            self.folder.rmdir()


class Unanswered(Exception):
    """A hello not answered with the whole state in time: the person connects again."""


class Run:
    """When the people stop (shortened to stop them early)."""

    def __init__(self, seconds: float) -> None:
        self.until = time.monotonic() + seconds

    def left(self) -> float:
        """Seconds until the people stop."""
        return self.until - time.monotonic()


class Person:
    """One simulated person at one table, connected at slot ``home`` of the cluster (the next
    live one when its process is dead)."""

    def __init__(self, cluster: Cluster, home: int, table: str, token: str) -> None:
        self.cluster = cluster
        self.home = home
        self.table = table
        self.token = token
        self.trips: list[float] = []
        self.answers: list[tuple[float, float]] = []  # (sent, answered): perf_counter times
        self.resyncs: list[float] = []  # whole states after a connection again
        self.closes: list[tuple[float, int | None]] = []  # (when, close code)
        self.received = 0
        self.errors = 0
        self.codes: dict[str, int] = {}
        self.made = 0
        self.over = False
        self.gave_up = False
        self.refusals: dict[str, int] = {}  # (connections that opened no socket, by why)
        self.synced = False  # (the socket now open had the whole state)
        self.changed = asyncio.Event()

    async def play(self, run: Run, moves: int, pause: float) -> None:
        """Play until the run ends, ``moves`` are made or the game is over, connecting again
        whenever the socket closes: at once after a socket that had the whole state (as the
        protocol asks after a 1012), then after 0.1 s, 0.2 s, ... 2 s at most, at most
        :data:`RECONNECTS` times and :data:`RECONNECT_TIME` seconds from the drop. (The page
        waits 1 s, then 2, 4, ... 15 s.)"""
        tries = 0  # (connections opened since the last one that had the whole state)
        dropped_at: float | None = None
        again = False
        while run.left() > 0 and self.made < moves and not self.over:
            if tries > RECONNECTS or (
                dropped_at is not None and time.monotonic() - dropped_at > RECONNECT_TIME
            ):
                self.gave_up = True
                return
            if tries:
                await asyncio.sleep(min(0.1 * 2 ** (tries - 1), 2.0))  # (0.1, 0.2, ... 2 s)
            tries += 1
            self.home = self.cluster.live(self.home)
            url = f"{self.cluster.slots[self.home].ws}/ws/tables/{self.table}"
            self.synced = False
            try:
                async with connect(url, max_size=2**22, open_timeout=30) as ws:
                    await self._session(ws, run, moves, pause, again=again)
                    return
            except Unanswered:
                self.closes.append((time.perf_counter(), None))
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else 1006  # (no close frame)
                self.closes.append((time.perf_counter(), code))
            except (OSError, InvalidHandshake, TimeoutError) as error:
                # (no socket: a dead process, a process not listening yet, or a refusal)
                status = getattr(getattr(error, "response", None), "status_code", None)
                reason = type(error).__name__ + ("" if status is None else f" {status}")
                self.refusals[reason] = self.refusals.get(reason, 0) + 1
            again = True
            if os.environ.get("SHOW_DROPS"):
                print(
                    f"{time.monotonic():.2f} table {self.table} at process {self.home + 1}: "
                    f"{self.closes[-1] if self.closes else None} {self.refusals}",
                    flush=True,
                )
            if self.synced:
                tries, dropped_at = 0, time.monotonic()
            elif dropped_at is None:
                dropped_at = time.monotonic()
            self.changed.set()

    async def _session(
        self, ws: ClientConnection, run: Run, moves: int, pause: float, *, again: bool
    ) -> None:
        await ws.send(json.dumps({"type": "hello", "version": 1, "token": self.token}))
        sent: float | None = None  # (when the move waiting for its state was sent)
        waiting = -1  # the seq the move was made at: its state comes with a later one
        seat = -1
        synced = False
        hurry = again  # (after a drop the first move goes at once: the failover is timed so)
        opened = time.monotonic()
        while run.left() > 0 and self.made < moves:
            limit = min(run.left(), 1.0 if synced else WELCOME_TIME - (time.monotonic() - opened))
            if limit <= 0:
                await ws.close()
                raise Unanswered
            try:
                text = await asyncio.wait_for(ws.recv(), max(0.01, limit))
            except TimeoutError:
                continue
            self.received += 1
            message = json.loads(text)
            kind = message["type"]
            if kind == "welcome":
                seat = message["seat"]
            if kind == "over":
                self.over = True
                return
            if kind == "error":
                self.errors += 1
                self.codes[message["code"]] = self.codes.get(message["code"], 0) + 1
                if os.environ.get("SHOW_ERRORS"):
                    print(message, flush=True)
                sent = None
                continue
            if kind != "state":
                continue
            if not synced:
                synced = self.synced = True
                if again:
                    self.resyncs.append(time.perf_counter())
                    self.changed.set()
            if sent is not None:
                mine = any(event.get("seat") == seat for event in message["events"])
                if message["seq"] <= waiting or not mine:
                    continue  # (a state from before the move, or of another seat's move)
                answered = time.perf_counter()
                self.trips.append(answered - sent)
                self.answers.append((sent, answered))
                self.changed.set()
                sent = None
            view = message["view"]
            if view["choose"]:
                choose = view["choose"]
                move = f"{choose['move']} {' '.join(choose['cards'][: choose['count']])}"
            elif view["legal_moves"]:
                move = view["legal_moves"][0]
            else:
                continue
            if pause and not hurry:
                await asyncio.sleep(pause)
            hurry = False
            sent, waiting = time.perf_counter(), message["seq"]
            await ws.send(json.dumps({"type": "move", "move": move}))
            self.made += 1


async def make_people(
    cluster: Cluster, count: int, bots: str, first: int = 0, *, direct: bool = False
) -> list[Person]:
    """``count`` tables made round-robin at the processes (from slot ``first``), each with its
    person, who connects at the next process when there are several (``direct``: at the
    maker)."""
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": bots}] * 3
    slots = len(cluster.slots)
    clients = [
        httpx.AsyncClient(
            base_url=slot.http, timeout=60, limits=httpx.Limits(max_connections=20 // slots + 1)
        )
        for slot in cluster.slots
    ]
    try:

        async def make(number: int) -> Person:
            maker = (first + number) % slots
            reply = await clients[maker].post(
                "/api/tables", json={"variant": "modern", "seats": seats}
            )
            if not reply.is_success:
                raise SystemExit(f"a table was refused ({reply.status_code}): {reply.text}")
            data = reply.json()
            home = maker if direct else (maker + 1) % slots  # (not the maker's: relayed)
            return Person(cluster, home, data["table"]["id"], data["token"])

        return list(await asyncio.gather(*(make(number) for number in range(count))))
    finally:
        for client in clients:
            await client.aclose()


@dataclasses.dataclass
class Figures:
    """One run's figures."""

    tables: int
    seconds: float
    received: int
    moves: int
    errors: int
    codes: dict[str, int]
    median: float | None
    p99: float | None
    worst: float | None
    load: tuple[float, float]
    drops: int = 0
    refused: dict[str, int] = dataclasses.field(default_factory=dict)
    gave_up: int = 0

    def line(self) -> str:
        """The figures in a line or two."""
        head = (
            f"{self.tables} tables, {self.seconds:.0f} s, {self.received} messages received "
            f"({self.received / max(self.seconds, 0.001):.0f} a second), {self.moves} moves by "
            f"the people, {self.errors} errors {self.codes}, {self.drops} sockets dropped, "
            f"connections that opened no socket {self.refused}, "
            f"{self.gave_up} people gave up; load average {self.load[0]:.2f} -> {self.load[1]:.2f}"
        )
        if self.p99 is None:
            return head + "; no move answered"
        return (
            head + f"\nround trip of a move: median {self.median:.1f} ms, p99 {self.p99:.1f} ms, "
            f"max {self.worst:.1f} ms"
        )


def figures(people: list[Person], elapsed: float, load: float) -> Figures:
    """The figures of a run of ``people``."""
    trips = [trip * 1000 for person in people for trip in person.trips]
    return Figures(
        tables=len(people),
        seconds=elapsed,
        received=sum(person.received for person in people),
        moves=len(trips),
        errors=sum(person.errors for person in people),
        codes=merged(person.codes for person in people),
        median=statistics.median(trips) if trips else None,
        p99=percentile(trips, 0.99) if trips else None,
        worst=max(trips) if trips else None,
        load=(load, os.getloadavg()[0]),
        drops=sum(len(person.closes) for person in people),
        refused=merged(person.refusals for person in people),
        gave_up=sum(person.gave_up for person in people),
    )


def measure(
    args: argparse.Namespace, store: str, processes: int, tables: int, direct: bool
) -> Figures:
    """One run: ``tables`` tables on fresh processes and a fresh store (``direct``: each
    person at its table's maker)."""
    with Cluster(store, processes, args) as cluster:
        load = os.getloadavg()[0]

        async def go() -> tuple[list[Person], float]:
            people = await make_people(cluster, tables, args.bots, direct=direct)
            start = time.monotonic()
            run = Run(args.seconds)
            await asyncio.gather(*(p.play(run, args.moves, args.pause) for p in people))
            return people, time.monotonic() - start

        people, elapsed = asyncio.run(go())
        return figures(people, elapsed, load)


def search(
    args: argparse.Namespace, store: str, processes: int, direct: bool, start: int
) -> tuple[int | None, list[Figures]]:
    """The most tables held at p99 <= goal found by a bounded search from ``start`` tables,
    and every probe."""
    step, most, goal = args.step, args.most, args.goal
    held: int | None = None  # the most tables seen within the goal
    failed: int | None = None  # the fewest seen beyond it
    count = min(most, max(step, start - start % step))
    probes: list[Figures] = []
    for _ in range(args.probes):
        result = measure(args, store, processes, count, direct)
        probes.append(result)
        shown = f"{store}, {processes} process(es){', direct' if direct else ''}"
        print(f"  {shown}: {result.line()}", flush=True)
        if result.p99 is not None and result.p99 <= goal:
            held = count if held is None else max(held, count)
        else:
            failed = count if failed is None else min(failed, count)
        if failed is None:
            assert held is not None  # (this count held, or failed would be set)
            if held >= most:
                break
            count = min(most, step * max(held // step + 1, round(held * 1.5 / step)))
        elif held is None:
            if failed <= step:
                break
            count = max(step, step * round(failed / 1.5 / step))
            count = min(count, failed - step)
        else:
            if failed - held <= step:
                break
            count = step * round((held + failed) / 2 / step)
            count = min(max(count, held + step), failed - step)
    return held, probes


@dataclasses.dataclass
class Failover:
    """One kill's times, seconds from the kill: the socket closed, the whole state had
    again, the next move answered."""

    closed: float | None
    resynced: float | None
    answered: float | None
    code: int | None


async def failover(args: argparse.Namespace, cluster: Cluster) -> tuple[list[Failover], Figures]:
    """``args.failover`` kills of a table's process mid-game, with ``args.tables`` tables
    played on by people who connect again after their drops."""
    slots = len(cluster.slots)
    run = Run(args.kill_time * args.failover + 120)
    load = os.getloadavg()[0]
    people = await make_people(cluster, args.failover_tables, args.bots)
    start = time.monotonic()
    background = [asyncio.ensure_future(p.play(run, 10**9, args.pause)) for p in people]
    kills: list[Failover] = []
    try:
        for number in range(args.failover):
            victim = number % slots
            (person,) = await make_people(cluster, 1, args.bots, first=victim)
            playing = asyncio.ensure_future(person.play(run, 10**9, args.warm_pause))
            background.append(playing)
            people.append(person)
            end = time.monotonic() + 60
            while person.made < args.warm and not playing.done():  # (mid-game, past the pass)
                if time.monotonic() > end:
                    raise SystemExit("a failover table's person made no moves within 60 s")
                person.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(person.changed.wait(), 1.0)
            if playing.done():
                raise SystemExit("a failover table's person stopped before the kill")
            killed = await asyncio.to_thread(cluster.kill, victim)
            restarting = None
            if slots == 1:  # (nothing to take over: the time to start again is measured)
                restarting = asyncio.ensure_future(asyncio.to_thread(cluster.restart, victim))
            end = time.monotonic() + args.kill_time
            after: tuple[float, float] | None = None
            while time.monotonic() < end:
                after = next(((s, a) for s, a in person.answers if s > killed), None)
                if after is not None or playing.done():
                    break
                person.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(person.changed.wait(), 1.0)
            close = next(((when, code) for when, code in person.closes if when > killed), None)
            resync = next((when for when in person.resyncs if when > killed), None)
            kills.append(
                Failover(
                    closed=None if close is None else close[0] - killed,
                    resynced=None if resync is None else resync - killed,
                    answered=None if after is None else after[1] - killed,
                    code=None if close is None else close[1],
                )
            )
            shown = kills[-1]
            print(
                f"  kill {number + 1}: process {victim + 1} of {slots}; socket closed "
                f"{_seconds(shown.closed)} (code {shown.code}), whole state again "
                f"{_seconds(shown.resynced)}, next move answered {_seconds(shown.answered)} "
                "after the kill",
                flush=True,
            )
            if restarting is None:
                await asyncio.to_thread(cluster.restart, victim)
            else:
                await restarting
    finally:
        run.until = time.monotonic()
        await asyncio.gather(*background, return_exceptions=True)
    held = []
    async with httpx.AsyncClient(timeout=5) as http:
        for slot in cluster.slots:
            with contextlib.suppress(httpx.HTTPError, ValueError, KeyError):
                held.append(str((await http.get(f"{slot.http}/healthz")).json()["tables"]))
    print(f"  tables in play at each process at the end (/healthz): {', '.join(held)}")
    return kills, figures(people, time.monotonic() - start, load)


def _seconds(value: float | None) -> str:
    """Seconds shown, or "never"."""
    return "never" if value is None else f"{value:.2f} s"


def summary(kills: list[Failover]) -> str:
    """The failover's median and worst, in a sentence."""
    answered = [kill.answered for kill in kills if kill.answered is not None]
    missed = len(kills) - len(answered)
    if not answered:
        return f"failover: {len(kills)} kills, no move answered after any"
    return (
        f"failover over {len(kills)} kills: the next move answered after median "
        f"{statistics.median(answered):.2f} s, worst {max(answered):.2f} s"
        + (f"; {missed} never within the bound" if missed else "")
        + f"; close codes {sorted({str(kill.code) for kill in kills})}"
    )


def machine() -> str:
    """The machine, in a line."""
    return (
        f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}; load average now {os.getloadavg()[0]:.2f}"
    )


def settings() -> Iterator[tuple[str, int, bool]]:
    """The settings of ``--sitting``: the issue's, in order, then three processes with every
    person at its table's maker (what the relaying costs)."""
    yield "sqlite", 1, False
    for processes in (1, 2, 3):
        yield "postgresql+redis", processes, False
    yield "postgresql+redis", 3, True


def fixed(args: argparse.Namespace) -> None:
    """``--sitting --counts``: every setting of the sitting at each count, the settings taken in
    turn within each count (so that the machine's other load falls on all of them alike), and a
    table of the p99 (and median) round trips."""
    counts = [int(count) for count in args.counts.split(",")]
    table: dict[tuple[str, int, bool], list[Figures]] = {}
    for count in counts:
        for name, processes, direct in settings():
            result = measure(args, name, processes, count, direct)
            table.setdefault((name, processes, direct), []).append(result)
            shown = f"{name}, {processes} process(es){', direct' if direct else ''}"
            print(f"  {shown}: {result.line()}", flush=True)
    head = " | ".join(f"{count} tables: p99 (median), ms" for count in counts)
    print(f"\n| store | processes | sockets | {head} |")
    print("|---|---:|---|" + "---:|" * len(counts))
    for (name, processes, direct), results in table.items():
        cells = " | ".join(
            f"{r.p99:.0f} ({r.median:.0f})" if r.p99 is not None and r.median is not None else "-"
            for r in results
        )
        sockets = "at the maker" if direct or processes == 1 else "at another process"
        print(f"| {name} | {processes} | {sockets} | {cells} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
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
    parser.add_argument("--processes", type=int, default=1, help="hearts serve processes")
    parser.add_argument(
        "--store",
        choices=STORES,
        default=None,
        help="sqlite (default with one process), postgresql (one process, no Redis) or "
        "postgresql+redis (default with several)",
    )
    parser.add_argument(
        "--database-url",
        default=POSTGRES_URL,
        help="the PostgreSQL database whose fresh schema the processes use (the tests' by "
        "default, or $HEARTS_TEST_POSTGRES_URL)",
    )
    parser.add_argument(
        "--redis-url",
        default=REDIS_URL,
        help="the Redis whose empty database (1-15) the processes use (the tests' by "
        "default, or $HEARTS_TEST_REDIS_URL)",
    )
    parser.add_argument("--bot-workers", type=int, default=1, help="each process's bot workers")
    parser.add_argument(
        "--src",
        type=Path,
        default=ROOT / "src",
        help="the source tree whose hearts the processes run (this checkout's by default; "
        "another tree's for a before)",
    )
    parser.add_argument(
        "--direct",
        action="store_true",
        help="each person connects at its table's maker (no relaying), for comparison",
    )
    parser.add_argument(
        "--search", action="store_true", help="find the most tables held at p99 <= --goal"
    )
    parser.add_argument("--goal", type=float, default=100.0, help="the p99 bound, ms")
    parser.add_argument("--step", type=int, default=25, help="the search's resolution, tables")
    parser.add_argument("--most", type=int, default=800, help="the search's largest count")
    parser.add_argument("--probes", type=int, default=7, help="the search's runs at most")
    parser.add_argument(
        "--failover", type=int, default=0, help="kills of a table's process (several processes)"
    )
    parser.add_argument(
        "--failover-tables",
        type=int,
        default=60,
        help="tables played on (as --tables) while --failover kills processes",
    )
    parser.add_argument(
        "--warm", type=int, default=4, help="moves a failover table's person makes before a kill"
    )
    parser.add_argument(
        "--warm-pause",
        type=float,
        default=0.2,
        help="seconds a failover table's person takes over a move",
    )
    parser.add_argument(
        "--kill-time", type=float, default=60.0, help="seconds a failover is waited for at most"
    )
    parser.add_argument(
        "--counts",
        default="",
        help="with --sitting: table counts (comma-separated) to measure every setting at, in "
        "turn, instead of searching",
    )
    parser.add_argument(
        "--sitting",
        action="store_true",
        help="the record: --search on SQLite (one process) and PostgreSQL+Redis (one, two, "
        "three; three again --direct), then --failover (10 unless given) on three",
    )
    args = parser.parse_args()
    store = args.store or ("sqlite" if args.processes == 1 else "postgresql+redis")
    if args.processes < 1 or args.tables < 1 or args.failover < 0:
        raise SystemExit("--processes and --tables must be at least 1, --failover at least 0")

    def stop(number: int, frame: FrameType | None) -> None:
        raise SystemExit(f"stopped by signal {number}")  # (so that the processes are killed)

    signal.signal(signal.SIGTERM, stop)
    print(machine(), flush=True)
    if args.sitting and args.counts:
        fixed(args)
        args.failover = args.failover or 10
        store, args.processes = "postgresql+redis", 3
    elif args.sitting:
        rows: list[tuple[str, int, bool, int | None, list[Figures]]] = []
        start = args.tables
        for name, processes, direct in settings():
            held, probes = search(args, name, processes, direct, start)
            rows.append((name, processes, direct, held, probes))
            start = held or args.step  # (the next setting starts from this one's figure)
        print(
            "\n| store | processes | sockets | tables held at p99 <= goal | "
            "probes (tables: p99 ms, median ms) |"
        )
        print("|---|---:|---|---:|---|")
        for name, processes, direct, held, probes in rows:
            shown = ", ".join(
                f"{p.tables}: {p.p99:.0f}, {p.median:.0f}"
                if p.p99 is not None and p.median is not None
                else f"{p.tables}: -"
                for p in probes
            )
            sockets = "at the maker" if direct or processes == 1 else "at another process"
            print(
                f"| {name} | {processes} | {sockets} | "
                f"{held if held is not None else 'none'} | {shown} |",
                flush=True,
            )
        args.failover = args.failover or 10
        store, args.processes = "postgresql+redis", 3
    if args.failover:
        if args.processes > 1 and store != "postgresql+redis":
            raise SystemExit("--failover with several processes needs PostgreSQL and Redis")
        with Cluster(store, args.processes, args) as cluster:
            kills, result = asyncio.run(failover(args, cluster))
        print(f"{store}, {args.processes} processes, failover run: {result.line()}")
        print(summary(kills), flush=True)
        return
    if args.sitting:
        return
    if args.search:
        held, probes = search(args, store, args.processes, args.direct, args.tables)
        print(
            f"{store}, {args.processes} process(es): most tables held at p99 <= {args.goal:g} ms: "
            f"{held if held is not None else f'none (fewer than {args.step})'} "
            f"({len(probes)} runs of {args.seconds:g} s)"
        )
        return
    result = measure(args, store, args.processes, args.tables, args.direct)
    print(f"{store}, {args.processes} process(es), {args.bots} bots: {result.line()}")


if __name__ == "__main__":
    main()
