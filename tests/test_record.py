"""Game records (hearts.record): JSON round-trips for every preset, tampering and malformed records
refused by the field or event that is wrong, and the readable trick-by-trick text."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts import (
    CardSet,
    Game,
    InvalidArgument,
    InvalidRecord,
    MoonChoice,
    Passing,
    Rules,
    record,
    variants,
)
from hearts.deal import Phase
from hearts.events import (
    CardPlayed,
    ClaimJudged,
    Dealt,
    Discarded,
    HandSettled,
    MoonChosen,
    Passed,
    RevokeClaimed,
    TrickWon,
)
from hearts.moves import Claim, Correct, Revoke

PRESETS = variants.names()


def _play(game: Game, moves: int | None, seed: int = 0) -> Game:
    """Play random legal moves: ``moves`` of them, or to the end of the game (None)."""
    rng = random.Random(seed)
    made = 0
    while not game.is_over and (moves is None or made < moves):
        seat = game.to_act
        game.play(rng.choice(game.legal_moves()), seat)
        made += 1
    return game


def _same_game(loaded: Game, game: Game) -> None:
    assert loaded.events == game.events
    assert loaded.rules == game.rules
    assert loaded.scores == game.scores
    assert loaded.pool == game.pool and loaded.jack == game.jack
    assert loaded.is_over == game.is_over
    assert loaded.winners() == game.winners()
    assert loaded.hand_number == game.hand_number
    assert loaded.to_act == game.to_act
    assert list(loaded.legal_moves()) == list(game.legal_moves())
    assert record.dumps(loaded) == record.dumps(game)


def _record(game: Game) -> dict[str, Any]:
    return json.loads(record.dumps(game))


def _moves_of(data: dict[str, Any]) -> list[int]:
    return [i for i, event in enumerate(data["events"]) if event["kind"] == "card_played"]


# --- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("moves", [0, 1, 37, None], ids=["dealt", "one-move", "mid-hand", "over"])
def test_record_round_trips_every_preset_in_progress_and_finished(
    name: str, moves: int | None
) -> None:
    game = _play(Game(variants.get(name), seed=11), moves)
    _same_game(record.loads(record.dumps(game)), game)


@pytest.mark.parametrize("name", PRESETS)
def test_record_round_trips_a_game_whose_seats_cut_for_deal(name: str) -> None:
    rules = variants.get(name)
    game = _play(Game(rules, seed=4, cut_for_deal=True), None)
    data = record.to_dict(game)
    assert data["cut_for_deal"] is True and data["dealer"] == game.first_dealer
    _same_game(record.from_dict(data), game)


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("moves", [0, 60, None], ids=["dealt", "mid-game", "over"])
def test_record_without_a_seed_round_trips_from_its_recorded_deals(
    name: str, moves: int | None
) -> None:
    game = _play(Game(variants.get(name), rng=random.Random(9), cut_for_deal=True), moves)
    assert record.to_dict(game)["seed"] is None
    _same_game(record.loads(record.dumps(game)), game)


def test_a_loaded_seeded_game_plays_on_exactly_like_the_original() -> None:
    """The seed's later shuffles are the same after loading: the next hands deal alike."""
    game = _play(Game(variants.get("modern"), seed=3), 80)
    loaded = record.loads(record.dumps(game))
    rng = random.Random(1)
    while not game.is_over:
        move = rng.choice(game.legal_moves())
        seat = game.to_act
        game.play(move, seat)
        loaded.play(move, seat)
    assert loaded.events == game.events


def test_a_loaded_game_without_a_seed_deals_a_recorded_hand_again_after_undo() -> None:
    """Undo back into the previous hand, play its last card again: the recorded next hand."""
    game = Game(variants.get("classic"), rng=random.Random(2))
    rng = random.Random(5)
    last: tuple[Any, int | None] = (None, None)
    while game.hand_number == 0:
        last = (rng.choice(game.legal_moves()), game.to_act)
        game.play(*last)
    loaded = record.loads(record.dumps(game))
    events = loaded.events
    loaded.undo()
    assert loaded.hand_number == 0
    loaded.play(*last)
    assert loaded.events == events


def test_record_round_trips_the_shooters_moon_choice() -> None:
    rules = variants.get("modern").replace(settlement={"moon": "choice"})
    for seed in range(200):
        game = _play(Game(rules, seed=seed), None, seed=seed)
        if any(isinstance(event, MoonChosen) for event in game.events):
            break
    else:  # pragma: no cover - random play shoots the moon within a few games
        pytest.fail("no moon was shot")
    _same_game(record.loads(record.dumps(game)), game)


GOLDEN = Path(__file__).resolve().parent / "data"


def _laws_game_with_claims(seed: int) -> Game:
    """Two hands by the laws with revokes, corrections and claims at random: true and false,
    made during the play (some before a correction) and while the cards wait to be gathered."""
    game = Game(variants.get("classic").replace(laws=True), seed=seed)
    rng = random.Random(seed)
    while game.hand_number < 2:
        deal = game.deal
        roll = rng.random()
        if deal.phase is Phase.PLAY and deal.trick:
            on_table = {card for _, card in deal.trick}
            mine = [
                s for s, at, card in deal.revokes if at == len(deal.tricks) and card in on_table
            ]
            if mine and roll < 0.5:
                game.play(Correct(), mine[0])
                continue
            led, hand = deal.trick[0][1].suit, deal.hand(deal.to_act)
            off = [card for card in hand if card.suit != led]
            if off and len(off) < len(hand) and roll < 0.15:
                game.play(Revoke(off[0]))
                continue
        claimant, accused = rng.sample(range(game.players), 2)
        if roll > 0.9 and game.can_play(Claim(accused), claimant):
            game.play(Claim(accused), claimant)
            continue
        game.play(rng.choice(game.legal_moves()), game.to_act)
    return game


def test_a_game_by_the_laws_records_its_claims_and_their_judgements() -> None:
    """Laws 23–25: claims are recorded when made and judged when the hand has been played
    out; true and false claims, a claim before a correction and one during the gathering all
    round-trip, and the readable account says what each judgement found."""
    game = _laws_game_with_claims(1)
    judged = [event for event in game.events if isinstance(event, ClaimJudged)]
    assert {event.upheld for event in judged} == {True, False}
    assert len(judged) == sum(isinstance(event, RevokeClaimed) for event in game.events)
    _same_game(record.loads(record.dumps(game)), game)
    text = record.text(game)
    assert "to be judged when the hand has been played out" in text
    assert "pays all the losses of the hand." in text  # (hearts.words: an upheld claim)
    assert "is void: the tricks show none made before it." in text


def test_a_judgement_changed_in_a_record_is_refused_naming_the_event() -> None:
    data = _record(_laws_game_with_claims(1))
    index = next(i for i, e in enumerate(data["events"]) if e["kind"] == "claim_judged")
    data["events"][index]["upheld"] = not data["events"][index]["upheld"]
    with pytest.raises(
        InvalidRecord, match=rf"^event {index} \(claim_judged\) does not match .*: its upheld is"
    ):
        record.from_dict(data)
    data = _record(_laws_game_with_claims(1))
    del data["events"][index]  # one judgement of a hand that has others: none may be missing
    with pytest.raises(InvalidRecord, match=rf"^event {index} \(\w+\) does not match"):
        record.from_dict(data)


def test_a_record_written_before_claims_were_judged_is_read_and_settles_the_same() -> None:
    """A record by the laws that hearts wrote when a claim was proven (or refused) at once:
    its claims were true when made, so today's rules judge them at the end of each hand and
    settle every hand as recorded; the hands are compared without the judgements they lack."""
    stored = json.loads((GOLDEN / "laws-claims-before-judgement.json").read_text("utf-8"))
    recorded = record.contents(stored).events
    assert not any(event["kind"] == "claim_judged" for event in stored["events"])
    game = record.from_dict(stored)
    assert game.is_over
    settled = [event for event in game.events if isinstance(event, HandSettled)]
    assert settled == [event for event in recorded if isinstance(event, HandSettled)]
    assert [hand.revokers for hand in game.hands] == [(1,), (2,), (3,)]
    judged = [event for event in game.events if isinstance(event, ClaimJudged)]
    # Hand 2: a claim before a correction is void; the revoke made after it is claimed anew.
    assert [(event.accused, event.upheld) for event in judged] == [
        (1, True),
        (2, False),
        (2, True),
        (3, True),
    ]
    assert record.as_recorded(recorded, game.events) == recorded
    again = record.loads(record.dumps(game))  # written back today: with its judgements
    assert again.events == game.events


@pytest.mark.parametrize("name", PRESETS)
def test_a_record_of_version_2_as_first_written_loads_and_replays_the_same(name: str) -> None:
    """Version 2 was first written with the settlement's options flat (``"moon": "old"``
    beside ``"settlement": "points"``): a golden game with its preset's rules in that shape
    (as that code wrote them) loads, replays event for event, and is written back in parts."""
    stored = json.loads((GOLDEN / "games" / f"{name}.json").read_text(encoding="utf-8"))
    first = json.loads((GOLDEN / "rules-v2-first.json").read_text(encoding="utf-8"))[name]
    assert isinstance(first["settlement"], str) and "moon" in first
    game = record.from_dict(dict(stored, version=2, rules=first))
    assert game.rules == variants.get(name)
    assert record.to_dict(game)["events"] == stored["events"]
    assert record.to_dict(game)["rules"]["settlement"]["method"] == first["settlement"]


def test_record_round_trips_a_no_trick_bonus_that_a_moon_hand_drops() -> None:
    rules = variants.get("no-trick").replace(settlement={"no_trick": {"with_moon": False}})
    game = _play(Game(rules, seed=3), None, seed=3)
    data = record.to_dict(game)
    assert data["rules"]["settlement"] == {
        "method": "points",
        "moon": "old",
        "no_trick": {"points": 5, "with_moon": False},
    }
    _same_game(record.loads(record.dumps(game)), game)


def test_dump_and_load_work_with_paths_and_open_files(tmp_path: Any) -> None:
    game = _play(Game(variants.get("howell"), seed=2), 30)
    path = tmp_path / "game.json"
    record.dump(game, path)
    assert record.load(path).events == game.events
    assert record.load(str(path)).events == game.events
    buffer = io.StringIO()
    record.dump(game, buffer)
    buffer.seek(0)
    assert record.load(buffer).events == game.events


def test_record_is_json_with_the_documented_fields_and_one_event_a_line() -> None:
    game = _play(Game(variants.get("modern"), seed=5), 10)
    text = record.dumps(game)
    data = json.loads(text)
    assert list(data) == [
        "format",
        "version",
        "variant",
        "rules",
        "seed",
        "dealer",
        "cut_for_deal",
        "events",
    ]
    assert (data["format"], data["version"], data["variant"], data["seed"]) == (
        "hearts-record",
        2,
        "modern",
        5,
    )
    assert data["rules"] == game.rules.to_dict()
    assert data["events"] == [event.to_dict() for event in game.events]
    assert len(text.splitlines()) == len(game.events) + 2


def test_record_names_rules_that_are_no_preset_custom() -> None:
    rules = Rules(players=4, passing=Passing(count=3, cycle=("left",)))
    game = _play(Game(rules, seed=1), 20)
    assert record.to_dict(game)["variant"] == "custom"
    _same_game(record.loads(record.dumps(game)), game)


# --- tampering ----------------------------------------------------------------------------------


def test_a_tampered_deal_is_refused_as_not_matching_the_seed() -> None:
    data = _record(_play(Game(variants.get("classic"), seed=8), None))
    hands = data["events"][1]["hands"]
    hands[0], hands[1] = hands[1], hands[0]
    with pytest.raises(
        InvalidRecord,
        match=r"^event 1 \(dealt\) does not match the game rebuilt "
        r"from the seed: its hands\[0\] is",
    ):
        record.from_dict(data)


def test_a_changed_seed_is_refused_at_the_first_deal() -> None:
    data = _record(_play(Game(variants.get("modern"), seed=8), 20))
    data["seed"] = 9
    with pytest.raises(
        InvalidRecord,
        match=r"^event 0 \(shuffle_committed\) does not match the game rebuilt from the seed: "
        r"its commitment is",
    ):
        record.from_dict(data)


def test_a_card_the_seat_does_not_hold_is_refused_naming_the_event() -> None:
    game = _play(Game(variants.get("classic"), seed=8), 20)
    data = _record(game)
    index = _moves_of(data)[5]
    event = data["events"][index]
    other = next(card for card in game.hands[0].dealt_hand((event["seat"] + 1) % 4))
    event["card"] = str(other)
    with pytest.raises(
        InvalidRecord,
        match=rf"^event {index} \(card_played\): seat {event['seat']} does not hold the "
        rf"{other.symbol}$",
    ):
        record.from_dict(data)


def test_a_card_played_out_of_turn_is_refused_naming_the_event() -> None:
    data = _record(_play(Game(variants.get("classic"), seed=8), 20))
    index = _moves_of(data)[3]
    data["events"][index]["seat"] = (data["events"][index]["seat"] + 1) % 4
    with pytest.raises(InvalidRecord, match=rf"^event {index} \(card_played\): it is seat"):
        record.from_dict(data)


@pytest.mark.parametrize(
    ("kind", "field", "change"),
    [
        ("trick_won", "points", lambda v: v + 1),
        ("trick_won", "seat", lambda v: (v + 1) % 4),
        ("hand_over", "penalties", lambda v: [v[1], v[0], *v[2:]]),
        ("hand_settled", "totals", lambda v: [v[0] + 1, *v[1:]]),
        ("hand_settled", "pool", lambda v: v + 4),
        ("game_over", "winners", lambda v: [(v[0] + 1) % 4]),
    ],
)
def test_a_tampered_trick_or_score_is_refused_naming_the_event_and_field(
    kind: str, field: str, change: Any
) -> None:
    data = _record(_play(Game(variants.get("classic"), seed=8), None))
    index = next(i for i, event in enumerate(data["events"]) if event["kind"] == kind)
    data["events"][index][field] = change(data["events"][index][field])
    with pytest.raises(
        InvalidRecord,
        match=rf"^event {index} \({kind}\) does not match the game "
        rf"rebuilt from the seed: its {field}",
    ):
        record.from_dict(data)


def test_a_record_with_an_event_too_many_is_refused() -> None:
    data = _record(_play(Game(variants.get("simple"), seed=8), None))
    data["events"].append(copy.deepcopy(data["events"][-1]))
    count = len(data["events"]) - 1
    with pytest.raises(InvalidRecord, match=rf"^event {count} \(game_over\) is not in the game"):
        record.from_dict(data)


def test_a_record_that_stops_short_of_the_engines_own_events_is_refused() -> None:
    data = _record(_play(Game(variants.get("simple"), seed=8), None))
    del data["events"][-2:]
    with pytest.raises(
        InvalidRecord,
        match=r"^the record ends after \d+ events, but the game "
        r"rebuilt from the seed goes on with event \d+ "
        r"\(hand_settled\)",
    ):
        record.from_dict(data)


def test_a_dealer_the_cut_for_deal_did_not_choose_is_refused() -> None:
    game = Game(variants.get("classic"), seed=6, cut_for_deal=True)
    data = _record(game)
    data["dealer"] = (game.first_dealer + 1) % 4
    with pytest.raises(InvalidRecord, match=r"^record field 'dealer' is \d, but the seats' cut"):
        record.from_dict(data)


def test_a_record_without_a_seed_must_deal_the_whole_pack() -> None:
    data = _record(Game(variants.get("classic"), rng=random.Random(1)))
    hands = data["events"][0]["hands"]
    hands[0] = hands[0].replace(hands[0].split()[0], hands[1].split()[0])
    with pytest.raises(InvalidRecord, match=r"^event 0 \(dealt\) does not deal the pack"):
        record.from_dict(data)


def test_a_record_without_a_seed_must_cut_the_pack_as_the_laws_allow() -> None:
    data = _record(Game(variants.get("classic"), rng=random.Random(1)))
    data["events"][0]["cut"] = 2
    with pytest.raises(
        InvalidRecord,
        match=r"^event 0 \(dealt\) does not deal the pack.*a cut must leave at least four",
    ):
        record.from_dict(data)


# --- malformed records --------------------------------------------------------------------------


def _set(key: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def _drop(key: str) -> Any:
    def change(data: dict[str, Any]) -> None:
        del data[key]

    return change


def _event(index: int, key: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        data["events"][index][key] = value

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set("format", "pgn"), "record field 'format' must be 'hearts-record', not 'pgn'"),
        (
            _set("version", 3),
            "record field 'version' is 3: this version of hearts reads versions 1",
        ),
        (_set("version", True), "record field 'version' is True: this version of hearts reads"),
        (_set("variant", 7), "record field 'variant' must be a preset name or 'custom', not 7"),
        (_set("variant", "modren"), "record field 'variant' must be a preset name or 'custom'"),
        (_set("rules", {"players": 9}), "record field 'rules' is wrong: players=9 is not allowed"),
        (_set("rules", {"player": 4}), "record field 'rules' is wrong: unknown option 'player'"),
        (_set("rules", [4]), "record field 'rules' is wrong: rules must be a mapping"),
        (_set("seed", "x"), "record field 'seed' must be a whole number or null, not 'x'"),
        (_set("seed", True), "record field 'seed' must be a whole number or null, not True"),
        (_set("seed", 1.5), "record field 'seed' must be a whole number or null, not 1.5"),
        (_set("dealer", 4), "record field 'dealer' must be a seat from 0 to 3, not 4"),
        (_set("dealer", "0"), "record field 'dealer' must be a seat from 0 to 3, not '0'"),
        (_set("cut_for_deal", "no"), "record field 'cut_for_deal' must be true or false, not 'no'"),
        (_set("events", {}), "record field 'events' must be a list, not an object"),
        (_set("extra", 1), "the record has an unknown field 'extra'"),
        (_drop("seed"), "the record lacks the field 'seed'"),
        (_event(0, "kind", "nope"), "event 0: kind='nope' is not an event kind"),
        (_event(2, "card", "ZZ"), "event 2: card_played event field 'card' is wrong: 'ZZ'"),
        (_event(2, "seat", None), "event 2: card_played event field 'seat' is wrong: None"),
        (_event(2, "colour", "red"), "event 2: card_played event has unknown field 'colour'"),
        (_event(1, "hands", "2C"), "event 1: dealt event field 'hands' is wrong"),
        (_event(0, "commitment", 7), "event 0: shuffle_committed event field 'commitment' is"),
    ],
)
def test_a_malformed_record_is_refused_naming_the_wrong_field(change: Any, message: str) -> None:
    data = _record(_play(Game(variants.get("classic"), seed=8), 5))
    change(data)
    with pytest.raises(InvalidRecord) as caught:
        record.loads(json.dumps(data))
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the record is not valid JSON: Expecting value at line 1, column 1"),
        ('{"format": "hearts-record",', "the record is not valid JSON"),
        ("[1, 2]", "a record must be a JSON object, not a list"),
        ("null", "a record must be a JSON object, not null"),
        (b"\xff\xfe{", "the record is not UTF-8 JSON: it is UTF-16 (little-endian) text (it "),
        (b"\xff{", "the record is not UTF-8 JSON: byte 1 (0xff) is not UTF-8 text"),
        ('{"a": "b', "the record is not valid JSON: Unterminated string starting at line 1,"),
    ],
)
def test_malformed_json_is_refused_in_a_sentence(text: str | bytes, message: str) -> None:
    with pytest.raises(InvalidRecord) as caught:
        record.loads(text)
    assert str(caught.value).startswith(message)


def test_a_truncated_record_file_is_refused() -> None:
    text = record.dumps(_play(Game(variants.get("modern"), seed=1), 30))
    with pytest.raises(InvalidRecord, match=r"^the record is not valid JSON"):
        record.loads(text[: len(text) // 2])


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.text(max_size=4)
    | st.sampled_from(["QS", "2C", "old", "new", "left", "hold", "2C 3C 4C"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)
_SMALL = _record(_play(Game(variants.get("simple"), seed=3), None))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_change_to_a_record_loads_or_is_refused_as_an_invalid_record(data: Any) -> None:
    """Whatever is written into a field, loading never fails with another exception."""
    changed = copy.deepcopy(_SMALL)
    if data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(changed)))
        changed[key] = data.draw(_JSON)
    else:
        event = data.draw(st.sampled_from(changed["events"]))
        key = data.draw(st.sampled_from(sorted(event)))
        event[key] = data.draw(_JSON)
    with contextlib.suppress(InvalidRecord):
        record.from_dict(changed)


def test_loads_refuses_what_is_not_text() -> None:
    with pytest.raises(InvalidRecord, match=r"^a record is JSON text, not int"):
        record.loads(5)  # type: ignore[arg-type]


# --- text ---------------------------------------------------------------------------------------


def test_text_tells_the_deal_the_passes_each_trick_and_the_result() -> None:
    game = _play(Game(variants.get("modern"), seed=2), None)
    text = record.text(game)
    events = game.events
    assert text.startswith("Hearts: modern (")
    assert text.count("  Trick ") == sum(event.kind == "trick_won" for event in events)
    passes = [event for event in events if isinstance(event, Passed)]
    first = passes[0]
    # (seats counted from 1, in the words of hearts.words)
    assert f"  Seat {first.seat + 1} passes {first.cards.symbols()} to Seat {first.to + 1}." in text
    plays = [event for event in events if isinstance(event, CardPlayed)]
    assert f"Trick 1: Seat {plays[0].seat + 1} leads {plays[0].card.symbol}, " in text
    assert text.count("Scores after hand ") == game.hand_number + 1
    winner = game.winners()[0]
    assert f"Seat {winner + 1} wins, with {game.scores[winner]} points" in text
    assert "Game in progress" not in text


def test_text_tells_the_counters_the_pool_and_a_jack() -> None:
    for seed in range(100):
        game = _play(Game(variants.get("classic"), seed=seed), None, seed=seed)
        if game.events and any(getattr(e, "jack", False) for e in game.events):
            break
    text = record.text(game)
    assert "Counters after hand 1: Seat 1 " in text
    assert " stays on the table as a Jack: nobody took it" in text
    assert " counters!" in text.splitlines()[-1]


def test_text_of_a_game_in_progress_shows_the_trick_on_the_table_and_who_acts() -> None:
    game = _play(Game(variants.get("classic"), seed=2), 6)
    text = record.text(game)
    assert "  Trick 2 so far: Seat " in text
    assert text.endswith(f"Game in progress: hand 1, Seat {game.to_act + 1} to play.")


def test_text_tells_the_cut_for_deal_the_stock_and_who_sits_out() -> None:
    cut = record.text(Game(variants.get("classic"), seed=6, cut_for_deal=True))
    assert "The seats cut for deal." in cut and "Cut for the deal (ace low): Seat 1 " in cut
    two = record.text(_play(Game(variants.get("two-handed"), seed=1), 3))
    assert "stock (26 cards, top first): " in two and " draws " in two
    seven = record.text(Game(variants.get("classic-7"), seed=1))
    assert "  Seat 1 sits out this hand" in seven


def test_text_tells_the_moon_and_the_shooters_choice() -> None:
    rules = variants.get("modern").replace(settlement={"moon": "choice"})
    for seed in range(200):
        game = _play(Game(rules, seed=seed), None, seed=seed)
        chosen = [event for event in game.events if isinstance(event, MoonChosen)]
        if chosen:
            break
    text = record.text(game)
    assert f"Seat {chosen[0].seat + 1} shoots the moon" in text
    choice = MoonChoice(chosen[0].choice).value
    assert f"Seat {chosen[0].seat + 1} chooses the {choice} moon" in text


TEXTS = Path(__file__).resolve().parent / "data" / "record-texts.json"
"""Records of games in progress of every preset, each with its text as written when the file was
made (``tests/data/make_record_texts.py``): the golden games pin the text of longer games."""


def _pinned_texts() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(TEXTS.read_text(encoding="utf-8"))["pinned"]
    return found


@pytest.mark.parametrize("pinned", _pinned_texts(), ids=lambda pinned: pinned["game"])
def test_text_of_a_game_in_progress_is_unchanged_to_the_character(pinned: dict[str, Any]) -> None:
    """The readable text of each form's records, in every phase a game may stop in (the trick so
    far, who is to act and for what; cut for deal, no seed, the laws' revokes and claims), is
    the text written when the file was made, character for character."""
    game = record.from_dict(pinned["record"])
    assert record.text(game) == pinned["text"]


def test_the_pinned_texts_cover_every_preset_and_every_phase() -> None:
    """The pinned records reach what the text says of a game in progress: each preset, each
    phase a seat acts in, a seedless record with a cut for deal, and the laws' claims."""
    pinned = _pinned_texts()
    assert {entry["game"].rsplit("-", 2)[0] for entry in pinned} == set(PRESETS)
    said = "\n".join(entry["text"] for entry in pinned)
    for phase in ("play", "pass", "bid", "name the suit to avoid", "discard as many cards"):
        assert f" to {phase}" in said
    lines = (
        "so far: ",
        "The seats cut for deal.",
        " sits out this hand",
        "a revoke.",
        "takes back",
    )
    for line in (*lines, "claims a revoke by", "is void", "stands: the tricks show it"):
        assert line in said


def test_a_seeded_record_keeps_the_pones_own_cut() -> None:
    """Dealing law 8: a pone who declined (or chose a cut) is replayed as recorded."""
    game = _play(Game(variants.get("classic"), seed=4, pone=lambda *_: None), 70)
    assert game.hand_number >= 1
    again = record.loads(record.dumps(game))
    assert again.events == game.events
    assert all(e.cut is None for e in again.events if isinstance(e, Dealt))


def test_a_seedless_record_with_a_cut_for_deal_is_replayed() -> None:
    """Laws 1–2: the recorded cuts for deal choose the first dealer again."""
    game = _play(Game(variants.get("classic"), rng=random.Random(3), cut_for_deal=True), 70)
    assert record.loads(record.dumps(game)).events == game.events
    data = _record(game)
    data["events"][0]["cuts"] = data["events"][0]["cuts"][:1]
    with pytest.raises(InvalidRecord, match="cut for deal"):
        record.from_dict(data)


# --- hand seeds ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["modern", "classic", "two-handed", "auction"])
def test_a_record_of_a_game_with_hand_seeds_says_so_and_loads_back(name: str) -> None:
    game = _play(Game(variants.get(name), seed=17, hand_seeds=True), 150)
    data = json.loads(record.dumps(game))
    assert data["hand_seeds"] is True and data["version"] == 2 and "revealed" not in data
    loaded = record.loads(record.dumps(game))
    _same_game(loaded, game)
    assert loaded.hand_seeds and loaded.hand_seed(1) == game.hand_seed(1)
    # It plays on as the original does: the next hands come from the same hand seeds.
    _play(loaded, 80, seed=3)
    _play(game, 80, seed=3)
    assert loaded.events == game.events


def test_a_game_with_hand_seeds_is_not_the_game_of_one_generator() -> None:
    game = _play(Game(variants.get("modern"), seed=17, hand_seeds=True), 10)
    data = record.to_dict(game)
    del data["hand_seeds"]
    with pytest.raises(InvalidRecord, match=r"event 0 \(shuffle_committed\) does not match"):
        record.from_dict(data)


@pytest.mark.parametrize("path", sorted((GOLDEN / "games").glob("*.json")), ids=lambda p: p.stem)
def test_older_records_have_no_hand_seeds_and_are_written_back_unchanged(path: Path) -> None:
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert "hand_seeds" not in stored
    found = record.contents(stored)
    assert found.hand_seeds is False and dict(found.revealed) == {}
    game = record.from_dict(stored)
    written = record.to_dict(game)  # (a version 1 record's rules are written as version 2's)
    assert not game.hand_seeds and "hand_seeds" not in written and "revealed" not in written
    assert {k: written[k] for k in ("seed", "dealer", "cut_for_deal", "events")} == {
        k: stored[k] for k in ("seed", "dealer", "cut_for_deal", "events")
    }


def _in_progress() -> Game:
    game = Game(variants.get("modern"), seed=23, hand_seeds=True)
    rng = random.Random(1)
    while game.hand_number < 2 or len(game.deal.events) < 8:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    return game


def test_a_record_in_progress_withholds_the_seed_and_reveals_the_hands_over() -> None:
    game = _in_progress()
    data = json.loads(json.dumps(record.to_dict(game, reveal=2)))
    assert data["seed"] is None and data["hand_seeds"] is True
    assert data["revealed"] == {"0": game.hand_seed(0), "1": game.hand_seed(1)}
    found = record.contents(data)
    assert found.seed is None and dict(found.revealed) == {
        0: game.hand_seed(0),
        1: game.hand_seed(1),
    }
    # The revealed hands are whole; the hand in play holds no card of any hand, as a watcher sees.
    dealt = [event for event in found.events if isinstance(event, Dealt)]
    assert dealt[:2] == [game.hands[0].events[0], game.hands[1].events[0]]
    assert all(not hand for hand in dealt[2].hands) and dealt[2].stock == ()
    passes = [e for e in found.events if isinstance(e, Passed) and e.cards]
    assert passes and all(
        game.events.index(e) < game.events.index(game.hands[2].events[0]) for e in passes
    )
    # As one seat holds it: that seat's own hand, no other.
    mine = record.contents(record.to_dict(game, reveal=2, seat=3))
    third = [event for event in mine.events if isinstance(event, Dealt)][2]
    assert third.hands[3] == game.hands[2].events[0].hands[3]
    assert not any(third.hands[seat] for seat in range(3))


def test_a_record_in_progress_cannot_be_rebuilt_and_says_so() -> None:
    data = record.to_dict(_in_progress(), reveal=2)
    with pytest.raises(InvalidRecord, match=r"withholds its seed \(hands revealed: 1, 2\)"):
        record.from_dict(data)


def test_a_hand_not_over_or_a_game_without_hand_seeds_reveals_nothing() -> None:
    game = _in_progress()
    with pytest.raises(InvalidArgument, match="hand 3 is not over"):
        record.to_dict(game, reveal=3)
    with pytest.raises(InvalidArgument, match="no hand seeds"):
        record.to_dict(Game(variants.get("modern"), seed=1), reveal=0)
    with pytest.raises(InvalidArgument, match="not a seat"):
        record.to_dict(game, reveal=1, seat=4)
    with pytest.raises(InvalidArgument, match="number of hands"):
        record.to_dict(game, reveal=-1)
    with pytest.raises(InvalidArgument, match="give reveal too"):
        record.to_dict(game, seat=1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hand_seeds": "yes"}, "'hand_seeds' must be true or false"),
        ({"revealed": []}, "'revealed' must be an object"),
        ({"revealed": {"first": "0" * 64}}, "keyed by hand numbers from 0"),
        ({"revealed": {"01": "0" * 64}}, "keyed by hand numbers from 0"),
        ({"revealed": {"0": "0" * 63}}, "the seed of hand 1 must be 64 lowercase hex digits"),
        ({"hand_seeds": False}, "'revealed' needs \"hand_seeds\": true"),
        ({"seed": 23}, "'revealed' is for a record that withholds its seed"),
    ],
)
def test_bad_hand_seed_fields_are_refused_by_the_field(
    change: dict[str, Any], message: str
) -> None:
    data = dict(record.to_dict(_in_progress(), reveal=1), **change)
    with pytest.raises(InvalidRecord, match=message):
        record.contents(data)


def test_a_seats_record_in_progress_shows_nothing_of_what_cards_face_down_count() -> None:
    """docs/rules.md §5.5, §7.2: a seat's record of a game in progress (and a watcher's) holds
    the hand in play as that seat's view does: the first trick taken without the points of the
    widow that went with it face down (Cancellation Hearts: here its Q♠), another seat's
    Heartsette discards without their cards or points; the discarder's record keeps both."""
    game = Game(variants.get("cancellation"), seed=27, hand_seeds=True)
    widow = sum(game.rules.values[card] for card in game.deal.widow)
    assert widow == 13
    rng = random.Random(2)
    while not any(trick.winner >= 0 for trick in game.deal.tricks):
        game.play(rng.choice(game.legal_moves()), game.to_act)
    true = next(trick.points for trick in game.deal.tricks if trick.winner >= 0)
    for seat in (*range(game.players), None):
        found = record.contents(record.to_dict(game, reveal=0, seat=seat)).events
        won = next(event for event in found if isinstance(event, TrickWon))
        assert won.points == true - widow
        view = game.public_view() if seat is None else game.view(seat)
        assert tuple(found[-len(view.events) :]) == view.events
    game = Game(variants.get("heartsette"), seed=6, hand_seeds=True)
    while not any(isinstance(event, Discarded) for event in game.deal.events):
        game.play(rng.choice(game.legal_moves()), game.to_act)
    laid = next(event for event in game.deal.events if isinstance(event, Discarded))
    assert laid.points
    for seat in (*range(game.players), None):
        found = record.contents(record.to_dict(game, reveal=0, seat=seat)).events
        shown = next(event for event in found if isinstance(event, Discarded))
        assert shown == (laid if seat == laid.seat else Discarded(laid.seat, CardSet(), None))


# --- the package's rooms ------------------------------------------------------------------------

OLD_NAMES = [
    "FORMAT",
    "VERSION",
    "READS",
    "to_dict",
    "from_dict",
    "Contents",
    "contents",
    "start",
    "units",
    "dumps",
    "dump",
    "loads",
    "load",
    "text",
    "as_recorded",
    "parse_json",
    "PathOrFile",
    "Readable",
]
"""The public names of hearts.record when it was one module."""


def test_every_name_of_the_one_module_is_still_imported_from_hearts_record() -> None:
    """Old import paths keep working (issue 40): each public name of ``hearts.record`` as one
    module is the same object from the package as from the room it lives in now."""
    from hearts.record import account, data, io, replay

    for name in OLD_NAMES:
        rooms = [module for module in (data, replay, io, account) if hasattr(module, name)]
        assert rooms and getattr(record, name) is getattr(rooms[-1], name), name
    assert set(record.__all__) == set(OLD_NAMES)
    assert record.text.__module__ == "hearts.record.account"
