"""The ASGI app of ``hearts serve``: :func:`create_app` (FastAPI on Starlette).

HTTP JSON for the lobby (OpenAPI at ``/openapi.json``, the routes below), one WebSocket per
client at ``/ws/tables/{table_id}`` for the table (docs/protocol.md), ``/healthz``, and the
page (``static/``: HTML, CSS and ES modules, no build step) at ``/`` to make and join a table,
at ``/t/{id}`` to play or watch it and at ``/r/{id}`` to replay a finished game. Every
refusal is a sentence (``{"error": ...}`` with a 4xx status); no traceback ever reaches a
client.

One module: the app is one concern, the assembling of the server: :func:`create_app` wires
the lobby's routes (tables made, joined, listed; finished games' records), the pages, the
socket's loop and the checks at the edge onto one hub and one config, and the helpers below
it are the socket's own (its serving, its messages handled, its refusals). The other features
live in their own modules, each with its router (accounts, match, events, profiles, ratings,
reviews), and the tables' play in :mod:`hearts.server.tables`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gzip
import logging
import re
import time
from collections.abc import AsyncIterator
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import Body, Depends, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from hearts import bots, variants
from hearts.errors import HeartsError
from hearts.server import (
    accounts,
    again,
    bus,
    chat,
    events,
    match,
    profiles,
    protocol,
    ratings,
    reviews,
)
from hearts.server.cluster import Cluster, ClusterMiddleware, Elsewhere, RelayedSocket
from hearts.server.config import ServerConfig
from hearts.server.guard import EdgeMiddleware, Guard
from hearts.server.limits import RateLimit, SharedLimits, TooMany, scope_key
from hearts.server.tables import MOVED, Client, Hub, Table, TableError, TableOptions

__all__ = ["create_app"]

log = logging.getLogger("hearts.server")


class SeatRequest(BaseModel):
    """A seat of a new table: a person's, or a bot's."""

    kind: Literal["person", "bot"] = "person"
    bot: str | None = Field(
        default=None, description="the bot's name (random, basic, expert, ismcts)"
    )


class CreateTable(BaseModel):
    """What a new table plays and who sits at it."""

    variant: str = Field(default="modern", description="a preset's name (`hearts variants`)")
    players: int | None = Field(
        default=None, ge=2, le=7, description="seats, where the preset allows another number"
    )
    options: dict[str, Any] = Field(
        default_factory=dict,
        description='changes to the preset\'s rules, as `Rules.replace` takes them (e.g. {"laws": true})',
    )
    seats: list[SeatRequest] | None = Field(
        default=None, description="each seat; by default the creator's and the others `expert` bots"
    )
    name: str = Field(
        default="Player", min_length=1, max_length=40, description="the creator's name at the table"
    )
    public: bool = Field(default=False, description="listed in the lobby")
    rated: bool = Field(
        default=False,
        description="rated (signed in only): the game counts for ratings when every seat is a "
        "signed-in person at its start (docs/ratings.md)",
    )
    timer: float | None = Field(
        default=None, gt=0, le=3600, description="seconds for each move (none by default)"
    )
    grace: float = Field(
        default=60.0, ge=0, le=3600, description="seconds a player who drops keeps the seat"
    )
    think: float = Field(
        default=1.0, gt=0, le=10, description="seconds a move for the searching bots"
    )


class JoinTable(BaseModel):
    """Who joins, and where."""

    name: str = Field(default="Player", min_length=1, max_length=40)
    seat: int | None = Field(
        default=None, ge=0, le=6, description="a free seat (by default the first)"
    )


class AgainRequest(BaseModel):
    """Who asks for another game: a person seated at the finished table."""

    token: str = Field(
        min_length=1, max_length=200, description="your seat's token at the finished table"
    )


class Seated(BaseModel):
    """A seat claimed: keep the token secret, it is the seat."""

    table: dict[str, Any]
    seat: int
    token: str
    link: str
    code: str


def _preset_players(variant: str) -> int:
    """The seats of a preset (4 for a name that is none: the table's maker refuses it)."""
    try:
        return variants.get(variant).players
    except HeartsError:
        return 4


_STATIC_TYPES = {"js": "text/javascript", "css": "text/css", "svg": "image/svg+xml"}
"""The kinds of file the page is made of, by their ending."""

_STATIC_NAME = re.compile(r"[a-z][a-z0-9_-]*\.[a-z]+")
"""A file's name under /static: no folder, nothing that climbs out of it."""


@functools.cache
def _variant_list() -> list[dict[str, Any]]:
    """The presets as /api/variants lists them (made once: the presets never change)."""
    listed = []
    for name, preset in variants.VARIANTS.items():
        counts = []
        for players in range(2, 8):  # (the lobby's bounds for a table)
            try:
                variants.for_players_named(name, players)
            except HeartsError:
                continue
            counts.append(players)
        listed.append(
            {
                "name": name,
                "players": preset.rules.players,
                "counts": counts,
                "title": preset.title,
                "summary": preset.summary,
                "rules": preset.rules.to_dict(),
            }
        )
    return listed


def _refusal(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class _App(FastAPI):
    """FastAPI with :class:`~hearts.server.guard.EdgeMiddleware` in front of everything, its
    error handlers' answers included (a middleware added the usual way sits inside them)."""

    edge_config: ServerConfig = ServerConfig()

    def build_middleware_stack(self) -> Any:
        return EdgeMiddleware(ClusterMiddleware(super().build_middleware_stack()), self.edge_config)


def create_app(config: ServerConfig | None = None, store: Any = None) -> FastAPI:
    """The server as an ASGI app. ``store``: a :class:`~hearts.server.store.Store` to use
    (by default one on ``config.database_url``, migrated at start-up). Its tables are resumed
    when the app starts; the bots' processes stop when it stops."""
    config = config or ServerConfig()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        from hearts.server.store import Store

        kept = store if store is not None else Store(config.database_url or Store.default_url())
        await asyncio.get_running_loop().run_in_executor(None, kept.upgrade)
        hub = Hub(config, kept, limits=app.state.shared_limits)
        app.state.hub = hub
        app.state.reviews = reviews.Reviews(hub, limits=app.state.shared_limits)
        joined = None
        if app.state.redis is not None:  # (several processes: hearts.server.cluster)
            joined = Cluster(hub, app.state.redis)
            joined.app = app
            joined.serve_relayed = functools.partial(_serve_socket, hub, guard=guard)
            joined.handlers.update(accounts.cluster_handlers(hub))
            joined.on_lead = app.state.reviews.resume  # (once for the site: its leader)
            hub.cluster = joined
            app.state.cluster = joined
            await joined.start()
            shared = app.state.shared_limits
            if shared is not None and shared.prefix == SharedLimits.PREFIX:
                shared.prefix = f"hearts:{joined.namespace}:limit:"  # (sites on one Redis)
        await hub.resume()
        if joined is None:
            await app.state.reviews.resume()
        try:
            yield
        finally:
            app.state.reviews.close()
            if joined is not None:
                await joined.hand_over()
                joined.close()
            hub.close()
            if app.state.redis is not None:
                with contextlib.suppress(Exception):
                    await app.state.redis.aclose()
            if store is None:
                kept.close()

    app = _App(
        title="Hearts",
        summary="Online tables of Hearts: a lobby over HTTP, a WebSocket for each table.",
        version="1",
        lifespan=lifespan,
    )
    app.edge_config = config
    app.state.redis = bus.connect(config.redis_url)
    app.state.cluster = None
    app.state.shared_limits = SharedLimits.of(app.state.redis)
    guard = Guard(config, app.state.shared_limits)
    app.state.guard = guard
    app.include_router(accounts.router)
    app.include_router(match.router)
    app.include_router(events.router)

    @app.exception_handler(TableError)
    async def table_error(request: Request, error: TableError) -> JSONResponse:
        if error.status in (404, 410):  # (no table or game by that id or code: a miss)
            await guard.missed(request)
        return _refusal(error.status, _sentence(str(error)))

    @app.exception_handler(TooMany)
    async def too_many(request: Request, error: TooMany) -> JSONResponse:
        answer = _refusal(429, _sentence(str(error)))
        answer.headers["retry-after"] = str(error.retry_after)
        return answer

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, error: RequestValidationError) -> JSONResponse:
        return _refusal(422, _validation_sentence(error.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        return _refusal(error.status_code, _sentence(str(error.detail)))

    @app.exception_handler(Exception)
    async def server_error(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error on %s", request.url.path)
        return _refusal(500, "something went wrong on the server; nothing was changed")

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    async def looking(request: Request) -> None:
        """A look-up of a table or game by its id or code: refused (429) while the client's
        misses are spent (a miss is charged by ``table_error``)."""
        await guard.looking(request)

    lookup = [Depends(looking)]

    store_check = _StoreCheck()

    @app.get("/healthz", responses={503: {"description": "the store or the bots are down"}})
    async def healthz(request: Request) -> JSONResponse:
        """Whether the server can serve: 200 and what it is doing (its tables in play, the
        store's quick query, the bots' workers), or 503 and `error` saying which part is down:
        the store (its query failed, or did not answer within 2 s), or the bots (no worker
        alive: one is being started, or waits to be after dying again and again)."""
        hub = hub_of(request)
        store = await store_check(hub)
        bots = hub.pool.health()
        down = [part["reason"] for part in (store, bots) if not part["ok"]]
        body: dict[str, Any] = {
            "ok": not down,
            "process": None if hub.cluster is None else hub.cluster.id,
            "tables": sum(1 for t in hub.tables.values() if not t.game.is_over),
            "store": store,
            "bots": bots,
        }
        if down:
            body["error"] = "; ".join(down)
        return JSONResponse(body, status_code=503 if down else 200)

    @app.get("/api/variants")
    async def list_variants() -> list[dict[str, Any]]:
        """The presets a table may play: each one's seats, the numbers of players a table of
        it may have (`counts`), its title, summary and rules (`Rules.to_dict()`)."""
        return _variant_list()

    @app.get("/api/bots")
    async def list_bots() -> list[str]:
        """The bots that may fill a seat: the levels, easiest first, then the bots by name."""
        return bots.known()

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request, body: Annotated[CreateTable, Body()]) -> Seated:
        """Make a table: its link and code to send to friends, and the creator's seat."""
        await guard.creating(request)
        who = await accounts.person(request)
        hub = hub_of(request)
        players = body.players
        preset = _preset_players(body.variant)
        if body.seats is None:
            seats: list[str | None] = [None] + ["expert"] * ((players or preset) - 1)
        else:
            seats = [
                None if seat.kind == "person" else (seat.bot or "expert") for seat in body.seats
            ]
            if players is None and len(seats) != preset:
                players = len(seats)  # (the preset at that many seats, if it has such a form)
        if body.rated and who is None:
            raise TableError("sign in to make a rated table: a guest's games are not rated", 403)
        options = TableOptions(
            public=body.public,
            timer=body.timer,
            grace=body.grace,
            think=body.think,
            rated=body.rated,
        )
        name = body.name if who is None else who.name
        table, token = await hub.create(body.variant, players, body.options, seats, name, options)
        creator = seats.index(None)
        if who is not None:
            await accounts.tie_seat(hub, table.id, creator, who)
        return Seated(
            table=table.info(), seat=creator, token=token, link=f"/t/{table.id}", code=table.code
        )

    @app.get("/api/tables")
    async def public_tables(request: Request) -> list[dict[str, Any]]:
        """The public tables in play, to join or watch."""
        hub = hub_of(request)
        if hub.cluster is not None:  # (every process's)
            return await hub.cluster.public_tables()
        return [t.info() for t in hub.tables.values() if t.options.public and not t.game.is_over]

    @app.get("/api/tables/{key}", dependencies=lookup)
    async def table_info(request: Request, key: str) -> dict[str, Any]:
        """A table by its id or its code: what it plays and who sits where."""
        return hub_of(request).find(key).info()

    @app.post("/api/tables/{key}/join", dependencies=lookup)
    async def join_table(request: Request, key: str, body: Annotated[JoinTable, Body()]) -> Seated:
        """Claim a free seat for a person: its token (signed in: the seat is tied to your
        account and shows its name)."""
        who = await accounts.person(request)
        name = body.name if who is None else who.name
        table, seat, token = await hub_of(request).join(key, name, body.seat)
        if who is not None:
            await accounts.tie_seat(hub_of(request), table.id, seat, who)
        return Seated(
            table=table.info(), seat=seat, token=token, link=f"/t/{table.id}", code=table.code
        )

    @app.post("/api/tables/{key}/again", dependencies=lookup)
    async def again_table(
        request: Request, key: str, body: Annotated[AgainRequest, Body()]
    ) -> Seated:
        """Play again: the same seats and people at a new table, once the game is over. Asked
        by a seated person (their seat's token); made once, every later call by anyone seated
        there answered with the same table. Your seat there is your seat here, held by the
        same token; the others' are kept for them, the bots are the same."""
        hub = hub_of(request)
        table = hub.find(key)
        seat = hub.seat_of(table, body.token)
        made = await again.play_again(hub, table, seat, lambda: guard.creating(request))
        return Seated(
            table=made.info(), seat=seat, token=body.token, link=f"/t/{made.id}", code=made.code
        )

    @app.get("/api/games")
    async def finished_games(request: Request) -> list[dict[str, Any]]:
        """The public tables' finished games, newest first (the last fifty): a private
        table's game is listed nowhere, its record and replay reached by its link or code."""
        hub = hub_of(request)
        kept = await hub.db(hub.store.finished, public=True)
        held = await hub.db(accounts.seat_accounts, hub.store, [game.id for game in kept])
        return [
            {
                "id": game.id,
                "variant": game.variant,
                "players": game.rules.players,
                "finished": game.updated.isoformat(),
                "seats": [
                    {
                        "seat": s.seat,
                        "name": s.name,
                        "bot": s.bot,
                        "guest": s.kind == "human" and (game.id, s.seat) not in held,
                    }
                    for s in game.seats
                ],
                "record": f"/api/games/{game.id}/record",
                "replay": f"/api/games/{game.id}/replay",
            }
            for game in kept
        ]

    records = RateLimit(
        "requests for records and replays",
        per_minute=config.records_per_minute,
        burst=config.records_burst,
        shared=app.state.shared_limits,
    )
    """Requests for records and replays, per client address (made once, but each served)."""

    @app.get("/api/games/{key}/record", dependencies=lookup)
    async def game_record(request: Request, key: str) -> Response:
        """A finished game's record (its seed revealed: `hearts verify` checks every deal)."""
        await records.acheck(scope_key(request))
        await events.check_game(request, key)  # (an open event's deal: its players' alone)
        kept = await hub_of(request).kept_record(key)
        return _kept_answer(request, kept.record)

    @app.get("/api/games/{key}/replay", dependencies=lookup)
    async def game_replay(request: Request, key: str) -> Response:
        """A finished game step by step, every hand shown: each hand's deal and each move,
        with the whole position after it (docs/protocol.md, "Replays"). The engine plays the
        game's record again to make it (hearts.server.replay), once: it is kept."""
        await records.acheck(scope_key(request))
        await events.check_game(request, key)
        kept = await hub_of(request).kept_record(key)
        return _kept_answer(request, kept.replay)

    @app.get("/t/{key}", response_class=HTMLResponse, include_in_schema=False)
    async def table_page(request: Request, key: str) -> Response:
        """A table's page; a finished game's no longer at any table here leads to its replay
        (a game over at a table still in memory is shown by the page itself, from its socket).
        The store is asked only while the client's look-ups are not spent."""
        hub = hub_of(request)
        if hub.find_quietly(key) is None and await guard.may_look(request):
            try:
                status = await hub.db(hub.store.status, key)
            except Exception:  # (the store is down: the page says what the socket is told)
                status = None
            if status is None:  # (a link to nothing costs a miss, as any look-up of no table)
                await guard.missed(request)
            if status == "over":
                return RedirectResponse(f"/r/{key}", status_code=303)
        return await page()

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    @app.get("/r/{key}", response_class=HTMLResponse, include_in_schema=False)
    @app.get("/p/{name}", response_class=HTMLResponse, include_in_schema=False)
    @app.get("/leaders", response_class=HTMLResponse, include_in_schema=False)
    @app.get("/events", response_class=HTMLResponse, include_in_schema=False)
    @app.get("/e/{key}", response_class=HTMLResponse, include_in_schema=False)
    @app.get("/e/{key}/deal/{number}", response_class=HTMLResponse, include_in_schema=False)
    async def page() -> HTMLResponse:
        text = (
            resources.files("hearts.server")
            .joinpath("static/index.html")
            .read_text(encoding="utf-8")
        )
        return HTMLResponse(text)

    @app.get("/static/{name}", include_in_schema=False)
    async def static_file(name: str) -> Response:
        """The page's scripts and style, read from the package (no build step)."""
        kind = _STATIC_TYPES.get(name.rpartition(".")[2])
        if kind is None or not _STATIC_NAME.fullmatch(name):
            return _refusal(404, f"there is no file {name!r} here")
        try:
            text = (
                resources.files("hearts.server")
                .joinpath("static", name)
                .read_text(encoding="utf-8")
            )
        except FileNotFoundError:
            return _refusal(404, f"there is no file {name!r} here")
        return Response(text, media_type=kind, headers={"cache-control": "no-cache"})

    app.include_router(profiles.router)

    @app.websocket("/ws/tables/{key}")
    async def table_socket(socket: WebSocket, key: str) -> None:
        await _serve_socket(hub_of(socket), socket, key, guard)

    app.include_router(ratings.router)
    app.include_router(reviews.router)
    return app


def _kept_answer(request: Request, gzipped: bytes) -> Response:
    """A finished game's JSON (a record or a replay, kept gzipped) as an answer: as it is kept
    to a client that takes gzip, unzipped to one that does not. A finished game never changes,
    so a browser may keep it an hour (``private``: never a shared cache)."""
    headers = {"vary": "accept-encoding", "cache-control": "private, max-age=3600"}
    if _takes_gzip(request.headers.get("accept-encoding", "")):
        headers["content-encoding"] = "gzip"
        return Response(gzipped, media_type="application/json", headers=headers)
    return Response(gzip.decompress(gzipped), media_type="application/json", headers=headers)


def _takes_gzip(accepted: str) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (by name or ``*``, not at q=0).

    >>> _takes_gzip("gzip, deflate, br"), _takes_gzip("br;q=1.0, *;q=0.5")
    (True, True)
    >>> _takes_gzip(""), _takes_gzip("identity"), _takes_gzip("gzip;q=0, deflate")
    (False, False, False)
    """
    for part in accepted.lower().split(","):
        name, _, parameters = part.partition(";")
        if name.strip() not in ("gzip", "x-gzip", "*"):
            continue
        quality = 1.0
        for parameter in parameters.split(";"):
            field, _, value = parameter.partition("=")
            if field.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            return True
    return False


async def _serve_socket(
    hub: Hub, socket: WebSocket | RelayedSocket, key: str, guard: Guard
) -> None:
    """One client's socket: hello first (within ``hello_time`` seconds), then its messages
    until it goes (docs/protocol.md). A table another process drives: the socket is relayed
    there (hearts.server.cluster); a socket relayed here by another process is served as
    one of this process's own."""
    await socket.accept()
    if (
        hub.cluster is not None
        and isinstance(socket, WebSocket)
        and await guard.may_look(socket)  # (a client whose look-ups are spent costs no query)
    ):
        try:
            found = await hub.cluster.where(key)
        except Elsewhere as error:
            refused = protocol.Error(code="version", message=str(error), ref=None)
            with contextlib.suppress(Exception):
                await socket.send_text(protocol.dump(refused))
                await socket.close(_POLICY)
            return
        except Exception as error:  # (the store or Redis is down: the client tries again)
            log.warning("a socket for %r could not be placed: %s", key, error)
            with contextlib.suppress(Exception):
                await socket.close(MOVED)
            return
        if found is not None:
            await hub.cluster.relay(socket, found[0], found[1], scope_key(socket))
            return
    client = Client(socket.send_text, hub.config, address=scope_key(socket))
    code = 1000
    try:
        try:
            await guard.looking(socket)
        except TooMany as error:
            client.refuse("throttled", _sentence(str(error)))
            code = _POLICY
            return
        try:
            table = hub.find(key)
        except TableError as error:
            if error.status in (404, 410):
                await guard.missed(socket)
            client.refuse("not_found", str(error))
            return
        loop = asyncio.get_running_loop()
        hello_by = loop.time() + hub.config.hello_time
        closing = asyncio.ensure_future(client.closed.wait())
        while True:
            receive = asyncio.ensure_future(socket.receive())
            wait = None if client.table is not None else max(0.0, hello_by - loop.time())
            done, _ = await asyncio.wait(
                {receive, closing}, timeout=wait, return_when=asyncio.FIRST_COMPLETED
            )
            if not done:  # (no hello in time)
                receive.cancel()
                client.refuse(
                    "unauthorized",
                    f"no hello within {hub.config.hello_time:g} s: this socket is closed "
                    "(open another and say hello first)",
                )
                code = _POLICY
                break
            if receive not in done:
                receive.cancel()
                break
            frame = receive.result()
            if frame["type"] == "websocket.disconnect":
                break
            data = frame.get("text")
            if data is None:
                data = frame.get("bytes") or b""
            if not client.allow():
                client.refuse("throttled", "too many messages at once: this one was not taken")
                if client.refused > _FLOOD:
                    break
                continue
            try:
                message = protocol.parse_client(data)
            except protocol.ProtocolError as error:
                client.put(error.to_message())
                if error.code == "version" or client.table is None:
                    break
                continue
            if not await _handle(hub, table, client, message):
                break
    except WebSocketDisconnect:
        pass
    finally:
        if client.table is not None:
            client.table.detach(client)
        await _finish(client)
        with contextlib.suppress(Exception):
            await socket.close(client.close_code or code)


async def _finish(client: Client) -> None:
    """Let a client's sender send what it still holds (2 s at most), however it ended: a
    sender cancelled because its client was too slow to take its messages is no error of the
    server's (waiting for it must not raise its cancellation into the socket's handler)."""
    client.close()
    await asyncio.wait({client.task}, timeout=2.0)
    if not client.task.done():
        client.task.cancel()


_POLICY = 1008
"""The close code of a socket closed for breaking the server's rules (no hello in time, too
many look-ups of tables that are not here)."""

_FLOOD = 200
"""Messages refused for going too fast, since the client last slowed down
(:meth:`Client.allow`), before the socket is closed."""


async def _handle(hub: Hub, table: Table, client: Client, message: protocol.ClientMessage) -> bool:
    """One message from a client; False to close its socket."""
    if isinstance(message, protocol.Hello):
        if client.table is not None:
            client.refuse("bad_message", "this socket has said hello already")
            return True
        if message.token is not None:
            try:
                seat = hub.seat_of(table, message.token)
            except TableError as error:
                client.refuse("unauthorized", str(error))
                return False
            if not await table.attach(client, seat):
                return False
        elif message.watch:
            if not await table.attach(client, None):
                return False  # (refused: the table has as many watchers as it takes)
        else:
            client.refuse("unauthorized", "say hello with your seat's token, or to watch")
            return False
        chat.welcome(table, client)
        return True
    ref = getattr(message, "ref", None)
    if client.table is None:
        client.refuse("unauthorized", "say hello first, with your seat's token or to watch", ref)
        return False
    if isinstance(message, protocol.Ping):
        client.put(protocol.Pong(ref=message.ref))
    elif isinstance(message, protocol.Sync):
        await table.sync(client)
    elif isinstance(message, protocol.MoveMessage):
        if client.seat is None:
            client.refuse("unauthorized", "a watcher cannot move: join a seat to play", ref)
        else:
            await table.play(client.seat, message.move, client, ref)
    elif isinstance(message, protocol.HintRequest):
        table.ask_hint(client, ref)
    elif isinstance(message, protocol.ChatMessage):
        chat.say(table, client, message)
    elif isinstance(message, protocol.Nudge):
        chat.nudge(table, client, message)
    elif isinstance(message, protocol.Leave):
        if client.seat is not None:
            await table.leave(client.seat)
        return False
    return True


def _sentence(text: str) -> str:
    """A refusal as the core words one: one sentence, lower case, no full stop."""
    return text.strip().rstrip(".")


STORE_TIMEOUT = 2.0
"""Seconds ``/healthz`` waits for the store's quick query before it says the store is down."""


class _StoreCheck:
    """The store's health for ``/healthz``: a quick query (:meth:`Store.ping
    <hearts.server.store.Store.ping>`) on the store's own thread, bounded by
    :data:`STORE_TIMEOUT`. Checks asked together share one query, and none is queued behind a
    query that has not answered yet (a store that hangs is not asked again and again)."""

    def __init__(self) -> None:
        self._ping: asyncio.Future[Any] | None = None
        self._since = 0.0

    async def __call__(self, hub: Hub) -> dict[str, Any]:
        now = time.monotonic()
        if self._ping is None or self._ping.done():
            self._ping = asyncio.ensure_future(hub.db(hub.store.ping))
            self._ping.add_done_callback(_retrieved)
            self._since = now
        left = STORE_TIMEOUT - (now - self._since)
        try:
            await asyncio.wait_for(asyncio.shield(self._ping), max(0.0, left))
        except TimeoutError:
            waited = time.monotonic() - self._since
            return {"ok": False, "reason": f"the store has not answered in {waited:.1f} s"}
        except Exception as error:
            return {"ok": False, "reason": f"the store is down: {_sentence(str(error))}"}
        return {"ok": True, "reason": None, "ms": round((time.monotonic() - now) * 1000, 1)}


def _retrieved(future: asyncio.Future[Any]) -> None:
    """Mark a store check's failure as seen (a check nobody waited for any more)."""
    if not future.cancelled():
        future.exception()


def _validation_sentence(errors: Any) -> str:
    """A request the lobby cannot read, in one sentence naming the field."""
    for error in errors:
        if error.get("type") == "json_invalid":
            return "the request's body is not JSON: send a JSON object"
        where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
        problem = str(error.get("msg", "is not valid")).rstrip(".")
        if problem[:1].isupper() and not problem[1:2].isupper():  # ("Input should..." not "JSON")
            problem = problem[:1].lower() + problem[1:]
        if where:
            return f"the field {where!r} is wrong: {problem}"
        return f"the request is wrong: {problem}"
    return "the request could not be read"
