"""Verifiable deals (hearts.verify): the shuffle is committed before the pone cuts, the seed in
the record proves every deal, and any change to the hands, the cut, the commitment or the seed
is detected and named."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from hearts import Game, InvalidRecord, record, variants
from hearts.cards import cards_of
from hearts.events import Dealt, Event, ShuffleCommitted
from hearts.table import cut, deal_out, random_cut, shuffle
from hearts.verify import commit, hand_salt, verify, verify_record, verify_text


def _play(game: Game, hands: int = 3, seed: int = 0) -> Game:
    """Random legal moves until ``hands`` hands have been dealt (or the game ends)."""
    rng = random.Random(seed)
    while not game.is_over and game.hand_number < hands - 1:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    return game


def _data(game: Game) -> dict[str, Any]:
    return json.loads(record.dumps(game))


def _index(data: dict[str, Any], kind: str, hand: int) -> int:
    return next(
        at
        for at, event in enumerate(data["events"])
        if event["kind"] == kind and event["hand_number"] == hand
    )


# --- the honest record ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["classic", "modern", "two-handed", "classic-7", "three-handed", "black-maria"]
)
def test_an_honest_record_verifies_hand_by_hand(name: str) -> None:
    game = _play(Game(variants.get(name), seed=31), hands=4)
    report = verify_record(_data(game))
    assert report.ok and not report.problems
    assert len(report.hands) == game.hand_number + 1
    assert report.lines() == [
        f"hand {number}: commitment ✓, deal ✓" for number in range(1, len(report.hands) + 1)
    ]
    assert verify(game) == report


def test_a_game_that_cut_for_deal_verifies() -> None:
    game = _play(Game(variants.get("modern"), seed=4, cut_for_deal=True), hands=2)
    assert verify_record(_data(game)).ok


def test_a_declined_cut_verifies_and_the_pone_is_asked_after_the_commitment() -> None:
    seen: list[Event] = []
    holder: list[Game] = []

    def pone(seat: int, size: int, hand: int, suggested: int) -> int | None:
        if holder:
            seen.append(holder[0].events[-1])
        return None if hand % 2 == 0 else 4

    game = Game(variants.get("classic"), seed=12, pone=pone)
    holder.append(game)
    _play(game, hands=3)
    dealt = [event for event in game.events if isinstance(event, Dealt)]
    assert [event.cut for event in dealt] == [None, 4, None]  # the pone's choice is honoured
    # When asked to cut, the pone has already seen this hand's commitment.
    assert [type(event) for event in seen] == [ShuffleCommitted, ShuffleCommitted]
    assert [event.hand_number for event in seen] == [1, 2]  # type: ignore[attr-defined]
    assert verify_record(_data(game)).ok


def test_the_commitment_is_logged_before_each_deal_and_seen_by_every_seat() -> None:
    game = _play(Game(variants.get("modern"), seed=5), hands=2)
    events = game.events
    for at, event in enumerate(events):
        if isinstance(event, Dealt):
            before = events[at - 1]
            assert isinstance(before, ShuffleCommitted)
            assert (before.hand_number, before.dealer) == (event.hand_number, event.dealer)
    last = [event for event in events if isinstance(event, ShuffleCommitted)][-1]
    assert all(game.view(seat).commitment == last.commitment for seat in range(4))


def test_the_commitment_is_the_hash_of_the_shuffle_from_the_seed() -> None:
    rules = variants.get("modern")
    game = Game(rules, seed=11)
    rng = random.Random(11)
    deck = shuffle(cards_of(rules.pack), rng)
    at = random_cut(len(deck), rng)
    committed = game.events[0]
    assert isinstance(committed, ShuffleCommitted)
    assert committed.commitment == commit(deck, hand_salt(11, 0), 0)
    hands, _ = deal_out(cut(deck, at), players=4, dealer=0, hand_size=13)
    dealt = game.events[1]
    assert isinstance(dealt, Dealt) and [set(hand) for hand in hands] == [
        set(hand) for hand in dealt.hands
    ]


def test_the_commitment_reveals_nothing_and_differs_between_hands() -> None:
    game = _play(Game(variants.get("classic"), seed=9), hands=4)
    commitments = [e.commitment for e in game.events if isinstance(e, ShuffleCommitted)]
    assert len(commitments) == 4 and len(set(commitments)) == 4
    assert all(re.fullmatch(r"[0-9a-f]{64}", value) for value in commitments)
    # The same order under another salt or hand number hashes to something else entirely.
    order = cards_of(variants.get("classic").pack)
    assert commit(order, b"a", 0) != commit(order, b"b", 0) != commit(order, b"b", 1)
    assert hand_salt(9, 0) != hand_salt(10, 0)


def test_a_game_without_a_seed_makes_no_commitment_and_cannot_be_verified() -> None:
    game = Game(variants.get("classic"), rng=random.Random(1))
    assert not any(isinstance(event, ShuffleCommitted) for event in game.events)
    report = verify_record(_data(game))
    assert not report.ok
    assert report.lines() == ["the record has no seed: its deals cannot be verified"]


def test_the_commitments_do_not_change_the_deals() -> None:
    """The salt comes from the seed, not the generator: the deals are as they always were."""
    rules = variants.get("modern")
    game = _play(Game(rules, seed=3), hands=3)
    rng = random.Random(3)
    dealer = 0
    for event in (e for e in game.events if isinstance(e, Dealt)):
        deck = shuffle(cards_of(rules.pack), rng)
        deck = cut(deck, random_cut(len(deck), rng))
        hands, _ = deal_out(deck, players=4, dealer=dealer, hand_size=13)
        assert [set(h) for h in hands] == [set(h) for h in event.hands]
        dealer = (dealer + 1) % 4


# --- tampering --------------------------------------------------------------------------------


def test_edited_hands_are_a_deal_mismatch() -> None:
    data = _data(_play(Game(variants.get("classic"), seed=8), hands=3))
    hands = data["events"][_index(data, "dealt", 1)]["hands"]
    hands[0], hands[2] = hands[2], hands[0]
    report = verify_record(data)
    assert not report.ok
    first, second, third = report.hands
    assert first.ok and third.ok
    assert second.commitment and not second.deal
    assert second.line() == (
        "hand 2: commitment ✓, deal ✗ (seats 0 and 2 do not hold what the shuffle from the "
        f"seed, cut at {data['events'][_index(data, 'dealt', 1)]['cut']} cards, deals)"
    )


def test_an_edited_cut_is_a_deal_mismatch() -> None:
    data = _data(_play(Game(variants.get("two-handed"), seed=8), hands=2))
    dealt = data["events"][_index(data, "dealt", 0)]
    dealt["cut"] = 4 if dealt["cut"] != 4 else 5
    report = verify_record(data)
    assert report.hands[0].commitment and not report.hands[0].deal
    assert "cut at" in report.hands[0].line() and "stock" in report.hands[0].line()
    assert report.hands[1].ok


def test_an_illegal_recorded_cut_is_named() -> None:
    data = _data(Game(variants.get("classic"), seed=8))
    data["events"][_index(data, "dealt", 0)]["cut"] = 2
    (check,) = verify_record(data).hands
    assert not check.deal and "the recorded cut of 2 cards is not a legal cut" in check.line()


def test_an_edited_commitment_is_a_commitment_mismatch() -> None:
    data = _data(_play(Game(variants.get("modern"), seed=8), hands=2))
    at = _index(data, "shuffle_committed", 1)
    data["events"][at]["commitment"] = "0" * 64
    report = verify_record(data)
    assert report.hands[0].ok
    assert not report.hands[1].commitment and report.hands[1].deal
    assert (
        report.hands[1]
        .line()
        .startswith("hand 2: commitment ✗, deal ✓ (the commitment is not the hash of the shuffle")
    )


def test_a_changed_seed_fails_every_commitment() -> None:
    data = _data(_play(Game(variants.get("classic-7"), seed=8), hands=2))
    data["seed"] = 9
    report = verify_record(data)
    assert [check.commitment for check in report.hands] == [False, False]
    assert [check.deal for check in report.hands] == [False, False]


def test_a_shuffle_changed_after_committing_is_detected() -> None:
    """A dishonest server deals a different pack, consistently recorded, after committing."""
    rules = variants.get("classic")
    data = _data(Game(rules, seed=8))
    dealt = data["events"][_index(data, "dealt", 0)]
    other = shuffle(cards_of(rules.pack), random.Random(99))
    hands, _ = deal_out(cut(other, dealt["cut"]), players=4, dealer=0, hand_size=13)
    dealt["hands"] = [" ".join(str(card) for card in sorted(hand)) for hand in hands]
    (check,) = verify_record(data).hands
    assert check.commitment and not check.deal
    with pytest.raises(InvalidRecord, match=r"^event 1 \(dealt\) does not match"):
        record.from_dict(data)


def test_a_missing_or_late_commitment_is_named() -> None:
    data = _data(_play(Game(variants.get("classic"), seed=8), hands=2))
    at = _index(data, "shuffle_committed", 1)
    moved = data["events"].pop(at)
    missing = verify_record(data)
    assert "no commitment was published for this hand" in missing.hands[1].line()
    data["events"].insert(at + 1, moved)
    late = verify_record(data)
    assert "the commitment was published after the deal" in late.hands[1].line()
    assert not late.hands[1].commitment


def test_a_wrong_dealer_is_named() -> None:
    data = _data(Game(variants.get("classic"), seed=8))
    data["events"][_index(data, "dealt", 0)]["dealer"] = 1
    data["events"][_index(data, "shuffle_committed", 0)]["dealer"] = 1
    (check,) = verify_record(data).hands
    assert not check.commitment and not check.deal
    assert "the commitment names seat 1 as dealer" in check.line()
    assert "seat 1 is recorded as dealer, but it is seat 0's deal" in check.line()


def test_a_tampered_commitment_is_also_refused_at_load() -> None:
    data = _data(Game(variants.get("classic"), seed=8))
    data["events"][0]["commitment"] = "f" * 64
    with pytest.raises(
        InvalidRecord, match=r"^event 0 \(shuffle_committed\) does not match the game rebuilt"
    ):
        record.from_dict(data)


def test_hand_numbers_out_of_range_are_problems_not_hangs() -> None:
    data = _data(Game(variants.get("classic"), seed=8))
    data["events"][0]["hand_number"] = 10**9
    report = verify_record(data)
    assert not report.ok
    assert "event 0 (shuffle_committed) has no hand 1000000000" in report.problems


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[", "the record is not valid JSON"),
        ("[1]", "a record must be a JSON object"),
        ('{"format": "pgn"}', "it is not a hearts record"),
        ('{"format": "hearts-record"}', "the record lacks the field 'rules'"),
        (b"\xff{", "the record is not valid JSON"),
    ],
)
def test_text_that_is_not_a_record_is_refused_in_a_sentence(text: str, message: str) -> None:
    with pytest.raises(InvalidRecord) as caught:
        verify_text(text)
    assert str(caught.value).startswith(message)


def test_a_bad_event_is_refused_by_its_index() -> None:
    data = _data(Game(variants.get("classic"), seed=8))
    data["events"][0]["commitment"] = 5
    with pytest.raises(InvalidRecord, match=r"^event 0: shuffle_committed event field"):
        verify_record(data)


def test_undo_into_the_previous_hand_takes_back_the_next_commitment() -> None:
    game = _play(Game(variants.get("classic"), seed=14), hands=2)
    before = game.events
    game.undo()  # back into hand 1: hand 2's commitment and deal go with it
    events = game.events
    assert not any(isinstance(e, ShuffleCommitted) and e.hand_number == 1 for e in events)
    last = before[len(events)]
    game.play(last.card, last.seat)  # type: ignore[attr-defined]
    assert game.events == before
    assert verify(game).ok
