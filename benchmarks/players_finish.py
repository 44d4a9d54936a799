"""A finished game's ratings and statistics: the server's CPU to settle one (goal: 5 ms).

Run from the repository root::

    .venv/bin/python benchmarks/players_finish.py                   # SQLite file, 300 games
    .venv/bin/python benchmarks/players_finish.py --games 1000 --url postgresql+psycopg://...

Whole ``modern`` games of random legal moves are stored as the server stores them (a table,
its seats tied to signed-in people, every event, status "over"), then each is settled as the
server settles a game at its end (:func:`hearts.server.ratings.settle`, handed the game's
events as the table's hook hands them): ``time.process_time`` around each call, the CPU of this
process (the server's: with PostgreSQL, the database's own CPU is not in it). Three kinds of
game, in turn: a rated table of four people (four ratings, four history rows, four statistics
rows), one person against three levels (one rating against the computer), and people with bots
(statistics only). Prints the median and the 99th percentile of each kind and of all. A script,
not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import random
import secrets
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from hearts import Game, variants
from hearts.events import Event
from hearts.server import ratings
from hearts.server.store import AccountRow, EventRow, SeatRow, Store, TableRow

KINDS = ("people, rated", "one person v bots", "people and bots")


def _accounts(store: Store, count: int) -> list[int]:
    now = datetime.now(UTC)
    with store._transaction("make accounts") as session:
        rows = [
            AccountRow(
                name=f"bench {secrets.token_hex(4)}",
                name_key=secrets.token_hex(8),
                password_hash="x",
                recovery_hash="x",
                created=now,
                seen=now,
            )
            for _ in range(count)
        ]
        session.add_all(rows)
        session.flush()
        return [row.id for row in rows]


def _game(rng: random.Random) -> Game:
    game = Game(variants.get("modern"), seed=rng.randrange(2**63), hand_seeds=True)
    while not game.is_over:
        game.play(rng.choice(list(game.legal_moves())), game.to_act)
    return game


def _store_game(store: Store, game: Game, kind: str, people: list[int], number: int) -> str:
    table_id = secrets.token_hex(6)
    now = datetime.now(UTC)
    if kind == KINDS[0]:
        seats = [("human", account) for account in people]
    elif kind == KINDS[1]:
        seats = [("human", people[0]), ("bot", None), ("bot", None), ("bot", None)]
    else:
        seats = [("human", people[0]), ("human", people[1]), ("bot", None), ("bot", None)]
    with store._transaction("store a finished game") as session:
        session.add(
            TableRow(
                id=table_id,
                code=f"{number:06d}",
                created=now,
                updated=now,
                variant="modern",
                rules=game.rules.to_dict(),
                options={"rated": kind == KINDS[0]},
                seed=game.seed or 0,
                dealer=game.first_dealer,
                status="over",
                seats=[
                    SeatRow(
                        seat=n,
                        name=f"S{n}",
                        kind=seat_kind,
                        bot="easy" if seat_kind == "bot" else None,
                        left_for_good=False,
                        account_id=account,
                    )
                    for n, (seat_kind, account) in enumerate(seats)
                ],
            )
        )
        session.flush()
        session.add_all(
            EventRow(table_id=table_id, number=n, event=event.to_dict())
            for n, event in enumerate(game.events)
        )
    return table_id


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--url", help="the database (default: a new SQLite file)")
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args(argv)
    url = args.url or f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}"
    store = Store(url)
    store.upgrade()
    rng = random.Random(args.seed)
    accounts = _accounts(store, 200)
    stored: list[tuple[str, str, list[Event]]] = []
    for number in range(args.games):
        game = _game(rng)
        kind = KINDS[number % len(KINDS)]
        table_id = _store_game(store, game, kind, rng.sample(accounts, 4), number)
        stored.append((kind, table_id, list(game.events)))
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for kind, table_id, events in stored:
        start = time.process_time()
        done = ratings.settle(store, table_id, events=events)
        times[kind].append(time.process_time() - start)
        assert done is not None
    store.close()
    backend = store.url.get_backend_name()
    print(f"{args.games} games of modern, {backend}, Python {sys.version.split()[0]}")
    for kind in KINDS:
        print(f"  {kind:<20} {_ms(times[kind])}")
    print(f"  {'all':<20} {_ms([t for kind in KINDS for t in times[kind]])}  (goal: 5 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
