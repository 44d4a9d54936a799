"""Duplicate events on the server (docs/events.md): ``/api/events``.

An event is a form (a points preset at a number of players), a level of bots, N deals whose
seeds are fixed and committed (:mod:`hearts.duplicate`: their digests published at once, the
seeds revealed at the close) and a closing time; a daily event (made by the server on its own:
:class:`~hearts.server.config.ServerConfig`'s ``daily_event``) or a private one (made by a
signed-in person, found by its link ``/e/{key}``).

A signed-in person plays deal ``n`` at a table of their own (:func:`play_deal`): they sit at
seat 0 (South) with bots of the event's level in the other seats; the game is that deal's one
hand, dealt from :func:`hearts.duplicate.game_seed` of the deal's seed with no cut anyone
chooses (the server's generator suggests it), so every table of the deal deals the same hands;
the bots are seeded by the event, the deal and the seat and sample a fixed number of deals a
move (``samples``), so everyone meets the same play of theirs for the same play of their own.
When the hand ends the play's points are stored (:func:`settle_play`, called by the table).
People who entered may also play a deal together: one makes a table of the deal with seats for
people (:func:`people_table`), the others take them (:func:`join_people_table`); each person's
result is compared with the others' at the same seat. An event's table is joined only so (the
lobby's join refuses it) and never played again.

Secrecy: the seeds are in no answer before the close. An event's table is listed nowhere
(private); its game's record and replay, and a deal's results, are refused to anyone who has not
finished that deal while the event is open (:func:`may_see_game`, the one check every route
that shows a game calls). Bounded: events a person may make a day (``events_per_day``), names
of :data:`~hearts.server.store.EVENT_NAME_LENGTH` characters shown as text, deals and hours
within :data:`DEALS_MOST` and :data:`HOURS_MOST`, one play per person and deal.

One module: a duplicate event is one feature, kept whole as the accounts once were but
smaller: its answers (the pydantic models), its store's side (one transaction a function; the
others call only :func:`settle_play` and :func:`check_game`) and its routes each serve only
this feature, and every route runs through the same secrecy check (:func:`may_see_game`) over
the same rows. Were it to grow, the store's side would be the first to leave (as
``hearts.server.accounts.kept`` did).
"""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
import secrets
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Final, Literal

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel, Field
from sqlalchemy import ColumnElement, and_, desc, func, or_, select, update
from sqlalchemy.orm import Session

from hearts import duplicate, variants
from hearts.errors import HeartsError
from hearts.game import Game
from hearts.rules import GameEnd, Rules, SettlementMethod, TieRule
from hearts.server import accounts
from hearts.server.config import ServerConfig
from hearts.server.limits import RateLimit, scope_key, shared_limits
from hearts.server.store import (
    EVENT_NAME_LENGTH,
    AccountRow,
    DuplicateEntryRow,
    DuplicateEventRow,
    DuplicatePlayRow,
    EventRow,
    NewSeat,
    Store,
    StoreError,
    TableRow,
)
from hearts.server.tables import Hub, TableError, TableOptions, checked_name

__all__ = [
    "DEALS_MOST",
    "HOURS_MOST",
    "LEVELS",
    "EventSummary",
    "check_game",
    "ensure_daily",
    "event_rules",
    "may_see_game",
    "router",
    "settle_play",
]

log = logging.getLogger("hearts.server")

LEVELS: Final = ("easy", "medium", "hard")
"""The bots' levels an event may have."""
DEALS_MOST: Final = 24
"""The most deals an event may have."""
HOURS_MOST: Final = 24 * 7
"""The longest an event may stay open, in hours."""
RECENT: Final = timedelta(days=2)
"""How long a closed daily event stays listed."""
LISTED_MOST: Final = 50
"""Events listed at once."""
PLAYING_MOST: Final = 4
"""Tables of event deals one person may have in play at once."""
EXPORTS_PER_MINUTE: Final = 6
"""Exports of events one client address may ask a minute (each reads every game of the event
again) ..."""
EXPORTS_BURST: Final = 3
"""... and at once; beyond, 429 and a sentence."""
KEY_BYTES: Final = 12
"""An event's key: 12 random bytes, 16 URL-safe characters."""

Clock = Callable[[], datetime]


def _clock(request: Request) -> datetime:
    """Now, as the app's events see it (a test sets ``app.state.event_clock``)."""
    clock: Clock | None = getattr(request.app.state, "event_clock", None)
    return clock() if clock is not None else datetime.now(UTC)


def event_rules(variant: str, players: int) -> Rules:
    """The rules of an event's deal: the preset at that many players, one hand a game (its
    points alone, nothing carried; seats tied for the best share it, no hand more). Refused (a :class:`TableError`, a sentence) for a form
    that is no preset's, or one scored in counters (an event compares points).

    >>> rules = event_rules("modern", 4)
    >>> rules.deals, rules.end.value, rules.ties.value
    (1, 'deals', 'share')
    >>> event_rules("classic", 4)
    Traceback (most recent call last):
    ...
    hearts.server.tables.TableError: an event plays a form scored in points, and classic is scored in counters
    """
    try:
        rules = variants.for_players_named(variant, players)
    except (HeartsError, TypeError, ValueError) as error:
        raise TableError(str(error).strip().rstrip(".")) from None
    if rules.method is not SettlementMethod.POINTS:
        raise TableError(
            f"an event plays a form scored in points, and {variant} is scored in counters"
        )
    return rules.replace(end=GameEnd.DEALS, deals=1, ties=TieRule.SHARE)


def _samples(level: str, config: ServerConfig) -> int:
    """Deals a move the bots of ``level`` sample at an event's tables (0: they do not search)."""
    if level == "hard":
        return config.event_samples
    if level == "medium":
        return max(1, config.event_samples // 4)
    return 0


# ---------------------------------------------------------------------- what is answered


class EventSummary(BaseModel):
    """An event as the list shows it."""

    key: str
    name: str
    form: str = Field(description="variant/players, e.g. modern/4")
    level: str
    deals: int
    closes: str = Field(description="when it closes (ISO 8601, UTC)")
    closed: bool
    daily: bool
    private: bool
    entries: int


class EventList(BaseModel):
    """Open and recently closed daily events, and the private ones you entered or made."""

    events: list[EventSummary]


class Mine(BaseModel):
    """Your play of a deal."""

    state: Literal["playing", "finished"]
    table: str
    points: int | None
    matchpoints: float | None
    diff: float | None


class DealInfo(BaseModel):
    """A deal of an event: its digest (published), its seed (null until the close)."""

    number: int
    digest: str
    seed: str | None
    finished_by: int
    mine: Mine | None


class StandingRow(BaseModel):
    """A person's place in the event."""

    place: int
    name: str
    played: int
    matchpoints: float = Field(description="the average matchpoint percentage")
    diff: float = Field(description="the total points against each seat's average")


class EventPage(EventSummary):
    """An event, its deals and its standings."""

    deal_list: list[DealInfo]
    standings: list[StandingRow]
    entered: bool
    unfinished_rule: str


class NewEvent(BaseModel):
    """A private event to make."""

    name: str = Field(min_length=1, max_length=EVENT_NAME_LENGTH)
    variant: str = Field(default="modern", max_length=40)
    players: int = Field(default=4, ge=3, le=7)
    level: Literal["easy", "medium", "hard"] = "medium"
    deals: int = Field(default=8, ge=1, le=DEALS_MOST)
    hours: int = Field(default=24, ge=1, le=HOURS_MOST)


class DealSeat(BaseModel):
    """Your seat at the table of a deal: keep the token secret, it is your seat."""

    table: str
    seat: int
    token: str
    url: str


class DealResult(BaseModel):
    """One result of a deal."""

    name: str
    seat: int
    points: int | None = Field(
        description="its points (null: unfinished at a seat nobody finished)"
    )
    matchpoints: float
    diff: float
    game: str
    mine: bool


class DealResults(BaseModel):
    """How everyone played a deal."""

    number: int
    results: list[DealResult]


# ---------------------------------------------------------------------- the store


class _Play:
    """A play as read: whose, which seat and table, its points if finished before the close."""

    __slots__ = ("account_id", "finished", "name", "number", "points", "seat", "table_id")

    def __init__(self, row: DuplicatePlayRow, name: str) -> None:
        self.number = row.number
        self.account_id = row.account_id
        self.name = name
        self.seat = row.seat
        self.table_id = row.table_id
        self.finished = row.finished
        self.points = row.points


class _Event:
    """An event as read from the store, with its plays and entries."""

    def __init__(
        self, row: DuplicateEventRow, plays: list[_Play], entries: int, entered: bool, now: datetime
    ) -> None:
        self.key = row.key
        self.name = row.name
        self.variant = row.variant
        self.players = row.players
        self.level = row.level
        self.samples = row.samples
        self.deals = row.deals
        self.digests = list(row.digests)
        self._seeds = list(row.seeds)
        self.created = row.created
        self.closes = row.closes
        self.daily = row.daily is not None
        self.private = row.private
        self.plays = plays
        self.entries = entries
        self.entered = entered
        self.closed = now >= row.closes

    def seed(self, number: int) -> str:
        """A deal's secret seed (for its tables; shown only once closed)."""
        return str(self._seeds[number - 1])

    def shown_seed(self, number: int) -> str | None:
        return self.seed(number) if self.closed else None

    @property
    def form(self) -> str:
        return f"{self.variant}/{self.players}"

    def summary(self) -> EventSummary:
        return EventSummary(
            key=self.key,
            name=self.name,
            form=f"{self.variant}/{self.players}",
            level=self.level,
            deals=self.deals,
            closes=self.closes.isoformat(),
            closed=self.closed,
            daily=self.daily,
            private=self.private,
            entries=self.entries,
        )

    def results(self, number: int) -> list[duplicate.Result]:
        """Deal ``number``'s results: a play finished after the close counts as unfinished."""
        return [
            duplicate.Result(
                play.name,
                play.seat,
                play.points if play.finished is not None and play.finished <= self.closes else None,
            )
            for play in self.plays
            if play.number == number
        ]

    def scored(self, number: int) -> list[duplicate.Scored]:
        return duplicate.score_deal(self.results(number), closed=self.closed)


def _event_of(session: Session, key: str, viewer: int | None, now: datetime) -> _Event | None:
    row = session.get(DuplicateEventRow, key)
    if row is None:
        return None
    rows = session.execute(
        select(DuplicatePlayRow, AccountRow.name)
        .join(AccountRow, AccountRow.id == DuplicatePlayRow.account_id)
        .where(DuplicatePlayRow.event_key == key)
        .order_by(DuplicatePlayRow.number, DuplicatePlayRow.started, DuplicatePlayRow.account_id)
    ).all()
    entries = session.scalar(
        select(func.count())
        .select_from(DuplicateEntryRow)
        .where(DuplicateEntryRow.event_key == key)
    )
    entered = viewer is not None and (
        session.get(DuplicateEntryRow, {"event_key": key, "account_id": viewer}) is not None
    )
    return _Event(row, [_Play(play, name) for play, name in rows], entries or 0, entered, now)


def _settle_over(session: Session, key: str) -> None:
    """Plays whose table is over but whose points were not stored (the table's own settling
    failed, or the server stopped first): settled now from the game's last event."""
    late = session.execute(
        select(DuplicatePlayRow.table_id, TableRow.updated)
        .join(TableRow, TableRow.id == DuplicatePlayRow.table_id)
        .where(
            DuplicatePlayRow.event_key == key,
            DuplicatePlayRow.finished.is_(None),
            TableRow.status == "over",
        )
    ).all()
    for table_id, updated in late:
        _settle(session, table_id, None, updated)


def _settle(session: Session, table_id: str, scores: Sequence[int] | None, when: datetime) -> None:
    if scores is None:
        last = session.scalar(
            select(EventRow.event)
            .where(EventRow.table_id == table_id)
            .order_by(desc(EventRow.number))
            .limit(1)
        )
        if not isinstance(last, dict) or last.get("kind") != "game_over":
            return
        scores = [int(total) for total in last["totals"]]
    plays = session.scalars(
        select(DuplicatePlayRow).where(
            DuplicatePlayRow.table_id == table_id, DuplicatePlayRow.finished.is_(None)
        )
    ).all()
    for play in plays:
        play.finished = when
        play.points = int(scores[play.seat])


def settle_play(
    store: Store, table_id: str, scores: Sequence[int], when: datetime | None = None
) -> None:
    """An event's table is over: each play at it gets its seat's points and its time (once).
    Called by the table at the end of its hand (:meth:`~hearts.server.tables.Hub.event_over`)."""
    with store._transaction("settle an event's play") as session:
        _settle(session, table_id, scores, when or datetime.now(UTC))


def _load(store: Store, key: str, viewer: int | None, now: datetime) -> _Event | None:
    with store._transaction("read an event") as session:
        if session.get(DuplicateEventRow, key) is None:
            return None
        _settle_over(session, key)
        return _event_of(session, key, viewer, now)


def _listing(store: Store, viewer: int | None, now: datetime) -> list[_Event]:
    with store._transaction("list the events", read=True) as session:
        shown: ColumnElement[bool] = and_(
            DuplicateEventRow.private.is_(False), DuplicateEventRow.closes > now - RECENT
        )
        if viewer is not None:
            mine = select(DuplicateEntryRow.event_key).where(DuplicateEntryRow.account_id == viewer)
            shown = or_(
                shown,
                DuplicateEventRow.key.in_(mine),
                DuplicateEventRow.made_by == viewer,
            )
        keys = session.scalars(
            select(DuplicateEventRow.key)
            .where(shown)
            .order_by(desc(DuplicateEventRow.closes))
            .limit(LISTED_MOST)
        ).all()
        found = [_event_of(session, key, viewer, now) for key in keys]
        return [event for event in found if event is not None]


def _made_today(store: Store, account_id: int, now: datetime) -> int:
    with store._transaction("count a person's events", read=True) as session:
        return int(
            session.scalar(
                select(func.count())
                .select_from(DuplicateEventRow)
                .where(
                    DuplicateEventRow.made_by == account_id,
                    DuplicateEventRow.created > now - timedelta(days=1),
                )
            )
            or 0
        )


def _new_row(
    *,
    name: str,
    variant: str,
    players: int,
    level: str,
    samples: int,
    deals: int,
    now: datetime,
    closes: datetime,
    daily: str | None,
    made_by: int | None,
) -> DuplicateEventRow:
    key = secrets.token_urlsafe(KEY_BYTES)
    seeds = [duplicate.new_seed() for _ in range(deals)]
    return DuplicateEventRow(
        key=key,
        name=name,
        variant=variant,
        players=players,
        level=level,
        samples=samples,
        deals=deals,
        digests=[duplicate.commitment(key, n, seed) for n, seed in enumerate(seeds, 1)],
        seeds=seeds,
        created=now,
        closes=closes,
        daily=daily,
        private=daily is None,
        made_by=made_by,
    )


def _add(store: Store, row: DuplicateEventRow) -> str:
    with store._transaction("make an event") as session:
        session.add(row)
        return row.key


def ensure_daily(store: Store, config: ServerConfig, now: datetime) -> str | None:
    """Make today's daily event if the server makes them and it is not made yet (at most one
    a day: the store holds one row a day, a second maker's is refused there); its key, or
    None when the server makes none. It closes at the day's end (midnight UTC)."""
    if not config.daily_event:
        return None
    day = now.astimezone(UTC).date()
    with store._transaction("look for today's event", read=True) as session:
        found = session.scalar(
            select(DuplicateEventRow.key).where(DuplicateEventRow.daily == day.isoformat())
        )
    if found is not None:
        return str(found)
    variant, _, players = config.daily_form.partition("/")
    start = datetime(day.year, day.month, day.day, tzinfo=UTC)
    row = _new_row(
        name=f"Daily duplicate {day.isoformat()}",
        variant=variant,
        players=int(players),
        level=config.daily_level,
        samples=_samples(config.daily_level, config),
        deals=config.daily_deals,
        now=now,
        closes=start + timedelta(days=1),
        daily=day.isoformat(),
        made_by=None,
    )
    try:
        return _add(store, row)
    except StoreError:  # (another maker was first: theirs is today's)
        with store._transaction("look for today's event", read=True) as session:
            again = session.scalar(
                select(DuplicateEventRow.key).where(DuplicateEventRow.daily == day.isoformat())
            )
        if again is None:
            raise
        return str(again)


def _start(
    store: Store, key: str, number: int, account_id: int, seat: int, table_id: str, now: datetime
) -> None:
    """The person enters the event (once) and their play of the deal is at ``table_id`` (a
    play whose table was closed unclaimed is moved to the new one)."""
    with store._transaction("start a deal") as session:
        if session.get(DuplicateEntryRow, {"event_key": key, "account_id": account_id}) is None:
            session.add(DuplicateEntryRow(event_key=key, account_id=account_id, entered=now))
        play = session.get(
            DuplicatePlayRow, {"event_key": key, "number": number, "account_id": account_id}
        )
        if play is None:
            session.add(
                DuplicatePlayRow(
                    event_key=key,
                    number=number,
                    account_id=account_id,
                    seat=seat,
                    table_id=table_id,
                    started=now,
                    finished=None,
                    points=None,
                )
            )
        else:
            session.execute(
                update(DuplicatePlayRow)
                .where(
                    DuplicatePlayRow.event_key == key,
                    DuplicatePlayRow.number == number,
                    DuplicatePlayRow.account_id == account_id,
                )
                .values(table_id=table_id, seat=seat)
            )


def _game_event(session: Session, game_key: str) -> tuple[str, int] | None:
    """The event and deal a game's table plays (by its id or code), or None."""
    row = session.execute(
        select(TableRow.options).where(
            or_(TableRow.id == game_key, TableRow.code == game_key.strip().upper())
        )
    ).first()
    if row is None:
        return None
    event = (row[0] or {}).get("event")
    if not isinstance(event, dict) or "key" not in event:
        return None
    return str(event["key"]), int(event["deal"])


REFUSED: Final = (
    "this game is a deal of a duplicate event still open: play that deal first, "
    "or wait for the event to close"
)


def may_see_game(
    store: Store, game_key: str, viewer: int | None, now: datetime | None = None
) -> str | None:
    """Whether ``viewer`` (an account id, None for a guest) may see the game at ``game_key``
    (a table's id or code): None when they may, else the refusal's sentence. A game of an
    event's deal is shown, while the event is open, only to those who finished that deal; any
    other game is not this check's business (None). The one check of every route that shows
    a game: its record, its replay, its reviews."""
    with store._transaction("check who may see a game", read=True) as session:
        found = _game_event(session, game_key)
        if found is None:
            return None
        key, number = found
        event = session.get(DuplicateEventRow, key)
        if event is None or (now or datetime.now(UTC)) >= event.closes:
            return None
        if viewer is not None:
            play = session.get(
                DuplicatePlayRow, {"event_key": key, "number": number, "account_id": viewer}
            )
            if play is not None and (play.finished is not None or _over(session, play.table_id)):
                return None
        return REFUSED


def _over(session: Session, table_id: str) -> bool:
    """Whether a table's game is over in the store (its play's points may be a moment from
    being settled: the table settles them after it has told its players)."""
    return session.scalar(select(TableRow.status).where(TableRow.id == table_id)) == "over"


async def check_game(request: Request, game_key: str) -> None:
    """Refuse (403, :func:`may_see_game`'s sentence) a request to see a game its asker may
    not see yet: await this in a route that shows a game."""
    hub = _hub(request)
    viewer = await accounts.signed_in(request)
    refusal = await hub.db(
        may_see_game, hub.store, game_key, None if viewer is None else viewer.id, _clock(request)
    )
    if refusal is not None:
        raise TableError(refusal, 403)


# ---------------------------------------------------------------------- the routes


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _lock(request: Request) -> asyncio.Lock:
    """One lock for the plays' making (two requests for one person's deal make one table)."""
    found = getattr(request.app.state, "event_lock", None)
    if not isinstance(found, asyncio.Lock):
        found = request.app.state.event_lock = asyncio.Lock()
    return found


async def _allow(request: Request, what: str, per_minute: float, burst: int) -> None:
    """Charge the client's address one ``what`` of the app's allowance of them (made at the
    first; the site's, with Redis), refused (429, a sentence, ``Retry-After``) beyond
    ``per_minute`` and ``burst``."""
    limits = getattr(request.app.state, "event_limits", None)
    if not isinstance(limits, dict):
        limits = request.app.state.event_limits = {}
    if what not in limits:
        limits[what] = RateLimit(
            what, per_minute=per_minute, burst=burst, shared=shared_limits(request.app)
        )
    await limits[what].acheck(scope_key(request))


async def _event(request: Request, key: str, viewer: int | None) -> _Event:
    if len(key) > 40:
        raise TableError("there is no event by that key: check the link", 404)
    hub = _hub(request)
    found: _Event | None = await hub.db(_load, hub.store, key, viewer, _clock(request))
    if found is None:
        await request.app.state.guard.missed(request)
        raise TableError("there is no event by that key: check the link", 404)
    return found


def _deal_number(event: _Event, number: int) -> int:
    if not 1 <= number <= event.deals:
        raise TableError(f"this event has deals 1 to {event.deals}, not {number}", 404)
    return number


router = APIRouter(tags=["events"])


@router.get("/api/events")
async def list_events(request: Request) -> EventList:
    """Open and recently closed daily events, and the private events you entered or made."""
    hub = _hub(request)
    now = _clock(request)
    await hub.db(ensure_daily, hub.store, hub.config, now)
    who = await accounts.signed_in(request)
    found = await hub.db(_listing, hub.store, None if who is None else who.id, now)
    return EventList(events=[event.summary() for event in found])


@router.post("/api/events", status_code=201, responses={429: {"description": "too many"}})
async def make_event(request: Request, body: Annotated[NewEvent, Body()]) -> EventSummary:
    """Make a private event (signed in): its link is `/e/{key}`. A person may make
    `events_per_day` events a day."""
    who = await accounts.person(request)
    if who is None:
        raise TableError("sign in to make an event", 401)
    name = checked_name(body.name)
    event_rules(body.variant, body.players)
    hub = _hub(request)
    now = _clock(request)
    most = hub.config.events_per_day
    if await hub.db(_made_today, hub.store, who.id, now) >= most:
        raise TableError(f"you have made {most} events in the last day: make another tomorrow", 429)
    row = _new_row(
        name=name,
        variant=body.variant.strip().lower(),
        players=body.players,
        level=body.level,
        samples=_samples(body.level, hub.config),
        deals=body.deals,
        now=now,
        closes=now + timedelta(hours=body.hours),
        daily=None,
        made_by=who.id,
    )
    key = await hub.db(_add, hub.store, row)
    log.info("event %s made: %d deals of %s", key, body.deals, row.variant)
    return (await _event(request, key, who.id)).summary()


@router.get("/api/events/{key}")
async def event_page(request: Request, key: str) -> EventPage:
    """An event: its deals (digests; seeds once closed; your play of each), its live
    standings, whether you entered, and the close rule."""
    who = await accounts.signed_in(request)
    viewer = None if who is None else who.id
    event = await _event(request, key, viewer)
    scored = {number: event.scored(number) for number in range(1, event.deals + 1)}
    deals = []
    for number in range(1, event.deals + 1):
        mine = None
        play = next((p for p in event.plays if p.number == number and p.account_id == viewer), None)
        if play is not None:
            finished = play.finished is not None
            mark = next(
                (s for s in scored[number] if s.who == play.name and s.seat == play.seat), None
            )
            mine = Mine(
                state="finished" if finished else "playing",
                table=play.table_id,
                points=play.points,
                matchpoints=None if mark is None or not finished else round(mark.matchpoints, 2),
                diff=None if mark is None or not finished else round(mark.diff, 2),
            )
        deals.append(
            DealInfo(
                number=number,
                digest=event.digests[number - 1],
                seed=event.shown_seed(number),
                finished_by=sum(
                    1 for p in event.plays if p.number == number and p.finished is not None
                ),
                mine=mine,
            )
        )
    table = duplicate.standings(list(scored.values()))
    return EventPage(
        **event.summary().model_dump(),
        deal_list=deals,
        standings=[
            StandingRow(
                place=row.place,
                name=row.who,
                played=row.played,
                matchpoints=round(row.matchpoints, 2),
                diff=round(row.diff, 2),
            )
            for row in table
        ],
        entered=event.entered,
        unfinished_rule=duplicate.UNFINISHED_RULE,
    )


class PeopleTable(BaseModel):
    """A table of people for a deal: how many seats are for people (the others bots)."""

    people: int = Field(default=2, ge=2, le=7, description="seats for people, yours among them")


async def _open_deal(request: Request, key: str, number: int, people: int | None) -> DealSeat:
    """The checks of a new play of a deal, and its table: the person's own with bots
    (``people`` None) or with ``people`` seats for people, the maker at seat 0."""
    who = await accounts.person(request)
    if who is None:
        raise TableError("sign in to play an event: its results are a person's", 401)
    hub = _hub(request)
    event = await _event(request, key, who.id)
    number = _deal_number(event, number)
    if event.closed:
        raise TableError("this event has closed: its deals are played no more", 409)
    play = next((p for p in event.plays if p.number == number and p.account_id == who.id), None)
    if play is not None and play.finished is not None:
        raise TableError(f"you have played deal {number} already: see its results", 409)
    if play is not None and people is not None and hub.find_quietly(play.table_id) is not None:
        raise TableError(f"you are playing deal {number} already: finish it first", 409)
    if play is not None:
        again = await _seat_again(hub, play.table_id, who.id)
        if again is not None:
            return again
    playing = sum(
        1
        for table in hub.tables.values()
        if table.options.event is not None
        and not table.game.is_over
        and any(seat.account_id == who.id for seat in table.seats)
    )
    if playing >= PLAYING_MOST:
        raise TableError(f"you have {PLAYING_MOST} deals in play already: finish one first", 429)
    rules = event_rules(event.variant, event.players)
    if people is not None and people > rules.players:
        raise TableError(f"a table of {event.form} has {rules.players} seats, not {people}")
    await request.app.state.guard.creating(request)  # (a new table: the tables' allowance)
    game = Game(rules, seed=duplicate.game_seed(event.seed(number)), hand_seeds=True)
    token = secrets.token_urlsafe(24)
    new = [NewSeat(who.name, "human", None, token)]
    new += [NewSeat(f"Seat {seat + 1}", "human", None) for seat in range(1, people or 1)]
    new += [NewSeat(event.level, "bot", event.level) for _ in range(rules.players - len(new))]
    options = TableOptions(
        public=False,
        event={
            "key": event.key,
            "name": event.name,
            "deal": number,
            "deals": event.deals,
            "samples": event.samples or None,
            "people": people is not None,
        },
    )
    table = await hub.open_table(event.variant, rules, new, 0, options, game)
    await accounts.tie_seat(hub, table.id, 0, who)
    await hub.db(_start, hub.store, event.key, number, who.id, 0, table.id, _clock(request))
    log.info("event %s: deal %d at table %s", event.key, number, table.id)
    return DealSeat(table=table.id, seat=0, token=token, url=f"/t/{table.id}")


@router.post("/api/events/{key}/deals/{number}/play")
async def play_deal(request: Request, key: str, number: int) -> DealSeat:
    """Play deal `number` (signed in; you enter the event if you had not): a table of your
    own, you at seat 0 and bots of the event's level in the others, dealt from the deal's
    seed. The same table again (a fresh token for your seat) while you play it; refused once
    you finished it or the event closed."""
    async with _lock(request):
        return await _open_deal(request, key, number, None)


@router.post("/api/events/{key}/deals/{number}/tables", status_code=201)
async def people_table(
    request: Request, key: str, number: int, body: Annotated[PeopleTable, Body()]
) -> DealSeat:
    """Play deal `number` with people (signed in): a table of the deal with `people` seats for
    people (you at seat 0; the others open to those who enter the event and have not played the
    deal: send them the table's id), bots in the rest. Each person's result is compared with
    the others' at the same seat of the deal."""
    async with _lock(request):
        return await _open_deal(request, key, number, body.people)


@router.post("/api/events/{key}/deals/{number}/tables/{table}/join")
async def join_people_table(request: Request, key: str, number: int, table: str) -> DealSeat:
    """Take a free seat at a table of people of deal `number` (signed in; you enter the event
    if you had not): refused once you played or started that deal, or the event closed."""
    who = await accounts.person(request)
    if who is None:
        raise TableError("sign in to play an event: its results are a person's", 401)
    hub = _hub(request)
    async with _lock(request):
        event = await _event(request, key, who.id)
        number = _deal_number(event, number)
        if event.closed:
            raise TableError("this event has closed: its deals are played no more", 409)
        if any(p.number == number and p.account_id == who.id for p in event.plays):
            raise TableError(f"you have a play of deal {number} already: one a person", 409)
        found = hub.find_quietly(table) if len(table) <= 40 else None
        tag = None if found is None else found.options.event
        if found is None or tag is None or (tag.get("key"), tag.get("deal")) != (key, number):
            raise TableError(f"there is no table of people of deal {number} by that id", 404)
        _, seat, token = await hub.join(found.id, who.name, None, event=True)
        await accounts.tie_seat(hub, found.id, seat, who)
        await hub.db(_start, hub.store, key, number, who.id, seat, found.id, _clock(request))
    return DealSeat(table=found.id, seat=seat, token=token, url=f"/t/{found.id}")


async def _seat_again(hub: Hub, table_id: str, account_id: int) -> DealSeat | None:
    """A fresh token for the person's seat at their table of a deal still in play (None: the
    table is no longer in play, closed unclaimed: a new one is made)."""
    table = hub.find_quietly(table_id)
    if table is None:
        return None
    async with table.lock:
        if table.game.is_over:
            return None
        place = next((s for s in table.seats if s.account_id == account_id), None)
        if place is None:
            return None
        token = await accounts.fresh_token(hub, table.id, place)
        place.left = False
    return DealSeat(table=table.id, seat=place.number, token=token, url=f"/t/{table.id}")


@router.get("/api/events/{key}/deals/{number}")
async def deal_results(request: Request, key: str, number: int) -> DealResults:
    """How everyone played deal `number`: each result, its matchpoints and diff, and its game
    (for `/api/games/{game}/replay`). Refused until you have finished the deal, or the event
    closed."""
    who = await accounts.signed_in(request)
    viewer = None if who is None else who.id
    event = await _event(request, key, viewer)
    number = _deal_number(event, number)
    finished = any(
        p.number == number and p.account_id == viewer and p.finished is not None
        for p in event.plays
    )
    if not (finished or event.closed):
        raise TableError(
            f"play deal {number} first: its results are shown to those who finished it, "
            "and to everyone once the event closes",
            403,
        )
    plays = [p for p in event.plays if p.number == number]
    scored = event.scored(number)
    results = []
    for play in plays:
        mark = next((s for s in scored if s.who == play.name and s.seat == play.seat), None)
        if mark is None:
            continue
        results.append(
            DealResult(
                name=play.name,
                seat=play.seat,
                points=mark.points,
                matchpoints=round(mark.matchpoints, 2),
                diff=round(mark.diff, 2),
                game=play.table_id,
                mine=play.account_id == viewer,
            )
        )
    results.sort(key=lambda r: (-r.matchpoints, r.name))
    return DealResults(number=number, results=results)


@router.get("/api/events/{key}/export")
async def export_event(request: Request, key: str) -> dict[str, Any]:
    """The closed event: its seeds and every finished game's record, for `hearts verify
    FILE` (each seed against its digest, each game's deal against its seed, every move by
    the rules). Refused while it is open; `EXPORTS_PER_MINUTE` a minute per client address."""
    await _allow(request, "event exports", EXPORTS_PER_MINUTE, EXPORTS_BURST)
    event = await _event(request, key, None)
    if not event.closed:
        raise TableError(
            "an event is exported once it has closed: its seeds are secret until then", 409
        )
    hub = _hub(request)
    deal_list = []
    for number in range(1, event.deals + 1):
        games = []
        for play in event.plays:
            if play.number != number or play.finished is None:
                continue
            try:
                kept = await hub.kept_record(play.table_id)
            except TableError as error:
                log.warning(
                    "event %s: game %s left out of its export: %s", key, play.table_id, error
                )
                continue
            games.append(
                {
                    "table": play.table_id,
                    "name": play.name,
                    "seat": play.seat,
                    "points": play.points,
                    "record": json.loads(gzip.decompress(kept.record)),
                }
            )
        deal_list.append(
            {
                "number": number,
                "digest": event.digests[number - 1],
                "seed": event.seed(number),
                "games": games,
            }
        )
    return {
        "format": duplicate.EXPORT_FORMAT,
        "version": duplicate.EXPORT_VERSION,
        **event.summary().model_dump(),
        "variant": event.variant,
        "players": event.players,
        "unfinished_rule": duplicate.UNFINISHED_RULE,
        "deal_list": deal_list,
    }
