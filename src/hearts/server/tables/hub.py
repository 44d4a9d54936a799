"""Every table in play: :class:`Hub`, with the store they are kept in and the bots' pool.

The hub makes tables (checking their form, options and seats), seats the people who join, finds
a table by its id or code (and says why one closed is gone), closes a table nobody came to, takes
over tables a process that is gone kept (:mod:`hearts.server.cluster`), writes the tables'
events to the store in batches (one commit for the appends that wait while another is under
way), and makes finished games' records and replays in a process of their own. One table's play
is :class:`~hearts.server.tables.table.Table`'s.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import dataclasses
import logging
import multiprocessing
import os
import secrets
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from hearts import bots, variants
from hearts.errors import HeartsError, InvalidRecord
from hearts.events import Event, move_of
from hearts.game import Game
from hearts.rules import Rules
from hearts.server import ratings, replay
from hearts.server.botpool import BotPool
from hearts.server.config import ServerConfig
from hearts.server.limits import RateLimit, SharedLimits
from hearts.server.store import (
    KeptRecord,
    NewSeat,
    Store,
    StoredTable,
    StoreError,
    hash_token,
)
from hearts.server.tables.parts import (
    Seat,
    TableError,
    TableOptions,
    _burst,
    _sentence,
    checked_name,
)
from hearts.server.tables.table import Table

if TYPE_CHECKING:
    from hearts.server.cluster import Cluster

log = logging.getLogger("hearts.server")

_CLOSED_KEPT: Final = 20_000
"""Ids and codes of tables closed unclaimed kept in memory, to tell a late creator why."""


_STILL_PLAYED: Final = "the game is still being played: its record is given once it is over"

_KEPT_MOST: Final = 64
"""Finished games whose record and replay the server keeps in memory too (the last served)."""

_MAKING_MOST: Final = 8
"""Finished games whose record and replay may be being made at once (one process makes them
in turn): a request for another is refused until one is done."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Source:
    """What a finished game's record and replay are made from (sent to the making process)."""

    table_id: str
    code: str
    rules: Rules
    seed: int | None
    dealer: int
    events: Sequence[Event]
    names: list[str]


class Hub:
    """Every table in play, the store they are kept in, and the bots' pool."""

    def __init__(
        self, config: ServerConfig, store: Store, *, limits: SharedLimits | None = None
    ) -> None:
        self.config = config
        self.store = store
        self.tables: dict[str, Table] = {}
        self.codes: dict[str, str] = {}
        self.pool = BotPool(config.bot_workers)
        self.hint_seats = RateLimit(
            "hints",
            config.hint_rate,
            _burst(config.hint_rate),
            shared=limits,
            name="hints of a seat",
        )
        """Hints a seat may ask, counted across its sockets (keyed by table and seat; with
        ``limits``, the site's limits in Redis, across the processes too)."""
        self.hint_addresses = RateLimit(
            "hints",
            config.hint_rate_address,
            _burst(config.hint_rate_address),
            shared=limits,
            name="hints of an address",
        )
        """Hints a client address may ask, across its sockets and tables (and processes)."""
        self._pending: list[
            tuple[tuple[str, int, Sequence[Event], str | None], asyncio.Future[StoreError | None]]
        ] = []
        self._writing = False
        self._writer: asyncio.Future[None] | None = None
        self._db = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="hearts-store"
        )
        self.closed: dict[str, str] = {}
        """Tables closed unclaimed (by id and by code, the newest last, at most
        :data:`_CLOSED_KEPT`): why, told to whoever looks for one later."""
        self._closing: set[asyncio.Future[None]] = set()
        self._claims: dict[str, asyncio.TimerHandle] = {}
        """The claim timers of new tables (until they run out)."""
        self._kept: collections.OrderedDict[str, KeptRecord] = collections.OrderedDict()
        """The last finished games' records and replays served, by table id and by code."""
        self._making: dict[str, asyncio.Future[KeptRecord]] = {}
        """The records and replays being made, by table id."""
        self._maker: concurrent.futures.ProcessPoolExecutor | None = None
        self.cluster: Cluster | None = None
        """This process's part when several serve the store (hearts.server.cluster), or None."""

    async def append(
        self, table_id: str, first: int, events: Sequence[Event], status: str | None
    ) -> None:
        """Store a table's new events; returns once they are committed (raises the store's
        refusal). The appends that wait while one commit is under way go together in the next:
        one transaction for many tables, each append in a savepoint of its own, so that under
        load a commit is shared rather than queued for."""
        done: asyncio.Future[StoreError | None] = asyncio.get_running_loop().create_future()
        self._pending.append(((table_id, first, events, status), done))
        if not self._writing:
            self._writing = True
            self._writer = asyncio.ensure_future(self._write())
        failure = await done
        if failure is not None:
            raise failure

    async def _write(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    results = await self.db(self.store.append_many, [item for item, _ in batch])
                except Exception as error:  # (the whole commit failed: every append in it)
                    results = [StoreError(str(error))] * len(batch)
                for (_, done), result in zip(batch, results, strict=True):
                    if not done.done():
                        done.set_result(result)
        finally:
            self._writing = False

    async def db(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a store call on the store's own thread (one at a time, in order)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: function(*args, **kwargs))

    async def settle(self, table_id: str | None, events: Sequence[Event] | None = None) -> None:
        """Settle a finished game's statistics and ratings (once: :func:`ratings.settle`); one
        that fails is settled at the next start, when ``table_id`` None settles every game left
        (:func:`ratings.settle_pending`)."""
        try:
            if table_id is None:
                await self.db(ratings.settle_pending, self.store)
            else:
                await self.db(ratings.settle, self.store, table_id, events=events)
        except Exception as error:
            log.error("games' statistics and ratings were not settled (%s): %s", table_id, error)

    async def event_over(self, table: Table) -> None:
        """An event's table is over: its play's points go to the event (hearts.server.events;
        one that fails is settled when the event is next read)."""
        from hearts.server import events  # (it imports this module)

        try:
            await self.db(events.settle_play, self.store, table.id, tuple(table.game.scores))
        except Exception as error:
            log.error("table %s: its event's play was not settled: %s", table.id, error)

    def find(self, key: str) -> Table:
        """A table by its id or its join code (any case); one closed unclaimed is refused with
        why (410), one that is not here with 404."""
        table = self.tables.get(key) or self.tables.get(self.codes.get(key.strip().upper(), ""))
        if table is None:
            gone = self.closed.get(key) or self.closed.get(key.strip().upper())
            if gone is not None:
                raise TableError(gone, 410)
            raise TableError(f"there is no table {key!r} here: check the link or the code", 404)
        return table

    async def create(
        self,
        variant: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[str | None],
        name: str,
        table_options: TableOptions,
    ) -> tuple[Table, str]:
        """A new table (its creator in the first person's seat): the table and the creator's
        token."""
        name = checked_name(name)
        try:
            rules = (
                variants.get(variant)
                if players is None
                else variants.for_players_named(variant, players)
            )
            if options:
                rules = rules.replace(**options)
        except (HeartsError, TypeError, ValueError) as error:
            raise TableError(_sentence(str(error))) from None
        if len(seats) != rules.players:
            raise TableError(
                f"{rules.players} players need {rules.players} seats, not {len(seats)}"
            )
        for bot in seats:
            if bot is not None:
                try:
                    bots.get(bot)
                except HeartsError as error:
                    raise TableError(_sentence(str(error))) from None
        if all(bot is not None for bot in seats):
            raise TableError("a table needs at least one seat for a person")
        seed = secrets.randbits(63)
        game = Game(rules, seed=seed, hand_seeds=True)
        token = secrets.token_urlsafe(24)
        creator = seats.index(None)
        names = [
            bot.lower() if bot is not None else name if number == creator else f"Seat {number + 1}"
            for number, bot in enumerate(seats)
        ]
        new = [
            NewSeat(names[number], "bot", bot.lower())
            if bot is not None
            else NewSeat(names[number], "human", None, token if number == creator else None)
            for number, bot in enumerate(seats)
        ]
        table = await self.open_table(variant, rules, new, creator, table_options, game)
        return table, token

    async def open_table(
        self,
        variant: str,
        rules: Rules,
        new: Sequence[NewSeat],
        creator: int,
        table_options: TableOptions,
        game: Game | None = None,
    ) -> Table:
        """Store a new table of ``rules`` with the seats ``new`` (checked already) and put it
        in play: the people away until their sockets come (``creator``'s first), the bots
        moving, the claim time running. ``game``: its game, dealt already (by default a new
        one on a fresh seed). Refused (503) when the server has ``max_tables`` in play, however
        the table is made (the lobby, Play again, a match, an event's deal)."""
        if self.cluster is not None and self.cluster.stopping:
            raise TableError("this server's process is stopping: try again in a moment", 503)
        if (
            len([table for table in self.tables.values() if not table.game.is_over])
            >= self.config.max_tables
        ):
            raise TableError("this server has as many tables as it can take: try again later", 503)
        if game is None:
            game = Game(rules, seed=secrets.randbits(63), hand_seeds=True)
        events = game.events
        assert game.seed is not None
        kept = await self.db(
            self.store.create_table,
            variant=variant,
            rules=rules,
            options=table_options.to_dict(),
            seed=game.seed,
            dealer=0,
            seats=new,
            events=events,
            owner=None if self.cluster is None else self.cluster.id,
        )
        table_id, code = kept.id, kept.code
        places = [
            Seat(s.seat, s.name, s.bot if s.kind == "bot" else None, s.token_hash)
            for s in kept.seats
        ]
        table = Table(self, table_id, code, variant, game, places, table_options, len(events))
        self.tables[table_id] = table
        self.codes[code] = table_id
        for seat in places:
            if seat.human and seat.number != creator:
                table.start_grace(seat)
        table.start_grace(places[creator])  # (until the creator's socket comes)
        table._set_timer()  # (a person may be the first to move: their time runs from now)
        table.kick()
        table.claimed = False
        self._claims[table.id] = asyncio.get_running_loop().call_later(
            self.config.claim_time, self._claim_over, table
        )
        if self.cluster is not None:
            self.cluster.changed()
        return table

    def _claim_over(self, table: Table) -> None:
        """The claim time of a new table has passed: closed if nobody came."""
        self._claims.pop(table.id, None)
        if table.claimed or table.gone is not None or self.tables.get(table.id) is not table:
            return
        task = asyncio.ensure_future(self._close_unclaimed(table))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _close_unclaimed(self, table: Table) -> None:
        """Close a table nobody came to: marked closed in the store, then out of memory (its
        place freed); a socket that says hello at it later, or a look-up of it, is told why.
        If the store cannot mark it, it stays, and is tried again a claim time later."""
        async with table.lock:
            if table.claimed or table.game.is_over or self.tables.get(table.id) is not table:
                return
            try:
                await self.db(self.store.close_table, table.id)
            except Exception as error:  # (the store is down: tried again later)
                log.error("table %s could not be closed unclaimed: %s", table.id, error)
                self._claims[table.id] = asyncio.get_running_loop().call_later(
                    self.config.claim_time, self._claim_over, table
                )
                return
            minutes = self.config.claim_time / 60
            within = (
                f"{minutes:g} minute{'s' if minutes != 1 else ''}"
                if minutes >= 1
                else f"{self.config.claim_time:g} s"
            )
            table.gone = (
                f"this table was closed: nobody took a seat at it within {within} of its "
                "making; make a new one"
            )
            self.tables.pop(table.id, None)
            self.codes.pop(table.code, None)
            for key in (table.id, table.code):
                self.closed.pop(key, None)
                self.closed[key] = table.gone
            while len(self.closed) > _CLOSED_KEPT:
                del self.closed[next(iter(self.closed))]
            for client in list(table.watchers):
                client.refuse("not_found", table.gone)
                client.close()
            table.close()
        log.info("table %s closed: nobody came within its claim time", table.id)

    async def join(
        self, key: str, name: str, seat: int | None, *, event: bool = False
    ) -> tuple[Table, int, str]:
        """Claim a person's free seat (``seat``, or the first free): the seat and its token.
        A seat at an event's table is taken only through its event (``event``: the event's
        route asks, having checked the person's entry).

        The seat is chosen and stored under the table's lock, and taken in memory only once
        the store has it: two joins cannot both have one seat, and a join the store cannot
        keep (refused 503, a sentence) leaves the seat free for the next."""
        name = checked_name(name)
        table = self.find(key)
        if table.options.event is not None and not event:
            raise TableError(
                "this table plays a deal of an event: take a seat from the event's page", 403
            )
        async with table.lock:
            if table.game.is_over:
                raise TableError("the game at this table is over: there is no seat to take", 409)
            free = [
                place
                for place in table.seats
                if place.human and place.token is None and not place.left
            ]
            if seat is not None:
                chosen = [place for place in free if place.number == seat]
                if not chosen:
                    raise TableError("{seat} is not free at this table", 409, seat=seat)
                free = chosen
            if not free:
                raise TableError(
                    "every seat for a person at this table is taken: watch it instead", 409
                )
            place = free[0]
            token = secrets.token_urlsafe(24)
            try:
                await self.db(
                    self.store.update_seat, table.id, place.number, name=name, token=token
                )
            except StoreError as error:
                log.error(
                    "table %s: seat %d could not be stored: %s", table.id, place.number, error
                )
                raise TableError(
                    "the seat could not be saved, so it was not taken: try again in a moment", 503
                ) from None
            place.token = hash_token(token)
            place.name = name
            table.broadcast()
        return table, place.number, token

    def find_quietly(self, key: str) -> Table | None:
        """A table in play here by its id or code, or None (nothing is said or charged)."""
        return self._in_memory(key)

    def _in_memory(self, key: str) -> Table | None:
        return self.tables.get(key) or self.tables.get(self.codes.get(key.strip().upper(), ""))

    async def kept_record(self, key: str) -> KeptRecord:
        """A finished game's record and replay (gzipped JSON), by its table's id or code.

        Made once: the first request has the game played again and both made in a process
        of the server's own (:func:`hearts.server.replay.make_kept`, off the event loop and at
        a lower priority than the bots), kept in the store and served from there ever after,
        across restarts; the last few are kept in memory too. Requests for one game while it
        is being made wait for that one making."""
        known = self._remembered(key)
        if known is not None:
            return known
        table = self._in_memory(key)
        if table is not None and not table.game.is_over:
            raise TableError(_STILL_PLAYED, 409)
        kept: KeptRecord | None = await self.db(self.store.kept_record, key)
        if kept is not None and kept.format == replay.KEPT_FORMAT:
            self._remember(kept)
            return kept
        if table is not None:
            async with table.lock:  # (the game as the store holds it: its end is stored)
                if not table.game.is_over:  # pragma: no cover - a game over stays over
                    raise TableError(_STILL_PLAYED, 409)
                game = table.game
                source = _Source(
                    table.id,
                    table.code,
                    game.rules,
                    game.seed,
                    game.first_dealer,
                    tuple(game.events),
                    [seat.name for seat in table.seats],
                )
        else:
            stored = await self.db(self.store.get, key) or await self.db(self.store.by_code, key)
            if stored is None:
                raise TableError(f"there is no game {key!r} here: check the link or the code", 404)
            if stored.status == "closed":
                raise TableError("this table was closed before anyone played at it: no game", 410)
            if stored.status != "over":
                raise TableError(_STILL_PLAYED, 409)
            source = _Source(
                stored.id,
                stored.code,
                stored.rules,
                stored.seed,
                stored.dealer,
                stored.events,
                [seat.name for seat in sorted(stored.seats, key=lambda seat: seat.seat)],
            )
        return await self._make(source)

    async def _make(self, source: _Source) -> KeptRecord:
        """Make a game's record and replay, once however many ask at the same time; at most
        :data:`_MAKING_MOST` games at once (beyond: 503, a sentence)."""
        making = self._making.get(source.table_id)
        if making is None:
            if len(self._making) >= _MAKING_MOST:
                raise TableError(
                    "the server is making other games' replays just now: try again in a minute",
                    503,
                )
            making = asyncio.ensure_future(self._made(source))
            self._making[source.table_id] = making

            def done(future: asyncio.Future[KeptRecord]) -> None:
                self._making.pop(source.table_id, None)
                if not future.cancelled():
                    future.exception()  # (retrieved: told to whoever waits, logged if none)

            making.add_done_callback(done)
        return await asyncio.shield(making)

    async def _made(self, source: _Source) -> KeptRecord:
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            maker = self._maker_pool()
            try:
                record, shown = await loop.run_in_executor(
                    maker,
                    replay.make_kept,
                    source.table_id,
                    source.rules,
                    source.seed,
                    source.dealer,
                    source.events,
                    source.names,
                )
                break
            except concurrent.futures.process.BrokenProcessPool:
                log.error("the process that makes records and replays stopped: starting another")
                if self._maker is maker:
                    self._maker = None
                maker.shutdown(wait=False, cancel_futures=True)
                if attempt:
                    raise TableError(
                        "the game's replay could not be made just now: try again", 503
                    ) from None
            except InvalidRecord as error:
                log.error("table %s: its record cannot be made: %s", source.table_id, error)
                raise TableError(
                    "this game's record cannot be made again from what the server kept", 500
                ) from None
        kept = KeptRecord(source.table_id, source.code, replay.KEPT_FORMAT, record, shown)
        try:
            await self.db(self.store.keep_record, kept.table_id, kept.format, record, shown)
        except StoreError as error:
            log.warning(
                "table %s: its record and replay could not be stored (made again when asked "
                "for after a restart): %s",
                kept.table_id,
                error,
            )
        self._remember(kept)
        return kept

    def _maker_pool(self) -> concurrent.futures.ProcessPoolExecutor:
        """The process that makes records and replays (started when first needed)."""
        if self._maker is None:
            self._maker = concurrent.futures.ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=replay.start_maker,
                initargs=(os.getpid(),),
            )
        return self._maker

    def _remembered(self, key: str) -> KeptRecord | None:
        found = self._kept.get(key) or self._kept.get(key.replace("-", "").replace(" ", "").upper())
        if found is not None:
            self._remember(found)  # (the last served is the last forgotten)
        return found

    def _remember(self, kept: KeptRecord) -> None:
        """Keep a record and replay in memory too, by id and by code (the last
        :data:`_KEPT_MOST` games)."""
        for key in (kept.table_id, kept.code):
            self._kept[key] = kept
            self._kept.move_to_end(key)
        while len(self._kept) > 2 * _KEPT_MOST:
            self._kept.popitem(last=False)

    def forget(self, table: Table) -> None:
        """A finished table nobody is at any more leaves memory (the store keeps it)."""
        if table.game.is_over and not table.watchers and not any(s.clients for s in table.seats):
            table.close()
            self.tables.pop(table.id, None)
            self.codes.pop(table.code, None)

    def seat_of(self, table: Table, token: str) -> int:
        """The seat a token belongs to, or a refusal."""
        digest = hash_token(token)
        for place in table.seats:
            if place.token is not None and secrets.compare_digest(place.token, digest):
                if place.left:
                    raise TableError("you left this table for good: a bot plays your seat now", 403)
                return place.number
        raise TableError("that token is no seat at this table", 403)

    async def resume(self) -> int:
        """Every table the store holds in play, back where it stood (at start-up). Several
        processes on one store: none here (each is taken over by the first to find its
        process gone: hearts.server.cluster)."""
        settling = asyncio.ensure_future(self.settle(None))
        self._closing.add(settling)
        settling.add_done_callback(self._closing.discard)
        if self.cluster is not None:
            return 0
        stored = await self.db(self.store.playing)
        resumed = 0
        for kept in stored:
            resumed += await self.adopt(kept)
        log.info("%d %s resumed from the store", resumed, "table" if resumed == 1 else "tables")
        return resumed

    async def adopt(self, kept: StoredTable) -> bool:
        """Put a table the store holds in play here, where it stood: its game played again
        from its events and checked against them, its seats' accounts, its people given their
        grace period, its timer and bots started. False if it cannot be played again."""
        from hearts.server.accounts import seat_accounts  # (it imports this module)

        try:
            table = self._rebuild(kept)
        except HeartsError as error:
            log.error("table %s cannot be resumed: %s", kept.id, error)
            return False
        held = await self.db(seat_accounts, self.store, [kept.id])
        if kept.id in self.tables:
            return True  # (taken up meanwhile)
        for seat in table.seats:
            seat.account_id = held.get((table.id, seat.number))
        self.tables[table.id] = table
        self.codes[table.code] = table.id
        for seat in table.seats:
            if seat.human:
                table.start_grace(seat)
        table._set_timer()
        table.kick()
        return True

    def _rebuild(self, kept: StoredTable) -> Table:
        """A table as the store kept it: its game replayed from its events (and checked against
        them), its seats, its people away until they come back."""
        moves = [move for index, event in enumerate(kept.events) if (move := move_of(event, index))]
        game = Game.replay(kept.rules, kept.seed, moves, dealer=kept.dealer, hand_seeds=True)
        if tuple(game.events) != kept.events:
            raise InvalidRecord("its events are not those its moves make again")
        seats = [
            Seat(s.seat, s.name, s.bot if s.kind == "bot" else None, s.token_hash, left=s.left)
            for s in kept.seats
        ]
        options = TableOptions.from_dict(kept.options)
        return Table(self, kept.id, kept.code, kept.variant, game, seats, options, len(kept.events))

    def close(self) -> None:
        for claim in self._claims.values():
            claim.cancel()
        for task in self._closing:
            task.cancel()
        for table in self.tables.values():
            table.close()
        self.pool.close()
        if self._maker is not None:
            self._maker.shutdown(wait=False, cancel_futures=True)
        self._db.shutdown(wait=True)
