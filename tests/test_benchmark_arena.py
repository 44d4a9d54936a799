"""benchmarks/arena.py's pooling of saved runs (--combine): by match and budget, written back."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_arena", ROOT / "benchmarks" / "arena.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(think: float, margins: list[float]) -> dict[str, object]:
    return {
        "match": "expert:ismcts",
        "think": think,
        "samples": None,
        "seconds": 10.0,
        "result": {"hands": 4 * len(margins)},
        "peak_mb": 30.0,
        "deal_margins": margins,
        "raw_decision_seconds": {"expert": [0.1, 0.2]},
    }


def test_chunks_pool_by_match_and_budget_and_are_written_as_one_file(tmp_path: Path) -> None:
    files = []
    for index, (think, margins) in enumerate([(0.1, [1.0, 2.0]), (0.1, [3.0]), (1.0, [-5.0])]):
        path = tmp_path / f"chunk{index}.json"
        path.write_text(json.dumps({"machine": {"python": "3.11"}, "runs": [_run(think, margins)]}))
        files.append(path)
    out = tmp_path / "pooled.json"
    _script().combine(files, out, "three chunks")
    pooled = json.loads(out.read_text())
    assert pooled["machine"] == {"python": "3.11"}
    by_think = {row["think"]: row for row in pooled["runs"]}
    assert by_think[0.1]["deal_margins"] == [1.0, 2.0, 3.0]  # the two 0.1 s chunks together
    assert by_think[1.0]["deal_margins"] == [-5.0]  # never pooled with another budget
    assert by_think[0.1]["result"] == {"hands": 12} and by_think[0.1]["note"] == "three chunks"
    assert by_think[0.1]["decision_seconds"]["expert"]["decisions"] == 4
