"""examples/learn.py end to end on a tiny budget: it trains (the weights move from zero, a
history is recorded), repeats exactly given its seed, and prints the arena's table.

Whether the policy beats ``random`` needs minutes of training: examples/README.md has the
numbers of a full run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "learn.py"
ROW = re.compile(
    r"^(?P<bot>\w+) +(?P<hands>\d+) +(?P<mean>[\d.]+) ± [\d.]+ +(?P<margin>[+-][\d.]+) ± "
    r"[\d.]+ +\[(?P<low>[+-][\d.]+), (?P<high>[+-][\d.]+)\]$",
    re.MULTILINE,
)
RESULT = re.compile(r"^result: learned vs (\w+): margin ([+-][\d.]+) points a hand", re.MULTILINE)


def _learn(*args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    path = tmp_path_factory.mktemp("learn") / "weights.npz"
    out = _learn(
        "--episodes", "24", "--batch", "8", "--deals", "2", "--seed", "3", "--save", str(path)
    )
    return out, path


def test_training_moves_the_weights_and_records_its_history(trained: tuple[str, Path]) -> None:
    """The policy starts at zero (uniform over the legal actions): after three batches its
    weights and baseline have moved, and each batch's episodes, reward, loss and entropy are
    recorded."""
    out, path = trained
    with np.load(path) as data:
        assert np.abs(data["weights"]).sum() > 0 and np.abs(data["value"]).sum() > 0
        assert data["episodes"].tolist() == [8, 16, 24]
        for key in ("reward", "loss", "entropy"):
            assert data[key].shape == (3,) and np.isfinite(data[key]).all()
        # Uniform at first: the first batch's entropy is that of a choice among several moves.
        assert data["entropy"][0] > 0.5
    assert "train:     24 hands" in out


def test_the_arena_table_parses_with_a_row_per_bot(trained: tuple[str, Path]) -> None:
    """Against random, then basic: a row per bot (1 learned seat and 3 others, 2 deals × 4
    rotations), the margins as the arena defines them, and the verdict line."""
    out, _ = trained
    rows = [match.groupdict() for match in ROW.finditer(out)]
    assert [(row["bot"], int(row["hands"])) for row in rows] == [
        ("learned", 8),
        ("random", 24),
        ("learned", 8),
        ("basic", 24),
    ]
    for row in rows:
        assert float(row["low"]) <= float(row["margin"]) <= float(row["high"])
    # One learned seat of four: its margin is minus three times the others' (they sum to zero).
    for learned, other in (rows[0:2], rows[2:4]):
        assert float(learned["margin"]) == pytest.approx(-3 * float(other["margin"]), abs=0.01)
    assert [(bot, float(m)) for bot, m in RESULT.findall(out)] == [
        ("random", float(rows[0]["margin"])),
        ("basic", float(rows[2]["margin"])),
    ]


def test_a_seed_repeats_exactly_and_loaded_weights_play_as_saved(
    trained: tuple[str, Path], tmp_path: Path
) -> None:
    """The same seed and budget give the same weights; weights loaded (no more training) give
    the same arena numbers."""
    out, path = trained
    again = tmp_path / "again.npz"
    _learn(
        "--episodes",
        "24",
        "--batch",
        "8",
        "--deals",
        "1",
        "--against",
        "",
        "--seed",
        "3",
        "--save",
        str(again),
    )
    with np.load(path) as first, np.load(again) as second:
        assert np.array_equal(first["weights"], second["weights"])
    loaded = _learn("--load", str(path), "--deals", "2", "--seed", "3")
    assert "train:" not in loaded
    assert ROW.findall(loaded) == ROW.findall(out)


def test_an_unknown_bot_to_measure_against_is_refused_before_any_training() -> None:
    """A misspelt ``--against`` is said in a sentence at once (exit 2, no traceback), not after
    minutes of training."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--episodes", "100000", "--against", "random,expret"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "--against: there is no bot 'expret'; did you mean expert?" in done.stderr
    assert "Traceback" not in done.stderr and "train:" not in done.stdout
