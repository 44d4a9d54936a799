"""The accounts' requests (``/api/account...``, the :data:`router`) and what they change in the
tables in play: sign up, in and out, change or reset the password, a new recovery code, export,
delete, rejoin a seat from another device; :func:`signed_in` and :func:`person`, the FastAPI
dependencies the other parts use; the cross-site check (:func:`same_site`); and the seats tied
or untied in memory, here and (through the cluster) in the other processes.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Annotated, Any, Final

from fastapi import APIRouter, Body, Depends, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import update
from starlette.requests import HTTPConnection

from hearts.server import guard as edge
from hearts.server.accounts import passwords
from hearts.server.accounts.kept import (
    SESSION_LIFE,
    SignedIn,
    _by_id,
    _delete,
    _end_session,
    _end_sessions,
    _export,
    _find,
    _Found,
    _now,
    _session_of,
    _sign_up,
    _signed_in_as,
    _tie_held,
    _tie_seat,
)
from hearts.server.accounts.passwords import (
    DELETED_NAME,
    WRONG,
    _check,
    _checked_password,
    _hash_two,
    _hash_work,
    _plain_code,
    _refuse,
    checked_account_name,
    name_key,
    new_recovery_code,
)
from hearts.server.accounts.throttle import SignInThrottle
from hearts.server.limits import RateLimit, scope_key, shared_limits
from hearts.server.store import (
    NAME_LENGTH,
    AccountRow,
    Store,
    StoreError,
    hash_token,
)
from hearts.server.tables import Hub, Seat, Table, TableError

log = logging.getLogger("hearts.server.accounts")

COOKIE: Final = "hearts_session"
"""The session cookie's name."""

HELD_MOST: Final = 50
"""Seat tokens a sign-up or sign-in may bring to tie to the account."""

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
    if passwords.HASHER.check_needs_rehash(found.password_hash):
        changes["password_hash"] = await _hash_work(request, passwords.HASHER.hash, body.password)
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
    new = await _hash_work(request, passwords.HASHER.hash, body.password)
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
    hashed = await _hash_work(request, passwords.HASHER.hash, _plain_code(code))
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
