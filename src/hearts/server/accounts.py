"""Accounts, optional (docs/accounts.md): sign up with a name and a password, sign in and out,
change the password, reset a forgotten one with the recovery code shown at sign-up, download
your data, delete the account. Guests play as ever; a signed-in person's seats are tied to the
account (``seats.account_id``), so the seat shows the account's name and a rejoin from another
device works (``POST /api/tables/{key}/rejoin``).

- Passwords and recovery codes are kept as Argon2id hashes (argon2-cffi's
  :class:`~argon2.PasswordHasher`, its default parameters: RFC 9106's low-memory profile), and
  hashed again when those parameters change.
- A session is a random id in a cookie (HttpOnly, SameSite=Lax, Path=/, Secure when the request
  came over HTTPS, as uvicorn sees it behind a trusted proxy's ``X-Forwarded-Proto``); the
  store keeps only its sha256. A new id at every sign-in; 30 days from the last use.
- Every request of this module's that changes something is refused (403) when it comes from
  another site's page (:func:`same_site`), as is a table made or joined with the cookie.
- Failed sign-ins are throttled (:class:`SignInThrottle`) per address and per name and address,
  never per name alone: a stranger cannot lock anyone out. An unknown name costs a hash as a
  wrong password does, and is answered with the same words.

Other parts use :func:`signed_in` (a FastAPI dependency) and :class:`SignedIn`.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import dataclasses
import functools
import hashlib
import logging
import math
import secrets
import time
import unicodedata
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Body, Depends, HTTPException, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session
from starlette.requests import HTTPConnection

from hearts.server import guard as edge
from hearts.server.limits import RateLimit, SharedLimits, TooMany, scope_key, shared_limits
from hearts.server.store import (
    CODE_ALPHABET,
    NAME_LENGTH,
    AccountRow,
    DuplicateEntryRow,
    DuplicatePlayRow,
    GameStatRow,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    SessionRow,
    Store,
    StoreError,
    TableRow,
    hash_token,
)
from hearts.server.tables import Hub, Seat, Table, TableError

__all__ = [
    "COOKIE",
    "DELETED_NAME",
    "SignInThrottle",
    "SignedIn",
    "checked_account_name",
    "name_key",
    "router",
    "same_site",
    "signed_in",
]

log = logging.getLogger("hearts.server.accounts")

COOKIE: Final = "hearts_session"
"""The session cookie's name."""

SESSION_LIFE: Final = timedelta(days=30)
"""How long a session lasts after its last use."""

SEEN_EVERY: Final = timedelta(minutes=10)
"""A session's last use is written at most this often (its expiry slides with it)."""

SESSIONS_MOST: Final = 20
"""Sessions an account may have at once: signing in again ends the oldest beyond these."""

PASSWORD_SHORTEST: Final = 8
PASSWORD_LONGEST: Final = 128

DELETED_NAME: Final = "Deleted player"
"""The name a deleted account's seats show (no account may take it)."""

HELD_MOST: Final = 50
"""Seat tokens a sign-up or sign-in may bring to tie to the account."""

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


@dataclasses.dataclass(frozen=True, slots=True)
class SignedIn:
    """The person a request comes from: their account's ``id`` and ``name``.

    >>> SignedIn(3, "Ann")
    SignedIn(id=3, name='Ann')
    """

    id: int
    name: str


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


# --- The cross-site check -------------------------------------------------------------------


def same_site(request: Request) -> None:
    """Refuse (403, a sentence) a request that changes something from another site's page: its
    ``Origin`` (or, without one, its ``Referer``) must be the server's own (or one the operator
    allowed), and a browser's ``Sec-Fetch-Site`` must not say ``cross-site``. A client that
    sends none of them is no browser, so no page can make it send the cookie."""
    if request.method not in ("POST", "PUT", "PATCH", "DELETE"):
        return
    config = getattr(request.app, "edge_config", None)
    allowed: tuple[str, ...] = tuple(getattr(config, "allowed_origins", ()) or ())
    host = request.headers.get("host")
    origin = request.headers.get("origin")
    if origin is None:
        referer = request.headers.get("referer")
        if referer:
            scheme, _, rest = referer.partition("://")
            origin = f"{scheme}://{rest.partition('/')[0]}"
    if origin is not None and not edge.origin_allowed(origin, host, allowed):
        raise _refuse(403, "a page of another site may not change your account or seats")
    if request.headers.get("sec-fetch-site") == "cross-site" and origin is None:
        raise _refuse(403, "a page of another site may not change your account or seats")


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


# --- The store's side -----------------------------------------------------------------------


def _now() -> datetime:
    return datetime.now(UTC)


@dataclasses.dataclass(frozen=True, slots=True)
class _Found:
    id: int
    name: str
    password_hash: str
    recovery_hash: str


def _find(store: Store, key: str) -> _Found | None:
    with store._transaction("look an account up", read=True) as session:
        row = session.scalar(select(AccountRow).where(AccountRow.name_key == key))
        if row is None:
            return None
        return _Found(row.id, row.name, row.password_hash, row.recovery_hash)


def _by_id(store: Store, account_id: int) -> _Found | None:
    with store._transaction("look an account up", read=True) as session:
        row = session.get(AccountRow, account_id)
        if row is None:
            return None
        return _Found(row.id, row.name, row.password_hash, row.recovery_hash)


def _open_session(session: Session, account_id: int, now: datetime) -> str:
    """A new session of the account (its id, which only the cookie holds), the account's
    sessions beyond :data:`SESSIONS_MOST` and everyone's expired sessions ended."""
    session.execute(delete(SessionRow).where(SessionRow.expires <= now))
    kept = session.scalars(
        select(SessionRow.id_hash)
        .where(SessionRow.account_id == account_id)
        .order_by(SessionRow.seen.desc())
        .offset(SESSIONS_MOST - 1)
    ).all()
    if kept:
        session.execute(delete(SessionRow).where(SessionRow.id_hash.in_(kept)))
    made = secrets.token_urlsafe(32)
    session.add(
        SessionRow(
            id_hash=hash_token(made),
            account_id=account_id,
            created=now,
            seen=now,
            expires=now + SESSION_LIFE,
        )
    )
    return made


def _sign_up(store: Store, name: str, password_hash: str, recovery_hash: str) -> tuple[int, str]:
    """A new account and its first session: (its id, the session's id); a name taken is
    refused (409)."""
    now = _now()
    key = name_key(name)
    try:
        with store._transaction("make an account") as session:
            if session.scalar(select(AccountRow.id).where(AccountRow.name_key == key)) is not None:
                raise _refuse(409, f"the name {name!r} is taken: choose another")
            row = AccountRow(
                name=name,
                name_key=key,
                password_hash=password_hash,
                recovery_hash=recovery_hash,
                created=now,
                seen=now,
            )
            session.add(row)
            session.flush()
            return row.id, _open_session(session, row.id, now)
    except StoreError:
        if _find(store, key) is not None:  # (taken by another sign-up at the same moment)
            raise _refuse(409, f"the name {name!r} is taken: choose another") from None
        raise


def _signed_in_as(store: Store, account_id: int, ending: str | None, **changes: str) -> str:
    """A new session of the account (its id), the one the cookie held (``ending``, a hash)
    ended, the account's ``changes`` (new hashes) written and its last use now."""
    now = _now()
    with store._transaction("sign in") as session:
        if ending is not None:
            session.execute(delete(SessionRow).where(SessionRow.id_hash == ending))
        session.execute(
            update(AccountRow).where(AccountRow.id == account_id).values(seen=now, **changes)
        )
        return _open_session(session, account_id, now)


def _session_of(store: Store, id_hash: str) -> SignedIn | None:
    """The account of a session that has not expired (its last use written, and its expiry
    slid, at most every :data:`SEEN_EVERY`)."""
    now = _now()
    with store._transaction("read a session") as session:
        found = session.execute(
            select(SessionRow, AccountRow)
            .join(AccountRow, AccountRow.id == SessionRow.account_id)
            .where(SessionRow.id_hash == id_hash, SessionRow.expires > now)
        ).first()
        if found is None:
            return None
        kept, account = found
        if now - kept.seen >= SEEN_EVERY:
            kept.seen = now
            kept.expires = now + SESSION_LIFE
            account.seen = now
        return SignedIn(account.id, account.name)


def _end_sessions(store: Store, account_id: int, but: str | None = None) -> None:
    with store._transaction("end sessions") as session:
        where = SessionRow.account_id == account_id
        if but is not None:
            where = where & (SessionRow.id_hash != but)
        session.execute(delete(SessionRow).where(where))


def _end_session(store: Store, id_hash: str) -> None:
    with store._transaction("sign out") as session:
        session.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))


def _tie_held(
    store: Store, account: SignedIn, held: Sequence[tuple[str, str]]
) -> list[tuple[str, int]]:
    """Tie to the account each person's seat whose token the browser holds (a guest's seat,
    tied to nobody yet): it shows the account's name. Returns the seats tied."""
    tied = []
    with store._transaction("tie seats to an account") as session:
        for table_id, token in held:
            row = session.scalar(
                select(SeatRow).where(
                    SeatRow.table_id == table_id,
                    SeatRow.token_hash == hash_token(token),
                    SeatRow.kind == "human",
                )
            )
            if row is None or row.account_id not in (None, account.id):
                continue
            row.account_id = account.id
            row.name = account.name
            tied.append((table_id, row.seat))
    return tied


def _tie_seat(store: Store, table_id: str, seat: int, account_id: int) -> None:
    with store._transaction("tie a seat to an account") as session:
        session.execute(
            update(SeatRow)
            .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
            .values(account_id=account_id)
        )


def seat_accounts(store: Store, table_ids: Sequence[str]) -> dict[tuple[str, int], int]:
    """The account tied to each seat of these tables (those tied to one), by (table, seat)."""
    if not table_ids:
        return {}
    with store._transaction("read the seats' accounts", read=True) as session:
        rows = session.execute(
            select(SeatRow.table_id, SeatRow.seat, SeatRow.account_id).where(
                SeatRow.table_id.in_(list(table_ids)), SeatRow.account_id.is_not(None)
            )
        ).all()
    return {(table_id, seat): account for table_id, seat, account in rows if account is not None}


def _plain(row: Any, leave: tuple[str, ...] = ("account_id",)) -> dict[str, Any]:
    return {
        column.key: (value.isoformat() if isinstance(value, datetime) else value)
        for column in row.__table__.columns
        if column.key not in leave
        for value in [getattr(row, column.key)]
    }


def _export(store: Store, account_id: int) -> dict[str, Any]:
    """All that is kept about a person (never a hash)."""
    with store._transaction("gather an account's data", read=True) as session:
        account = session.get(AccountRow, account_id)
        if account is None:
            raise _refuse(401, "you are not signed in")
        seats = session.execute(
            select(SeatRow, TableRow)
            .join(TableRow, TableRow.id == SeatRow.table_id)
            .where(SeatRow.account_id == account_id)
            .order_by(TableRow.created)
        ).all()
        return {
            "account": {
                "name": account.name,
                "created": account.created.isoformat(),
                "seen": account.seen.isoformat(),
            },
            "sessions": [
                {
                    "created": row.created.isoformat(),
                    "seen": row.seen.isoformat(),
                    "expires": row.expires.isoformat(),
                }
                for row in session.scalars(
                    select(SessionRow).where(SessionRow.account_id == account_id)
                )
            ],
            "seats": [
                {
                    "table": table.id,
                    "code": table.code,
                    "seat": seat.seat,
                    "name": seat.name,
                    "variant": table.variant,
                    "status": table.status,
                    "created": table.created.isoformat(),
                    "updated": table.updated.isoformat(),
                }
                for seat, table in seats
            ],
            "ratings": [
                _plain(row)
                for row in session.scalars(
                    select(RatingRow).where(RatingRow.account_id == account_id)
                )
            ],
            "rating_history": [
                _plain(row, ("account_id", "id"))
                for row in session.scalars(
                    select(RatingHistoryRow)
                    .where(RatingHistoryRow.account_id == account_id)
                    .order_by(RatingHistoryRow.at)
                )
            ],
            "event_entries": [
                _plain(row)
                for row in session.scalars(
                    select(DuplicateEntryRow)
                    .where(DuplicateEntryRow.account_id == account_id)
                    .order_by(DuplicateEntryRow.entered)
                )
            ],
            "event_plays": [
                _plain(row)
                for row in session.scalars(
                    select(DuplicatePlayRow)
                    .where(DuplicatePlayRow.account_id == account_id)
                    .order_by(DuplicatePlayRow.started)
                )
            ],
            "game_stats": [
                _plain(row)
                for row in session.scalars(
                    select(GameStatRow)
                    .where(GameStatRow.account_id == account_id)
                    .order_by(GameStatRow.finished)
                )
            ],
        }


def _delete(store: Store, account_id: int) -> None:
    """The account goes with its sessions, ratings and statistics; its seats stay, under
    :data:`DELETED_NAME`, tied to nobody."""
    with store._transaction("delete an account") as session:
        session.execute(
            update(SeatRow)
            .where(SeatRow.account_id == account_id)
            .values(account_id=None, name=DELETED_NAME)
        )
        session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
        session.execute(delete(AccountRow).where(AccountRow.id == account_id))


# --- In memory: the tables in play ----------------------------------------------------------


async def tie_seat(hub: Hub, table_id: str, seat: int, person: SignedIn) -> None:
    """Tie a seat just taken by a signed-in person to their account (the store and the table
    in play); the seat shows the account's name."""
    await hub.db(_tie_seat, hub.store, table_id, seat, person.id)
    _tied_in_memory(hub, [(table_id, seat)], person)


async def carry_accounts(hub: Hub, old: Table, new: Table) -> None:
    """Play again (hearts.server.again): each person's seat at the new table, kept for the
    holder of the old seat's token, is tied to the account the old seat was tied to. A store
    that cannot keep it leaves the seats as guests' (logged)."""
    tied = [
        (place.number, place.account_id)
        for place in old.seats
        if place.account_id is not None and new.seats[place.number].token is not None
    ]
    if not tied:
        return
    try:
        for number, account_id in tied:
            await hub.db(_tie_seat, hub.store, new.id, number, account_id)
    except StoreError as error:
        log.error("table %s: its seats' accounts could not be kept: %s", new.id, error)
        return
    for number, account_id in tied:
        new.seats[number].account_id = account_id
    new.broadcast()


def _tied_in_memory(hub: Hub, seats: Sequence[tuple[str, int]], person: SignedIn) -> None:
    for table_id, number in seats:
        table = hub.tables.get(table_id)
        if table is None or not 0 <= number < len(table.seats):
            continue
        place = table.seats[number]
        place.account_id = person.id
        place.name = person.name
        table.broadcast()


def cluster_handlers(hub: Hub) -> dict[str, Callable[[dict[str, Any]], None]]:
    """What a process does when another says a person's seats were tied to an account, or an
    account deleted (hearts.server.cluster): the same to its own tables in play."""

    def tied(said: dict[str, Any]) -> None:
        seats = [(str(table), int(seat)) for table, seat in said["seats"]]
        _tied_in_memory(hub, seats, SignedIn(int(said["id"]), str(said["name"])))

    def untied(said: dict[str, Any]) -> None:
        _untied_in_memory(hub, int(said["id"]))

    return {"tied": tied, "untied": untied}


def _untied_in_memory(hub: Hub, account_id: int) -> None:
    for table in hub.tables.values():
        changed = False
        for place in table.seats:
            if place.account_id == account_id:
                place.account_id = None
                place.name = DELETED_NAME
                changed = True
        if changed:
            table.broadcast()


# --- The requests ---------------------------------------------------------------------------


class AccountInfo(BaseModel):
    """A signed-in person's account."""

    name: str
    created: datetime


class Me(BaseModel):
    """Who the request's cookie signs in (``account`` null: nobody, a guest)."""

    account: AccountInfo | None


class HeldSeat(BaseModel):
    """A seat the browser holds the token of (a guest's, to tie to the account)."""

    table: str = Field(min_length=1, max_length=40, description="the table's id")
    token: str = Field(min_length=1, max_length=200, description="the seat's token")


class SignIn(BaseModel):
    """A name and its password."""

    name: str = Field(max_length=200)
    password: str = Field(max_length=1000)
    seats: list[HeldSeat] = Field(
        default_factory=list,
        max_length=HELD_MOST,
        description="seats played as a guest, tied to the account",
    )


class SignUp(SignIn):
    """A new account: a name (1 to 24 printable characters) and a password (8 to 128), and the
    seats played as a guest to tie to it."""


class Welcome(BaseModel):
    """Signed in (the cookie is set): the account, how many held seats were tied to it, and
    a recovery code when one was made (shown this once: keep it)."""

    account: AccountInfo
    tied: int = 0
    recovery: str | None = None


class PasswordChange(BaseModel):
    """The current password and the new one."""

    current: str = Field(max_length=1000)
    password: str = Field(max_length=1000)


class PasswordCheck(BaseModel):
    """The account's password, asked again before something grave."""

    password: str = Field(max_length=1000)


class Reset(BaseModel):
    """A forgotten password reset with the account's recovery code."""

    name: str = Field(max_length=200)
    code: str = Field(max_length=200)
    password: str = Field(max_length=1000, description="the new password")


class Recovery(BaseModel):
    """A new recovery code (shown this once; the one before no longer works)."""

    recovery: str


class Done(BaseModel):
    """What was done, in a sentence."""

    message: str


class AccountData(BaseModel):
    """All that is kept about you (docs/accounts.md): never a hash."""

    account: dict[str, Any]
    sessions: list[dict[str, Any]]
    seats: list[dict[str, Any]]
    ratings: list[dict[str, Any]]
    rating_history: list[dict[str, Any]]
    game_stats: list[dict[str, Any]]
    event_entries: list[dict[str, Any]]
    event_plays: list[dict[str, Any]]


class Rejoined(BaseModel):
    """Your seat at a table, held by a fresh token (the one before no longer works)."""

    table: dict[str, Any]
    seat: int
    token: str
    link: str
    code: str


_REFUSALS: dict[int | str, dict[str, Any]] = {
    400: {"description": "a bad name or password, in a sentence"},
    401: {"description": "not signed in, or a wrong name or password"},
    403: {"description": "from another site's page, or a wrong password"},
    429: {"description": "too many tries: when to try again"},
}


def _hub(connection: HTTPConnection) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


def _cookie_hash(connection: HTTPConnection) -> str | None:
    """The sha256 of the session id the cookie holds (None: no cookie, or not one of ours)."""
    value = connection.cookies.get(COOKIE)
    if not value or len(value) > 100:
        return None
    return hash_token(value)


async def signed_in(connection: HTTPConnection) -> SignedIn | None:
    """The person a request or socket comes from (its session cookie's account), or None: a
    guest, or a session that ended or expired. A FastAPI dependency."""
    digest = _cookie_hash(connection)
    if digest is None:
        return None
    hub = _hub(connection)
    found: SignedIn | None = await hub.db(_session_of, hub.store, digest)
    return found


async def person(request: Request) -> SignedIn | None:
    """The person a request that changes something comes from (None: a guest): a request with
    the cookie from another site's page is refused (403)."""
    if request.cookies.get(COOKIE):
        same_site(request)
    return await signed_in(request)


async def _signed_in_only(request: Request) -> SignedIn:
    who = await signed_in(request)
    if who is None:
        raise _refuse(401, "you are not signed in: sign in first")
    return who


Person = Annotated[SignedIn, Depends(_signed_in_only)]


def _throttle(request: Request) -> SignInThrottle:
    state = request.app.state
    if getattr(state, "sign_ins", None) is None:
        state.sign_ins = SignInThrottle(shared=shared_limits(request.app))
    throttle: SignInThrottle = state.sign_ins
    return throttle


def _sign_ups(request: Request) -> RateLimit:
    state = request.app.state
    if getattr(state, "sign_ups", None) is None:
        state.sign_ups = RateLimit(
            "new accounts", per_minute=1, burst=10, shared=shared_limits(request.app)
        )
    limit: RateLimit = state.sign_ups
    return limit


def _set_cookie(request: Request, response: Response, session_id: str) -> None:
    response.set_cookie(
        COOKIE,
        session_id,
        max_age=int(SESSION_LIFE.total_seconds()),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    response.headers["cache-control"] = "no-store"


def _clear_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )


async def _tie(hub: Hub, who: SignedIn, held: Sequence[HeldSeat]) -> int:
    if not held:
        return 0
    tied = await hub.db(_tie_held, hub.store, who, [(seat.table, seat.token) for seat in held])
    _tied_in_memory(hub, tied, who)
    if hub.cluster is not None and tied:  # (tables driven by the other processes too)
        await hub.cluster.everyone(
            "tied", {"seats": [list(seat) for seat in tied], "id": who.id, "name": who.name}
        )
    return len(tied)


async def _password_checked(request: Request, who: SignedIn, password: str) -> _Found:
    """The signed-in person's account once ``password`` is checked (throttled as sign-ins
    are); a wrong one is refused (403) and changes nothing."""
    hub = _hub(request)
    address, key = scope_key(request), name_key(who.name)
    throttle = _throttle(request)
    await throttle.acheck(address, key)
    found: _Found | None = await hub.db(_by_id, hub.store, who.id)
    if found is None:
        raise _refuse(401, "you are not signed in: sign in first")
    if not await _hash_work(request, _check, found.password_hash, password):
        await throttle.afailed(address, key)
        raise _refuse(403, "that is not your password: nothing was changed")
    await throttle.asucceeded(address, key)
    return found


router = APIRouter(tags=["accounts"], dependencies=[Depends(same_site)])
"""The accounts' routes (``app.include_router``)."""


@router.get("/api/account")
async def account_info(request: Request) -> Me:
    """Who you are signed in as (`account` null: a guest)."""
    who = await signed_in(request)
    if who is None:
        return Me(account=None)
    created = await _hub(request).db(_created, _hub(request).store, who.id)
    return Me(account=AccountInfo(name=who.name, created=created))


def _created(store: Store, account_id: int) -> datetime:
    with store._transaction("read an account", read=True) as session:
        row = session.get(AccountRow, account_id)
        return _now() if row is None else row.created


@router.post(
    "/api/account/signup",
    status_code=201,
    responses={**_REFUSALS, 409: {"description": "the name is taken"}},
)
async def sign_up(request: Request, response: Response, body: Annotated[SignUp, Body()]) -> Welcome:
    """Make an account and sign in: its recovery code is shown this once (it resets a
    forgotten password). The seats played as a guest whose tokens come with it are tied to
    it (they show its name)."""
    name = checked_account_name(body.name)
    _checked_password(body.password)
    await _sign_ups(request).acheck(scope_key(request))
    hub = _hub(request)
    code = new_recovery_code()
    password_hash, recovery_hash = await _hash_work(
        request, _hash_two, body.password, _plain_code(code)
    )
    account_id, session_id = await hub.db(_sign_up, hub.store, name, password_hash, recovery_hash)
    ending = _cookie_hash(request)
    if ending is not None:
        await hub.db(_end_session, hub.store, ending)
    who = SignedIn(account_id, name)
    tied = await _tie(hub, who, body.seats)
    _set_cookie(request, response, session_id)
    log.info("account %d made", account_id)
    created = await hub.db(_created, hub.store, account_id)
    return Welcome(account=AccountInfo(name=name, created=created), tied=tied, recovery=code)


@router.post("/api/account/signin", responses=_REFUSALS)
async def sign_in(request: Request, response: Response, body: Annotated[SignIn, Body()]) -> Welcome:
    """Sign in (a new session, its id in the cookie; the one the cookie held ends). A wrong
    password and an unknown name get the same answer; failed tries are throttled per address
    and per name and address. The seats whose tokens come with it are tied to the account."""
    hub = _hub(request)
    key = name_key(body.name.strip())
    address = scope_key(request)
    throttle = _throttle(request)
    await throttle.acheck(address, key)
    found = await hub.db(_find, hub.store, key) if len(key) <= NAME_LENGTH else None
    right = await _hash_work(
        request, _check, None if found is None else found.password_hash, body.password
    )
    if not right or found is None:
        await throttle.afailed(address, key)
        raise _refuse(401, WRONG)
    await throttle.asucceeded(address, key)
    changes = {}
    if HASHER.check_needs_rehash(found.password_hash):
        changes["password_hash"] = await _hash_work(request, HASHER.hash, body.password)
    session_id = await hub.db(_signed_in_as, hub.store, found.id, _cookie_hash(request), **changes)
    who = SignedIn(found.id, found.name)
    tied = await _tie(hub, who, body.seats)
    _set_cookie(request, response, session_id)
    log.info("account %d signed in", found.id)
    created = await hub.db(_created, hub.store, found.id)
    return Welcome(account=AccountInfo(name=found.name, created=created), tied=tied)


@router.post("/api/account/signout", responses=_REFUSALS)
async def sign_out(request: Request, response: Response) -> Done:
    """Sign out: the session ends here (the cookie is cleared)."""
    ending = _cookie_hash(request)
    if ending is not None:
        await _hub(request).db(_end_session, _hub(request).store, ending)
    _clear_cookie(request, response)
    return Done(message="signed out")


@router.post("/api/account/password", responses=_REFUSALS)
async def change_password(
    request: Request, who: Person, body: Annotated[PasswordChange, Body()]
) -> Done:
    """Change your password (the current one asked): your other sessions end."""
    _checked_password(body.password)
    await _password_checked(request, who, body.current)
    hub = _hub(request)
    new = await _hash_work(request, HASHER.hash, body.password)
    await hub.db(_set_hashes, hub.store, who.id, password_hash=new)
    await hub.db(_end_sessions, hub.store, who.id, _cookie_hash(request))
    log.info("account %d changed its password", who.id)
    return Done(message="your password is changed; your other sessions are signed out")


def _set_hashes(store: Store, account_id: int, **hashes: str) -> None:
    with store._transaction("change an account") as session:
        session.execute(update(AccountRow).where(AccountRow.id == account_id).values(**hashes))


@router.post("/api/account/recovery", responses=_REFUSALS)
async def new_recovery(
    request: Request, who: Person, body: Annotated[PasswordCheck, Body()]
) -> Recovery:
    """A new recovery code (your password asked), shown this once: the one before no longer
    works."""
    await _password_checked(request, who, body.password)
    code = new_recovery_code()
    hashed = await _hash_work(request, HASHER.hash, _plain_code(code))
    await _hub(request).db(_set_hashes, _hub(request).store, who.id, recovery_hash=hashed)
    log.info("account %d made a new recovery code", who.id)
    return Recovery(recovery=code)


@router.post("/api/account/reset", responses=_REFUSALS)
async def reset_password(
    request: Request, response: Response, body: Annotated[Reset, Body()]
) -> Welcome:
    """Reset a forgotten password with the account's recovery code: the code is used up (a
    new one is shown this once), every session ends, and you are signed in anew. Throttled as
    sign-ins are; a wrong code and an unknown name get the same answer."""
    _checked_password(body.password)
    hub = _hub(request)
    key = name_key(body.name.strip())
    address = scope_key(request)
    throttle = _throttle(request)
    await throttle.acheck(address, key)
    found = await hub.db(_find, hub.store, key) if len(key) <= NAME_LENGTH else None
    right = await _hash_work(
        request, _check, None if found is None else found.recovery_hash, _plain_code(body.code)
    )
    if not right or found is None:
        await throttle.afailed(address, key)
        raise _refuse(401, "that name and recovery code do not match an account")
    await throttle.asucceeded(address, key)
    code = new_recovery_code()
    password_hash, recovery_hash = await _hash_work(
        request, _hash_two, body.password, _plain_code(code)
    )
    await hub.db(_end_sessions, hub.store, found.id)
    session_id = await hub.db(
        _signed_in_as,
        hub.store,
        found.id,
        None,
        password_hash=password_hash,
        recovery_hash=recovery_hash,
    )
    _set_cookie(request, response, session_id)
    log.info("account %d reset its password with its recovery code", found.id)
    created = await hub.db(_created, hub.store, found.id)
    return Welcome(account=AccountInfo(name=found.name, created=created), recovery=code)


@router.get("/api/account/export", responses=_REFUSALS)
async def export(request: Request, response: Response, who: Person) -> AccountData:
    """Download all that is kept about you, as JSON: your account (never a hash), your
    sessions, the seats you sat at, your ratings and their history, your games' statistics,
    the duplicate events you entered and your plays there."""
    data = await _hub(request).db(_export, _hub(request).store, who.id)
    response.headers["content-disposition"] = 'attachment; filename="hearts-account.json"'
    response.headers["cache-control"] = "no-store"
    return AccountData(**data)


@router.delete("/api/account", responses=_REFUSALS)
async def delete_account(
    request: Request, response: Response, who: Person, body: Annotated[PasswordCheck, Body()]
) -> Done:
    """Delete your account (your password asked): it goes with its sessions, ratings and
    statistics; the games you played stay, your seats there shown as "Deleted player"."""
    await _password_checked(request, who, body.password)
    hub = _hub(request)
    await hub.db(_delete, hub.store, who.id)
    _untied_in_memory(hub, who.id)
    if hub.cluster is not None:
        await hub.cluster.everyone("untied", {"id": who.id})
    _clear_cookie(request, response)
    log.info("account %d deleted", who.id)
    return Done(message="your account is deleted; your games stay, under no name of yours")


async def fresh_token(hub: Hub, table_id: str, place: Seat) -> str:
    """A new token for a seat (``place``, a table's seat, under the table's lock), kept in the
    store (its hash) before it is given: the token before no longer works."""
    token = secrets.token_urlsafe(24)
    try:
        await hub.db(hub.store.update_seat, table_id, place.number, token=token)
    except StoreError:
        raise TableError("the seat could not be saved: try again in a moment", 503) from None
    place.token = hash_token(token)
    return token


@router.post(
    "/api/tables/{key}/rejoin",
    responses={
        **_REFUSALS,
        404: {"description": "no such table"},
        409: {"description": "the game is over"},
    },
)
async def rejoin(request: Request, key: str, who: Person) -> Rejoined:
    """Take back, from any device you are signed in on, the seat your account holds at a
    table: a fresh token for it (the token before no longer works; a socket already open
    with it plays on until it closes)."""
    await request.app.state.guard.looking(request)
    hub = _hub(request)
    table = hub.find(key)
    async with table.lock:
        if table.game.is_over:
            raise TableError("the game at this table is over: watch its replay instead", 409)
        place = next((s for s in table.seats if s.account_id == who.id and not s.left), None)
        if place is None:
            raise TableError("your account holds no seat at this table: join it or watch it", 403)
        token = await fresh_token(hub, table.id, place)
    return Rejoined(
        table=table.info(), seat=place.number, token=token, link=f"/t/{table.id}", code=table.code
    )
