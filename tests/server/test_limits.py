"""Limits per client address (hearts.server.limits): who a client is, and how often it may act."""

from __future__ import annotations

import pytest

from hearts.server.limits import RateLimit, TooMany, client_key, scope_key


def test_an_ipv6_client_is_counted_by_its_64_and_a_mapped_ipv4_as_ipv4() -> None:
    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff::9")
    assert client_key("2001:db8:1:2::1") != client_key("2001:db8:1:3::1")
    assert client_key("::ffff:10.0.0.1") == "10.0.0.1"
    assert client_key("fe80::1%eth0") == "fe80::/64"
    assert client_key(None) == "unknown"
    assert client_key("testclient") == "testclient"
    assert scope_key({"client": ("127.0.0.2", 5555)}) == "127.0.0.2"
    assert scope_key({"client": None}) == "unknown"


def test_a_client_gets_its_burst_then_waits_for_the_rate_and_others_are_not_touched() -> None:
    now = [100.0]
    limit = RateLimit("hints", per_minute=60, burst=3, clock=lambda: now[0])
    assert [limit.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limit.take("a") == pytest.approx(1.0)
    assert limit.take("b") == 0.0
    now[0] += 0.5
    assert limit.take("a") == pytest.approx(0.5)  # (a refusal takes nothing)
    now[0] += 0.5
    assert limit.take("a") == 0.0
    with pytest.raises(TooMany, match="too many hints from your address: try again in 1 s") as e:
        limit.check("a")
    assert e.value.retry_after == 1


def test_memory_is_bounded_clients_whose_allowance_is_whole_again_are_forgotten() -> None:
    now = [0.0]
    limit = RateLimit("tables", per_minute=60, burst=2, most=50, clock=lambda: now[0])
    for number in range(1000):
        limit.take(f"10.0.{number // 256}.{number % 256}")
    assert len(limit) <= 51  # (the longest idle beyond `most` are forgotten)
    now[0] += 10.0  # (every allowance whole again)
    limit.take("192.0.2.1")
    assert len(limit) == 1


def test_a_limit_needs_a_rate_and_a_burst() -> None:
    with pytest.raises(ValueError):
        RateLimit("x", per_minute=0, burst=1)
    with pytest.raises(ValueError):
        RateLimit("x", per_minute=1, burst=0)
