"""``hearts review RECORD --seat N`` (hearts.tui.review): the table, the JSON, bad input."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hearts import Game, record, variants
from hearts.bots import BasicBot, play_game
from hearts.bots.review import Review, review
from hearts.cli import app

runner = CliRunner()


@functools.cache
def finished_game() -> Game:
    """A one-hand modern game of four basic players, finished."""
    game = Game(variants.get("modern").replace(end="deals", deals=1), seed=5)
    players = [BasicBot(seed=50 + seat) for seat in range(4)]
    play_game(game, players)
    return game


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    record.dump(finished_game(), path)
    return path


def _one_sentence(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    return lines[0]


def test_json_is_the_review_of_the_seat_counted_from_one(saved: Path) -> None:
    result = runner.invoke(
        app,
        [
            "review",
            str(saved),
            "--seat",
            "2",
            "--deals",
            "8",
            "--seed",
            "3",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert Review.from_dict(data) == review(finished_game(), 1, deals=8, seed=3)
    assert data["seat"] == 1 and data["deals"] == 8


def test_the_table_shows_each_decision_and_the_summary(saved: Path) -> None:
    result = runner.invoke(
        app, ["review", str(saved), "--seat", "1", "--deals", "8", "--workers", "1"]
    )
    assert result.exit_code == 0, result.stderr
    found = review(finished_game(), 0, deals=8, seed=0)
    assert "Seat 1: the expert's review" in result.stdout
    assert " ".join(found.summary.split()) in " ".join(result.stdout.split())
    assert "estimate" in result.stdout
    for name in ("hand", "trick", "made", "best", "cost", "mark"):
        assert name in result.stdout
    assert result.stdout.count(" pass ") >= 1  # (the pass, in the trick's column)


def test_two_workers_give_the_review_one_gives(saved: Path) -> None:
    args = ["review", str(saved), "--seat", "3", "--deals", "4", "--json"]
    two = runner.invoke(app, [*args, "--workers", "2"])
    assert two.exit_code == 0, two.stderr
    assert Review.from_dict(json.loads(two.stdout)) == review(finished_game(), 2, deals=4)


@pytest.mark.parametrize(
    ("args", "message", "code"),
    [
        (["--seat", "5"], "error: --seat must be 1 to 4 (the game in {path} seats 4)", 2),
        (["--seat", "0"], "error: --seat must be 1 to 4", 2),
        (["--seat", "1", "--deals", "3"], "error: --deals must be 4 to 100,000, not 3", 2),
        (["--seat", "1", "--workers", "0"], "error: --workers must be 1 to 64, not 0", 2),
        (["--seat", "1", "--seed", str(2**64)], "error: --seed must be a 64-bit whole number", 2),
    ],
)
def test_bad_options_are_refused_in_one_sentence(
    saved: Path, args: list[str], message: str, code: int
) -> None:
    result = runner.invoke(app, ["review", str(saved), *args])
    assert result.exit_code == code
    assert _one_sentence(result.stderr).startswith(message.format(path=saved))
    assert result.stdout == ""


def test_a_missing_file_a_non_record_and_an_unfinished_game_are_refused(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["review", str(tmp_path / "none.json"), "--seat", "1"])
    assert missing.exit_code == 1
    assert _one_sentence(missing.stderr) == f"error: there is no file {tmp_path / 'none.json'}"
    bad = tmp_path / "bad.json"
    bad.write_text("[]", encoding="utf-8")
    result = runner.invoke(app, ["review", str(bad), "--seat", "1"])
    assert result.exit_code == 1
    assert _one_sentence(result.stderr).startswith(
        f"error: {bad} is not a game record this version can review"
    )
    game = Game(variants.get("modern"), seed=2)
    for _ in range(10):
        game.play(game.legal_moves()[0], game.to_act)
    unfinished = tmp_path / "unfinished.json"
    record.dump(game, unfinished)
    result = runner.invoke(app, ["review", str(unfinished), "--seat", "1"])
    assert result.exit_code == 1
    assert _one_sentence(result.stderr) == (
        f"error: the game in {unfinished} is not finished: only a finished game is reviewed"
    )
