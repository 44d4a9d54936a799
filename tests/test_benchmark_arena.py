"""benchmarks/arena.py's pooling of saved runs (--combine): by match and budget, written back."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from benchmark_scripts import load  # (tests/ is on the path)
from hearts import bots
from hearts.bots.value import ValueModel

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    return load("arena")


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


def test_the_expert_before_the_moon_is_a_maker_the_spawned_workers_can_make(
    tmp_path: Path,
) -> None:
    """expert-nomoon (ExpertBot(moons=False)) is handed to the arena as a maker, so a run on two
    worker processes (spawned: they never see changes to the registry) seats it."""
    out = tmp_path / "run.json"
    sys.path.insert(0, str(ROOT / "benchmarks"))  # (by its name, as the workers import it)
    try:
        script = importlib.import_module("arena")
        match = ["--match", "expert:expert-nomoon", "--samples", "2", "--deals", "1"]
        script.main([*match, "--workers", "2", "--out", str(out)])
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
        sys.modules.pop("arena", None)
    run = json.loads(out.read_text())["runs"][0]
    assert run["result"]["bots"] == ["expert"] + ["expert-nomoon"] * 3
    assert run["result"]["hands"] == 4
    bot = script.expert_variant("expert-nomoon", 5, samples=3)
    assert bot.moons is False and bot.samples == 3 and not bot.search_pass
    searching = script.expert_variant("expert-pass", 5, think=0.2)
    assert searching.search_pass and searching.moons and searching.think == 0.2


def test_the_searched_pass_is_refused_on_more_than_one_worker(capsys: object) -> None:
    """--search-pass changes the registry's expert in this process only: with spawned workers
    the run would silently measure the expert that does not search its pass."""
    try:
        _script().main(["--match", "expert:basic", "--search-pass", "--workers", "2"])
    except SystemExit as stop:
        assert stop.code == 2
    else:
        raise AssertionError("--search-pass with two workers ran")
    assert "--search-pass needs --workers 1" in capsys.readouterr().err  # type: ignore[attr-defined]


def test_a_bot_the_arena_has_not_is_refused_in_a_sentence(capsys: object) -> None:
    """A misspelt bot in --match is named with the bots there are, before anything is played."""
    try:
        _script().main(["--match", "expert:expert-nomon", "--samples", "2", "--deals", "1"])
    except SystemExit as stop:
        assert stop.code == 2
    else:
        raise AssertionError("a match with no such bot ran")
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    bots = "easy, medium, hard, random, basic, expert, ismcts, expert-nomoon, expert-pass, "
    bots += "expert-value, expert-value-pass, "
    bots += "expert-model"
    assert f"no bot 'expert-nomon' (the bots: {bots})" in err


def test_timing_times_the_levels_too(tmp_path: Path) -> None:
    """--timing records every decision of every bot the registry makes, the levels included."""
    out = tmp_path / "timed.json"
    _script().main(
        ["--match", "hard:basic", "--timing", "--deals", "1", "--samples", "2", "--out", str(out)]
    )
    timed = json.loads(out.read_text())["runs"][0]["decision_seconds"]
    assert set(timed) == {"hard", "basic"}
    assert timed["hard"]["decisions"] == 4 * 14  # (in each of four hands, the pass and 13 cards)
    assert bots.get("hard").__class__.__name__ == "ExpertBot"  # (the registry left as it was)


def _margins(script: ModuleType, match: str, *extra: str) -> list[float]:
    out = Path(f"{match.replace(':', '-')}.json")
    script.main(["--match", match, "--samples", "2", "--deals", "2", *extra, "--out", str(out)])
    run = json.loads(out.read_text())["runs"][0]
    assert run["deal_margins"]  # (every deal's margin kept, whatever the case of the names)
    return run["deal_margins"]  # type: ignore[no-any-return]


def test_a_retrained_model_is_seated_against_the_shipped_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """expert-model judges by the value model of --model (a retrained one, say), read by the
    spawned workers from a path relative to where the script runs: a copy of the shipped weights
    plays exactly as expert-value-pass (the shipped model), other weights do not; the run names
    the file and what it held (its SHA-256), and runs pool by that."""
    monkeypatch.chdir(tmp_path)
    shipped = ValueModel.load()
    shipped.save("same.npz")
    ValueModel(tuple(w * 0.5 for w in shipped.weights), "half").save("half.npz")
    sys.path.insert(0, str(ROOT / "benchmarks"))  # (by its name, as the workers import it)
    try:
        script = importlib.import_module("arena")
        two = ("--workers", "2")
        plain = _margins(script, "expert-value-pass:basic", *two)
        same = _margins(script, "Expert-Model:Basic", "--model", "same.npz", *two)
        half = _margins(script, "expert-model:basic", "--model", "half.npz", *two)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
        sys.modules.pop("arena", None)
    assert same == plain and half != plain
    run = json.loads(Path("expert-model-basic.json").read_text())["runs"][0]
    assert run["match"] == "expert-model:basic"  # (as the records name it: the runs pool)
    assert run["result"]["bots"] == ["expert-model"] + ["basic"] * 3
    assert run["model"] == "half.npz"
    assert run["model_sha256"] == hashlib.sha256(Path("half.npz").read_bytes()).hexdigest()
    labels = {
        script._label(json.loads(Path(f).read_text())["runs"][0]) for f in Path().glob("*.json")
    }
    assert len(labels) == 3  # (the two models' runs never pooled together)
    bot = script.expert_variant("expert-model", 5, samples=3, model="half.npz")
    assert bot.search_pass and isinstance(bot.value, ValueModel)
    for read, written in zip(bot.value.weights, shipped.weights, strict=True):
        assert np.array_equal(read, written * 0.5)
    assert script.expert_variant("expert-value-pass", 5, samples=3).value is True


@pytest.mark.parametrize(
    ("arguments", "sentence"),
    [
        (
            ["--match", "expert:basic", "--model", "x.npz"],
            "--model is the value model of expert-model",
        ),
        (["--match", "expert-model:expert"], "expert-model judges by the value model of --model"),
        (["--match", "expert-model:expert", "--model", "missing.npz"], "cannot read a value model"),
        (["--combine", "a.json", "--model", "m.npz"], "--combine pools saved runs: it plays no"),
    ],
)
def test_a_model_without_its_seat_or_a_seat_without_its_model_is_refused(
    arguments: list[str], sentence: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--model names the value model of expert-model: either without the other, or a file that is
    not a value model, is refused in a sentence before anything is played."""
    with pytest.raises(SystemExit) as stop:
        _script().main([*arguments, "--samples", "2", "--deals", "1"])
    assert stop.value.code == 2
    assert sentence in capsys.readouterr().err
