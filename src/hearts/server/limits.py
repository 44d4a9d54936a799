"""Limits per client address: who a client is (:func:`client_key`) and how often it may do a
thing (:class:`RateLimit`), refused as :class:`TooMany` (HTTP 429 with ``Retry-After``).

A client is counted by its address as the server sees it: the peer's, or the one a proxy the
operator trusts forwarded (uvicorn's proxy headers, ``hearts serve --forwarded-allow-ips``).
An IPv6 client is counted by its /64, the block one household or one machine is given, so that
a client cannot take a fresh address for each request.

>>> client_key("2001:db8:1:2:3:4:5:6")
'2001:db8:1:2::/64'
>>> client_key("::ffff:192.0.2.7"), client_key("192.0.2.7")
('192.0.2.7', '192.0.2.7')
>>> clock = [0.0]
>>> tables = RateLimit("tables", per_minute=6, burst=2, clock=lambda: clock[0])
>>> tables.take("192.0.2.7"), tables.take("192.0.2.7"), tables.take("192.0.2.7")
(0.0, 0.0, 10.0)
>>> clock[0] = 10.0; tables.take("192.0.2.7")
0.0
>>> tables.take("198.51.100.1")       # another client has its own allowance
0.0
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from typing import Any

from hearts.errors import HeartsError

__all__ = ["RateLimit", "TooMany", "client_key", "scope_key"]


def client_key(host: str | None) -> str:
    """The key a client's address is counted under: an IPv4 address as it is, an IPv6 one by
    its /64 (an IPv4 address mapped into IPv6 as the IPv4 one); anything else (a Unix socket, a
    test client's name) as it is."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def scope_key(scope: Any) -> str:
    """The key of the client of an ASGI scope, a Starlette ``Request`` or ``WebSocket`` (the
    address uvicorn puts there: the peer's, or a trusted proxy's forwarded one)."""
    client = scope.get("client") if isinstance(scope, dict) else getattr(scope, "client", None)
    host = client[0] if client else None
    return client_key(host)


class TooMany(HeartsError):
    """A client asked for something too often: the sentence says what and when to try again
    (HTTP 429, ``retry_after`` seconds in ``Retry-After``)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = max(1, math.ceil(retry_after))


class RateLimit:
    """How often each client may do one thing: a token bucket a client address, ``per_minute``
    on average and ``burst`` at once. Memory is bounded: a client whose bucket has filled again
    is forgotten, and beyond ``most`` clients the longest idle are forgotten first.

    ``what`` names the thing in the refusal's sentence ("too many tables from your address").
    """

    def __init__(
        self,
        what: str,
        per_minute: float,
        burst: int,
        *,
        most: int = 100_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not per_minute > 0 or burst < 1:
            raise ValueError("a rate limit needs a rate above 0 and a burst of at least 1")
        self.what = what
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.most = most
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        """Each client's tokens and when they were counted (longest idle first)."""

    def take(self, key: str, cost: float = 1.0) -> float:
        """Take ``cost`` from ``key``'s allowance: 0 if it was there, else the seconds until it
        will be (nothing is taken then)."""
        now = self._clock()
        tokens, last = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens >= cost:
            self._buckets[key] = (tokens - cost, now)
            self._forget(now)
            return 0.0
        self._buckets[key] = (tokens, now)
        return (cost - tokens) / self.rate

    def check(self, key: str, cost: float = 1.0) -> None:
        """:meth:`take`, refused as :class:`TooMany` in a sentence when the allowance is spent."""
        wait = self.take(key, cost)
        if wait > 0:
            raise self._refusal(wait)

    def wait(self, key: str, cost: float = 1.0) -> float:
        """Seconds until ``key``'s allowance holds ``cost`` (0: it does now); nothing is taken.

        >>> clock = [0.0]
        >>> misses = RateLimit("misses", per_minute=60, burst=1, clock=lambda: clock[0])
        >>> misses.wait("192.0.2.7"), misses.take("192.0.2.7"), misses.wait("192.0.2.7")
        (0.0, 0.0, 1.0)
        """
        tokens, last = self._buckets.get(key, (self.burst, self._clock()))
        tokens = min(self.burst, tokens + (self._clock() - last) * self.rate)
        return 0.0 if tokens >= cost else (cost - tokens) / self.rate

    def ensure(self, key: str, cost: float = 1.0) -> None:
        """Refuse as :class:`TooMany` (nothing taken) when ``key``'s allowance is spent: for a
        thing charged only when it fails, so that a client whose allowance is spent is refused
        whatever it asks, and learns nothing from the refusal."""
        wait = self.wait(key, cost)
        if wait > 0:
            raise self._refusal(wait)

    def _refusal(self, wait: float) -> TooMany:
        return TooMany(
            f"too many {self.what} from your address: try again in {max(1, math.ceil(wait))} s",
            wait,
        )

    def _forget(self, now: float) -> None:
        """Forget clients whose allowance is whole again, and the longest idle beyond ``most``."""
        full = self.burst / self.rate
        while self._buckets:
            key, (_tokens, last) = next(iter(self._buckets.items()))
            if now - last < full and len(self._buckets) <= self.most:
                break
            del self._buckets[key]

    def __len__(self) -> int:
        return len(self._buckets)
