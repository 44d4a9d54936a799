"""The app's edge against hostile clients and pages: :class:`Guard` (what each client address may
do: make tables, look up tables that are not here) and :class:`EdgeMiddleware` (in front of
every request: the names the server answers to, the pages that may use it, the size of a
request's body, the browser's security headers).

The socket layer's part (a request that arrives too slowly, too many connections from one
address, binding the port) is :mod:`hearts.server.listen`'s.

A DNS rebinding attack points a name of the attacker's at this server, so that a page of the
attacker's may reach it as if it were its own: the ``Host`` it sends is then the attacker's
name, a name of the public DNS. The server answers to the names it was given
(:attr:`ServerConfig.allowed_hosts`), and to what no attacker can own: IP addresses, names of
one label (``localhost``, a machine's own short name: the public DNS has none) and names under
``.localhost``:

>>> host_allowed("localhost:8000", ()), host_allowed("[::1]:8000", ())
(True, True)
>>> host_allowed("192.0.2.7", ()), host_allowed("evil.example", ())
(True, False)
>>> host_allowed("hearts.example.org", ("*.example.org",))
True

A page may open a table's socket, or post to the lobby, only from the server's own origin (or
one the operator names); a client that sends no ``Origin`` is not a browser, and may:

>>> origin_allowed("http://localhost:8000", "localhost:8000", ())
True
>>> origin_allowed("https://evil.example", "localhost:8000", ())
False
>>> origin_allowed("https://friends.example", "localhost:8000", ("https://friends.example",))
True
"""

from __future__ import annotations

import ipaddress
import json
import re
import urllib.parse
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Final

from hearts.server.config import ServerConfig
from hearts.server.limits import RateLimit, SharedLimits, TooMany, scope_key

__all__ = [
    "SECURITY_HEADERS",
    "EdgeMiddleware",
    "Guard",
    "content_security_policy",
    "host_allowed",
    "origin_allowed",
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class Guard:
    """What each client address may do, as :class:`~hearts.server.limits.RateLimit`\\ s: make
    tables (``table_rate`` a minute, ``table_burst`` at once), and look up tables and games
    that are not here (``lookup_rate``, ``lookup_burst``: a wrong code or link). A look-up that
    finds its table costs nothing; once a client's allowance of misses is spent, every look-up
    of it is refused until the allowance comes back, so that a refusal tells it nothing about
    the code it tried. ``shared``: the site's limits in Redis (several processes count each
    client once), else the process counts alone."""

    def __init__(self, config: ServerConfig, shared: SharedLimits | None = None) -> None:
        self.tables = RateLimit("new tables", config.table_rate, config.table_burst, shared=shared)
        self.lookups = RateLimit(
            "look-ups of tables that are not here",
            config.lookup_rate,
            config.lookup_burst,
            shared=shared,
            name="missed look-ups",
        )

    async def creating(self, scope: Any) -> None:
        """A client makes a table: refused as :class:`TooMany` beyond its allowance."""
        await self.tables.acheck(scope_key(scope))

    async def looking(self, scope: Any) -> None:
        """A client looks a table up: refused as :class:`TooMany` while its misses are spent."""
        await self.lookups.aensure(scope_key(scope))

    async def may_look(self, scope: Any) -> bool:
        """Whether a client's look-ups are not spent (nothing is charged)."""
        try:
            await self.looking(scope)
        except TooMany:
            return False
        return True

    async def missed(self, scope: Any) -> None:
        """A client's look-up found no table: it costs one of its misses."""
        await self.lookups.atake(scope_key(scope))


def _host_name(host: str) -> str:
    """The name or address of a ``Host`` header, without its port or brackets, lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    if host.count(":") == 1:
        return host.partition(":")[0]
    return host


def host_allowed(host: str, allowed: tuple[str, ...]) -> bool:
    """Whether the server answers to a request sent to ``host`` (a ``Host`` header): an IP
    address, a name of one label, a name under ``.localhost``, or a name ``allowed`` gives
    (``name``, ``*.name`` for its subdomains, ``*`` for any)."""
    name = _host_name(host)
    try:
        ipaddress.ip_address(name.split("%", 1)[0])
    except ValueError:
        pass
    else:
        return True
    name = name.rstrip(".")
    if "." not in name or name.endswith(".localhost"):
        return True
    for pattern in allowed:
        if pattern == "*" or pattern == name:
            return True
        if pattern.startswith("*.") and name.endswith(pattern[1:]):
            return True
    return False


_DEFAULT_PORTS: Final = {"http": "80", "https": "443", "ws": "80", "wss": "443"}


def origin_allowed(origin: str, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a page of ``origin`` (an ``Origin`` header) may use the server reached as
    ``host`` (its ``Host`` header): the same name and port, or an origin ``allowed`` names."""
    parts = urllib.parse.urlsplit(origin.strip().lower())
    if parts.scheme not in _DEFAULT_PORTS or not parts.netloc:
        return False  # ("null": a sandboxed page or a file)
    if f"{parts.scheme}://{parts.netloc}" in allowed:
        return True
    if host is None:
        return False
    default = f":{_DEFAULT_PORTS[parts.scheme]}"
    mine = host.strip().lower().removesuffix(default)
    return parts.netloc.removesuffix(default) == mine


_SAFE_HOST: Final = re.compile(r"[a-z0-9._\-:\[\]]+", re.IGNORECASE)


def content_security_policy(host: str | None) -> str:
    """The page's Content-Security-Policy: its scripts, styles and connections from its own
    server only (no inline script or style), nothing of it in another site's frame.

    >>> content_security_policy("localhost:8000").split("; ")[4]
    "connect-src 'self' ws://localhost:8000 wss://localhost:8000"
    """
    sockets = f" ws://{host} wss://{host}" if host and _SAFE_HOST.fullmatch(host) else ""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    )


SECURITY_HEADERS: Final = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)
"""Headers every answer carries besides its Content-Security-Policy."""

_UNSAFE_METHODS: Final = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""Requests that change something: a page of another site may not send them."""


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or ():
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


class EdgeMiddleware:
    """ASGI middleware in front of the whole app (its errors' answers included):

    - a request sent to a name the server does not answer to (:func:`host_allowed`) is refused
      (400, or a socket's handshake refused) with a sentence;
    - a socket, or a request that changes something, from a page of another site
      (:func:`origin_allowed`) is refused (403) with a sentence;
    - a body longer than ``max_body`` bytes is refused (413) with a sentence before more of it
      is read: at once by its ``Content-Length``, else when its chunks add up to more; the
      connection is then closed, so the rest is never read;
    - every answer carries the security headers (:data:`SECURITY_HEADERS` and
      :func:`content_security_policy`).
    """

    def __init__(self, app: ASGIApp, config: ServerConfig) -> None:
        self.app = app
        self.config = config

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if host is not None and not host_allowed(host, self.config.allowed_hosts):
            name = _host_name(host)
            await self._refuse(
                scope,
                receive,
                send,
                400,
                f"this server does not answer to the name {name!r}: its operator may allow it "
                f"(hearts serve --allowed-host {name})",
            )
            return
        origin = _header(scope, b"origin")
        if (
            origin is not None
            and (kind == "websocket" or scope.get("method") in _UNSAFE_METHODS)
            and not origin_allowed(origin, host, self.config.allowed_origins)
        ):
            await self._refuse(
                scope,
                receive,
                send,
                403,
                f"a page of {origin.strip()} may not use this server: open the game from the "
                "server's own page (its operator may allow that site with "
                "hearts serve --allowed-origin)",
            )
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        await self._http(scope, receive, send, host)

    async def _http(self, scope: Scope, receive: Receive, send: Send, host: str | None) -> None:
        cap = self.config.max_body
        too_long = (
            f"the request's body is longer than this server takes ({cap:,} bytes): "
            "nothing was read or changed"
        )
        policy = content_security_policy(host).encode("latin-1")
        length = _header(scope, b"content-length")
        chunked = "chunked" in (_header(scope, b"transfer-encoding") or "").lower()
        if length is not None and length.strip().isdigit() and int(length) > cap:
            await _answer(send, 413, too_long, policy, close=True)
            return
        has_body = chunked or (length is not None and length.strip() not in ("", "0"))
        state = {"read": 0, "whole": not has_body, "over": False, "answered": False}

        async def capped() -> Message:
            if state["over"]:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                state["read"] += len(message.get("body", b""))
                if not message.get("more_body", False):
                    state["whole"] = True
                if state["read"] > cap:
                    state["over"] = True
                    return {"type": "http.disconnect"}  # (the app reads no more of it)
            return message

        async def guarded(message: Message) -> None:
            if state["over"]:
                if message["type"] == "http.response.start" and not state["answered"]:
                    state["answered"] = True
                    await _answer(send, 413, too_long, policy, close=True)
                return  # (the app's own answer to a body it could not read is not sent)
            if message["type"] == "http.response.start":
                state["answered"] = True
                headers = [
                    (key, value)
                    for key, value in message.get("headers", ())
                    if key.lower() != b"content-security-policy"
                ]
                headers += [*SECURITY_HEADERS, (b"content-security-policy", policy)]
                if not state["whole"]:  # (a body the app did not read: no next request on it)
                    headers.append((b"connection", b"close"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, capped, guarded)
        if state["over"] and not state["answered"]:
            await _answer(send, 413, too_long, policy, close=True)

    async def _refuse(
        self, scope: Scope, receive: Receive, send: Send, status: int, sentence: str
    ) -> None:
        if scope["type"] == "http":
            await _answer(send, status, sentence, content_security_policy(None).encode("latin-1"))
            return
        message = await receive()  # (the socket's "connect")
        if message["type"] != "websocket.connect":
            return
        if "websocket.http.response" in (scope.get("extensions") or {}):
            await _answer(
                send,
                status,
                sentence,
                content_security_policy(None).encode("latin-1"),
                prefix="websocket.",
            )
        else:  # (the server cannot say why: it refuses the handshake with 403)
            await send({"type": "websocket.close", "code": 1008, "reason": ""})


async def _answer(
    send: Send,
    status: int,
    sentence: str,
    policy: bytes,
    *,
    close: bool = False,
    prefix: str = "",
) -> None:
    """An answer of the edge's own: ``{"error": sentence}`` with the security headers."""
    body = json.dumps({"error": sentence}, ensure_ascii=False).encode("utf-8")
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode("ascii")),
        *SECURITY_HEADERS,
        (b"content-security-policy", policy),
    ]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": f"{prefix}http.response.start", "status": status, "headers": headers})
    await send({"type": f"{prefix}http.response.body", "body": body, "more_body": False})
