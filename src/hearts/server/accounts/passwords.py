"""An account's secrets and names: the names an account may take (:func:`checked_account_name`;
:func:`name_key`, a name as it is looked up), passwords and recovery codes, and their Argon2id
hashing (:data:`HASHER`), which runs off the event loop and the store's thread, a few at a time
from one address (:func:`_hash_work`). An unknown name is checked against a dummy hash, so it
costs what a wrong password does.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import secrets
import unicodedata
from collections.abc import Callable
from typing import Any, Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import HTTPException, Request

from hearts.server.limits import TooMany, scope_key
from hearts.server.store import (
    CODE_ALPHABET,
    NAME_LENGTH,
)

DELETED_NAME: Final = "Deleted player"
"""The name a deleted account's seats show (no account may take it)."""

PASSWORD_SHORTEST: Final = 8
PASSWORD_LONGEST: Final = 128

RECOVERY_GROUPS: Final = 5
"""The recovery code: five groups of four letters and digits (:data:`CODE_ALPHABET`, about
99 bits)."""

HASHER: PasswordHasher = PasswordHasher()
"""Hashes passwords and recovery codes (Argon2id: t=3, m=64 MiB, p=4 by argon2-cffi's
defaults). A test may put a cheaper one here."""

_hashing = concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="hearts-hash")
"""Argon2 runs here, two at a time (each takes 64 MiB): never on the event loop or the
store's thread."""

WRONG: Final = "that name and password do not match an account"
"""The answer to a wrong password and to an unknown name alike."""

# --- Names, passwords, codes ----------------------------------------------------------------


def name_key(name: str) -> str:
    """A name as names are compared: NFKC, case-folded (no two accounts' names read alike).

    >>> name_key("Ａnn") == name_key("ANN") == "ann"
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()


def _refuse(status: int, sentence: str) -> HTTPException:
    return HTTPException(status_code=status, detail=sentence)


def checked_account_name(name: str) -> str:
    """An account's name as kept: trimmed, 1 to 24 printable characters; anything else is
    refused (an :class:`~fastapi.HTTPException`, 400, one sentence).

    >>> checked_account_name("  Ann ")
    'Ann'
    >>> checked_account_name("A\\tB")
    Traceback (most recent call last):
    ...
    fastapi.exceptions.HTTPException: 400: a name may hold only printable characters: character 2 is not
    """
    trimmed = name.strip()
    if not trimmed:
        raise _refuse(400, "a name needs something to show, not only spaces")
    if len(trimmed) > NAME_LENGTH or len(name_key(trimmed)) > NAME_LENGTH:
        raise _refuse(400, f"a name has at most {NAME_LENGTH} characters")
    for number, character in enumerate(trimmed, 1):
        if not character.isprintable():
            raise _refuse(
                400, f"a name may hold only printable characters: character {number} is not"
            )
    if name_key(trimmed) == name_key(DELETED_NAME):
        raise _refuse(400, f"the name {DELETED_NAME!r} is kept for deleted accounts")
    return trimmed


def _checked_password(password: str) -> str:
    if len(password) < PASSWORD_SHORTEST:
        raise _refuse(400, f"a password needs at least {PASSWORD_SHORTEST} characters")
    if len(password) > PASSWORD_LONGEST:
        raise _refuse(400, f"a password has at most {PASSWORD_LONGEST} characters")
    return password


def new_recovery_code() -> str:
    """A fresh recovery code: groups of letters and digits that read as no other.

    >>> code = new_recovery_code()
    >>> len(code), code.count("-")
    (24, 4)
    """
    return "-".join(
        "".join(secrets.choice(CODE_ALPHABET) for _ in range(4)) for _ in range(RECOVERY_GROUPS)
    )


def _plain_code(code: str) -> str:
    """A recovery code as typed, compared without case, spaces or dashes.

    >>> _plain_code(" abcd-efgh ")
    'ABCDEFGH'
    """
    return "".join(code.split()).replace("-", "").upper()


def _verify(hashed: str, secret: str) -> bool:
    try:
        return HASHER.verify(hashed, secret)
    except (VerificationError, InvalidHashError):
        return False


_DUMMY: Final = "$argon2id$v=19$m=65536,t=3,p=4$nx+xcRCI1hokuvtNk9MvTg$LAAtTELWyQEiPyxaoN6cbviwMrQNurdhD7rN+aHr1C8"
"""A hash of a password nobody knows, made as a real one is by default: an unknown name is
checked against it, so that it takes as long as a wrong password."""


@functools.cache
def _dummy_hash(parameters: tuple[int, int, int]) -> str:
    return HASHER.hash(secrets.token_urlsafe(24))


def _dummy() -> str:
    """The dummy hash at :data:`HASHER`'s parameters (made once for others than the defaults)."""
    parameters = (HASHER.time_cost, HASHER.memory_cost, HASHER.parallelism)
    if parameters == (3, 65536, 4):
        return _DUMMY
    return _dummy_hash(parameters)


def _check(hashed: str | None, secret: str) -> bool:
    """Whether ``secret`` is the one ``hashed`` was made of (None: an unknown name's, checked
    against the dummy all the same, and never right)."""
    return _verify(_dummy() if hashed is None else hashed, secret) and hashed is not None


def _hash_two(first: str, second: str) -> tuple[str, str]:
    return HASHER.hash(first), HASHER.hash(second)


HASHING_PER_ADDRESS: Final = 2
"""Hashes a client address may have made or checked at once (its further tries are refused)."""

HASHING_MOST: Final = 64
"""Hashes waiting or under way at once, from everyone: beyond, the server says it is busy."""

_hashing_now: dict[str, int] = {}
"""Hashes waiting or under way, by client address (the event loop's own: no lock needed)."""


async def _hash_work(request: Request, function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)`` (a hash made or checked) in the hashing threads, bounded: at most
    :data:`HASHING_PER_ADDRESS` at once from one address (429), :data:`HASHING_MOST` in all
    (503): many tries sent at once cannot queue the server's CPU for minutes."""
    address = scope_key(request)
    if _hashing_now.get(address, 0) >= HASHING_PER_ADDRESS:
        raise TooMany(
            "too many passwords checked at once from your address: wait for the last answer", 1
        )
    if sum(_hashing_now.values()) >= HASHING_MOST:
        raise _refuse(503, "the server is busy checking passwords: try again in a moment")
    _hashing_now[address] = _hashing_now.get(address, 0) + 1
    try:
        return await asyncio.get_running_loop().run_in_executor(_hashing, function, *args)
    finally:
        _hashing_now[address] -= 1
        if not _hashing_now[address]:
            del _hashing_now[address]
