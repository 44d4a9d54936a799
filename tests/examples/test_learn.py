"""examples/learn.py end to end on a tiny budget: it trains on the vector environment (the
weights move, a history is recorded), repeats exactly given its seed, and prints the arena's
table.

Whether the policy beats ``basic`` needs half an hour of training: examples/README.md has the
numbers of a full run. These tests check the plumbing, not the strength.
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


TINY = ("--updates", "3", "--envs", "4", "--steps", "8", "--minibatch", "16", "--hidden", "16")
"""Three PPO updates of 4 tables x 8 steps, a small network."""


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
    out = _learn(*TINY, "--deals", "2", "--seed", "3", "--save", str(path))
    return out, path


def test_training_moves_the_weights_and_records_its_history(
    trained: tuple[str, Path], tmp_path: Path
) -> None:
    """After three updates the network's weights differ from those it starts with (zero
    updates, the same seed), and each update's decisions, hands, points, entropy and value
    loss are recorded."""
    out, path = trained
    untrained = tmp_path / "untrained.npz"
    _learn(*TINY[2:], "--updates", "0", "--against", "", "--seed", "3", "--save", str(untrained))
    with np.load(path) as data, np.load(untrained) as start:
        for name in ("W1", "W2", "Wp", "Wv"):
            assert data[name].shape == start[name].shape
            assert not np.array_equal(data[name], start[name])
        assert data["decisions"].tolist() == [32, 64, 96]
        hands = data["hands"].tolist()
        assert hands == sorted(hands) and hands[-1] >= 4  # a hand is 13 cards and a pass
        for key in ("entropy", "value_loss"):
            assert data[key].shape == (3,) and np.isfinite(data[key]).all()
        # Near uniform at first: the entropy of a choice among several moves.
        assert data["entropy"][0] > 0.5
    assert "train: update     3" in out


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
    _learn(*TINY, "--deals", "1", "--against", "", "--seed", "3", "--save", str(again))
    with np.load(path) as first, np.load(again) as second:
        for name in ("W1", "b1", "W2", "b2", "Wp", "bp", "Wv", "bv", "points"):
            assert np.array_equal(first[name], second[name], equal_nan=True)
    loaded = _learn("--load", str(path), "--deals", "2", "--seed", "3")
    assert "train:" not in loaded
    assert ROW.findall(loaded) == ROW.findall(out)


def test_an_unknown_bot_to_measure_against_is_refused_before_any_training() -> None:
    """A misspelt ``--against`` is said in a sentence at once (exit 2, no traceback), not after
    minutes of training."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--updates", "100000", "--against", "random,expret"],
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
