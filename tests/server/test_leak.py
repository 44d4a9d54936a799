"""No hidden card ever reaches a client that may not see it (hearts.server.tables, wire).

Whole games with two people, two bots and a watcher at the table, in several forms. Every
message the server sends is checked at the moment it is sent, against the deal as it then
stands, by an oracle that does not use the code that built the message: a card held in another
seat's hand (not passed to it by this seat, not exposed face up under the laws) must not appear
anywhere in a seat's message, and no card held in any hand may appear in a watcher's; the
events' hidden parts (other hands in a deal, other seats' passes, draws and face-down
discards) must be blank, and what cards face down count (a widow gone with a trick, another's
discards) must show in no seat's penalties, tricks or events while the hand is played; a hand's
seed is revealed only once that hand is over.
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hearts.cards import Card
from hearts.errors import HeartsError
from hearts.server import tables
from invariants import seen_penalties, seen_tricks

from .players import PERSON, Player, bot, hello, make, play_until

FORMS = [
    ("modern", {}),
    ("classic", {}),
    ("two-handed", {}),
    ("heartsette", {}),
    ("cancellation", {}),
    ("auction", {}),
    ("modern", {"laws": True}),
]


_CARD_WRITTEN = re.compile(r"(?:[2-9TJQKA][CDSH]|JK|(?:10|[2-9JQKA])[♣♦♠♥])'?")
"""A card's name (``QS``, ``QS'``, ``JK``), or a card as a sentence writes it (``Q♠``,
hearts.words.symbol)."""


def _cards(value: Any, found: set[Card]) -> None:
    """Every card named anywhere in a message (a card's name, or a move's words, or an
    event's words, its ``text``), the rules aside (a form's rules name the cards that count)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "rules":
                _cards(item, found)
    elif isinstance(value, list):
        for item in value:
            _cards(item, found)
    elif isinstance(value, str):
        for word in value.split():
            # (a card in a sentence, an event's words: "(2♣", "Q♠′.", "K♣,"; a card's name as
            # written, not an English word that reads as one, as "as" or "ah")
            for bare in {word, word.strip("().,;:!?").replace("′", "'")}:
                if _CARD_WRITTEN.fullmatch(bare):
                    with contextlib.suppress(HeartsError):
                        found.add(Card.parse(bare))


def _hidden_parts_blank(events: list[dict[str, Any]], seat: int | None) -> None:
    for event in events:
        kind = event["kind"]
        if kind == "dealt":
            assert all(not hand for s, hand in enumerate(event["hands"]) if s != seat), event
            assert not event.get("stock"), event
        elif kind in ("passed", "discarded") and event["seat"] != seat:
            assert not event["cards"], event
            if kind == "discarded":
                assert event["points"] is None, event  # what the discards count is face down
        elif kind == "stock_drawn" and event["seat"] != seat:
            assert event["card"] is None, event  # another's draw, face down
        elif kind == "revoked":
            assert event["seat"] == seat, event


class Oracle:
    """Checks each message as it is sent (wraps Client.put)."""

    def __init__(self) -> None:
        self.checked = 0
        self.revealed = 0

    def check(self, client: tables.Client, message: Any) -> None:
        table = client.table
        if table is None:
            return
        data = json.loads(message if isinstance(message, str) else _text(message))
        game = table.game
        seat = client.seat
        if data["type"] == "reveal":
            assert data["hand_number"] < game.hand_number or game.is_over
            self.revealed += 1
            return
        held: set[Card] = set()
        for other in range(game.players):
            if other != seat:
                held |= set(game.view(other).hand.cards())
        if seat is not None:
            mine = game.view(seat)
            if mine.passed is not None:
                held -= set(mine.passed.cards())
        laws = game.public_view().laws
        if laws is not None:
            for cards in laws.exposed:
                held -= set(cards.cards())
        if data["type"] == "state":
            view = data["view"]
            if view["hand_number"] == game.deal.hand_number:
                # What cards face down count (a widow gone with a trick, others' discards)
                # shows in no seat's penalties or tricks while the hand is played.
                assert view["penalties"] == list(seen_penalties(game.deal, seat)), seat
                tricks = [trick.points for trick in seen_tricks(game.deal)]
                assert [trick["points"] for trick in view["tricks"]] == tricks, seat
            _hidden_parts_blank(data["view"]["events"], seat)
            _hidden_parts_blank(data["events"], seat)
            current = data["events"]
            dealt = [i for i, event in enumerate(current) if event["kind"] == "dealt"]
            part = {"view": data["view"], "events": current[dealt[-1] :] if dealt else current}
        else:
            part = data
        found: set[Card] = set()
        _cards(part, found)
        assert not found & held, (seat, data["type"], sorted(str(c) for c in found & held))
        self.checked += 1


def _text(message: Any) -> str:
    from hearts.server import protocol

    return protocol.dump(message)


@pytest.mark.parametrize(("variant", "options"), FORMS)
def test_no_message_carries_a_card_its_client_may_not_see(
    http: TestClient, variant: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    oracle = Oracle()
    put = tables.Client.put

    def checked(self: tables.Client, message: Any) -> None:
        oracle.check(self, message)
        put(self, message)

    monkeypatch.setattr(tables.Client, "put", checked)
    players = {"two-handed": 2, "cancellation": 6}.get(variant, 4)
    seats = [PERSON, PERSON] + [bot()] * (players - 2)
    made = make(http, seats, variant=variant, options={"end": "deals", "deals": 2, **options})
    joined = http.post(f"/api/tables/{made['code']}/join", json={"name": "Bob"}).json()
    table = made["table"]["id"]
    with (
        http.websocket_connect(f"/ws/tables/{table}") as one,
        http.websocket_connect(f"/ws/tables/{table}") as two,
        http.websocket_connect(f"/ws/tables/{table}") as three,
    ):
        people: list[Player] = [hello(one, made["token"]), hello(two, joined["token"])]
        watcher = hello(three, watch=True)
        play_until(people, lambda: any(m["type"] == "over" for m in people[0].seen))
        watcher.current()
    assert any(m["type"] == "over" for m in watcher.seen)
    assert oracle.revealed >= 3 * 2  # each hand revealed to each of the three
    assert oracle.checked > 100
