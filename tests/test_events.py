"""Events (docs/architecture.md principle 3): frozen, and each kind round-trips through plain JSON data."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence

import pytest

from hearts import Auction, Deal, Game, InvalidRecord, Move, Rules, parse_move, variants
from hearts.events import (
    EVENT_KINDS,
    BidMade,
    CardPlayed,
    Event,
    MoonChosen,
    SuitNamed,
    TrickWon,
    move_of,
)

LAWS_HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AC",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AD",
    "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AS",
]
LAWS_SCRIPT: list[tuple[str, int | None]] = [
    ("2C", None),
    ("revoke 2D", None),
    ("correct", 1),
    ("AC", None),
    ("2S", None),
    ("3H", None),
    ("call 2D", 0),
    ("revoke 3D", None),
    ("claim 1", 2),
]
"""A laws deal: a revoke corrected (its card exposed, then called), another claimed."""


def _all_kinds() -> list[Event]:
    """Events of every kind met in real games (a modern game with the moon choice, a seven-seat
    classic game cut for deal, a two-handed game, a game of Cancellation Hearts with a trick
    nobody won, a deal of Auction Hearts, a game of Heartsette, a game of Domino Hearts)."""
    seen: dict[str, Event] = {}
    games = [
        Game(variants.get("modern").replace(settlement={"moon": "choice"}), seed=11),
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
    laws = Deal.from_hands(Rules(laws=True), LAWS_HANDS)
    for move, seat in LAWS_SCRIPT:
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


def _moves_made(
    deal: Deal, seed: int, scripted: Sequence[tuple[str, int | None]] = ()
) -> list[tuple[int, Move, Event]]:
    """Every move of a deal played to its end (the scripted ones first, then random legal moves):
    the seat that made it, the move, and the first event it logged."""
    rng = random.Random(seed)
    made: list[tuple[int, Move, Event]] = []
    pending = [(parse_move(text), seat) for text, seat in scripted]
    while not deal.is_over:
        if pending:
            move, seat = pending.pop(0)
        else:
            move, seat = rng.choice(deal.legal_moves()), None
        actor = deal.to_act if seat is None else seat
        assert actor is not None
        before = len(deal.events)
        deal.play(move, seat)
        made.append((actor, move, deal.events[before]))
    return made


@pytest.mark.parametrize(
    "name", ["modern", "auction", "heartsette", "domino", "cancellation", "two-handed"]
)
def test_move_of_gives_back_the_seat_and_move_that_logged_each_event(name: str) -> None:
    """A record is replayed from its events: each move's first event stands for that move."""
    rules = variants.get(name)
    if name == "modern":
        rules = rules.replace(settlement={"moon": "choice"})
    kinds: set[str] = set()
    for seed in range(12):
        for actor, move, event in _moves_made(Game(rules, seed=seed).deal.copy(), seed):
            assert move_of(event) == (actor, move)
            kinds.add(event.kind)
    expected = {
        "modern": {"passed", "card_played"},
        "auction": {"bid_made", "suit_named", "card_played"},
        "heartsette": {"discarded", "card_played"},
        "domino": {"card_played"},
        "cancellation": {"card_played"},
        "two-handed": {"card_played"},
    }[name]
    assert kinds >= expected


def test_move_of_gives_back_the_laws_moves() -> None:
    """The laws option: a revoke, its correction, a call, a claim and the gathering are moves."""
    deal = Deal.from_hands(Rules(laws=True), LAWS_HANDS)
    made = _moves_made(deal, 0, LAWS_SCRIPT)
    for actor, move, event in made:
        assert move_of(event) == (actor, move)
    assert {"revoked", "revoke_corrected", "card_called", "revoke_claimed"} <= {
        event.kind for _, _, event in made
    }


def test_move_of_is_none_for_what_the_engine_logs_itself() -> None:
    engine = [event for event in EVENTS if event.kind in ("trick_won", "dealt", "hand_over")]
    assert len(engine) == 3 and all(move_of(event) is None for event in engine)
    assert move_of(SuitNamed(seat=-1, suit="hearts")) is None  # nobody bid: hearts by default


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (MoonChosen(seat=1, choice="both"), r"^event 7 \(moon_chosen\): the choice must be"),
        (BidMade(seat=1, amount=-3), r"^event 7 \(bid_made\): "),
        (SuitNamed(seat=1, suit="stars"), r"^event 7 \(suit_named\): "),
    ],
)
def test_move_of_names_the_event_whose_value_is_bad(event: Event, message: str) -> None:
    with pytest.raises(InvalidRecord, match=message):
        move_of(event, 7)
