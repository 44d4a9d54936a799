"""The terminal table's model without the screen (hearts.tui.table, hearts.tui.botplay): driven by
a runner that is no Textual app, it plays the bots' cards, ponders their answers, and turns the
person's keys into moves the core accepts or refuses; it imports no Textual and no Rich."""

from __future__ import annotations

import ast
import collections
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import new_session

from hearts import Card, Pass, Phase, bots
from hearts.events import CardPlayed
from hearts.tui import botplay, table
from hearts.tui.keys import card_keys
from hearts.tui.session import ME, Session
from hearts.tui.table import Table


class Clock:
    """The bots' clock in these tests: it moves only when a timer is waited for."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """The model's pauses kept, in a clock of the test's own (never a sleep)."""
    fake = Clock()
    monkeypatch.setattr(botplay, "time", fake)
    return fake


class Runner:
    """A runner of the model without Textual: a worker's work runs at once, in the test's
    thread; what it hands back, the timers and the calls for later run in order from a queue
    (:meth:`run`), a timer's step once the clock has moved on by its delay."""

    def __init__(self, session: Session) -> None:
        self.clock = botplay.time
        self.table = Table(self, session)
        self.started = True
        self.said: list[tuple[str, bool]] = []
        self.saves = 0
        self.draws = 0
        self.queue: collections.deque[Callable[[], None]] = collections.deque()

    @property
    def session(self) -> Session:
        return self.table.session

    def say(self, text: str, *, error: bool = False) -> None:
        self.said.append((text, error))

    def save(self) -> None:
        self.saves += 1

    def refresh_table(self) -> None:
        """As the app does before it draws: the cursor kept on a card of the hand."""
        self.draws += 1
        self.table.keep_choice()

    def advance(self) -> None:
        """As the app does, without its pages: the next seat moves."""
        self.refresh_table()
        if not self.table.bots.busy and not self.session.is_over:
            self.table.bots.next()

    def in_thread(self, work: Callable[[], None], group: str) -> None:
        work()

    def from_thread(self, step: Callable[..., None], *args: object) -> None:
        self.queue.append(lambda: step(*args))

    def after(self, delay: float, step: Callable[[], None]) -> None:
        def later() -> None:
            assert isinstance(self.clock, Clock)
            self.clock.now += delay
            step()

        self.queue.append(later)

    def soon(self, step: Callable[[], None]) -> None:
        self.queue.append(step)

    def run(self) -> None:
        """Run what waits, and what that sets waiting, until nothing does (at most 10,000)."""
        for _ in range(10_000):
            if not self.queue:
                return
            self.queue.popleft()()
        raise AssertionError("the model never stopped scheduling")


def _keys(runner: Runner, keys: list[str]) -> None:
    """The person's keys as the app hands them to the model: card names, then Enter."""
    model = runner.table
    for key in keys:
        if key == "enter":
            model.enter(lambda: "the prompt")
        else:
            assert model.card_key(key), key
            model.type_card(key)
        runner.run()


def test_the_model_imports_no_textual_and_no_rich() -> None:
    """docs/architecture.md, the terminal game: the model of the table draws nothing."""
    for module in (table, botplay):
        tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
        names = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names]  # fmt: skip
        names += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        assert not [name for name in names if name.split(".")[0] in ("textual", "rich")], module


def test_the_model_plays_a_hand_by_keys_with_the_bots_in_turn() -> None:
    """The bots pass at once, their cards fall in turn up to the person's, and the person's
    cards typed by name and Enter are played; the hand ends with every card played once."""
    runner = Runner(new_session(seed=5))
    model = runner.table
    runner.advance()
    runner.run()
    advisor = bots.get("basic")
    for _ in range(20):
        if model.finished_hands() >= 1:
            break
        assert model.session.my_turn and not model.bots.busy
        move = advisor.choose(model.view)
        if isinstance(move, Pass):
            _keys(runner, [key for card in move.cards for key in card_keys(card)] + ["enter"])
        else:
            assert isinstance(move, Card)
            _keys(runner, [*card_keys(move), "enter"])
        runner.run()
    assert model.finished_hands() == 1
    played = [event for event in model.session.game.events if isinstance(event, CardPlayed)]
    assert len({(event.seat, event.card) for event in played[:52]}) == 52
    assert runner.saves > 13 and not [text for text, error in runner.said if error]


def test_the_bots_answers_pondered_are_the_ones_that_fall() -> None:
    """While the person thinks, the bots' answers to each card are worked out; the card played,
    the answers to it are the cards that fall."""
    runner = Runner(new_session(seed=6))
    model = runner.table
    runner.advance()
    runner.run()
    advisor = bots.get("basic")
    move = advisor.choose(model.view)
    assert isinstance(move, Pass)
    model.try_move(move)
    runner.run()
    for _ in range(13):  # (on to a turn where the bots answer a card: not the trick's winner)
        assert model.view.phase is Phase.PLAY and model.session.my_turn
        ponder = model.bots.pondering
        assert ponder is not None and all(done for _, done in ponder.answers.values())
        assert set(ponder.answers) == set(model.view.legal_moves)
        answered = [card for card, (chain, _) in ponder.answers.items() if chain]
        if answered:
            break
        model.try_move(advisor.choose(model.view))
        runner.run()
    card = answered[0]
    answers, _ = ponder.answers[card]
    before = len(model.session.game.events)
    model.try_move(card)
    runner.run()
    fallen = [
        (event.seat, event.card)
        for event in model.session.game.events[before:]
        if isinstance(event, CardPlayed) and event.seat != ME
    ]
    assert fallen[: len(answers)] == [(seat, move) for seat, move in answers]


def test_a_refused_card_says_why_and_changes_nothing() -> None:
    """Every move goes to the core, which says why not and changes nothing."""
    runner = Runner(new_session(seed=6))
    model = runner.table
    runner.advance()
    runner.run()
    move = bots.get("basic").choose(model.view)
    model.try_move(move)
    runner.run()
    legal = set(model.view.legal_moves)
    wrong = [card for card in model.hand_cards() if card not in legal]
    assert wrong, "the person can play any card here"
    before = len(model.session.game.events)
    assert not model.try_move(wrong[0])
    assert len(model.session.game.events) == before
    text, error = runner.said[-1]
    assert error and text[:1].isupper()


def test_undo_drops_the_bots_late_answers() -> None:
    """An undo bumps the generation: a bot's answer from before is dropped, not played."""
    runner = Runner(new_session(seed=7))
    model = runner.table
    runner.advance()
    runner.run()
    model.try_move(bots.get("basic").choose(model.view))
    runner.run()
    generation = model.bots.generation
    model.undo()
    assert model.bots.generation == generation + 1 and model.bots.pondering is None
    runner.run()
    assert model.session.my_turn and model.view.phase is Phase.PASS
