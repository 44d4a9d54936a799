"""Events (DESIGN.md principle 3): frozen, and each kind round-trips through plain JSON data."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from hearts import Auction, Deal, Game, InvalidRecord, Rules, variants
from hearts.events import EVENT_KINDS, CardPlayed, Event, TrickWon


def _all_kinds() -> list[Event]:
    """Events of every kind met in real games (a modern game with the moon choice, a seven-seat
    classic game cut for deal, a two-handed game, a game of Cancellation Hearts with a trick
    nobody won, a deal of Auction Hearts, a game of Heartsette, a game of Domino Hearts)."""
    seen: dict[str, Event] = {}
    games = [
        Game(variants.get("modern").replace(moon="choice"), seed=11),
        Game(variants.get("classic-7"), seed=3, cut_for_deal=True),
        Game(variants.get("two-handed"), seed=2),
        Game(variants.get("cancellation"), seed=2),
        Game(variants.get("heartsette"), seed=1),
        Game(variants.get("domino"), seed=1),
    ]
    for number, game in enumerate(games):
        rng = random.Random(number)
        while not game.is_over and game.hand_number < 40:
            game.play(rng.choice(game.legal_moves()), game.to_act)
        for event in game.events:
            seen.setdefault(event.kind, event)
    # Auction Hearts is played deal by deal for now: its bids and the suit named.
    hands = [" ".join(f"{r}{s}" for r in "23456789TJQKA") for s in "CDSH"]
    deal = Deal.from_hands(Rules(auction=Auction()), hands)
    rng = random.Random(0)
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_moves()))
    for event in deal.events:
        seen.setdefault(event.kind, event)
    # The laws option: a revoke corrected (its card exposed, then called), another claimed, and
    # the cards gathered.
    laws = Deal.from_hands(
        Rules(laws=True),
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AC",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AD",
            "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AS",
        ],
    )
    for move, seat in [
        ("2C", None),
        ("revoke 2D", None),
        ("correct", 1),
        ("AC", None),
        ("2S", None),
        ("3H", None),
        ("call 2D", 0),
        ("revoke 3D", None),
        ("claim 1", 2),
    ]:
        laws.play(move, seat)
    while not laws.is_over:
        laws.play(rng.choice(laws.legal_moves()))
    for event in laws.events:
        seen.setdefault(event.kind, event)
    return list(seen.values())


EVENTS = _all_kinds()


def test_every_kind_of_event_is_met_in_real_games() -> None:
    assert {event.kind for event in EVENTS} >= set(EVENT_KINDS) - {"moon_shot", "moon_chosen"}


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.kind)
def test_event_round_trips_through_json(event: Event) -> None:
    """Records store events as JSON; reading one back gives an equal event."""
    data = json.loads(json.dumps(event.to_dict()))
    assert Event.from_dict(data) == event


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.kind)
def test_events_are_frozen(event: Event) -> None:
    field = dataclasses.fields(event)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(event, field, 0)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "card_played", "seat": 1}, "lacks the field 'card'"),
        ({"kind": "card_played", "seat": 1, "card": "ZZ"}, "field 'card' is wrong"),
        ({"kind": "card_played", "seat": "one", "card": "QS"}, "field 'seat' is wrong"),
        ({"kind": "card_played", "seat": 1, "card": "QS", "x": 1}, "unknown field 'x'"),
        ({"kind": "teleport"}, "is not an event kind"),
        ([1, 2], "must be a JSON object"),
        (
            {"kind": "trick_won", "seat": 1, "leader": 0, "cards": "QS", "points": 0},
            "field 'cards' is wrong",
        ),
    ],
)
def test_a_malformed_event_is_refused_naming_the_field(data: object, message: str) -> None:
    with pytest.raises(InvalidRecord, match=message):
        Event.from_dict(data)  # type: ignore[arg-type]


def test_keyword_and_positional_construction_agree() -> None:
    from hearts import Card

    cards = (Card.parse("2C"), Card.parse("AC"))
    assert TrickWon(1, 0, cards, 0) == TrickWon(seat=1, leader=0, cards=cards, points=0)
    assert CardPlayed(seat=2, card=Card.parse("QS")).to_dict() == {
        "kind": "card_played",
        "seat": 2,
        "card": "QS",
    }
