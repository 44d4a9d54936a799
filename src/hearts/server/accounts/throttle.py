"""Failed sign-ins throttled (:class:`SignInThrottle`): per client address and per name and
address, never per name alone, in memory or for the whole site in Redis.
"""

from __future__ import annotations

import collections
import hashlib
import math
import time
from collections.abc import Callable

from hearts.server.limits import SharedLimits, TooMany

# --- Throttling sign-ins --------------------------------------------------------------------


class SignInThrottle:
    """Failed sign-ins (and recovery-code resets): per client address and per name and
    address. Past ``free_pair`` failures of one name from one address, each try of that name
    from there waits 1 s, then 2, 4, ... (at most ``longest``) after the last failure; past
    ``free_address`` failures from one address (any names), so does each try from there.
    Never per name alone: a person from another address still signs in. A key is forgotten
    ``forget_after`` seconds after its last failure, and in memory beyond ``most`` keys the
    oldest first (memory is bounded).

    The routes await :meth:`acheck`, :meth:`afailed` and :meth:`asucceeded`: counted for the
    whole site in Redis when ``shared`` is given (a name's hash in the key, never the name),
    else, or while Redis fails, in memory as :meth:`check`, :meth:`failed` and
    :meth:`succeeded` count:

    >>> now = [0.0]
    >>> throttle = SignInThrottle(free_pair=2, clock=lambda: now[0])
    >>> for _ in range(3):
    ...     throttle.check("10.0.0.1", "ann")
    ...     throttle.failed("10.0.0.1", "ann")
    Traceback (most recent call last):
    ...
    hearts.server.limits.TooMany: too many failed sign-ins of this name from your address: try again in 1 s
    >>> throttle.check("10.0.0.2", "ann")  # (another address: not held back)
    >>> now[0] = 1.0; throttle.check("10.0.0.1", "ann"); throttle.failed("10.0.0.1", "ann")
    >>> now[0] = 2.5; throttle.check("10.0.0.1", "ann")  # (the wait doubled: 2 s)
    Traceback (most recent call last):
    ...
    hearts.server.limits.TooMany: too many failed sign-ins of this name from your address: try again in 1 s
    """

    def __init__(
        self,
        *,
        free_pair: int = 5,
        free_address: int = 20,
        longest: float = 900.0,
        forget_after: float = 3600.0,
        most: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
        shared: SharedLimits | None = None,
    ) -> None:
        self.free_pair = free_pair
        self.free_address = free_address
        self.longest = longest
        self.forget_after = forget_after
        self.most = most
        self.clock = clock
        self.shared = shared
        self._failures: collections.OrderedDict[tuple[str, ...], tuple[int, float]] = (
            collections.OrderedDict()
        )

    def _wait(self, key: tuple[str, ...], free: int, now: float) -> float:
        entry = self._failures.get(key)
        if entry is None:
            return 0.0
        count, last = entry
        if now - last >= self.forget_after:
            del self._failures[key]
            return 0.0
        if count < free:
            return 0.0
        return min(self.longest, 2.0 ** (count - free)) - (now - last)

    def check(self, address: str, name: str) -> None:
        """Refuse (:class:`TooMany`) a try while the address, or the name from it, waits."""
        now = self.clock()
        _refuse_waiting(
            self._wait(("pair", address, name), self.free_pair, now),
            self._wait(("address", address), self.free_address, now),
        )

    def failed(self, address: str, name: str) -> None:
        """A try failed: counted for the address and for the name from it."""
        now = self.clock()
        for key in (("pair", address, name), ("address", address)):
            count, last = self._failures.pop(key, (0, now))
            if now - last >= self.forget_after:
                count = 0
            self._failures[key] = (count + 1, now)
        while len(self._failures) > self.most:
            self._failures.popitem(last=False)

    def succeeded(self, address: str, name: str) -> None:
        """The name's password was right from this address: its count there starts again (the
        address's own count does not: signing in to one's own account between guesses at
        others' buys nothing)."""
        self._failures.pop(("pair", address, name), None)

    def _keys(self, shared: SharedLimits, address: str, name: str) -> list[str]:
        """The Redis keys of the name from the address, and of the address."""
        hashed = hashlib.sha256(name.encode("utf-8")).hexdigest()[:32]
        return [
            shared.key("sign-ins-pair", f"{hashed}:{address}"),
            shared.key("sign-ins-address", address),
        ]

    async def acheck(self, address: str, name: str) -> None:
        """:meth:`check`, counted for the whole site when the throttle is shared."""
        if self.shared is not None:
            waits = await self.shared.failures(
                self._keys(self.shared, address, name),
                failed=False,
                free=(self.free_pair, self.free_address),
                longest=self.longest,
                forget_after=self.forget_after,
            )
            if waits is not None:
                _refuse_waiting(*waits)
                return
        self.check(address, name)

    async def afailed(self, address: str, name: str) -> None:
        """:meth:`failed`, counted for the whole site when the throttle is shared."""
        if self.shared is not None:
            counted = await self.shared.failures(
                self._keys(self.shared, address, name),
                failed=True,
                longest=self.longest,
                forget_after=self.forget_after,
            )
            if counted is not None:
                return
        self.failed(address, name)

    async def asucceeded(self, address: str, name: str) -> None:
        """:meth:`succeeded`, for the whole site when the throttle is shared."""
        if self.shared is not None and await self.shared.forget(
            self._keys(self.shared, address, name)[0]
        ):
            return
        self.succeeded(address, name)


def _refuse_waiting(pair: float, alone: float) -> None:
    """Refuse (:class:`TooMany`) a sign-in while the name from the address (``pair`` seconds)
    or the address (``alone``) waits."""
    if pair > 0:
        raise TooMany(
            "too many failed sign-ins of this name from your address: "
            f"try again in {math.ceil(pair)} s",
            pair,
        )
    if alone > 0:
        raise TooMany(
            f"too many failed sign-ins from your address: try again in {math.ceil(alone)} s",
            alone,
        )
