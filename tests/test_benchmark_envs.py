"""benchmarks/envs.py --sim --before: OpenSpiel's random simulation test timed in fresh
processes of another engine's tree and of this one, in turn, and the ratio printed; a folder
that holds no engine is refused in a sentence."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "envs.py"


def test_before_and_now_times_each_tree_and_prints_the_ratio() -> None:
    done = subprocess.run(
        [
            *(sys.executable, str(SCRIPT), "--sim", "--before", str(ROOT / "src")),
            *("--presets", "two-handed", "--sims", "1", "--rounds", "1"),
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stdout.splitlines() if "two-handed" in line)
    before, now, faster = line.split()[1:]
    assert float(before) > 0 and float(now) > 0
    assert faster.endswith("x") and float(faster[:-1]) > 0


def test_a_folder_with_no_engine_is_refused(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--sim", "--before", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 2
    assert "no engine's src folder" in done.stderr
