"""The turn timer does not run while the page shows what came before the turn: the server adds
to a person's time the page's pauses at its slowest speed since that person's last move
(hearts.server.pace), at most a fixed bound, counted from the log (nothing a client sends)."""

from __future__ import annotations

import re
import time
from pathlib import Path

from fastapi.testclient import TestClient

from hearts import Game, variants
from hearts.events import CardPlayed, Dealt, TrickWon
from hearts.server import pace

from .players import PERSON, bot, hello, make

STATIC = Path(pace.__file__).parent / "static" / "pace.js"


def test_the_pauses_counted_are_the_pages_slowest_ones() -> None:
    """The server's numbers are the page's slow speed (static/pace.js), in seconds."""
    text = STATIC.read_text(encoding="utf-8")
    slow = re.search(r"slow: Object\.freeze\(\{([^}]*)\}", text)
    assert slow is not None
    page = {name: int(ms) / 1000 for name, ms in re.findall(r"(\w+): (\d+)", slow.group(1))}
    assert page == pace.SLOW


def test_the_pauses_before_a_turn_count_since_the_last_move() -> None:
    """Others' cards, a trick taken, a deal: each counts, from the seat's last move on."""
    game = Game(variants.get("classic"), seed=3)
    while game.to_act != 0:
        game.play(game.legal_moves()[0])
    others = sum(1 for e in game.events if isinstance(e, CardPlayed))
    assert others == 3 and pace.pauses_before(game.events, 0) == round(1.4 + 3 * 0.8, 6)
    while not any(isinstance(e, TrickWon) for e in game.events):
        game.play(game.legal_moves()[0])
    # (seat 0 moved since the deal: only what came after its card counts)
    after = game.events[
        max(i for i, e in enumerate(game.events) if isinstance(e, CardPlayed) and e.seat == 0) + 1 :
    ]
    cards = sum(1 for e in after if isinstance(e, CardPlayed))
    assert pace.pauses_before(game.events, 0) == round(cards * 0.8 + 1.8 + 0.4, 6)


def test_the_pauses_added_are_bounded() -> None:
    """However long the log since a seat's move, at most pace.MOST seconds are added."""
    game = Game(variants.get("classic"), seed=3)
    deals = [e for e in game.events if isinstance(e, Dealt)] * 20
    assert pace.pauses_before(deals, 0) == pace.MOST == 10.0


def test_a_persons_deadline_leaves_room_for_the_pages_pauses_before_the_turn(
    http: TestClient,
) -> None:
    """Classic, bots first: Ann's first turn comes after the deal and the bots' cards before
    hers; her deadline is the timer's seconds and those pauses (at the slow speed) after the
    state, and the stand-in plays for her only once both have passed."""
    timer = 0.3
    made = make(http, [PERSON, bot(), bot(), bot()], variant="classic", timer=timer)
    table = http.app.state.hub.tables[made["table"]["id"]]  # type: ignore[attr-defined]
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        state = ann.my_turn()
        seen = time.monotonic()
        expected = pace.pauses_before(table.game.events, 0)
        assert expected >= 1.4  # (the deal at least)
        left = state["deadline"] - state["server_time"]
        assert timer + expected - 0.5 <= left <= timer + expected + 0.01, (left, expected)
        cards = len(state["view"]["hand"])
        while True:  # Ann does nothing: the stand-in plays once her time is over
            message = ann.next()
            if message["type"] == "state" and len(message["view"]["hand"]) < cards:
                break
        assert time.monotonic() - seen >= timer + expected - 0.5
