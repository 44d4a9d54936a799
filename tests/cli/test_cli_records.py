"""``hearts replay`` and ``hearts verify`` (hearts.cli.records): what they print, their exit
codes, and one sentence for a file that is no record they can read."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import one_sentence, runner

from hearts import Game, record, variants
from hearts.cli import app


def test_replay_prints_the_game_trick_by_trick(tmp_path: Path) -> None:
    game = Game(variants.get("modern"), seed=2)
    for _ in range(20):
        game.play(game.legal_moves()[0], game.to_act)
    path = tmp_path / "game.json"
    record.dump(game, path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    assert result.stdout == record.text(game) + "\n"
    assert "Trick 1: " in result.stdout and "Game in progress" in result.stdout


@pytest.mark.parametrize("command", ["replay", "verify"])
def test_a_missing_file_says_so(tmp_path: Path, command: str) -> None:
    result = runner.invoke(app, [command, str(tmp_path / "nothing.json")])
    assert result.exit_code == 1
    assert one_sentence(result.stderr) == f"error: there is no file {tmp_path / 'nothing.json'}"


@pytest.mark.parametrize("command", ["replay", "verify"])
def test_a_directory_given_as_a_record_says_so(tmp_path: Path, command: str) -> None:
    result = runner.invoke(app, [command, str(tmp_path)])
    assert result.exit_code == 1
    assert one_sentence(result.stderr) == f"error: {tmp_path} is a directory, not a game record"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{", "the record is not valid JSON"),
        ('{"format": "pgn"}', "the record lacks the field"),
        ("[]", "a record must be a JSON object, not a list"),
    ],
)
def test_replay_of_a_malformed_record_says_what_is_wrong(
    tmp_path: Path, content: str, reason: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    line = one_sentence(result.stderr)
    assert line.startswith(f"error: {path} is not a game record this version can replay: {reason}")


def test_replay_of_a_tampered_record_names_the_event(tmp_path: Path) -> None:
    game = Game(variants.get("classic"), seed=1)
    for _ in range(8):
        game.play(game.legal_moves()[0], game.to_act)
    data = record.to_dict(game)
    data["events"][-1]["points"] = 5
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "(trick_won) does not match the game rebuilt from the seed" in result.stderr


def _saved(tmp_path: Path, name: str, seed: int, hands: int) -> tuple[Path, dict[str, object]]:
    game = Game(variants.get(name), seed=seed)
    rng = random.Random(seed)
    while not game.is_over and game.hand_number < hands - 1:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    data = record.to_dict(game)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, data


def test_verify_is_a_command() -> None:
    assert "verify" in runner.invoke(app, []).output


@pytest.mark.parametrize("name", ["classic", "two-handed", "classic-7"])
def test_verify_of_an_honest_record_says_every_hand_matches(tmp_path: Path, name: str) -> None:
    path, _ = _saved(tmp_path, name, 6, 3)
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "hand 1: commitment ✓, deal ✓, play ✓",
        "hand 2: commitment ✓, deal ✓, play ✓",
        "hand 3: commitment ✓, deal ✓, play ✓",
    ]


def test_verify_of_a_golden_record_passes() -> None:
    path = Path(__file__).resolve().parents[1] / "data" / "games" / "modern.json"
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 0 and "✗" not in result.stdout


def _event_export(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """An event's export of one deal played twice from its seed (as the server exports it)."""
    from hearts import duplicate
    from hearts.rules import GameEnd, TieRule

    rules = variants.get("modern").replace(end=GameEnd.DEALS, deals=1, ties=TieRule.SHARE)
    seed = duplicate.new_seed()
    rng = random.Random(2)
    games = []
    for table in ("t1", "t2"):
        game = Game(rules, seed=duplicate.game_seed(seed), hand_seeds=True)
        while not game.is_over:
            seat = next(s for s in range(4) if game.legal_moves(s))
            game.play(rng.choice(game.legal_moves(seat)), seat)
        games.append({"table": table, "seat": 0, "points": game.scores[0],
                      "record": record.to_dict(game)})  # fmt: skip
    data: dict[str, Any] = {
        "format": "hearts-event",
        "version": 1,
        "key": "Ev",
        "deal_list": [
            {
                "number": 1,
                "digest": duplicate.commitment("Ev", 1, seed),
                "seed": seed,
                "games": games,
            }
        ],
    }
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, data


def test_verify_checks_an_events_export_seed_by_seed_and_game_by_game(tmp_path: Path) -> None:
    """`hearts verify` knows an event's export by its format: each seed against its digest,
    each game's deal against the seed and its moves by the rules; a changed seed or a changed
    deal fails, exit 1, with a sentence."""
    path, data = _event_export(tmp_path)
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("deal 1: seed ✓") and lines[1:] == [
        "deal 1, table t1: deal ✓, play ✓",
        "deal 1, table t2: deal ✓, play ✓",
    ]
    changed = json.loads(json.dumps(data))
    changed["deal_list"][0]["seed"] = "0" * 64
    path.write_text(json.dumps(changed), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert "deal 1: its seed is not the one committed to" in result.stdout
    dealt = next(e for e in data["deal_list"][0]["games"][1]["record"]["events"]
                 if e["kind"] == "dealt")  # fmt: skip
    dealt["hands"][0], dealt["hands"][1] = dealt["hands"][1], dealt["hands"][0]
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert "deal 1, table t2: hand 1: commitment ✓, deal ✗" in result.stdout


def test_verify_names_each_kind_of_tampering_and_exits_1(tmp_path: Path) -> None:
    _, data = _saved(tmp_path, "modern", 6, 3)
    events: Any = data["events"]
    dealt = [at for at, event in enumerate(events) if event["kind"] == "dealt"]
    committed = [at for at, event in enumerate(events) if event["kind"] == "shuffle_committed"]
    events[committed[0]]["commitment"] = "0" * 64
    hands = events[dealt[2]]["hands"]
    hands[0], hands[3] = hands[3], hands[0]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith(
        "hand 1: commitment ✗, deal ✓, play ✓ (the commitment is not the hash"
    )
    assert lines[1] == "hand 2: commitment ✓, deal ✓, play ✓"
    # (hand 3 is only dealt: no move of it was made to replay)
    assert lines[2].startswith("hand 3: commitment ✓, deal ✗, play ✓ (seats 0 and 3 do not hold")


def test_verify_of_a_record_whose_trick_was_edited_names_it_and_exits_1(tmp_path: Path) -> None:
    """The deals are untouched: only the replay of the moves finds the changed card."""
    _, data = _saved(tmp_path, "classic", 6, 2)
    events: Any = data["events"]
    at = next(at for at, event in enumerate(events) if event["kind"] == "trick_won")
    old = events[at]["cards"][2]
    events[at]["cards"][2] = new = "QS" if old != "QS" else "KS"
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "hand 1: commitment ✓, deal ✓, play ✗ (after move 4, event 6 (trick_won) is not what "
        f"the rules make of the moves: its cards[2] is {new!r} in the record, but {old!r} in "
        "the replay)",
        "hand 2: commitment ✓, deal ✓, play ✓",
    ]


def test_verify_of_a_record_with_no_events_exits_1(tmp_path: Path) -> None:
    _, data = _saved(tmp_path, "classic", 6, 1)
    data["events"] = []
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert result.stdout == "the record has no events: no hand was dealt to verify\n"


def test_verify_of_an_unknown_record_version_says_so_in_a_sentence(tmp_path: Path) -> None:
    _, data = _saved(tmp_path, "classic", 6, 1)
    data["version"] = 10**6
    path = tmp_path / "future.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1 and result.stdout == ""
    assert one_sentence(result.stderr).startswith(
        f"error: {path} is not a game record this version can verify: record field 'version' "
        "is 1000000"
    )


def test_verify_without_a_record_is_a_usage_error() -> None:
    result = runner.invoke(app, ["verify"])
    assert result.exit_code == 2


def test_verify_of_a_record_without_a_seed_exits_1(tmp_path: Path) -> None:
    game = Game(variants.get("classic"), rng=random.Random(2))
    path = tmp_path / "unseeded.json"
    record.dump(game, path)
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert result.stdout == "the record has no seed: its deals cannot be verified\n"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{", "the record is not valid JSON"),
        ('{"format": "pgn"}', "it is not a hearts record"),
        ("[]", "a record must be a JSON object"),
    ],
)
def test_verify_of_a_malformed_record_says_what_is_wrong(
    tmp_path: Path, content: str, reason: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    line = one_sentence(result.stderr)
    assert line.startswith(f"error: {path} is not a game record this version can verify: {reason}")


def test_verify_says_one_seat_does_not_hold_its_deal(tmp_path: Path) -> None:
    """Grammar: "seat 0 does not hold", "seats 0 and 1 do not hold"."""
    _, data = _saved(tmp_path, "two-handed", 6, 1)
    events: Any = data["events"]
    dealt = next(event for event in events if event["kind"] == "dealt")
    hand = dealt["hands"][0].split()
    hand[0], dealt["stock"][0] = dealt["stock"][0], hand[0]
    dealt["hands"][0] = " ".join(hand)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert "(seat 0 does not hold what the shuffle from the seed" in result.stdout
    assert "do not hold" not in result.stdout


@pytest.mark.parametrize("command", ["replay", "verify"])
def test_a_broken_string_in_a_record_is_named_once_at_its_line(
    tmp_path: Path, command: str
) -> None:
    path = tmp_path / "cut.json"
    path.write_text('{"format": "hearts-record",\n "variant": "mod', encoding="utf-8")
    result = runner.invoke(app, [command, str(path)])
    assert result.exit_code == 1
    assert one_sentence(result.stderr).endswith(
        "the record is not valid JSON: Unterminated string starting at line 2, column 13"
    )


@pytest.mark.parametrize("command", ["replay", "verify"])
@pytest.mark.parametrize(
    ("encoding", "found"),
    [
        ("utf-16", "UTF-16 (little-endian) text (it begins with that byte order mark)"),
        ("utf-16-be", "UTF-16 (big-endian) text, without a byte order mark"),
        ("utf-32", "UTF-32 (little-endian) text (it begins with that byte order mark)"),
    ],
)
def test_a_record_not_in_utf8_is_named_by_its_encoding(
    tmp_path: Path, command: str, encoding: str, found: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(record.dumps(Game(variants.get("modern"), seed=1)), encoding=encoding)
    result = runner.invoke(app, [command, str(path)])
    assert result.exit_code == 1
    assert one_sentence(result.stderr) == (
        f"error: {path} is not a game record this version can {command}: the record is not "
        f"UTF-8 JSON: it is {found}; save it as UTF-8"
    )


@pytest.mark.parametrize("command", ["replay", "verify"])
def test_a_record_with_a_utf8_byte_order_mark_is_read(tmp_path: Path, command: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(record.dumps(Game(variants.get("modern"), seed=1)), encoding="utf-8-sig")
    result = runner.invoke(app, [command, str(path)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("command", ["replay", "verify"])
@pytest.mark.parametrize("content", ['{"version": 99}', '{"version": 99, "moves": []}'])
def test_a_record_of_an_unread_version_says_which_versions_are_read(
    tmp_path: Path, command: str, content: str
) -> None:
    """The version is checked first: a record of another version may have other fields."""
    path = tmp_path / "future.json"
    path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, [command, str(path)])
    assert result.exit_code == 1
    assert one_sentence(result.stderr) == (
        f"error: {path} is not a game record this version can {command}: record field "
        "'version' is 99: this version of hearts reads versions 1 and 2 (a newer version of "
        "hearts wrote it?)"
    )
