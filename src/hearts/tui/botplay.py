"""The bots at the terminal table: when their cards fall, and the answers they work out while the
person thinks (the pondering threads). No drawing here: :class:`BotPlay` asks its
:class:`Runner` (the app) to run a thread, set a timer, redraw, save and go on.

The bots' cards: a worker thread chooses them one after another, each bot from its own view of
the position its card will be played in (the cards chosen before it played on a copy of the
deal), until it is the person's turn; they fall onto the table one at a time, each at least a
pause after the card before it (:data:`~hearts.tui.keys.SPEEDS`; after a trick the longer
:data:`~hearts.tui.keys.TRICK_PAUSES`, which any key ends). So a bot thinks while the card before
it is still waiting to fall, and no bot ever sees more than its own view.

Pondering: while the person thinks over a card, a worker thread works out the bots' answers to
each card the person may play: the bots' cards up to the person's next turn, each bot choosing
from its own view of the position after that card, exactly as :meth:`BotPlay.start` would have
them choose once the card is played (a bot's search is seeded by the position, so it is the same
search, done sooner). The likeliest card first (the basic player's choice), then the others in
the order of the hand. When the person plays, the answers to that card fall at once (their
pauses kept) and the rest is dropped.

Every answer carries the generation it was worked out in: an undo or a new game bumps it
(:meth:`BotPlay.replan`), and a late answer from before is dropped.
"""

from __future__ import annotations

import collections
import dataclasses
import threading
import time
from collections.abc import Callable
from typing import Final, Protocol

from hearts import bots as bot_registry
from hearts.cards import Card
from hearts.deal import Deal, Phase
from hearts.events import CardPlayed
from hearts.moves import Move
from hearts.observation import SeatView
from hearts.tui.keys import SPEEDS, TRICK_PAUSES
from hearts.tui.session import ME, Session

__all__ = ["BotPlay", "Ponder", "Runner"]

BASIC: Final = bot_registry.get("basic")
"""The basic player: its choice for the person is the card pondered first (and the card played
for the person when the tricks left change nothing)."""


class Runner(Protocol):
    """What the bots ask of the app that shows the table (:class:`~hearts.tui.app.HeartsApp`)."""

    @property
    def session(self) -> Session:
        """The game played."""
        ...

    @property
    def started(self) -> bool:
        """Whether the game is chosen (no pondering before)."""
        ...

    def say(self, text: str, *, error: bool = False) -> None:
        """A line at the bottom of the table."""

    def save(self) -> None:
        """Save the game as it stands."""

    def refresh_table(self) -> None:
        """Redraw the table (a card fell, the next bot still thinking)."""

    def advance(self) -> None:
        """The bots are done for now: show what is due and let the next seat move."""

    def in_thread(self, work: Callable[[], None], group: str) -> None:
        """Run ``work`` in a worker thread of ``group``."""

    def from_thread(self, step: Callable[..., None], *args: object) -> None:
        """From a worker thread: run ``step(*args)`` in the app's thread."""

    def after(self, delay: float, step: Callable[[], None]) -> None:
        """Run ``step`` in ``delay`` seconds (more than 0)."""

    def soon(self, step: Callable[[], None]) -> None:
        """Run ``step`` once the events waiting now are handled."""


@dataclasses.dataclass
class Ponder:
    """The bots' answers worked out while the person thinks, in the position ``key``
    (generation, hand number, moves made so far): for each card of the person, the bots' moves up
    to the person's next turn, and whether they got that far."""

    key: tuple[int, int, int]
    answers: dict[Card, tuple[list[tuple[int, Move]], bool]] = dataclasses.field(
        default_factory=dict
    )
    adopted: Card | None = None
    """The card the person played while its answers were being worked out: the thread goes
    on with it alone, its cards falling as they come."""


class BotPlay:
    """The bots' turns at the table of ``runner``: who moves next, when each card falls, and the
    answers pondered while the person thinks."""

    def __init__(self, runner: Runner) -> None:
        self.runner = runner
        self.generation = 0
        """Bumped by an undo or a new game: a bot's answer from before is dropped."""
        self.busy = False
        """A bot (or the auto-play) is about to move."""
        self.played_for_you = ""
        """What was played for the person this hand (told again in its summary)."""
        self._bot_lock = threading.Lock()
        self._chosen: collections.deque[tuple[int, Move, int]] = collections.deque()
        """The bots' moves chosen, still to fall onto the table: (seat, move, generation)."""
        self._working: int | None = None
        """The generation whose bots are choosing in the worker thread (None: none)."""
        self._due = 0.0
        """When the next bot card may fall (``time.monotonic``)."""
        self._timer: int | None = None
        """The generation whose next card waits for a timer (None: no timer set)."""
        self._pause_of: tuple[int, float] | None = None
        """The trick-end pause under way: (generation, when it ends); any key ends it."""
        self._hurry: int | None = None
        """The generation in which a key ended the pause: the next card falls once chosen."""
        self._ponder_lock = threading.Lock()
        self.pondering: Ponder | None = None
        """The bots' answers worked out while the person thinks (None: none under way)."""

    @property
    def session(self) -> Session:
        """The game played (the runner's)."""
        return self.runner.session

    @property
    def speed(self) -> str:
        """How fast the bots play (a name of :data:`SPEEDS`); kept with the game's save."""
        return self.session.speed if self.session.speed in SPEEDS else "normal"

    def replan(self) -> None:
        """The game has moved outside the bots' plan (an undo, a new game, a move of the laws):
        their answers worked out before are dropped."""
        self.generation += 1
        self.stop_pondering()
        self.busy = False

    # ------------------------------------------------------------------ whose turn

    def next(self) -> None:
        """Let the next seat move: the bots' passes at once, the person's card played for them
        when it changes nothing, the bots' cards (their pauses kept); at the person's turn,
        ponder the bots' answers."""
        view = self.session.view
        seats = self.session.bots_to_move()
        if seats and view.phase is Phase.PASS:
            # The bots choose their passes at once, face down; the person's is seen by nobody.
            self.start(seats[0], 0.0)
            return
        if self.session.my_turn:
            if self.auto_play_due():
                self._schedule(self._auto_play, self._delay())
            else:
                self.ponder()
            return
        if seats:
            self.start(seats[0], *self._pause_after(view))

    def auto_play_due(self) -> bool:
        """The person's card is played for them: the tricks left change nothing, or it is the
        last card in hand (a forced single card earlier is left to the person, who may want to
        look at the trick before it goes)."""
        view = self.session.view
        if not view.my_turn or view.phase is not Phase.PLAY or not view.hand:
            return False
        return view.outcome_fixed or (len(view.hand) == 1 and len(view.legal_moves) == 1)

    def _delay(self) -> float:
        """Seconds at least between two cards, at the bots' speed."""
        return SPEEDS[self.speed]

    def _pause_after(self, view: SeatView) -> tuple[float, bool]:
        """Seconds before a bot's card may fall, and whether it is the pause after a trick
        (longer: the bot leads to a trick just taken)."""
        if view.phase is Phase.PLAY and not view.trick and view.tricks:
            return TRICK_PAUSES[self.speed], True
        return self._delay(), False

    def _schedule(self, step: Callable[[], None], delay: float) -> None:
        """Run ``step`` in ``delay`` seconds, unless the game has moved outside the plan."""
        self.busy = True
        generation = self.generation

        def run() -> None:
            if generation == self.generation:
                step()

        if delay <= 0:
            self.runner.soon(run)
        else:
            self.runner.after(delay, run)

    def _auto_play(self) -> None:
        """The tricks left cannot change the hand's result: play the person's card for them
        (as the basic bot would), without an undo point of its own."""
        self.busy = False
        if not self.auto_play_due():
            self.runner.advance()
            return
        view = self.session.view
        last = not view.outcome_fixed  # the only card left
        move = BASIC.choose(dataclasses.replace(view, laws=None))  # (a card: no claim)
        self.session.play(move, checkpoint=False)
        if last and isinstance(move, Card):
            self.played_for_you = f"Your last card, the {move.symbol}, was played for you."
        else:
            self.played_for_you = "The last tricks changed nothing: they were played for you."
        self.runner.say(self.played_for_you)
        self.runner.save()
        self.runner.advance()

    # ------------------------------------------------------------------ the bots' cards

    def start(self, seat: int, pause: float, trick_end: bool = False) -> None:
        """Let the bots choose from ``seat`` on, in a worker thread; their cards fall here.
        The answers worked out while the person thought (:meth:`ponder`) are used instead when
        the person's card was pondered: all of them, or those so far and the pondering thread
        goes on with that card."""
        self.busy = True
        generation = self.generation
        game = self.session.game
        deal = game.deal.copy()
        commitment = game.view(seat).commitment
        bots = self.session.bots
        self._set_due(pause, trick_end)
        chain, answered = self._pondered(deal)
        # Answered: every card is here. Adopted: the thread that pondered this card goes on
        # choosing the rest (and says when it is done). Answered with no card (the pondering
        # stops where the play does: a widow's discard, the moon): chosen below, as usual.
        if answered is False or (answered and chain):
            for move_seat, move in chain:
                self._chosen.append((move_seat, move, generation))
            self._working = None if answered else generation
            self._fall()
            return
        self._working = generation

        def choose() -> None:
            to_act: int | None = seat
            while to_act is not None and generation == self.generation:
                view = dataclasses.replace(deal.view(to_act), commitment=commitment)
                with self._bot_lock:  # a stale answer may still be running on the same bot
                    move = bots[to_act].choose(view)
                deal.play(move, to_act)
                self.runner.from_thread(self._bot_chose, to_act, move, generation)
                to_act = deal.to_act
                if deal.is_over or deal.phase is not Phase.PLAY or to_act not in bots:
                    to_act = None
            self.runner.from_thread(self._bots_done, generation)

        self.runner.in_thread(choose, "bots")

    def _set_due(self, pause: float, trick_end: bool) -> None:
        """The next card falls ``pause`` seconds from now at the earliest; after a trick, any
        key ends that pause."""
        self._due = time.monotonic() + pause
        self._pause_of = (self.generation, self._due) if trick_end and pause > 0 else None
        self._hurry = None

    def _bot_chose(self, seat: int, move: Move, generation: int) -> None:
        """A bot's move is chosen (in the app's thread): it falls in its turn."""
        if generation != self.generation:
            return
        self._chosen.append((seat, move, generation))
        self._fall()

    def _bots_done(self, generation: int) -> None:
        """The bots have chosen up to the person's turn: once their cards have fallen, go on."""
        if generation != self.generation:
            return
        self._working = None
        if not self._chosen:
            self.busy = False
            self.runner.advance()

    def _fall(self) -> None:
        """The next card chosen falls onto the table, once its pause is over."""
        while self._chosen and self._chosen[0][2] != self.generation:
            self._chosen.popleft()  # chosen before an undo or a new game
        if not self._chosen or self._timer == self.generation:
            return
        seat, move, generation = self._chosen[0]
        wait = self._due - time.monotonic()
        if wait > 0 and self._hurry != generation:
            self._timer = generation
            due = self._due

            def later() -> None:
                if self._timer == generation and self._due == due:
                    self._timer = None
                    self._fall()

            self.runner.after(wait, later)
            return
        self._timer = None
        self._chosen.popleft()
        self.session.game.play(move, seat=seat)
        self.runner.save()
        self._set_due(*self._pause_after(self.session.view))
        if self._chosen:
            self.runner.refresh_table()
            self._fall()
        elif self._working == generation:
            self.runner.refresh_table()  # the next bot is still thinking
        else:
            self.busy = False
            self.runner.advance()

    def end_pause(self) -> bool:
        """A key during the pause after a trick: the next card falls as soon as it is chosen.
        Returns whether there was such a pause (the key then does nothing else)."""
        if (
            self._pause_of is None
            or self._pause_of[0] != self.generation
            or time.monotonic() >= self._pause_of[1]
            or not self.busy
        ):
            return False
        self._pause_of = None
        self._hurry = self.generation
        self._timer = None  # (its timer then finds another card due, or none, and does nothing)
        self._due = time.monotonic()
        self._fall()
        return True

    # ------------------------------------------------------------------ pondering

    def ponder(self) -> None:
        """Start working out the bots' answers to the person's cards (once a position)."""
        view = self.session.view
        if view.phase is not Phase.PLAY or not self.runner.started:
            return
        bots = self.session.bots
        game = self.session.game
        deal = game.deal.copy()
        key = (self.generation, deal.hand_number, deal.moves_made)
        with self._ponder_lock:
            if self.pondering is not None and self.pondering.key == key:
                return
        cards = [move for move in view.legal_moves if isinstance(move, Card)]
        if not cards or any(seat not in bots for seat in range(self.session.players) if seat != ME):
            return
        likely = BASIC.choose(view)
        cards.sort(key=lambda card: card != likely)  # (stable: the others in hand order)
        commitment = view.commitment
        ponder = Ponder(key)
        with self._ponder_lock:
            self.pondering = ponder

        def work() -> None:
            generation = key[0]
            for card in cards:
                trial = deal.copy()
                trial.play(card, ME)
                chain: list[tuple[int, Move]] = []
                with self._ponder_lock:
                    if self.pondering is not ponder or ponder.adopted is not None:
                        return
                    ponder.answers[card] = (chain, False)
                to_act = trial.to_act
                while not trial.is_over and trial.phase is Phase.PLAY and to_act in bots:
                    seat_view = dataclasses.replace(trial.view(to_act), commitment=commitment)
                    with self._bot_lock:
                        if self.pondering is not ponder:
                            return
                        move = bots[to_act].choose(seat_view)
                    trial.play(move, to_act)
                    with self._ponder_lock:
                        if self.pondering is not ponder:
                            return
                        chain.append((to_act, move))
                        adopted = ponder.adopted == card
                    if adopted:  # the person played this card: its answers fall as they come
                        self.runner.from_thread(self._bot_chose, to_act, move, generation)
                    to_act = trial.to_act
                with self._ponder_lock:
                    if self.pondering is not ponder:
                        return
                    ponder.answers[card] = (chain, True)
                    adopted = ponder.adopted == card
                    if adopted:
                        self.pondering = None
                if adopted:  # (told outside the lock: the app's thread takes it to ponder on)
                    self.runner.from_thread(self._bots_done, generation)
                    return

        self.runner.in_thread(work, "ponder")

    def stop_pondering(self) -> None:
        """Stop working out the bots' answers (the thread stops after the bot's current move)."""
        with self._ponder_lock:
            self.pondering = None

    def _pondered(self, deal: Deal) -> tuple[list[tuple[int, Move]], bool | None]:
        """The bots' answers worked out for the card the person just played in ``deal``, and
        whether they are all there (True), or the pondering thread, which is working on that
        card now, goes on with it (False: it is adopted); None when that card was not pondered
        (pondering then stops)."""
        with self._ponder_lock:
            ponder, self.pondering = self.pondering, None
            if ponder is None:
                return [], None
            generation, hand, moves = ponder.key
            last = next(
                (event for event in reversed(deal.events) if isinstance(event, CardPlayed)), None
            )
            if (
                generation != self.generation
                or hand != deal.hand_number
                or moves + 1 != deal.moves_made
                or last is None
                or last.seat != ME
                or last.card not in ponder.answers
            ):
                return [], None
            chain, complete = ponder.answers[last.card]
            if not complete:  # (only the card being pondered now is open)
                ponder.adopted = last.card
                self.pondering = ponder  # (its thread goes on with this card only)
            return list(chain), complete
