"""training/: the scripts that make the expert's shipped models again (self-play, then NumPy
training) run end to end, repeat exactly for a seed, and refuse too little data in a sentence."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hearts import Game, variants
from hearts.bots.value import ValueModel, snapshot

TRAINING = Path(__file__).resolve().parents[1] / "training"


def _run(script: str, *args: object) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(TRAINING / script), *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)


def test_self_play_then_training_makes_models_the_expert_loads_and_repeats_for_a_seed(
    tmp_path: Path,
) -> None:
    games = tmp_path / "games"
    played = _run("selfplay.py", "--player", "basic", "--games", 20, "--workers", 1,
                  "--chunk", 20, "--seed", 1, "--out", games)  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert [part.name for part in games.iterdir()] == ["part-0-0000000.npz"]
    made = []
    for name in ("a.npz", "b.npz"):
        trained = _run("train.py", games, "--epochs", 1, "--hidden", 16, 8,
                       "--out", tmp_path / name)  # fmt: skip
        assert trained.returncode == 0, trained.stderr
        assert "held out" in trained.stderr and "20 games" in trained.stderr
        made.append((tmp_path / name).read_bytes())
    assert made[0] == made[1]  # the same data and options give the same weights
    tuned = _run("train.py", games, "--epochs", 1, "--hidden", 16, 8, "--init",
                 tmp_path / "a.npz", "--out", tmp_path / "c.npz")  # fmt: skip
    assert tuned.returncode == 0, tuned.stderr
    assert "held out: the starting weights' error" in tuned.stderr  # (what the tuning improves on)
    deal = Game(variants.get("modern"), seed=4).deal
    points = ValueModel.load(tmp_path / "a.npz").points([snapshot(deal)], [0])
    assert points.shape == (1, 4)


def test_too_few_games_to_hold_one_out_are_refused_in_a_sentence(tmp_path: Path) -> None:
    games = tmp_path / "games"
    played = _run("selfplay.py", "--player", "basic", "--games", 3, "--workers", 1,
                  "--seed", 1, "--out", games)  # fmt: skip
    assert played.returncode == 0, played.stderr
    trained = _run("train.py", games, "--epochs", 1, "--out", tmp_path / "m.npz")
    assert trained.returncode == 1
    assert "3 games are too few: the games numbered 19, 39, 59" in trained.stderr
    assert not (tmp_path / "m.npz").exists()


def test_a_model_file_that_is_not_one_is_refused_before_any_game(tmp_path: Path) -> None:
    bad = tmp_path / "model.npz"
    bad.write_text("not weights")
    played = _run("selfplay.py", "--player", "value", "--model", bad, "--games", 1,
                  "--workers", 1, "--out", tmp_path / "games")  # fmt: skip
    assert played.returncode == 2
    assert f"cannot read a value model from {bad}" in played.stderr
    assert "Traceback" not in played.stderr and not (tmp_path / "games").exists()
