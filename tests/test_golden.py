"""Golden games (DESIGN.md conventions): one recorded game per preset, replayed by the tests.

Any change to dealing, move generation, settlement or the record format shows up here as a
difference from the files in ``tests/data/games`` (rewrite them with
``tests/data/make_golden.py`` only for a deliberate change, and read the diff of the traces).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hearts import record, variants

DATA = Path(__file__).resolve().parent / "data"
sys.path.insert(0, str(DATA))
from make_golden import golden_game  # noqa: E402


@pytest.mark.parametrize("name", variants.names())
def test_golden_record_replays_to_the_same_log(name: str) -> None:
    """Events are the truth: the stored record rebuilds its game event for event."""
    game = record.load(DATA / "games" / f"{name}.json")
    assert record.dumps(game) == (DATA / "games" / f"{name}.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", variants.names())
def test_golden_trace_is_unchanged(name: str) -> None:
    """The readable trick-by-trick account of the golden game has not changed."""
    game = record.load(DATA / "games" / f"{name}.json")
    expected = (DATA / "games" / f"{name}.txt").read_text(encoding="utf-8")
    assert record.text(game) + "\n" == expected


@pytest.mark.parametrize("name", variants.names())
def test_same_seed_and_moves_still_give_the_golden_game(name: str) -> None:
    """The same seed deals the same cards and the same moves give the same game, release to
    release."""
    game = golden_game(name)
    assert record.dumps(game) == (DATA / "games" / f"{name}.json").read_text(encoding="utf-8")
