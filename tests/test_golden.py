"""Golden games (docs/architecture.md, conventions): one recorded game per preset, replayed by the tests.

Any change to dealing, move generation, settlement or the record format shows up here as a
difference from the files in ``tests/data/games`` (rewrite them with
``tests/data/make_golden.py`` only for a deliberate change, and read the diff of the traces).
The files are records of version 1 (flat rules): they also show that such records still load,
their rules read into the parts of version 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from hearts import Game, Rules, record, variants, verify

DATA = Path(__file__).resolve().parent / "data"
sys.path.insert(0, str(DATA))
from make_golden import golden_game  # noqa: E402


def _stored(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "games" / f"{name}.json").read_text("utf-8"))
    return data


def _without_rules(data: dict[str, Any]) -> dict[str, Any]:
    """A record but for its version and the form its rules are written in."""
    return {key: value for key, value in data.items() if key not in ("version", "rules")}


def _same_record(game: Game, stored: dict[str, Any]) -> None:
    """The game's record is the stored one, its rules those of the stored version read back."""
    data = record.to_dict(game)
    assert _without_rules(data) == _without_rules(stored)
    assert game.rules == Rules.from_dict(stored["rules"], version=stored["version"])
    assert data["rules"] == game.rules.to_dict() and data["version"] == record.VERSION


@pytest.mark.parametrize("name", variants.names())
def test_golden_record_replays_to_the_same_log(name: str) -> None:
    """Events are the truth: the stored record rebuilds its game event for event, with the
    preset's rules."""
    game = record.load(DATA / "games" / f"{name}.json")
    assert game.rules == variants.get(name)
    _same_record(game, _stored(name))


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
    _same_record(golden_game(name), _stored(name))


@pytest.mark.parametrize("name", variants.names())
def test_a_version_1_golden_record_verifies_hand_by_hand(name: str) -> None:
    """``hearts verify`` reads version-1 records too: their rules are migrated, every deal
    matches its commitment and the shuffle from the seed."""
    stored = _stored(name)
    assert stored["version"] == 1
    assert verify.verify_record(stored).ok
