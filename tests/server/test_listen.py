"""The server's edge at the socket layer (hearts.server.listen), on a real uvicorn on loopback
as ``hearts serve`` runs it, with each of uvicorn's HTTP parsers (httptools, h11): a request
that arrives too slowly, a head too long, a body over the cap refused before it is all sent,
too many connections from one address, forwarded addresses believed only from named proxies,
and the sockets' Origin and hello deadline over a real handshake.
"""

from __future__ import annotations

import contextlib
import json
import select
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from hearts.server import ServerConfig, create_app
from hearts.server.listen import bind, server_config
from hearts.server.store import Store

FAILSAFE = 60.0
"""Seconds a test waits for a state before it fails (never reached when the code is right)."""


class Served:
    """The app under uvicorn in a thread, on a port of its own, until :meth:`stop`."""

    def __init__(self, folder: Path, implementation: str, **settings: Any) -> None:
        self.store = Store(f"sqlite:///{folder / 'tables.db'}")
        self.store.upgrade()
        self.config = ServerConfig(bot_workers=0, **settings)
        app = create_app(self.config, store=self.store)
        listener = bind("127.0.0.1", 0)
        self.port = int(listener.getsockname()[1])
        self.server = uvicorn.Server(server_config(app, self.config, http=implementation))
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [listener]}, daemon=True
        )
        self.thread.start()
        deadline = time.monotonic() + FAILSAFE
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "no server"
            time.sleep(0.01)

    @property
    def connections(self) -> Any:
        return self.server.config.http_protocol_class.edge.connections  # type: ignore[attr-defined]

    def open(self) -> socket.socket:
        raw = socket.create_connection(("127.0.0.1", self.port), timeout=FAILSAFE)
        return raw

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(FAILSAFE)
        self.store.close()


@pytest.fixture(params=["httptools", "h11"])
def serve(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[..., Served]]:
    """A server with the given settings (the defaults otherwise), with each HTTP parser."""
    started: list[Served] = []

    def start(**settings: Any) -> Served:
        served = Served(tmp_path / str(len(started)), request.param, **settings)
        started.append(served)
        return served

    for number in range(4):
        (tmp_path / str(number)).mkdir()
    yield start
    for served in started:
        served.stop()


def answer(raw: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """The whole answer read from ``raw`` until the server closes it: status, headers, body."""
    data = b""
    while chunk := raw.recv(65536):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def one_answer(raw: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One answer with a Content-Length read from ``raw`` (the connection left open)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = raw.recv(65536)
        assert chunk, "the server closed the connection"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    while len(body) < int(headers["content-length"]):
        body += raw.recv(65536)
    return int(lines[0].split()[1]), headers, body


def get(path: str, **headers: str) -> bytes:
    lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1"] + [
        f"{name.replace('_', '-')}: {value}" for name, value in headers.items()
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def post(path: str, body: bytes, **headers: str) -> bytes:
    lines = [
        f"POST {path} HTTP/1.1",
        "Host: 127.0.0.1",
        "Content-Type: application/json",
        f"Content-Length: {len(body)}",
    ] + [f"{name.replace('_', '-')}: {value}" for name, value in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


# ---------------------------------------------------------------- slow requests


def test_a_slow_sender_is_answered_408_and_closed(serve: Callable[..., Served]) -> None:
    """A client that sends its request a byte at a time (each byte would restart uvicorn's
    keep-alive timeout) has request_time (0.3 s here) for it to arrive whole: then 408, a
    sentence, and the connection closed."""
    served = serve(request_time=0.3)
    trickle = get("/api/variants", x_slow="a" * 100_000)
    deadline = time.monotonic() + FAILSAFE
    with served.open() as raw:
        sent = 0
        while not select.select([raw], [], [], 0.02)[0]:  # (a byte each 20 ms, until told)
            assert time.monotonic() < deadline, "the slow sender was never stopped"
            raw.send(trickle[sent : sent + 1])
            sent += 1
        status, headers, body = answer(raw)
    assert status == 408 and headers["connection"] == "close"
    assert json.loads(body) == {
        "error": "the request did not arrive whole within 0.3 s: send it again"
    }
    assert sent < len(trickle)


def test_a_connection_that_sends_nothing_is_closed(serve: Callable[..., Served]) -> None:
    """A connection opened and left silent gets the same 408 (the first request's time runs
    from the opening)."""
    served = serve(request_time=0.3)
    with served.open() as raw:
        status, _, body = answer(raw)
    assert status == 408 and "did not arrive whole" in json.loads(body)["error"]


def test_a_slow_body_is_held_to_the_same_deadline(serve: Callable[..., Served]) -> None:
    """The head came at once, the body trickles: 408 too, and no table is made."""
    served = serve(request_time=0.3)
    whole = post("/api/tables", b'{"name": "' + b"a" * 30 + b'"}')
    head = whole[: whole.index(b"\r\n\r\n") + 4]
    deadline = time.monotonic() + FAILSAFE
    with served.open() as raw:
        raw.sendall(head)
        sent = len(head)
        while not select.select([raw], [], [], 0.05)[0]:
            assert time.monotonic() < deadline, "the slow body was never stopped"
            if sent < len(whole) - 1:  # (never the last byte)
                raw.send(whole[sent : sent + 1])
                sent += 1
        status, _, _ = answer(raw)
    assert status == 408
    assert served.store.playing() == []


def test_requests_that_arrive_whole_keep_their_connection(serve: Callable[..., Served]) -> None:
    """Keep-alive: a request, a pause longer than request_time (the connection idle: uvicorn's
    keep-alive, 5 s, governs it), another request on the same connection: both served."""
    served = serve(request_time=0.3)
    with served.open() as raw:
        raw.sendall(get("/api/bots"))
        assert one_answer(raw)[0] == 200
        assert not select.select([raw], [], [], 0.8)[0]  # (nothing comes: not closed)
        raw.sendall(get("/api/bots"))
        assert one_answer(raw)[0] == 200


def test_a_head_too_long_is_refused(serve: Callable[..., Served]) -> None:
    """A request's line and headers beyond 32 KiB, whole at once or trickling: 431, a
    sentence, the connection closed; nothing served."""
    served = serve()
    with served.open() as raw:
        raw.sendall(get("/api/bots", x_long="a" * 40_000))
        status, _, body = answer(raw)
    assert status == 431
    assert json.loads(body) == {
        "error": "the request's line and headers are longer than 32,768 bytes"
    }
    with served.open() as raw:  # (a head that never ends, 8 KiB at a time)
        raw.sendall(b"GET /api/bots HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: ")
        for _ in range(100):
            if select.select([raw], [], [], 0.05)[0]:
                break
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                raw.sendall(b"a" * 8192)
        status, _, _ = answer(raw)
    assert status == 431


# ---------------------------------------------------------------- bodies


def _push(raw: socket.socket, head: bytes, chunk: bytes, most: int) -> tuple[int, int]:
    """Send ``head``, then ``chunk`` again and again (up to ``most`` bytes) without blocking,
    until the server answers or closes: the bytes of body sent, and the answer's status."""
    raw.sendall(head)
    raw.setblocking(False)
    sent = 0
    deadline = time.monotonic() + FAILSAFE
    while sent < most:
        assert time.monotonic() < deadline, "the server neither read the body nor answered"
        readable, writable, _ = select.select([raw], [raw], [], 1.0)
        if readable:
            break
        if writable:
            try:
                sent += raw.send(chunk)
            except (BrokenPipeError, ConnectionResetError):
                break
    raw.setblocking(True)
    raw.settimeout(FAILSAFE)
    return sent, answer(raw)[0]  # (the server lingers: its answer is not lost to a reset)


def test_a_body_over_the_cap_by_its_length_is_refused_before_it_is_sent(
    serve: Callable[..., Served],
) -> None:
    """A 64 MiB body announced by its Content-Length: 413 at once; the client is stopped long
    before it has sent it."""
    served = serve()
    total = 64 * 1024 * 1024
    head = (
        "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {total}\r\n\r\n"
    ).encode("ascii")
    with served.open() as raw:
        sent, status = _push(raw, head, b" " * 65536, total)
    assert status == 413
    assert sent < total // 4


def test_a_chunked_body_over_the_cap_is_refused_before_it_is_all_sent(
    serve: Callable[..., Served],
) -> None:
    """A chunked body (no length said) of 64 MiB: its chunks are counted and refused with 413
    once they pass the cap; the connection is closed, so the rest is never read."""
    served = serve()
    total = 64 * 1024 * 1024
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"10000\r\n" + b" " * 65536 + b"\r\n"
    with served.open() as raw:
        sent, status = _push(raw, head, chunk, total)
    assert status == 413
    assert sent < total // 4


# ---------------------------------------------------------------- connections per address


def test_one_address_holds_at_most_max_connections(serve: Callable[..., Served]) -> None:
    """max_connections (3 here), sockets included: the 4th connection is answered 429 with a
    sentence and closed; once one of the three has gone, a new one is served."""
    served = serve(max_connections=3, request_time=FAILSAFE)
    made = json.loads(_request(served, post("/api/tables", b"{}"))[2])
    uri = f"ws://127.0.0.1:{served.port}/ws/tables/{made['table']['id']}"
    with connect(uri, open_timeout=FAILSAFE) as player, served.open() as first:
        player.send(json.dumps({"type": "hello", "version": 1, "token": made["token"]}))
        assert json.loads(player.recv(timeout=FAILSAFE))["type"] == "welcome"
        with served.open() as second:
            with served.open() as refused:
                status, headers, body = answer(refused)
            assert status == 429 and headers["connection"] == "close"
            assert json.loads(body) == {
                "error": "too many connections from your address (at most 3 at once): close "
                "some, then try again"
            }
            second.sendall(get("/api/bots"))
            assert one_answer(second)[0] == 200
        _wait(lambda: served.connections.count("127.0.0.1") == 2, "the connection stayed")
        assert _request(served, get("/api/bots"))[0] == 200
        first.sendall(get("/api/bots"))
        assert one_answer(first)[0] == 200


def _request(served: Served, data: bytes) -> tuple[int, dict[str, str], bytes]:
    with served.open() as raw:
        raw.sendall(data)
        return one_answer(raw)


def _wait(what: Callable[[], bool], why: str) -> None:
    deadline = time.monotonic() + FAILSAFE
    while not what():
        assert time.monotonic() < deadline, why
        time.sleep(0.005)


# ---------------------------------------------------------------- forwarded addresses


def test_forwarded_addresses_are_believed_only_from_named_proxies(
    serve: Callable[..., Served],
) -> None:
    """By default X-Forwarded-For is ignored (uvicorn would believe it from 127.0.0.1): two
    tables "from" two forwarded addresses are two from the peer, and the second is refused.
    With 127.0.0.1 named a proxy, each forwarded address has its allowance."""
    plain = serve(table_burst=1)
    first = _request(plain, post("/api/tables", b"{}", x_forwarded_for="203.0.113.5"))
    second = _request(plain, post("/api/tables", b"{}", x_forwarded_for="203.0.113.6"))
    assert (first[0], second[0]) == (201, 429)
    proxied = serve(table_burst=1, forwarded_allow_ips=("127.0.0.1",))
    first = _request(proxied, post("/api/tables", b"{}", x_forwarded_for="203.0.113.5"))
    second = _request(proxied, post("/api/tables", b"{}", x_forwarded_for="203.0.113.6"))
    again = _request(proxied, post("/api/tables", b"{}", x_forwarded_for="203.0.113.6"))
    assert (first[0], second[0], again[0]) == (201, 201, 429)


# ---------------------------------------------------------------- sockets


def test_a_socket_from_a_page_of_another_site_is_refused_at_its_handshake(
    serve: Callable[..., Served],
) -> None:
    """A browser's handshake with Origin https://evil.example: 403 and a sentence, no socket;
    the server's own origin, and a client with no Origin, open theirs."""
    served = serve()
    made = json.loads(_request(served, post("/api/tables", b"{}"))[2])
    uri = f"ws://127.0.0.1:{served.port}/ws/tables/{made['table']['id']}"
    with pytest.raises(InvalidStatus) as refused:
        connect(uri, origin=Origin("https://evil.example"), open_timeout=FAILSAFE)
    assert refused.value.response.status_code == 403
    assert json.loads(refused.value.response.body or b"{}")["error"].startswith(
        "a page of https://evil.example may not use this server"
    )
    own = Origin(f"http://127.0.0.1:{served.port}")
    for origin in (own, None):
        with connect(uri, origin=origin, open_timeout=FAILSAFE) as player:
            player.send(json.dumps({"type": "hello", "version": 1, "token": made["token"]}))
            assert json.loads(player.recv(timeout=FAILSAFE))["type"] == "welcome"


def test_a_socket_that_says_no_hello_is_closed_with_1008(serve: Callable[..., Served]) -> None:
    """hello_time (0.3 s here): an `unauthorized` error saying so, then the close (1008)."""
    served = serve(hello_time=0.3)
    made = json.loads(_request(served, post("/api/tables", b"{}"))[2])
    uri = f"ws://127.0.0.1:{served.port}/ws/tables/{made['table']['id']}"
    with connect(uri, open_timeout=FAILSAFE) as silent:
        assert json.loads(silent.recv(timeout=FAILSAFE)) == {
            "type": "error",
            "code": "unauthorized",
            "message": "no hello within 0.3 s: this socket is closed (open another and say "
            "hello first)",
            "ref": None,
        }
        with pytest.raises(ConnectionClosed) as closed:
            silent.recv(timeout=FAILSAFE)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
