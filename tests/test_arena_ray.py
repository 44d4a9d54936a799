"""The arena on Ray (hearts.arena with ``ray``, ``hearts arena --ray``): the same results as local
processes, progress, Ctrl+C, and the refusals.

One local Ray instance (2 CPUs, the dashboard off, its own temporary directory and token) serves
the whole module; the command-line tests connect to it from another process by its address.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray

from hearts import arena, variants
from hearts.errors import InvalidArgument

SRC = str(Path(__file__).resolve().parent.parent / "src")
MIXED = ["basic", "random", "random", "random"]


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A local Ray instance for this module, connected in this process: its address."""
    temp = tempfile.mkdtemp(prefix="hray")  # short: Ray's sockets live under it
    with pytest.MonkeyPatch.context() as env:
        # A new local instance turns token authentication on (and sets RAY_AUTH_MODE, undone
        # after); its token is this one, which the other processes inherit.
        env.delenv("RAY_AUTH_MODE", raising=False)
        env.setenv("RAY_AUTH_TOKEN", secrets.token_hex(32))
        env.setenv("PYTHONPATH", os.pathsep.join(filter(None, [SRC, os.environ.get("PYTHONPATH")])))
        try:
            ray.init(
                num_cpus=2,
                include_dashboard=False,
                _node_ip_address="127.0.0.1",
                _temp_dir=temp,
                logging_level=logging.WARNING,
                log_to_driver=False,
            )
            yield ray.get_runtime_context().gcs_address
        finally:
            ray.shutdown()
            shutil.rmtree(temp, ignore_errors=True)


def _cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``hearts`` in another process, with this process's environment (Ray's token included)."""
    return subprocess.run(
        [sys.executable, "-m", "hearts.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
        check=False,
    )


@pytest.mark.parametrize(
    ("variant", "bots", "deals", "block"),
    [
        ("modern", MIXED, 6, None),
        ("modern", MIXED, 7, 3),  # blocks: more units than CPUs, games chained within a block
        ("simple", ["basic", "random", "basic", "random"], 4, None),  # a counters game
        ("classic-7", ["basic", "random"] * 3 + ["basic"], 2, None),  # the dealer sits out
        ("black-maria", ["basic", "random", "random"], 4, None),  # three at a table
    ],
)
def test_ray_gives_exactly_the_result_of_local_play(
    cluster: str, variant: str, bots: list[str], deals: int, block: int | None
) -> None:
    """Duplicate deals on Ray tasks: the same ArenaResult, hand for hand, as played here."""
    rules = variants.get(variant)
    on_ray = arena.run(rules, bots, deals=deals, seed=5, block=block, ray=True)
    here = arena.run(rules, bots, deals=deals, seed=5, block=block)
    assert on_ray == here
    assert on_ray.to_dict() == here.to_dict()
    assert on_ray.hands == deals * rules.players == len(on_ray.records)
    assert ray.is_initialized()  # the run used this process's connection and left it open


def test_progress_on_ray_is_reported_up_to_every_hand(cluster: str) -> None:
    calls: list[tuple[int, int]] = []
    arena.run(
        variants.get("modern"),
        MIXED,
        deals=4,
        seed=2,
        ray=True,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls[0] == (0, 16) and calls[-1] == (16, 16)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_ctrl_c_on_ray_cancels_the_tasks_and_keeps_the_deals_every_rotation_finished(
    cluster: str,
) -> None:
    """A KeyboardInterrupt (from the progress callback) cancels the tasks, which give their CPUs
    back long before their 20,000 deals were played; Interrupted's partial result is exactly a
    local run of the deals every rotation had finished."""
    modern = variants.get("modern")

    def stop(done: int, total: int) -> None:
        if done >= 100:
            raise KeyboardInterrupt

    with pytest.raises(arena.Interrupted) as caught:
        arena.run(modern, MIXED, deals=20_000, seed=7, ray=True, progress=stop)
    partial = caught.value.partial
    assert partial is not None and partial.interrupted and partial.planned == 20_000
    assert 1 <= partial.deals < 20_000
    here = arena.run(modern, MIXED, deals=partial.deals, seed=7)
    assert dataclasses.replace(partial, planned=None) == here
    deadline = time.monotonic() + 20
    while ray.available_resources().get("CPU", 0) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert ray.available_resources().get("CPU", 0) == 2


def test_the_command_plays_on_the_cluster_at_an_address_as_it_plays_here(cluster: str) -> None:
    args = ("arena", "--deals", "4", "--seed", "3", "--json")
    remote = _cli(*args, "--ray-address", cluster)
    assert remote.returncode == 0, remote.stderr
    here = arena.run(variants.get("modern"), MIXED, deals=4, seed=3)
    assert json.loads(remote.stdout) == here.to_dict()


def test_the_ray_flag_alone_attaches_to_the_cluster_of_ray_address(cluster: str) -> None:
    args = ("arena", "--variant", "simple", "--deals", "3", "--seed", "8", "--json", "--ray")
    remote = _cli(*args, RAY_ADDRESS=cluster)
    assert remote.returncode == 0, remote.stderr
    here = arena.run(variants.get("simple"), MIXED, deals=3, seed=8)
    assert json.loads(remote.stdout) == here.to_dict()


def test_an_address_where_no_cluster_answers_is_refused_in_a_sentence() -> None:
    with socket.socket() as free:  # a port nothing listens on once it is closed
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    result = _cli("arena", "--deals", "2", "--ray-address", f"127.0.0.1:{port}")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert result.stderr.strip().startswith(
        f"error: no Ray cluster answers at 127.0.0.1:{port} (connection refused): start one "
        "there (ray start --head) or give the address of a running one"
    )


def test_workers_with_ray_are_refused_in_a_sentence() -> None:
    result = _cli("arena", "--deals", "2", "--workers", "2", "--ray")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().startswith("error: --workers are local processes: on Ray")
    with pytest.raises(InvalidArgument, match=r"^workers are local processes: on Ray"):
        arena.run(variants.get("modern"), MIXED, deals=1, workers=2, ray=True)
    with pytest.raises(InvalidArgument, match=r"^ray must be True .* not ''$"):
        arena.run(variants.get("modern"), MIXED, deals=1, ray="")


def test_without_ray_installed_the_run_says_to_install_the_ray_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails, as without Ray
    with pytest.raises(
        InvalidArgument, match=r"install the ray extra \(pip install 'hearts\[ray\]'\)"
    ):
        arena.run(variants.get("modern"), MIXED, deals=1, ray=True)
