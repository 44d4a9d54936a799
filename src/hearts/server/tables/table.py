"""One table's play: :class:`Table`, a game and its seats and watchers (see
:mod:`hearts.server.tables` for how a move is made, stored and shown).

One module: :class:`Table` is one concern, a table's play under its lock, and its parts are
not separable without handing its lock and its state around: a move (a person's, a bot's, a
timer's stand-in) is checked, stored and shown under the lock; the bots' driver, the turn
timer and the grace timers each decide from the position the last move left and act through
the same :meth:`Table.play`; the sockets' hello and sync read the state under the same lock.
What it is made of (seats, sockets, options, its refusals) is in
:mod:`hearts.server.tables.parts`, and every table's keeping in :mod:`hearts.server.tables.hub`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

from hearts import bots, duplicate
from hearts.deal import Phase
from hearts.errors import HeartsError
from hearts.events import Event, ShuffleCommitted
from hearts.game import Game
from hearts.moves import Move
from hearts.server import pace, protocol, wire
from hearts.server.botpool import BotBusy, BotFailed, PoolClosed, choose
from hearts.server.limits import take_all
from hearts.server.tables.parts import (
    MOVED,
    Client,
    Seat,
    TableOptions,
    _bot_seed,
    _seconds,
    for_people,
)

if TYPE_CHECKING:
    from hearts.server.tables.hub import Hub

log = logging.getLogger("hearts.server")

RETRY_FIRST: Final = 0.5
"""Seconds a table's bots wait before trying again a move the store could not keep ..."""
RETRY_MOST: Final = 30.0
"""... doubling at each failure up to this; a move stored resets it."""

SEAT_SOCKETS: Final = 16
"""Sockets one seat may have open at once (a person's pages and devices): beyond, another is
refused (code ``full``) until one closes."""


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
