"""Reviews of finished games on the server: the expert's review of one seat
(:mod:`hearts.bots.review`), asked over HTTP, worked out in the bots' pool behind the tables'
play, each computed once per game and seat and kept in the store.

``POST /api/games/{key}/reviews/{seat}`` asks for it (202 and how far it is; 200 and the review
once it is done, with no new work); ``GET`` the same path says how far it is: ``{"state":
"queued" | "running" | "done" | "failed", "done": n, "total": m, "review": {...} | null}``.
Whoever may see a game's replay may ask for its reviews (:func:`seen_game`, the replay's rule).

The work: the game's kept record is played again (:func:`hearts.record.loads`), the seat's
decisions found (:func:`hearts.bots.review.positions`), and each one weighed (not forced, and
of a kind the expert searches: :attr:`hearts.bots.review.Position.weighed`) judged in the
pool as a request of kind ``review`` (:meth:`~hearts.server.botpool.BotPool.judge`): one decision
a request, served only when no move and no hint waits, stopped for them and worked out again
after, so a review never delays a table. Its budget is the server's ``review_deals`` and its
seed is fixed per game and seat (:func:`review_seed`): a review repeats exactly. How far it is
(``done``/``total``) is kept in memory and, with the decisions judged so far, in the store
every :data:`CHECKPOINT` decisions; a review in progress when the server stops is taken up
again where it was when the server starts (:meth:`Reviews.resume`). The assembled review is
stored once done and served from the store ever after.

Bounded for a hostile client: at most the server's ``reviews_most`` reviews in progress in
all, one at a time per client address, :data:`ASKS_PER_MINUTE` asks and
:data:`READS_PER_MINUTE` looks a minute per address (429 with a sentence and ``Retry-After``);
a seat out of range, a game not over or none get a sentence, and nothing changes.

>>> review_seed("AbCdEfGhIjKl", 0) == review_seed("AbCdEfGhIjKl", 0) != review_seed("AbCdEfGhIjKl", 1)
True
>>> 0 <= review_seed("AbCdEfGhIjKl", 3) < 2**63
True
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gzip
import hashlib
import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Final, Literal

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy import select

from hearts import record
from hearts.bots import review
from hearts.errors import HeartsError
from hearts.game import Game
from hearts.server import events
from hearts.server.botpool import BotBusy, BotError, PoolClosed
from hearts.server.limits import RateLimit, SharedLimits, TooMany, scope_key
from hearts.server.store import KeptRecord, ReviewRow, Store, TableRow
from hearts.server.tables import TableError

if TYPE_CHECKING:
    from hearts.server.tables import Hub

__all__ = [
    "ASKS_PER_MINUTE",
    "CHECKPOINT",
    "READS_PER_MINUTE",
    "ReviewState",
    "Reviews",
    "review_seed",
    "router",
    "seen_game",
]

log = logging.getLogger("hearts.server")

State = Literal["queued", "running", "done", "failed"]

CHECKPOINT: Final = 10
"""Decisions judged between two writes of a review's progress to the store (a review taken up
again after a restart judges at most these again)."""
ASKS_PER_MINUTE: Final = 6.0
"""Reviews a client address may ask for a minute on average ..."""
ASKS_BURST: Final = 3
"""... and at once."""
READS_PER_MINUTE: Final = 120.0
"""Looks at reviews (the page polls one every second or so while it is worked out) a client
address may make a minute on average ..."""
READS_BURST: Final = 30
"""... and at once."""


def review_seed(table_id: str, seat: int) -> int:
    """The seed of the review of ``seat`` of the game of table ``table_id``: fixed by them, so
    that a review asked again (or on another server) repeats exactly."""
    digest = hashlib.sha256(f"hearts review {table_id} {seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class ReviewState(BaseModel):
    """How far the review of one seat of a finished game is, and the review once done."""

    state: State = Field(description="queued, running, done, or failed (`error` says why)")
    done: int = Field(
        description="the seat's decisions looked at so far (forced ones and those not "
        "weighed counted without judging)"
    )
    total: int = Field(description="the seat's decisions in the game (0 until counted)")
    deals: int = Field(description="the budget: sampled deals a decision")
    review: dict[str, Any] | None = Field(
        description="once done, the review (`hearts.bots.review.Review.to_dict`): each "
        "decision's ply, hand, trick, kind, the move made and the best, their expected "
        "points with intervals, the cost and its mark (mistake, blunder or none), and the "
        "summary"
    )
    error: str | None = Field(default=None, description="why a failed review failed")


@dataclasses.dataclass(eq=False, slots=True)
class _Work:
    """A review being worked out (in memory)."""

    table_id: str
    seat: int
    deals: int
    seed: int
    address: str | None
    """Who asked (None: taken up again at start-up)."""
    state: State = "queued"
    done: int = 0
    total: int = 0
    task: asyncio.Task[None] | None = None

    @property
    def key(self) -> str:
        return f"review/{self.table_id}/{self.seat}"

    def answer(self) -> ReviewState:
        return ReviewState(
            state=self.state, done=self.done, total=self.total, deals=self.deals, review=None
        )


# --- The store ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class _Kept:
    """A review as stored."""

    table_id: str
    seat: int
    deals: int
    seed: int
    state: State
    done: int
    total: int
    review: dict[str, Any] | None
    error: str | None

    def answer(self) -> ReviewState:
        return ReviewState(
            state=self.state,
            done=self.done,
            total=self.total,
            deals=self.deals,
            # (read back through the core: its words made from the moves, as for a new one)
            review=None
            if self.state != "done" or self.review is None
            else review.Review.from_dict(self.review).to_dict(),
            error=self.error,
        )


def _kept(row: ReviewRow) -> _Kept:
    state: State = row.state  # type: ignore[assignment]  # (the table's check holds it to these)
    return _Kept(
        row.table_id,
        row.seat,
        row.deals,
        row.seed,
        state,
        row.done,
        row.total,
        row.review,
        row.error,
    )


def stored(store: Store, table_id: str, seat: int) -> _Kept | None:
    """The review of a game's seat as stored, or None."""
    with store._transaction(f"read the review of seat {seat} of {table_id!r}", read=True) as s:
        row = s.get(ReviewRow, (table_id, seat))
        return None if row is None else _kept(row)


def begin(store: Store, table_id: str, seat: int, deals: int, seed: int, total: int) -> None:
    """Store a review asked for (queued), or one that failed asked again (queued afresh)."""
    with store._transaction(f"keep the review of seat {seat} of {table_id!r}") as session:
        row = session.get(ReviewRow, (table_id, seat))
        if row is None:
            session.add(
                ReviewRow(
                    table_id=table_id,
                    seat=seat,
                    deals=deals,
                    seed=seed,
                    state="queued",
                    done=0,
                    total=total,
                    review=None,
                    error=None,
                    created=datetime.now(UTC),
                    finished=None,
                )
            )
        elif row.state == "failed":
            row.deals, row.seed, row.state, row.done, row.total = deals, seed, "queued", 0, total
            row.review, row.error, row.finished = None, None, None


def progress(
    store: Store,
    table_id: str,
    seat: int,
    state: State,
    done: int,
    total: int,
    partial: dict[str, Any] | None,
    error: str | None = None,
) -> None:
    """Keep how far a review is (``partial``: the decisions judged so far, as a review), or
    its end: ``done`` with the whole review, or ``failed`` with a sentence."""
    with store._transaction(f"keep the review of seat {seat} of {table_id!r}") as session:
        row = session.get(ReviewRow, (table_id, seat))
        if row is None:  # (its table was deleted meanwhile)
            return
        row.state, row.done, row.total, row.review, row.error = state, done, total, partial, error
        if state in ("done", "failed"):
            row.finished = datetime.now(UTC)


def unfinished(store: Store) -> list[_Kept]:
    """Every review queued or running (taken up again at start-up), oldest first."""
    with store._transaction("read the reviews in progress", read=True) as session:
        rows = session.scalars(
            select(ReviewRow)
            .join(TableRow, TableRow.id == ReviewRow.table_id)
            .where(ReviewRow.state.in_(("queued", "running")))
            .order_by(ReviewRow.created)
        ).all()
        return [_kept(row) for row in rows]


# --- The work -----------------------------------------------------------------------------


def _game_of(kept: KeptRecord) -> Game:
    """The finished game of a kept record."""
    return record.loads(gzip.decompress(kept.record))


def _positions(kept: KeptRecord, seat: int) -> tuple[list[review.Position], str]:
    """The seat's decisions in the game of a kept record, and the unit of its scores."""
    game = _game_of(kept)
    return review.positions(game, seat), ("counter" if game.rules.counters else "point")


class Reviews:
    """The server's reviews: those in progress in memory, each worked out by a task of its
    own that asks the pool one decision at a time. ``limits``: the site's limits in Redis
    (the reviews asked and looked at counted across its processes)."""

    def __init__(self, hub: Hub, *, limits: SharedLimits | None = None) -> None:
        self.hub = hub
        self.deals = hub.config.review_deals or review.DEFAULT_DEALS
        self.most = hub.config.reviews_most
        self.working: dict[tuple[str, int], _Work] = {}
        self.asks = RateLimit(
            "reviews asked", per_minute=ASKS_PER_MINUTE, burst=ASKS_BURST, shared=limits
        )
        self.reads = RateLimit(
            "looks at reviews", per_minute=READS_PER_MINUTE, burst=READS_BURST, shared=limits
        )
        self._lock = asyncio.Lock()
        self._closed = False

    async def ask(self, kept: KeptRecord, seat: int, address: str) -> tuple[bool, ReviewState]:
        """Ask for the review of ``seat`` of a finished game: (whether it is done, its state).
        A review asked before is answered as it is (no new work); a new one is refused beyond
        the bounds (:class:`TooMany`), or for a seat the game has not (:class:`TableError`)."""
        table_id = kept.table_id
        async with self._lock:
            work = self.working.get((table_id, seat))
            if work is not None:
                return False, work.answer()
            found: _Kept | None = await self.hub.db(stored, self.hub.store, table_id, seat)
            if found is not None and found.state != "failed":
                if found.state == "done":
                    return True, found.answer()
                # (stored in progress but not worked out here: taken up again now)
            else:
                await self._bound(address)
            loop = asyncio.get_running_loop()
            try:
                positions, unit = await loop.run_in_executor(None, _positions, kept, seat)
            except HeartsError as error:
                raise TableError(f"this game cannot be reviewed: {error}", 422) from None
            seed = review_seed(table_id, seat)
            if found is None or found.state == "failed":
                await self.hub.db(
                    begin, self.hub.store, table_id, seat, self.deals, seed, len(positions)
                )
                deals = self.deals
            else:
                deals, seed = found.deals, found.seed
            work = _Work(table_id, seat, deals, seed, address, total=len(positions))
            self._start(work, positions, unit)
            return False, work.answer()

    async def _bound(self, address: str) -> None:
        """Refuse a new review beyond the bounds: in all, and one at a time an address."""
        if any(work.address == address for work in self.working.values()):
            raise TooMany(
                "you have a review being worked out already: ask for another once it is done",
                30,
            )
        if len(self.working) >= self.most:
            raise TooMany(
                f"the server has {len(self.working)} reviews being worked out already: "
                "ask again in a few minutes",
                60,
            )
        await self.asks.acheck(address)

    async def look(self, kept: KeptRecord, seat: int) -> ReviewState:
        """How far the review of ``seat`` of a game is (a :class:`TableError` if nobody asked)."""
        work = self.working.get((kept.table_id, seat))
        if work is not None:
            return work.answer()
        found: _Kept | None = await self.hub.db(stored, self.hub.store, kept.table_id, seat)
        if found is None:  # (no miss of the guard's: the game is there)
            raise HTTPException(
                404,
                f"nobody has asked for the review of seat {seat} of this game yet: "
                "ask for it with POST",
            )
        return found.answer()

    def _start(
        self, work: _Work, positions: Sequence[review.Position] | None, unit: str | None
    ) -> None:
        self.working[(work.table_id, work.seat)] = work
        work.task = asyncio.create_task(self._run(work, positions, unit), name=work.key)

    async def resume(self) -> int:
        """Take up again every review the store holds in progress (at start-up)."""
        left: list[_Kept] = await self.hub.db(unfinished, self.hub.store)
        for found in left:
            if (found.table_id, found.seat) in self.working:
                continue
            work = _Work(found.table_id, found.seat, found.deals, found.seed, None)
            work.done, work.total = found.done, found.total
            self._start(work, None, None)
        if left:
            log.info("%d reviews in progress taken up again", len(left))
        return len(left)

    def close(self) -> None:
        """Stop working (the server stops): what is in progress stays in the store, taken up
        again at the next start."""
        self._closed = True
        for work in self.working.values():
            if work.task is not None:
                work.task.cancel()

    async def _run(
        self, work: _Work, given: Sequence[review.Position] | None, unit_given: str | None
    ) -> None:
        """Work out a review: each decision in the pool, its progress kept, the review stored."""
        db, store = self.hub.db, self.hub.store
        try:
            decisions: list[review.Decision] = []
            forced = 0
            unweighed: list[str] = []  # (the kind of each decision not weighed)
            if given is not None and unit_given is not None:
                positions, unit = given, unit_given
            else:  # (taken up again: where was it?)
                kept = await self.hub.kept_record(work.table_id)
                loop = asyncio.get_running_loop()
                positions, unit = await loop.run_in_executor(None, _positions, kept, work.seat)
                found: _Kept | None = await db(stored, store, work.table_id, work.seat)
                if found is not None and found.review is not None:
                    so_far = review.Review.from_dict(found.review)
                    decisions = list(so_far.decisions)
                    done = len(decisions) + so_far.forced + so_far.unweighed
                    judged = {decision.ply for decision in decisions}
                    before = [p for p in positions[:done] if p.ply not in judged]
                    forced = sum(1 for p in before if p.forced)
                    unweighed = [p.kind for p in before if not p.forced]
            work.total = len(positions)
            work.done = len(decisions) + forced + len(unweighed)
            work.state = "running"
            since = 0
            for position in positions[work.done :]:
                decision = None
                if position.weighed:
                    decision = await self._judge(work, position)
                if decision is not None:
                    decisions.append(decision)
                elif position.forced:
                    forced += 1
                else:
                    unweighed.append(position.kind)
                work.done += 1
                since += 1
                if since >= CHECKPOINT and work.done < work.total:
                    since = 0
                    partial = review.assemble(
                        work.seat, work.deals, work.seed, decisions, forced,
                        unit=unit, unweighed=unweighed,
                    )  # fmt: skip
                    await db(
                        progress,
                        store,
                        work.table_id,
                        work.seat,
                        "running",
                        work.done,
                        work.total,
                        partial.to_dict(),
                    )
            whole = review.assemble(
                work.seat, work.deals, work.seed, decisions, forced,
                unit=unit, unweighed=unweighed,
            )  # fmt: skip
            await db(
                progress, store, work.table_id, work.seat, "done", work.done, work.total,
                whole.to_dict(),
            )  # fmt: skip
            work.state = "done"
            log.info(
                "review of seat %d of %s done: %d decisions, %d forced, %d not weighed",
                work.seat,
                work.table_id,
                len(decisions),
                forced,
                len(unweighed),
            )
        except (asyncio.CancelledError, PoolClosed):
            return  # (the server stops: taken up again at its next start)
        except Exception as error:
            if self._closed:
                return
            sentence = _sentence(error)
            log.error("review of seat %d of %s failed: %s", work.seat, work.table_id, sentence)
            work.state = "failed"
            with contextlib.suppress(Exception):
                await db(
                    progress, store, work.table_id, work.seat, "failed", work.done, work.total,
                    None, sentence[:400],
                )  # fmt: skip
        finally:
            self.working.pop((work.table_id, work.seat), None)

    async def _judge(self, work: _Work, position: review.Position) -> review.Decision | None:
        """One decision judged in the pool; asked again later while the pool has too many
        review decisions waiting."""
        while True:
            try:
                return await self.hub.pool.judge(position, work.deals, work.seed, key=work.key)
            except BotBusy as busy:
                await asyncio.sleep(busy.retry_after)


def _sentence(error: BaseException) -> str:
    if isinstance(error, BotError | HeartsError):
        return str(error).strip().rstrip(".")
    return f"the review could not be worked out ({type(error).__name__})"


# --- The routes ---------------------------------------------------------------------------


def _reviews(request: Request) -> Reviews:
    found: Reviews = request.app.state.reviews
    return found


async def seen_game(request: Request, key: str) -> KeptRecord:
    """The finished game ``key`` (a table's id or code), if the asker may see its replay: the
    rule of ``GET /api/games/{key}/replay`` (404 for no such game, 409 for one still played).
    Every review route asks here, and only here, who may see a game: an open event's deal
    only its players who finished it (:func:`hearts.server.events.check_game`)."""
    await events.check_game(request, key)
    hub: Hub = request.app.state.hub
    kept = await hub.kept_record(key)
    return kept


_PLAYERS: dict[str, int] = {}
"""The number of seats of the games lately asked about (a finished game's never changes)."""
_PLAYERS_KEPT: Final = 1024


def _seat_of(kept: KeptRecord, seat: int) -> int:
    """``seat`` if the game has it, else a sentence (422)."""
    players = _PLAYERS.get(kept.table_id)
    if players is None:
        players = _players(kept)
        if len(_PLAYERS) >= _PLAYERS_KEPT:
            _PLAYERS.clear()
        _PLAYERS[kept.table_id] = players
    if not 0 <= seat < players:
        raise TableError(
            "this game has no {seat}: its seats are numbered 0 to " + f"{players - 1}",
            422,
            seat=seat,
        )
    return seat


def _players(kept: KeptRecord) -> int:
    data = record.parse_json(gzip.decompress(kept.record))
    return int(data["rules"]["players"])


_ANSWERS: dict[int | str, dict[str, Any]] = {
    404: {"description": "no finished game by that key, or (GET) no review asked yet"},
    409: {"description": "the game is still being played"},
    422: {"description": "no such seat in this game, or a game the expert cannot review"},
    429: {"description": "too many reviews asked or looked at, or in progress"},
}


async def _looking(request: Request) -> None:
    """A look-up of a game by its id or code: refused (429) while the client's misses of
    games that are not there are spent, as every look-up of a table or game is."""
    await request.app.state.guard.looking(request)


router = APIRouter(tags=["reviews"], dependencies=[Depends(_looking)])
"""The routes of reviews (``app.include_router(reviews.router)``)."""


@router.post(
    "/api/games/{key}/reviews/{seat}",
    status_code=202,
    response_model=ReviewState,
    responses={200: {"description": "the review, done", "model": ReviewState}, **_ANSWERS},
)
async def ask_review(request: Request, key: str, seat: int) -> JSONResponse:
    """Ask for the expert's review of one seat (from 0) of a finished game: 202 and how far
    it is (poll the GET); the same review again (200, no new work) once it is done. Each is
    worked out once per game and seat, behind the tables' play, and kept."""
    reviews = _reviews(request)
    address = scope_key(request)
    await reviews.reads.acheck(address)
    kept = await seen_game(request, key)
    _seat_of(kept, seat)
    done, state = await reviews.ask(kept, seat, address)
    return JSONResponse(state.model_dump(), status_code=200 if done else 202)


@router.get("/api/games/{key}/reviews/{seat}", responses=_ANSWERS)
async def look_review(request: Request, key: str, seat: int) -> ReviewState:
    """How far the review of one seat of a finished game is, and the review once done."""
    reviews = _reviews(request)
    await reviews.reads.acheck(scope_key(request))
    kept = await seen_game(request, key)
    _seat_of(kept, seat)
    return await reviews.look(kept, seat)
