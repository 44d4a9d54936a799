"""``hearts simulate`` and ``hearts arena`` (hearts.cli.runs): their output, their exit codes,
and one sentence for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import WIDE, one_sentence, runner

from hearts import record
from hearts.cli import app


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
def test_simulate_refuses_bad_options_inone_sentence(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2
    assert one_sentence(result.stderr).startswith(message)
    assert result.stdout == ""


def test_simulate_refuses_a_table_the_form_is_not_played_by() -> None:
    """Issue 3, bad input: Black Maria with five players is refused in one sentence, exit 2."""
    result = runner.invoke(app, ["simulate", "--variant", "black-maria", "--players", "5"])
    assert result.exit_code == 2
    line = one_sentence(result.stderr)
    assert line == "error: Black Maria is played by three or four players, not five"
    assert result.stdout == ""


def test_simulate_plays_a_form_at_another_table_it_allows() -> None:
    result = runner.invoke(
        app,
        ["simulate", "--variant", "black-maria", "--players", "4", "--games", "1", "--json"],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"] == 4


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
def test_arena_refuses_bad_options_inone_sentence(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["arena", "--deals", "1", *args])
    assert result.exit_code == 2
    assert one_sentence(result.stderr).startswith(message)
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
    assert one_sentence(result.stderr) == message
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
    assert one_sentence(result.stderr).startswith(message)
    assert result.stdout == ""


def test_arena_warns_when_fewer_workers_will_play_than_asked() -> None:
    result = runner.invoke(
        app, ["arena", "--deals", "1", "--workers", "6", "--bots", "random", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert one_sentence(result.stderr) == (
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
