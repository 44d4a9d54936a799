"""The tables in play: :class:`Hub` (every table, the store, the bots' pool) and :class:`Table`.

A table is a :class:`~hearts.game.Game` and its seats. Every move — a person's from a socket,
a bot's from the pool — goes through :meth:`Table.play`: the core says whether it is legal
(its sentence goes back to the one who tried, and nothing changes), the new events are stored
in one transaction, and only then does every client get the new state, each built from what
that client may see: a seat's view (``Game.view(seat)``), or for a watcher the public view
(``Game.public_view()``), which holds no card of any hand. A move that cannot be stored is
taken back, and the one who made it told. Every state is built under the table's lock, which a
move holds until it is stored: a socket that says hello, or asks for the state again, while a
move is being written waits for it, so no client is ever shown a move the store does not hold.

Seats: a person's seat is claimed by joining (the lobby hands out a secret token, kept here
only as its hash); a bot's seat is played by its bot. A person who has not come yet, or whose
sockets have all gone, keeps the seat for the table's grace period; then the stand-in bot plays
for them until they come back (the seat is theirs again at once). Leaving for good gives the
seat to the stand-in. With a turn timer, a person who lets it run out has that one move made
by the stand-in.

The bots think in :class:`~hearts.server.botpool.BotPool`'s processes; a table's driver asks
for one bot move at a time and plays it if the position has not changed meanwhile.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import hashlib
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, Final, Literal

from hearts import bots, variants
from hearts.deal import Phase
from hearts.errors import HeartsError, InvalidRecord
from hearts.events import Event, ShuffleCommitted, move_of
from hearts.game import Game
from hearts.moves import Move
from hearts.server import protocol, wire
from hearts.server.botpool import BotPool
from hearts.server.config import ServerConfig
from hearts.server.store import NewSeat, Store, StoredTable, StoreError, hash_token

__all__ = ["Client", "Hub", "Seat", "Table", "TableError", "TableOptions"]

log = logging.getLogger("hearts.server")

_QUEUE = 256
"""Messages waiting for a slow client before it is dropped (it may reconnect and sync)."""


class TableError(HeartsError):
    """A request about a table that cannot be met: the sentence says why (HTTP 4xx)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclasses.dataclass(frozen=True, slots=True)
class TableOptions:
    """A table's own settings, chosen when it is made."""

    public: bool = False
    """Listed in the lobby (a private table is found by its link or code only)."""
    timer: float | None = None
    """Seconds a person has for each move (None: no timer, the default among friends)."""
    grace: float = 60.0
    """Seconds a person who drops keeps the seat before the stand-in plays for them."""
    think: float = 1.0
    """Seconds a move for the searching bots (at most the server's bound)."""

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableOptions:
        return cls(
            **{
                field.name: data[field.name]
                for field in dataclasses.fields(cls)
                if field.name in data
            }
        )


class Client:
    """One socket: its seat (None: a watcher), what waits to be sent to it, its throttle."""

    def __init__(self, send: Callable[[str], Awaitable[None]], config: ServerConfig) -> None:
        self._send = send
        self.seat: int | None = None
        self.table: Table | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(_QUEUE)
        self.closed = asyncio.Event()
        self._rate = config.rate
        self._burst = float(config.burst)
        self._tokens = float(config.burst)
        self._last = time.monotonic()
        self.refused = 0
        """Messages refused in a row for going too fast."""
        self.seq = 0
        """Where in the game's log its last state stood (the next state's ``since``)."""
        self.hinting: asyncio.Task[None] | None = None
        """The hint being worked out for this client (one at a time), or None."""
        self.task = asyncio.create_task(self._sender())

    def allow(self) -> bool:
        """Whether a message may be taken now (a token bucket: ``rate`` a second, ``burst`` at
        once)."""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            self.refused = 0
            return True
        self.refused += 1
        return False

    def put(self, message: protocol.ServerMessage | str) -> None:
        """Queue a message, or its text (a client too slow to take its messages is dropped)."""
        if self.closed.is_set():
            return
        try:
            self.queue.put_nowait(message if isinstance(message, str) else protocol.dump(message))
        except asyncio.QueueFull:
            self.close()

    def refuse(self, code: protocol.ErrorCode, message: str, ref: int | None = None) -> None:
        """Tell the client its message was refused, and why."""
        self.put(protocol.Error(code=code, message=message, ref=ref))

    def close(self) -> None:
        """Send nothing more (the socket's handler then closes it)."""
        if not self.closed.is_set():
            self.closed.set()
            try:
                self.queue.put_nowait(None)
            except asyncio.QueueFull:
                self.task.cancel()

    async def _sender(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    return
                await self._send(text)
        except Exception:  # (a socket gone: the handler sees it too)
            self.closed.set()


@dataclasses.dataclass(slots=True)
class Seat:
    """A seat at a table."""

    number: int
    name: str
    bot: str | None
    """The bot that plays this seat (None: a person's seat)."""
    token: str | None = None
    """The hash of the seat's token (None: a bot's seat, or a person's not yet claimed)."""
    left: bool = False
    """The person left for good: the stand-in plays the seat."""
    clients: set[Client] = dataclasses.field(default_factory=set)
    stand_in: bool = False
    """A bot plays for the person until they come back."""
    grace: asyncio.TimerHandle | None = None

    @property
    def human(self) -> bool:
        return self.bot is None

    def status(self) -> str:
        """``bot``, ``open`` (nobody has joined), ``connected``, ``away`` (in the grace period),
        ``stand_in`` (played by a bot until they return) or ``left``."""
        if self.bot is not None:
            return "bot"
        if self.left:
            return "left"
        if self.clients:
            return "connected"
        if self.stand_in:
            return "stand_in"
        return "open" if self.token is None else "away"


class Table:
    """A game at a table, its seats and its watchers (see the module docstring)."""

    def __init__(
        self,
        hub: Hub,
        table_id: str,
        code: str,
        variant: str,
        game: Game,
        seats: list[Seat],
        options: TableOptions,
        stored: int,
    ) -> None:
        self.hub = hub
        self.id = table_id
        self.code = code
        self.variant = variant
        self.game = game
        self.seats = seats
        self.options = options
        self.watchers: set[Client] = set()
        self.stored = stored
        """Events stored so far."""
        self.lock = asyncio.Lock()
        self._driver: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Future[None]] = set()
        """Work waiting for the lock, scheduled from callbacks (kept until done)."""
        self._turn: tuple[int, int, asyncio.TimerHandle] | None = None
        """The turn timer running: (seat, the position's number of events, its handle)."""
        self.deadline: float | None = None
        """When the turn timer of the person to act runs out (seconds since the epoch)."""
        self._hands: tuple[int, list[dict[str, Any]]] = (0, [])
        """The finished hands' results (:func:`~hearts.server.wire.hand_results`), written once
        per hand settled and shared by every state: (hands over, their results)."""

    # ------------------------------------------------------------------ what clients see

    def info(self) -> dict[str, Any]:
        """The table as the lobby shows it (nothing of the deal)."""
        return {
            "id": self.id,
            "code": self.code,
            "variant": self.variant,
            "players": self.game.players,
            "public": self.options.public,
            "timer": self.options.timer,
            "grace": self.options.grace,
            "over": self.game.is_over,
            "hand": self.game.hand_number + 1,
            "scores": list(self.game.scores),
            "seats": self.seat_list(),
        }

    def seat_list(self) -> list[dict[str, Any]]:
        """The seats as the lobby shows them."""
        acting = set(self.to_act())
        return [
            {
                "seat": seat.number,
                "name": seat.name,
                "bot": seat.bot,
                "status": seat.status(),
                "to_act": seat.number in acting,
            }
            for seat in self.seats
        ]

    def seat_infos(self) -> list[dict[str, Any]]:
        """The seats as a socket is told (:class:`~hearts.server.protocol.SeatInfo`'s fields):
        a person's, a bot's or open, and who is there."""
        infos = []
        for seat in self.seats:
            status = seat.status()
            kind: Literal["human", "bot", "open"] = (
                "bot" if status in ("bot", "left") else "open" if seat.token is None else "human"
            )
            here: Literal["connected", "disconnected", "substitute"] = (
                "connected"
                if status in ("bot", "left", "connected")
                else "substitute"
                if seat.stand_in
                else "disconnected"
            )
            infos.append({"seat": seat.number, "name": seat.name, "kind": kind, "status": here})
        return infos

    def state(self, client: Client, fresh: bool = False) -> str:
        """The whole state as ``client`` may see it (its seat's view, or a watcher's), with
        the events since its last state (none when ``fresh``: the view has it all): the text
        of a :class:`~hearts.server.protocol.State` message."""
        seat = client.seat
        game = self.game
        if seat is None:
            view = wire.public_view(game.public_view())
        else:
            view = wire.seat_view(game.view(seat))
        log = game.events
        seq = len(log)
        since = seq if fresh or client.seq > seq else client.seq
        client.seq = seq
        acting = self.to_act()
        return protocol.state_text(
            view=view,
            seats=self.seat_infos(),
            turn=None if game.is_over or not acting else acting[0],
            deadline=self.deadline,
            server_time=time.time(),
            scores=list(game.scores),
            hands=self.hand_results(log),
            seq=seq,
            since=since,
            events=wire.seen_events(log, seat, game.rules, since),
        )

    def hand_results(self, log: Sequence[Event] | None = None) -> list[dict[str, Any]]:
        """The game's finished hands, as every state carries them (the score sheet): read from
        the log again only when a hand has been settled or taken back since (``log``: the
        game's events, when the caller has them)."""
        settled = self.game.hands_over()  # (a hand's deal is over once the game settled it)
        if settled != self._hands[0]:
            results = wire.hand_results(self.game.events if log is None else log)
            self._hands = (settled, results)
        return self._hands[1]

    def broadcast(self, but: Client | None = None) -> None:
        """Every client (``but`` one) gets the new state, each its own."""
        for client in [c for seat in self.seats for c in seat.clients] + list(self.watchers):
            if client is not but:
                client.put(self.state(client))

    def _tell_all(self, message: protocol.ServerMessage) -> None:
        for seat in self.seats:
            for client in seat.clients:
                client.put(message)
        for client in self.watchers:
            client.put(message)

    # ------------------------------------------------------------------ who acts

    def to_act(self) -> list[int]:
        """The seats that must move now (in a pass, every seat still to pass)."""
        game = self.game
        if game.is_over:
            return []
        if game.deal.phase is Phase.PASS:
            return [seat for seat in range(game.players) if game.legal_moves(seat)]
        return [] if game.to_act is None else [game.to_act]

    def player_for(self, seat: Seat) -> str | None:
        """The bot that moves for a seat now (None: the person does)."""
        if seat.bot is not None:
            return seat.bot
        if seat.left or seat.stand_in:
            return self.hub.config.stand_in
        return None

    # ------------------------------------------------------------------ moves

    async def play(
        self, seat: int, move: Move | str, client: Client | None = None, ref: int | None = None
    ) -> bool:
        """Make a move for ``seat``; its refusal (a sentence) goes to ``client``. True if it was
        made and stored."""
        async with self.lock:
            return await self._play(seat, move, client, ref)

    async def _play(
        self, seat: int, move: Move | str, client: Client | None, ref: int | None
    ) -> bool:
        game = self.game
        hands_before = game.hands_over()
        try:
            if isinstance(move, str):
                move = wire.move_from_wire(move)
            game.play(move, seat)  # (the core says whether it may be made, and why not)
        except (HeartsError, protocol.ProtocolError) as error:
            if client is not None:
                mine = seat in self.to_act() or game.is_over
                client.refuse("illegal" if mine else "not_your_turn", for_people(str(error)), ref)
            return False
        events = game.events
        new = events[self.stored :]
        status = "over" if game.is_over else "playing"
        try:
            await self.hub.append(self.id, self.stored, new, status)
        except Exception as error:
            log.error("table %s: a move could not be stored: %s", self.id, error)
            game.undo()
            if client is not None:
                client.refuse(
                    "unavailable", "the move could not be saved, so it was not made: try again", ref
                )
            return False
        self.stored = len(events)
        self._set_timer()  # (first: the state sent says when the next move's time runs out)
        self.broadcast()
        self._reveal_finished(hands_before)
        self.kick()
        return True

    def _reveal_finished(self, before: int) -> None:
        """Each hand that just ended: its seed, so that every client can check its deal."""
        done = self.game.hands_over()
        for number in range(before, done):
            self._tell_all(self.reveal(number))
        if self.game.is_over:
            self._tell_all(
                protocol.Over(
                    winners=list(self.game.winners()),
                    totals=list(self.game.scores),
                    record=f"/api/games/{self.id}/record",
                )
            )
            self.hub.forget(self)

    def reveal(self, hand_number: int) -> protocol.Reveal:
        """The message that reveals a finished hand's seed and what checks its deal."""
        shown = self.game.reveal(hand_number)
        commitment = next(
            (
                event.commitment
                for event in self.game.events
                if isinstance(event, ShuffleCommitted) and event.hand_number == hand_number
            ),
            None,
        )
        return protocol.Reveal(
            hand_number=shown.hand_number,
            dealer=shown.dealer,
            seed=shown.seed,
            salt=shown.salt,
            order=list(shown.order),
            cut=shown.cut,
            commitment=commitment,
        )

    def kick(self) -> None:
        """Let the bots move, if one is to (one driver a table)."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.create_task(self._drive())

    async def _drive(self) -> None:
        while not self.game.is_over:
            movers = [
                (number, bot)
                for number in self.to_act()
                if (bot := self.player_for(self.seats[number])) is not None
            ]
            if not movers:
                return
            number, bot = movers[0]
            position = self.stored
            view = self.game.view(number)
            think = min(self.options.think, self.hub.config.bot_think)
            try:
                move = await self.hub.pool.choose(bot, _bot_seed(self.id, number), think, view)
            except (concurrent.futures.process.BrokenProcessPool, RuntimeError) as error:
                log.error("table %s: the bots' pool failed: %s", self.id, error)
                return
            async with self.lock:
                if self.stored != position or number not in self.to_act():
                    continue  # (the position moved on meanwhile: ask again)
                if self.player_for(self.seats[number]) is None:
                    continue  # (the person came back)
                await self._play(number, move, None, None)

    # ------------------------------------------------------------------ hints

    def ask_hint(self, client: Client, ref: int | None) -> None:
        """A client asks for a hint: refused at once (a sentence) for a watcher, for a seat
        with no move to make now, or while this client's last hint is still being worked out;
        else worked out in the bots' pool, off the loop, and sent to this client alone."""
        seat = client.seat
        if seat is None:
            client.refuse("unauthorized", "a watcher cannot ask for a hint: join a seat", ref)
        elif client.hinting is not None and not client.hinting.done():
            client.refuse(
                "throttled", "a hint is being worked out for you already: wait for it", ref
            )
        elif self.game.is_over or seat not in self.to_act():
            client.refuse(
                "not_your_turn", "a hint is for your own move, and you have none to make now", ref
            )
        else:
            client.hinting = asyncio.create_task(self._hint(client, seat, ref))

    async def _hint(self, client: Client, seat: int, ref: int | None) -> None:
        """Work out the hint from the seat's own view and send it, unless the seat's move was
        made or its moves changed meanwhile (a stale hint is no use: the client is told to ask
        again). Nothing of the game changes."""
        think = self.hub.config.hint_think
        try:
            move, reason = await self.hub.pool.advise(
                _bot_seed(self.id, seat), think, self.game.view(seat)
            )
        except (concurrent.futures.process.BrokenProcessPool, RuntimeError) as error:
            log.error("table %s: the bots' pool failed on a hint: %s", self.id, error)
            client.refuse("unavailable", "no hint could be worked out just now: ask again", ref)
            return
        still = seat in self.to_act() and wire.move_from_wire(move) in self.game.legal_moves(seat)
        if not still:
            client.refuse(
                "unavailable", "the game moved on while the hint was worked out: ask again", ref
            )
            return
        client.put(protocol.Hint(move=move, reason=reason, ref=ref))

    # ------------------------------------------------------------------ timers

    def _set_timer(self) -> None:
        if self._turn is not None:
            self._turn[2].cancel()
            self._turn = None
            self.deadline = None
        if self.options.timer is None or self.game.is_over:
            return
        people = [n for n in self.to_act() if self.player_for(self.seats[n]) is None]
        if not people:
            return
        number = people[0]
        loop = asyncio.get_running_loop()
        handle = loop.call_later(
            self.options.timer, lambda: asyncio.ensure_future(self._time_up(number, self.stored))
        )
        self._turn = (number, self.stored, handle)
        self.deadline = time.time() + self.options.timer

    async def _time_up(self, number: int, position: int) -> None:
        """The person's time ran out: the stand-in makes this one move for them."""
        if self.stored != position or number not in self.to_act():
            return
        view = self.game.view(number)
        move = await self.hub.pool.choose(
            self.hub.config.stand_in, _bot_seed(self.id, number), None, view
        )
        async with self.lock:
            if self.stored == position and number in self.to_act():
                await self._play(number, move, None, None)

    def start_grace(self, seat: Seat) -> None:
        """The seat's person is away: after the grace period the stand-in plays for them."""
        if seat.grace is not None:
            seat.grace.cancel()
        loop = asyncio.get_running_loop()

        async def stand_in() -> None:
            async with self.lock:
                if not seat.clients and not seat.left and not seat.stand_in:
                    seat.stand_in = True
                    self._set_timer()
                    self.broadcast()
                    self.kick()

        def over() -> None:
            seat.grace = None
            if not seat.clients and not seat.left:
                self._soon(stand_in())

        seat.grace = loop.call_later(self.options.grace, over)

    def _soon(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the loop, kept until it is done (a callback cannot wait for the
        table's lock itself)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ sockets

    async def attach(self, client: Client, seat: int | None) -> None:
        """A socket joins the table for ``seat`` (None: to watch)."""
        async with self.lock:  # (the state it is sent is one the store holds)
            self._attach(client, seat)

    def _attach(self, client: Client, seat: int | None) -> None:
        client.table, client.seat = self, seat
        if seat is None:
            self.watchers.add(client)
        else:
            place = self.seats[seat]
            place.clients.add(client)
            if place.grace is not None:
                place.grace.cancel()
                place.grace = None
            back = place.stand_in
            place.stand_in = False
            if back:
                self._set_timer()
        seats = [protocol.SeatInfo(**info) for info in self.seat_infos()]
        client.put(protocol.Welcome(table_id=self.id, seat=seat, seats=seats))
        client.put(self.state(client, fresh=True))
        self.broadcast(but=client)

    async def sync(self, client: Client) -> None:
        """The client asks for the whole state again."""
        async with self.lock:
            client.put(self.state(client, fresh=True))

    def detach(self, client: Client) -> None:
        """A socket has gone."""
        if client.seat is None:
            self.watchers.discard(client)
            self.hub.forget(self)
            return
        place = self.seats[client.seat]
        place.clients.discard(client)
        if not place.clients and not place.left and not self.game.is_over:
            self.start_grace(place)
        self._soon(self._broadcast_held())
        self.hub.forget(self)

    async def _broadcast_held(self) -> None:
        async with self.lock:
            self.broadcast()

    async def leave(self, seat: int) -> None:
        """The person leaves for good: the stand-in plays the seat from now on."""
        place = self.seats[seat]
        place.left = True
        if place.grace is not None:
            place.grace.cancel()
            place.grace = None
        await self.hub.db(self.hub.store.update_seat, self.id, seat, left=True)
        async with self.lock:
            self._set_timer()
            self.broadcast()
            self.kick()

    def close(self) -> None:
        """Stop the table's timers and driver (the server is stopping)."""
        if self._driver is not None:
            self._driver.cancel()
        for task in list(self._tasks):
            task.cancel()
        if self._turn is not None:
            self._turn[2].cancel()
        for seat in self.seats:
            if seat.grace is not None:
                seat.grace.cancel()


def _bot_seed(table_id: str, seat: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{table_id}:{seat}".encode()).digest()[:6], "big")


_SEAT_NUMBER: Final = re.compile(r"\b([Ss]eat) (\d+)\b")


def for_people(text: str) -> str:
    """An engine's sentence as the table's people read it: the engine numbers seats from 0 (its
    API's numbering), the page and the lobby from 1.

    >>> for_people("it is seat 2's turn, not seat 0's")
    "it is seat 3's turn, not seat 1's"
    >>> for_people("seats are 0 to 3")
    'seats are 0 to 3'
    """
    return _SEAT_NUMBER.sub(lambda found: f"{found[1]} {int(found[2]) + 1}", text)


def _sentence(text: str) -> str:
    """A refusal as the core words one: one sentence, lower case, no full stop."""
    return text.strip().rstrip(".")


class Hub:
    """Every table in play, the store they are kept in, and the bots' pool."""

    def __init__(self, config: ServerConfig, store: Store) -> None:
        self.config = config
        self.store = store
        self.tables: dict[str, Table] = {}
        self.codes: dict[str, str] = {}
        self.pool = BotPool(config.bot_workers)
        self._pending: list[
            tuple[tuple[str, int, Sequence[Event], str | None], asyncio.Future[StoreError | None]]
        ] = []
        self._writing = False
        self._writer: asyncio.Future[None] | None = None
        self._db = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="hearts-store"
        )

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

    def find(self, key: str) -> Table:
        """A table by its id or its join code (any case)."""
        table = self.tables.get(key) or self.tables.get(self.codes.get(key.strip().upper(), ""))
        if table is None:
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
        if (
            len([table for table in self.tables.values() if not table.game.is_over])
            >= self.config.max_tables
        ):
            raise TableError("this server has as many tables as it can take: try again later", 503)
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
        events = game.events
        kept = await self.db(
            self.store.create_table,
            variant=variant,
            rules=rules,
            options=table_options.to_dict(),
            seed=seed,
            dealer=0,
            seats=new,
            events=events,
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
        return table, token

    async def join(self, key: str, name: str, seat: int | None) -> tuple[Table, int, str]:
        """Claim a person's free seat (``seat``, or the first free): the seat and its token."""
        table = self.find(key)
        free = [
            place for place in table.seats if place.human and place.token is None and not place.left
        ]
        if seat is not None:
            chosen = [place for place in free if place.number == seat]
            if not chosen:
                raise TableError(f"seat {seat} is not free at this table", 409)
            free = chosen
        if not free:
            raise TableError(
                "every seat for a person at this table is taken: watch it instead", 409
            )
        place = free[0]
        token = secrets.token_urlsafe(24)
        place.token = hash_token(token)
        place.name = name
        await self.db(self.store.update_seat, table.id, place.number, name=name, token=token)
        async with table.lock:
            table.broadcast()
        return table, place.number, token

    async def finished_game(self, key: str) -> Game:
        """A finished game by its table's id or code, from memory or from the store."""
        table = self.tables.get(key) or self.tables.get(self.codes.get(key.strip().upper(), ""))
        if table is not None:
            if not table.game.is_over:
                raise TableError(
                    "the game is still being played: its record is given once it is over", 409
                )
            return table.game
        kept = await self.db(self.store.get, key) or await self.db(self.store.by_code, key)
        if kept is None:
            raise TableError(f"there is no game {key!r} here: check the link or the code", 404)
        if kept.status != "over":
            raise TableError(
                "the game is still being played: its record is given once it is over", 409
            )
        return self._rebuild(kept).game

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
        """Every table the store holds in play, back where it stood (at start-up)."""
        stored = await self.db(self.store.playing)
        for kept in stored:
            try:
                table = self._rebuild(kept)
            except HeartsError as error:
                log.error("table %s cannot be resumed: %s", kept.id, error)
                continue
            self.tables[table.id] = table
            self.codes[table.code] = table.id
            for seat in table.seats:
                if seat.human:
                    table.start_grace(seat)
            table._set_timer()
            table.kick()
        return len(stored)

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
        for table in self.tables.values():
            table.close()
        self.pool.close()
        self._db.shutdown(wait=True)
