"""The limits of a site of several processes, counted in Redis (hearts.server.limits'
SharedLimits): two apps on one PostgreSQL store and one Redis, as two ``hearts serve``
processes are, refuse a client that spreads its requests over both at the count one app
refuses it at (tables made, hints, look-ups of tables that are not here, failed sign-ins);
the buckets fill again at Redis's time; a Redis that does not answer leaves each process
counting alone (said once in the log), never an error, and counting for the site again once
it answers.

Redis is the one ``scripts/services`` starts (or ``$HEARTS_TEST_REDIS_URL``): if it does not
answer, the tests fail and say so; they are never skipped. Each test counts under keys of its
own, removed after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import secrets
import socket
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import redis
from anyio.from_thread import BlockingPortal
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from hearts.server import ServerConfig, accounts, bus, create_app
from hearts.server.accounts import SignInThrottle
from hearts.server.limits import RateLimit, SharedLimits, TooMany, take_all

from .conftest import UNLIMITED, postgres_schema
from .players import PERSON, Player, bot, hello, make
from .processes import Process, RedisServer, until

REDIS_URL_ENV = "HEARTS_TEST_REDIS_URL"
REDIS_URL = "redis://127.0.0.1:6379/0"

FAILSAFE = 30.0
"""Seconds a test waits for a state before it fails (never reached when the code is right)."""

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
"""Argon2id at its cheapest (the server's own is 0.2 s a hash)."""

ON_POSTGRES = pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
"""Several processes share a PostgreSQL store (never SQLite)."""


@pytest.fixture
def redis_url() -> str:
    """The tests' Redis (it must answer: the test fails, saying how to start it, if not)."""
    url = os.environ.get(REDIS_URL_ENV) or REDIS_URL
    client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    try:
        client.ping()
    except redis.RedisError as error:
        pytest.fail(
            f"Redis at {url} does not answer ({error}): run scripts/services (as root), "
            f"or set {REDIS_URL_ENV}",
            pytrace=False,
        )
    finally:
        client.close()
    return url


@pytest.fixture
def prefix(redis_url: str) -> Iterator[str]:
    """A prefix of keys the test's limits count under alone; its keys are removed after."""
    mine = f"hearts-test:{secrets.token_hex(6)}:limit:"
    yield mine
    client = redis.Redis.from_url(redis_url)
    try:
        for key in client.scan_iter(match=f"{mine}*"):
            client.delete(key)
    finally:
        client.close()


@pytest.fixture
def cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts.passwords, "HASHER", CHEAP)


@pytest.fixture
def site(
    database_url: str, redis_url: str, prefix: str
) -> Iterator[Callable[..., list[TestClient]]]:
    """``site(n, **settings)``: ``n`` apps on the test's store and Redis (or another Redis URL
    as ``redis_url``), as ``n`` processes of one site, each with a test client; stopped after
    the test."""
    running: list[TestClient] = []

    def start(count: int = 2, **settings: Any) -> list[TestClient]:
        settings.setdefault("redis_url", redis_url)
        config = ServerConfig(bot_workers=0, database_url=database_url, **settings)
        clients = []
        for _ in range(count):
            app = create_app(config)
            assert app.state.shared_limits is not None
            app.state.shared_limits.prefix = prefix
            client = TestClient(app)
            client.__enter__()
            running.append(client)
            clients.append(client)
        return clients

    yield start
    for client in running:
        client.__exit__(None, None, None)  # (the app's lifespan closes its Redis client)


def loop(client: TestClient) -> BlockingPortal:
    """The app's own event loop (its lifespan running), to call into."""
    assert client.portal is not None
    return client.portal


def other(client: TestClient, address: str) -> TestClient:
    """A test client of another address on the same app, on the app's own event loop."""
    made = TestClient(client.app, client=(address, 50000))
    made.portal = client.portal
    return made


def keys(redis_url: str, prefix: str) -> list[str]:
    """The keys the test's limits count under now."""
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        return sorted(client.scan_iter(match=f"{prefix}*"))
    finally:
        client.close()


def answer(player: Player, ref: int) -> dict[str, Any]:
    """The hint or the error that answers the message of this ``ref`` (either comes)."""
    while True:
        message = player.next()
        if message["type"] in ("hint", "error") and message.get("ref") == ref:
            return message


def closed_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# ---------------------------------------------------------------- across two processes


@ON_POSTGRES
def test_tables_made_over_two_processes_are_refused_at_one_processs_count(
    site: Callable[..., list[TestClient]],
) -> None:
    """Four tables at once from an address (``table_burst=4``): made two here and two there,
    the fifth is refused on either process (429, Retry-After, the sentence), and another
    address still makes its own."""
    one, two = site(table_burst=4, table_rate=1)
    seats = [PERSON, bot(), bot(), bot()]
    for client in (one, two, one, two):
        make(client, seats)
    for client in (one, two):
        refused = client.post("/api/tables", json={"seats": seats})
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"].startswith("too many new tables from your address")
        assert int(refused.headers["retry-after"]) >= 1
    assert other(two, "192.0.2.7").post("/api/tables", json={"seats": seats}).status_code == 201


@ON_POSTGRES
def test_look_ups_that_miss_over_two_processes_are_refused_at_one_processs_count(
    site: Callable[..., list[TestClient]],
) -> None:
    """Three misses at once (``lookup_burst=3``), over HTTP on one process and a socket on the
    other: then every look-up from that address is refused on both, a real code's too."""
    one, two = site(lookup_burst=3, lookup_rate=1, table_rate=10_000, table_burst=10_000)
    made = make(one, [PERSON, bot(), bot(), bot()])
    assert one.get("/api/tables/ZZZZ01").status_code == 404
    with two.websocket_connect("/ws/tables/ZZZZ02") as socket_:
        assert socket_.receive_json()["code"] == "not_found"
    assert two.get("/api/games/ZZZZ03/record").status_code == 404
    for client in (one, two):
        refused = client.get(f"/api/tables/{made['code']}")
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"].startswith("too many look-ups of tables that are not here")
    assert other(one, "192.0.2.7").get(f"/api/tables/{made['code']}").status_code == 200


@ON_POSTGRES
def test_an_addresss_hints_over_two_processes_are_refused_at_one_processs_count(
    site: Callable[..., list[TestClient]],
) -> None:
    """One hint a minute from an address (``hint_rate_address=1``): a seat at a table of one
    process has it; a seat at a table of the other, from the same address, is refused with
    the seconds to wait."""
    one, two = site(hint_rate_address=1, **UNLIMITED)
    first_table = make(one, [PERSON, bot(), bot(), bot()], variant="classic")
    second_table = make(two, [PERSON, bot(), bot(), bot()], variant="classic")
    with (
        one.websocket_connect(f"/ws/tables/{first_table['table']['id']}") as a,
        two.websocket_connect(f"/ws/tables/{second_table['table']['id']}") as b,
    ):
        first, second = hello(a, first_table["token"]), hello(b, second_table["token"])
        first.my_turn()
        second.my_turn()
        first.send({"type": "hint", "ref": 1})
        assert answer(first, 1)["type"] == "hint"
        second.send({"type": "hint", "ref": 2})
        refused = answer(second, 2)
        assert refused["type"] == "error" and refused["code"] == "throttled", refused
        assert re.fullmatch(
            r"too many hints from your address: ask again in \d+ s", refused["message"]
        )


@ON_POSTGRES
def test_a_seats_hints_count_on_every_process_and_a_refusal_charges_nothing(
    site: Callable[..., list[TestClient]],
) -> None:
    """A seat's hints are counted under its table and seat on whichever process asks (a table
    taken over by another process keeps its count): the seat's allowance spent on one
    process is spent on the other; a refusal for the seat charges nothing of the address."""
    one, two = site(hint_rate=4, hint_rate_address=8, **UNLIMITED)  # (bursts: 1 and 2)
    hubs = [client.app.state.hub for client in (one, two)]  # type: ignore[attr-defined]

    def ask(index: int, seat: str, address: str) -> tuple[str, float] | None:
        hub = hubs[index]

        async def asked() -> tuple[str, float] | None:
            spent = await take_all((hub.hint_seats, seat), (hub.hint_addresses, address))
            return None if spent is None else (spent[0].name, spent[1])

        answer: tuple[str, float] | None = loop((one, two)[index]).call(asked)
        return answer

    assert ask(0, "T1/0", "192.0.2.1") is None
    refused = ask(1, "T1/0", "192.0.2.1")
    assert refused is not None and refused[0] == "hints-of-a-seat" and refused[1] > 0
    assert ask(1, "T2/0", "192.0.2.1") is None  # (the refusal took nothing of the address's 2)
    refused = ask(0, "T3/0", "192.0.2.1")
    assert refused is not None and refused[0] == "hints-of-an-address"
    assert ask(0, "T3/0", "192.0.2.2") is None  # (nor of the seat's)


@ON_POSTGRES
def test_failed_sign_ins_over_two_processes_are_throttled_at_one_processs_count(
    site: Callable[..., list[TestClient]], cheap: None, redis_url: str, prefix: str
) -> None:
    """Five wrong passwords of a name from an address, spread over both processes, then the
    sixth try is refused on either (the right password too); the wait doubles after a failure
    on the other process; the person from another address signs in. The name is never a
    Redis key (its hash is)."""
    one, two = site(**UNLIMITED)
    signed_up = one.post("/api/account/signup", json={"name": "Ann", "password": "hearts-4-ever"})
    assert signed_up.status_code == 201, signed_up.text
    one.cookies.clear()

    def sign_in(client: TestClient, password: str) -> Any:
        return client.post("/api/account/signin", json={"name": "Ann", "password": password})

    statuses = [sign_in((one, two)[n % 2], f"wrong-{n}").status_code for n in range(5)]
    assert statuses == [401] * 5
    for client in (one, two):
        refused = sign_in(client, "hearts-4-ever")
        assert refused.status_code == 429
        assert refused.json()["error"] == (
            "too many failed sign-ins of this name from your address: try again in 1 s"
        )
    assert sign_in(other(two, "203.0.113.9"), "hearts-4-ever").status_code == 200
    assert not [key for key in keys(redis_url, prefix) if "ann" in key.lower()]
    until("the second's wait ends", lambda: sign_in(one, "wrong-again").status_code == 401)
    doubled = sign_in(two, "wrong")
    assert doubled.status_code == 429 and doubled.headers["retry-after"] == "2"


@ON_POSTGRES
def test_a_right_password_on_one_process_starts_the_names_count_again_on_the_other(
    site: Callable[..., list[TestClient]], cheap: None
) -> None:
    """Four failures, then the right password (on the other process): four more failures are
    free again, since the name's count from the address started again."""
    one, two = site(**UNLIMITED)
    signed_up = one.post("/api/account/signup", json={"name": "Bea", "password": "hearts-4-ever"})
    assert signed_up.status_code == 201, signed_up.text
    one.cookies.clear()

    def sign_in(client: TestClient, password: str) -> int:
        reply = client.post("/api/account/signin", json={"name": "Bea", "password": password})
        return int(reply.status_code)

    assert [sign_in(one, "wrong") for _ in range(4)] == [401] * 4
    assert sign_in(two, "hearts-4-ever") == 200
    two.cookies.clear()
    assert [sign_in(one, "wrong") for _ in range(5)] == [401] * 5
    assert sign_in(two, "wrong") == 429


def test_three_hearts_serve_processes_refuse_tables_at_one_processs_count() -> None:
    """The issue's case, on real ``hearts serve`` processes (one PostgreSQL store, one Redis of
    the test's own): five tables at once from an address (``--table-burst 5``), made over the
    three in turn; the sixth is refused on each of them."""
    processes: list[Process] = []
    redis_server = RedisServer()
    try:
        with postgres_schema() as store_url:
            options = ("--table-burst", "5", "--table-rate", "1")
            processes += [Process(store_url, redis_server.url, *options) for _ in range(3)]
            body = {"seats": [PERSON, bot(), bot(), bot()]}
            made = [
                httpx.post(processes[n % 3].http("/api/tables"), json=body, timeout=30)
                for n in range(5)
            ]
            assert [answer.status_code for answer in made] == [201] * 5, made[-1].text
            for process in processes:
                refused = httpx.post(process.http("/api/tables"), json=body, timeout=30)
                assert refused.status_code == 429, refused.text
                assert refused.json()["error"].startswith("too many new tables from your address")
    finally:
        for process in processes:
            process.close()
        redis_server.close()


# ---------------------------------------------------------------- the buckets in Redis


def test_a_bucket_fills_again_at_redis_time_and_its_key_goes_once_it_is_full(
    redis_url: str, prefix: str
) -> None:
    """One a second, two at once: spent, a take is refused with the seconds to wait, and
    given again once they have passed at Redis's time (the process's clock, held still here,
    is not asked); the key expires once the bucket would be full."""

    async def run() -> None:
        client = bus.connect(redis_url)
        try:
            shared = SharedLimits(client, prefix=prefix)
            held = RateLimit("tries", per_minute=60, burst=2, shared=shared, clock=lambda: 0.0)
            assert [await held.atake("a"), await held.atake("a")] == [0.0, 0.0]
            wait = await held.atake("a")
            assert 0 < wait <= 1.0
            with pytest.raises(TooMany, match="too many tries from your address"):
                await held.acheck("a")
            assert len(held) == 0  # (nothing was counted in the process)
            ttl = await client.pttl(shared.key("tries", "a"))
            assert 0 < ttl <= 2000 + 1000
            deadline = time.monotonic() + FAILSAFE
            while True:
                try:
                    await held.aensure("a")  # (nothing taken)
                    break
                except TooMany:
                    assert time.monotonic() < deadline, "the bucket never filled again"
                    await asyncio.sleep(0.01)
            await held.acheck("a")
            with pytest.raises(TooMany):
                await held.aensure("a")
            await client.delete(shared.key("tries", "a"))
            await held.acheck("a", cost=2)  # (a bucket gone is full)
        finally:
            await client.aclose()

    asyncio.run(run())


def test_two_limits_of_one_name_in_one_site_share_their_buckets_and_other_names_do_not(
    redis_url: str, prefix: str
) -> None:
    """Two processes' limits of one name count one bucket a client; a limit of another name
    counts its own."""

    async def run() -> None:
        clients = [bus.connect(redis_url), bus.connect(redis_url)]
        try:
            here, there = (
                RateLimit("new tables", 1, 3, shared=SharedLimits(client, prefix=prefix))
                for client in clients
            )
            elsewhere = RateLimit(
                "new tables", 1, 3, shared=here.shared, name="new tables elsewhere"
            )
            assert [await limit.atake("c") for limit in (here, there, here)] == [0.0] * 3
            assert await there.atake("c") > 0
            assert await elsewhere.atake("c") == 0.0
            assert await here.atake("d") == 0.0
        finally:
            for client in clients:
                await client.aclose()

    asyncio.run(run())


# ---------------------------------------------------------------- Redis down


def test_a_redis_that_never_answered_leaves_the_limits_to_the_process(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Redis unreachable from the start (a closed port): a shared limit and a shared sign-in
    throttle count in the process, as without Redis, said once however often they are asked."""
    caplog.set_level(logging.INFO, logger="hearts.server.limits")

    async def run() -> None:
        client = bus.connect(f"redis://127.0.0.1:{closed_port()}/0")
        try:
            shared = SharedLimits(client)
            limit = RateLimit("tries", per_minute=1, burst=2, shared=shared)
            assert [await limit.atake("a"), await limit.atake("a")] == [0.0, 0.0]
            with pytest.raises(TooMany):
                await limit.acheck("a")
            assert len(limit) == 1 and shared.down
            throttle = SignInThrottle(free_pair=1, shared=shared)
            await throttle.acheck("10.0.0.1", "ann")
            await throttle.afailed("10.0.0.1", "ann")
            with pytest.raises(TooMany, match="too many failed sign-ins of this name"):
                await throttle.acheck("10.0.0.1", "ann")
            await throttle.asucceeded("10.0.0.1", "ann")
            await throttle.acheck("10.0.0.1", "ann")
        finally:
            await client.aclose()

    asyncio.run(run())
    said = [r.getMessage() for r in caplog.records if r.name == "hearts.server.limits"]
    assert len(said) == 1 and "counted by this process alone" in said[0], said


class Relay:
    """A TCP relay to Redis on a loopback port of its own, which can be cut (every connection
    through it dropped, a new one closed at once: Redis down or restarting) and joined again."""

    def __init__(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        self.target = (parts.hostname or "127.0.0.1", parts.port or 6379)
        self.listener = socket.create_server(("127.0.0.1", 0))
        port = self.listener.getsockname()[1]
        userinfo = parts.netloc.rpartition("@")[0]
        self.url = urllib.parse.urlunsplit(
            parts._replace(netloc=f"{userinfo + '@' if userinfo else ''}127.0.0.1:{port}")
        )
        self.up = True
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            with self.lock:
                if not self.up:
                    near.close()
                    continue
                far = socket.create_connection(self.target)
                self.open |= {near, far}
            for source, sink in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        with self.lock:
            self.up = False
            for end in self.open:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
            self.open.clear()

    def join(self) -> None:
        with self.lock:
            self.up = True

    def close(self) -> None:
        self.cut()
        self.listener.close()


@ON_POSTGRES
def test_redis_cut_each_process_counts_alone_says_so_once_and_never_fails(
    site: Callable[..., list[TestClient]],
    redis_url: str,
    cheap: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Redis cut under two running processes: each counts its limits alone (two tables at
    once from an address on each, two misses, five failed sign-ins), no request is refused
    for it nor answered 500, and each process says so once in its log however many requests
    it served."""
    caplog.set_level(logging.INFO, logger="hearts.server.limits")
    relay = Relay(redis_url)
    try:
        one, two = site(
            redis_url=relay.url, table_burst=2, table_rate=1, lookup_burst=2, lookup_rate=1
        )
        relay.cut()
        seats = [PERSON, bot(), bot(), bot()]
        for number, client in enumerate((one, two)):
            made = make(client, seats)
            make(client, seats)
            assert client.post("/api/tables", json={"seats": seats}).status_code == 429
            assert client.get("/api/tables/ZZZZ01").status_code == 404
            assert client.get("/api/tables/ZZZZ02").status_code == 404
            assert client.get(f"/api/tables/{made['code']}").status_code == 429
            name = f"Cy{number}"
            signed_up = client.post("/api/account/signup", json={"name": name, "password": "a" * 8})
            assert signed_up.status_code == 201, signed_up.text
            client.cookies.clear()
            sign_ins = [
                client.post("/api/account/signin", json={"name": name, "password": "wrong-one"})
                for _ in range(6)
            ]
            assert [reply.status_code for reply in sign_ins] == [401] * 5 + [429]
            assert client.app.state.shared_limits.down  # type: ignore[attr-defined]
    finally:
        relay.close()
    said = [r.getMessage() for r in caplog.records if r.name == "hearts.server.limits"]
    assert len(said) == 2, said  # (once a process)
    assert all("counted by this process alone" in message for message in said)


@ON_POSTGRES
def test_redis_down_then_back_the_process_counts_alone_meanwhile_then_for_the_site_again(
    site: Callable[..., list[TestClient]],
    redis_url: str,
    prefix: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Three tables at once: one made with Redis up (counted there); Redis cut: the process
    counts alone (three more, then 429), said once; Redis back (said once): counted in Redis
    again, where two were left."""
    caplog.set_level(logging.INFO, logger="hearts.server.limits")
    relay = Relay(redis_url)
    try:
        (one,) = site(1, redis_url=relay.url, table_burst=3, table_rate=1)
        shared = one.app.state.shared_limits  # type: ignore[attr-defined]
        seats = [PERSON, bot(), bot(), bot()]
        made = make(one, seats)
        assert keys(redis_url, prefix) == [f"{prefix}new-tables:testclient"]
        relay.cut()
        statuses = [one.post("/api/tables", json={"seats": seats}).status_code for _ in range(5)]
        assert statuses == [201] * 3 + [429] * 2
        assert shared.down
        relay.join()
        until(
            "the limits are counted in Redis again",
            lambda: one.get(f"/api/tables/{made['code']}").status_code == 200 and not shared.down,
        )
        statuses = [one.post("/api/tables", json={"seats": seats}).status_code for _ in range(3)]
        assert statuses == [201] * 2 + [429]
    finally:
        relay.close()
    said = [r.getMessage() for r in caplog.records if r.name == "hearts.server.limits"]
    assert len(said) == 2, said
    assert "counted by this process alone" in said[0] and "answers again" in said[1]
