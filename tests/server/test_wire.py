"""The JSON of the views (hearts.server.wire): every move survives its text, and no seat's JSON,
nor a watcher's, holds a card it may not see, over random games of every preset, by the laws
too."""

from __future__ import annotations

import contextlib
import json
import math
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import face_down
from hearts import Card, CardSet, Deal, Game, Pass, Phase, variants
from hearts.cards import JOKER, Suit
from hearts.errors import HeartsError, InvalidCard
from hearts.events import (
    CardPlayed,
    CardsKept,
    Dealt,
    Discarded,
    Event,
    RevokeCorrected,
    ShuffleCommitted,
)
from hearts.hand.cancellation import cancelled_in
from hearts.moves import (
    Bid,
    Call,
    Claim,
    Correct,
    Discard,
    Gather,
    MoonChoice,
    Move,
    NameSuit,
    Revoke,
)
from hearts.rules import Rules
from hearts.server import protocol, wire
from hearts.server.protocol import ProtocolError

FORMS = [(name, laws) for name in sorted(variants.VARIANTS) for laws in (False, True)]


def _rules(name: str, laws: bool) -> Rules:
    rules = variants.get(name)
    return rules.replace(laws=True) if laws else rules


def _cards_in_json(value: Any) -> set[Card]:
    """Every card named anywhere in JSON data (a card name, or a word of a string of them, as
    in "pass 2C 3C 4C" or an event's "2C 9C"), except in the rules (which name cards of no
    hand) and the preset's name (the preset "joker" is no card)."""
    found: set[Card] = set()
    if isinstance(value, str):
        for word in value.split():
            with contextlib.suppress(InvalidCard):
                found.add(Card.parse(word))
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in ("rules", "preset"):
                found |= _cards_in_json(item)
    elif isinstance(value, list):
        for item in value:
            found |= _cards_in_json(item)
    return found


def _cards_of_events(
    events: list[Event], kinds: tuple[type[Event], ...], seat: int | None
) -> set[Card]:
    found: set[Card] = set()
    for event in events:
        if isinstance(event, kinds) and (seat is None or getattr(event, "seat", None) == seat):
            cards = getattr(event, "cards", None)
            card = getattr(event, "card", None)
            if isinstance(cards, CardSet):
                found |= set(cards.cards())
            if isinstance(card, Card):
                found.add(card)
    return found


def _public(deal: Deal) -> set[Card]:
    """The cards of a deal anyone at the table has seen: every card played (a revoke is played;
    the cards taken back after a corrected revoke were played), the laws' exposed cards, and
    Domino Hearts' cards kept face up."""
    seen = _cards_of_events(deal.events, (CardPlayed, CardsKept), None)
    for seat in deal.seats:
        seen |= set(deal.exposed(seat).cards())
    for event in deal.events:
        if isinstance(event, RevokeCorrected):
            seen |= {card for _, card in event.withdrawn}
    return seen


def _known_to(deal: Deal, seat: int) -> set[Card]:
    """The cards of a deal one seat may know of: the public ones, its own as dealt, passed,
    received and now held, and what it discarded face down."""
    known = _public(deal) | set(deal.hand(seat).cards()) | set(deal.dealt_hand(seat).cards())
    for cards in (deal.passed(seat), deal.received(seat)):
        if cards is not None:
            known |= set(cards.cards())
    known |= _cards_of_events(deal.events, (Discarded,), seat)
    return known


def _hidden(deal: Deal, known: set[Card]) -> set[Card]:
    """The cards of the deal's pack (every hand, the stock, the widow) not in ``known``."""
    return set(CardSet(deal.rules.pack).cards()) - known


def _laws_moves(game: Game) -> list[tuple[int, Move]]:
    """The laws' moves any seat may make now that are not among legal_moves(): revokes,
    corrections, claims and calls (bots never make them; people may)."""
    deal = game.deal
    found: list[tuple[int, Move]] = []
    if deal.phase not in (Phase.PLAY, Phase.GATHER):
        return found
    for seat in deal.seats:
        candidates: list[Move] = [Correct(), *(Claim(other) for other in deal.seats)]
        if seat == deal.to_act:
            candidates += [Revoke(card) for card in deal.hand(seat)]
        for owner in deal.seats:
            candidates += [Call(card) for card in deal.exposed(owner)]
        found += [(seat, move) for move in candidates if game.can_play(move, seat)]
    return found


def _check_round_trip(move: Move) -> None:
    text = wire.move_to_wire(move)
    assert wire.move_from_wire(text) == move, text
    assert protocol.parse_client(json.dumps({"type": "move", "move": text})).move == text  # type: ignore[union-attr]


def _check_seat_json(game: Game, seat: int) -> dict[str, Any]:
    """A seat's view as JSON: it serialises, fits the model, holds no card hidden from the
    seat, and lists exactly the seat's legal moves (a pass or discard as one choice)."""
    deal = game.deal
    data = wire.seat_view(game.view(seat))
    text = json.dumps(data, allow_nan=False)
    assert protocol.SeatViewData.model_validate(json.loads(text)).seat == seat
    leaked = _cards_in_json(data) & _hidden(deal, _known_to(deal, seat))
    assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))}"
    moves = game.view(seat).legal_moves
    choose = data["choose"]
    if choose is not None:
        assert data["legal_moves"] == []
        cards = CardSet.parse(" ".join(choose["cards"]))
        assert len(moves) == math.comb(len(cards), choose["count"])
        kind = Discard if choose["move"] == "discard" else Pass
        for move in moves:
            assert isinstance(move, kind) and move.cards <= cards
            assert len(move.cards) == choose["count"]
    else:
        assert [wire.move_from_wire(text) for text in data["legal_moves"]] == list(moves)
    return data


def _check_public_json(game: Game) -> None:
    deal = game.deal
    data = wire.public_view(game.public_view())
    text = json.dumps(data, allow_nan=False)
    assert type(protocol.PublicViewData.model_validate(json.loads(text))) is protocol.PublicViewData
    with pytest.raises(ValueError):
        protocol.SeatViewData.model_validate(data)  # a watcher's view has no seat's part
    leaked = _cards_in_json(data) - _public(deal)
    assert not leaked, f"a watcher sees {sorted(map(str, leaked))}"


def _check_new_events(game: Game, before: Deal, log: list[Event], start: int) -> None:
    """The events a step added, as each seat and a watcher get them in the state message,
    hold no card hidden from them (the end of the hand against the hand that ended, the next
    deal against the next hand)."""
    new = log[start:]
    split = len(new)
    if game.deal is not before:
        split = next(
            i
            for i, event in enumerate(new)
            if isinstance(event, ShuffleCommitted | Dealt)
            and event.hand_number == game.deal.hand_number
        )
    for deal, part in ((before, slice(0, split)), (game.deal, slice(split, None))):
        for seat in deal.seats:
            seen = wire.seen_events(log, seat, game.rules, start)[part]
            leaked = _cards_in_json(seen) & _hidden(deal, _known_to(deal, seat))
            assert not leaked, f"seat {seat} is told {sorted(map(str, leaked))}"
        watched = wire.seen_events(log, None, game.rules, start)[part]
        leaked = _cards_in_json(watched) - _public(deal)
        assert not leaked, f"a watcher is told {sorted(map(str, leaked))}"
        json.dumps(seen + watched, allow_nan=False)


@pytest.mark.parametrize(("name", "laws"), FORMS)
def test_every_move_survives_its_text_and_no_view_shows_a_hidden_card(
    name: str, laws: bool
) -> None:
    """A random first hand of every preset (and of the same preset by the laws, some revokes,
    corrections, calls and claims made) and the step into the second: at every step, every
    seat's legal moves (and the laws' other moves) go to text and back unchanged; every seat's
    JSON holds no card of another hand not played, of the stock, the widow or another's
    face-down discard; the watcher's JSON holds only cards played or shown face up; the events
    each one is sent with a state do too."""
    game = Game(_rules(name, laws), seed=29)
    rng = random.Random(name)
    steps = 0
    while not game.is_over:
        deal = game.deal
        for seat in deal.seats:
            for move in deal.legal_moves(seat):
                _check_round_trip(move)
            _check_seat_json(game, seat)
        _check_public_json(game)
        extra = _laws_moves(game)
        for _, move in extra:
            _check_round_trip(move)
        if game.hand_number >= 1:
            break
        if extra and rng.random() < 0.3:
            seat, move = rng.choice(extra)
        elif deal.phase is Phase.PASS:
            seat = rng.choice([s for s in deal.seats if deal.passed(s) is None])
            move = rng.choice(deal.legal_moves(seat))
        else:
            seat = game.to_act  # type: ignore[assignment]
            move = rng.choice(game.legal_moves())
        start = len(game.events)
        try:
            game.play(move, seat)
        except HeartsError as error:  # pragma: no cover (can_play said yes)
            raise AssertionError(f"{move} by seat {seat}: {error}") from None
        _check_new_events(game, deal, game.events, start)
        steps += 1
    assert steps > 10


def test_the_laws_moves_are_made_in_the_laws_games() -> None:
    """The laws' games above do make revokes, corrections or claims: the round trip of those
    moves is not vacuous."""
    made: set[str] = set()
    for name in ("classic", "modern", "auction"):
        game = Game(_rules(name, True), seed=29)
        rng = random.Random(name)
        while game.hand_number == 0:
            extra = _laws_moves(game)
            made |= {type(move).__name__ for _, move in extra}
            if extra and rng.random() < 0.3:
                seat, move = rng.choice(extra)
                game.play(move, seat)
            elif game.deal.phase is Phase.PASS:
                seat = next(s for s in game.deal.seats if game.deal.passed(s) is None)
                game.play(rng.choice(game.deal.legal_moves(seat)), seat)
            else:
                game.play(rng.choice(game.legal_moves()))
    assert {"Revoke", "Correct", "Claim"} <= made


def test_every_kind_of_move_reads_back_from_its_text() -> None:
    """Each move kind in each of its text forms (docs/protocol.md, "Moves"), including a second
    pack's card and the joker, reads back as the move."""

    moves: list[Move] = [
        Card.parse("QS"),
        Card.parse("TH"),
        Card.parse("QS'"),
        JOKER,
        Pass("2C 3C 4C"),
        Pass(CardSet()),
        Discard("2C 3C 4C 5C"),
        Bid(0),
        Bid(5),
        *(NameSuit(suit) for suit in Suit),
        MoonChoice.OLD,
        MoonChoice.NEW,
        Revoke("5H"),
        Correct(),
        Claim(2),
        Call("7C"),
        Gather(),
    ]
    for move in moves:
        _check_round_trip(move)
    assert [wire.move_to_wire(m) for m in moves[:4]] == ["QS", "TH", "QS'", "JK"]
    assert wire.move_from_wire("10h") == Card.parse("TH")
    assert wire.move_from_wire("  Pass 4c 2C 3c ") == Pass("2C 3C 4C")


@pytest.mark.parametrize("text", ["QX", "", "pass QX", "bid -1", "name stars", "hello world"])
def test_text_that_is_no_move_is_refused_with_the_cores_sentence(text: str) -> None:
    """move_from_wire: text naming no move raises ProtocolError (code illegal), one sentence."""
    with pytest.raises(ProtocolError) as caught:
        wire.move_from_wire(text)
    assert caught.value.code == "illegal"
    assert "is not a move" in str(caught.value) and "\n" not in str(caught.value)


def test_a_move_that_is_not_text_or_too_long_is_refused() -> None:
    """move_from_wire: a number is a bad message; text longer than the protocol allows is refused
    before the core reads it."""
    with pytest.raises(ProtocolError) as caught:
        wire.move_from_wire(12)
    assert caught.value.code == "bad_message"
    with pytest.raises(ProtocolError) as caught:
        wire.move_from_wire("pass " + "2C " * 200)
    assert caught.value.code == "illegal" and "at most" in str(caught.value)


def test_the_view_names_its_preset_and_its_cards_as_the_core_does() -> None:
    """The rules go as Rules.to_dict() with the preset's name (a preset by the laws too; none
    for custom rules); a Cancellation hand's second-pack cards carry their mark; the joker is
    JK; an auction's bidding and the laws' part are there."""
    cancel = wire.seat_view(Game(variants.get("cancellation"), seed=3).view(0))
    assert cancel["preset"] == "cancellation"
    assert any(card.endswith("'") for card in cancel["hand"])
    assert Rules.from_dict(cancel["rules"]) == variants.get("cancellation")
    joker = [wire.seat_view(Game(variants.get("joker"), seed=s).view(0)) for s in range(8)]
    assert any("JK" in data["hand"] for data in joker)
    laws = wire.public_view(Game(_rules("classic", True), seed=3).public_view())
    assert laws["preset"] == "classic by the laws"
    assert laws["laws"] == {
        "exposed": [[], [], [], []],
        "claims": [],
        "pending": [],
        "established": [],
        "claimable": [],
        "called": None,
        "revokes": [],
    }
    custom = variants.get("modern").replace(target=50)
    assert wire.seat_view(Game(custom, seed=3).view(0))["preset"] is None
    auction = wire.seat_view(Game(variants.get("auction"), seed=3).view(1))
    assert auction["auction"] == {
        "bids": [None] * 4,
        "high_bid": 0,
        "bidder": None,
        "named_suit": None,
    }
    assert auction["legal_moves"][0] == "bid pass"


def test_the_view_models_name_every_phase_of_the_core() -> None:
    """The protocol's phase literal is the core's Phase values (no drift)."""
    field = protocol.PublicViewData.model_fields["phase"]
    assert set(field.annotation.__args__) == {phase.value for phase in Phase}  # type: ignore[union-attr]


def test_the_wire_refuses_what_is_not_a_view() -> None:
    """seat_view and public_view write views, not games or deals."""
    game = Game(variants.get("modern"), seed=1)
    with pytest.raises(TypeError):
        wire.seat_view(game)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        wire.public_view(game.view(0))  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- the piles

CANCELLATION = variants.get("cancellation").replace(end="deals", deals=1)
DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def _names(cards: Any) -> list[str]:
    return [str(card) for card in cards]


def test_the_wire_says_the_engines_cancelled_cards_and_widow_at_every_step() -> None:
    """At every step of a Cancellation hand, the JSON of each seat's view and a watcher's has
    the engine's cancelled cards of the trick on the table, of each trick (and of each trick
    event that holds a pair) and the engine's widow: nothing worked out by the server."""
    game = Game(CANCELLATION, seed=5)
    rng = random.Random(5)
    pairs = taken = 0
    while not game.is_over:
        deal = game.deal
        engine = deal.public_view()
        for data in [wire.public_view(engine), *(wire.seat_view(game.view(s)) for s in deal.seats)]:
            assert data["cancelled"] == _names(engine.cancelled)
            assert [t["cancelled"] for t in data["tricks"]] == [
                _names(cancelled_in(t.cards)) for t in engine.tricks
            ]
            widow = engine.widow
            assert widow is not None
            assert data["widow"] == {"size": widow.size, "goes": widow.goes, "taker": widow.taker}
            for event in data["events"]:
                if event["kind"] in ("trick_won", "trick_carried"):
                    cards = [Card.parse(name) for name in event["cards"]]
                    assert event.get("cancelled", []) == _names(cancelled_in(cards))
        pairs += bool(engine.cancelled)
        taken += engine.widow.taker is not None  # type: ignore[union-attr]
        game.play(rng.choice(list(game.legal_moves())))
    assert pairs and taken


def test_a_form_of_one_pack_sends_no_cancelled_card_and_no_widow() -> None:
    game = Game(variants.get("modern").replace(end="deals", deals=1), seed=3)
    while not game.is_over:
        game.play(game.legal_moves()[0])
        data = wire.public_view(game.public_view())
        assert data["cancelled"] == [] and data["widow"] is None
        assert all(t["cancelled"] == [] for t in data["tricks"])
        assert all("cancelled" not in e for e in data["events"])


def test_heartsettes_widow_goes_on_the_wire_with_its_taker_and_no_card() -> None:
    """Heartsette: the widow's size and how it goes from the deal, its taker from the first
    trick; a watcher and the seats get the same."""
    game = Game(variants.get("heartsette"), seed=7)
    assert wire.public_view(game.public_view())["widow"] == {
        "size": 3, "goes": "discard", "taker": None,
    }  # fmt: skip
    while not game.deal.tricks:
        game.play(game.legal_moves()[0])
    winner = game.deal.tricks[0].winner
    for data in [wire.public_view(game.public_view()), wire.seat_view(game.view(1))]:
        assert data["widow"] == {"size": 3, "goes": "discard", "taker": winner}


def test_the_docs_cancellation_example_is_the_wires_output() -> None:
    """docs/protocol.md's Cancellation example (```json cancellation) is what the wire writes
    for the seed-1 hand played by the first legal move at the first step with a pair on the
    table and one in a trick taken."""
    found = re.findall(r"```json cancellation\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(found) == 1
    example = json.loads(found[0])
    game = Game(CANCELLATION, seed=1)
    while True:
        data = wire.public_view(game.public_view())
        if data["cancelled"] and any(trick["cancelled"] for trick in data["tricks"]):
            break
        game.play(game.legal_moves()[0])
    real = {key: data[key] for key in ("trick", "cancelled", "tricks", "widow")}
    real["trick_won"] = next(e for e in data["events"] if e["kind"] == "trick_won")
    assert example == real
    view = protocol.PublicViewData.model_validate(data)
    assert view.widow is not None and view.widow.taker == 0 and view.tricks[0].cancelled


FACE_DOWN = [
    variants.get("cancellation"),
    variants.for_players(variants.get("cancellation"), 9),
    variants.get("heartsette"),
    variants.get("heartsette").replace(widow="first-trick"),
]


@pytest.mark.parametrize(
    "rules", FACE_DOWN, ids=["cancellation", "cancellation-9", "heartsette", "first-trick"]
)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_no_json_tells_cards_face_down_apart(rules: Rules, seed: int) -> None:
    """docs/rules.md §5.5, §7.2 and docs/protocol.md: twin games alike but for a card face down
    (a widow gone with a trick, which nobody sees; another seat's discards) that counts
    differently (``face_down.twins``): at every step of the play, the JSON of every other
    seat's view and of a watcher's, and the events each is sent with a state (since its last
    state, and from the start), are the same in both."""
    twins = face_down.twins(rules, seed)
    since = 0
    for first, second in twins.steps():
        for seat in (*twins.blind, None):
            if seat is None:
                views = [wire.public_view(game.public_view()) for game in (first, second)]
            else:
                views = [wire.seat_view(game.view(seat)) for game in (first, second)]
            assert views[0] == views[1], seat
            for start in (0, since):
                events = [wire.seen_events(g.events, seat, rules, start) for g in (first, second)]
                assert events[0] == events[1], (seat, start)
        since = len(first.events)
