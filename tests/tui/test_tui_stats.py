"""``hearts stats`` (hearts.cli, hearts.tui.stats): the person's statistics per form from the
finished games the terminal kept, made from the records each time."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from hearts import Game, record, variants
from hearts.cli import app
from hearts.stats import add_up, summary

runner = CliRunner()


def finish(folder: Path, name: str, rules_name: str, seed: int, **changes: object) -> Game:
    """A game of random legal moves, kept in ``folder/finished`` as ``hearts play`` keeps one."""
    rules = variants.get(rules_name)
    if changes:
        rules = rules.replace(**changes)
    game = Game(rules, seed=seed)
    moves = random.Random(seed)
    while not game.is_over:
        game.play(moves.choice(list(game.legal_moves())))
    (folder / "finished").mkdir(parents=True, exist_ok=True)
    record.dump(game, folder / "finished" / f"{name}.json")
    return game


def test_stats_adds_up_the_persons_seat_of_every_finished_game_per_form(tmp_path: Path) -> None:
    """PER FORM: two modern games and one simple game give a block each; the numbers are the
    person's seat (0) summed; a game of changed rules is counted apart; an unreadable record
    is named, and the rest still counted."""
    modern = [finish(tmp_path, f"m{n}", "modern", seed) for n, seed in enumerate((1, 2))]
    finish(tmp_path, "s", "simple", 3)
    finish(tmp_path, "c", "modern", 4, target=30)
    (tmp_path / "finished" / "broken.json").write_text("{", encoding="utf-8")
    result = runner.invoke(app, ["stats", "--save-dir", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert list(data["forms"]) == ["modern/4", "simple/4", "changed rules"]
    expected = add_up(summary(g.rules, g.events, 0) for g in modern)
    assert data["forms"]["modern/4"] == expected.to_dict()
    assert data["forms"]["modern/4"]["games"] == 2
    assert data["forms"]["modern/4"]["hands"] == sum(len(g.hands) for g in modern)
    assert data["forms"]["modern/4"]["points"] == sum(g.scores[0] for g in modern)
    assert data["forms"]["simple/4"]["games"] == 1
    assert data["forms"]["changed rules"]["games"] == 1
    assert len(data["problems"]) == 1 and "broken.json" in data["problems"][0]
    shown = runner.invoke(app, ["stats", "--save-dir", str(tmp_path)])
    assert shown.exit_code == 0
    assert "modern/4\n  games 2, won " in shown.output
    assert f"hands {expected.hands}, points a hand {expected.points_a_hand:.2f}" in shown.output
    assert "by pass: left " in shown.output and "broken.json" in shown.output


def test_stats_with_no_finished_game_says_how_to_get_one(tmp_path: Path) -> None:
    """NOTHING YET: an empty folder of saves gives one sentence, and success."""
    result = runner.invoke(app, ["stats", "--save-dir", str(tmp_path)])
    assert result.exit_code == 0
    assert result.output.strip() == "No finished games yet: play one with `hearts play`."
