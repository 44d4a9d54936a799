"""Several ``hearts serve`` processes serving one lobby: one PostgreSQL store, one Redis.

Each table is driven by exactly one process at a time, its **owner** (``tables.owner`` in the
store), as a Lichess game round lives in one process: its moves are checked, stored and sent
there, its bots asked there, its timers run there. Any process serves any client:

- **Liveness.** A process, when it starts, adds its row to ``processes`` (its id, protocol and
  version) and holds a PostgreSQL session advisory lock keyed by that id on a connection of its
  own for its life. PostgreSQL lets the lock go the moment that connection ends, however the
  process ended (``kill -9`` included), so "is process N alive" is ``pg_try_advisory_lock`` on
  its key failing. No clock, no lease to renew.
- **Takeover.** Every :attr:`~hearts.server.config.ServerConfig.lease_check` seconds each
  process looks for tables in play whose owner is not alive (or none), and takes them with one
  ``UPDATE ... WHERE owner = <the dead one>``: one process wins each table. It plays the table
  again from its stored events (as at a restart), its bots and timers included. A process asked
  to stop (SIGTERM) lets its lock go first, so the others take its tables at once. A process
  whose lock connection fails gives up its tables and starts again under a new id. Whatever
  the timing, a stale owner cannot store a move: a process's store appends only to the tables
  it owns in the store (``Store.owner``), and never out of the table's order of events.
- **Relay.** A socket that arrives at a process which does not drive its table is relayed to
  the owner over Redis pub/sub (each process reads its own channel), as lila-ws relays to lila:
  the owner runs the socket's whole protocol as for one of its own (hello, moves, hints, chat,
  watchers), its messages numbered so that a gap (a message lost while Redis restarted) closes
  the socket (code 1012) and the client comes back to the whole state. HTTP requests that act on
  a table (join, again, rejoin, its info) are forwarded the same way; the quick match, the
  events' tables and the reviews of finished games are run by one **leader** process (a Redis
  key it renews), which takes up the reviews left unfinished when it becomes the leader.
- **The lobby** is a Redis hash each owner keeps its public tables' summaries in.

A table handed from one process to another closes its sockets with 1012 (service restart): the
page comes back at once, to whichever process, and is sent the whole state.

One module: the cluster is one concern, several processes serving as one server, and its
parts are one protocol seen from its two ends: the liveness lock, the takeover, the leader's
key and the lobby's hash all hang on the process's one identity and its one lock connection,
and the relay (:class:`RelayedSocket`, :class:`ClusterMiddleware`) is the other end of the
pub/sub channels :class:`Cluster` reads, numbering and checking the same messages. Split, each
part would import the others' private state.
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import contextlib
import json
import logging
import re
import secrets
import socket as sockets
import time
import urllib.parse
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import text

from hearts import __version__
from hearts.server import protocol
from hearts.server.tables import MOVED

if TYPE_CHECKING:
    from hearts.server.tables import Hub, Table

__all__ = ["Cluster", "ClusterMiddleware", "Elsewhere", "RelayedSocket", "Stopping"]

log = logging.getLogger("hearts.server")

_LOCK_KEY: Final = "hashtext('hearts process ' || current_schema())"
"""The first key of a process's advisory lock (the second: the process's id), one a schema."""


FORWARD_TIME: Final = 20.0
"""Seconds a process waits for the answer of a request it forwarded."""

PIPE_MOST: Final = 1000
"""Messages a relayed socket may have waiting to be written before it is closed (too slow)."""

_UNPLACED: Final = "the server could not find where this table is played just now: try again"

_MOVED_AWAY: Final = "this table moved to another of the server's processes: connect again"

FLOOD: Final = 400
"""Frames of a relayed socket refused in a row for going too fast before it is closed."""

_RENEW: Final = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""
"""Renew the leader's key if it is still the caller's."""

LEADER_TIME: Final = 5.0
"""Seconds the leader's key lasts unless renewed (renewed at every check)."""


class Elsewhere(Exception):
    """A table this process cannot serve: its owner speaks another protocol (a sentence)."""


class Stopping(Exception):
    """This process is handing its tables over: it takes none (the client tries again)."""


class Cluster:
    """This process's part in a cluster (see the module docstring)."""

    def __init__(self, hub: Hub, redis: Any) -> None:
        self.hub = hub
        self.redis = redis
        self.config = hub.config
        self.id = 0
        """This process's id (its row in ``processes``)."""
        self.namespace = ""
        """The Redis keys' prefix: the store's database and schema."""
        self.app: Any = None
        """The ASGI app that forwarded requests are run by (set by ``create_app``)."""
        self.serve_relayed: Callable[[RelayedSocket, str], Awaitable[None]] | None = None
        """Runs a relayed socket's protocol here (set by ``create_app``)."""
        self.handlers: dict[str, Callable[[dict[str, Any]], None]] = {}
        """What to do when another process says something to everyone (:meth:`everyone`), by
        what it says."""
        self.live: dict[int, float] = {}
        """Other processes seen alive, and when (monotonic)."""
        self.leader: int | None = None
        self.on_lead: Callable[[], Awaitable[Any]] | None = None
        """What this process takes up when it becomes the leader (the reviews left
        unfinished: set by ``create_app``)."""
        self._db = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="hearts-cluster")
        self._life: Any = None
        self._out: asyncio.Queue[tuple[bytes, bytes, asyncio.Future[int] | None]] = asyncio.Queue()
        self._pipes: dict[str, _Pipe] = {}
        """Sockets here whose tables other processes drive."""
        self._relayed: dict[str, RelayedSocket] = {}
        """Sockets of other processes relayed here."""
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: set[asyncio.Future[Any]] = set()
        self._listed: dict[str, bytes] = {}
        """The lobby's entries this process wrote last, by table id."""
        self._wake = asyncio.Event()
        self._stopping = False
        self._subscribed = asyncio.Event()
        self._listener: asyncio.Future[Any] | None = None

    # ------------------------------------------------------------------ start and stop

    async def start(self) -> None:
        """Join the cluster: this process's row and lock, its channel, its checks."""
        await self._run(self._register)
        self._spawn(self._publisher())
        self._listener = self._spawn(self._subscriber())
        await asyncio.wait_for(self._subscribed.wait(), 30)
        await self.check()
        self._spawn(self._checker())
        log.info("process %d of the cluster %s is serving", self.id, self.namespace)

    async def hand_over(self) -> None:
        """Stop driving tables (SIGTERM): each table closed here under its lock, this process's
        lock let go, and the others told to take them at once."""
        if self._stopping:
            return
        self._stopping = True
        tables = list(self.hub.tables.values())
        for table in tables:  # (first no move is taken, then the lock goes, then the sockets)
            async with table.lock:
                table.gone, table.moved = table.gone or _MOVED_AWAY, True
        with contextlib.suppress(Exception):
            await self._run(self._let_go)
        with contextlib.suppress(Exception):
            await self._publish(self._everyone, {"k": "check"})
            if self.leader == self.id:
                await self.redis.delete(self._key("leader"))
            if self._listed:
                await self.redis.hdel(self._key("lobby"), *self._listed)
        for table in tables:
            await self.drop(table)
        log.info("process %d handed its tables over", self.id)

    @property
    def stopping(self) -> bool:
        """Whether this process is handing its tables over (it makes and takes none)."""
        return self._stopping

    def close(self) -> None:
        self._stopping = True
        for task in list(self._tasks):
            task.cancel()
        self._db.shutdown(wait=False, cancel_futures=True)
        with contextlib.suppress(Exception):
            if self._life is not None:
                self._life.invalidate()
                self._life.close()

    def _spawn(self, work: Awaitable[Any]) -> asyncio.Future[Any]:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _run(self, function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._db, function, *args)

    # ------------------------------------------------------------------ the store's side

    @property
    def _engine(self) -> Any:
        return self.hub.store.engine

    def _register(self) -> None:
        """This process's row, its lock held on a connection of its own."""
        if self._life is not None:
            with contextlib.suppress(Exception):
                self._life.invalidate()
                self._life.close()
            self._life = None
        with self._engine.begin() as connection:
            self.id = connection.execute(
                text(
                    "INSERT INTO processes (started, protocol, version, host) "
                    "VALUES (now(), :protocol, :version, :host) RETURNING id"
                ),
                {
                    "protocol": protocol.PROTOCOL_VERSION,
                    "version": __version__[:40],
                    "host": sockets.gethostname()[:255],
                },
            ).scalar_one()
            self.namespace = connection.execute(
                text("SELECT current_database() || '.' || current_schema()")
            ).scalar_one()
        life = self._engine.connect()
        life.execute(text(f"SELECT pg_advisory_lock({_LOCK_KEY}, :id)"), {"id": self.id})
        life.commit()
        self._life = life
        self.hub.store.owner = self.id  # (its appends: to tables this process drives only)

    def _let_go(self) -> None:
        with self._engine.begin() as connection:
            connection.execute(
                text("UPDATE processes SET ended = now() WHERE id = :id"), {"id": self.id}
            )
        if self._life is not None:
            self._life.execute(
                text(f"SELECT pg_advisory_unlock({_LOCK_KEY}, :id)"), {"id": self.id}
            )
            self._life.commit()

    def _alive(self, connection: Any, process: int) -> bool:
        """Whether ``process`` holds its lock (a lock taken to see is let go at once)."""
        free = connection.execute(
            text(f"SELECT pg_try_advisory_lock({_LOCK_KEY}, :id)"), {"id": process}
        ).scalar_one()
        if free:
            connection.execute(
                text(f"SELECT pg_advisory_unlock({_LOCK_KEY}, :id)"), {"id": process}
            )
        return not free

    def _look(self) -> tuple[bool, list[str], set[str], dict[int, bool]]:
        """One check: whether this process's lock holds, the tables it took over now, the
        tables the store says it drives, and the other owners seen (alive or not)."""
        try:
            self._life.execute(text("SELECT 1")).scalar_one()
            self._life.commit()
        except Exception:
            return False, [], set(), {}
        with self._engine.connect() as connection:
            owners = connection.execute(
                text(
                    "SELECT DISTINCT t.owner, p.protocol FROM tables t "
                    "LEFT JOIN processes p ON p.id = t.owner "
                    "WHERE t.status = 'playing' AND t.owner IS DISTINCT FROM :me"
                ),
                {"me": self.id},
            ).all()
            seen: dict[int, bool] = {}
            dead: list[int] = []
            orphans = False
            for owner, spoken in owners:
                if owner is None:
                    orphans = True
                    continue
                alive = self._alive(connection, owner)
                seen[owner] = alive
                if not alive and spoken == protocol.PROTOCOL_VERSION:
                    dead.append(owner)
            connection.commit()
            taken: list[str] = []
            if dead or orphans:
                taken = list(
                    connection.execute(
                        text(
                            "UPDATE tables SET owner = :me WHERE status = 'playing' AND "
                            "(owner IS NULL OR owner = ANY(:dead)) RETURNING id"
                        ),
                        {"me": self.id, "dead": dead},
                    ).scalars()
                )
                if dead:
                    connection.execute(
                        text(
                            "UPDATE processes SET ended = coalesce(ended, now()) "
                            "WHERE id = ANY(:dead)"
                        ),
                        {"dead": dead},
                    )
                connection.commit()
            mine = set(
                connection.execute(
                    text("SELECT id FROM tables WHERE owner = :me AND status = 'playing'"),
                    {"me": self.id},
                ).scalars()
            )
            connection.commit()
        return True, taken, mine, seen

    def _locate(self, key: str) -> tuple[str, str, int | None, int | None] | None:
        """A table by id or code: its id, status, owner and the owner's protocol."""
        with self._engine.connect() as connection:
            row = connection.execute(
                text(
                    "SELECT t.id, t.status, t.owner, p.protocol FROM tables t "
                    "LEFT JOIN processes p ON p.id = t.owner "
                    "WHERE t.id = :key OR t.code = :code"
                ),
                {"key": key, "code": key.strip().upper()},
            ).first()
        return None if row is None else (row[0], row[1], row[2], row[3])

    def _is_alive(self, process: int) -> bool:
        with self._engine.connect() as connection:
            alive = self._alive(connection, process)
            connection.commit()
            return alive

    def _take(self, table_id: str, owner: int | None) -> bool:
        """Take a table whose owner is gone (one process wins it)."""
        with self._engine.begin() as connection:
            taken = connection.execute(
                text(
                    "UPDATE tables SET owner = :me WHERE id = :id AND status = 'playing' AND "
                    "owner IS NOT DISTINCT FROM :owner RETURNING id"
                ),
                {"me": self.id, "id": table_id, "owner": owner},
            ).first()
        return taken is not None

    # ------------------------------------------------------------------ the checks

    async def _checker(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.config.lease_check)
            self._wake.clear()
            if self._stopping:
                return
            try:
                await self.check()
            except Exception as error:  # (the store or Redis is down: looked again later)
                log.warning("process %d: the cluster's check failed: %s", self.id, error)

    async def check(self) -> None:
        """Look for tables to take over, give up those taken from this process, keep the
        lobby's entries and the leader's key."""
        before = list(self.hub.tables.values())  # (a table made or taken meanwhile stays)
        held, taken, mine, seen = await self._run(self._look)
        if not held:
            log.error("process %d lost its lock on the store: it starts again", self.id)
            for table in list(self.hub.tables.values()):
                await self.drop(table)
            self._restart_relays()  # (what was sent to its old channel is read by nobody)
            await self._run(self._register)
            if self._listener is not None:  # (this process's channel is another now)
                self._listener.cancel()
            self._listener = self._spawn(self._subscriber())
            return
        now = time.monotonic()
        for owner, alive in seen.items():
            if alive:
                self.live[owner] = now
            else:
                self.live.pop(owner, None)
        for table_id in taken:
            await self._adopt(table_id)
        for table in before:
            if table.id not in mine and not table.game.is_over and table.gone is None:
                log.warning("table %s is driven by another process now: let go", table.id)
                await self.drop(table)
        if taken:
            await self._publish(self._everyone, {"k": "moved", "o": self.id, "t": taken})
            log.info("process %d took over %d tables", self.id, len(taken))
        await self._lead()
        await self._list()

    async def _adopt(self, table_id: str) -> bool:
        if table_id in self.hub.tables:
            return True
        if self._stopping:  # (handing over: it takes nothing more)
            return False
        stored = await self.hub.db(self.hub.store.get, table_id)
        if stored is None or stored.status != "playing":
            return False
        return await self.hub.adopt(stored)

    async def drop(self, table: Table) -> None:
        """Stop driving ``table`` here (another process does now): under its lock, no move is
        taken any more; its sockets are closed with :data:`MOVED`, so they come back."""
        async with table.lock:
            table.gone, table.moved = table.gone or _MOVED_AWAY, True
            self.hub.tables.pop(table.id, None)
            self.hub.codes.pop(table.code, None)
            for client in table.clients():
                client.close_code = MOVED
                client.close()
            table.close()

    # ------------------------------------------------------------------ where a table is

    async def where(self, key: str) -> tuple[int, str] | None:
        """Where a request for the table ``key`` goes: None to serve it here (the table is
        here, taken over now, or not in play: the routes answer), or (owner, table id); a
        finished game's goes to its process while that one lives (it keeps the table a while,
        for its end and Play again).
        Raises :class:`Elsewhere` for an owner that speaks another protocol."""
        if self.hub.find_quietly(key) is not None or len(key) > 64:
            return None
        found = await self._run(self._locate, key)
        if found is None:
            return None
        table_id, status, owner, spoken = found
        if status == "over":  # (its process keeps it a while: its end, Play again)
            theirs = owner is not None and owner != self.id
            if (
                theirs
                and spoken == protocol.PROTOCOL_VERSION
                and await self._run(self._is_alive, owner)
            ):
                return owner, table_id
            return None
        if status != "playing":
            return None
        for _ in range(3):
            if owner == self.id:
                await self._adopt(table_id)
                return None
            if owner is not None:
                seen = self.live.get(owner)
                fresh = seen is not None and time.monotonic() - seen < 2 * self.config.lease_check
                if fresh or await self._run(self._is_alive, owner):
                    if spoken is not None and spoken != protocol.PROTOCOL_VERSION:
                        raise Elsewhere(
                            f"this table is played on a server of protocol version {spoken}, "
                            f"and this one speaks version {protocol.PROTOCOL_VERSION}: try again once "
                            "the upgrade is over"
                        )
                    return owner, table_id
            if spoken is not None and spoken != protocol.PROTOCOL_VERSION:
                raise Elsewhere(  # (its process is gone: one of its own version takes it)
                    f"this table is played on servers of protocol version {spoken}, and this "
                    f"one speaks version {protocol.PROTOCOL_VERSION}: try again once the "
                    "upgrade is over"
                )
            if self._stopping:
                raise Stopping("this server's process is stopping: try again in a moment")
            if await self._run(self._take, table_id, owner):
                if await self._adopt(table_id):
                    await self._publish(
                        self._everyone, {"k": "moved", "o": self.id, "t": [table_id]}
                    )
                return None
            found = await self._run(self._locate, table_id)
            if found is None:
                return None
            _, status, owner, spoken = found
            if status != "playing":
                return None
        return None

    async def leader_elsewhere(self) -> int | None:
        """The leader, when it is another process (None: this one leads, or leads now)."""
        if self.leader is None:
            await self._lead()
        return None if self.leader in (None, self.id) else self.leader

    async def _lead(self) -> None:
        key = self._key("leader")
        me = str(self.id).encode()
        try:
            if await self.redis.set(key, me, nx=True, px=int(LEADER_TIME * 1000)):
                self.leader = self.id
                log.info("process %d leads the cluster", self.id)
                if self.on_lead is not None:
                    self._spawn(self.on_lead())
                return
            if await self.redis.eval(_RENEW, 1, key, me, int(LEADER_TIME * 1000)):
                self.leader = self.id  # (renewed only if still ours: one step in Redis)
                return
            holder = await self.redis.get(key)
            self.leader = int(holder) if holder is not None else None
        except Exception as error:
            self.leader = None  # (not known: a leader's work is not done here meanwhile)
            log.warning("process %d: the leader's key could not be read: %s", self.id, error)

    # ------------------------------------------------------------------ the lobby

    async def _list(self) -> None:
        """This process's public tables in the lobby's hash (changed entries written, gone
        ones deleted)."""
        now: dict[str, bytes] = {}
        for table in self.hub.tables.values():
            if table.options.public and not table.game.is_over and table.gone is None:
                now[table.id] = json.dumps({"o": self.id, "i": table.info()}).encode()
        changed = {key: value for key, value in now.items() if self._listed.get(key) != value}
        gone = [key for key in self._listed if key not in now]
        if changed:
            await self.redis.hset(self._key("lobby"), mapping=changed)
        if gone:
            await self.redis.hdel(self._key("lobby"), *gone)
        self._listed = now

    def changed(self) -> None:
        """A table was made here: the lobby's entries are written now, not at the next check."""
        if not self._stopping:
            self._spawn(self._list())

    async def public_tables(self) -> list[dict[str, Any]]:
        """Every process's public tables in play (those of a process gone left out)."""
        here = {
            table.id: table.info()
            for table in self.hub.tables.values()
            if table.options.public and not table.game.is_over and table.gone is None
        }
        try:
            entries = await self.redis.hgetall(self._key("lobby"))
        except Exception as error:
            log.warning("the lobby's list could not be read from Redis: %s", error)
            entries = {}
        now = time.monotonic()
        listed = dict(here)
        for key, value in entries.items():
            table_id = key.decode()
            if table_id in listed:
                continue
            entry = json.loads(value)
            seen = self.live.get(entry["o"])
            if seen is not None and now - seen < 4 * self.config.lease_check + 5:
                listed[table_id] = entry["i"]
        return list(listed.values())

    # ------------------------------------------------------------------ messages

    def _key(self, name: str) -> str:
        return f"hearts:{self.namespace}:{name}"

    def _inbox(self, process: int) -> bytes:
        return self._key(f"process:{process}").encode()

    @property
    def _everyone(self) -> bytes:
        return self._key("everyone").encode()

    async def _publish(self, channel: bytes, message: dict[str, Any]) -> int:
        """Publish ``message`` in order with every other of this process: the number of
        processes that received it (0: none, or Redis is down)."""
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._out.put_nowait((channel, json.dumps(message).encode(), done))
        return await done

    async def everyone(self, kind: str, said: dict[str, Any]) -> None:
        """Tell every other process ``said`` (its handler of ``kind`` runs there)."""
        await self._publish(self._everyone, {"k": "said", "kind": kind, "from": self.id} | said)

    async def send(self, process: int, message: dict[str, Any]) -> bool:
        """Send a message to ``process``: whether it received it."""
        return await self._publish(self._inbox(process), message) > 0

    async def _publisher(self) -> None:
        """One connection publishes every message, in order, many at once in a pipeline."""
        while True:
            batch = [await self._out.get()]
            while not self._out.empty() and len(batch) < 256:
                batch.append(self._out.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, data, _ in batch:
                        pipe.publish(channel, data)
                    results = await pipe.execute()
            except Exception as error:
                log.warning("process %d could not publish to Redis: %s", self.id, error)
                results = [0] * len(batch)
            for (_, _, done), result in zip(batch, results, strict=True):
                if done is not None and not done.done():
                    done.set_result(int(result) if isinstance(result, int) else 0)

    async def _subscriber(self) -> None:
        """Read this process's channel and everyone's; after Redis comes back, every relayed
        socket starts again (a message may have been lost meanwhile)."""
        pause = 0.1
        first = True
        while not self._stopping:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self._inbox(self.id), self._everyone)
                if not first:
                    log.warning("process %d is back on Redis: relayed sockets start again", self.id)
                    self._restart_relays()
                first = False
                pause = 0.1
                self._subscribed.set()
                while True:
                    message = await pubsub.get_message(timeout=5.0)
                    if message is None:
                        continue
                    try:
                        await self._receive(json.loads(message["data"]))
                    except Exception:
                        log.exception("process %d: a cluster message failed", self.id)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if not first:
                    log.warning("process %d lost Redis (%s): trying again", self.id, error)
                self._restart_relays()
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            await asyncio.sleep(pause)
            pause = min(5.0, pause * 2)

    def _restart_relays(self) -> None:
        """Redis was lost: every relayed socket starts again, and the lobby's entries are
        written again at the next check (a Redis restarted keeps none)."""
        self._listed = {}
        for pipe in list(self._pipes.values()):
            pipe.put(("close", MOVED))
        for relayed in list(self._relayed.values()):
            relayed.feed(None)

    async def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("k")
        if kind == "out" or kind == "close":
            pipe = self._pipes.get(message["c"])
            if pipe is not None:
                if kind == "close":
                    pipe.put(("close", int(message.get("code", 1000))))
                elif message["n"] != pipe.next:
                    pipe.put(("close", MOVED))  # (a message lost: the client starts again)
                else:
                    pipe.next += 1
                    pipe.put(("text", message["t"]))
        elif kind == "in":
            relayed = self._relayed.get(message["c"])
            if relayed is not None:
                relayed.feed(message["t"])
        elif kind == "open":
            self._open(message)
        elif kind == "gone":
            relayed = self._relayed.get(message["c"])
            if relayed is not None:
                relayed.feed(None)
        elif kind == "http":
            self._spawn(self._answer(message))
        elif kind == "reply":
            waiting = self._waiting.get(message["r"])
            if waiting is not None and not waiting.done():
                waiting.set_result(message)
        elif kind == "moved":
            owner, moved = message["o"], set(message["t"])
            for pipe in list(self._pipes.values()):
                if pipe.table in moved and pipe.owner != owner:
                    pipe.put(("close", MOVED))
            if owner != self.id:
                self.live[owner] = time.monotonic()
        elif kind == "check" and not self._stopping:
            self._wake.set()
        elif kind == "said" and message.get("from") != self.id:
            handler = self.handlers.get(str(message.get("kind")))
            if handler is not None:
                handler(message)

    # ------------------------------------------------------------------ relayed sockets

    async def relay(self, socket: Any, owner: int, table_id: str, address: str) -> None:
        """Relay an accepted socket here to the table's owner until either end closes it."""
        cid = secrets.token_hex(12)
        pipe = _Pipe(owner, table_id)
        self._pipes[cid] = pipe
        reading: asyncio.Future[bool] | None = None
        try:
            opened = await self.send(
                owner, {"k": "open", "c": cid, "h": self.id, "t": table_id, "a": address}
            )
            if not opened:
                await socket.close(MOVED)
                return

            async def read() -> bool:
                """The client's frames to the owner: False when the client went (or flooded:
                closed), True when the owner did not receive one (gone: the client is to come
                back). Frames beyond twice the owner's own allowance are not sent on (the owner
                refuses a client going too fast; this keeps a flood off Redis)."""
                bucket = _Bucket(2 * self.config.rate, 2 * self.config.burst)
                while True:
                    frame = await socket.receive()
                    if frame["type"] == "websocket.disconnect":
                        return False
                    if not bucket.allow():
                        if bucket.refused > FLOOD:
                            await socket.close(1008)
                            return False
                        continue
                    data = frame.get("text")
                    if data is None:
                        raw = frame.get("bytes") or b""
                        data = raw.decode("utf-8", "replace")
                    if not await self.send(owner, {"k": "in", "c": cid, "t": data}):
                        return True

            reading = asyncio.ensure_future(read())
            while True:
                getting = asyncio.ensure_future(pipe.queue.get())
                await asyncio.wait({getting, reading}, return_when=asyncio.FIRST_COMPLETED)
                if not getting.done():
                    getting.cancel()
                    if not reading.cancelled() and reading.exception() is None and reading.result():
                        await socket.close(MOVED)
                    return
                kind, value = getting.result()
                if pipe.full:  # (too slow to take its messages: it comes back instead)
                    await socket.close(MOVED)
                    return
                if kind == "close":
                    await socket.close(int(value))
                    return
                await socket.send_text(str(value))
        except Exception:  # (the socket went)
            return
        finally:
            if reading is not None and not reading.done():
                reading.cancel()
            self._pipes.pop(cid, None)
            with contextlib.suppress(Exception):
                await self.send(owner, {"k": "gone", "c": cid})

    def _open(self, message: dict[str, Any]) -> None:
        """A socket of another process, for a table driven here (its frames kept from now)."""
        cid, host, table_id = message["c"], int(message["h"]), message["t"]
        relayed = RelayedSocket(self, cid, host, str(message.get("a", "")))
        self._relayed[cid] = relayed
        task = self._spawn(self._serve(relayed, table_id))
        task.add_done_callback(lambda _: self._relayed.pop(cid, None))

    async def _serve(self, relayed: RelayedSocket, table_id: str) -> None:
        """Serve a relayed socket here, once its table is: one this process has just taken
        over may still be being played again from the store (its socket waits for it); one it
        does not drive is closed to come back (1012)."""
        table = self.hub.tables.get(table_id)
        elsewhere = self._stopping
        if table is None and not self._stopping:
            found = await self._run(self._locate, table_id)
            if found is not None and found[1] == "playing":
                if found[2] == self.id:
                    await self._adopt(table_id)
                    table = self.hub.tables.get(table_id)
                elsewhere = table is None
        if elsewhere or (table is not None and table.moved) or self.serve_relayed is None:
            await relayed.close(MOVED)
            return
        await self.serve_relayed(relayed, table_id)  # (a game over and gone: told so there)

    # ------------------------------------------------------------------ forwarded requests

    async def forward(
        self, process: int, scope: MutableMapping[str, Any], body: bytes
    ) -> dict[str, Any]:
        """Have ``process`` answer an HTTP request: its status, headers and body."""
        rid = secrets.token_hex(12)
        waiting: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[rid] = waiting
        client = scope.get("client")
        try:
            sent = await self.send(
                process,
                {
                    "k": "http",
                    "r": rid,
                    "h": self.id,
                    "m": scope["method"],
                    "p": scope["path"],
                    "q": scope.get("query_string", b"").decode("latin-1"),
                    "hd": [
                        [name.decode("latin-1"), value.decode("latin-1")]
                        for name, value in scope.get("headers", ())
                        if name.lower() not in (b"x-forwarded-for", b"forwarded")
                    ],
                    "a": client[0] if client else None,
                    "s": scope.get("scheme", "http"),
                    "b": base64.b64encode(body).decode(),
                },
            )
            if not sent:
                return _unavailable()
            try:
                return await asyncio.wait_for(waiting, FORWARD_TIME)
            except TimeoutError:
                return _unavailable()
        finally:
            self._waiting.pop(rid, None)

    async def _answer(self, message: dict[str, Any]) -> None:
        """Answer a request another process forwarded here, through this process's app (a
        table this process has just taken over played again from the store first)."""
        body = base64.b64decode(message["b"])
        table = _TABLE_PATH.fullmatch(message["p"])
        if table is not None and self.hub.find_quietly(urllib.parse.unquote(table[1])) is None:
            found = await self._run(self._locate, urllib.parse.unquote(table[1]))
            if found is not None and found[1] == "playing" and found[2] == self.id:
                await self._adopt(found[0])
        scope: dict[str, Any] = {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1",
            "method": message["m"],
            "scheme": message.get("s", "http"),
            "path": message["p"],
            "raw_path": urllib.parse.quote(message["p"]).encode(),
            "query_string": message["q"].encode("latin-1"),
            "root_path": "",
            "headers": [
                (name.encode("latin-1"), value.encode("latin-1")) for name, value in message["hd"]
            ],
            "client": (message["a"], 0) if message.get("a") else None,
            "server": ("127.0.0.1", 0),
            "hearts.forwarded": True,
        }
        sent = False
        answer: dict[str, Any] = {"k": "reply", "r": message["r"], "st": 500, "hd": [], "b": ""}
        chunks: list[bytes] = []

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.Event().wait()  # (never: the request is whole)
            return {"type": "http.disconnect"}  # pragma: no cover

        async def send(event: dict[str, Any]) -> None:
            if event["type"] == "http.response.start":
                answer["st"] = event["status"]
                answer["hd"] = [
                    [name.decode("latin-1"), value.decode("latin-1")]
                    for name, value in event.get("headers", ())
                ]
            elif event["type"] == "http.response.body":
                chunks.append(event.get("body", b""))

        try:
            await asyncio.wait_for(self.app(scope, receive, send), FORWARD_TIME)
        except Exception:
            log.exception("a request forwarded by process %s failed", message.get("h"))
            answer = _unavailable() | {"k": "reply", "r": message["r"]}
            answer["b"] = base64.b64encode(answer.pop("body")).decode()
        else:
            answer["b"] = base64.b64encode(b"".join(chunks)).decode()
        await self.send(int(message["h"]), answer)


def _unavailable() -> dict[str, Any]:
    sentence = "the server's process that holds this could not be reached: try again in a moment"
    return {
        "st": 503,
        "hd": [["content-type", "application/json"]],
        "body": json.dumps({"error": sentence}).encode(),
    }


class _Bucket:
    """A token bucket of a relayed socket's frames (``rate`` a second, ``burst`` at once);
    ``refused`` counts the frames refused in a row."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens = rate, burst, burst
        self.last = time.monotonic()
        self.refused = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.refused = 0
            return True
        self.refused += 1
        return False


class _Pipe:
    """A socket here relayed to another process: what that process sent it, in order."""

    def __init__(self, owner: int, table: str) -> None:
        self.owner = owner
        self.table = table
        self.next = 0
        self.queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self.full = False
        """Whether its client fell :data:`PIPE_MOST` messages behind (it is closed at once,
        what came after dropped: its client comes back to the whole state)."""

    def put(self, item: tuple[str, Any]) -> None:
        if self.queue.qsize() >= PIPE_MOST:
            self.full = True
            return
        self.queue.put_nowait(item)


class RelayedSocket:
    """A socket of another process, as this process's socket handler uses one: what its client
    sends arrives here over Redis, what it is sent goes back numbered."""

    def __init__(self, cluster: Cluster, cid: str, host: int, address: str) -> None:
        self.cluster = cluster
        self.cid = cid
        self.host = host
        self.client = (address, 0)
        """The client's address as the relaying process counted it."""
        self.headers: dict[str, str] = {}
        self._frames: asyncio.Queue[str | None] = asyncio.Queue()
        self._sent = 0

    def feed(self, data: str | None) -> None:
        """A frame from the client (None: it went)."""
        if self._frames.qsize() < PIPE_MOST:
            self._frames.put_nowait(data)
        else:
            self._frames.put_nowait(None)

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict[str, Any]:
        data = await self._frames.get()
        if data is None:
            return {"type": "websocket.disconnect", "code": 1001}
        return {"type": "websocket.receive", "text": data}

    async def send_text(self, data: str) -> None:
        number = self._sent
        self._sent += 1
        if not await self.cluster.send(
            self.host, {"k": "out", "c": self.cid, "n": number, "t": data}
        ):
            raise ConnectionError("the client's process is gone")

    async def close(self, code: int = 1000) -> None:
        await self.cluster.send(self.host, {"k": "close", "c": self.cid, "code": code})


_TABLE_PATH: Final = re.compile(r"/api/tables/([^/]+)(?:/(?:join|again|rejoin))?")
_LEADER_PATH: Final = re.compile(
    r"/api/match(?:/.*)?|/api/events/[^/]+/deals/[^/]+/(?:play|tables(?:/[^/]+/join)?)"
    r"|/api/games/[^/]+/reviews/[^/]+"
)


class ClusterMiddleware:
    """Sends an HTTP request that acts on a table driven by another process to that process
    (its join, again, rejoin and info), and the quick match's and the events' tables' requests
    to the leader; every other request is answered here."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        cluster: Cluster | None = None
        application = scope.get("app")
        if scope["type"] == "http" and not scope.get("hearts.forwarded") and application:
            cluster = getattr(application.state, "cluster", None)
        if cluster is None:
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        target: int | None = None
        try:
            table = _TABLE_PATH.fullmatch(path)
            guard = getattr(application.state, "guard", None) if application else None
            if table is not None and (guard is None or await guard.may_look(scope)):
                # (a client whose look-ups are spent is refused here, costing no query)
                found = await cluster.where(urllib.parse.unquote(table[1]))
                target = None if found is None else found[0]
            elif _LEADER_PATH.fullmatch(path):
                target = await cluster.leader_elsewhere()
        except Elsewhere as error:
            await _json(send, 409, {"error": str(error)})
            return
        except Exception as error:  # (stopping, or the store or Redis down: try again)
            log.warning("a request for %s could not be placed: %s", path, error)
            sentence = str(error) if isinstance(error, Stopping) else _UNPLACED
            await _json(send, 503, {"error": sentence})
            return
        if target is None:
            await self.app(scope, receive, send)
            return
        body = b""
        while True:
            event = await receive()
            if event["type"] == "http.disconnect":
                return
            body += event.get("body", b"")
            if not event.get("more_body"):
                break
        answer = await cluster.forward(target, scope, body)
        raw = answer.get("body")
        payload = raw if isinstance(raw, bytes) else base64.b64decode(answer.get("b", ""))
        await send(
            {
                "type": "http.response.start",
                "status": int(answer["st"]),
                "headers": [
                    (name.encode("latin-1"), value.encode("latin-1"))
                    for name, value in answer.get("hd", ())
                ],
            }
        )
        await send({"type": "http.response.body", "body": payload})


async def _json(send: Any, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})
