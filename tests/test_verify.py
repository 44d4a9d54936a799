"""Verifying a record (hearts.verify): the shuffle is committed before the pone cuts, the seed in
the record proves every deal, every move is replayed by the rules and every event compared with
the replay's; any change to the hands, the cut, the commitment, the seed, a trick or any other
event, or an event added or removed, is detected and named by its hand, move and event."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from hearts import Game, InvalidRecord, dealing, record, variants
from hearts.cards import cards_of
from hearts.deal import Phase
from hearts.events import ClaimJudged, Dealt, Event, ShuffleCommitted, move_of
from hearts.moves import Claim, Correct, Revoke
from hearts.table import cut, deal_out, random_cut, shuffle
from hearts.verify import (
    Mismatch,
    check_reveal,
    commit,
    hand_salt,
    verify,
    verify_record,
    verify_text,
)

GOLDEN = Path(__file__).resolve().parent / "data" / "games"
LAWS = variants.get("classic").replace(laws=True)


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


def _nth(data: dict[str, Any], kind: str, hand: int, n: int = 0) -> int:
    """The record index of the ``n``-th event of ``kind`` in hand ``hand`` (from 0)."""
    start = _index(data, "shuffle_committed", hand)
    found = [
        at
        for at, event in enumerate(data["events"])
        if at > start and event["kind"] == kind and _hand_of(data, at) == hand
    ]
    return found[n]


def _hand_of(data: dict[str, Any], at: int) -> int:
    """The hand a record's event belongs to: that of the last deal before it."""
    return max(
        event["hand_number"]
        for event in data["events"][: at + 1]
        if event["kind"] in ("shuffle_committed", "dealt")
    )


def _move_number(data: dict[str, Any], at: int) -> int:
    """How many moves of its hand the record holds up to event ``at`` (counting it)."""
    hand = _hand_of(data, at)
    start = _index(data, "shuffle_committed", hand)
    events = [Event.from_dict(event) for event in data["events"][start : at + 1]]
    return sum(move_of(event) is not None for event in events)


def _laws_game(seed: int) -> Game:
    """Three hands by the laws: in the first seat 2 revokes and seat 3 claims it (laws 22–26),
    in the second seat 1 revokes and corrects it at once (law 22); otherwise random moves."""
    game = Game(LAWS, seed=seed)
    rng = random.Random(seed)
    plan = {0: (2, "claim"), 1: (1, "correct")}
    while game.hand_number < 2:
        deal = game.deal
        who, what = plan.get(game.hand_number, (-1, ""))
        if deal.phase is Phase.PLAY and deal.trick and deal.to_act == who:
            led = deal.trick[0][1].suit
            hand = deal.hand(who)
            off = [card for card in hand if card.suit != led]
            last = len(deal.trick) == game.players - 1  # a quitted trick cannot be corrected
            if off and any(card.suit == led for card in hand) and not (what == "correct" and last):
                game.play(Revoke(off[0]))
                if what == "correct":
                    game.play(Correct(), seat=who)
                del plan[game.hand_number]
                continue
        if deal.phase is Phase.GATHER:
            unclaimed = [seat for seat, _, _ in deal.revokes if seat not in deal.claims]
            if unclaimed:
                game.play(Claim(unclaimed[0]), seat=(unclaimed[0] + 1) % game.players)
                continue
        game.play(rng.choice(game.legal_moves()), game.to_act)
    return game


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
        f"hand {number}: commitment ✓, deal ✓, play ✓" for number in range(1, len(report.hands) + 1)
    ]
    assert verify(game) == report
    assert all(check.mismatch is None for check in report.hands)


@pytest.mark.parametrize(
    "name",
    ["modern", "classic", "auction", "heartsette", "two-handed", "domino", "cancellation", "spot"],
)
def test_an_honest_whole_game_of_each_kind_verifies(name: str) -> None:
    """Every move of every hand replays to the recorded events, to the game's end."""
    game = _play(Game(variants.get(name), seed=23), hands=1000)
    assert game.is_over
    report = verify_record(_data(game))
    assert report.ok, report.lines()
    assert len(report.hands) == len(game.hands)


def test_an_honest_game_by_the_laws_with_revokes_a_correction_and_a_claim_verifies() -> None:
    game = _laws_game(5)
    kinds = {event.kind for event in game.events}
    assert {"revoked", "revoke_corrected", "revoke_claimed", "gathered"} <= kinds
    report = verify_record(_data(game))
    assert report.ok and len(report.hands) == 3, report.lines()


def test_claims_judged_at_the_end_of_the_hand_verify_and_a_changed_judgement_is_named() -> None:
    """Laws 23–25: a false claim made during the play, then a true one, each judged when the
    hand has been played out: the record verifies; a judgement changed is named by its hand,
    its place after a move, and its field."""
    game = Game(LAWS, seed=7)
    rng = random.Random(7)
    deal = game.deal
    while len(deal.tricks) < 2:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    game.play(Claim(2), seat=0)  # seat 2 has followed suit so far: a false claim
    assert not deal.revokes
    _laws_hand(game, rng, revoker=1, claimant=3)
    judged = [event for event in game.events if isinstance(event, ClaimJudged)]
    assert [(event.accused, event.upheld) for event in judged] == [(2, False), (1, True)]
    data = _data(game)
    assert verify_record(data).ok
    at = next(i for i, e in enumerate(data["events"]) if e["kind"] == "claim_judged")
    data["events"][at]["upheld"] = True
    report = verify_record(data)
    assert not report.ok
    move = _move_number(data, at)
    assert report.hands[0].problems == (
        f"after move {move}, event {at} (claim_judged) is not what the rules make of the moves: "
        "its upheld is True in the record, but False in the replay",
    )


def test_a_record_written_before_claims_were_judged_still_verifies() -> None:
    """A record by the laws from when a claim was proven at once, and so holds no judgement:
    every hand's commitment, deal and play still check; written back today, with the
    judgements the rules now make of its claims, it checks too."""
    text = (GOLDEN.parent / "laws-claims-before-judgement.json").read_bytes()
    report = verify_text(text)
    assert report.ok and len(report.hands) == 3, report.lines()
    today = _data(record.loads(text))
    assert [e["upheld"] for e in today["events"] if e["kind"] == "claim_judged"] == [
        True,
        False,
        True,
        True,
    ]
    assert verify_record(today).ok


def _laws_hand(game: Game, rng: random.Random, *, revoker: int, claimant: int) -> None:
    """Play the hand on: ``revoker`` revokes at its first chance and ``claimant`` claims it at
    once; the cards are then played out and gathered."""
    deal = game.deal
    while game.deal is deal:
        if deal.phase is Phase.PLAY and deal.trick and deal.to_act == revoker and not deal.revokes:
            led = deal.trick[0][1].suit
            hand = deal.hand(revoker)
            off = [card for card in hand if card.suit != led]
            if off and len(off) < len(hand):
                game.play(Revoke(off[0]))
                game.play(Claim(revoker), seat=claimant)
                continue
        game.play(rng.choice(game.legal_moves()), game.to_act)


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda path: path.stem)
def test_every_stored_golden_record_still_verifies(path: Path) -> None:
    """Records written before today's code: their commitments, deals and play still check."""
    report = verify_text(path.read_text(encoding="utf-8"))
    assert report.ok, report.lines()
    assert report.hands


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
    assert first.ok
    assert second.commitment and not second.deal
    assert second.line().startswith(
        "hand 2: commitment ✓, deal ✗, play ✗ (seats 0 and 2 do not hold what the shuffle from "
        f"the seed, cut at {data['events'][_index(data, 'dealt', 1)]['cut']} cards, deals; "
    )
    # The play is replayed from the recorded hands: the moves made from the real ones do not fit.
    assert second.mismatch is not None and "is refused by the rules" in second.mismatch.text
    assert data["events"][second.mismatch.event]["kind"] == "card_played"  # type: ignore[index]
    assert (third.commitment, third.deal, third.play) == (True, True, False)
    assert third.problems == ("not replayed: the rules refused a move of hand 2",)


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
        .startswith(
            "hand 2: commitment ✗, deal ✓, play ✓ (the commitment is not the hash of the shuffle"
        )
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


def test_an_edited_pass_direction_is_a_deal_mismatch() -> None:
    data = _data(_play(Game(variants.get("modern"), seed=8), hands=2))
    data["events"][_index(data, "dealt", 1)]["pass_direction"] = "across"
    first, second = verify_record(data).hands
    assert first.ok and second.commitment and second.play and not second.deal
    assert second.problems == (
        "the deal is recorded to pass 'across', but this hand passes 'right'",
    )


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
    assert (
        "event 0 (shuffle_committed) names hand 1000000001, which the record has not"
        in report.problems
    )


# --- the play ---------------------------------------------------------------------------------


def _report_of(data: dict[str, Any]) -> Any:
    report = verify_record(data)
    assert not report.ok
    return report


def test_a_record_with_no_events_is_refused() -> None:
    data = _data(Game(variants.get("classic"), seed=8))
    data["events"] = []
    report = _report_of(data)
    assert report.hands == ()
    assert report.lines() == ["the record has no events: no hand was dealt to verify"]


@pytest.mark.parametrize("name", ["modern", "classic", "auction", "heartsette", "cancellation"])
def test_a_card_changed_in_a_trick_fails_that_hand_naming_the_move_and_event(name: str) -> None:
    """The deals are untouched, so commitment and deal pass: the replay finds the trick."""
    data = _data(_play(Game(variants.get(name), seed=8), hands=3))
    at = _nth(data, "trick_won", 1, 2)  # hand 2's third trick
    cards = data["events"][at]["cards"]
    old, new = cards[1], data["events"][_nth(data, "trick_won", 1, 3)]["cards"][0]
    cards[1] = new
    report = _report_of(data)
    first, second, third = report.hands
    assert first.ok and third.ok  # the replay goes on: only hand 2 differs
    assert (second.commitment, second.deal, second.play) == (True, True, False)
    move = _move_number(data, at)
    assert second.mismatch == Mismatch(
        move,
        at,
        "trick_won",
        f"after move {move}, event {at} (trick_won) is not what the rules make of the moves: "
        f"its cards[1] is {new!r} in the record, but {old!r} in the replay",
    )
    assert second.line() == f"hand 2: commitment ✓, deal ✓, play ✗ ({second.mismatch.text})"


@pytest.mark.parametrize("name", ["modern", "two-handed", "domino"])
def test_a_card_played_that_the_seat_does_not_hold_is_refused_by_the_rules(name: str) -> None:
    data = _data(_play(Game(variants.get(name), seed=8), hands=3))
    at = _nth(data, "card_played", 1, 5)
    seat = data["events"][at]["seat"]
    held_by_another = next(
        event["card"]
        for event in data["events"][_index(data, "dealt", 1) :]
        if event["kind"] == "card_played" and event["seat"] != seat
    )
    data["events"][at]["card"] = held_by_another
    report = _report_of(data)
    first, second, third = report.hands
    assert first.ok
    assert second.mismatch is not None
    assert second.mismatch.event == at and second.mismatch.move == _move_number(data, at)
    assert second.mismatch.text.startswith(
        f"move {second.mismatch.move}, event {at} (card_played), is refused by the rules: "
    )
    assert third.problems == ("not replayed: the rules refused a move of hand 2",)


@pytest.mark.parametrize(
    ("edit", "kind", "says"),
    [
        ("remove trick_won", "card_played", "the replay logs a trick_won event there"),
        ("remove card_played", "card_played", "is refused by the rules"),
        ("repeat card_played", "card_played", "is refused by the rules"),
        ("repeat trick_won", "trick_won", "the replay logs a card_played event there"),
        ("remove hand_over", "hand_settled", "the replay logs a hand_over event there"),
        ("repeat hand_settled", "hand_settled", "is not in the replay, in which the hand has no"),
    ],
)
def test_an_event_added_or_removed_is_refused_by_hand_move_and_event(
    edit: str, kind: str, says: str
) -> None:
    data = _data(_play(Game(variants.get("modern"), seed=8), hands=3))
    action, what = edit.split()
    at = _nth(data, what, 1, 4 if what in ("card_played", "trick_won") else 0)
    if action == "remove":
        del data["events"][at]
    else:
        data["events"].insert(at, copy.deepcopy(data["events"][at]))
        at += 1  # the copy, where the replay logs something else (or nothing)
    report = _report_of(data)
    assert report.hands[0].ok
    mismatch = report.hands[1].mismatch
    assert mismatch is not None and not report.hands[1].play
    assert (mismatch.event, mismatch.kind) == (at, kind)
    assert f"event {at} ({kind})" in mismatch.text and says in mismatch.text


def test_an_event_cut_off_the_end_of_a_hand_is_named() -> None:
    """A record that stops after the fourth card of a trick lacks the trick the rules award."""
    data = _data(_play(Game(variants.get("modern"), seed=8), hands=2))
    at = _nth(data, "trick_won", 0, 3)
    data["events"] = data["events"][:at]
    (check,) = _report_of(data).hands
    move = _move_number(data, at - 1)
    assert check.mismatch == Mismatch(
        move,
        None,
        "trick_won",
        f"after move {move}, the replay logs a trick_won event that the record's hand does "
        "not have",
    )


@pytest.mark.parametrize(
    ("kind", "field", "value"),
    [
        ("hand_over", "points", [0, 0, 0, 26]),
        ("hand_settled", "totals", [1, 2, 3, 4]),
        ("trick_won", "points", 13),
        ("passed", "to", 3),
    ],
)
def test_an_edited_engine_event_fails_only_its_hand(kind: str, field: str, value: Any) -> None:
    data = _data(_play(Game(variants.get("modern"), seed=8), hands=3))
    at = _nth(data, kind, 0)
    old = data["events"][at][field]
    assert old != value
    data["events"][at][field] = value
    report = _report_of(data)
    first, *rest = report.hands
    assert all(check.ok for check in rest)
    assert first.mismatch is not None and first.mismatch.event == at
    if isinstance(value, list):
        k = next(k for k, pair in enumerate(zip(value, old, strict=True)) if pair[0] != pair[1])
        where, ours, theirs = f"{field}[{k}]", value[k], old[k]
    else:
        where, ours, theirs = field, value, old
    assert first.mismatch.text.endswith(
        f"is not what the rules make of the moves: its {where} is {ours!r} in the record, but "
        f"{theirs!r} in the replay"
    )


def test_a_moon_choice_the_rules_do_not_know_is_refused() -> None:
    rules = variants.get("modern").replace(settlement={"moon": "choice"})
    for seed in range(200):
        game = _play(Game(rules, seed=seed), hands=2)
        data = _data(game)
        chosen = [at for at, event in enumerate(data["events"]) if event["kind"] == "moon_chosen"]
        if chosen:
            break
    else:  # pragma: no cover - some seed shoots the moon
        raise AssertionError("no moon was shot")
    data["events"][chosen[0]]["choice"] = "both"
    mismatch = _report_of(data).hands[_hand_of(data, chosen[0])].mismatch
    assert mismatch is not None and mismatch.text.endswith(
        "is refused by the rules: the choice must be 'old' or 'new', not 'both'"
    )


def test_a_record_cut_short_at_a_hand_boundary_is_refused() -> None:
    data = _data(_play(Game(variants.get("classic"), seed=8), hands=3))
    data["events"] = data["events"][: _index(data, "shuffle_committed", 2)]
    report = _report_of(data)
    assert all(check.ok for check in report.hands) and len(report.hands) == 2
    assert report.problems == (
        "the record ends with hand 2, but by the rules hand 3 is dealt after it: its events are "
        "missing",
    )


def test_a_hand_added_after_the_game_is_over_is_refused() -> None:
    game = _play(Game(variants.get("simple"), seed=8), hands=100)
    assert game.is_over
    data = _data(game)
    last = len(game.hands) - 1
    for kind in ("shuffle_committed", "dealt"):
        event = copy.deepcopy(data["events"][_index(data, kind, last)])
        event["hand_number"] = last + 1
        data["events"].append(event)
    check = _report_of(data).hands[-1]
    assert check.hand_number == last + 1 and not check.play
    assert f"by the rules the game is over after hand {last + 1}" in check.problems


def test_an_event_before_the_first_deal_is_refused() -> None:
    data = _data(_play(Game(variants.get("classic"), seed=8), hands=2))
    data["events"].insert(0, {"kind": "hand_over", "penalties": [0] * 4, "points": [0] * 4})
    assert "event 0 (hand_over) comes before the first deal" in _report_of(data).problems


def test_a_move_before_the_first_deal_stops_the_replay() -> None:
    data = _data(_play(Game(variants.get("classic"), seed=8), hands=2))
    data["events"].insert(0, {"kind": "card_played", "seat": 9, "card": "QS"})
    report = _report_of(data)
    assert "event 0 (card_played) comes before the first deal" in report.problems
    assert [check.problems for check in report.hands] == [
        ("not replayed: the rules refused a move before the first deal",)
    ] * 2


def test_a_wrong_first_dealer_after_the_cut_for_deal_is_refused() -> None:
    game = _play(Game(variants.get("classic"), seed=4, cut_for_deal=True), hands=2)
    data = _data(game)
    data["dealer"] = (game.first_dealer + 1) % 4
    assert _report_of(data).problems == (
        f"record field 'dealer' is {data['dealer']}, but the seats' cut for deal chose seat "
        f"{game.first_dealer}",
    )
    data = _data(game)
    data["events"][0]["cuts"][0][1] = "KH" if data["events"][0]["cuts"][0][1] != "KH" else "QH"
    assert "the cut for deal is not the one the seed draws" in _report_of(data).problems


def test_an_edited_cut_for_deal_is_reported_once_in_its_own_words() -> None:
    """An edited cut for deal is one problem, said once: not also as an event that has no place
    before the first deal (which the cut for deal is)."""
    game = _play(Game(variants.get("classic"), seed=4, cut_for_deal=True), hands=2)
    data = _data(game)
    data["events"][0]["cuts"][0][1] = "KH" if data["events"][0]["cuts"][0][1] != "KH" else "QH"
    assert _report_of(data).problems == ("the cut for deal is not the one the seed draws",)


def test_an_unknown_record_version_is_refused_as_loading_refuses_it() -> None:
    data = _data(Game(variants.get("classic"), seed=8))
    data["version"] = 10**6
    with pytest.raises(InvalidRecord) as loading:
        record.from_dict(data)
    with pytest.raises(InvalidRecord) as verifying:
        verify_record(data)
    assert str(verifying.value) == str(loading.value)
    assert str(verifying.value).startswith("record field 'version' is 1000000")


# (Where verify sits among the layers is tests/test_layers.py's contract.)


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[", "the record is not valid JSON"),
        ("[1]", "a record must be a JSON object"),
        ('{"format": "pgn"}', "it is not a hearts record"),
        ('{"format": "hearts-record"}', "the record lacks the field 'version'"),
        (b"\xff{", "the record is not UTF-8 JSON"),
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


# --- hand seeds: one hand revealed at a time ------------------------------------------------------


def _seeded(name: str = "modern", seed: int = 12, hands: int = 3) -> Game:
    """A game with hand seeds, played into its hand ``hands`` (from 1) by random moves, a few
    moves made in it."""
    game = _play(Game(variants.get(name), seed=seed, hand_seeds=True), hands, seed)
    rng = random.Random(seed)
    for _ in range(5):
        game.play(rng.choice(game.legal_moves()), game.to_act)
    return game


def _commitment(game: Game, hand: int) -> str:
    return next(
        e.commitment
        for e in game.events
        if isinstance(e, ShuffleCommitted) and e.hand_number == hand
    )


def _dealt(game: Game, hand: int) -> Dealt:
    event = game.hands[hand].events[0]
    assert isinstance(event, Dealt)
    return event


@pytest.mark.parametrize("name", ["modern", "two-handed", "cancellation", "classic-7"])
def test_the_real_reveal_of_every_hand_over_checks_against_each_seat_and_the_deal(
    name: str,
) -> None:
    game = _seeded(name)
    for hand in range(game.hands_over()):
        shown = game.reveal(hand)
        dealt = _dealt(game, hand)
        for seat in range(game.players):
            assert (
                check_reveal(
                    shown,
                    _commitment(game, hand),
                    game.rules,
                    seat=seat,
                    cards=dealt.hands[seat],
                    dealt=dealt,
                )
                is None
            )


def test_an_edited_reveal_fails_in_a_sentence_naming_what_failed() -> None:
    game = _seeded()
    shown, committed, rules = game.reveal(1), _commitment(game, 1), game.rules
    dealt = _dealt(game, 1)
    swapped = (shown.order[1], shown.order[0], *shown.order[2:])
    order = check_reveal(dataclasses.replace(shown, order=swapped), committed, rules)
    assert order is not None and order.startswith("hand 2's reveal fails: ")
    assert "the order is not the shuffle the seed draws" in order
    assert "do not hash to the commitment" in order
    salt = check_reveal(dataclasses.replace(shown, salt="00" * 32), committed, rules)
    assert salt == (
        "hand 2's reveal fails: the salt is not the one the seed derives; the order and the "
        "salt do not hash to the commitment received when the hand was dealt"
    )
    other = game.reveal(0)
    seed = check_reveal(dataclasses.replace(shown, seed=other.seed), committed, rules)
    assert seed is not None and "the salt is not the one the seed derives" in seed
    assert "the order is not the shuffle the seed draws" in seed
    # Another hand's whole (true) reveal does not prove this hand's commitment.
    assert "do not hash to the commitment" in (check_reveal(other, committed, rules) or "")
    # A seat's dealt hand, or the whole deal, that the revealed order does not deal.
    wrong = check_reveal(shown, committed, rules, seat=0, cards=dealt.hands[1])
    assert wrong == (
        f"hand 2's reveal fails: seat 0 was dealt other cards than this order, cut at "
        f"{shown.cut} cards, deals"
    )
    hands = (dealt.hands[1], dealt.hands[0], *dealt.hands[2:])
    deal = check_reveal(shown, committed, rules, dealt=dataclasses.replace(dealt, hands=hands))
    assert deal is not None and "seats 0 and 1 hold other cards than this order" in deal
    assert shown.cut is not None
    cut_ = check_reveal(
        dataclasses.replace(shown, cut=shown.cut + 1), committed, rules, dealt=dealt
    )
    assert cut_ is not None and f"cut at {shown.cut}, not at {shown.cut + 1}" in cut_
    short = check_reveal(dataclasses.replace(shown, order=shown.order[:-1]), committed, rules)
    assert short is not None and "not the pack of these rules" in short


def _in_progress(game: Game, reveal: int, seat: int | None = None) -> dict[str, Any]:
    """The record of a game in progress as a client holds it, through JSON text."""
    return json.loads(json.dumps(record.to_dict(game, reveal=reveal, seat=seat)))


def test_an_in_progress_record_verifies_the_revealed_hands_and_reports_the_rest() -> None:
    game = _seeded(hands=3)  # two hands over, the third in play
    data = _in_progress(game, 2)
    assert data["seed"] is None and set(data["revealed"]) == {"0", "1"}
    report = verify_record(data)
    assert report.ok and report.unrevealed == (2,)
    assert report.lines() == [
        "hand 1: commitment ✓, deal ✓, play ✓",
        "hand 2: commitment ✓, deal ✓, play ✓",
        "hand 3: seed not revealed yet",
    ]
    assert verify_text(json.dumps(data)).lines() == report.lines()
    # Fewer hands revealed than are over: the later ones wait, none fails for that.
    one = verify_record(_in_progress(game, 1, seat=2))
    assert one.ok and one.unrevealed == (1, 2)
    assert one.lines()[1:] == ["hand 2: seed not revealed yet", "hand 3: seed not revealed yet"]
    assert verify_record(_in_progress(game, 0)).unrevealed == (0, 1, 2)


def test_a_revealed_seed_that_does_not_match_its_commitment_fails_naming_the_hand() -> None:
    game = _seeded(hands=3)
    data = _in_progress(game, 2)
    data["revealed"]["1"] = game.hand_seed(2)
    report = verify_record(data)
    assert not report.ok
    assert report.lines()[1].startswith("hand 2: commitment ✗, deal ✗")
    assert report.lines()[0] == "hand 1: commitment ✓, deal ✓, play ✓"
    assert report.lines()[2] == "hand 3: seed not revealed yet"


def test_an_edited_revealed_hand_fails_its_play_check() -> None:
    game = _seeded(hands=3)
    data = _in_progress(game, 2)
    at = _nth(data, "card_played", 1, 4)  # a card of the second hand's second trick
    data["events"][at]["card"] = "AS" if data["events"][at]["card"] != "AS" else "KS"
    report = verify_record(data)
    assert not report.ok and report.lines()[1].startswith("hand 2: commitment ✓, deal ✓, play ✗")
    assert report.lines()[2] == "hand 3: seed not revealed yet"


def test_a_whole_record_of_a_game_with_hand_seeds_verifies_and_a_wrong_seed_fails() -> None:
    game = _seeded(hands=3)
    assert verify(game).ok and verify_record(_data(game)).ok
    assert verify(game).lines()[2] == "hand 3: commitment ✓, deal ✓, play ✓"
    wrong = verify_record(dict(_data(game), seed=13))
    assert not wrong.ok and all(
        hand.line().startswith(f"hand {hand.hand_number + 1}: commitment ✗") for hand in wrong.hands
    )
    # Read as one generator's record (the field dropped), the deals do not verify.
    plain = _data(game)
    del plain["hand_seeds"]
    assert not verify_record(plain).ok


def test_an_in_progress_record_with_a_cut_for_deal_verifies_and_says_the_cut_waits() -> None:
    game = Game(variants.get("classic"), seed=30, cut_for_deal=True, hand_seeds=True)
    _play(game, 2, 30)
    report = verify_record(_in_progress(game, 1))
    assert report.ok and report.lines()[:2] == [
        "hand 1: commitment ✓, deal ✓, play ✓",
        "hand 2: seed not revealed yet",
    ]
    assert report.notes == ("the cut for deal is not checked until the game's seed is revealed",)
    assert verify_record(_data(game)).ok  # the whole record checks the cut from its own seed


def test_a_finished_game_with_every_hand_revealed_verifies_without_its_seed() -> None:
    game = Game(variants.get("modern"), seed=40, hand_seeds=True)
    _play(game, 99, 40)
    assert game.is_over
    data = _in_progress(game, game.hands_over())
    report = verify_record(data)
    assert report.ok and report.unrevealed == () and len(report.hands) == game.hand_number + 1
    assert all(hand.line().endswith("play ✓") for hand in report.hands)


# ------------------------------------------------------------- the dealing schedule's versions


def _finished(game: Game) -> Game:
    return _play(game, hands=2, seed=9)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({}, "stream-1"),
        ({"hand_seeds": True}, "hand-seeds-1"),
        ({"dealing": "stream-1"}, "stream-1"),
        ({"dealing": "hand-seeds-1"}, "hand-seeds-1"),
    ],
)
def test_a_record_of_each_dealing_schedule_verifies_and_replays(
    options: dict[str, Any], named: str
) -> None:
    """Dealing schedule versions (hearts.dealing): a record of a game dealt by each version
    verifies and loads, read by the version it names or implies, whether it names it in a
    'dealing' field or only implies it (as every record before the versions were named)."""
    game = _finished(Game(variants.get("classic"), seed=17, cut_for_deal=True, **options))
    assert game.dealing == named
    data = record.to_dict(game)
    assert dealing.of_record(data) == named
    assert record.contents(data).dealing == named
    assert verify_record(data).ok
    rebuilt = record.from_dict(data)
    assert rebuilt.events == game.events
    assert rebuilt.dealing == named  # (rebuilt by the version read, and deals on by it)
    spelled = dict(data, dealing=named)  # the same record naming its version outright
    assert verify_record(spelled).ok and record.from_dict(spelled).events == game.events


def test_contents_made_without_a_version_still_deal_a_game_with_hand_seeds_by_its_seeds() -> None:
    """hearts.record.Contents named no dealing version before the versions were named: contents
    made by hand with hand_seeds=True (the version left at its default) start the game dealt
    by its hand seeds, as they did."""
    game = _finished(Game(variants.get("classic"), seed=17, hand_seeds=True))
    found = record.contents(record.to_dict(game))
    old_style = record.Contents(*found[:7])  # (the seven fields it had)
    assert old_style.dealing == dealing.STREAM and old_style.hand_seeds
    begun = record.start(old_style)
    assert begun.dealing == dealing.HAND_SEEDS
    assert begun.events[:2] == game.events[:2]


_STORED = sorted(
    path
    for path in GOLDEN.parent.rglob("*.json")
    if json.loads(path.read_text("utf-8")).get("format") == "hearts-record"
)


@pytest.mark.parametrize("path", _STORED, ids=lambda path: path.name)
def test_the_stored_records_still_imply_the_first_version_and_verify(path: Path) -> None:
    """Every record in tests/data was written before the versions were named: it is read as
    stream-1, and verifies as it always did."""
    assert len(_STORED) > 20  # (the golden games of every preset, and the others)
    data = json.loads(path.read_text("utf-8"))
    assert "dealing" not in data and dealing.of_record(data) == dealing.STREAM
    assert verify_record(data).ok


@pytest.mark.parametrize(
    ("field", "message"),
    [
        (
            "stream-2",
            "record field 'dealing' is 'stream-2': this version of hearts deals by stream-1 "
            "and hand-seeds-1 (a newer version of hearts wrote it?)",
        ),
        (7, "record field 'dealing' is 7: this version of hearts deals by"),
        ("arena-1", "record field 'dealing' is 'arena-1', which deals the arena's deals"),
    ],
)
def test_a_record_naming_a_schedule_no_game_deals_by_is_refused_and_changes_nothing(
    field: object, message: str
) -> None:
    game = _finished(Game(variants.get("classic"), seed=17))
    data = dict(record.to_dict(game), dealing=field)
    before = copy.deepcopy(data)
    with pytest.raises(InvalidRecord, match=re.escape(message)):
        verify_record(data)
    with pytest.raises(InvalidRecord, match=re.escape(message)):
        record.from_dict(data)
    assert data == before


def test_a_record_whose_dealing_contradicts_its_hand_seeds_is_refused() -> None:
    game = Game(variants.get("classic"), seed=17, hand_seeds=True)
    data = dict(record.to_dict(game), dealing="stream-1")
    with pytest.raises(
        InvalidRecord,
        match="record field 'dealing' is 'stream-1', but record field 'hand_seeds' is true",
    ):
        verify_record(data)


def test_a_record_read_by_another_version_fails_its_commitments() -> None:
    """The version read matters: a stream-1 record read as hand-seeds-1 (its field edited)
    deals other packs, and every commitment fails."""
    game = _finished(Game(variants.get("classic"), seed=17))
    data = dict(record.to_dict(game), dealing="hand-seeds-1", hand_seeds=True)
    report = verify_record(data)
    assert not report.ok and not any(hand.commitment for hand in report.hands)
