"""The server sends the words (docs/protocol.md, "Words"): every event of a state, in its
``events`` and in its view's, has a ``text`` worded for the seat that receives it, from the
events as that seat receives them (a card it may not see is never in its words), with the
table's names and seats counted from 1."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hearts.cards import Card
from hearts.errors import HeartsError

from .players import PERSON, Player, bot, hello, make, play_until

SIGNS = re.compile(r"(?:10|[2-9JQKA])[♣♦♠♥]'?")


def _worded(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every event of a state, the view's and the new ones, each checked to have its text."""
    events = [*state["view"]["events"], *state["events"]]
    for event in events:
        text = event.get("text")
        assert isinstance(text, str) and text.strip(), event
        assert "None" not in text and "()" not in text and "seat 0" not in text.lower(), event
    return events


def _played(view: dict[str, Any]) -> set[Card]:
    """The cards played this hand up to a view: its tricks and the trick on the table."""
    played: set[Card] = set()
    for trick in view["tricks"]:
        played |= set(map(Card.parse, trick["cards"]))
    return played | {Card.parse(p["card"]) for p in view["trick"]}


def _named(text: str) -> set[Card]:
    found = set()
    for sign in SIGNS.findall(text):
        try:
            found.add(Card.parse(sign))
        except HeartsError:  # pragma: no cover - every sign found names a card
            continue
    return found


@pytest.mark.parametrize("form", ["modern", "two-handed"])
def test_every_event_a_seat_is_sent_is_worded_for_that_seat_and_hides_what_it_may_not_see(
    http: TestClient, form: str
) -> None:
    """A person with bots through the pass and the first tricks (two-handed: the other's draws
    from the stock, face down), and a watcher: every event of every state is worded; the
    person reads "you" for its own moves and its own pass's cards; another seat's pass or draw
    (its cards hidden from the person) is worded with no card; no text names a card the person
    has not seen; the watcher's words say "you" to nobody; the bots are named, told apart by
    their seat (from 1) where two share a name."""
    people = [PERSON, bot(), bot(), bot()] if form == "modern" else [PERSON, bot()]
    made = make(http, people, variant=form)
    table = made["table"]["id"]
    with (
        http.websocket_connect(f"/ws/tables/{table}") as mine,
        http.websocket_connect(f"/ws/tables/{table}") as theirs,
    ):
        ann = hello(mine, made["token"])
        watcher = hello(theirs, watch=True)
        play_until([ann], lambda: len((ann.state or {})["view"]["tricks"]) >= 3)
        state = ann.current()
        seen = watcher.current()
    view = state["view"]
    assert view["hand_number"] == 0  # (the cards seen are this hand's)
    visible = {Card.parse(card) for card in [*view["dealt"], *(view["received"] or [])]}
    visible |= set(map(Card.parse, view["hand"]))
    played = _played(view)
    for event in view["events"]:
        if event["kind"] == "stock_drawn" and event["seat"] == 0:
            visible.add(Card.parse(event["card"]))
    names = {seat["seat"]: seat["name"] for seat in state["seats"]}
    if form == "modern":
        assert len(set(names.values())) < 4  # (three bots of one name: told apart by seat)
    texts = []
    for message in [m for m in ann.seen if m["type"] == "state"]:  # (every state it was sent)
        for event in _worded(message):
            text = event["text"]
            texts.append(text)
            assert _named(text) <= visible | played, (event, visible)
            if event["kind"] == "passed" and event["seat"] != 0:
                assert not _named(text), text  # (another seat's pass: face down)
                assert re.fullmatch(r".+ passes \d+ cards to .+\.", text), text
            if event["kind"] == "stock_drawn" and event["seat"] != 0:
                assert text.endswith(" draws a card from the stock."), text
            if event["kind"] == "passed" and event["seat"] == 0:
                assert text.startswith("You pass ")
                assert _named(text) == set(map(Card.parse, view["passed"]))
            if event["kind"] == "dealt":
                assert f"you are dealt {len(view['dealt'])} cards" in text, text
    if form == "modern":
        assert any(re.search(r"\(seat [234]\)", text) for text in texts), texts
    assert any(text.startswith("You ") for text in texts)
    for message in [m for m in watcher.seen if m["type"] == "state"]:
        for event in _worded(message):
            assert not re.search(r"\b[Yy]ou\b", event["text"]), event
            # (a watcher sees no hand: only the cards played, up to its own last state)
            assert not _named(event["text"]) - _played(seen["view"]), event


def test_a_hint_comes_with_its_text_in_plain_words(http: TestClient) -> None:
    """A hint's ``text`` names the move and says what it saves, or why, with none of the
    engine's terms; its ``reason`` is kept as it was."""
    made = make(http, [PERSON, bot(), bot(), bot()], variant="classic")
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann: Player = hello(socket, made["token"])
        ann.my_turn()
        ann.send({"type": "hint", "ref": 4})
        answer = ann.until("hint")
    assert answer["reason"]
    text = answer["text"]
    assert re.fullmatch(
        r"\S+(, to shoot the moon)?: (about \d+ counters? better than \S+|a little better than "
        r"\S+|as good as \S+|[a-z][^.]+)\.",
        text,
    ), text
    assert Card.parse(text.split(":")[0].split(",")[0]) == Card.parse(answer["move"])
    for jargon in ("average", "deals", "rules of thumb", "+"):
        assert jargon not in text, text
