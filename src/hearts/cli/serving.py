"""The commands of the online tables: ``hearts serve`` (the server, :mod:`hearts.server`, whose
packages are loaded only here, so the other commands need none of them) and ``hearts
rebuild-ratings`` (the store's statistics and ratings made again from its events).

>>> _served_names("127.0.0.1"), _served_names("hearts.example.org")
((), ('hearts.example.org',))
"""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer

from hearts.errors import HeartsError
from hearts.tui.commandline import FAILURE
from hearts.tui.commandline import fail as _fail
from hearts.tui.commandline import say as _say

__all__ = ["rebuild_ratings", "serve"]


def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (loopback by default: only this machine).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    open_page: Annotated[
        bool, typer.Option("--open", help="Open the page in the browser once the server is up.")
    ] = False,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="Where the tables are kept: a SQLAlchemy URL such as "
            "postgresql+psycopg://user:password@host/db (default: a SQLite file in your data "
            "folder)."
        ),
    ] = None,
    redis_url: Annotated[
        str | None,
        typer.Option(
            help="Redis shared by several hearts serve processes on one PostgreSQL store, such "
            "as redis://127.0.0.1:6379/0 (docs/deploy.md; default: this process alone)."
        ),
    ] = None,
    grace: Annotated[
        float,
        typer.Option(min=0, help="Seconds a player who drops keeps the seat before a bot plays."),
    ] = 60.0,
    bot_workers: Annotated[
        int | None,
        typer.Option(min=0, help="Processes that think for the bots (default: cores less one)."),
    ] = None,
    table_rate: Annotated[
        float,
        typer.Option(min=0.001, help="Tables one client address may make a minute, on average."),
    ] = 6.0,
    table_burst: Annotated[
        int, typer.Option(min=1, help="Tables one client address may make at once.")
    ] = 12,
    claim_time: Annotated[
        float,
        typer.Option(
            min=0.01,
            help="Seconds a new table waits for a person to take a seat before it is closed.",
        ),
    ] = 300.0,
    lookup_rate: Annotated[
        float,
        typer.Option(
            min=0.001,
            help="Look-ups of tables that are not here (wrong codes) one address may make a "
            "minute, on average.",
        ),
    ] = 10.0,
    lookup_burst: Annotated[
        int,
        typer.Option(
            min=1, help="Look-ups of tables that are not here one address may make at once."
        ),
    ] = 20,
    hello_time: Annotated[
        float, typer.Option(min=0.01, help="Seconds a new socket has to say hello.")
    ] = 10.0,
    request_time: Annotated[
        float,
        typer.Option(min=0.01, help="Seconds an HTTP request has to arrive whole."),
    ] = 10.0,
    max_body: Annotated[
        int, typer.Option(min=1, help="The largest body of an HTTP request, in bytes.")
    ] = 65_536,
    max_connections: Annotated[
        int, typer.Option(min=1, help="Connections one client address may hold open at once.")
    ] = 100,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="A name the server answers to besides IP addresses and names of one label "
            "such as localhost (again for more; *.example.org: its subdomains; *: any). The "
            "--host name is one, and this machine's names when it listens on every network."
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="Another site (https://name[:port]) whose pages may use the server (again for "
            "more)."
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Proxies whose X-Forwarded-For is believed: addresses or networks, "
            "comma-separated, or * for any (default: none; clients are counted by the peer's "
            "address)."
        ),
    ] = None,
    hint_rate: Annotated[
        float,
        typer.Option(min=0.01, help="Hints a minute one seat may ask, across all its sockets."),
    ] = 12.0,
    hint_rate_address: Annotated[
        float,
        typer.Option(
            min=0.01,
            help="Hints a minute one client address may ask, across its sockets and tables.",
        ),
    ] = 30.0,
    max_watchers: Annotated[
        int,
        typer.Option(min=1, help="Watchers a table takes at once; beyond, a watcher is refused."),
    ] = 200,
    records_per_minute: Annotated[
        float,
        typer.Option(
            min=0.001,
            help="Requests for finished games' records and replays a client address may make "
            "a minute (10 at once).",
        ),
    ] = 30.0,
    daily_event: Annotated[
        bool,
        typer.Option(help="Make a duplicate event each day on its own (docs/events.md)."),
    ] = True,
    review_deals: Annotated[
        int | None,
        typer.Option(min=4, help="Sampled deals a decision of a game's review (default 400)."),
    ] = None,
) -> None:
    """Serve online tables: play with friends and bots in the browser, over the network.

    Make a table on the page, send its link or code to friends; empty seats are played by bots,
    and a player who drops is played for until they come back. Every move is kept as it is
    made: stopped and started again on the same store, every table carries on.
    """
    try:
        import uvicorn  # noqa: F401  (the server's extra packages are there)

        from hearts.server import ServerConfig, create_app, tune_collector
        from hearts.server.listen import BindError, bind, server, server_config
        from hearts.server.logs import log_config
        from hearts.server.store import Store, StoreError
    except ImportError as error:
        _fail(
            f"the server needs its extra packages ({error.name} is missing): "
            "pip install -e '.[serve]'",
            FAILURE,
        )
    url = database_url or Store.default_url()
    proxies = [item.strip() for item in (forwarded_allow_ips or "").split(",") if item.strip()]
    store = None
    try:
        config = ServerConfig(
            database_url=url,
            grace=grace,
            table_rate=table_rate,
            table_burst=table_burst,
            claim_time=claim_time,
            lookup_rate=lookup_rate,
            lookup_burst=lookup_burst,
            hello_time=hello_time,
            request_time=request_time,
            max_body=max_body,
            max_connections=max_connections,
            allowed_hosts=tuple(allowed_host or ()) + _served_names(host),
            allowed_origins=tuple(allowed_origin or ()),
            forwarded_allow_ips=tuple(proxies),
            hint_rate=hint_rate,
            hint_rate_address=hint_rate_address,
            max_watchers=max_watchers,
            records_per_minute=records_per_minute,
            daily_event=daily_event,
            review_deals=review_deals,
            redis_url=redis_url,
        )
        if bot_workers is not None:
            config = dataclasses.replace(config, bot_workers=bot_workers)
        store = Store(url)
        if redis_url is None:
            store.hold()  # (one server a store: a second one is refused here)
        elif store.path is not None or store.url.get_backend_name() != "postgresql":
            raise StoreError(
                "several processes (--redis-url) share a PostgreSQL store: give "
                "--database-url postgresql+psycopg://user:password@host/database"
            )
        else:
            from hearts.server import bus

            bus.check(redis_url)  # (a Redis that does not answer: one sentence, not a hang)
            store.hold(shared=True)  # (with the others, never beside a server alone)
        store.upgrade()
        listener = bind(host, port)
    except (HeartsError, StoreError, BindError) as error:
        if store is not None:
            store.close()
        _fail(str(error), FAILURE)
    application = create_app(config, store=store)
    tune_collector()
    shown = "localhost" if host in ("127.0.0.1", "::1", "localhost") else host
    shown = f"[{shown}]" if ":" in shown else shown
    port = listener.getsockname()[1]
    _say(f"Hearts is served at http://{shown}:{port}/ (tables kept in {url}); Ctrl+C stops it.")
    if open_page:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, (f"http://{shown}:{port}/",)).start()
    try:
        server(server_config(application, config, log_config=log_config()), application).run(
            sockets=[listener]
        )
    finally:
        listener.close()
        store.close()


def rebuild_ratings(
    database_url: Annotated[
        str | None,
        typer.Option(
            help="The store, as `hearts serve --database-url` (default: the same as its)."
        ),
    ] = None,
    statistics_only: Annotated[
        bool,
        typer.Option("--statistics-only", help="Make the statistics again; keep the ratings."),
    ] = False,
) -> None:
    """Make every finished game's statistics, every rating and its history again from the
    stored events (docs/ratings.md), in one transaction; refused while a server holds the store.
    """
    try:
        from hearts.server.ratings import rebuild_store
        from hearts.server.store import Store, StoreError
    except ImportError as error:
        _fail(
            f"this needs the server's packages ({error.name} is missing): pip install -e '.[serve]'"
        )
    try:
        count = rebuild_store(database_url or Store.default_url(), ratings=not statistics_only)
    except StoreError as error:
        _fail(str(error), FAILURE)
    what = "statistics" if statistics_only else "statistics and ratings"
    _say(f"The {what} of {count} finished games were made again from their events.")


def _served_names(host: str) -> tuple[str, ...]:
    """The names ``hearts serve --host`` implies the server answers to (besides IP addresses
    and names of one label): the name given, or this machine's names when it listens on every
    network."""
    import ipaddress
    import re
    import socket

    if host in ("", "0.0.0.0", "::"):
        names = {socket.gethostname(), socket.getfqdn()}
        return tuple(
            sorted(
                name.lower()
                for name in names
                if re.fullmatch(r"[A-Za-z0-9_.-]+", name) and name.lower() != "localhost"
            )
        )
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return (host.lower(),)
    return ()
