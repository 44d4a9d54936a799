"""A person's profile and the leaderboards: read-only queries over the people's tables and the
routes that answer them (``GET /api/people/{name}``, ``GET /api/leaderboard/{variant}/{players}``,
``GET /api/leaderboards``).

Nothing here writes: the ratings, their history and each game's summary (``game_stats``) are
written by the parts that rate and count a finished game; this module sums and orders them.

- A **profile**: the name and since when, the rating in each form (against people and against
  the computer apart) with its games and a provisional mark (fewer than :data:`PROVISIONAL`
  games), the rating's history in each form (its latest :data:`HISTORY` points), the statistics
  in each form summed from ``game_stats`` in the database (games, wins, hands, points a hand,
  moons, the Q♠, hands without a trick, each pass direction), and the latest :data:`RECENT`
  games with their replays. A private table's game (its ``options["public"]`` not true) is
  listed only to a person who sat at that table (``viewer``): a stranger or a guest sees the
  public games only. The statistics and ratings count every game.
- A **leaderboard** of a form: rated people with at least ``min_games`` games in it who played
  a rated game in the last ``days`` days, best ``shown`` first, a page at a time.

Each query is bounded (every list has a limit) and reads through the schema's indexes:
``ix_ratings_board`` (form, against, shown) for a board, the ratings' key and
``ix_rating_history_person`` / ``ix_game_stats_person`` (account, form, against, time) for a
person.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Final, Literal

from fastapi import APIRouter, HTTPException, Query, Request
from pydantic import BaseModel, Field
from sqlalchemy import and_, case, exists, false, func, or_, select, text, union_all
from sqlalchemy.orm import Session, aliased

from hearts import variants
from hearts.errors import HeartsError
from hearts.rules import PassDirection
from hearts.server import accounts, ratings
from hearts.server.limits import RateLimit, scope_key, shared_limits
from hearts.server.store import (
    NAME_LENGTH,
    AccountRow,
    GameStatRow,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    Store,
    TableRow,
)

__all__ = [
    "AGAINST",
    "HISTORY",
    "HISTORY_LINES",
    "PROVISIONAL",
    "RECENT",
    "Board",
    "Boards",
    "Profile",
    "board_names",
    "leaderboard",
    "name_key",
    "profile",
    "router",
]

PROVISIONAL: Final = ratings.PROVISIONAL_GAMES
"""Games in a form before its rating is no longer provisional (docs/ratings.md)."""

HISTORY: Final = 200
"""The latest points of a rating's history a profile gives, per form and opponent kind."""

HISTORY_LINES: Final = 8
"""The ratings (the most played first) whose history a profile gives."""

RECENT: Final = 20
"""The latest games a profile lists."""

MOST_RATINGS: Final = 64
"""At most this many ratings (form and opponent kind) a profile lists."""

MOST_OFFSET: Final = 10_000
"""The deepest a leaderboard's page may start."""

AGAINST: Final = ("people", "bots")
"""Whom a rating or a statistic is against: other people, or the computer."""

DIRECTIONS: Final = tuple(direction.value for direction in PassDirection)
"""The pass directions a game's summary counts hands and points under."""

READS_PER_MINUTE: Final = 240.0
"""Profile and leaderboard requests a client address may make a minute on average ..."""
READS_BURST: Final = 60
"""... and at once; beyond, 429 with ``Retry-After`` and a sentence."""


def name_key(name: str) -> str:
    """A name as accounts are compared: NFKC, case-folded (so "ＡＮＮ" finds "Ann").

    >>> name_key("ＡＮＮ"), name_key("Straße")
    ('ann', 'strasse')
    """
    return unicodedata.normalize("NFKC", name).casefold()


# --- What the routes answer ----------------------------------------------------------------


class Rating(BaseModel):
    """A person's rating in one form against one kind of opponent."""

    form: str = Field(description='a preset at a number of players, e.g. "modern/4"')
    against: Literal["people", "bots"]
    shown: float = Field(description="the one number shown and ranked by")
    games: int = Field(description="rated games in this form against this kind")
    provisional: bool = Field(description=f"fewer than {PROVISIONAL} games so far")
    updated: datetime


class HistoryPoint(BaseModel):
    """The rating after one rated game."""

    at: datetime
    shown: float


class History(BaseModel):
    """A rating's history in a form, oldest first (its latest points; the most played
    :data:`HISTORY_LINES` ratings' only)."""

    form: str
    against: Literal["people", "bots"]
    points: list[HistoryPoint]


class PassLine(BaseModel):
    """Hands and points taken in hands of one pass direction."""

    direction: str
    hands: int
    points: int


class Statistics(BaseModel):
    """A person's games in one form against one kind of opponent, summed."""

    form: str
    against: Literal["people", "bots"]
    games: int
    wins: int = Field(description="games finished first (a shared first place counts)")
    hands: int
    points: int
    points_a_hand: float
    moons_shot: int
    moons_against: int = Field(description="hands in which another player shot the moon")
    queen_taken: int = Field(description="hands in which this person took the Q♠")
    hands_without_trick: int
    by_pass: list[PassLine]


class SeatShown(BaseModel):
    """A seat of a listed game: its name at the table, the account's name if a signed-in
    person sat there (for a link to their profile), the bot's name if a bot did."""

    seat: int
    name: str
    person: str | None
    bot: str | None


class RecentGame(BaseModel):
    """A finished game the person played, with the link to its replay."""

    table: str
    replay: str = Field(description="the page of the game's replay")
    form: str
    against: Literal["people", "bots"]
    rated: bool
    public: bool
    finished: datetime
    players: int
    seat: int
    place: int
    points: int
    seats: list[SeatShown]


class Profile(BaseModel):
    """A person's profile."""

    name: str
    since: datetime
    provisional_games: int = Field(description="games before a rating is no longer provisional")
    ratings: list[Rating]
    history: list[History]
    statistics: list[Statistics]
    recent: list[RecentGame] = Field(
        description="the latest games: a private table's only to a person who sat at it"
    )


class BoardRow(BaseModel):
    """A place on a leaderboard."""

    rank: int
    name: str
    shown: float
    games: int
    provisional: bool
    updated: datetime


class Board(BaseModel):
    """A page of a form's leaderboard: best first."""

    form: str
    against: Literal["people", "bots"]
    min_games: int
    days: int
    offset: int
    limit: int
    rows: list[BoardRow]
    more: bool = Field(description="whether the board goes on past this page")


class BoardName(BaseModel):
    """A form and kind of opponent someone is rated in."""

    form: str
    variant: str
    players: int
    against: Literal["people", "bots"]


class Boards(BaseModel):
    """The forms with leaderboards."""

    boards: list[BoardName]


# --- The queries ---------------------------------------------------------------------------


def _public() -> Any:
    """Whether a table is public (its ``options["public"]`` true; missing: private)."""
    return func.coalesce(TableRow.options["public"].as_boolean(), false())


def _sat_at(viewer: int | None) -> Any:
    """Whether ``viewer`` sat at the table of the row being read (never, for a guest)."""
    if viewer is None:
        return false()
    seat, stat = aliased(SeatRow), aliased(GameStatRow)
    return or_(
        exists().where(seat.table_id == TableRow.id, seat.account_id == viewer),
        exists().where(stat.table_id == TableRow.id, stat.account_id == viewer),
    )


def profile(store: Store, name: str, viewer: int | None = None) -> Profile | None:
    """The profile of the person named ``name`` (as accounts compare names), as ``viewer`` (the
    signed-in person's account id, None for a guest) may see it; None if nobody is so named.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     store = Store(f"sqlite:///{pathlib.Path(folder) / 'doc.db'}")
    ...     store.upgrade()
    ...     profile(store, "nobody") is None
    ...     store.close()
    True
    """
    if not name or len(name) > NAME_LENGTH:
        return None
    with store._transaction(f"read the profile of {name!r}", read=True) as session:
        account = session.scalars(
            select(AccountRow).where(AccountRow.name_key == name_key(name))
        ).one_or_none()
        if account is None:
            return None
        ratings = _ratings(session, account.id)
        statistics = _statistics(session, account.id)
        return Profile(
            name=account.name,
            since=account.created,
            provisional_games=PROVISIONAL,
            ratings=ratings,
            history=_histories(session, account.id, ratings[:HISTORY_LINES]),
            statistics=statistics,
            recent=_recent(session, account.id, viewer, [(s.form, s.against) for s in statistics]),
        )


def _ratings(session: Session, account: int) -> list[Rating]:
    rows = session.scalars(
        select(RatingRow)
        .where(RatingRow.account_id == account)
        .order_by(RatingRow.games.desc(), RatingRow.form, RatingRow.against)
        .limit(MOST_RATINGS)
    )
    return [
        Rating(
            form=row.form,
            against=row.against,  # type: ignore[arg-type]
            shown=round(row.shown, 2),
            games=row.games,
            provisional=row.games < PROVISIONAL,
            updated=row.updated,
        )
        for row in rows
    ]


def _histories(session: Session, account: int, ratings: Sequence[Rating]) -> list[History]:
    """Each rating's latest :data:`HISTORY` points, oldest first: one statement, each rating's
    read backwards along ``ix_rating_history_person``."""
    parts = [
        select(
            RatingHistoryRow.form,
            RatingHistoryRow.against,
            RatingHistoryRow.at,
            RatingHistoryRow.shown,
        )
        .where(
            RatingHistoryRow.account_id == account,
            RatingHistoryRow.form == rating.form,
            RatingHistoryRow.against == rating.against,
        )
        .order_by(RatingHistoryRow.at.desc())
        .limit(HISTORY)
        for rating in ratings
    ]
    points: dict[tuple[str, str], list[HistoryPoint]] = {}
    for form, against, at, shown in _together(session, parts):
        points.setdefault((form, against), []).append(HistoryPoint(at=at, shown=round(shown, 2)))
    return [
        History(
            form=rating.form,
            against=rating.against,
            points=sorted(points.get((rating.form, rating.against), []), key=lambda p: p.at),
        )
        for rating in ratings
    ]


def _together(session: Session, parts: Sequence[Any]) -> list[Any]:
    """The rows of some ordered and limited selects, in one statement (UNION ALL)."""
    if not parts:
        return []
    return list(session.execute(union_all(*(select(part.subquery()) for part in parts))).all())


def _statistics(session: Session, account: int) -> list[Statistics]:
    """Every form's sums, against people and against bots apart, summed by the database."""
    row = GameStatRow
    passes = []
    for direction in DIRECTIONS:
        passes.append(func.coalesce(func.sum(row.by_pass[(direction, "hands")].as_integer()), 0))
        passes.append(func.coalesce(func.sum(row.by_pass[(direction, "points")].as_integer()), 0))
    query = (
        select(
            row.form,
            row.against,
            func.count(),
            func.sum(case((row.place == 1, 1), else_=0)),
            func.sum(row.hands),
            func.sum(row.points),
            func.sum(row.moons_shot),
            func.sum(row.moons_against),
            func.sum(row.queen_taken),
            func.sum(row.hands_without_trick),
            *passes,
        )
        .where(row.account_id == account)
        .group_by(row.form, row.against)
        .order_by(func.count().desc(), row.form, row.against)
        .limit(MOST_RATINGS)
    )
    found = []
    for values in session.execute(query):
        form, against, games, wins, hands, points, shot, against_moons, queen, clean = values[:10]
        sums = [int(value or 0) for value in values[10:]]
        found.append(
            Statistics(
                form=form,
                against=against,
                games=games,
                wins=int(wins or 0),
                hands=int(hands or 0),
                points=int(points or 0),
                points_a_hand=round((points or 0) / hands, 2) if hands else 0.0,
                moons_shot=int(shot or 0),
                moons_against=int(against_moons or 0),
                queen_taken=int(queen or 0),
                hands_without_trick=int(clean or 0),
                by_pass=[
                    PassLine(direction=d, hands=sums[2 * i], points=sums[2 * i + 1])
                    for i, d in enumerate(DIRECTIONS)
                    if sums[2 * i]
                ],
            )
        )
    return found


def _recent(
    session: Session, account: int, viewer: int | None, groups: Sequence[tuple[str, str]]
) -> list[RecentGame]:
    """The latest :data:`RECENT` games ``viewer`` may see, over the person's forms
    (``groups``): each form's latest read backwards along ``ix_game_stats_person``, which
    stops at the first :data:`RECENT` seen there, then merged (one sort of every game the
    person played would grow with them)."""
    public = _public().label("public")
    parts = []
    for form, against in groups:
        query = (
            select(
                GameStatRow.table_id,
                GameStatRow.seat,
                GameStatRow.form,
                GameStatRow.against,
                GameStatRow.rated,
                GameStatRow.finished,
                GameStatRow.players,
                GameStatRow.place,
                GameStatRow.points,
                public,
            )
            .join(TableRow, TableRow.id == GameStatRow.table_id)
            .where(
                GameStatRow.account_id == account,
                GameStatRow.form == form,
                GameStatRow.against == against,
            )
            .order_by(GameStatRow.finished.desc())
            .limit(RECENT)
        )
        if viewer != account:  # (a person sat at every one of their own games)
            query = query.where(or_(_public(), _sat_at(viewer)))
        parts.append(query)
    games = _together(session, parts)
    games.sort(key=lambda game: (-game.finished.timestamp(), game.table_id))
    games = games[:RECENT]
    seats = _seats(session, [game.table_id for game in games])
    return [
        RecentGame(
            table=game.table_id,
            replay=f"/r/{game.table_id}",
            form=game.form,
            against=game.against,
            rated=game.rated,
            public=bool(game.public),
            finished=game.finished,
            players=game.players,
            seat=game.seat,
            place=game.place,
            points=game.points,
            seats=seats.get(game.table_id, []),
        )
        for game in games
    ]


def _seats(session: Session, tables: Sequence[str]) -> dict[str, list[SeatShown]]:
    """The seats of some tables, each with its account's name where a person signed in sat."""
    if not tables:
        return {}
    found: dict[str, list[SeatShown]] = {}
    rows = session.execute(
        select(SeatRow.table_id, SeatRow.seat, SeatRow.name, SeatRow.bot, AccountRow.name)
        .outerjoin(AccountRow, AccountRow.id == SeatRow.account_id)
        .where(SeatRow.table_id.in_(tables))
        .order_by(SeatRow.table_id, SeatRow.seat)
    )
    for table, seat, name, bot, person in rows:
        found.setdefault(table, []).append(SeatShown(seat=seat, name=name, person=person, bot=bot))
    return found


def leaderboard(
    store: Store,
    form: str,
    against: str = "people",
    *,
    min_games: int = PROVISIONAL,
    days: int = 90,
    offset: int = 0,
    limit: int = 50,
    now: datetime | None = None,
) -> Board:
    """A page of ``form``'s leaderboard against ``against``: people with at least
    ``min_games`` rated games there whose rating changed in the last ``days`` days, by their
    shown rating (best first; equal ones by who got there first), from place ``offset + 1``,
    at most ``limit`` (1 to 100) of them.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     store = Store(f"sqlite:///{pathlib.Path(folder) / 'doc.db'}")
    ...     store.upgrade()
    ...     leaderboard(store, "modern/4").rows
    ...     store.close()
    []
    """
    limit = max(1, min(100, limit))
    offset = max(0, min(MOST_OFFSET, offset))
    since = (now or datetime.now(UTC)) - timedelta(days=days)
    with store._transaction(f"read the leaderboard of {form}", read=True) as session:
        rows = session.execute(
            select(RatingRow.shown, RatingRow.games, RatingRow.updated, AccountRow.name)
            .join(AccountRow, AccountRow.id == RatingRow.account_id)
            .where(
                RatingRow.form == form,
                RatingRow.against == against,
                RatingRow.games >= min_games,
                RatingRow.updated >= since,
            )
            .order_by(RatingRow.shown.desc(), RatingRow.account_id)
            .offset(offset)
            .limit(limit + 1)
        ).all()
    return Board(
        form=form,
        against=against,  # type: ignore[arg-type]
        min_games=min_games,
        days=days,
        offset=offset,
        limit=limit,
        rows=[
            BoardRow(
                rank=offset + i + 1,
                name=name,
                shown=round(shown, 2),
                games=games,
                provisional=games < PROVISIONAL,
                updated=updated,
            )
            for i, (shown, games, updated, name) in enumerate(rows[:limit])
        ],
        more=len(rows) > limit,
    )


_FORMS = text(
    "WITH RECURSIVE f(form) AS ("
    " SELECT MIN(form) FROM ratings"
    " UNION ALL SELECT (SELECT MIN(form) FROM ratings WHERE form > f.form) FROM f"
    " WHERE f.form IS NOT NULL"
    ") SELECT form FROM f WHERE form IS NOT NULL LIMIT :most"
)
"""The distinct forms of ``ratings``, one index probe each (a loose scan of
``ix_ratings_board``, which a plain DISTINCT would read whole)."""


def board_names(store: Store) -> list[BoardName]:
    """The forms (and kinds of opponent) someone is rated in, known forms only.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     store = Store(f"sqlite:///{pathlib.Path(folder) / 'doc.db'}")
    ...     store.upgrade()
    ...     board_names(store)
    ...     store.close()
    []
    """
    found = []
    with store._transaction("read the leaderboards", read=True) as session:
        forms = list(session.scalars(_FORMS, {"most": MOST_RATINGS}))
        for form in forms:
            known = split_form(form)
            if known is None:
                continue
            for against in AGAINST:
                rated = session.scalar(
                    select(
                        exists().where(and_(RatingRow.form == form, RatingRow.against == against))
                    )
                )
                if rated:
                    found.append(
                        BoardName(
                            form=form,
                            variant=known[0],
                            players=known[1],
                            against=against,
                        )
                    )
    return found


def split_form(form: str) -> tuple[str, int] | None:
    """A form's preset and number of players, if it is a form the server plays (else None).

    >>> split_form("modern/4"), split_form("modern/9"), split_form("nothing/4")
    (('modern', 4), None, None)
    """
    variant, _, players = form.partition("/")
    if variant not in variants.VARIANTS or not players.isdigit() or len(players) > 1:
        return None
    try:
        variants.for_players_named(variant, int(players))
    except HeartsError:
        return None
    return variant, int(players)


# --- The routes ----------------------------------------------------------------------------


async def _signed_in(request: Request) -> int | None:
    """The signed-in person's account id (None: a guest): who may see a private table's games."""
    found = await accounts.signed_in(request)
    return found.id if found else None


def _reads(request: Request) -> RateLimit:
    """The app's allowance of profile and leaderboard reads per client address."""
    limit: RateLimit | None = getattr(request.app.state, "people_reads", None)
    if limit is None:
        limit = RateLimit(
            "requests for profiles and leaderboards",
            per_minute=READS_PER_MINUTE,
            burst=READS_BURST,
            shared=shared_limits(request.app),
        )
        request.app.state.people_reads = limit
    return limit


async def _read(request: Request, function: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a read of the store on a worker thread (not the tables' own store thread, so that
    reads never wait behind the games' writes), after charging the client's allowance."""
    await _reads(request).acheck(scope_key(request))
    store: Store = request.app.state.hub.store
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, lambda: function(store, *args, **kwargs))


_NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"description": "nobody, or no such form"}}
_THROTTLED: dict[int | str, dict[str, Any]] = {429: {"description": "too many requests"}}

router = APIRouter(tags=["people"])
"""The routes of profiles and leaderboards (``app.include_router(profiles.router)``)."""


@router.get("/api/people/{name}", responses={**_NOT_FOUND, **_THROTTLED})
async def person(request: Request, name: str) -> Profile:
    """A person's profile: their ratings (provisional until enough games) and each one's
    history, their statistics in each form against people and against bots apart, and their
    latest games with links to the replays (a private table's only to a person who sat
    there)."""
    found = await _read(request, profile, name, await _signed_in(request))
    if found is None:
        if len(name) > NAME_LENGTH:
            raise HTTPException(404, "nobody here has a name that long")
        raise HTTPException(404, f"nobody here is named {name!r}")
    return found  # type: ignore[no-any-return]


@router.get("/api/leaderboard/{variant}/{players}", responses={**_NOT_FOUND, **_THROTTLED})
async def board(
    request: Request,
    variant: str,
    players: str,
    against: Literal["people", "bots"] = "people",
    min_games: Annotated[
        int, Query(ge=1, le=10_000, description="rated games at least")
    ] = PROVISIONAL,
    days: Annotated[int, Query(ge=1, le=3650, description="active in the last so many days")] = 90,
    offset: Annotated[
        int, Query(ge=0, le=MOST_OFFSET, description="places to skip (a page's start)")
    ] = 0,
    limit: Annotated[int, Query(ge=1, le=100, description="places on the page")] = 50,
) -> Board:
    """A form's leaderboard (e.g. `/api/leaderboard/modern/4`): rated people with at least
    `min_games` games in it, active in the last `days` days, by their shown rating, best
    first; a page of `limit` from place `offset + 1`."""
    form = f"{variant[:40]}/{players[:3]}"
    if split_form(form) is None:
        raise HTTPException(
            404, f"there is no form {form!r} (a preset and its players, e.g. modern/4)"
        )
    found = await _read(
        request,
        leaderboard,
        form,
        against,
        min_games=min_games,
        days=days,
        offset=offset,
        limit=limit,
    )
    return found  # type: ignore[no-any-return]


@router.get("/api/leaderboards", responses=_THROTTLED)
async def boards(request: Request) -> Boards:
    """The forms with leaderboards: each form and kind of opponent someone is rated in."""
    return Boards(boards=await _read(request, board_names))
