"""The README's pictures of a profile (docs/profile.png, a laptop's 1280x800) and of a
leaderboard (docs/leaders.png, a phone's 390x844), made from games played and settled through
the real code: eight signed-in people of different skill play modern four-player games (each
move a basic bot's or, as often as the person is weak, a random one), every game is stored
whole as the server stores it and settled by :func:`hearts.server.ratings.settle` in the order
played (OpenSkill's updates, the statistics read from the events); one of them also plays the
computer's "easy" level. The test checks that the page shows the numbers the settling kept
(``ratings.shown(mu, sigma)``, the board ranked by it); written again with::

    HEARTS_WRITE_SCREENSHOTS=1 .venv/bin/python -m pytest tests/page/test_people_look.py

(the dates are the last weeks' from today, so the pictures are written, not compared).
"""

from __future__ import annotations

import random
import secrets
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from playwright.sync_api import Browser, expect

from hearts import Game, variants
from hearts.bots import BasicBot, RandomBot
from hearts.moves import Move
from hearts.observation import SeatView
from hearts.server import ratings
from hearts.server.store import EventRow, RatingRow, SeatRow, Store, TableRow
from server.people_rows import People

from .conftest import LiveServer, fresh_context
from .test_look import WRITE

DOCS = Path(__file__).parents[2] / "docs"
SKILL = {
    "Maren": 0.95,
    "Tobias": 0.9,
    "Ines": 0.8,
    "Kofi": 0.75,
    "Aiko": 0.6,
    "Jonas": 0.5,
    "Priya": 0.4,
    "Sam": 0.3,
}
"""Each person's share of moves played as the basic bot would (the rest are random)."""
GAMES = 64
"""Rated games among the eight (about 32 each)."""
AGAINST_THE_COMPUTER = 6
"""Maren's games against three "easy" bots (fewer than PROVISIONAL_GAMES: provisional)."""


class Person:
    """A person of a given skill: the basic bot's move with probability ``skill``, else a
    random legal one."""

    def __init__(self, skill: float, seed: int) -> None:
        self.skill = skill
        self.rng = random.Random(seed)
        self.good = BasicBot(seed)
        self.bad = RandomBot(seed)

    def choose(self, view: SeatView) -> Move:
        return (self.good if self.rng.random() < self.skill else self.bad).choose(view)


def store_finished(
    store: Store, game: Game, seats: list[tuple[str, int | None, str | None]], at: datetime
) -> str:
    """A finished modern table stored as the server stores one (rated, public, every event,
    status "over"), finished at ``at``; its id. ``seats``: (name, account, bot level)."""
    table_id = secrets.token_hex(6)
    with store._transaction("store a finished game") as session:
        session.add(
            TableRow(
                id=table_id,
                code=secrets.token_hex(3).upper(),
                created=at - timedelta(minutes=25),
                updated=at,
                variant="modern",
                rules=game.rules.to_dict(),
                options={"public": True, "rated": all(bot is None for _, _, bot in seats)},
                seed=game.seed or 0,
                dealer=game.first_dealer,
                status="over",
                seats=[
                    SeatRow(
                        seat=n,
                        name=name,
                        kind="bot" if bot else "human",
                        bot=bot,
                        left_for_good=False,
                        account_id=account,
                    )
                    for n, (name, account, bot) in enumerate(seats)
                ],
            )
        )
        session.flush()
        session.execute(
            sqlalchemy.insert(EventRow),
            [
                {"table_id": table_id, "number": n, "event": event.to_dict()}
                for n, event in enumerate(game.events)
            ],
        )
    return table_id


def play(players: list[Any], seed: int) -> Game:
    game = Game(variants.get("modern"), seed=seed, hand_seeds=True)
    while not game.is_over:
        seat = game.deal.to_act
        assert seat is not None
        game.play(players[seat].choose(game.view(seat)), seat)
    return game


def played_and_settled(store: Store, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The eight people, their games played, stored and settled oldest first, each as the
    server settles it when it ends (its ratings updated then); their ids."""
    rng = random.Random(36)
    rows = People(store)
    now = datetime.now(UTC)
    ids = {name: rows.account(name, created=now - timedelta(days=80)) for name in SKILL}
    finished: list[tuple[str, datetime]] = []
    for n in range(GAMES):
        at = now - timedelta(days=60) + timedelta(hours=22 * n + rng.randrange(5))
        names = rng.sample(list(SKILL), 4)
        players = [Person(SKILL[name], rng.randrange(2**31)) for name in names]
        game = play(players, rng.randrange(2**31))
        finished.append((store_finished(store, game, [(x, ids[x], None) for x in names], at), at))
    for n in range(AGAINST_THE_COMPUTER):
        at = now - timedelta(days=6 - n, hours=3)
        players = [Person(SKILL["Maren"], n), *(BasicBot(n + k) for k in (1, 2, 3))]
        game = play(players, rng.randrange(2**31))
        seats = [("Maren", ids["Maren"], None)] + [("easy", None, "easy")] * 3
        finished.append((store_finished(store, game, seats, at), at))
    for table, at in sorted(finished, key=lambda kept: kept[1]):
        monkeypatch.setattr(ratings, "_now", lambda at=at: at)  # (settled as the game ends)
        assert ratings.settle(store, table) is not None
    return ids


def kept_ratings(store: Store, against: str) -> dict[int, tuple[float, float, float, int]]:
    """Each account's modern/4 rating as the settling kept it: (mu, sigma, shown, games)."""
    with store._transaction("read the ratings", read=True) as session:
        return {
            row.account_id: (row.mu, row.sigma, row.shown, row.games)
            for row in session.scalars(
                sqlalchemy.select(RatingRow).where(
                    RatingRow.form == "modern/4", RatingRow.against == against
                )
            )
        }


def test_the_profile_and_the_leaderboard_show_the_ratings_the_settled_games_left(
    browser: Browser, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The profile shows the rating ``ratings.shown(mu, sigma)`` of the stored row, whole, the
    one against the computer marked provisional; the board lists the people with enough games
    in the order of their shown ratings. (With HEARTS_WRITE_SCREENSHOTS=1: the README's two
    pictures.)"""
    ids = played_and_settled(server.store, monkeypatch)
    people = kept_ratings(server.store, "people")
    bots = kept_ratings(server.store, "bots")
    for mu, sigma, shown, _ in [*people.values(), *bots.values()]:
        assert shown == ratings.shown(mu, sigma)
    maren = people[ids["Maren"]]
    laptop = fresh_context(
        browser, viewport={"width": 1280, "height": 800}, reduced_motion="reduce"
    )
    try:
        page = laptop.new_page()
        page.goto(f"{server.url}/p/Maren")
        rating = page.locator('.rating[data-form="modern/4"][data-against="people"]')
        expect(rating.locator(".rating-number")).to_have_text(f"{maren[2]:.0f}")
        computer = page.locator('.rating[data-form="modern/4"][data-against="bots"]')
        expect(computer.locator(".rating-number")).to_have_text(
            f"{bots[ids['Maren']][2]:.0f}?"  # (6 games: provisional)
        )
        expect(page.locator("#history-chart svg.chart .point")).to_have_count(maren[3])
        expect(page.locator('table.stats[data-against="people"]')).to_be_visible()
        if WRITE:
            (DOCS / "profile.png").write_bytes(page.screenshot(animations="disabled"))
    finally:
        laptop.close()
    phone = fresh_context(
        browser, viewport={"width": 390, "height": 844}, reduced_motion="reduce", is_mobile=True
    )
    try:
        page = phone.new_page()
        page.goto(f"{server.url}/leaders?form=modern/4&against=people")
        ranked = sorted(
            (name for name in SKILL if people[ids[name]][3] >= ratings.PROVISIONAL_GAMES),
            key=lambda name: -people[ids[name]][2],
        )
        board = page.locator('table.board[data-form="modern/4"][data-against="people"]')
        expect(board.locator("tbody td.board-name")).to_have_text(ranked)
        expect(board.locator("tbody tr").first.locator("td").nth(2)).to_have_text(
            f"{people[ids[ranked[0]]][2]:.0f}"
        )
        if WRITE:
            (DOCS / "leaders.png").write_bytes(page.screenshot(animations="disabled"))
    finally:
        phone.close()
