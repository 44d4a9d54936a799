"""The terminal table's keys (hearts.tui.keys, hearts.tui.lasttrick): the last trick on ``l``,
the line of keys right for every phase, the speed key in the order its help gives, the resume
command as the user ran ``hearts``, and a saved game that cannot be read said inside the app."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import Driver

from hearts import Deal, Phase, variants
from hearts.events import CardPlayed, TrickWon
from hearts.tui import keys
from hearts.tui.app import HeartsApp
from hearts.tui.laws import LawsDesk
from hearts.tui.saves import Saves, program
from hearts.tui.session import Session

Play = Callable[..., HeartsApp]


def _session(variant: str = "modern", seed: int = 5) -> Session:
    rules = variants.get(variant)
    return Session.new(rules, ["basic"] * (rules.players - 1), seed=seed, variant=variant)


def _key_line(d: Driver) -> str:
    return str(d.app.query_one("#keys").render())


def test_the_last_trick_key_shows_who_played_what_and_who_took_it(play: Play) -> None:
    """``l``: before any trick is taken it says so and changes nothing; after, a page over the
    table gives the last trick's cards by seat in the order played and its taker, as the core
    logged them; Enter goes back to the table."""
    seen: dict[str, Any] = {}

    async def scenario(d: Driver) -> None:
        await d.settle()
        assert "l last trick" not in _key_line(d)
        await d.press("l")
        await d.until(lambda: "No trick" in d.app.last_message, "the refusal")
        assert len(d.app.screen_stack) == 1
        await d.move()  # the pass
        while True:
            await d.settle()
            if len(d.app.view.tricks) >= 2 and d.app.view.trick:
                break
            await d.move()
        assert "l last trick" in _key_line(d)  # (once a trick is taken)
        await d.press("l")
        await d.until(lambda: d.app.screen.name == "last-trick", "the last trick's page")
        seen["page"] = d.text()
        seen["events"] = list(d.app.view.events)
        await d.press("enter")
        await d.until(lambda: len(d.app.screen_stack) == 1, "the table back")

    play(scenario, _session())
    events = seen["events"]
    last = max(i for i, e in enumerate(events) if isinstance(e, TrickWon))
    start = max(i for i, e in enumerate(events[:last]) if isinstance(e, TrickWon))
    plays = [e for e in events[start:last] if isinstance(e, CardPlayed)]
    won = events[last]
    names = ("You", "West", "North", "East")
    assert f"trick {len([e for e in events if isinstance(e, TrickWon)])}" in seen["page"]
    assert f"taken by {names[won.seat]}" in seen["page"]
    rows = [
        row.strip("│ ")
        for row in seen["page"].splitlines()
        if any(row.strip("│ ").startswith(f"{n} ") for n in names)
    ]
    expected = [(names[p.seat], p.card.symbol) for p in plays]
    assert [tuple(row.split()[:2]) for row in rows[-4:]] == expected
    assert next(row for row in rows if "takes the trick" in row).startswith(names[won.seat])


def test_the_key_line_is_right_for_the_auction_bid_and_the_suit_naming(play: Play) -> None:
    """Auction Hearts: while the person bids, the key line says digits and Enter bid and p
    passes; while the person names the suit, c d s h and Enter; then the play's keys."""
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        for _ in range(60):
            await d.settle()
            view = d.app.view
            if view.phase is Phase.BID:
                seen["bid"] = _key_line(d)
                await d.press(*str(view.auction.high_bid + 1), "enter")
            elif view.phase is Phase.NAME:
                seen["name"] = _key_line(d)
                await d.press("s", "enter")
            elif view.phase is Phase.PLAY:
                seen["play"] = _key_line(d)
                return
            else:
                await d.move()

    play(scenario, _session("auction", seed=3))
    assert seen["bid"].startswith("digits then Enter: bid · p: pass")
    assert seen["name"].startswith("c d s h then Enter: the suit to avoid")
    assert seen["play"].startswith("←→ or qs: card · Enter play")


def test_the_key_line_is_right_for_the_play_and_the_end_of_the_game(play: Play) -> None:
    """The play: Enter plays and l shows the last trick; once the game is over: Enter the
    result, n a new game, q quit (the pass's line: test_the_line_of_keys_says_what_the_keys_do_now)."""
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        await d.settle()
        seen["play"] = _key_line(d)
        await d.play_hand()
        await d.press("enter")  # the summary, then the end of the game
        await d.settle()
        await d.press("escape")
        await d.until(lambda: len(d.app.screen_stack) == 1, "the table at the end")
        seen["over"] = _key_line(d)

    play(scenario, _session("simple", seed=3), new_game=lambda old: old)
    assert seen["play"].startswith("←→ or qs: card · Enter play · h hint")  # (no trick yet)
    assert seen["over"].startswith("The game is over · Enter: the result · n: a new game")


def test_the_key_line_at_the_moon_choice_says_o_and_n() -> None:
    """The shooter's choice (Moon.CHOICE): o lets the others take the points, n takes them off
    the shooter's score; nothing of the play's keys."""
    rules = variants.get("modern").replace(settlement={"moon": "choice"})
    hands = [
        "AC KC QC JC TC 9C AH KH QH JH TH 9H AS",
        "2C QS 8H 7H 6H 2D 3D 4D 5D 6D 7D 8D 9D",
        "3C 5H 4H 3H TD JD QD KD AD KS JS TS 9S",
        "4C 5C 6C 7C 8C 2H 8S 7S 6S 5S 4S 3S 2S",
    ]
    deal = Deal.from_hands(rules, hands, pass_direction="hold")
    for card in ("2C", "3C", "4C", "AC", "AS", "QS"):
        deal.play(card)
    while deal.phase is Phase.PLAY:
        moves = deal.legal_moves()
        deal.play(moves[-1] if deal.to_act == 0 else moves[0])
    assert deal.phase is Phase.MOON and deal.to_act == 0
    table = SimpleNamespace(session=SimpleNamespace(is_over=False), view=deal.view(0))
    app = SimpleNamespace(
        table=table,  # (the model the laws' keys read)
        session=table.session,
        view=table.view,
        laws=LawsDesk(),
        size=SimpleNamespace(width=80),
        new_game=None,
    )
    line = keys.key_line(app)  # type: ignore[arg-type]
    assert line.startswith("o: the others take it · n: off your score")
    assert "Enter play" not in line and len(line) <= 78


def test_the_speed_key_goes_through_the_speeds_in_the_order_its_help_gives(play: Play) -> None:
    """``s`` goes from each speed to the next in the order the ? page names them (fast → normal
    → slow → fast), each said on the line below and in the title."""
    seen: dict[str, Any] = {"speeds": []}

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.press("?")
        await d.until(lambda: len(d.app.screen_stack) > 1, "the ? page")
        seen["help"] = d.text()
        await d.press("escape")
        await d.until(lambda: len(d.app.screen_stack) == 1, "the table")
        for _ in range(3):
            await d.press("s")
            await d.until(lambda: d.app.last_message.startswith("The bots play"), "the speed")
            seen["speeds"].append(d.app.speed)
            assert f"bots {d.app.speed}" in d.text()
            d.app.say("")

    play(scenario, _session())  # (the tests' app starts fast)
    line = next(row for row in seen["help"].splitlines() if "the bots' speed" in row)
    order = re.findall(r"fast|normal|slow", line.split("in turn:")[1])
    assert order[0] == order[-1] and len(order) == 4
    start = order.index("fast")
    assert seen["speeds"] == [order[(start + i) % 3] for i in (1, 2, 3)]


def test_the_resume_command_is_the_one_the_user_can_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the README's set-up (``.venv/bin/hearts``, not on the PATH) the command printed is
    ``.venv/bin/hearts play --resume ID``; run as ``python -m hearts``, that; on the PATH,
    ``hearts``; elsewhere, the whole path."""
    project = tmp_path / "hearts-project"
    script = project / ".venv" / "bin" / "hearts"
    python = project / ".venv" / "bin" / "python"
    script.parent.mkdir(parents=True)
    for file in (script, python):
        file.write_text("#!/bin/sh\n", encoding="utf-8")
        file.chmod(0o755)
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    assert program(str(script), str(project)) == ".venv/bin/hearts"
    assert program(str(script), str(tmp_path)) == "hearts-project/.venv/bin/hearts"
    elsewhere = tmp_path / "elsewhere"
    assert program(str(script), str(elsewhere)) == str(script)
    main = str(Path(variants.__file__).parent / "__main__.py")
    assert program(main, str(project), str(python)) == ".venv/bin/python -m hearts"
    monkeypatch.setenv("PATH", f"{script.parent}{os.pathsep}/usr/bin")
    assert program(str(script), str(project)) == "hearts"
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    monkeypatch.chdir(project)
    monkeypatch.setattr("sys.argv", [str(script), "play"])
    monkeypatch.delenv("HEARTS_SAVE_DIR", raising=False)
    saves = Saves(tmp_path / "saves")
    assert saves.resume_command("20260101-1200-ab12").startswith(
        ".venv/bin/hearts play --resume 20260101-1200-ab12 --save-dir "
    )
    message = saves.saved_message(_session(), tmp_path / "saves" / "games" / "x.json")
    assert "    .venv/bin/hearts play --resume x --save-dir" in message
    assert "`.venv/bin/hearts play --list`" in " ".join(message.split())


def test_an_unreadable_save_is_said_on_a_page_in_the_app(play: Play) -> None:
    """A saved game that cannot be read is said on a page over the table at the start: which,
    why, that it is kept (not deleted, not changed), and that a new game is dealt; Enter plays
    it, and the game goes on; q would quit."""
    problem = (
        "The saved game /saves/games/broken.json cannot be read (not JSON); it is left as it is."
    )
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        await d.until(lambda: d.app.screen.name == "unreadable", "the page")
        await d.seen()
        seen["page"] = " ".join(d.text().split())
        await d.press("enter")
        await d.settle()
        seen["table"] = d.text()

    play(scenario, _session(), problems=[problem])
    assert "A saved game cannot be read" in seen["page"]
    assert "broken.json cannot be read (not JSON)" in seen["page"]
    assert "not deleted, not changed" in seen["page"]
    assert "A new game is dealt for you" in seen["page"]
    assert "Enter: play the new game · q: quit" in seen["page"]
    assert "Your hand" in seen["table"] and "Pass left" in seen["table"]
