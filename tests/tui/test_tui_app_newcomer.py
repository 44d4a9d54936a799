"""The terminal game (hearts.tui.app) as a newcomer meets it, driven by keys at 80×24 and smaller:
whole messages, passing by the keys that play a card, the end of the game, the cursor, the
words for one card or point, the last card, no colour, and a terminal too small for the table."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import Driver

from hearts import Card, Phase, variants
from hearts.events import CardPlayed
from hearts.tui.app import MIN_SIZE, HeartsApp, card_keys
from hearts.tui.session import ME, Session
from hearts.tui.widgets import HandView

Play = Callable[..., HeartsApp]

LONG = "a-rather-long-folder-name-for-the-saved-games/of-someone-who-keeps-things-tidy"


def _session(variant: str = "modern", seed: int = 5) -> Session:
    rules = variants.get(variant)
    return Session.new(rules, ["basic"] * (rules.players - 1), seed=seed, variant=variant)


def _said(words: str, screen: str) -> bool:
    """Whether the screen says these words whole, wrapped or not (spaces and the boxes' sides
    aside: a path wraps within a word)."""
    return "".join(words.split()) in "".join(screen.replace("│", " ").split())


def _fits(d: Driver) -> None:
    lines = d.text().splitlines()
    width, height = d.app.size
    assert len(lines) == height and all(len(line) <= width for line in lines)


async def _to_game_over(d: Driver) -> None:
    await d.play_hand()  # "simple": one hand is the game
    await d.press("enter")
    await d.settle()


# ----------------------------------------------------------------------------- 3: whole messages


def test_a_long_notice_wraps_and_keeps_its_whole_path(play: Play) -> None:
    """The startup notice (where an unfinished game was kept) is said whole at 80×24."""
    path = f"/home/player/{LONG}/unfinished-1.json"
    notice = f"Your unfinished game was kept in {path}."

    async def scenario(d: Driver) -> None:
        await d.settle()
        assert _said(notice, d.text())
        _fits(d)
        assert "Your hand" in d.text()  # the table is still drawn

    play(scenario, _session(), notice=notice)


def test_the_record_kept_message_keeps_its_whole_path(play: Play, tmp_path: Path) -> None:
    """At the end of a game, after Esc: where the record is kept, all of it, at 80×24."""
    folder = tmp_path / LONG
    folder.mkdir(parents=True)

    async def scenario(d: Driver) -> None:
        await _to_game_over(d)
        await d.press("escape")
        await d.table_drawn()
        kept = folder / "finished" / "game-3.json"
        assert kept.exists()
        assert _said(f"The game's record is kept in {kept} (hearts replay reads it).", d.text())
        _fits(d)

    play(scenario, _session("simple", seed=3), save_path=folder / "game.json")


def test_a_hint_is_said_whole_with_its_next_best_card(play: Play) -> None:
    """The hint, in plain words (hearts.words), names the next best card and what the card
    saves against it; the message line shows all of it."""
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.move()  # the pass
        for _ in range(8):
            await d.settle()
            await d.press("h")
            await d.shows(lambda: d.app.last_message.startswith("Hint:"), "the hint")
            await d.drawn()
            if "better than" in d.app.last_message:
                seen["hint"] = d.app.last_message
                seen["screen"] = d.text()
                return
            await d.move()

    play(scenario, _session("modern", seed=7))
    hint = seen["hint"]
    assert re.search(r"^Hint: \S+: (about \d+ points?|a little) better than \S+\.$", hint), hint
    assert _said(hint, seen["screen"])
    lines = seen["screen"].splitlines()
    assert len(lines) == 24 and all(len(line) <= 80 for line in lines)


# ----------------------------------------------------------------------------- 5: passing


async def _cursor_to(d: Driver, card: Card) -> None:
    await d.press("home", *["right"] * d.app._hand_cards().index(card))


async def _typed_with_enter(d: Driver, chosen: list[Card]) -> None:
    for card in chosen:
        await d.press(*card_keys(card), "enter")  # the keys that play a card
        if d.app.view.passed is None:  # marked, and Enter kept it so
            assert card in [d.app._hand_cards()[i] for i in d.app.marked]


async def _typed_then_enter(d: Driver, chosen: list[Card]) -> None:
    for card in chosen:
        await d.press(*card_keys(card))
    await d.press("enter")


async def _arrows_and_enter(d: Driver, chosen: list[Card]) -> None:
    for card in chosen:
        await _cursor_to(d, card)
        assert f"Enter marks {card.symbol}" in d.text()
        await d.press("enter")
    await d.press("enter")


async def _arrows_and_space(d: Driver, chosen: list[Card]) -> None:
    for card in chosen:
        await _cursor_to(d, card)
        await d.press("space")
    await d.press("enter")


@pytest.mark.parametrize(
    "choose", [_typed_with_enter, _typed_then_enter, _arrows_and_enter, _arrows_and_space]
)
def test_passing_by_the_keys_that_play_a_card(play: Play, choose: Any) -> None:
    """Each natural way of choosing three cards passes those three; Enter never unmarks."""
    chosen: list[Card] = []

    async def scenario(d: Driver) -> None:
        await d.settle()
        view = d.app.view
        assert view.phase is Phase.PASS
        chosen.extend(d.app._hand_cards()[2:5])
        await choose(d, chosen)
        await d.settle()
        assert d.app.view.passed is not None
        assert sorted(d.app.view.passed) == sorted(chosen)

    play(scenario, _session("modern", seed=5))


def test_the_pass_prompt_says_what_enter_does_now(play: Play) -> None:
    async def scenario(d: Driver) -> None:
        await d.settle()
        cards = d.app._hand_cards()
        await d.pressed("home")
        assert f"Pass left: 0 of 3 marked · Enter marks {cards[0].symbol}" in d.text()
        await d.pressed(*card_keys(cards[4]))  # typed: marked
        assert f"Pass left: 1 of 3 marked ({cards[4].symbol})" in d.text()
        await d.pressed("enter")  # on a marked card: it stays marked, and the line says why
        assert d.app.marked == {4}
        assert f"The {cards[4].symbol} is marked; choose 2 more cards" in d.app.last_message
        await d.pressed("space")  # Space unmarks
        assert not d.app.marked
        for index in (1, 2, 3):
            await d.press(*card_keys(cards[index]))
        await d.drawn()
        marked = " ".join(card.symbol for card in cards[1:4])
        assert f"Enter: pass left {marked} · Space unmarks one" in d.text()
        assert d.app.view.passed is None

    play(scenario, _session("modern", seed=5))


# ----------------------------------------------------------------------------- 8: the end


def test_the_last_hands_summary_says_the_game_ends(play: Play) -> None:
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        await d.play_hand()
        seen["summary"] = d.text()
        await d.press("enter")
        await d.settle()
        seen["over"] = d.text()

    play(scenario, _session("simple", seed=3))
    assert "next hand" not in seen["summary"]
    assert "Enter: the end of the game (who won)" in seen["summary"]
    assert "Totals after each hand" in seen["over"]


def test_after_esc_at_the_end_n_starts_a_new_game_with_a_clean_line(
    play: Play, tmp_path: Path
) -> None:
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        await _to_game_over(d)
        await d.press("escape")
        await d.until(
            lambda: len(d.app.screen_stack) == 1 and d.app.up_to_date, "the table drawn again"
        )
        seen["table"] = d.text()
        await d.press("n")
        await d.settle()
        seen["new"] = d.text()
        seen["message"] = d.app.last_message

    app = play(
        scenario,
        _session("simple", seed=3),
        save_path=tmp_path / "game.json",
        new_game=lambda old: Session.new(old.game.rules, old.bot_names, seed=99),
    )
    assert "The game is over: Enter shows the result · n: a new game" in seen["table"]
    assert app.session.seed == 99 and not app.session.is_over
    assert seen["message"] == ""
    for stale in ("does nothing", "record is kept", "game is over"):
        assert stale not in seen["new"], stale


def test_other_keys_after_the_end_say_what_may_be_done(play: Play) -> None:
    async def scenario(d: Driver) -> None:
        await _to_game_over(d)
        said = d.app.last_message
        await d.press("escape", "x")
        await d.shows(lambda: d.app.last_message != said, "the x answered")
        assert "does nothing" not in d.app.last_message
        assert d.app.last_message.startswith("The game is over: Enter shows the result")
        await d.press("enter")
        await d.until(
            lambda: d.app.screen.name == "over" and d.app.up_to_date, "the game-over page drawn"
        )
        assert "Totals after each hand" in d.text()

    play(scenario, _session("simple", seed=3))


def test_the_charts_star_is_in_its_legend(play: Play) -> None:
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        await _to_game_over(d)
        seen["over"] = d.text()

    play(scenario, _session("simple", seed=3))
    chart = seen["over"].split("Totals after each hand")[1]
    assert "*" in chart.split("Y You")[0]  # every seat starts level
    assert "Y You  W West  N North  E East  * two or more seats" in chart


# ----------------------------------------------------------------------------- 9: small things


@pytest.mark.parametrize("seed", [3, 9, 11])
def test_when_your_turn_comes_the_cursor_is_on_a_card_you_may_play(play: Play, seed: int) -> None:
    turns: list[bool] = []

    async def scenario(d: Driver) -> None:
        for _ in range(20):
            await d.settle()
            if len(d.app.screen_stack) > 1:
                return
            view = d.app.view
            if view.phase is Phase.PLAY:
                turns.append(d.app.cursor_card in set(view.legal_moves))
                await d.press("enter")  # play the card at the cursor
            else:
                await d.move()

    play(scenario, _session("modern", seed=seed))
    assert len(turns) >= 10 and all(turns), turns


def test_moving_onto_a_card_you_may_not_play_is_left_alone(play: Play) -> None:
    """The cursor is put right once, when the turn comes; the person may move it anywhere."""

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.move()
        for _ in range(12):
            await d.settle()
            view = d.app.view
            wrong = [c for c in d.app._hand_cards() if c not in set(view.legal_moves)]
            if wrong:
                break
            await d.move()
        await _cursor_to(d, wrong[0])
        assert d.app.cursor_card == wrong[0]

    play(scenario, _session("modern", seed=9))


def test_one_card_and_one_point_are_singular(play: Play) -> None:
    """Every screen of a hand: never "1 cards", "1 pts" or "1 points"; "1 card" is seen."""
    screens: list[str] = []

    async def scenario(d: Driver) -> None:
        for _ in range(40):
            await d.settle()
            screens.append(d.text())
            if len(d.app.screen_stack) > 1:
                return
            await d.move()

    for seed in (2, 4):
        play(scenario, _session("modern", seed=seed))
    text = "\n".join(screens)
    assert not re.search(r"(?<![\d+-])1 (cards|pts|points)\b", text)
    assert re.search(r"(?<![\d+-])1 card\b", text)
    assert re.search(r"(?<![\d+-])1 (pt|point)\b", text)


def test_the_lone_last_card_is_played_for_you_and_said(play: Play) -> None:
    """Foster's laws (classic): no early play-out, so the last card is the one played for you."""
    seen: dict[str, Any] = {"keyed": 0}

    async def scenario(d: Driver) -> None:
        for _ in range(20):
            await d.settle()
            if len(d.app.screen_stack) > 1:
                break
            await d.move()
            seen["keyed"] += 1
        seen["summary"] = d.text()

    app = play(scenario, _session("classic", seed=2))
    mine = [e.card for e in app.session.game.events if isinstance(e, CardPlayed) and e.seat == ME]
    assert len(mine) == 13 and seen["keyed"] == 12
    assert len(app.session.checkpoints) == 12  # no undo point of its own
    assert _said(f"Your last card, the {mine[-1].symbol}, was played for you.", seen["summary"])


def test_no_colour_sends_no_colour_at_all(play: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR (what --no-color sets): no colour, not even greys, in anything drawn."""
    monkeypatch.setenv("NO_COLOR", "1")
    coloured: list[str] = []
    cursor: list[str] = []

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.move()
        await d.settle()
        for strip in d.app.screen._compositor.render_strips():
            for segment in strip:
                style = segment.style
                if style is None:
                    continue
                if style.reverse:
                    cursor.append(segment.text.strip())
                for colour in (style.color, style.bgcolor):
                    if colour is not None and not colour.is_default:
                        coloured.append(f"{segment.text!r}: {colour}")

    app = play(scenario, _session("modern", seed=8))
    assert coloured == []
    assert app.cursor_card is not None
    assert cursor == [app.cursor_card.symbol]  # the cursor: reverse video, no colour needed


def test_no_colour_keeps_new_and_may_not_be_played_apart(
    play: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first trick after a pass: a card received that may not be played shows both."""
    monkeypatch.setenv("NO_COLOR", "1")

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.move()
        await d.settle()
        view = d.app.view
        legal = set(view.legal_moves)
        cards = d.app._hand_cards()
        received = set(view.received or ())
        marks = d.app.query_one(HandView).render().plain.splitlines()[1]
        cells = [marks[i * 4 : i * 4 + 4] for i in range(len(cards))]
        expected = [
            ("n·· " if c in received else " ·· ")
            if c not in legal
            else ("new " if c in received else "    ")
            for c in cards
        ]
        assert cells == expected
        assert "n·· " in cells and "new " in cells and " ·· " in cells  # all three shown
        assert "·· may not be played" in d.text()

    play(scenario, _session("modern", seed=8))


@pytest.mark.parametrize("size", [(79, 24), (80, 23), (60, 20)])
def test_a_terminal_too_small_says_so_and_the_table_comes_back(
    play: Play, size: tuple[int, int]
) -> None:
    async def scenario(d: Driver) -> None:
        await d.settle()
        width, height = size
        told = f"The terminal is {width}×{height}, too small: the table needs at least 80×24."
        await d.pilot.resize_terminal(*size)
        await d.until(lambda: _said(told, d.text()), "the terminal said too small")
        text = d.text()
        assert "Your hand" not in text and "╭" not in text  # no clipped boxes
        before = (len(d.app.session.game.events), set(d.app.marked))
        await d.press("enter", "space", "q", "s")  # keys pressed blind do nothing
        assert (len(d.app.session.game.events), set(d.app.marked)) == before
        assert d.app.speed == "fast"
        await d.pilot.resize_terminal(*MIN_SIZE)
        await d.until(lambda: "Your hand" in d.text(), "the table back")
        text = d.text()
        assert "Your hand" in text and "too small" not in text and "The terminal is" not in text
        _fits(d)

    play(scenario, _session("modern"))


def test_a_game_started_in_a_small_terminal_says_so_at_once(play: Play) -> None:
    async def scenario(d: Driver) -> None:
        await d.until(lambda: _said("The terminal is 70×20", d.text()), "said too small")
        assert "Your hand" not in d.text()

    play(scenario, _session("modern"), size=(70, 20))


def test_the_line_of_keys_says_what_the_keys_do_now(play: Play) -> None:
    """The line of keys at the bottom follows the phase, as the prompt does: in a pass Enter
    marks and Space unmarks; in the play Enter plays; the whole line fits 80 columns."""
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        await d.settle()
        seen["pass"] = d.text().splitlines()[-1]
        await d.move()  # the pass
        await d.settle()
        seen["play"] = d.text().splitlines()[-1]

    play(scenario, _session("modern", seed=5))
    assert "Enter mark · Space unmark" in seen["pass"] and "Enter play" not in seen["pass"]
    assert "Enter play" in seen["play"] and "unmark" not in seen["play"]
    for line in (seen["pass"], seen["play"]):  # whole keys only, as many as 80 columns hold
        assert line.rstrip().endswith(("· ?", "· ^q")) and len(line.rstrip()) <= 79
