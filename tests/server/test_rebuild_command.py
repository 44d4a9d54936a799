"""`hearts rebuild-ratings`, the maintenance command (hearts.server.ratings.rebuild_store), on
SQLite and on PostgreSQL: on a store of finished games whose statistics rows were deleted, the
rows come back equal to those the games left, and the ratings with them; while a server holds
the store it is refused in a sentence and changes nothing."""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy import delete
from typer.testing import CliRunner

from hearts.cli import FAILURE, app
from hearts.server import ratings
from hearts.server.store import GameStatRow, RatingHistoryRow, RatingRow, Store

from .test_ratings import random_game, rows, sign_up, store_finished

runner = CliRunner()


def finished_games(store: Store, count: int) -> list[list[dict[str, Any]]]:
    """``count`` random games of four signed-in people (rated) or a person and bots, stored
    and settled as they end; every statistics row, rating and history row they left."""
    rng = random.Random(7)
    accounts = sign_up(store, *(f"P{n}" for n in range(6)))
    for number in range(count):
        people = rng.sample(accounts, 4)
        seats: list[tuple[str, int | None]] = (
            [("human", account) for account in people]
            if number % 2
            else [("human", people[0]), ("bot", None), ("bot", None), ("bot", None)]
        )
        table_id = store_finished(store, random_game(rng), {"rated": True}, seats, number)
        assert ratings.settle(store, table_id) is not None
    return kept(store)


def kept(store: Store) -> list[list[dict[str, Any]]]:
    found = [
        rows(store, GameStatRow, GameStatRow.table_id, GameStatRow.seat),
        rows(store, RatingRow, RatingRow.account_id, RatingRow.form, RatingRow.against),
        rows(store, RatingHistoryRow, RatingHistoryRow.table_id, RatingHistoryRow.account_id),
    ]
    for row in found[1]:
        row.pop("updated")  # (when a rating was last written, not what it is)
    return found


def delete_statistics(store: Store) -> None:
    with store._transaction("delete the statistics") as session:
        session.execute(delete(GameStatRow))


def test_the_command_makes_deleted_statistics_and_the_ratings_again_equal(
    store: Store, database_url: str
) -> None:
    """REBUILD COMMAND: the statistics rows deleted, `hearts rebuild-ratings --database-url`
    makes them again from the events, equal to those kept, and the ratings and their history
    with them; it says how many games it settled."""
    before = finished_games(store, 12)
    assert len(before[0]) == 6 * 4 + 6 and len(before[2]) == 6 * 4  # (simple/4: no levels)
    delete_statistics(store)
    assert kept(store)[0] == []
    result = runner.invoke(app, ["rebuild-ratings", "--database-url", database_url])
    assert result.exit_code == 0, result.output
    assert "of 12 finished games were made again from their events" in result.output
    assert kept(store) == before


def test_statistics_only_keeps_the_ratings(store: Store, database_url: str) -> None:
    """REBUILD COMMAND: --statistics-only makes the statistics again and leaves the ratings
    and their history as they are."""
    before = finished_games(store, 4)
    delete_statistics(store)
    with store._transaction("change a rating") as session:
        session.execute(delete(RatingHistoryRow))
    result = runner.invoke(
        app, ["rebuild-ratings", "--database-url", database_url, "--statistics-only"]
    )
    assert result.exit_code == 0, result.output
    assert "The statistics of 4 finished games" in result.output
    after = kept(store)
    assert after[0] == before[0] and after[1] == before[1] and after[2] == []


def test_the_command_is_refused_while_a_server_holds_the_store(
    store: Store, database_url: str
) -> None:
    """REBUILD COMMAND: while a server holds the store (Store.hold, as `hearts serve` does)
    the command is refused in one sentence, and the statistics stay as they were (deleted)."""
    finished_games(store, 2)
    delete_statistics(store)
    server = Store(database_url)
    server.hold()
    try:
        result = runner.invoke(app, ["rebuild-ratings", "--database-url", database_url])
    finally:
        server.close()
    assert result.exit_code == FAILURE
    message = " ".join(result.output.split())
    assert message.startswith("error: the statistics and ratings are not rebuilt: the database")
    assert "in use by another hearts serve" in message and message.count("\n") == 0
    assert kept(store)[0] == []


def test_a_database_it_cannot_use_is_said_in_one_sentence() -> None:
    """REBUILD COMMAND: a URL of another kind of database, or of none, is refused in a
    sentence (exit 1), with no traceback."""
    for url, words in (("bogus://x", "is a bogus database"), ("nonsense", "is not a database URL")):
        result = runner.invoke(app, ["rebuild-ratings", "--database-url", url])
        assert result.exit_code == FAILURE, result.output
        assert words in result.output and "Traceback" not in result.output
