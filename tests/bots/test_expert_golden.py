"""The expert's results do not move when its code is made faster: in a few hundred positions of
seeded games of every preset (tests/data/expert_golden.json, recorded by
tests/data/make_expert_golden.py from the expert before its leaf scoring and search were sped up),
``ExpertBot(seed, samples=N).analyse(view)`` returns the same move and every candidate's mean score
to the last bit."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from hearts.bots import ExpertBot

DATA = Path(__file__).resolve().parents[1] / "data"
sys.path.insert(0, str(DATA))
from make_expert_golden import encode, forms, replay  # noqa: E402

GOLDEN: dict[str, Any] = json.loads((DATA / "expert_golden.json").read_text(encoding="utf-8"))


def test_the_golden_file_covers_every_preset_with_searched_positions() -> None:
    assert set(GOLDEN) == set(forms())
    assert sum(len(form["positions"]) for form in GOLDEN.values()) >= 300
    searched = [
        name for name, form in GOLDEN.items() if any(p["searched"] for p in form["positions"])
    ]
    assert searched == list(GOLDEN)  # every form is searched (Domino Hearts since its draws are)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_expert_analyses_each_golden_position_exactly_as_recorded(name: str) -> None:
    form = GOLDEN[name]
    rules = forms()[name]
    steps: list[int] = form["steps"]
    for position in form["positions"]:
        game = replay(rules, form["seed"], steps[: position["steps"]])
        seat = game.to_act
        assert seat is not None
        bot = ExpertBot(
            seed=position["seed"], samples=position["budget"], search_pass=position["search_pass"]
        )
        got = encode(bot.analyse(game.view(seat)))
        want = {key: position[key] for key in got}
        assert got == want, f"{name}, after {position['steps']} moves"
