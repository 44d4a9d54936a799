"""The ``hearts`` command (hearts.cli): its output, its exit codes, and one sentence for bad input."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
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


def test_variants_at_80_columns_cuts_no_summary() -> None:
    """At 80 columns the summaries wrap, and a word too long for its column folds: no
    summary loses its end to an ellipsis."""
    result = runner.invoke(app, ["variants"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert "…" not in result.stdout
    assert all(len(line) <= 80 for line in result.stdout.splitlines())


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
    assert "The game is over after" in replayed.stdout


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


def test_simulate_seats_the_levels_by_name_and_a_misspelt_one_gets_a_suggestion() -> None:
    """The levels (hearts.bots.levels) are names of bots like the others on the command line."""
    args = ["simulate", "--variant", "simple", "--games", "1", "--seed", "4", "--json"]
    result = runner.invoke(app, [*args, "--bots", "hard,medium,easy,basic", "--samples", "2"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"] == 1
    wrong = runner.invoke(app, [*args, "--bots", "hrad"])
    assert wrong.exit_code == 2
    assert "there is no bot 'hrad'; did you mean hard?" in wrong.stderr


# --- Ctrl+C: a real process, a real SIGINT (issue 12, item 2) ---------------------------------

ROOT = Path(__file__).resolve().parents[1]
_TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name (state, ppid, ...), or None when
    the process is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def _descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (its children, theirs, ...), read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None:
                parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _alive(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def _cpu_seconds(pid: int) -> float:
    """CPU time a process has used (user and system), 0 once it is gone."""
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / _TICKS


def _start(*args: str) -> subprocess.Popen[str]:
    """``python -m hearts ARGS`` from this tree's sources, in a wide terminal."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "200"}
    return subprocess.Popen(
        [sys.executable, "-m", "hearts", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _interrupt(
    process: subprocess.Popen[str], workers: int, busy: float
) -> tuple[float, str, str, set[int]]:
    """Wait until ``workers`` worker processes (the command itself when 0) have each spent
    ``busy`` seconds of CPU playing, send one SIGINT to the command alone, and return how long it
    took to end, its stdout and stderr, and the processes it had started."""
    deadline = time.monotonic() + 120
    while True:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the command never got to work"
        children = _descendants(process.pid)
        workers_seen = (
            [pid for pid in children if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_text()]
            if workers
            else [process.pid]
        )
        if len(workers_seen) >= max(workers, 1) and all(
            _cpu_seconds(pid) >= busy for pid in workers_seen
        ):
            break
        time.sleep(0.1)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    try:
        stdout, stderr = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:  # it went on: end it and what it started, then fail
        for pid in [*children, process.pid]:
            os.kill(pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("one Ctrl+C did not stop the command within 30 s")
    return time.monotonic() - sent, stdout, stderr, children


def _gone(pids: set[int]) -> set[int]:
    """The processes of ``pids`` still alive after a few seconds' grace (none, it is hoped)."""
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return {pid for pid in pids if _alive(pid)}


def test_ctrl_c_stops_an_arena_on_two_workers_at_once_with_its_partial_results() -> None:
    """One SIGINT: the workers stop, none is left, the deals every rotation finished are shown
    as partial, the message says it was interrupted, exit 130, no traceback."""
    process = _start(
        *("arena", "--workers", "2", "--deals", "5000", "--seed", "3"),
        *("--bots", "basic,random,random,random"),
    )
    took, stdout, stderr, children = _interrupt(process, workers=2, busy=1.5)
    assert process.returncode == 130, stderr
    assert took < 5
    assert "Traceback" not in stdout + stderr
    assert len(children) >= 2
    assert _gone(children) == set()
    match = re.search(
        r"modern: (\d+) duplicate deals? × 4 rotations, seed 3 \(partial: "
        r"interrupted after (\d+) of 5000\)",
        " ".join(stdout.split()),  # the title may wrap
    )
    assert match is not None, stdout
    assert match[1] == match[2] and int(match[1]) >= 1
    assert re.search(r"^ basic +1 ", stdout, re.MULTILINE)
    assert stderr.strip().splitlines()[-1] == (
        f"interrupted: stopped by Ctrl+C after {match[1]} deals of 5000; the results are those "
        f"of the {match[1]} deals every rotation had finished"
    )


def test_ctrl_c_stops_an_arena_without_workers_with_its_partial_results() -> None:
    process = _start("arena", "--deals", "5000", "--bots", "basic,random,random,random", "--json")
    took, stdout, stderr, _ = _interrupt(process, workers=0, busy=2.5)
    assert process.returncode == 130, stderr
    assert took < 5 and "Traceback" not in stdout + stderr
    data = json.loads(stdout)
    assert data["interrupted"] is True and data["planned_deals"] == 5000
    assert 1 <= data["deals"] < 5000 and data["hands"] == 4 * data["deals"]
    assert stderr.strip().splitlines()[-1].startswith("interrupted: stopped by Ctrl+C after ")


def test_ctrl_c_stops_simulate_with_the_games_it_finished() -> None:
    process = _start("simulate", "--games", "100000", "--seed", "5", "--bots", "basic")
    took, stdout, stderr, _ = _interrupt(process, workers=0, busy=2.5)
    assert process.returncode == 130, stderr
    assert took < 5 and "Traceback" not in stdout + stderr
    match = re.search(
        r"modern: (\d+) games?, seed 5 \(partial: interrupted after (\d+) of "
        r"100000\)",
        " ".join(stdout.split()),  # the title may wrap
    )
    assert match is not None, stdout
    assert match[1] == match[2] and int(match[1]) >= 1
    assert "Mean final points" in stdout
    assert stderr.strip().splitlines()[-1] == (
        f"interrupted: stopped by Ctrl+C after {match[1]} games of 100000; the results are "
        f"those of the {match[1]} games finished"
    )


@pytest.mark.parametrize(
    ("command", "target"),
    [
        (["variants"], "hearts.cli.variants.aliases_of"),
        (["replay", "RECORD"], "hearts.cli.record.loads"),
        (["verify", "RECORD"], "hearts.cli.verify.verify_text"),
    ],
)
def test_ctrl_c_in_any_command_says_it_was_interrupted_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], target: str
) -> None:
    """The quick commands too: Ctrl+C (a KeyboardInterrupt where they are working) ends them
    in a sentence, exit 130, no traceback."""
    path = tmp_path / "game.json"
    record.dump(Game(variants.get("modern"), seed=1), path)

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(target, interrupted)
    result = runner.invoke(app, [str(path) if arg == "RECORD" else arg for arg in command])
    assert result.exit_code == 130
    assert _one_sentence(result.stderr) == ("interrupted: stopped by Ctrl+C before it was finished")


def test_ctrl_c_before_the_first_game_is_finished_says_there_are_no_results(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def interrupted(*args: object, **options: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("hearts.cli.runs._play", interrupted)
    result = runner.invoke(app, ["simulate", "--games", "3"])
    assert result.exit_code == 130 and result.stdout == ""
    assert _one_sentence(result.stderr) == (
        "interrupted: stopped by Ctrl+C before the first of 3 games was finished"
    )


# --- the command line's small things (issue 12, item 10) --------------------------------------


@pytest.mark.parametrize(
    "command", [[], ["simulate"], ["arena"], ["play"], ["replay"], ["verify"], ["variants"]]
)
def test_help_shows_no_value_after_a_flag(command: list[str]) -> None:
    """--json, --resume, --laws, --no-color, --help take no value: the help shows none."""
    result = runner.invoke(app, [*command, "--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "--help" in result.stdout
    assert "<bool>" not in result.stdout
    flags = {"simulate": ["--json", "--laws"], "arena": ["--json"], "play": ["--resume"]}
    for flag in flags.get(command[0] if command else "", []):
        line = next(line for line in result.stdout.splitlines() if f" {flag} " in line)
        assert re.search(rf"{flag} +[A-Z]", line), line  # straight on to its help
    assert "<int>" in result.stdout or command in ([], ["variants"], ["replay"], ["verify"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--samples", "2", "--bots", "basic"],
            "error: --samples is for the bots that search (expert and ismcts; the levels medium "
            "and hard), and --bots names none of them (basic)",
        ),
        (
            ["--think", "1", "--bots", "basic,random,basic,random"],
            "error: --think is for the bots that search (expert and ismcts; the levels medium "
            "and hard), and --bots names none of them (basic, random)",
        ),
        (["--think", "1e308"], "error: --think must be at most 600 seconds a move, not 1e+308"),
        (["--think", "inf"], "error: --think must be at most 600 seconds a move, not inf"),
        (["--think", "-1"], "error: --think must be a positive number of seconds, not -1.0"),
        (["--samples", "1000001"], "error: --samples must be at most 100000, not 1000001"),
        (
            ["--think", "1", "--samples", "3", "--bots", "expert"],
            "error: give --think or --samples, not both: with --samples the bots search that "
            "many deals a move, however long it takes",
        ),
        (["--games", "1000001"], "error: --games must be at most 1000000, not 1000001"),
        (["--games", "-2"], "error: --games must be at least 1, not -2"),
        (
            ["--seed", str(2**63)],
            "error: --seed must be a whole number from -9223372036854775808 to "
            f"9223372036854775807, not {2**63}",
        ),
        (
            ["--seed", str(2**63 - 2), "--games", "3"],
            f"error: --seed {2**63 - 2} with 3 games runs past the largest seed, "
            f"{2**63 - 1}: give a seed of at most {2**63 - 3}",
        ),
    ],
)
def test_simulate_refuses_absurd_or_idle_options_in_a_sentence(
    args: list[str], message: str
) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2
    assert _one_sentence(result.stderr) == message
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--samples", "2"],
            "error: --samples is for the bots that search (expert and ismcts; the levels medium "
            "and hard), and --bots names none of them (basic, random)",
        ),
        (["--think", "1e308"], "error: --think must be at most 600 seconds a move, not 1e+308"),
        (["--deals", "1000001"], "error: --deals must be at most 1000000, not 1000001"),
        (["--workers", "100000"], "error: --workers must be at most "),
        (["--seed", str(-(2**63) - 1)], "error: --seed must be a whole number from "),
    ],
)
def test_arena_refuses_absurd_or_idle_options_in_a_sentence(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["arena", "--deals", "1", *args])
    assert result.exit_code == 2
    assert _one_sentence(result.stderr).startswith(message)
    assert result.stdout == ""


def test_play_refuses_an_absurd_think_before_it_starts() -> None:
    result = runner.invoke(app, ["play", "--think", "1e308"])
    assert result.exit_code == 2
    assert _one_sentence(result.stderr) == (
        "error: --think must be at most 600 seconds a move, not 1e+308"
    )


def test_arena_warns_when_fewer_workers_will_play_than_asked() -> None:
    result = runner.invoke(
        app, ["arena", "--deals", "1", "--workers", "6", "--bots", "random", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert _one_sentence(result.stderr) == (
        "warning: --workers 6: the arena plays 4 rotations, one process each at most, so 4 "
        "processes will play"
    )
    assert json.loads(result.stdout)["hands"] == 4


def test_simulate_shows_a_moons_column_only_for_a_form_with_a_moon() -> None:
    """Classic has no moon: no Moons column (its JSON still says how many: none)."""
    classic = runner.invoke(app, ["simulate", "--variant", "classic", "--games", "2"], env=WIDE)
    assert classic.exit_code == 0, classic.output
    assert "Moons" not in classic.stdout and "Mean final counters" in classic.stdout
    modern = runner.invoke(app, ["simulate", "--games", "2"], env=WIDE)
    assert "Moons" in modern.stdout


def test_arena_shows_moons_and_queen_columns_only_for_a_form_that_has_them() -> None:
    args = ["arena", "--deals", "2", "--bots", "basic,random,random,random"]
    classic = runner.invoke(app, [*args, "--variant", "classic"], env=WIDE)
    assert classic.exit_code == 0, classic.output
    assert "Moons" not in classic.stdout and "Q♠" not in classic.stdout
    assert "Games" in classic.stdout
    black_lady = runner.invoke(app, [*args, "--variant", "black-lady-hoyle"], env=WIDE)
    assert "Moons" not in black_lady.stdout and "Q♠" in black_lady.stdout
    modern = runner.invoke(app, args, env=WIDE)
    assert "Moons" in modern.stdout and "Q♠" in modern.stdout


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
    assert _one_sentence(result.stderr).endswith(
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
    assert _one_sentence(result.stderr) == (
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
    assert _one_sentence(result.stderr) == (
        f"error: {path} is not a game record this version can {command}: record field "
        "'version' is 99: this version of hearts reads versions 1 and 2 (a newer version of "
        "hearts wrote it?)"
    )


def test_serve_refuses_a_database_it_cannot_use_in_one_sentence() -> None:
    """`hearts serve` with a URL of another kind of database, or of none, says so and starts
    nothing (exit 1), with no traceback."""
    for url, words in (
        ("bogus://x", "is a bogus database"),
        ("nonsense", "is not a database URL"),
    ):
        result = runner.invoke(app, ["serve", "--database-url", url])
        assert result.exit_code == 1, result.output
        assert words in result.output and "Traceback" not in result.output


def test_serve_on_a_port_in_use_says_so_in_one_sentence_and_fails(tmp_path: Path) -> None:
    """`hearts serve` binds its port before it says it serves: a port another program holds
    is refused in one sentence, exit 1, nothing said about serving."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        url = f"sqlite:///{tmp_path / 'tables.db'}"
        result = runner.invoke(
            app, ["serve", "--port", str(port), "--bot-workers", "0", "--database-url", url]
        )
    assert result.exit_code == 1, result.output
    assert _one_sentence(result.stderr) == (
        f"error: port {port} on 127.0.0.1 is in use by another program (another hearts "
        "serve?): stop it, or choose another port with --port"
    )


def _serve(*arguments: str) -> tuple[subprocess.Popen[str], int]:
    """A real `hearts serve` on a free port, once it says where it serves: it and its port."""
    import select

    server = subprocess.Popen(
        [sys.executable, "-m", "hearts", "serve", "--port", "0", "--bot-workers", "0", *arguments],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert server.stderr is not None
    deadline = time.monotonic() + 60
    said = ""
    while "Ctrl+C stops it" not in said:
        assert time.monotonic() < deadline and server.poll() is None, said
        if select.select([server.stderr], [], [], 1.0)[0]:
            said += server.stderr.readline()
    found = re.search(r"http://localhost:(\d+)/", said)
    assert found, said
    return server, int(found[1])


def _stop(server: subprocess.Popen[str]) -> None:
    os.killpg(server.pid, signal.SIGINT)  # (as Ctrl+C)
    try:
        server.wait(timeout=60)
    finally:
        if server.poll() is None:  # pragma: no cover - it did not stop
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def test_a_second_serve_on_the_same_store_is_refused_in_one_sentence(tmp_path: Path) -> None:
    """While a `hearts serve` runs on a SQLite store, a second on the same store would serve
    tables the first has moved on: it is refused in one sentence naming the first's process,
    exit 1; once the first has stopped, the store may be served again."""
    import urllib.request

    url = f"sqlite:///{tmp_path / 'tables.db'}"
    first, port = _serve("--database-url", url)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=60) as answer:
            assert json.loads(answer.read())["ok"] is True
        try:  # (a second server that is not refused would serve until stopped)
            second = ["serve", "--port", "0", "--bot-workers", "0", "--database-url", url]
            result = subprocess.run(
                [sys.executable, "-m", "hearts", *second],
                capture_output=True,
                text=True,
                timeout=60,
            )
        except subprocess.TimeoutExpired as error:
            raise AssertionError("the second server was not refused") from error
        assert result.returncode == 1, result.stderr
        assert _one_sentence(result.stderr) == (
            f"error: the database {tmp_path / 'tables.db'} is in use by another hearts serve "
            f"(process {first.pid}): stop that one first, or give this one another "
            "--database-url"
        )
    finally:
        _stop(first)
    again, _ = _serve("--database-url", url)
    _stop(again)


def test_serve_believes_forwarded_addresses_only_from_the_proxies_it_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """uvicorn believes X-Forwarded-For from 127.0.0.1 unless told otherwise: `hearts serve`
    believes none by default, and those of --forwarded-allow-ips when given; its limits reach
    the app."""
    import uvicorn

    ran: list[Any] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: ran.append(self.config))
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    base = ["serve", "--port", "0", "--bot-workers", "0", "--database-url", url]
    assert runner.invoke(app, base).exit_code == 0
    more = ["--forwarded-allow-ips", "10.0.0.1, 10.1.0.0/16", "--table-burst", "3"]
    more += ["--claim-time", "60", "--allowed-host", "hearts.example.org"]
    more += ["--no-daily-event", "--review-deals", "40"]
    assert runner.invoke(app, base + more).exit_code == 0
    plain, proxied = ran
    assert plain.proxy_headers is False
    assert proxied.proxy_headers is True and proxied.forwarded_allow_ips == [
        "10.0.0.1",
        "10.1.0.0/16",
    ]
    config = proxied.app.edge_config
    assert config.table_burst == 3 and config.claim_time == 60
    assert not config.daily_event and config.review_deals == 40
    assert plain.app.edge_config.daily_event and plain.app.edge_config.review_deals is None
    assert "hearts.example.org" in config.allowed_hosts
    assert plain.app.edge_config.forwarded_allow_ips == ()


def test_serve_with_a_redis_on_a_sqlite_store_is_refused_in_one_sentence(tmp_path: Path) -> None:
    """Several processes share a PostgreSQL store: --redis-url with SQLite is refused in one
    sentence, exit 1, before anything is served; a URL that is not Redis's is refused too."""
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    base = ["serve", "--port", "0", "--bot-workers", "0", "--database-url", url]
    result = runner.invoke(app, [*base, "--redis-url", "redis://127.0.0.1:6379/0"])
    assert result.exit_code == 1
    assert _one_sentence(result.output) == (
        "error: several processes (--redis-url) share a PostgreSQL store: give --database-url "
        "postgresql+psycopg://user:password@host/database"
    )
    result = runner.invoke(app, [*base, "--redis-url", "http://127.0.0.1:6379"])
    assert result.exit_code == 1
    assert "redis_url must be a Redis URL" in result.output


def test_serve_with_a_redis_that_does_not_answer_is_refused_in_one_sentence() -> None:
    """Several processes need their Redis: one that does not answer (nothing listens on the
    port) is said in one sentence, exit 1, before anything is served, not a wait and a
    traceback."""
    from tests.server.conftest import postgres_url
    from tests.server.processes import free_port

    port = free_port()
    base = ["serve", "--port", "0", "--bot-workers", "0", "--database-url", postgres_url()]
    result = runner.invoke(app, [*base, "--redis-url", f"redis://127.0.0.1:{port}/0"])
    assert result.exit_code == 1
    line = _one_sentence(result.output)
    assert line.startswith(f"error: cannot reach Redis at redis://127.0.0.1:{port}/0 (")
    assert line.endswith("): start it, or give another --redis-url")
