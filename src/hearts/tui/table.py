"""The terminal table as a model, without the screen: the game on it, whose turn, and the person's
choice in the making (the cursor, the cards marked, a card's name or a bid half typed).

:class:`Table` holds the :class:`~hearts.tui.session.Session` played, the bots' turns
(:class:`~hearts.tui.botplay.BotPlay`: their scheduling and pondering threads) and the laws'
moves (:class:`~hearts.tui.laws.LawsDesk`). The person's keys become moves here: a card's name
typed moves the cursor, Enter plays or marks or passes; every move goes to the core, which
accepts it or says why not (and changes nothing). What happens is said through the
:class:`~hearts.tui.botplay.Runner` (the app: :class:`~hearts.tui.app.HeartsApp`), which draws
the table (:mod:`hearts.tui.drawing`) and reads the keys.

>>> from hearts.cards import Card
>>> hand = [Card.parse(name) for name in ("2C", "QS", "AH")]
>>> cursor(hand, Card.parse("QS"), 0)
1
"""

from __future__ import annotations

from collections.abc import Callable

from hearts.bots.helper import Helper
from hearts.cards import Card, Suit
from hearts.deal import PassChoices, Phase
from hearts.errors import HeartsError, IllegalMove
from hearts.moves import Bid, Discard, Move, NameSuit, Pass
from hearts.observation import SeatView
from hearts.tui import words
from hearts.tui.botplay import BotPlay, Runner
from hearts.tui.keys import RANK_KEYS, SPEEDS, SUIT_KEYS
from hearts.tui.laws import LawsDesk
from hearts.tui.session import ME, Session
from hearts.words import refusal

__all__ = ["Table", "cursor", "face", "high_bid", "sentence"]


def sentence(text: HeartsError | str) -> str:
    """A core message as a sentence on screen (:func:`hearts.words.refusal`): capitalised, the
    person's seat as "you", the others counted from 1 (read from the error's fields).

    >>> from hearts.errors import IllegalMove
    >>> sentence(IllegalMove("it is {to_act}'s turn, not {seat}'s", seat=0, to_act=2))
    "It is Seat 3's turn, not yours."
    """
    return refusal(text, ME)


def face(card: Card) -> str:
    """A card as the hand shows it (a second pack's copy looks like the first's).

    >>> face(Card.parse("QS"))
    'Q♠'
    """
    return card.symbol.rstrip("'")


def high_bid(view: SeatView) -> int:
    """Auction Hearts: the high bid so far (0 in a form without an auction)."""
    return view.auction.high_bid if view.auction is not None else 0


def cursor(cards: list[Card], card: Card | None, index: int) -> int:
    """Where the cursor stands in ``cards`` (the hand in suit order): on ``card`` if it is still
    there, else at ``index``, kept inside the hand.

    >>> from hearts.cards import Card
    >>> cursor([Card.parse("2C"), Card.parse("3C")], Card.parse("AS"), 5)
    1
    """
    if card is not None and card in cards:
        if not (0 <= index < len(cards) and cards[index] == card):
            return cards.index(card)
        return index
    return min(index, len(cards) - 1)


class Table:
    """The table of ``runner`` (the app showing it): the game played, the bots' turns and the
    person's choice in the making. No drawing: what is said goes through ``runner.say``."""

    def __init__(self, runner: Runner, session: Session, helper: Helper | None = None) -> None:
        self.runner = runner
        self.helper = helper
        """The process that samples beside the experts (None: they sample alone)."""
        self._session = session
        self.session = session
        self.bots = BotPlay(runner)
        """The bots' turns: when their cards fall, and the answers pondered meanwhile."""
        self.laws = LawsDesk()
        """The laws' moves by keys (a game played by the laws: :mod:`hearts.tui.laws`)."""
        self.cursor_card: Card | None = None
        self.cursor_index = 0
        self.marked: set[int] = set()
        self.pending_rank = ""
        self.bid_text = ""
        self.naming: Suit | None = None
        """Auction Hearts: the suit typed, named on Enter."""
        self.shown = self.finished_hands()
        """Hands whose summary has been shown."""
        self.hint_text: str | None = None
        """The hinted move, shown by the trick (its reason is in the message line)."""
        self.cursor_checked: tuple[int, ...] | None = None
        """The position at which the cursor was last put on a card that may be played."""

    @property
    def session(self) -> Session:
        """The game played (with unfinished games offered: the new one, until chosen)."""
        return self._session

    @session.setter
    def session(self, session: Session) -> None:
        session.use_helper(self.helper)
        self._session = session

    @property
    def speed(self) -> str:
        """How fast the bots play (a name of :data:`~hearts.tui.keys.SPEEDS`); kept with the
        game's save."""
        return self.bots.speed

    @speed.setter
    def speed(self, value: str) -> None:
        self.session.speed = value if value in SPEEDS else "normal"

    @property
    def view(self) -> SeatView:
        """The person's view: all the table shows."""
        return self.session.view

    def say(self, text: str, *, error: bool = False) -> None:
        """A line at the bottom of the table (said by the runner)."""
        self.runner.say(text, error=error)

    def position(self) -> tuple[int, int, int]:
        """Where the game stands: a hint or a bot's move is for this position only."""
        return (self.bots.generation, *self.session.position)

    def finished_hands(self) -> int:
        """The hands played to their end (all of them once the game is over)."""
        game = self.session.game
        return len(game.hands) - (0 if game.is_over else 1)

    def hand_cards(self) -> list[Card]:
        """The person's cards in suit order (a second pack's copy beside the first's)."""
        return sorted(self.view.hand, key=words.card_order)

    def choice_count(self) -> int:
        """How many cards the person passes or discards now (0: none)."""
        moves = self.view.legal_moves
        return moves.per_choice if isinstance(moves, PassChoices) else 0

    def clear_choice(self) -> None:
        """Forget the marks and what was typed (an undo, a new game)."""
        self.marked.clear()
        self.pending_rank = self.bid_text = ""
        self.naming = None

    def keep_choice(self) -> list[Card]:
        """Before the table is drawn: the marks go when no pass or discard is asked of the
        person, and the cursor stays on its card (:meth:`fix_cursor`). Returns the person's
        cards in suit order."""
        view = self.view
        cards = self.hand_cards()
        if view.phase not in (Phase.PASS, Phase.DISCARD) or not view.my_turn:
            self.marked.clear()
        self.fix_cursor(cards)
        return cards

    def fix_cursor(self, cards: list[Card]) -> None:
        """Keep the cursor on its card as the hand changes; when the person's turn to play comes,
        move it to the nearest card that may be played (the person may then move it anywhere)."""
        if not cards:
            self.cursor_index = 0
            return
        self.cursor_index = cursor(cards, self.cursor_card, self.cursor_index)
        view = self.view
        if view.phase is Phase.PLAY and view.my_turn and self.cursor_checked != self.position():
            self.cursor_checked = self.position()
            legal = {move for move in view.legal_moves if isinstance(move, Card)}
            playable = [i for i, card in enumerate(cards) if card in legal]
            if playable and self.cursor_index not in playable:
                self.cursor_index = min(playable, key=lambda i: abs(i - self.cursor_index))
        self.cursor_card = cards[self.cursor_index]
        self.marked = {i for i in self.marked if i < len(cards)}

    # ------------------------------------------------------------------ the person's keys

    def card_key(self, char: str) -> bool:
        """Whether a key goes into a card's name: a rank, or with a rank typed, its suit."""
        if self.pending_rank and (char in SUIT_KEYS or char in ("0", "k")):
            return True
        return char in RANK_KEYS or char in ("1", "*")

    def move_cursor(self, key: str) -> None:
        """←, →, Home or End along the hand."""
        cards = self.hand_cards()
        if not cards:
            return
        index = {"left": self.cursor_index - 1, "right": self.cursor_index + 1}.get(
            key, 0 if key == "home" else len(cards) - 1
        )
        self.cursor_index = max(0, min(len(cards) - 1, index))
        self.cursor_card = cards[self.cursor_index]

    def type_card(self, char: str) -> None:
        """A key of a card's name: a rank (``1`` then ``0`` is a ten), then its suit."""
        if char == "*" or (self.pending_rank == "J" and char == "k"):
            self.pending_rank = ""
            self.go_to("JK")
            return
        if self.pending_rank == "1":
            if char == "0":
                self.pending_rank = "T"
                return
            self.pending_rank = ""
        if self.pending_rank and char in SUIT_KEYS:
            name = self.pending_rank + char.upper()
            self.pending_rank = ""
            self.go_to(name)
            return
        self.pending_rank = "1" if char == "1" else RANK_KEYS.get(char, "")

    def go_to(self, name: str) -> None:
        """Put the cursor on a card by name (the next copy, with two packs); in a pass, mark it."""
        card = Card.parse(name)
        cards = self.hand_cards()
        places = [i for i, c in enumerate(cards) if c & 63 == card & 63]  # either pack's copy
        if not places:
            self.say(f"You do not hold the {card.symbol}.", error=True)
            return
        later = [i for i in places if i > self.cursor_index]
        again = cards[self.cursor_index] & 63 == card & 63
        self.cursor_index = later[0] if later and again else places[0]
        self.cursor_card = cards[self.cursor_index]
        if self.view.phase in (Phase.PASS, Phase.DISCARD) and self.view.my_turn:
            self.toggle_mark()

    def toggle_mark(self) -> None:
        """Space: mark the card under the cursor to pass or discard, or unmark it."""
        view = self.view
        if view.phase not in (Phase.PASS, Phase.DISCARD) or not view.my_turn:
            if view.phase is Phase.PLAY:
                self.say("Space marks cards to pass; to play a card press Enter", error=True)
            return
        index = self.cursor_index
        if index in self.marked:
            self.marked.discard(index)
            return
        count = self.choice_count()
        if len(self.marked) >= count:
            self.say(
                f"You choose {words.count(count, 'card')}: unmark one first (Space on it)",
                error=True,
            )
            return
        self.marked.add(index)
        self.say("")

    def enter(self, prompt: Callable[[], str]) -> None:
        """Enter: play the card under the cursor, mark it, pass the cards marked, bid the amount
        typed or name the suit typed (``prompt()``: what the table asks now, said when Enter
        does nothing in this phase)."""
        view = self.view
        if not view.my_turn:
            self.say("It is not your turn.", error=True)
            return
        if view.phase in (Phase.PASS, Phase.DISCARD):
            count = self.choice_count()
            if len(self.marked) < count:
                if self.cursor_index in self.marked:  # Enter never unmarks: Space does
                    cards = self.hand_cards()
                    card = face(cards[self.cursor_index])
                    more = words.count(count - len(self.marked), "more card")
                    self.say(f"The {card} is marked; choose {more} (Space unmarks it).")
                else:
                    self.toggle_mark()
                return
            cards = self.hand_cards()
            chosen = [cards[i] for i in sorted(self.marked)]
            kind = Pass if view.phase is Phase.PASS else Discard
            if self.try_move(kind(chosen)):
                self.marked.clear()
            return
        if view.phase is Phase.BID:
            if not self.bid_text:
                self.say(
                    f"Type a bid from {high_bid(view) + 1} and Enter, or p to pass.", error=True
                )
                return
            self.try_move(Bid(int(self.bid_text)))
            self.bid_text = ""
            return
        if view.phase is Phase.NAME:
            if self.naming is None:
                self.say("Type the suit to avoid (c, d, s or h), then Enter.", error=True)
                return
            if self.try_move(NameSuit(self.naming)):
                self.naming = None
            return
        if view.phase is Phase.PLAY:
            self.play_cursor()
            return
        self.say(prompt(), error=True)

    def play_cursor(self) -> None:
        """Play the card under the cursor."""
        cards = self.hand_cards()
        if not cards or not self.view.my_turn:
            self.say("It is not your turn.", error=True)
            return
        self.try_move(cards[self.cursor_index])

    def type_bid(self, char: str) -> None:
        """Auction Hearts: a digit of the bid, or ``p`` to pass."""
        if char == "p":
            self.try_move(Bid(0))
            self.bid_text = ""
            return
        self.bid_text = (self.bid_text + char)[-2:]

    # ------------------------------------------------------------------ moves

    def try_move(self, move: Move | Card) -> bool:
        """Make the person's move; a refused one says why and changes nothing."""
        try:
            self.session.play(move)
        except IllegalMove as error:
            self.say(self.laws.refused(self, move, error), error=True)
            return False
        self.laws.offer = None
        self.hint_text = None
        self.say("")
        self.runner.save()
        self.runner.advance()
        return True

    def undo(self) -> None:
        """Back to the person's previous move (against bots only: the bots never see it)."""
        try:
            self.session.undo()
        except IllegalMove as error:
            self.say(sentence(error), error=True)
            return
        self.clear_choice()
        self.shown = min(self.shown, self.finished_hands())
        self.replan("Undone: back to your last move.")

    def replan(self, said: str) -> None:
        """The game has moved outside the bots' plan (an undo; a move of the laws, made whoever's
        turn it is): the bots' answers worked out before are dropped, they choose afresh."""
        self.bots.replan()
        self.hint_text = None
        self.say(said)
        self.runner.save()
        self.runner.advance()
