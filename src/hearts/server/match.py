"""Playing with people you do not know: "Play with people" (``/api/match``).

A person asks to play a **form** (a preset at a number of players, ``"modern/4"``), rated or
not. They are seated at the waiting room of that form (rated and unrated rooms apart), or open
one; a room is a table-to-be, kept in memory. The table is made — public, with a turn timer,
``options["match"]`` saying how — when the room is full, or when the fill time is up, the
empty seats then taken by bots of the lobby's default level (:data:`BOT`). Each waiting person
chose how long they would wait for people (:data:`WAITS`, or never); the room's fill time is the
earliest of its people's (anyone may leave), and any of them may fill it now.

The answer to a request is the person's seat token (secret: it is their seat at the table,
held by its hash there as any seat's) and the room's id; the waiting page asks
``POST /api/match/status`` with the token every few seconds, which keeps its seat in the room
(a waiting person not heard from in :data:`LAPSE` seconds is taken out: a closed page leaves no
ghost at the table) and, once the table is made, answers with its link and the seat.

Bounded: one waiting seat per browser (its ``browser`` id) and per signed-in person (a new
request moves them, the old seat is left), at most :data:`WAITING_MOST` waiting seats per client
address, requests a client address may make (:data:`REQUESTS_PER_MINUTE`, :data:`REQUESTS_BURST`),
and as many tables as the server takes. A waiting room is not kept across a restart: the page
then finds its token unknown and says to press the button again.

A table to be rated has ``options["rated"] = True``; whether its game is rated is decided at
its end (hearts.server.ratings): only if every seat was a signed-in person at its start. Only a
signed-in person may ask for a rated game.

>>> form_of("modern", 4)
'modern/4'
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import logging
import secrets
import time
from collections.abc import Coroutine
from typing import Annotated, Any, Final, Literal

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel, Field

from hearts import variants
from hearts.errors import HeartsError
from hearts.server import accounts, ratings
from hearts.server.limits import (
    RateLimit,
    SharedLimits,
    TooMany,
    scope_key,
    shared_limits,
)
from hearts.server.store import NewSeat, hash_token
from hearts.server.tables import Hub, TableError, TableOptions, checked_name

__all__ = [
    "BOT",
    "LAPSE",
    "WAITING_MOST",
    "WAITS",
    "Matcher",
    "form_of",
    "router",
]

log = logging.getLogger("hearts.server")

BOT: Final = "hard"
"""The bots that fill a room's empty seats: the lobby's default level."""

WAITS: Final[tuple[int, ...]] = (30, 60, 120)
"""The waits for people a person may choose, in seconds (or none: wait for people only)."""

LAPSE: Final = 20.0
"""Seconds a waiting person's page may go unheard before their seat in the room is given up."""

WAITING_MOST: Final = 4
"""Waiting seats one client address may hold at once."""

REQUESTS_PER_MINUTE: Final = 20.0
"""Requests to play with people a client address may make a minute on average ..."""
REQUESTS_BURST: Final = 10
"""... and at once; beyond, refused (HTTP 429 with ``Retry-After``)."""

TIMER: Final = 60.0
"""Seconds a move at a table of people who do not know each other (the stand-in makes it then)."""

_SEATED_KEPT: Final = 10_000
"""Tokens of rooms made into tables kept, so that their pages learn where to go."""


def form_of(variant: str, players: int) -> str:
    """A form's name: a preset at a number of players (a match plays the preset's own rules:
    ratings.form_of names it)."""
    form = ratings.form_of(variant, players, False)
    assert form is not None  # (only changed rules have no form)
    return form


@dataclasses.dataclass(slots=True)
class _Waiter:
    """A person waiting in a room."""

    token: str
    name: str
    browser: str
    address: str
    account_id: int | None
    since: float
    """When they came (seconds since the epoch)."""
    seen: float
    """When their page was last heard from (the monotonic clock)."""
    fill_after: float | None


@dataclasses.dataclass(slots=True)
class _Room:
    """A table-to-be of one form, rated or not: its people in the order they came."""

    id: str
    variant: str
    players: int
    rated: bool
    waiters: list[_Waiter] = dataclasses.field(default_factory=list)
    timer: asyncio.TimerHandle | None = None
    fill_at: float | None = None
    """When the bots take the empty seats (seconds since the epoch; None: when it is full)."""

    @property
    def form(self) -> str:
        return form_of(self.variant, self.players)


class MatchRequest(BaseModel):
    """Who asks to play with people, at which form, and how long they wait for people."""

    variant: str = Field(default="modern", max_length=40, description="a preset's name")
    players: int | None = Field(
        default=None, ge=2, le=7, description="seats, where the preset allows another number"
    )
    name: str = Field(default="Player", min_length=1, max_length=40, description="your name")
    rated: bool = Field(default=False, description="a rated table (signed-in people only)")
    fill_after: Literal[30, 60, 120] | None = Field(
        default=60, description="seconds before bots fill the empty seats (null: never)"
    )
    browser: str = Field(
        min_length=8,
        max_length=64,
        pattern=r"^[A-Za-z0-9_-]+$",
        description="this browser's own random id: one waiting seat per browser",
    )


class TokenRequest(BaseModel):
    """A waiting person's token (from POST /api/match)."""

    token: str = Field(min_length=1, max_length=200)


class Waiting(BaseModel):
    """One person waiting."""

    name: str
    since: float = Field(description="when they came (seconds since the epoch)")
    waited: float = Field(description="seconds they have waited")


class RoomInfo(BaseModel):
    """A waiting room: a public table-to-be of one form."""

    room: str
    form: str
    variant: str
    players: int
    rated: bool
    waiting: list[Waiting]
    fill_at: float | None = Field(
        description="when bots take the empty seats (seconds since the epoch; null: only people)"
    )
    server_time: float


class MatchStatus(BaseModel):
    """Where a waiting person stands: still waiting (the room), or seated at the table made."""

    status: Literal["waiting", "playing"]
    room: RoomInfo | None = None
    table: str | None = Field(default=None, description="the table's id, once made")
    link: str | None = Field(default=None, description="the table's page, once made")
    seat: int | None = Field(default=None, description="your seat there, once made")


class MatchSeat(MatchStatus):
    """A waiting seat taken: keep the token secret, it is your seat at the table to be."""

    token: str


class Matcher:
    """The waiting rooms of one server (in memory), and the tables they became.

    ``fill_scale`` multiplies every chosen wait (a test's server waits a fraction of it);
    ``lapse``: seconds a waiting page may go unheard; ``limits``: the site's limits in Redis
    (the requests to play counted across its processes)."""

    def __init__(
        self,
        fill_scale: float = 1.0,
        lapse: float = LAPSE,
        *,
        limits: SharedLimits | None = None,
    ) -> None:
        self.fill_scale = fill_scale
        self.lapse = lapse
        self.rooms: dict[str, _Room] = {}
        self._open: dict[tuple[str, bool], str] = {}
        """The waiting room of each form, rated or not (its id)."""
        self._seated: collections.OrderedDict[str, tuple[str, int]] = collections.OrderedDict()
        """Made into tables: a token's hash -> (table id, seat)."""
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Future[None]] = set()
        self.requests = RateLimit(
            "requests to play with people", REQUESTS_PER_MINUTE, REQUESTS_BURST, shared=limits
        )

    # ------------------------------------------------------------------ finding

    def _find(self, token: str) -> tuple[_Room, _Waiter] | None:
        for room in self.rooms.values():
            for waiter in room.waiters:
                if secrets.compare_digest(waiter.token, token):
                    return room, waiter
        return None

    def _sweep(self, hub: Hub) -> None:
        """Take out the waiting people not heard from in ``lapse`` seconds; drop empty rooms."""
        now = time.monotonic()
        for room in list(self.rooms.values()):
            kept = [w for w in room.waiters if now - w.seen < self.lapse]
            if len(kept) != len(room.waiters):
                room.waiters = kept
                self._changed(hub, room)

    def _changed(self, hub: Hub, room: _Room) -> None:
        """A room's people changed: dropped if empty, else its fill time set anew."""
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        if not room.waiters:
            self.rooms.pop(room.id, None)
            if self._open.get((room.form, room.rated)) == room.id:
                del self._open[(room.form, room.rated)]
            room.fill_at = None
            return
        times = [
            w.since + w.fill_after * self.fill_scale
            for w in room.waiters
            if w.fill_after is not None
        ]
        room.fill_at = min(times) if times else None
        if room.fill_at is not None:
            delay = max(0.0, room.fill_at - time.time())
            room.timer = asyncio.get_running_loop().call_later(
                delay, lambda: self._later(self._fill_due(hub, room))
            )

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the loop, kept until done (a timer's callback cannot await)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def info(self, room: _Room) -> RoomInfo:
        now = time.time()
        return RoomInfo(
            room=room.id,
            form=room.form,
            variant=room.variant,
            players=room.players,
            rated=room.rated,
            waiting=[
                Waiting(name=w.name, since=w.since, waited=round(now - w.since, 1))
                for w in room.waiters
            ],
            fill_at=room.fill_at,
            server_time=now,
        )

    def listing(self, hub: Hub) -> list[RoomInfo]:
        """The waiting rooms, by form (rated after unrated)."""
        self._sweep(hub)
        rooms = sorted(self.rooms.values(), key=lambda room: (room.form, room.rated))
        return [self.info(room) for room in rooms]

    # ------------------------------------------------------------------ asking

    async def ask(
        self,
        hub: Hub,
        address: str,
        body: MatchRequest,
        account_id: int | None = None,
        account_name: str | None = None,
    ) -> MatchSeat:
        """Seat a person at the waiting room of the form they ask for (or open one); the table
        is made at once if they fill it. ``account_id``: the signed-in person (None: a guest,
        who may not ask for a rated game)."""
        if body.rated and account_id is None:
            raise TableError("a rated game is for signed-in people: sign in, or play unrated", 403)
        name = checked_name(account_name or body.name)
        try:
            rules = (
                variants.get(body.variant)
                if body.players is None
                else variants.for_players_named(body.variant, body.players)
            )
        except HeartsError as error:
            raise TableError(str(error).strip().rstrip(".")) from None
        players = rules.players
        async with self._lock:
            self._sweep(hub)
            for room in list(self.rooms.values()):  # (one waiting seat per browser and person)
                before = len(room.waiters)
                room.waiters = [
                    w
                    for w in room.waiters
                    if w.browser != body.browser
                    and (account_id is None or w.account_id != account_id)
                ]
                if len(room.waiters) != before:
                    self._changed(hub, room)
            held = sum(1 for r in self.rooms.values() for w in r.waiters if w.address == address)
            if held >= WAITING_MOST:
                raise TooMany(
                    f"your address holds {WAITING_MOST} waiting seats already: "
                    "leave one, or wait for its table",
                    10,
                )
            key = (form_of(body.variant, players), body.rated)
            waiting = self.rooms.get(self._open.get(key, ""))
            if waiting is None:
                waiting = _Room(secrets.token_urlsafe(9), body.variant, players, body.rated)
                self.rooms[waiting.id] = waiting
                self._open[key] = waiting.id
            room = waiting
            token = secrets.token_urlsafe(24)
            now = time.time()
            room.waiters.append(
                _Waiter(
                    token=token,
                    name=name,
                    browser=body.browser,
                    address=address,
                    account_id=account_id,
                    since=now,
                    seen=time.monotonic(),
                    fill_after=None if body.fill_after is None else float(body.fill_after),
                )
            )
            self._changed(hub, room)
            if len(room.waiters) >= room.players:
                try:
                    await self._make(hub, room)
                except Exception:  # (no table: this request takes no seat, the others wait)
                    room.waiters.pop()
                    self._changed(hub, room)
                    raise
            return MatchSeat(token=token, **self._status(token).model_dump())

    def _status(self, token: str) -> MatchStatus:
        found = self._find(token)
        if found is not None:
            room, waiter = found
            waiter.seen = time.monotonic()
            return MatchStatus(status="waiting", room=self.info(room))
        seated = self._seated.get(hash_token(token))
        if seated is None:
            raise TableError(
                "that token waits for no table here (a page closed too long, or the server "
                "restarted): press Play with people again",
                404,
            )
        table_id, seat = seated
        return MatchStatus(status="playing", table=table_id, link=f"/t/{table_id}", seat=seat)

    async def status(self, hub: Hub, token: str) -> MatchStatus:
        """Where a waiting person stands (and their page heard from: their seat is kept)."""
        self._sweep(hub)
        return self._status(token)

    async def leave(self, hub: Hub, token: str) -> None:
        """A waiting person leaves their room (refused once its table is made)."""
        async with self._lock:
            found = self._find(token)
            if found is None:
                self._status(token)  # (a table made: nothing to leave here; else unknown)
                raise TableError("your table has been made already: leave it at the table", 409)
            room, waiter = found
            room.waiters.remove(waiter)
            self._changed(hub, room)

    async def fill(self, hub: Hub, token: str) -> MatchStatus:
        """A waiting person fills their room now: bots take its empty seats, the table is made."""
        async with self._lock:
            self._sweep(hub)  # (nobody long gone is seated at the table)
            found = self._find(token)
            if found is not None:
                await self._make(hub, found[0])
            return self._status(token)

    # ------------------------------------------------------------------ making the table

    async def _fill_due(self, hub: Hub, room: _Room) -> None:
        """A room's fill time is up: made with bots, if it still waits and is due."""
        async with self._lock:
            if self.rooms.get(room.id) is not room:
                return
            self._sweep(hub)
            if self.rooms.get(room.id) is not room or room.fill_at is None:
                return
            if room.fill_at > time.time():  # (a timer a hair early, on another clock: again)
                self._changed(hub, room)
                return
            try:
                await self._make(hub, room)
            except TableError as error:
                log.error("waiting room %s could not be made a table: %s", room.id, error)
                room.timer = asyncio.get_running_loop().call_later(
                    10.0, lambda: self._later(self._fill_due(hub, room))
                )

    async def _make(self, hub: Hub, room: _Room) -> None:
        """Make the room's table: its people in the order they came, bots in the empty seats.
        Called under the lock; the room is gone once made (refused: it still waits)."""
        people = room.waiters[: room.players]
        rules = variants.for_players_named(room.variant, room.players)
        bots = room.players - len(people)
        new = [NewSeat(w.name, "human", None, w.token) for w in people]
        new += [NewSeat(BOT, "bot", BOT) for _ in range(bots)]
        options = TableOptions(
            public=True,
            timer=TIMER,
            rated=room.rated,
            match={"form": room.form, "people": len(people), "bots": bots},
        )
        table = await hub.open_table(room.variant, rules, new, 0, options)
        for seat, waiter in enumerate(people):
            if waiter.account_id is not None:  # (signed in: the seat is the account's)
                who = accounts.SignedIn(id=waiter.account_id, name=waiter.name)
                await accounts.tie_seat(hub, table.id, seat, who)
        for seat, waiter in enumerate(people):
            self._seated[hash_token(waiter.token)] = (table.id, seat)
        while len(self._seated) > _SEATED_KEPT:
            self._seated.popitem(last=False)
        room.waiters = room.waiters[room.players :]
        self.rooms.pop(room.id, None)
        if self._open.get((room.form, room.rated)) == room.id:
            del self._open[(room.form, room.rated)]
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        log.info("table %s made for %d people waiting for %s", table.id, len(people), room.form)


def matcher_of(request: Request) -> Matcher:
    """The app's matcher (made at its first use; a test may set ``app.state.match`` first)."""
    found = getattr(request.app.state, "match", None)
    if not isinstance(found, Matcher):
        found = request.app.state.match = Matcher(limits=shared_limits(request.app))
    return found


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


router = APIRouter()


@router.post("/api/match", status_code=201, responses={429: {"description": "too many"}})
async def play_with_people(request: Request, body: Annotated[MatchRequest, Body()]) -> MatchSeat:
    """Play with people: a waiting seat at a public table-to-be of the form asked for (rated
    and unrated apart), or a new one; the table is made when full, or when the earliest wait
    chosen there is up (bots then take the empty seats). Keep the token secret: it becomes
    your seat at the table. Ask `POST /api/match/status` with it every few seconds."""
    matcher = matcher_of(request)
    address = scope_key(request)
    await matcher.requests.acheck(address)
    person = await accounts.person(request)  # (with the cookie: from this site's page only)
    return await matcher.ask(
        _hub(request),
        address,
        body,
        account_id=None if person is None else person.id,
        account_name=None if person is None else person.name,
    )


@router.get("/api/match")
async def waiting_rooms(request: Request) -> list[RoomInfo]:
    """The tables waiting for people, by form: who waits and since when, and when bots fill
    the empty seats."""
    return matcher_of(request).listing(_hub(request))


@router.post("/api/match/status")
async def match_status(request: Request, body: Annotated[TokenRequest, Body()]) -> MatchStatus:
    """Where your waiting seat stands: the room while it waits, the table and your seat once
    made. Asking keeps your seat (a page unheard for 20 s gives it up)."""
    return await matcher_of(request).status(_hub(request), body.token)


@router.post("/api/match/fill")
async def match_fill(request: Request, body: Annotated[TokenRequest, Body()]) -> MatchStatus:
    """Fill now: bots take your room's empty seats and its table is made."""
    return await matcher_of(request).fill(_hub(request), body.token)


@router.post("/api/match/leave", status_code=204, response_model=None)
async def match_leave(request: Request, body: Annotated[TokenRequest, Body()]) -> None:
    """Leave your waiting room (before its table is made)."""
    await matcher_of(request).leave(_hub(request), body.token)
