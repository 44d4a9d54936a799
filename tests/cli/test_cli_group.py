"""The ``hearts`` group (hearts.cli, hearts.cli.group): its commands, their help, and Ctrl+C
in any of them (a real process, a real SIGINT, for the long runs)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import WIDE, one_sentence, runner

from hearts import Game, record, variants
from hearts.cli import app, main


def test_main_is_the_console_entry_point() -> None:
    assert callable(main)


def test_no_command_shows_the_commands() -> None:
    result = runner.invoke(app, [])
    for command in ("variants", "simulate", "replay"):
        assert command in result.output


ROOT = Path(__file__).resolve().parents[2]

COMMANDS = (
    "review",
    "variants",
    "simulate",
    "arena",
    "stats",
    "replay",
    "verify",
    "play",
    "serve",
    "rebuild-ratings",
)
"""The commands, in the order the help lists them (as when they were one module)."""


def test_the_help_lists_every_command_in_its_order() -> None:
    result = runner.invoke(app, ["--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    listed = re.findall(r"^│ ([a-z][a-z-]*) ", result.stdout, re.MULTILINE)
    assert tuple(listed) == COMMANDS


def test_the_console_script_and_python_m_run_the_same_command() -> None:
    """pyproject's ``hearts`` script is ``hearts.cli:main``; ``python -m hearts`` and ``python -m
    hearts.cli`` (the arena's Ray tests start it so) both run it."""
    import importlib
    import tomllib

    script = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["hearts"]
    module, function = script.split(":")
    assert getattr(importlib.import_module(module), function) is main
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "300"}
    for name in ("hearts", "hearts.cli"):
        ran = subprocess.run(
            [sys.executable, "-m", name, "--help"], capture_output=True, text=True, env=env
        )
        assert ran.returncode == 0, ran.stderr
        assert tuple(re.findall(r"^│ ([a-z][a-z-]*) ", ran.stdout, re.MULTILINE)) == COMMANDS


KEPT_NAMES = [
    "app",
    "main",
    "arena",
    "record",
    "variants",
    "verify",
    "bot_registry",
    "FAILURE",
    "INTERRUPTED",
    "MAX_RUN",
    "MAX_SAMPLES",
    "MAX_THINK",
    "OWN_INTERRUPTS",
    "SEEDS",
    "_SAMPLES_HELP",
    "_THINK_HELP",
    "_App",
    "_Command",
    "_Group",
    "_Interrupts",
    "_SeatStats",
    "_bot_names",
    "_check_count",
    "_check_search",
    "_check_search_applies",
    "_check_seed",
    "_check_workers",
    "_count",
    "_fail",
    "_first_of",
    "_flags_take_no_value",
    "_interrupts",
    "_play",
    "_players",
    "_print_arena",
    "_print_summary",
    "_read_record",
    "_rules_for",
    "_say",
    "_seed",
    "_served_names",
    "_stop_interrupted",
    "_warn",
    "arena_command",
    "play",
    "rebuild_ratings",
    "replay",
    "review_command",
    "serve",
    "simulate",
    "stats_command",
    "variants_command",
    "verify_deals",
]
"""Every name hearts/cli.py defined when the command line was one module, the modules of
``hearts`` it named (tests patch ``hearts.cli.variants``, ...) and the shared helpers it took
from ``hearts.tui.commandline``."""


@pytest.mark.parametrize("name", KEPT_NAMES)
def test_every_name_of_the_one_module_is_still_importable_from_hearts_cli(name: str) -> None:
    """Old import paths keep working: the package re-exports what the module had."""
    namespace: dict[str, object] = {}
    exec(f"from hearts.cli import {name}", namespace)
    assert namespace[name] is not None


_TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name (state, ppid, ...), or None when
    the process is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def _descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (its children, theirs, ...), read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None:
                parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _alive(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def _cpu_seconds(pid: int) -> float:
    """CPU time a process has used (user and system), 0 once it is gone."""
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / _TICKS


def _start(*args: str) -> subprocess.Popen[str]:
    """``python -m hearts ARGS`` from this tree's sources, in a wide terminal."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "200"}
    return subprocess.Popen(
        [sys.executable, "-m", "hearts", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _interrupt(
    process: subprocess.Popen[str], workers: int, busy: float
) -> tuple[float, str, str, set[int]]:
    """Wait until ``workers`` worker processes (the command itself when 0) have each spent
    ``busy`` seconds of CPU playing, send one SIGINT to the command alone, and return how long it
    took to end, its stdout and stderr, and the processes it had started."""
    deadline = time.monotonic() + 120
    while True:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the command never got to work"
        children = _descendants(process.pid)
        workers_seen = (
            [pid for pid in children if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_text()]
            if workers
            else [process.pid]
        )
        if len(workers_seen) >= max(workers, 1) and all(
            _cpu_seconds(pid) >= busy for pid in workers_seen
        ):
            break
        time.sleep(0.1)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    try:
        stdout, stderr = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:  # it went on: end it and what it started, then fail
        for pid in [*children, process.pid]:
            os.kill(pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("one Ctrl+C did not stop the command within 30 s")
    return time.monotonic() - sent, stdout, stderr, children


def _gone(pids: set[int]) -> set[int]:
    """The processes of ``pids`` still alive after a few seconds' grace (none, it is hoped)."""
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return {pid for pid in pids if _alive(pid)}


def test_ctrl_c_stops_an_arena_on_two_workers_at_once_with_its_partial_results() -> None:
    """One SIGINT: the workers stop, none is left, the deals every rotation finished are shown
    as partial, the message says it was interrupted, exit 130, no traceback."""
    process = _start(
        *("arena", "--workers", "2", "--deals", "5000", "--seed", "3"),
        *("--bots", "basic,random,random,random"),
    )
    took, stdout, stderr, children = _interrupt(process, workers=2, busy=1.5)
    assert process.returncode == 130, stderr
    assert took < 5
    assert "Traceback" not in stdout + stderr
    assert len(children) >= 2
    assert _gone(children) == set()
    match = re.search(
        r"modern: (\d+) duplicate deals? × 4 rotations, seed 3 \(partial: "
        r"interrupted after (\d+) of 5000\)",
        " ".join(stdout.split()),  # the title may wrap
    )
    assert match is not None, stdout
    assert match[1] == match[2] and int(match[1]) >= 1
    assert re.search(r"^ basic +1 ", stdout, re.MULTILINE)
    assert stderr.strip().splitlines()[-1] == (
        f"interrupted: stopped by Ctrl+C after {match[1]} deals of 5000; the results are those "
        f"of the {match[1]} deals every rotation had finished"
    )


def test_ctrl_c_stops_an_arena_without_workers_with_its_partial_results() -> None:
    process = _start("arena", "--deals", "5000", "--bots", "basic,random,random,random", "--json")
    took, stdout, stderr, _ = _interrupt(process, workers=0, busy=2.5)
    assert process.returncode == 130, stderr
    assert took < 5 and "Traceback" not in stdout + stderr
    data = json.loads(stdout)
    assert data["interrupted"] is True and data["planned_deals"] == 5000
    assert 1 <= data["deals"] < 5000 and data["hands"] == 4 * data["deals"]
    assert stderr.strip().splitlines()[-1].startswith("interrupted: stopped by Ctrl+C after ")


def test_ctrl_c_stops_simulate_with_the_games_it_finished() -> None:
    process = _start("simulate", "--games", "100000", "--seed", "5", "--bots", "basic")
    took, stdout, stderr, _ = _interrupt(process, workers=0, busy=2.5)
    assert process.returncode == 130, stderr
    assert took < 5 and "Traceback" not in stdout + stderr
    match = re.search(
        r"modern: (\d+) games?, seed 5 \(partial: interrupted after (\d+) of "
        r"100000\)",
        " ".join(stdout.split()),  # the title may wrap
    )
    assert match is not None, stdout
    assert match[1] == match[2] and int(match[1]) >= 1
    assert "Mean final points" in stdout
    assert stderr.strip().splitlines()[-1] == (
        f"interrupted: stopped by Ctrl+C after {match[1]} games of 100000; the results are "
        f"those of the {match[1]} games finished"
    )


@pytest.mark.parametrize(
    ("command", "target"),
    [
        (["variants"], "hearts.cli.variants.aliases_of"),
        (["replay", "RECORD"], "hearts.cli.record.loads"),
        (["verify", "RECORD"], "hearts.cli.verify.verify_text"),
    ],
)
def test_ctrl_c_in_any_command_says_it_was_interrupted_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], target: str
) -> None:
    """The quick commands too: Ctrl+C (a KeyboardInterrupt where they are working) ends them
    in a sentence, exit 130, no traceback."""
    path = tmp_path / "game.json"
    record.dump(Game(variants.get("modern"), seed=1), path)

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(target, interrupted)
    result = runner.invoke(app, [str(path) if arg == "RECORD" else arg for arg in command])
    assert result.exit_code == 130
    assert one_sentence(result.stderr) == ("interrupted: stopped by Ctrl+C before it was finished")


def test_ctrl_c_before_the_first_game_is_finished_says_there_are_no_results(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def interrupted(*args: object, **options: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("hearts.cli.runs._play", interrupted)
    result = runner.invoke(app, ["simulate", "--games", "3"])
    assert result.exit_code == 130 and result.stdout == ""
    assert one_sentence(result.stderr) == (
        "interrupted: stopped by Ctrl+C before the first of 3 games was finished"
    )


@pytest.mark.parametrize(
    "command", [[], ["simulate"], ["arena"], ["play"], ["replay"], ["verify"], ["variants"]]
)
def test_help_shows_no_value_after_a_flag(command: list[str]) -> None:
    """--json, --resume, --laws, --no-color, --help take no value: the help shows none."""
    result = runner.invoke(app, [*command, "--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "--help" in result.stdout
    assert "<bool>" not in result.stdout
    flags = {"simulate": ["--json", "--laws"], "arena": ["--json"], "play": ["--resume"]}
    for flag in flags.get(command[0] if command else "", []):
        line = next(line for line in result.stdout.splitlines() if f" {flag} " in line)
        assert re.search(rf"{flag} +[A-Z]", line), line  # straight on to its help
    assert "<int>" in result.stdout or command in ([], ["variants"], ["replay"], ["verify"])
