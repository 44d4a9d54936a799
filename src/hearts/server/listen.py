"""How ``hearts serve`` listens: the port bound before anything is served (:func:`bind`), and
uvicorn's HTTP protocol guarded against hostile clients at the socket layer
(:func:`server_config`).

What the app itself cannot see is done here, where the bytes arrive:

- **A request must arrive whole in time.** uvicorn's keep-alive timeout starts again with every
  byte a client sends, so a client that sends one byte a second keeps its connection (and a
  file descriptor) for ever. Here each request has ``request_time`` seconds from its first
  byte (the first request: from the connection's opening) to arrive whole, head and body;
  a slower one is answered 408 in a sentence and its connection closed. A request's head
  (its line and headers) is also bounded (:data:`MAX_HEAD` bytes: 431).
- **One address holds at most ``max_connections`` connections** (HTTP and WebSocket alike); a
  connection beyond is answered 429 in a sentence and closed at once. A proxy the operator
  trusts (``forwarded_allow_ips``) is not counted: the clients behind it are, by the app.
- **Forwarded addresses only from named proxies**: uvicorn believes ``X-Forwarded-For`` from
  127.0.0.1 by default; here only from ``forwarded_allow_ips`` (none by default).

The protocol is uvicorn's own (httptools when it is installed, else h11) with these checks
added around the parser's callbacks.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import json
import logging
import socket
from typing import Any, Final

from hearts.errors import HeartsError
from hearts.server.config import ServerConfig
from hearts.server.guard import SECURITY_HEADERS, content_security_policy
from hearts.server.limits import client_key
from hearts.server.protocol import MAX_FRAME_BYTES

log = logging.getLogger("hearts.server")

__all__ = [
    "MAX_HEAD",
    "BindError",
    "Connections",
    "bind",
    "guarded_protocol",
    "server",
    "server_config",
]

MAX_HEAD: Final = 32 * 1024
"""The most bytes of a request's line and headers (431 beyond)."""

_SWEEP_EVERY: Final = 1024
"""Connections admitted between two sweeps of the addresses whose connections have all gone."""


class BindError(HeartsError):
    """The server cannot listen where it was told: the sentence says why and what to do."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host`` and ``port`` (0: a free port), or a :class:`BindError`
    in one sentence (a port in use, a port that needs privileges, an address not this
    machine's)."""
    shown = f"[{host}]" if ":" in host else host
    try:
        found = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as error:
        raise BindError(
            f"cannot listen on {host!r}: it is no address or name this machine knows "
            f"({error.strerror.lower() if error.strerror else error})"
        ) from None
    family, kind, number, _, address = found[0]
    listener = socket.socket(family, kind, number)
    try:
        if hasattr(socket, "SO_REUSEADDR") and not hasattr(socket, "SO_EXCLUSIVEADDRUSE"):
            # (POSIX: a port whose last connections linger may be bound again; one in use not)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(2048)
    except OSError as error:
        listener.close()
        if error.errno == errno.EADDRINUSE:
            raise BindError(
                f"port {port} on {shown} is in use by another program (another hearts serve?): "
                "stop it, or choose another port with --port"
            ) from None
        if error.errno == errno.EACCES:
            raise BindError(
                f"port {port} on {shown} needs privileges this user does not have: "
                "choose a port above 1023 with --port"
            ) from None
        if error.errno == errno.EADDRNOTAVAIL:
            raise BindError(
                f"{host} is no address of this machine: give one of its own with --host "
                "(127.0.0.1: this machine only; 0.0.0.0: every network)"
            ) from None
        raise BindError(
            f"cannot listen on port {port} of {shown}: {error.strerror or error}"
        ) from None
    listener.set_inheritable(True)
    return listener


class Connections:
    """The connections open from each client address (an IPv6 client by its /64), to refuse
    one beyond ``most``; connections from a proxy in ``trusted`` are not counted. A connection
    is counted until its transport closes, whatever protocol it has passed to (a WebSocket)."""

    def __init__(self, most: int, trusted: tuple[str, ...] = ()) -> None:
        self.most = most
        self._anyone = "*" in trusted
        self._trusted = [
            ipaddress.ip_network(item, strict=False) for item in trusted if item != "*"
        ]
        self._open: dict[str, set[asyncio.BaseTransport]] = {}
        self._admitted = 0

    def trusts(self, host: str) -> bool:
        """Whether ``host`` is a proxy the operator named."""
        if self._anyone:
            return True
        try:
            address = ipaddress.ip_address(host.split("%", 1)[0])
        except ValueError:
            return False
        return any(address in network for network in self._trusted)

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection: False (not counted) if its address holds ``most`` already."""
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else None
        if not isinstance(host, str) or self.trusts(host):
            return True
        key = client_key(host)
        live = {known for known in self._open.get(key, ()) if not known.is_closing()}
        if len(live) >= self.most:
            self._open[key] = live
            return False
        live.add(transport)
        self._open[key] = live
        self._admitted += 1
        if self._admitted % _SWEEP_EVERY == 0:
            self._sweep()
        return True

    def count(self, host: str) -> int:
        """The connections open from ``host``'s address."""
        return sum(1 for known in self._open.get(client_key(host), ()) if not known.is_closing())

    def _sweep(self) -> None:
        for key in list(self._open):
            live = {known for known in self._open[key] if not known.is_closing()}
            if live:
                self._open[key] = live
            else:
                del self._open[key]


def _raw_answer(transport: asyncio.BaseTransport, status: int, reason: str, sentence: str) -> None:
    """Write an answer of the edge's own (``{"error": sentence}``) and close the connection."""
    if transport.is_closing():
        return
    body = json.dumps({"error": sentence}, ensure_ascii=False).encode("utf-8")
    lines = [
        f"HTTP/1.1 {status} {reason}".encode("ascii"),
        b"content-type: application/json",
        b"content-length: " + str(len(body)).encode("ascii"),
        b"connection: close",
        *(name + b": " + value for name, value in SECURITY_HEADERS),
        b"content-security-policy: " + content_security_policy(None).encode("ascii"),
    ]
    writer: Any = transport  # (a transport of asyncio's or uvloop's: either writes)
    writer.write(b"\r\n".join(lines) + b"\r\n\r\n" + body)
    transport.close()


LINGER: Final = 2.0
"""Seconds a connection the server closes while its client may still be sending is kept
reading (and dropping) what comes, so that the client reads its answer."""

_LINGER_BYTES: Final = 1 << 20
"""Bytes dropped in a lingering close before the connection is closed anyway."""


class _Lingering:
    """A connection's transport whose ``close`` lingers: the answer is sent and the sending
    side shut (the client reads the answer, then the end), what the client still sends is read
    and dropped, and the connection is closed once the client closes its side, after
    :data:`LINGER` seconds, or after :data:`_LINGER_BYTES` dropped. Closed at once, a
    connection with bytes still coming is reset, and the client may lose the answer (a 413
    while it sends its body, a 408). Everything else is the transport's own."""

    def __init__(self, real: Any, loop: asyncio.AbstractEventLoop) -> None:
        self.real = real
        self.loop = loop
        self.lingering = False
        self.dropped = 0
        self._timer: asyncio.TimerHandle | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def is_closing(self) -> bool:
        return self.lingering or bool(self.real.is_closing())

    def close(self) -> None:
        real = self.real
        if self.lingering or real.is_closing():
            return
        try:
            halves = bool(real.can_write_eof())
        except (AttributeError, NotImplementedError):  # pragma: no cover - every TCP one can
            halves = False
        if not halves:  # pragma: no cover
            real.close()
            return
        self.lingering = True
        real.write_eof()  # (after what is buffered: the answer)
        real.resume_reading()
        self._timer = self.loop.call_later(LINGER, self.end)

    def drop(self, data: bytes) -> None:
        """Bytes that came while lingering."""
        self.dropped += len(data)
        if self.dropped > _LINGER_BYTES:
            self.end()

    def end(self) -> None:
        """Close now."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.real.close()


class _Edge:
    """What a guarded protocol checks (shared by every connection of one server)."""

    def __init__(self, config: ServerConfig) -> None:
        self.request_time = config.request_time
        self.connections = Connections(config.max_connections, config.forwarded_allow_ips)
        self.too_many = (
            f"too many connections from your address (at most {config.max_connections} at "
            "once): close some, then try again"
        )
        self.too_slow = (
            f"the request did not arrive whole within {config.request_time:g} s: send it again"
        )
        self.too_long = f"the request's line and headers are longer than {MAX_HEAD:,} bytes"


class _Guarded:
    """The checks around a uvicorn HTTP protocol (the mixin of :func:`guarded_protocol`'s
    classes): the parser's own callbacks say when a request begins, when its head is whole,
    and when it is whole."""

    edge: _Edge
    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    cycle: Any
    _edge_timer: asyncio.TimerHandle | None = None
    _edge_raw: int = 0
    """Bytes received while waiting for a request's head."""
    _edge_head: int = 0
    """Bytes of the request's line and headers, as the parser gave them."""
    _edge_waiting: bool = True
    """Waiting for a request's head (no request is being received)."""
    _edge_refused: bool = False
    """The head was too long: the request is not served, the connection is closed."""

    def _edge_open(self, transport: asyncio.Transport) -> bool:
        """A connection opened (after uvicorn's own ``connection_made``): its transport made a
        lingering one; False if it was refused (too many from its address)."""
        self._edge_timer = None
        self._edge_raw = self._edge_head = 0
        self._edge_waiting = True
        self._edge_refused = False
        lingering: Any = _Lingering(transport, self.loop)
        self.transport = lingering
        if not self.edge.connections.admit(transport):
            # (closed at once, not lingering: a refused connection must not hold a descriptor)
            _raw_answer(transport, 429, "Too Many Requests", self.edge.too_many)
            return False
        self._edge_arm()  # (the first request must come, whole, in time)
        return True

    def _edge_closing(self, data: bytes) -> bool:
        """Whether the connection is closing (``data`` dropped if it lingers)."""
        transport: Any = self.transport
        if isinstance(transport, _Lingering) and transport.lingering:
            transport.drop(data)
            return True
        return bool(transport.is_closing())

    def _edge_lost(self) -> None:
        self._edge_disarm()
        transport: Any = self.transport
        if isinstance(transport, _Lingering):
            transport.end()

    def _edge_real(self) -> Any:
        """The transport itself (for the protocol a WebSocket passes to)."""
        transport: Any = self.transport
        return transport.real if isinstance(transport, _Lingering) else transport

    def _edge_arm(self) -> None:
        if self._edge_timer is None:
            self._edge_timer = self.loop.call_later(self.edge.request_time, self._edge_timeout)

    def _edge_disarm(self) -> None:
        if self._edge_timer is not None:
            self._edge_timer.cancel()
            self._edge_timer = None

    def _edge_timeout(self) -> None:
        """The request did not arrive whole in time."""
        self._edge_timer = None
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        cycle = self.cycle
        busy = cycle is not None and not cycle.response_complete
        if not busy or (not self._edge_waiting and not cycle.response_started):
            if busy:  # (its body was coming: the app gets a disconnect, and answers nothing)
                cycle.disconnected = True
                cycle.message_event.set()
            _raw_answer(transport, 408, "Request Timeout", self.edge.too_slow)
        else:  # (an answer to an earlier request is under way: no answer can be slipped in)
            transport.close()

    def _edge_head_check(self) -> None:
        """A head too long (whole, or so far) is answered 431, and the connection closed."""
        too_long = self._edge_refused or (self._edge_waiting and self._edge_raw > MAX_HEAD)
        if too_long and not self.transport.is_closing():
            self._edge_disarm()
            _raw_answer(self.transport, 431, "Request Header Fields Too Large", self.edge.too_long)


def guarded_protocol(config: ServerConfig, implementation: str = "auto") -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol class (``"httptools"``, ``"h11"``, or ``"auto"``: httptools when
    it is installed) with the checks of this module, for ``uvicorn.Config(http=...)``."""
    if implementation == "auto":
        try:
            import httptools  # noqa: F401
        except ImportError:  # pragma: no cover - uvicorn[standard] brings it
            implementation = "h11"
        else:
            implementation = "httptools"
    edge = _Edge(config)
    if implementation == "httptools":
        return _httptools_class(edge)
    if implementation == "h11":
        return _h11_class(edge)
    raise ValueError(f"no HTTP protocol {implementation!r}: httptools, h11 or auto")


def _httptools_class(edge: _Edge) -> type[asyncio.Protocol]:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class GuardedHttpToolsProtocol(_Guarded, HttpToolsProtocol):
        """uvicorn's httptools protocol, guarded (:mod:`hearts.server.listen`)."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._edge_open(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            self._edge_lost()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._edge_closing(data):
                return
            self._edge_arm()
            if self._edge_waiting:
                self._edge_raw += len(data)
            super().data_received(data)
            self._edge_head_check()

        def on_message_begin(self) -> None:
            self._edge_head = 0
            super().on_message_begin()

        def on_url(self, url: bytes) -> None:
            self._edge_head += len(url)
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._edge_head += len(name) + len(value) + 4
            super().on_header(name, value)

        def on_headers_complete(self) -> None:
            self._edge_waiting = False
            self._edge_raw = 0
            if self._edge_head > MAX_HEAD:
                self._edge_refused = True  # (not served: data_received answers 431)
                return
            super().on_headers_complete()

        def on_body(self, body: bytes) -> None:
            if not self._edge_refused:
                super().on_body(body)

        def on_message_complete(self) -> None:
            if self._edge_refused:
                return
            super().on_message_complete()
            self._edge_waiting = True
            self._edge_raw = 0
            self._edge_disarm()

        def handle_websocket_upgrade(self) -> None:
            self._edge_disarm()  # (the socket has its own deadline: hello)
            if not self._edge_refused:
                self.transport = self._edge_real()
                super().handle_websocket_upgrade()

    GuardedHttpToolsProtocol.edge = edge
    return GuardedHttpToolsProtocol


def _h11_class(edge: _Edge) -> type[asyncio.Protocol]:
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class GuardedH11Protocol(_Guarded, H11Protocol):
        """uvicorn's h11 protocol, guarded (:mod:`hearts.server.listen`)."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._edge_open(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            self._edge_lost()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._edge_closing(data):
                return
            self._edge_arm()
            if self.conn.their_state is h11.IDLE:  # (a head coming: how long is it?)
                coming = self.conn.trailing_data[0] + data
                end = coming.find(b"\r\n\r\n")
                self._edge_raw = len(coming) if end < 0 else end
                if self._edge_raw > MAX_HEAD:
                    self._edge_head_check()
                    return
            super().data_received(data)
            self._edge_pending()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._edge_pending()

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._edge_disarm()
            self.transport = self._edge_real()
            super().handle_websocket_upgrade(event)

        def _edge_pending(self) -> None:
            """Keep the deadline while a request is coming (its body, or the start of its
            head), drop it once none is."""
            if self.transport.is_closing() or self._edge_real().get_protocol() is not self:
                self._edge_disarm()
                return
            state = self.conn.their_state
            self._edge_waiting = state is not h11.SEND_BODY
            if state is h11.SEND_BODY or (state is h11.IDLE and self.conn.trailing_data[0]):
                self._edge_arm()
            else:
                self._edge_disarm()

    GuardedH11Protocol.edge = edge
    return GuardedH11Protocol


def server_config(app: Any, config: ServerConfig, **options: Any) -> Any:
    """uvicorn's ``Config`` for the app as ``hearts serve`` runs it: the guarded protocol,
    forwarded addresses believed only from ``config.forwarded_allow_ips``, WebSocket messages
    of at most 64 KiB and no compression. ``options`` go to ``uvicorn.Config`` as they are (the
    protocol's implementation as ``http``: ``"httptools"``, ``"h11"`` or ``"auto"``)."""
    import uvicorn

    trusted = list(config.forwarded_allow_ips)
    settings: dict[str, Any] = {
        "log_level": "warning",
        "ws_max_size": MAX_FRAME_BYTES,  # (above: closed with 1009, docs/protocol.md)
        "ws_per_message_deflate": False,  # (compressing each small state cost more than it saved)
        "h11_max_incomplete_event_size": MAX_HEAD,
        **options,
    }
    settings["http"] = guarded_protocol(config, settings.get("http", "auto"))
    return uvicorn.Config(
        app,
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted or [],
        **settings,
    )


def server(config: Any, app: Any) -> Any:
    """uvicorn's server of ``config``; asked to stop (SIGTERM, Ctrl+C), a process of several
    hands its tables over to the others (hearts.server.cluster) before it closes its
    connections, so that the sockets it closes find the tables driven elsewhere at once."""
    import uvicorn

    class _Server(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            joined = getattr(app.state, "cluster", None)
            if joined is not None:
                try:
                    await joined.hand_over()
                except Exception as error:  # (the others take the tables over anyway)
                    log.warning("the tables could not be handed over: %s", error)
            await super().shutdown(sockets=sockets)

    return _Server(config)
