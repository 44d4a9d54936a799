"""``hearts play`` (hearts.cli): its options, the save and ``--resume``, one sentence for bad input.

The app runs headless here (Textual's own headless driver, driven by its auto-pilot): the same
app a terminal runs, without the terminal.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from typer.testing import CliRunner

from hearts.cli import app
from hearts.tui import Session
from hearts.tui.app import HeartsApp, card_keys

runner = CliRunner()


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data directory, in a temporary place."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "hearts"


@pytest.fixture
def headless(monkeypatch: pytest.MonkeyPatch) -> Callable[..., dict[str, Any]]:
    """Run ``hearts play`` with the app headless; ``steps`` drive it, then it quits."""

    original = HeartsApp.run

    def use(steps: Callable[[Pilot[None]], Any] | None = None) -> dict[str, Any]:
        seen: dict[str, Any] = {}

        async def pilot(p: Pilot[None]) -> None:
            game: HeartsApp = p.app  # type: ignore[assignment]
            for _ in range(2000):
                await p.pause(0.005)
                if game.waiting_for_you:
                    break
            if steps is not None:
                await steps(p)
            seen["app"] = game
            seen["view"] = game.view
            seen["no_color"] = game.no_color
            seen["message"] = game.last_message
            game.exit()

        def run(self: HeartsApp, **_: Any) -> None:
            original(self, headless=True, size=(80, 24), auto_pilot=pilot)

        monkeypatch.setattr(HeartsApp, "run", run)
        return seen

    return use


def test_play_starts_a_game_against_bots_and_saves_it(
    data_home: Path, headless: Callable[..., dict[str, Any]]
) -> None:
    seen = headless()
    result = runner.invoke(app, ["play", "--seed", "3", "--bots", "basic", "--speed", "fast"])
    assert result.exit_code == 0, result.output
    game: HeartsApp = seen["app"]
    assert game.session.seed == 3 and game.session.bot_names == ("basic",) * 3
    saved = Session.load(data_home / "game.json")
    assert saved.view == seen["view"]


def test_resume_continues_the_saved_game(
    data_home: Path, headless: Callable[..., dict[str, Any]]
) -> None:
    async def pass_three(p: Pilot[None]) -> None:
        game: HeartsApp = p.app  # type: ignore[assignment]
        cards = game.view.hand.cards()[:3]
        for card in cards:
            await p.press(*card_keys(card))
        await p.press("enter")
        for _ in range(2000):
            await p.pause(0.005)
            if game.waiting_for_you:
                break

    first = headless(pass_three)
    assert (
        runner.invoke(app, ["play", "--seed", "4", "--bots", "basic", "--speed", "fast"]).exit_code
        == 0
    )
    second = headless()
    result = runner.invoke(app, ["play", "--resume", "--speed", "fast"])
    assert result.exit_code == 0, result.output
    assert second["view"] == first["view"]
    assert second["view"].passed is not None


def test_a_new_game_keeps_the_unfinished_one(
    data_home: Path, headless: Callable[..., dict[str, Any]]
) -> None:
    headless()
    runner.invoke(app, ["play", "--seed", "4", "--bots", "basic", "--speed", "fast"])
    seen = headless()
    runner.invoke(app, ["play", "--seed", "5", "--bots", "basic", "--speed", "fast"])
    kept = list((data_home / "saved").iterdir())
    assert len(kept) == 1 and Session.load(kept[0]).seed == 4
    assert "unfinished game was kept" in seen["message"]


def test_no_color_flag(
    data_home: Path, headless: Callable[..., dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    seen = headless()
    assert (
        runner.invoke(app, ["play", "--no-color", "--bots", "basic", "--speed", "fast"]).exit_code
        == 0
    )
    assert seen["no_color"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--variant", "moderne"], "did you mean modern"),
        (["--bots", "basic,basic"], "2 bots for 3 seats"),
        (["--bots", "experts"], "no bot 'experts'"),
        (["--speed", "warp"], "--speed must be fast, normal or slow"),
        (["--think", "0"], "--think must be a positive number"),
        (["--variant", "two-handed", "--players", "4"], "played by two players"),
        (["--resume"], "no game in progress"),
        (["--resume", "--variant", "classic"], "leave out --variant"),
        (["--resume", "--think", "2"], "leave out --think"),
    ],
)
def test_bad_options_get_one_sentence(data_home: Path, args: list[str], words: str) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code != 0
    assert words in result.output, result.output
    assert "Traceback" not in result.output


def test_a_corrupt_save_is_reported_and_left_alone(data_home: Path) -> None:
    data_home.mkdir(parents=True)
    save = data_home / "game.json"
    save.write_text('{"format": "hearts-play", "version": 1}', encoding="utf-8")
    result = runner.invoke(app, ["play", "--resume"])
    assert result.exit_code == 1
    assert "cannot be read" in result.output
    assert save.read_text(encoding="utf-8") == '{"format": "hearts-play", "version": 1}'
