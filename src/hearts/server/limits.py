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

Several processes of one site (``ServerConfig.redis_url``) count each limit in Redis, once for
the whole site (:class:`SharedLimits`): a client that spreads its requests over the processes
is refused at the same count as by one. A call site awaits the limit's ``a``-methods
(:meth:`RateLimit.acheck`, :meth:`~RateLimit.atake`, :meth:`~RateLimit.aensure`, and
:func:`take_all` for several at once), which count in Redis when the limit is shared and in
the process otherwise, or when Redis fails (said once in the log, until it answers again).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import math
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final

from hearts.errors import HeartsError

__all__ = [
    "RateLimit",
    "SharedLimits",
    "TooMany",
    "client_key",
    "scope_key",
    "shared_limits",
    "take_all",
]

log = logging.getLogger("hearts.server.limits")


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
    ``shared``: where the whole site counts it (its buckets in Redis, under ``name``: by
    default ``what`` in a word; two limits of one site need two names), used by the
    ``a``-methods; None (the default), or while Redis fails, the process counts it alone.
    """

    def __init__(
        self,
        what: str,
        per_minute: float,
        burst: int,
        *,
        most: int = 100_000,
        clock: Callable[[], float] = time.monotonic,
        shared: SharedLimits | None = None,
        name: str | None = None,
    ) -> None:
        if not per_minute > 0 or burst < 1:
            raise ValueError("a rate limit needs a rate above 0 and a burst of at least 1")
        self.what = what
        self.name = _word(name or what)
        self.shared = shared
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

    async def atake(self, key: str, cost: float = 1.0) -> float:
        """:meth:`take`, counted for the whole site when the limit is shared."""
        return (await _waits([(self, key)], cost, take=True))[0]

    async def acheck(self, key: str, cost: float = 1.0) -> None:
        """:meth:`check`, counted for the whole site when the limit is shared."""
        wait = await self.atake(key, cost)
        if wait > 0:
            raise self._refusal(wait)

    async def aensure(self, key: str, cost: float = 1.0) -> None:
        """:meth:`ensure`, counted for the whole site when the limit is shared."""
        wait = (await _waits([(self, key)], cost, take=False))[0]
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


async def take_all(
    *wanted: tuple[RateLimit, str], cost: float = 1.0
) -> tuple[RateLimit, float] | None:
    """Take ``cost`` from each limit's allowance for its key, from all or from none: None when
    each held it (all are charged), else the first that did not and the seconds until it will
    (nothing is charged). Limits shared by one site are counted in one step in Redis."""
    waits = await _waits(list(wanted), cost, take=True)
    for (limit, _key), wait in zip(wanted, waits, strict=True):
        if wait > 0:
            return limit, wait
    return None


async def _waits(
    wanted: Sequence[tuple[RateLimit, str]], cost: float, *, take: bool
) -> list[float]:
    """Seconds until each limit holds ``cost`` for its key (0: it does now); with ``take``,
    ``cost`` is taken from each when all hold it. Counted in Redis when every limit is shared
    by one site and Redis answers, else in the process."""
    shared = {id(limit.shared): limit.shared for limit, _key in wanted}
    if len(shared) == 1 and (site := next(iter(shared.values()))) is not None:
        counted = await site.buckets(
            [(limit.name, key, limit.rate, limit.burst) for limit, key in wanted], cost, take
        )
        if counted is not None:
            return counted
    waits = [limit.wait(key, cost) for limit, key in wanted]
    if take and not any(waits):
        for limit, key in wanted:
            limit.take(key, cost)
    return waits


def _word(name: str) -> str:
    """A limit's name as one word of a Redis key: ``new tables`` -> ``new-tables``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "limit"


_BUCKETS: Final = """
-- Token buckets (hearts.server.limits.SharedLimits.buckets), counted at Redis's own time: one
-- each of KEYS (a hash: its tokens and when they were counted, in ms), full when absent.
-- ARGV[1]: 'take' or 'peek'; ARGV[2]: the cost; then each key's rate (tokens a ms) and burst.
-- 'take' takes the cost from every bucket if each holds it, else from none. The answer: each
-- key's ms until it holds the cost ('0': it does), as text. A bucket is kept until it is full.
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + tonumber(clock[2]) / 1000
local cost = tonumber(ARGV[2])
local held, waits, short = {}, {}, false
for i, key in ipairs(KEYS) do
  local rate, burst = tonumber(ARGV[2 * i + 1]), tonumber(ARGV[2 * i + 2])
  local kept = redis.call('HMGET', key, 'tokens', 'at')
  local tokens, at = tonumber(kept[1]) or burst, tonumber(kept[2]) or now
  tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
  held[i] = tokens
  if tokens >= cost then
    waits[i] = '0'
  else
    waits[i] = tostring((cost - tokens) / rate)
    short = true
  end
end
if ARGV[1] == 'take' and not short then
  for i, key in ipairs(KEYS) do
    local rate, burst = tonumber(ARGV[2 * i + 1]), tonumber(ARGV[2 * i + 2])
    local left = held[i] - cost
    redis.call('HSET', key, 'tokens', tostring(left), 'at', tostring(now))
    redis.call('PEXPIRE', key, math.ceil((burst - left) / rate) + 1000)
  end
end
return waits
"""

_FAILURES: Final = """
-- Failures counted a key (hearts.server.limits.SharedLimits.failures), at Redis's own time:
-- each of KEYS a hash of its count and its last failure's time (ms), forgotten ARGV[2] ms
-- after it. ARGV[1]: 'failed' counts one more on each key (answering '0's); 'check' answers
-- each key's ms still to wait (as text, 0 or less: none): past its ARGV[4 + i] free
-- failures, 1 s after the last doubled with each further one, at most ARGV[3] ms.
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + tonumber(clock[2]) / 1000
local forget, longest = tonumber(ARGV[2]), tonumber(ARGV[3])
local answer = {}
for i, key in ipairs(KEYS) do
  local kept = redis.call('HMGET', key, 'count', 'at')
  local count, at = tonumber(kept[1]) or 0, tonumber(kept[2]) or now
  if now - at >= forget then
    count = 0
  end
  answer[i] = '0'
  if ARGV[1] == 'failed' then
    redis.call('HSET', key, 'count', tostring(count + 1), 'at', tostring(now))
    redis.call('PEXPIRE', key, math.ceil(forget))
  elseif count >= tonumber(ARGV[3 + i]) then
    local wait = math.min(longest, 1000 * 2 ^ (count - tonumber(ARGV[3 + i])))
    answer[i] = tostring(wait - (now - at))
  end
end
return answer
"""


class SharedLimits:
    """Where a site's limits are counted when several processes serve it: the Redis they share
    (``app.state.redis``, a ``redis.asyncio.Redis``; :func:`hearts.server.bus.connect`).

    Each limit is a Lua script run in one step in Redis, at Redis's own time (the processes'
    clocks may differ): :meth:`buckets` (the token buckets of :class:`RateLimit`) and
    :meth:`failures` (the failed sign-ins of ``hearts.server.accounts.SignInThrottle``), under
    keys ``<prefix><limit>:<client>`` that expire once they no longer count. When Redis fails
    (down, restarting, slower than ``timeout`` seconds), each of them answers None and the
    caller counts in its process instead: the outage is logged once, and Redis is tried again
    at most every ``retry`` seconds (a request never waits on a Redis known to be down) until
    it answers, which is logged too.

    An app makes one, as ``app.state.shared_limits`` (:func:`shared_limits`), and gives it to
    the limits it makes.
    """

    PREFIX: Final = "hearts:limit:"
    """The keys' prefix a site's processes start with (each then puts its store's database and
    schema in it, so that two sites on one Redis count apart)."""

    def __init__(
        self,
        redis: Any,
        *,
        prefix: str = PREFIX,
        timeout: float = 2.0,
        retry: float = 1.0,
    ) -> None:
        self.redis = redis
        self.prefix = prefix
        """Put before every key (a test gives each of its sites one of its own)."""
        self.timeout = timeout
        self.retry = retry
        self._buckets = redis.register_script(_BUCKETS)
        self._failures = redis.register_script(_FAILURES)
        self.down = False
        """Whether Redis failed last time it was asked (the limits are counted in memory)."""
        self._retry_at = 0.0

    @classmethod
    def of(cls, redis: Any) -> SharedLimits | None:
        """The shared limits of a site's Redis client, or None without one."""
        return None if redis is None else cls(redis)

    def key(self, limit: str, client: str) -> str:
        """The Redis key of a limit's count for one client."""
        return f"{self.prefix}{limit}:{client}"

    async def buckets(
        self, wanted: Sequence[tuple[str, str, float, float]], cost: float, take: bool
    ) -> list[float] | None:
        """Seconds until each bucket (a limit's name, a client's key, a rate a second, a
        burst) holds ``cost``; with ``take``, ``cost`` is taken from all if each holds it.
        None: Redis failed (nothing was counted)."""
        keys = [self.key(name, client) for name, client, _rate, _burst in wanted]
        args: list[str | float] = ["take" if take else "peek", cost]
        for _name, _client, rate, burst in wanted:
            args += [rate / 1000.0, burst]
        answer = await self._run(lambda: self._buckets(keys=keys, args=args))
        return None if answer is None else [float(wait) / 1000.0 for wait in answer]

    async def failures(
        self,
        keys: Sequence[str],
        *,
        failed: bool,
        free: Sequence[int] = (),
        longest: float,
        forget_after: float,
    ) -> list[float] | None:
        """Failures counted under each of ``keys`` (limit and client, as :meth:`key` makes
        them). ``failed``: one more on each (the answer is all 0); else the seconds each key
        waits past its ``free`` failures (1 s after the last, doubled with each further one,
        at most ``longest``; 0 or less: none). A key is forgotten ``forget_after`` seconds
        after its last failure. None: Redis failed (nothing was counted)."""
        args: list[str | float] = [
            "failed" if failed else "check",
            forget_after * 1000.0,
            longest * 1000.0,
            *free,
        ]
        answer = await self._run(lambda: self._failures(keys=list(keys), args=args))
        return None if answer is None else [float(wait) / 1000.0 for wait in answer]

    async def forget(self, *keys: str) -> bool:
        """Forget the counts under ``keys``: whether Redis did."""
        return await self._run(lambda: self.redis.delete(*keys)) is not None

    async def _run(self, command: Callable[[], Awaitable[Any]]) -> Any:
        """The answer of a command to Redis, or None when Redis fails or is known to be down
        (said in the log once an outage)."""
        now = time.monotonic()
        if self.down and now < self._retry_at:
            return None
        try:
            async with asyncio.timeout(self.timeout):
                answer = await command()
        except Exception as error:  # (any failure of Redis: the process counts instead)
            self._retry_at = time.monotonic() + self.retry
            if not self.down:
                self.down = True
                log.warning(
                    "Redis does not answer (%s): the limits are counted by this process "
                    "alone until it does",
                    str(error) or type(error).__name__,
                )
            return None
        if self.down:
            self.down = False
            log.info("Redis answers again: the limits are counted for the whole site again")
        return answer


def shared_limits(app: Any) -> SharedLimits | None:
    """An app's :class:`SharedLimits` (``app.state.shared_limits``): None when it has no Redis
    (its limits are its process's alone)."""
    found = getattr(app.state, "shared_limits", None)
    return found if isinstance(found, SharedLimits) else None
