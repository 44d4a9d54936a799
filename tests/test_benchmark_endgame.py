"""benchmarks/endgame.py: duplicate endgames of score-aware play against the plain expert."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from benchmark_scripts import load  # (tests/ is on the path)

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    return load("endgame")


def test_positions_start_a_hand_with_a_seat_near_the_target() -> None:
    # Rule: the game goes on while every total is under 100; a position is a hand's start.
    script = _script()
    found = script.positions(3, 80, seed=5)
    assert len(found) == 3
    for _, game in found:
        assert 80 <= max(game.scores) < 100 and not game.is_over
        assert all(game.deal.hand(seat).mask.bit_count() == 13 for seat in range(4))


def test_near_zero_starts_from_the_first_hand_of_each_game() -> None:
    found = _script().positions(2, 0, seed=3)
    assert [(game.hand_number, game.scores) for _, game in found] == [(0, (0, 0, 0, 0))] * 2


def test_one_position_is_played_out_five_times_and_counted_in_wins(tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    argv = ["--positions", "1", "--near", "90", "--samples", "2", "--out", str(out)]
    script = ROOT / "benchmarks" / "endgame.py"
    done = subprocess.run(
        [sys.executable, script, *argv], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "score-aware against plain, 1 endgames" in done.stdout
    assert "(one position: no interval)" in done.stdout and "nan" not in done.stdout
    run = json.loads(out.read_text())
    (position,) = run["positions"]
    games = [position["base"], *position["aware"]]
    for game in games:  # (every game ends with a winner: shares of one whole)
        assert sum(game["shares"]) == pytest.approx(1.0)
    gain = sum(position["aware"][s]["shares"][s] - position["base"]["shares"][s] for s in range(4))
    assert position["gain"] == pytest.approx(gain / 4)
    assert run["summary"]["positions"] == 1 and run["options"]["near"] == "90"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--near", "100"], "--near must be between 0 and 99"),
        (["--positions", "0"], "at least 1"),
        (["--hand-spread", "-1"], "--hand-spread must be 0 or more"),
    ],
)
def test_bad_options_are_a_sentence(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        _script().main(argv)
    assert message in capsys.readouterr().err
