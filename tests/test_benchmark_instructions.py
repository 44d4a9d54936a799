"""benchmarks/instructions.py: the engine benchmark's hand loops counted under callgrind."""

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
    return load("instructions")


@pytest.mark.parametrize("loop", ["ours_hands", "ours_game_hands", "theirs_shuffled_hands"])
def test_a_counted_run_plays_a_set_number_of_hands(loop: str) -> None:
    """The child a count runs under callgrind plays exactly CLOCK_EVERY hands a block (its
    clock a counter of reads), so the two runs of a loop differ by the hands asked for."""
    script = _script()
    for blocks in (1, 3):
        code = script.CHILD.format(
            here=str(ROOT / "benchmarks"), loop=loop, seed=4, blocks=blocks, every=8
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
        )
        assert json.loads(done.stdout.split()[-1]) == 8 * blocks


def test_valgrind_missing_is_said_in_a_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    script = _script()
    monkeypatch.setattr(script.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit) as raised:
        script.main([])
    assert raised.value.code == 2  # (argparse's error: the sentence goes to stderr)


def test_a_count_of_no_hands_is_refused_in_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    script = _script()
    with pytest.raises(SystemExit) as raised:
        script.main(["--hands", "0"])
    assert raised.value.code == 2
    assert "--hands 0: count at least one hand" in capsys.readouterr().err
