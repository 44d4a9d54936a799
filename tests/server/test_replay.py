"""Replays of finished games (hearts.server.replay, ``GET /api/games/{id or code}/replay``):
the steps agree with the game's record move by move, every hand is in them with every seat's
cards, and a game still being played (or none) is refused with a sentence."""

from __future__ import annotations

import gzip
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hearts import Game, record, variants
from hearts.cards import CardSet
from hearts.errors import InvalidRecord
from hearts.events import Dealt, Event, move_of
from hearts.moves import Claim, Revoke, parse_move
from hearts.rules import Rules
from hearts.server import replay

from .players import PERSON, bot, hello, make, play_until

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def finish(http: TestClient, **fields: Any) -> dict[str, Any]:
    """A table of one person (played by the test on the socket) and three basic bots, played
    to its end: the lobby's answer for it."""
    made = make(http, [PERSON, bot(), bot(), bot()], name="Ann", **fields)
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        play_until([ann], lambda: any(m["type"] == "over" for m in ann.seen))
    return made


def check_against_record(shown: dict[str, Any], kept: dict[str, Any]) -> None:
    """The replay's steps are the record's deals and moves, one each, in order; each step's
    hands follow from the one before by the move it names; the hands and the result are the
    record's."""
    events = [Event.from_dict(raw) for raw in kept["events"]]
    wanted = [
        index
        for index, event in enumerate(events)
        if isinstance(event, Dealt) or move_of(event, index) is not None
    ]
    steps = shown["steps"]
    assert [step["event"] for step in steps] == wanted
    dealt = [event for event in events if isinstance(event, Dealt)]
    assert [hand["hand"] for hand in shown["hands"]] == [event.hand_number for event in dealt]
    assert shown["players"] == len(steps[0]["hands"]) == kept["rules"]["players"]
    previous: dict[str, Any] | None = None
    for number, step in enumerate(steps):
        event = events[step["event"]]
        hands = [CardSet.parse(cards) for cards in step["hands"]]
        if isinstance(event, Dealt):
            assert step["kind"] == "deal" and step["seat"] is None
            assert hands == list(event.hands)  # (every seat's cards, face up)
            hand = shown["hands"][event.hand_number]
            assert hand["step"] == number and hand["dealer"] == event.dealer
            assert hand["dealt"] == [str(cards) for cards in event.hands]
        else:
            found = move_of(event, step["event"])
            assert found is not None and step["kind"] == "move"
            assert (step["seat"], parse_move(step["move"])) == found
            assert step["words"] and step["words"].endswith((".", "!"))
            assert previous is not None and step["hand"] == previous["hand"]
            before = [CardSet.parse(cards) for cards in previous["hands"]]
            if event.kind == "card_played":
                seat, card = found
                assert card in before[seat] and card not in hands[seat]
                # The card leaves its seat's hand; after a trick, seats may draw from the stock
                # (two-handed, Domino), the last holding cards keep them (Domino), and the
                # first trick's taker may take the widow into the hand (Heartsette).
                expected = list(before)
                expected[seat] = before[seat] - CardSet([card])
                for then in step["events"]:
                    if then["kind"] == "stock_drawn":
                        expected[then["seat"]] = expected[then["seat"]] | CardSet([then["card"]])
                    elif then["kind"] == "cards_kept":
                        kept_cards = CardSet.parse(then["cards"])
                        expected[then["seat"]] = expected[then["seat"]] - kept_cards
                for other in range(len(hands)):
                    if hands[other] != expected[other]:  # (a widow taken into the hand)
                        widow = CardSet.parse(" ".join(shown["hands"][step["hand"]]["stock"]))
                        assert step["taken"] is not None and step["taken"]["winner"] == other
                        assert expected[other] <= hands[other]
                        assert hands[other] - expected[other] == widow
                on_table = step["table"] or []
                taken = step["taken"]
                played = {"seat": seat, "card": str(card)}
                if taken is None:
                    assert on_table[-1] == played
                else:  # (the trick this card completed, and who played each of its cards)
                    assert not on_table and taken["plays"][-1] == played
                    assert [p["card"] for p in taken["plays"]] == taken["cards"]
                    assert taken["plays"][:-1] == previous["table"]
                assert step["at"]["trick"] >= 1 and 1 <= step["at"]["card"] <= step["at"]["of"]
        previous = step
    settled = [raw for raw in kept["events"] if raw["kind"] == "hand_settled"]
    for raw in settled:
        hand = shown["hands"][raw["hand_number"]]
        assert hand["deltas"] == raw["deltas"] and hand["totals"] == raw["totals"]
        assert steps[hand["settled"]]["scores"] == raw["totals"]
    over = kept["events"][-1]
    assert over["kind"] == "game_over"
    assert shown["winners"] == over["winners"] and shown["totals"] == over["totals"]
    assert steps[-1]["scores"] == over["totals"] and all(
        cards == "" for cards in steps[-1]["hands"]
    )


def test_a_finished_games_replay_agrees_with_its_record_move_by_move(http: TestClient) -> None:
    made = finish(http, options={"end": "deals", "deals": 2}, public=True)
    table = made["table"]["id"]
    listed = http.get("/api/games").json()
    assert listed[0]["replay"] == f"/api/games/{table}/replay"
    reply = http.get(listed[0]["replay"])
    assert reply.status_code == 200 and reply.headers["content-type"] == "application/json"
    shown = reply.json()
    kept = http.get(f"/api/games/{table}/record").json()
    check_against_record(shown, kept)
    assert len(shown["hands"]) >= 2  # (two hands, or more while a tie goes on)
    assert shown["id"] == table and shown["record"] == f"/api/games/{table}/record"
    assert [seat["name"] for seat in shown["seats"]] == ["Ann", "basic", "basic", "basic"]
    assert "Ann" in shown["steps"][0]["words"] or any(
        step["words"].startswith("Ann ") for step in shown["steps"]
    )
    # (the bots share a name: the words tell them apart by seat)
    assert any("basic (seat 2)" in step["words"] for step in shown["steps"])
    assert http.get(f"/api/games/{made['code'].lower()}/replay").json() == shown


def test_a_long_replay_goes_gzipped_to_a_client_that_takes_it(http: TestClient) -> None:
    made = finish(http, options={"end": "deals", "deals": 1})
    path = f"/api/games/{made['table']['id']}/replay"
    zipped = http.get(path, headers={"accept-encoding": "gzip"})
    plain = http.get(path, headers={"accept-encoding": "identity"})
    assert zipped.headers["content-encoding"] == "gzip"
    assert "content-encoding" not in plain.headers
    assert zipped.json() == plain.json()
    assert len(gzip.compress(plain.content)) < len(plain.content) / 4


def test_a_game_still_being_played_or_none_has_no_replay(http: TestClient) -> None:
    made = make(http, [PERSON, bot(), bot(), bot()])
    for key in (made["table"]["id"], made["code"]):
        reply = http.get(f"/api/games/{key}/replay")
        assert reply.status_code == 409
        assert reply.json() == {
            "error": "the game is still being played: its record is given once it is over"
        }
    reply = http.get("/api/games/nothing-here/replay")
    assert reply.status_code == 404
    assert reply.json()["error"] == (
        "there is no game 'nothing-here' here: check the link or the code"
    )


def played(rules: Rules, seed: int, moves: int = 20_000) -> Game:
    """A game of these rules played to its end by random moves."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed, hand_seeds=True)
    for _ in range(moves):
        if game.is_over:
            return game
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))], game.to_act)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("variant", sorted(variants.VARIANTS))
def test_every_preset_replays_by_its_record_with_and_without_the_laws(variant: str) -> None:
    """Each preset's short game (and the same by the laws: revokes, claims, gathering) replays
    step by step, the steps agreeing with its record: passes, bids, draws, widows, moons."""
    rules = variants.get(variant).replace(end="deals", deals=1)
    for laws in (False, True):
        game = played(rules.replace(laws=laws), seed=len(variant) + laws)
        kept = record.to_dict(game)
        shown = replay.build(kept, [f"P{seat}" for seat in range(game.players)])
        check_against_record(shown, kept)


def test_by_the_laws_a_replay_shows_claims_and_their_judgement_at_the_end_of_the_hand() -> None:
    """Laws 23–25: a claim's step says it is to be judged at the end of the hand, and the
    hand's last trick says what the search of the tricks found, true claim and false; a record
    written before claims were judged so is still shown."""
    rules = variants.get("classic").replace(laws=True, end="deals", deals=1)
    game = Game(rules, seed=11, hand_seeds=True)
    rng = random.Random(11)
    deal = game.deal
    while len(deal.tricks) < 2:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    game.play(Claim(2), 0)  # a false claim: seat 2 has revoked nothing
    while not deal.revokes:
        if deal.trick and deal.to_act == 1:
            hand, led = deal.hand(1), deal.trick[0][1].suit
            off = [card for card in hand if card.suit != led]
            if off and len(off) < len(hand):
                game.play(Revoke(off[0]))
                break
        game.play(rng.choice(game.legal_moves()), game.to_act)
    game.play(Claim(1), 3)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    kept = record.to_dict(game)
    shown = replay.build(kept, ["P0", "P1", "P2", "P3"])
    check_against_record(shown, kept)
    words = " ".join(step["words"] for step in shown["steps"])
    # (the words of hearts.words)
    later = "to be judged when the hand has been played out."
    assert f"P0 claims a revoke by P2: {later}" in words
    assert f"P3 claims a revoke by P1: {later}" in words
    assert "P0's claim of a revoke by P2 is void: the tricks show none made before it." in words
    assert re.search(
        r"P3's claim of a revoke by P1 stands: the tricks show it \(the \S+ in trick ", words
    )
    old = json.loads((DOC.parents[1] / "tests/data/laws-claims-before-judgement.json").read_text())
    shown = replay.build(old, ["P0", "P1", "P2", "P3"])
    assert len(shown["hands"]) == 3


def test_a_record_of_a_game_not_over_or_not_the_games_own_is_refused() -> None:
    game = Game(variants.get("modern"), seed=5)
    for _ in range(10):
        game.play(game.legal_moves()[0], game.to_act)
    with pytest.raises(InvalidRecord, match="not yet over"):
        replay.build(record.to_dict(game))
    game = played(variants.get("modern").replace(end="deals", deals=1), seed=3)
    kept = record.to_dict(game)
    plays = [n for n, raw in enumerate(kept["events"]) if raw["kind"] == "card_played"]
    first, second = kept["events"][plays[0]], kept["events"][plays[1]]
    first["card"], second["card"] = second["card"], first["card"]  # (two cards swapped)
    with pytest.raises(InvalidRecord):
        replay.build(kept)


def test_the_docs_replay_example_has_a_real_steps_fields() -> None:
    """docs/protocol.md's example of a replay (```json replay) has the fields of a real one,
    and of its steps and hands."""
    text = DOC.read_text(encoding="utf-8")
    found = re.findall(r"```json replay\n(.*?)```", text, flags=re.DOTALL)
    assert len(found) == 1
    example = json.loads(found[0])
    game = played(variants.get("modern").replace(end="deals", deals=1), seed=2)
    real = replay.build(record.to_dict(game))
    real.update(id="t-3f2a", variant="modern", record="/api/games/t-3f2a/record")
    assert set(example) == set(real)
    assert all(set(step) == set(real["steps"][0]) for step in example["steps"])
    assert all(set(hand) == set(real["hands"][0]) for hand in example["hands"])
    assert example["players"] == len(example["steps"][0]["hands"])
    real_taken = next(step["taken"] for step in real["steps"] if step["taken"])
    shown_taken = [step["taken"] for step in example["steps"] if step["taken"]]
    assert shown_taken and all(set(taken) == set(real_taken) for taken in shown_taken)


# ----------------------------------------------------------------------------- the piles


def one_hand(name: str, seed: int) -> dict[str, Any]:
    return replay.build(
        record.to_dict(played(variants.get(name).replace(end="deals", deals=1), seed))
    )


def test_each_step_shows_the_cards_each_seat_passed_once_passed_and_received_once_all_have() -> (
    None
):
    shown = one_hand("modern", 4)
    players = shown["players"]
    done: dict[int, str] = {}
    for step in shown["steps"]:
        if step["kind"] == "move" and step["move"].startswith("pass "):
            done[step["seat"]] = str(CardSet.parse(step["move"][5:]))
        assert step["passed"] == [done.get(seat) for seat in range(players)]
        if len(done) < players:
            assert step["received"] == [None] * players
        else:
            # passing left: each seat receives what the seat to its right passed
            assert step["received"] == [done[(seat - 1) % players] for seat in range(players)]
            dealt = shown["hands"][0]["dealt"]
            if step["at"] is None and not step["table"]:  # (no card played yet)
                for seat in range(players):
                    hand = CardSet.parse(step["hands"][seat])
                    assert CardSet.parse(step["received"][seat]) <= hand
                    assert hand == CardSet.parse(dealt[seat]) - CardSet.parse(
                        done[seat]
                    ) | CardSet.parse(step["received"][seat])
    assert len(done) == players


def test_a_heartsette_replay_shows_the_widow_face_up_and_its_taker_from_the_first_trick() -> None:
    shown = one_hand("heartsette", 7)
    widow = " ".join(shown["hands"][0]["stock"])
    assert widow
    for step in shown["steps"]:
        assert step["widow"]["cards"] == str(CardSet.parse(widow))
        assert step["widow"]["goes"] == "discard" and step["stock_size"] == 0
        first = next((s for s in shown["steps"] if s["taken"]), None)
        assert first is not None
        if step["event"] < first["event"]:
            assert step["widow"]["taker"] is None
        else:
            assert step["widow"]["taker"] == first["taken"]["winner"]


def test_a_two_handed_replay_shows_the_stock_left_face_up_and_its_size() -> None:
    shown = one_hand("two-handed", 3)
    stock = shown["hands"][0]["stock"]
    sizes = []
    for step in shown["steps"]:
        left = step["stock"].split()
        assert len(left) == step["stock_size"] and left == stock[len(stock) - len(left) :]
        assert step["widow"] is None
        sizes.append(step["stock_size"])
    assert sizes[0] == len(stock) > 0 and sizes[-1] == 0
    assert sizes == sorted(sizes, reverse=True)


def test_a_cancellation_replay_marks_the_twins_on_the_table_and_in_each_trick_taken() -> None:
    shown = one_hand("cancellation", 1)

    def twins(cards: list[str]) -> list[str]:
        bare = [card.rstrip("'") for card in cards]
        found = [card for card, name in zip(cards, bare, strict=True) if bare.count(name) == 2]
        return [str(card) for card in CardSet.parse(" ".join(found))]

    on_table = in_taken = 0
    for step in shown["steps"]:
        cards = [played["card"] for played in step["table"]]
        assert step["cancelled"] == twins(cards)
        on_table += bool(step["cancelled"])
        if step["taken"]:
            assert step["taken"]["cancelled"] == twins(step["taken"]["cards"])
            in_taken += bool(step["taken"]["cancelled"])
        assert step["widow"]["goes"] == "first-trick"
    assert on_table and in_taken


@pytest.mark.parametrize(("name", "seed"), [("cancellation", 27), ("heartsette", 6)])
def test_a_replay_shows_what_the_cards_face_down_counted_at_every_step(
    name: str, seed: int
) -> None:
    """The game is over, so a replay shows what lay face down while it was played
    (docs/rules.md §5.5, §7.2): each step's penalties are what each seat had taken, a widow
    gone with a trick and the discards included, and a trick taken shows all it carried."""
    rules = variants.get(name).replace(end="deals", deals=1)
    shown = replay.build(record.to_dict(played(rules, seed)))
    game = Game(rules, seed=seed, hand_seeds=True)
    rng = random.Random(seed)
    hidden = 0
    for step in shown["steps"]:
        if step["kind"] == "deal":
            continue
        deal = game.deal
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))], game.to_act)
        assert step["penalties"] == list(deal.penalties())
        if step["taken"]:
            assert step["taken"]["points"] == deal.tricks[-1].points
        hidden += deal.public_view().penalties != deal.penalties()
    assert hidden, "nothing lay face down: the test meets nothing"
