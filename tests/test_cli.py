"""The ``hearts`` command (hearts.cli): its output, its exit codes, and one sentence for bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hearts import Game, record, variants
from hearts.cli import app, main

runner = CliRunner()
WIDE = {"COLUMNS": "300"}


def _one_sentence(stderr: str) -> str:
    """The last line of stderr, checked to be the only error line and no traceback."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert "Traceback" not in stderr
    assert len(lines) == 1, stderr
    return lines[0]


def test_main_is_the_console_entry_point() -> None:
    assert callable(main)


def test_no_command_shows_the_commands() -> None:
    result = runner.invoke(app, [])
    for command in ("variants", "simulate", "replay"):
        assert command in result.output


def test_variants_lists_every_preset_with_its_rule_summary() -> None:
    result = runner.invoke(app, ["variants"], env=WIDE)
    assert result.exit_code == 0
    for preset in variants.VARIANTS.values():
        assert preset.name in result.stdout
        assert preset.summary in result.stdout


def test_simulate_prints_each_seats_wins_totals_points_per_hand_and_moons() -> None:
    result = runner.invoke(
        app,
        ["simulate", "--games", "3", "--seed", "1", "--bots", "basic,random,basic,random"],
        env=WIDE,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    for heading in ("Seat", "Bot", "Wins", "Mean final points", "Points per hand", "Moons"):
        assert heading in out
    assert "modern: 3 games, seed 1" in out
    assert out.count("basic") == 2 and out.count("random") == 2
    assert "hands played" in out


def test_simulate_json_reports_every_seat() -> None:
    result = runner.invoke(app, ["simulate", "--variant", "classic", "--games", "4", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["variant"] == "classic" and summary["games"] == 4
    assert summary["unit"] == "counters"
    assert [seat["bot"] for seat in summary["seats"]] == ["basic"] * 4
    assert sum(seat["wins"] for seat in summary["seats"]) >= 4
    assert summary["hands"] >= 4


def test_simulate_json_matches_the_games_it_played(tmp_path: Path) -> None:
    """The figures are those of the games saved: game i dealt from seed + i."""
    result = runner.invoke(
        app,
        [
            "simulate",
            "--variant",
            "simple",
            "--games",
            "3",
            "--seed",
            "5",
            "--bots",
            "random",
            "--json",
            "--save",
            str(tmp_path),
        ],
    )
    summary = json.loads(result.stdout)
    games = [record.load(path) for path in sorted(tmp_path.iterdir())]
    assert [game.seed for game in games] == [5, 6, 7]
    assert summary["hands"] == sum(game.hand_number + 1 for game in games)
    for seat in range(4):
        assert summary["seats"][seat]["wins"] == sum(seat in game.winners() for game in games)
        mean = sum(game.scores[seat] for game in games) / 3
        assert summary["seats"][seat]["mean_total"] == pytest.approx(mean, abs=1e-3)


def test_seeded_simulate_repeats_exactly() -> None:
    args = ["simulate", "--games", "3", "--seed", "7", "--bots", "random"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == second.exit_code == 0
    assert first.stdout == second.stdout
    other = runner.invoke(app, ["simulate", "--games", "3", "--seed", "8", "--bots", "random"])
    assert other.stdout != first.stdout


def test_simulate_with_other_player_counts() -> None:
    result = runner.invoke(
        app, ["simulate", "--variant", "classic", "--players", "3", "--games", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["players"] == 3 and len(summary["seats"]) == 3


def test_simulate_saves_records_that_replay(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    result = runner.invoke(
        app,
        [
            "simulate",
            "--variant",
            "two-handed",
            "--games",
            "2",
            "--seed",
            "3",
            "--save",
            str(folder),
        ],
    )
    assert result.exit_code == 0, result.output
    files = sorted(folder.iterdir())
    assert [file.name for file in files] == ["game-0001.json", "game-0002.json"]
    assert record.load(files[1]).seed == 4
    replayed = runner.invoke(app, ["replay", str(files[0])])
    assert replayed.exit_code == 0
    assert replayed.stdout.startswith("Hearts: two-handed")
    assert "Game over after" in replayed.stdout


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


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "modren"], "error: there is no variant 'modren'; did you mean modern?"),
        (["--games", "0"], "error: --games must be at least 1, not 0"),
        (["--bots", "basic,expert9"], "error: there is no bot 'expert9'"),
        (["--bots", "basic,random"], "error: --bots names 2 bots for 4 seats"),
        (["--players", "9"], "error: players=9 is not allowed"),
        (["--players", "1"], "error: players=1 is not allowed"),
        (
            ["--variant", "black-ladyy"],
            "error: there is no variant 'black-ladyy'; did you mean black-lady?",
        ),
        (["--variant", "zzz"], "error: there is no variant 'zzz'; choose from: modern, classic, "),
        (["--bots", "expret"], "error: there is no bot 'expret'; did you mean expert?"),
        (
            ["--variant", "two-handed", "--players", "4"],
            "error: Two-handed Hearts is played by two",
        ),
        (["--think", "nan"], "error: --think must be a positive number of seconds, not nan"),
        (["--samples", "-3"], "error: --samples must be at least 1, not -3"),
    ],
)
def test_simulate_refuses_bad_options_in_one_sentence(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2
    assert _one_sentence(result.stderr).startswith(message)
    assert result.stdout == ""


@pytest.mark.parametrize("command", ["replay", "verify"])
def test_a_missing_file_says_so(tmp_path: Path, command: str) -> None:
    result = runner.invoke(app, [command, str(tmp_path / "nothing.json")])
    assert result.exit_code == 1
    assert _one_sentence(result.stderr) == f"error: there is no file {tmp_path / 'nothing.json'}"


@pytest.mark.parametrize("command", ["replay", "verify"])
def test_a_directory_given_as_a_record_says_so(tmp_path: Path, command: str) -> None:
    result = runner.invoke(app, [command, str(tmp_path)])
    assert result.exit_code == 1
    assert _one_sentence(result.stderr) == f"error: {tmp_path} is a directory, not a game record"


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
    line = _one_sentence(result.stderr)
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


def test_simulate_refuses_a_table_the_form_is_not_played_by() -> None:
    """Issue 3, bad input: Black Maria with five players is refused in one sentence, exit 2."""
    result = runner.invoke(app, ["simulate", "--variant", "black-maria", "--players", "5"])
    assert result.exit_code == 2
    line = _one_sentence(result.stderr)
    assert line == "error: Black Maria is played by three or four players, not five"
    assert result.stdout == ""


def test_simulate_plays_a_form_at_another_table_it_allows() -> None:
    result = runner.invoke(
        app,
        ["simulate", "--variant", "black-maria", "--players", "4", "--games", "1", "--json"],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"] == 4


def test_variants_lists_the_tables_each_form_allows_and_its_other_names() -> None:
    result = runner.invoke(app, ["variants"], env=WIDE)
    assert result.exit_code == 0
    assert "another name for modern" in result.stdout
    row = next(line for line in result.stdout.splitlines() if " black-maria " in line)
    assert "3 (3, 4)" in row


# --- hearts verify ----------------------------------------------------------------------------


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
    path = Path(__file__).resolve().parent / "data" / "games" / "modern.json"
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 0 and "✗" not in result.stdout


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
    assert _one_sentence(result.stderr).startswith(
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
    line = _one_sentence(result.stderr)
    assert line.startswith(f"error: {path} is not a game record this version can verify: {reason}")


def test_simulate_by_the_laws_plays_gathers_and_saves_records_that_replay(tmp_path: Path) -> None:
    """docs/laws.md: --laws plays the preset by the laws at a real table (bots never revoke;
    each hand waits for every seat to let the cards be gathered)."""
    folder = tmp_path / "laws"
    args = ["simulate", "--variant", "classic", "--games", "1", "--seed", "2", "--laws"]
    result = runner.invoke(app, [*args, "--save", str(folder)])
    assert result.exit_code == 0, result.output
    assert "classic by the laws" in result.output
    game = record.load(folder / "game-0001.json")
    assert game.rules.laws
    assert any(event.kind == "gathered" for event in game.events)
    assert not any(event.kind == "revoked" for event in game.events)
    assert runner.invoke(app, ["replay", str(folder / "game-0001.json")]).exit_code == 0


def test_arena_prints_a_row_per_bot() -> None:
    result = runner.invoke(
        app,
        ["arena", "--bots", "basic,random,random,random", "--deals", "4", "--seed", "1"],
        env=WIDE,
    )
    assert result.exit_code == 0, result.output
    assert "modern: 4 duplicate deals × 4 rotations, seed 1" in result.stdout
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines() if line.strip()}
    assert rows["basic"][1:3] == ["1", "16"] and rows["random"][1:3] == ["3", "48"]
    assert "points taken per hand, lower is better" in result.stdout


def test_arena_json_has_every_bot_and_repeats_exactly() -> None:
    args = ["arena", "--variant", "classic", "--bots", "basic,random,basic,random"]
    args += ["--deals", "3", "--seed", "2", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [entry["bot"] for entry in data["stats"]] == ["basic", "random"]
    assert data["unit"] == "counters" and data["higher_is_better"] is True
    assert data["hands"] == 12 and all(entry["hands"] == 24 for entry in data["stats"])
    assert set(data["stats"][0]) >= {"per_hand", "margin", "moons_for", "moons_against"}
    assert runner.invoke(app, [*args, "--workers", "2"]).stdout == result.stdout


def test_arena_plays_a_form_at_another_table() -> None:
    result = runner.invoke(
        app,
        [
            *("arena", "--variant", "black-maria", "--players", "4"),
            *("--bots", "basic", "--deals", "1", "--json"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"] == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "basic,nobody,basic,basic"], "error: there is no bot 'nobody'"),
        (["--bots", "basic,random"], "error: --bots names 2 bots for 4 seats"),
        (["--deals", "0"], "error: --deals must be at least 1, not 0"),
        (["--workers", "0"], "error: --workers must be at least 1, not 0"),
        (["--think", "0"], "error: --think must be a positive number of seconds, not 0.0"),
        (["--samples", "0"], "error: --samples must be at least 1, not 0"),
        (["--bots", "basic", "--players", "9"], "error: players=9 is not allowed"),
        (["--variant", "modren"], "error: there is no variant 'modren'; did you mean modern?"),
        (
            ["--bots", "basic,basic,basik,basic"],
            "error: there is no bot 'basik'; did you mean basic?",
        ),
    ],
)
def test_arena_refuses_bad_options_in_one_sentence(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["arena", "--deals", "1", *args])
    assert result.exit_code == 2
    assert _one_sentence(result.stderr).startswith(message)
    assert result.stdout == ""


def test_simulate_gives_the_searching_bots_their_budget() -> None:
    """--samples makes a run with the expert repeat exactly; a budget that is none is refused."""
    args = ["simulate", "--variant", "simple", "--games", "1", "--seed", "4", "--json"]
    args += ["--bots", "expert,basic,basic,basic", "--samples", "3"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert json.loads(first.output) == json.loads(second.output)
    refused = runner.invoke(app, ["simulate", "--think", "0"])
    assert refused.exit_code == 2
    assert "--think must be a positive number of seconds, not 0.0" in refused.output
