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

The bots think in :class:`~hearts.server.botpool.BotPool`'s processes, each table in its turn
and before any hint; a table's driver asks for one bot move at a time and plays it if the
position has not changed meanwhile. A bot move that cannot be stored (the store is down) is
tried again after a pause that doubles up to :data:`RETRY_MOST` seconds (the move kept, not
thought again), and at once when the table moves otherwise; a person's move never waits for it.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import dataclasses
import hashlib
import logging
import math
import multiprocessing
import os
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

from hearts import bots, duplicate, variants
from hearts.deal import Phase
from hearts.errors import HeartsError, InvalidRecord
from hearts.events import Event, ShuffleCommitted, move_of
from hearts.game import Game
from hearts.moves import Move
from hearts.rules import Rules
from hearts.server import pace, protocol, ratings, replay, wire
from hearts.server.botpool import BotBusy, BotFailed, BotPool, PoolClosed, choose
from hearts.server.config import ServerConfig
from hearts.server.limits import RateLimit, SharedLimits, take_all
from hearts.server.store import (
    KeptRecord,
    NewSeat,
    Store,
    StoredTable,
    StoreError,
    hash_token,
)

if TYPE_CHECKING:
    from hearts.server.cluster import Cluster

__all__ = [
    "SEAT_SOCKETS",
    "Client",
    "Hub",
    "Seat",
    "Table",
    "TableError",
    "TableOptions",
    "checked_name",
]

log = logging.getLogger("hearts.server")

_QUEUE = 256
"""Messages waiting for a slow client before it is dropped (it may reconnect and sync)."""

RETRY_FIRST: Final = 0.5
"""Seconds a table's bots wait before trying again a move the store could not keep ..."""
RETRY_MOST: Final = 30.0
"""... doubling at each failure up to this; a move stored resets it."""

SEAT_SOCKETS: Final = 16
"""Sockets one seat may have open at once (a person's pages and devices): beyond, another is
refused (code ``full``) until one closes."""


class TableError(HeartsError):
    """A request about a table that cannot be met: the sentence says why (HTTP 4xx). The seats
    it names are fields, as a :class:`~hearts.errors.HeartsError`'s (``{seat}`` in ``message``,
    ``seat=2``).

    >>> error = TableError("{seat} is not free at this table", 409, seat=2)
    >>> str(error), error.seats, error.status
    ('seat 2 is not free at this table', {'seat': 2}, 409)
    """

    def __init__(self, message: str, status: int = 400, /, **seats: int) -> None:
        super().__init__(message, **seats)
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
    rated: bool = False
    """Made to be rated (rated only if every seat is a signed-in person at the start)."""
    match: dict[str, Any] | None = None
    """A table made by "Play with people" (hearts.server.match): its form and waits."""
    event: dict[str, Any] | None = None
    """A table playing a deal of a duplicate event (hearts.server.events): ``key``, ``name``,
    ``deal`` (from 1), ``deals``, and ``samples``, the deals its searching bots sample a move
    (a fixed budget, not a time: with the bots seeded by the event, the deal and the seat, the
    same play meets the same play at every table of the deal)."""

    def event_tag(self) -> dict[str, Any] | None:
        """What a table's JSON and state say of its event (None: no event's table)."""
        if self.event is None:
            return None
        return {name: self.event.get(name) for name in ("key", "name", "deal", "deals")}

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

    def __init__(
        self, send: Callable[[str], Awaitable[None]], config: ServerConfig, address: str = ""
    ) -> None:
        self._send = send
        self.address = address
        """The key of the client's address (:func:`~hearts.server.limits.client_key`): what
        its hints are counted under, with every other socket from there."""
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
        self.close_code: int | None = None
        """The code its socket is closed with when the server closes it (None: the handler's
        own; hearts.server.cluster.MOVED when its table went to another process)."""
        self.task = asyncio.create_task(self._sender())

    def allow(self) -> bool:
        """Whether a message may be taken now (a token bucket: ``rate`` a second, ``burst`` at
        once). ``refused`` counts the messages refused since the client last slowed down enough
        to have half its burst back: a client that goes on sending faster than the rate is
        refused again and again, even though a token comes back now and then, and so is dropped
        (the socket's handler closes it beyond a count)."""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens >= self._burst / 2:
            self.refused = 0
        if self._tokens >= 1.0:
            self._tokens -= 1.0
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
    account_id: int | None = None
    """The signed-in person's account the seat is tied to (None: a guest's, a bot's, open)."""

    @property
    def guest(self) -> bool:
        """A person's seat taken by a guest (not signed in): their name is marked so."""
        return self.bot is None and self.token is not None and self.account_id is None

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
        self._nudged = asyncio.Event()
        """Set when the table moved on (a driver pausing after a failed store tries at once)."""
        self.backoff = 0.0
        """Seconds the driver pauses before trying again a bot move the store could not keep
        (0: it is not pausing)."""
        self._tasks: set[asyncio.Future[None]] = set()
        """Work waiting for the lock, scheduled from callbacks (kept until done)."""
        self._turn: tuple[int, int, asyncio.TimerHandle] | None = None
        """The turn timer running: (seat, the position's number of events, its handle)."""
        self.deadline: float | None = None
        """When the turn timer of the person to act runs out (seconds since the epoch)."""
        self._hands: tuple[int, list[dict[str, Any]]] = (0, [])
        """The finished hands' results (:func:`~hearts.server.wire.hand_results`), written once
        per hand settled and shared by every state: (hands over, their results)."""
        self.moved_at = time.monotonic()
        """When the last move was stored (or the table made): a nudge waits from it."""
        self.claimed = True
        """A person's socket has said hello at a seat (a new table is unclaimed until then,
        and closed if it stays so for the server's claim time)."""
        self.gone: str | None = None
        """Why the table was closed (None: it is open)."""
        self.moved = False
        """Whether it was closed here because another process drives it now
        (hearts.server.cluster): its sockets are closed to come back, not told it is gone."""
        self.again: str | None = None
        """The id of the table that plays this one's game again (None: not asked for yet;
        hearts.server.again)."""

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
            "event": self.options.event_tag(),
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
                "guest": seat.guest,
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
            infos.append(
                {
                    "seat": seat.number,
                    "name": seat.name,
                    "kind": kind,
                    "status": here,
                    "guest": seat.guest,
                }
            )
        return infos

    def state(
        self,
        client: Client,
        fresh: bool = False,
        ref: int | None = None,
        made: dict[int | None, dict[str, Any]] | None = None,
    ) -> str:
        """The whole state as ``client`` may see it (its seat's view, or a watcher's), with
        the events since its last state (none when ``fresh``: the view has it all): the text
        of a :class:`~hearts.server.protocol.State` message. ``ref``: the client's move this
        state answers. ``made``: the views already built for this moment, by seat (None: the
        watchers'), so that a broadcast builds each view once."""
        seat = client.seat
        game = self.game
        views = {} if made is None else made
        view = views.get(seat)
        names = [place.name for place in self.seats]
        if view is None:
            if seat is None:
                public = game.public_view()
                view = wire.public_view(public)
                wire.tell_view(view, public, names)  # (each event's words, for this seat)
            else:
                mine = game.view(seat)
                view = wire.seat_view(mine)
                wire.tell_view(view, mine, names)
            views[seat] = view
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
            events=wire.told_events(log, seat, game.rules, names, since),
            ref=ref,
            event=self.options.event_tag(),
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

    def clients(self) -> list[Client]:
        """Every socket at the table: the seats' and the watchers'."""
        return [c for seat in self.seats for c in seat.clients] + list(self.watchers)

    def broadcast(
        self, but: Client | None = None, answer: tuple[Client, int] | None = None
    ) -> None:
        """Every client (``but`` one) gets the new state, each as it may see it. Each text is
        made once for all the clients it is the same for (the watchers, or a seat's sockets,
        whose last state stood at the same point of the log): a broadcast to N watchers builds
        the public view and its text once, not N times. ``answer``: the client whose move this
        state answers, and the move's ``ref``, which that client alone is sent."""
        views: dict[int | None, dict[str, Any]] = {}
        texts: dict[tuple[int | None, int], str] = {}
        seq = len(self.game.events)
        for client in self.clients():
            if client is but:
                continue
            if answer is not None and client is answer[0]:
                client.put(self.state(client, ref=answer[1], made=views))
                continue
            key = (client.seat, client.seq)
            text = texts.get(key)
            if text is None:
                text = texts[key] = self.state(client, made=views)
            client.seq = seq
            client.put(text)

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
        if self.gone is not None:  # (closed, or driven by another process now)
            if client is not None:
                client.refuse("unavailable", self.gone, ref)
            return False
        hands_before = game.hands_over()
        try:
            if isinstance(move, str):
                move = wire.move_from_wire(move)
            game.play(move, seat)  # (the core says whether it may be made, and why not)
        except (HeartsError, protocol.ProtocolError) as error:
            if client is not None:
                mine = seat in self.to_act() or game.is_over
                client.refuse("illegal" if mine else "not_your_turn", for_people(error), ref)
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
        self.moved_at = time.monotonic()
        self._set_timer()  # (first: the state sent says when the next move's time runs out)
        self.broadcast(answer=None if client is None or ref is None else (client, ref))
        self._reveal_finished(hands_before)
        self.kick()
        return True

    def _reveal_finished(self, before: int) -> None:
        """Each hand that just ended: its seed, so that every client can check its deal."""
        done = self.game.hands_over()
        for number in range(before, done):
            self._tell_all(self.reveal(number))
        if self.game.is_over:
            self._tell_all(self.over())
            self._soon(self.hub.settle(self.id, tuple(self.game.events)))
            if self.options.event is not None:  # (the play's points, in the event's store)
                self._soon(self.hub.event_over(self))
            self.hub.forget(self)

    def over(self) -> protocol.Over:
        """The message of the game's end: its winners, totals and record."""
        return protocol.Over(
            winners=list(self.game.winners()),
            totals=list(self.game.scores),
            record=f"/api/games/{self.id}/record",
        )

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
        """Let the bots move, if one is to (one driver a table); a driver pausing after a
        failed store tries again at once."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.create_task(self._drive())
        else:
            self._nudged.set()

    async def _drive(self) -> None:
        """Play the bots' moves while a bot is to move: one asked of the pool at a time, played
        if the position has not changed meanwhile. A move the store could not keep is tried
        again (the same move, not thought again) after a pause that doubles from
        :data:`RETRY_FIRST` up to :data:`RETRY_MOST` seconds, or as soon as the table moves
        otherwise; the lock is not held while it pauses, so people's moves go on."""
        kept: tuple[int, int, Move] | None = None  # (a move not stored: position, seat, move)
        while not self.game.is_over:
            self._nudged.clear()
            movers = [
                (number, bot)
                for number in self.to_act()
                if (bot := self.player_for(self.seats[number])) is not None
            ]
            if not movers:
                return
            number, bot = movers[0]
            position = self.stored
            if kept is not None and kept[:2] == (position, number):
                move = kept[2]
            else:
                think = min(self.options.think, self.hub.config.bot_think)
                try:
                    move = await self._bot_move(number, bot, think)
                except PoolClosed:
                    return
            kept = None
            answered = time.monotonic()
            async with self.lock:
                if self.stored != position or number not in self.to_act():
                    continue  # (the position moved on meanwhile: ask again)
                if self.player_for(self.seats[number]) is None:
                    continue  # (the person came back)
                if await self._play(number, move, None, None):
                    self.backoff = 0.0
                    if bot in bots.SEARCHERS:  # (kept and sent: the pool counts it in the budget)
                        self.hub.pool.delivered(time.monotonic() - answered)
                    continue
            kept = (position, number, move)
            self.backoff = min(RETRY_MOST, self.backoff * 2 or RETRY_FIRST)
            log.warning(
                "table %s: seat %d's move is tried again in %.1f s",
                self.id,
                number + 1,
                self.backoff,
            )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._nudged.wait(), self.backoff)

    async def _bot_move(self, number: int, bot: str, think: float | None) -> Move:
        """Bot ``bot``'s move for seat ``number``, thought in the pool in this table's turn.
        If the pool gives it up (its worker died over it again and again, or the bot failed),
        the ``basic`` bot makes that one move instead, in the loop, and the log says so: the
        table goes on. Raises :class:`~hearts.server.botpool.PoolClosed` once the server
        stops."""
        view = self.game.view(number)
        event = self.options.event
        samples: int | None = None
        if event is None:
            seed = _bot_seed(self.id, number)
        else:  # (seeded by the event, the deal and the seat: the same at every table of it)
            seed = duplicate.bot_seed(str(event["key"]), int(event["deal"]), number)
            samples = event.get("samples")
        budget = {} if samples is None else {"samples": samples}  # (a fixed one: an event's)
        try:
            return await self.hub.pool.choose(bot, seed, think, view, key=self.id, **budget)
        except (BotFailed, BotBusy) as error:
            log.error(
                "table %s: %s; the basic bot makes seat %d's move instead",
                self.id,
                error,
                number + 1,
            )
            return choose("basic", seed, None, view)

    # ------------------------------------------------------------------ hints

    def ask_hint(self, client: Client, ref: int | None) -> None:
        """A client asks for a hint: refused at once (a sentence) for a watcher, for a seat
        with no move to make now, while this client's last hint is still being worked out,
        and beyond the seat's hints a minute (``hint_rate``, counted across its sockets) or
        its address's (``hint_rate_address``, across its sockets and tables), saying when to
        ask again; else worked out in the bots' pool, off the loop, when no table's bot move
        waits, and sent to this client alone."""
        seat = client.seat
        if seat is None:
            client.refuse("unauthorized", "a watcher cannot ask for a hint: join a seat", ref)
        elif self.options.event is not None:  # (a result compared with other people's)
            client.refuse("unauthorized", "there are no hints at a duplicate event's table", ref)
        elif client.hinting is not None and not client.hinting.done():
            client.refuse(
                "throttled", "a hint is being worked out for you already: wait for it", ref
            )
        elif self.game.is_over or seat not in self.to_act():
            client.refuse(
                "not_your_turn", "a hint is for your own move, and you have none to make now", ref
            )
        else:  # (the allowances are charged by the hint's task: the site's may be in Redis)
            client.hinting = asyncio.create_task(self._hint(client, seat, ref))

    async def _hint(self, client: Client, seat: int, ref: int | None) -> None:
        """Charge the seat's and the address's allowances of hints, both or neither (a refusal
        says which is spent and when to ask again), then work out the hint from the seat's own
        view and send it, unless the seat's move was made or its moves changed meanwhile (a
        stale hint is no use: the client is told to ask again). Nothing of the game changes. A
        client that goes meanwhile has its hint dropped from the pool."""
        spent = await take_all(
            (self.hub.hint_seats, f"{self.id}/{seat}"), (self.hub.hint_addresses, client.address)
        )
        if spent is not None:
            limit, wait = spent
            whose = "for this seat" if limit is self.hub.hint_seats else "from your address"
            client.refuse(
                "throttled", f"too many hints {whose}: ask again in {_seconds(wait)} s", ref
            )
            return
        asking = asyncio.ensure_future(
            self.hub.pool.advise(
                _bot_seed(self.id, seat),
                self.hub.config.hint_think,
                self.game.view(seat),
                key=f"{self.id}/{seat}",
            )
        )
        gone = asyncio.ensure_future(client.closed.wait())
        try:
            await asyncio.wait({asking, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
        if not asking.done():
            asking.cancel()
            return
        try:
            move, reason, text = asking.result()
        except BotBusy as error:
            client.refuse("throttled", str(error), ref)
            return
        except (BotFailed, PoolClosed) as error:
            log.error("table %s: no hint for seat %d: %s", self.id, seat + 1, error)
            client.refuse("unavailable", "no hint could be worked out just now: ask again", ref)
            return
        still = seat in self.to_act() and wire.move_from_wire(move) in self.game.legal_moves(seat)
        if not still:
            client.refuse(
                "unavailable", "the game moved on while the hint was worked out: ask again", ref
            )
            return
        client.put(protocol.Hint(move=move, reason=reason, text=text, ref=ref))

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
        # (the person's time starts once the page has shown what came before the turn: its
        # pauses at the slowest speed are added, at most pace.MOST seconds)
        seconds = self.options.timer + pace.pauses_before(self.game.events, number)
        loop = asyncio.get_running_loop()
        handle = loop.call_later(
            seconds, lambda: asyncio.ensure_future(self._time_up(number, self.stored))
        )
        self._turn = (number, self.stored, handle)
        self.deadline = time.time() + seconds

    async def _time_up(self, number: int, position: int) -> None:
        """The person's time ran out: the stand-in makes this one move for them (a stand-in
        that searches thinks in the pool, in the table's turn, within the table's budget)."""
        if self.stored != position or number not in self.to_act():
            return
        think = min(self.options.think, self.hub.config.bot_think)
        try:
            move = await self._bot_move(number, self.hub.config.stand_in, think)
        except PoolClosed:
            return
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

    async def attach(self, client: Client, seat: int | None) -> bool:
        """A socket joins the table for ``seat`` (None: to watch). A table closed meanwhile
        tells it why; a watcher beyond the server's ``max_watchers``, or a seat's socket beyond
        :data:`SEAT_SOCKETS`, is refused (code ``full``, a sentence): False, and the socket is
        to be closed."""
        async with self.lock:  # (the state it is sent is one the store holds)
            if self.moved:  # (its client comes back, to the process that drives it now)
                client.close_code = MOVED
                return False
            if self.gone is not None:
                client.refuse("not_found", self.gone)
                return False
            if seat is None and self.options.event is not None:
                client.refuse(  # (its cards are the same at every table of the deal)
                    "unauthorized",
                    "a duplicate event's table cannot be watched: its deal is played at "
                    "other tables too (its replay is shown to those who have played it)",
                )
                return False
            if seat is None:
                most = self.hub.config.max_watchers
                if len(self.watchers) >= most:
                    client.refuse(
                        "full",
                        f"this table has as many watchers as it takes ({most}): try again later",
                    )
                    return False
            elif len(self.seats[seat].clients) >= SEAT_SOCKETS:
                client.refuse(
                    "full",
                    f"your seat has {SEAT_SOCKETS} connections open already: close one first",
                )
                return False
            if seat is not None:
                self.claimed = True
            self._attach(client, seat)
            return True

    def _attach(self, client: Client, seat: int | None) -> None:
        """The newcomer is sent its welcome and its state, and nobody else anything unless
        what they see changed: a seat whose person comes back (their status, the stand-in's
        end). A watcher's arrival costs two messages, however many are there already."""
        client.table, client.seat = self, seat
        changed = False
        if seat is None:
            self.watchers.add(client)
        else:
            place = self.seats[seat]
            before = place.status()
            place.clients.add(client)
            if place.grace is not None:
                place.grace.cancel()
                place.grace = None
            back = place.stand_in
            place.stand_in = False
            if back:
                self._set_timer()
            changed = back or place.status() != before
        seats = [protocol.SeatInfo(**info) for info in self.seat_infos()]
        client.put(protocol.Welcome(table_id=self.id, seat=seat, seats=seats))
        client.put(self.state(client, fresh=True))
        if self.game.is_over:  # (a page that comes after the end: the game's end, as at it)
            client.put(self.over())
            if self.again is not None:
                client.put(protocol.Again(table=self.again, link=f"/t/{self.again}", by=None))
        if changed:
            self.broadcast(but=client)

    async def sync(self, client: Client) -> None:
        """The client asks for the whole state again."""
        async with self.lock:
            client.put(self.state(client, fresh=True))

    def detach(self, client: Client) -> None:
        """A socket has gone. The others are told only when what they see changed: a seat's
        last socket gone (the seat is away); a watcher's going tells nobody."""
        if client.seat is None:
            self.watchers.discard(client)
            self.hub.forget(self)
            return
        place = self.seats[client.seat]
        before = place.status()
        place.clients.discard(client)
        if not place.clients and not place.left and not self.game.is_over:
            self.start_grace(place)
        if place.status() != before:  # (the seat's last socket: the others see it away)
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


MOVED: Final = 1012
"""The close code of a socket whose table another process drives now (service restart): the
client comes back at once and is sent the whole state (hearts.server.cluster)."""

_CLOSED_KEPT: Final = 20_000
"""Ids and codes of tables closed unclaimed kept in memory, to tell a late creator why."""


def _seconds(wait: float) -> int:
    """Seconds to say in a refusal: whole, at least 1."""
    return max(1, math.ceil(wait))


_KEPT_FORMAT: Final = frozenset({"\u200c", "\u200d"})
"""The invisible format characters a name may hold: the zero-width non-joiner and joiner,
which scripts (Persian, the Indic ones) and emoji sequences need."""


def checked_name(name: str) -> str:
    """A person's name as the table shows it, the spaces around it trimmed; refused (a
    :class:`TableError`, a sentence) when nothing is left, or when it holds a character that
    is not shown as text: a control character (C0, DEL, C1: NUL among them, which PostgreSQL
    cannot store), a line or paragraph separator, a lone surrogate, or an invisible format
    character (the bidirectional embeddings, overrides, isolates and marks, which reorder the
    text around the name, zero-width spaces, the byte-order mark, the soft hyphen, tags) but
    the zero-width joiner and non-joiner. Alike on every database: the name is refused before
    it reaches the store.

    >>> checked_name("  Ann ")
    'Ann'
    >>> checked_name("Zoë 🂡")
    'Zoë 🂡'
    >>> checked_name("Ann\\x00")
    Traceback (most recent call last):
    ...
    hearts.server.tables.TableError: a name cannot hold control or invisible characters: U+0000 is its character 4
    >>> checked_name("\\u202egnp.exe")
    Traceback (most recent call last):
    ...
    hearts.server.tables.TableError: a name cannot hold control or invisible characters: U+202E is its character 1
    """
    for number, character in enumerate(name, 1):
        kind = unicodedata.category(character)
        if kind in ("Cc", "Cs", "Zl", "Zp") or (kind == "Cf" and character not in _KEPT_FORMAT):
            raise TableError(
                "a name cannot hold control or invisible characters: "
                f"U+{ord(character):04X} is its character {number}"
            )
    trimmed = name.strip()
    if not trimmed:
        raise TableError("a name needs something to show, not only spaces")
    return trimmed


def _bot_seed(table_id: str, seat: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{table_id}:{seat}".encode()).digest()[:6], "big")


def for_people(error: Exception) -> str:
    """An engine's refusal as the table's people read it: the engine numbers seats from 0 (its
    API's numbering), the page and the lobby from 1. The seats are the error's fields
    (:meth:`~hearts.errors.HeartsError.said`), never read back out of its text, so an error
    that names no seat as a field (or is no :class:`~hearts.errors.HeartsError`) is said as
    it is.

    >>> from hearts.errors import IllegalMove
    >>> for_people(IllegalMove("it is {to_act}'s turn, not {seat}'s", seat=0, to_act=2))
    "it is seat 3's turn, not seat 1's"
    >>> for_people(IllegalMove("seats are 0 to 3; seat 2 is free text"))
    'seats are 0 to 3; seat 2 is free text'
    """
    if isinstance(error, HeartsError):
        return error.said(lambda seat: f"seat {seat + 1}", lambda seat: f"seat {seat + 1}'s")
    return str(error)


def _sentence(text: str) -> str:
    """A refusal as the core words one: one sentence, lower case, no full stop."""
    return text.strip().rstrip(".")


def _burst(per_minute: float) -> int:
    """What may be asked at once under a rate a minute: a quarter of a minute's, at least 1."""
    return max(1, math.floor(per_minute / 4))


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
