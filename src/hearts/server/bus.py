"""The Redis that several ``hearts serve`` processes share (``ServerConfig.redis_url``).

One client a process (``redis.asyncio``, redis-py's own asyncio client), made by
:func:`connect` when the app is made and kept as ``app.state.redis``: the limits counted for
the whole site (hearts.server.limits) and the messages between the processes
(hearts.server.cluster) use it. Without a URL there is none, and every limit is counted by
the process alone.

>>> connect(None) is None
True
"""

from __future__ import annotations

from typing import Any

from hearts.errors import HeartsError


class RedisUnreachable(HeartsError):
    """The Redis of ``--redis-url`` does not answer (a sentence says where and why)."""


def check(url: str) -> None:
    """Ask the Redis of ``url`` once (PING, 5 s at most), before a process serves: refused
    with :class:`RedisUnreachable` in one sentence if it does not answer."""
    import redis

    client = redis.Redis.from_url(url, socket_timeout=5.0, socket_connect_timeout=5.0)
    try:
        client.ping()
    except redis.RedisError as error:
        where = url.split("@")[-1]  # (no password in the sentence)
        reason = str(error).strip().rstrip(".") or type(error).__name__
        raise RedisUnreachable(
            f"cannot reach Redis at {where} ({reason}): start it, or give another --redis-url"
        ) from None
    finally:
        client.close()


__all__ = ["RedisUnreachable", "check", "connect"]


def connect(url: str | None) -> Any:
    """A ``redis.asyncio.Redis`` client of ``url`` (no connection is made until it is used),
    or None without a URL. It answers bytes; it gives up on a command after 5 s (a Redis
    that does not answer is then an error, never a hang)."""
    if url is None:
        return None
    import redis.asyncio

    return redis.asyncio.Redis.from_url(
        url,
        socket_timeout=5.0,
        socket_connect_timeout=5.0,
        health_check_interval=15,
        retry_on_timeout=False,
    )
