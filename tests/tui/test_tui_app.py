"""The terminal game (hearts.tui.app), driven by keys with Textual's pilot at 80×24."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import Driver

from hearts import Card, Phase, variants
from hearts.errors import IllegalMove
from hearts.events import BidMade, CardPlayed, HandSettled, SuitNamed
from hearts.tui import keys as key_page
from hearts.tui.app import ChoiceScreen, HeartsApp, card_keys, positions
from hearts.tui.saves import Lock, Saves
from hearts.tui.session import ME, Session
from hearts.tui.widgets import CELL, HandView, SeatBox

Play = Callable[..., HeartsApp]


def _session(variant: str = "modern", seed: int = 5, players: int | None = None) -> Session:
    rules = variants.get(variant)
    if players is not None:
        rules = variants.for_players_named(variant, players)
    return Session.new(rules, ["basic"] * (rules.players - 1), seed=seed, variant=variant)


def test_a_whole_modern_hand_by_keys_pass_play_and_summary(play: Play) -> None:
    """docs/rules.md §6.2–6.5: pass three (typed by name), play every trick, see the settlement."""
    seen: dict[str, Any] = {}

    async def scenario(d: Driver) -> None:
        await d.settle()
        view = d.app.view
        assert view.phase is Phase.PASS and "pass left" in d.text()
        chosen = view.hand.cards()[-3:]
        for card in chosen:
            await d.press(*card_keys(card))
        await d.drawn()
        assert d.text().count("▲▲") == 3
        await d.press("enter")
        await d.settle()
        assert d.app.view.passed is not None and set(d.app.view.passed) == set(chosen)
        assert "new" in d.text()  # the cards received are shown
        await d.play_hand()
        seen["summary"] = d.text()

    app = play(scenario, _session("modern"))
    settled = next(e for e in app.session.game.events if isinstance(e, HandSettled))
    summary = seen["summary"]
    assert "Hand 1" in summary and "Enter: on to the next hand" in summary
    for seat, name in enumerate(("You", "West", "North", "East")):
        rows = [line.replace("│", " ").split() for line in summary.splitlines()]
        row = next(r for r in rows if r and r[0] == name and r[-1].lstrip("-").isdigit())
        assert row[-1] == str(settled.totals[seat]), row
    assert app.session.game.hand_number == 1


def test_a_classic_hand_with_counters_and_the_pool(play: Play) -> None:
    """docs/rules.md §3.1 (the sweepstakes): counters paid, the pool won or left as a Jack."""
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        await d.settle()
        assert d.app.view.phase is Phase.PLAY  # the laws: no pass
        await d.play_hand()
        seen["summary"] = d.text()
        await d.press("enter")
        await d.settle()
        assert len(d.app.screen_stack) == 1  # back at the table, the next hand dealt

    app = play(scenario, _session("classic", seed=2))
    summary = seen["summary"]
    assert "counters" in summary
    settled = next(e for e in app.session.game.events if isinstance(e, HandSettled))
    if settled.pool:  # the summary says what the core's settlement did with the pool
        assert f"The pool of {settled.pool} " in summary and "stays on the table" in summary
        assert "The pool is won." not in summary
    else:
        assert "The pool is won." in summary and "stays on the table" not in summary
    assert app.session.game.hand_number == 1


def test_auction_bidding_and_naming_a_suit_by_keys(play: Play) -> None:
    """docs/rules.md §5.1: each seat bids once, the highest names the suit to avoid."""

    async def scenario(d: Driver) -> None:
        for _ in range(10):
            await d.settle()
            view = d.app.view
            if view.phase is Phase.BID:
                assert "Your bid" in d.text() and "The auction" in d.text()
                await d.press(*str(view.auction.high_bid + 1), "enter")
                continue
            if view.phase is Phase.NAME:
                await d.press("d", "enter")
                continue
            break
        view = d.app.view
        assert view.phase is Phase.PLAY
        assert view.auction is not None and view.auction.named_suit is not None
        assert f"avoid {view.auction.named_suit.name.lower()}" in d.text()

    app = play(scenario, _session("auction", seed=3))
    mine = [e for e in app.session.game.events if isinstance(e, BidMade) and e.seat == ME]
    assert len(mine) == 1 and mine[0].amount > 0
    named = [e for e in app.session.game.events if isinstance(e, SuitNamed)]
    # The dealer (the person, in the first hand) bids last: above the others, so it names.
    assert app.session.game.deal.bidder == ME and named[0].seat == ME
    assert named[0].suit == "diamonds"


def test_an_illegal_card_says_why_and_changes_nothing(play: Play) -> None:
    """docs/rules.md §2.3 (follow suit): a card that may not be played is refused in a sentence."""

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.move()  # the pass
        while True:
            await d.settle()
            view = d.app.view
            legal = set(view.legal_moves)
            wrong = [c for c in view.hand if c not in legal]
            if wrong:
                break
            await d.move()
        before = (len(d.app.session.game.events), view.hand)
        with pytest.raises(IllegalMove) as refused:  # the core's reason for this card
            d.app.session.game.verify_play(wrong[0], ME)
        reason = str(refused.value).replace(f"seat {ME} ", "you ").replace(f"seat {ME}'s", "your")
        await d.pressed(*card_keys(wrong[0]), "enter")
        assert (len(d.app.session.game.events), d.app.view.hand) == before
        message = d.app.last_message
        assert message == reason[:1].upper() + reason[1:].rstrip(".") + "."
        assert message[:30] in " ".join(d.text().split())

    play(scenario, _session("modern", seed=9))


def test_unknown_keys_and_cards_not_held_change_nothing(play: Play) -> None:
    async def scenario(d: Driver) -> None:
        await d.settle()
        before = len(d.app.session.game.events)
        await d.pressed("x")
        assert "does nothing here" in d.app.last_message
        held = d.app.view.hand
        absent = next(
            Card.parse(f"{r}{s}")
            for s in "CDSH"
            for r in "23456789TJQKA"
            if Card.parse(f"{r}{s}") not in held
        )
        await d.pressed(*card_keys(absent))
        assert "You do not hold" in d.app.last_message
        await d.pressed("enter")  # marks the card at the cursor: one marked, nothing played
        assert len(d.app.session.game.events) == before
        await d.pressed("u")
        assert "nothing to undo" in d.app.last_message.lower()

    play(scenario, _session("modern", seed=1))


def test_undo_goes_back_to_your_previous_move(play: Play) -> None:
    """Undo against bots: back to the moment before your last move, the bots' moves too."""

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.move()
        await d.settle()
        await d.move()  # a card
        await d.settle()
        before_card = d.app.session.checkpoints[-1]
        await d.press("u")
        await d.settle()
        game = d.app.session.game
        assert (len(game.hands), game.deal.moves_made) == before_card
        assert d.app.view.my_turn and d.app.view.phase is Phase.PLAY
        await d.press("u")
        await d.settle()
        assert d.app.view.phase is Phase.PASS and d.app.view.passed is None

    play(scenario, _session("modern", seed=4))


def test_a_click_plays_a_card(play: Play) -> None:
    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.move()
        await d.settle()
        view = d.app.view
        legal = [m for m in view.legal_moves if isinstance(m, Card)]
        hand = d.app._hand_cards()
        index = hand.index(legal[0])
        await d.pilot.click(HandView, offset=(2 + index * CELL, 1))
        await d.shows(lambda: legal[0] not in d.app.view.hand, "the card clicked played")
        assert CardPlayed(seat=ME, card=legal[0]) in d.app.session.game.events
        assert legal[0] not in d.app.view.hand

    play(scenario, _session("modern", seed=6))


def test_a_hint_names_a_legal_move_and_why(play: Play) -> None:
    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.move()
        await d.settle()
        await d.press("h")
        await d.until(lambda: d.app.last_message.startswith("Hint:"), "the hint")
        assert d.app.cursor_card in set(d.app.view.legal_moves)

    play(scenario, _session("modern", seed=7))


def test_the_screen_shows_no_other_seats_cards(play: Play) -> None:
    """docs/architecture.md principle 4: the face draws view(0) and nothing else."""

    async def scenario(d: Driver) -> None:
        await d.settle()
        text = d.text()
        mine = {c.symbol for c in d.app.view.hand}
        others = set()
        for seat in range(1, 4):
            others |= {c.symbol for c in d.app.session.game.deal.hand(seat)}
        shown = {token for token in text.split() if token in mine | others}
        assert shown == mine

    play(scenario, _session("modern", seed=8))


def test_it_fits_80_by_24_and_grows(play: Play) -> None:
    def check(size: tuple[int, int]) -> None:
        async def scenario(d: Driver) -> None:
            await d.settle()
            lines = d.text().splitlines()
            assert len(lines) == size[1]
            assert all(len(line) <= size[0] for line in lines)
            joined = "\n".join(lines)
            for part in ("Your hand", "West", "North", "East", "Score", "s speed · ?"):
                assert part in joined, part
            hand = d.app.query_one(HandView)
            assert hand.region.bottom <= size[1] - 3

        play(scenario, _session("modern"), size=size)

    check((80, 24))
    check((120, 40))


def test_the_rules_page_and_the_speed_key(play: Play) -> None:
    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.press("?")
        await d.page_drawn()
        page = d.text()
        assert f"The rules: {variants.variant('modern').title} (modern)" in page
        await d.press("escape")
        await d.table_drawn()
        assert len(d.app.screen_stack) == 1
        await d.press("s")
        await d.shows(lambda: d.app.speed != "fast", "the speed key handled")
        await d.drawn()
        assert d.app.speed == "normal"  # from fast
        assert "bots normal" in d.text()

    play(scenario, _session("modern"))


def test_a_game_to_its_end_shows_the_winner_and_the_chart(play: Play, tmp_path: Path) -> None:
    """Hoyle 1913's simple method: each deal is a game, so one hand ends it."""
    saved = tmp_path / "game.json"
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        await d.play_hand()
        await d.press("enter")
        await d.settle()
        seen["over"] = d.text()
        await d.press("n")
        await d.settle()
        seen["new"] = d.text()

    app = play(
        scenario,
        _session("simple", seed=3),
        save_path=saved,
        new_game=lambda old: Session.new(old.game.rules, old.bot_names, seed=99),
    )
    over = seen["over"]
    assert ("win" in over) and "Totals after each hand" in over and "┤" in over
    assert (tmp_path / "finished" / "game-3.json").exists()
    assert "hand 1" in seen["new"] and app.session.seed == 99
    assert saved.exists()  # the new game is saved as it goes


def test_a_saved_game_resumes_where_it_was(play: Play, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    state: dict[str, Any] = {}

    async def first(d: Driver) -> None:
        await d.settle()
        await d.move()
        await d.settle()
        await d.move()
        await d.settle()
        state["view"] = d.app.view

    play(first, _session("modern", seed=12), save_path=saved)
    resumed = Session.load(saved)
    assert resumed.view == state["view"]

    async def second(d: Driver) -> None:
        await d.settle()
        assert d.app.view == state["view"]
        await d.press("u")  # the undo points were saved too
        await d.settle()
        assert len(d.app.view.hand) == len(state["view"].hand) + 1

    play(second, resumed, save_path=saved)


def test_ctrl_q_saves_and_the_next_start_offers_the_game_at_its_speed(
    play: Play, tmp_path: Path
) -> None:
    """Quit with Ctrl+Q (after changing the speed), start again: the app offers the unfinished
    game (its form, hand, totals, when), Enter continues it as it was, at the speed it had."""
    saves = Saves(tmp_path)
    path = saves.create()
    state: dict[str, Any] = {}

    async def first(d: Driver) -> None:
        await d.settle()
        await d.move()  # the pass
        await d.settle()
        await d.press("s")  # fast -> normal
        state["view"] = d.app.view
        await d.press("ctrl+q")

    app = play(first, _session("modern", seed=12), save_path=path, saves=saves)
    assert app.speed == "normal" and app.return_code is not None  # it closed
    saves.close()
    saved = Session.load(path)
    assert saved.view == state["view"] and saved.speed == "normal"

    kept, _ = saves.scan()
    seen: dict[str, Any] = {}

    async def second(d: Driver) -> None:
        await d.settle()
        assert isinstance(d.app.screen, ChoiceScreen)
        seen["offer"] = d.text()
        seen["seats before"] = len(d.app.query(SeatBox))
        await d.press("enter")
        await d.settle()
        seen["table"] = d.text()
        seen["seats"] = len(d.app.query(SeatBox))

    # The new game it would start is three-handed: continuing redraws the table for four.
    new = _session("black-maria", seed=99)
    app = play(second, new, saves=saves, offer=saves.unfinished(kept))
    offer = seen["offer"]
    assert "You have an unfinished game:" in offer and "modern, 4 players, hand 1" in offer
    assert "last played today at" in offer and "n: a new game (black-maria, basic ×2)" in offer
    assert app.session.seed == 12 and app.save_path == path
    assert app.view == state["view"] and app.speed == "normal"
    assert "bots normal" in seen["table"] and "North" in seen["table"]
    assert (seen["seats before"], seen["seats"]) == (2, 3)
    assert path in saves.held  # locked while it is played
    saves.close()
    assert sorted(saves.games.glob("*.json")) == [path]  # nothing new was started


def test_ctrl_c_quits_and_saves_as_ctrl_q_does(play: Play, tmp_path: Path) -> None:
    """Ctrl+C, the key a terminal user tries first, quits the game and keeps it, as Ctrl+Q."""
    saves = Saves(tmp_path)
    path = saves.create()
    state: dict[str, Any] = {}

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.move()  # the pass
        await d.settle()
        state["view"] = d.app.view
        await d.press("ctrl+c")

    app = play(scenario, _session("modern", seed=12), save_path=path, saves=saves)
    assert app.return_code is not None  # it closed
    saves.close()
    assert Session.load(path).view == state["view"]


def test_the_offer_counts_every_unfinished_game_and_its_keys_show_on_a_small_terminal(
    play: Play, tmp_path: Path
) -> None:
    """Seven unfinished games: the offer says seven, shows the last five played and says how
    to list them all; at 70x20 its keys are still on the screen."""
    saves = Saves(tmp_path)
    for seed in range(7):
        _session(seed=seed).save(saves.create())
    saves.close()
    kept, _ = saves.scan()
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        await d.until(lambda: isinstance(d.app.screen, ChoiceScreen), "the offer is up")
        await d.until(lambda: "unfinished games" in d.text(), "the offer is drawn")
        seen["text"] = d.text()
        await d.press("ctrl+q")

    play(scenario, _session(seed=9), size=(70, 20), saves=saves, offer=saves.unfinished(kept))
    text = " ".join(seen["text"].replace("│", " ").split())
    assert "You have 7 unfinished games" in text
    assert "the last 5 played are here (`hearts play --list` lists every game" in text
    assert "1-5: continue that one" in text and "Ctrl+Q: quit" in text


def test_a_game_open_elsewhere_is_not_played_twice(play: Play, tmp_path: Path) -> None:
    saves = Saves(tmp_path)
    path = saves.create()
    _session(seed=12).save(path)
    saves.close()
    kept, _ = saves.scan()
    elsewhere = Lock.take(path.with_suffix(".lock"))  # as another `hearts play` holds it
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.press("enter")
        await d.until(lambda: "is open in another" in d.text(), "the game is said open elsewhere")
        seen["text"] = d.text()
        assert isinstance(d.app.screen, ChoiceScreen)  # still asking
        await d.pressed("x")
        seen["x"] = d.text()
        await d.press("n")  # a new game instead, beside it
        await d.settle()

    try:
        app = play(scenario, _session(seed=5), saves=saves, offer=saves.unfinished(kept))
    finally:
        elsewhere.release()
    assert "is open in another `hearts play` (process" in seen["text"]
    assert "'x' chooses nothing here" in seen["x"]
    assert app.session.seed == 5 and app.save_path is not None and app.save_path != path
    assert Session.load(app.save_path).seed == 5 and Session.load(path).seed == 12
    saves.close()


def test_two_packs_and_many_seats_render_and_play(play: Play) -> None:
    """Cancellation Hearts at eight (docs/rules.md §7): the seats along the top, both copies."""

    async def scenario(d: Driver) -> None:
        await d.settle()
        text = d.text()
        assert all(f"Seat {n}" in text for n in range(1, 8))
        for _ in range(3):
            await d.move()
            await d.settle()

    play(scenario, _session("cancellation", seed=3, players=8))


@pytest.mark.parametrize(
    "variant", ["two-handed", "heartsette", "black-maria", "domino", "joker", "omnibus"]
)
def test_other_presets_play_a_hand_by_keys(play: Play, variant: str) -> None:
    async def scenario(d: Driver) -> None:
        await d.play_hand()

    app = play(scenario, _session(variant, seed=2))
    assert any(isinstance(e, HandSettled) for e in app.session.game.events)


def test_no_color_is_respected(monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR (no-color.org): Textual draws in monochrome when it is set."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = HeartsApp(_session("modern"))
    assert app.no_color
    monkeypatch.delenv("NO_COLOR")
    assert not HeartsApp(_session("modern")).no_color


def test_seats_sit_around_the_table() -> None:
    assert positions(4) == ([1], [2], [3])
    assert positions(3) == ([1], [], [2])
    assert positions(2) == ([], [1], [])
    assert positions(7) == ([1], [2, 3, 4, 5], [6])


def test_a_bid_out_of_range_is_refused_in_a_sentence(play: Play) -> None:
    """docs/rules.md §5.1.2: a bid above the last, at most ``max_bid``; a wrong one changes nothing."""
    seen: dict[str, int] = {}

    async def scenario(d: Driver) -> None:
        await d.settle()
        view = d.app.view
        assert view.phase is Phase.BID  # the bots before the person have bid
        before = len(d.app.session.game.events)
        await d.pressed("9", "9", "enter")
        assert len(d.app.session.game.events) == before
        assert "99" in d.app.last_message and d.app.last_message.endswith(".")
        seen["bid"] = view.auction.high_bid + 1
        await d.press(*str(seen["bid"]), "enter")
        await d.settle()

    app = play(scenario, _session("auction", seed=3))
    bids = [e for e in app.session.game.events if isinstance(e, BidMade) and e.seat == ME]
    assert [e.amount for e in bids] == [seen["bid"]]


def test_the_readme_screenshot_is_taken_by_textual(tmp_path: Path) -> None:
    """The README's picture: `python -m hearts.tui.screenshot docs/play.svg` takes it so."""
    from hearts.tui.screenshot import take

    path = tmp_path / "play.svg"
    app = take(path)
    svg = path.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "Your" in svg and "Trick" in svg
    view = app.view
    assert view.my_turn and view.trick and len(view.tricks) >= 3
    assert (Path(__file__).parents[2] / "docs" / "play.svg").exists()


def test_a_hint_for_a_position_that_has_passed_is_dropped(play: Play) -> None:
    """A hint answers the position it was asked at; once the game has moved on it says nothing."""

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.move()
        await d.settle()
        app = d.app
        position = app._position()
        await d.move()  # the person plays before the answer comes
        await d.settle()
        app._hinted(app.view.hand.cards()[0], "stale advice", position)
        assert "stale advice" not in app.last_message and app.hint_text is None
        assert not app.marked

    play(scenario, _session("modern", seed=7))


def test_naming_a_suit_is_typed_then_confirmed(play: Play) -> None:
    """docs/rules.md §5.1.4: the highest bidder names the suit; h is hearts here, so Enter confirms."""

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.press(*str(d.app.view.auction.high_bid + 1), "enter")  # the dealer outbids everyone
        await d.settle()
        assert d.app.view.phase is Phase.NAME
        await d.pressed("enter")
        assert "Type the suit" in d.app.last_message and d.app.view.phase is Phase.NAME
        await d.pressed("h")
        assert d.app.view.phase is Phase.NAME and "name hearts" in d.text()
        await d.press("s", "enter")
        await d.settle()
        assert d.app.view.auction.named_suit is not None
        assert d.app.view.auction.named_suit.name == "SPADES"

    play(scenario, _session("auction", seed=3))


def test_a_bare_enter_in_the_bidding_asks_for_a_bid(play: Play) -> None:
    async def scenario(d: Driver) -> None:
        await d.settle()
        before = len(d.app.session.game.events)
        await d.pressed("enter")
        assert len(d.app.session.game.events) == before
        assert d.app.last_message.startswith("Type a bid")

    play(scenario, _session("auction", seed=3))


def test_the_rules_page_scrolls_to_where_to_read_more(play: Play) -> None:
    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.press("?")
        await d.page_drawn()
        await d.press("end")
        await d.page_drawn()
        assert "docs/rules.md in the project" in d.text()
        assert "Enter: back to the game" in d.text()
        await d.press("enter")
        await d.table_drawn()
        assert len(d.app.screen_stack) == 1

    play(scenario, _session("auction", seed=3))


def test_without_colour_the_cards_you_may_not_play_are_marked(
    play: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.move()
        for _ in range(20):
            await d.settle()
            view = d.app.view
            unplayable = [c for c in view.hand if c not in set(view.legal_moves)]
            if unplayable:
                break
            await d.move()
        rendered = d.app.query_one(HandView).render()
        marks = rendered.plain.splitlines()[1]
        assert marks.count("··") == len(unplayable)
        assert all(span.style != "red" for span in rendered.spans)

    play(scenario, _session("modern", seed=9))


def test_after_the_game_enter_brings_the_last_page_back(play: Play, tmp_path: Path) -> None:
    async def scenario(d: Driver) -> None:
        await d.play_hand()
        await d.press("enter")
        await d.settle()
        await d.press("escape")
        await d.table_drawn()
        assert len(d.app.screen_stack) == 1 and "record is kept" in d.app.last_message
        await d.press("enter")
        await d.page_drawn()
        assert "Totals after each hand" in d.text()

    play(scenario, _session("simple", seed=3), save_path=tmp_path / "game.json")
    assert len(list((tmp_path / "finished").iterdir())) == 1


def test_the_last_tricks_play_themselves_once_they_change_nothing(play: Play) -> None:
    """Every card that counts is taken (SeatView.outcome_fixed): the person's last cards are
    played for them, as the basic bot would, and are not undo points."""
    seen: dict[str, Any] = {}

    async def scenario(d: Driver) -> None:
        keyed = 0
        for _ in range(40):
            await d.settle()
            if len(d.app.screen_stack) > 1:
                break
            await d.move()
            keyed += 1
        seen["keyed"] = keyed
        seen["summary"] = d.text()

    app = play(scenario, _session("modern", seed=6))
    assert "Hand 1" in seen["summary"]
    assert seen["keyed"] < 14  # the pass and fewer than 13 cards were played by keys
    assert len(app.session.checkpoints) == seen["keyed"]


def test_heartsette_the_widow_is_shown_and_discarded_by_keys(play: Play) -> None:
    """docs/rules.md §5.5: the winner of the first trick takes the widow and discards as many."""

    async def scenario(d: Driver) -> None:
        for _ in range(20):
            await d.settle()
            if d.app.view.phase is Phase.DISCARD:
                break
            await d.move()
        view = d.app.view
        assert view.phase is Phase.DISCARD and view.my_turn  # seed 1: the person takes it
        widow = set(view.hand) - set(view.dealt)
        assert d.text().count("new") == len(widow) == 3
        await d.move()  # three cards typed, then Enter
        await d.settle()
        assert d.app.view.phase is Phase.PLAY and len(d.app.view.hand) == len(view.hand) - 3

    play(scenario, _session("heartsette", seed=1))


PAGE_ROWS = re.compile(r"^[│ ]*(.*?)[│▁▂▃▄▅▆▇█▔ ]*$")


def _page_rows(screen: str) -> list[str]:
    """The rows of a page on the screen, without its border and scrollbar."""
    return [PAGE_ROWS.match(row).group(1) for row in screen.splitlines()]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("variant", "rule"),
    [
        ("modern", "- The 2♣ leads the first trick."),
        ("classic", "- Hearts count 1 each (13 a deal)."),
        ("auction", "- Each card of the named suit counts 1 (13 a deal)."),
        ("heartsette", "- Each player gets 12 cards (2♠ taken out); the 3 left lie face down as a"),
        ("domino", "- Each player gets 6 cards; the other 28 lie face down as a stock."),
    ],
)
def test_the_question_mark_page_shows_the_keys_then_the_rules_in_words(
    play: Play, variant: str, rule: str
) -> None:
    """Press ? at 80×24 and read it page by page: the keys are on the first screen, above the
    rules; the rules are sentences (no raw field of Rules); every line of the page is whole on
    the screen; the last screen says where to read more."""
    screens: list[str] = []

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.press("?")
        await d.page_drawn()
        screens.append(d.text())
        for _ in range(12):
            await d.press("pagedown")
            await d.page_drawn()  # (the scroll come to rest, and drawn)
            if d.text() == screens[-1]:
                break
            screens.append(d.text())
        await d.press("escape")
        await d.table_drawn()
        assert len(d.app.screen_stack) == 1

    play(scenario, _session(variant, seed=3))
    first = _page_rows(screens[0])
    assert "Keys" in first and first.index("Keys") < 4
    keys = next(i for i, row in enumerate(first) if row.startswith("←/→ Home End"))
    rules = next(i for i, row in enumerate(first) if row.startswith("The rules: "))
    assert first.index("Keys") < keys < rules
    rows = [row for screen in screens for row in _page_rows(screen)]
    for raw in ("strip:", "stock:", "True", "False"):
        assert not [row for row in rows if raw in row], raw
    assert rule in rows
    page = key_page.rules_page(variant, variants.get(variant))  # (the keys' page: tui/keys.py)
    assert [line for line in page if line.strip() and line.strip() not in rows] == []
    assert any("docs/rules.md in the project" in row for row in _page_rows(screens[-1]))
    assert len(screens) > 1  # at 80×24 the page scrolls
