"""The laws at the terminal table (``hearts play --laws``, docs/laws.md): every move the core
offers a seat at a laws table, by keys, as the page offers it by buttons.

- ``r``: a card the core refused because it does not follow suit (or is not the exposed card
  called) is offered as a revoke; ``r`` confirms it, and plays it all the same (law 22, 27).
- ``b``: the person's revoke in the trick still on the table is taken back (law 22); the card
  stays exposed.
- ``e``: an exposed card of the seat to play is called (law 19); with several, a number picks.
- ``c``: a claim that a seat revoked (laws 25–26), whoever's turn it is, then the seat's number
  (the seats the view says may be claimed against now); Esc makes none.
- ``g`` or Enter, once every trick is taken: the person lets the cards be gathered.

The bots answer as at the server's tables: each at its turn (the basic player claims the
revokes its view proves, and every bot lets the cards be gathered). The seats' frames show the
exposed cards and what became of the claims against them; the line under the hand tells each
claim, call, correction and judgement as it comes. Every move goes to the core, which accepts it
or says why not.

>>> desk = LawsDesk()
>>> desk.offer is None, desk.choosing
(True, '')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hearts.cards import Card
from hearts.deal import Deal, Phase
from hearts.errors import IllegalMove
from hearts.events import CardCalled, ClaimJudged, Event, RevokeClaimed, RevokeCorrected
from hearts.moves import Call, Claim, Correct, Gather, Move, Revoke
from hearts.observation import SeatView
from hearts.tui.session import ME, seat_names
from hearts.words import refusal

if TYPE_CHECKING:
    from hearts.tui.table import Table

__all__ = ["LawsDesk", "badge", "judgements", "laws_sentence"]

_HOW_TO_REVOKE = re.compile(
    r" \(to revoke all the same[^)]*\)|, or revoke \('revoke [^']*', law 27\)"
)
"""The core's words for typing a revoke (the terminal asks for ``r`` instead)."""


def _face(card: Card) -> str:
    return card.symbol.rstrip("'")


def _sentence(table: Table, text: IllegalMove | str) -> str:
    """A core refusal as the terminal says it: the seats by the names on their frames."""
    return refusal(text, ME, seat_names(table.session.players))


def laws_sentence(event: Event, name: Callable[[int], str]) -> str:
    """A move or judgement of the laws as the person reads it ("" for any other event); ``name``
    gives a seat's name, "You" for the person.

    >>> names = ("You", "West", "North", "East").__getitem__
    >>> laws_sentence(RevokeClaimed(seat=1, accused=0), names)
    'West claims that you revoked: judged once the hand is played out (law 25).'
    >>> laws_sentence(ClaimJudged(seat=0, accused=2, upheld=False, revokes=()), names)
    'Your claim against North is void: the tricks show no revoke before it.'
    """

    def who(seat: int, start: bool = False) -> str:
        word = name(seat)
        return word if start or seat != ME else "you"

    def whose(seat: int, start: bool = False) -> str:
        return ("Your" if start else "your") if seat == ME else f"{name(seat)}'s"

    if isinstance(event, RevokeClaimed):
        return (
            f"{who(event.seat, True)} {'claim' if event.seat == ME else 'claims'} that "
            f"{who(event.accused)} revoked: judged once the hand is played out (law 25)."
        )
    if isinstance(event, ClaimJudged):
        claim = f"{whose(event.seat, True)} claim against {who(event.accused)}"
        if not event.upheld:
            return f"{claim} is void: the tricks show no revoke before it."
        found = ", ".join(
            f"the {_face(card)} in trick {trick + 1}" for trick, card in event.revokes
        )
        return f"{claim} stands: {found}; the revoke is paid for (laws 23-24)."
    if isinstance(event, CardCalled):
        return (
            f"{who(event.seat, True)} {'call' if event.seat == ME else 'calls'} "
            f"{whose(event.owner)} exposed {_face(event.card)}: it must be played (law 19)."
        )
    if isinstance(event, RevokeCorrected):
        verb = "take" if event.seat == ME else "takes"
        return (
            f"{who(event.seat, True)} {verb} back the revoked {_face(event.card)}: it stays "
            "exposed, and the cards played after it are played again (law 22)."
        )
    return ""


def judgements(deal: Deal, name: Callable[[int], str]) -> list[str]:
    """The claims judged in a hand, a sentence each (for its summary; none without the laws)."""
    return [laws_sentence(e, name) for e in deal.events if isinstance(e, ClaimJudged)]


def badge(view: SeatView, seat: int) -> str:
    """What the laws show on a seat's frame: its exposed cards, what became of the claims
    against it ("" when nothing)."""
    laws = view.laws
    if laws is None:
        return ""
    parts = []
    exposed = laws.exposed[seat]
    if exposed:
        parts.append("exposed " + " ".join(_face(card) for card in exposed))
    if seat in laws.established:
        parts.append("revoke established")
    elif seat in laws.pending:
        parts.append("claimed")
    elif seat in laws.claims:
        parts.append("claim void")
    return " · ".join(parts)


@dataclass
class LawsDesk:
    """The laws' moves at the terminal table: the revoke offered, a choice of seat or card being
    made, and the laws' events already told."""

    offer: tuple[Card, tuple[int, ...]] | None = None
    """A card refused that may be played as a revoke, and the position it was refused in (the
    offer stands while that position does)."""
    choosing: str = ""
    """"claim" or "call" while a number picks the seat or the card; "" otherwise."""
    told: tuple[int, int] = (-1, 0)
    """(hand number, events of the hand) up to which the laws' events have been told."""
    _cards: list[Card] = field(default_factory=list)

    # ------------------------------------------------------------------ what is open now

    def revoke_card(self, table: Table) -> Card | None:
        """The card offered as a revoke, while its position stands."""
        if self.offer is None or self.offer[1] != table.position():
            return None
        return self.offer[0]

    @staticmethod
    def correctable(view: SeatView) -> Card | None:
        """The person's revoke in the trick on the table, which may be taken back (law 22)."""
        if view.laws is None or view.phase is not Phase.PLAY:
            return None
        for trick, card in view.laws.revokes:
            if trick == len(view.tricks) and (ME, card) in view.trick:
                return card
        return None

    @staticmethod
    def callable_cards(view: SeatView) -> list[Card]:
        """The exposed cards of the seat to play (not the person) that may be called."""
        laws = view.laws
        if laws is None or view.phase is not Phase.PLAY or laws.called is not None:
            return []
        owner = view.to_act
        if owner is None or owner == ME:
            return []
        return list(laws.exposed[owner])

    def keys(self, table: Table) -> list[str]:
        """The laws' keys that do something now, for the line of keys."""
        view = table.view
        if view.laws is None:
            return []
        found = []
        card = self.revoke_card(table)
        if card is not None:
            found.append(f"r revoke {_face(card)}")
        if self.correctable(view) is not None:
            found.append("b take it back")
        cards = self.callable_cards(view)
        if cards:
            found.append(f"e call {' '.join(_face(card) for card in cards)}")
        if view.phase is Phase.GATHER and view.my_turn:
            found.append("Enter gather")
        if view.laws.claimable:
            found.append("c claim a revoke")
        return found

    def choosing_keys(self, table: Table) -> list[str]:
        """The keys while a number picks a seat or a card ([] when not choosing)."""
        if not self.choosing:
            return []
        return [*self._choices(table), "Esc: none"]

    def _choices(self, table: Table) -> list[str]:
        view = table.view
        if self.choosing == "claim" and view.laws is not None:
            seats = view.laws.claimable
            return [f"{seat}: {table.session.seat_name(seat)}" for seat in seats]
        return [f"{number}: {_face(card)}" for number, card in enumerate(self._cards, 1)]

    def prompt(self, table: Table) -> str:
        """The line under the hand for the laws ("" when the laws say nothing here)."""
        view = table.view
        if view.laws is None or table.session.is_over:
            return ""
        if self.choosing == "claim":
            return "Claim a revoke by which seat? " + " · ".join(self._choices(table))
        if self.choosing == "call":
            return "Call which exposed card? " + " · ".join(self._choices(table))
        if view.phase is Phase.GATHER:
            if not view.my_turn:
                return (
                    f"Every trick is taken: {table.session.seat_name(view.to_act or 0)} to gather"
                )
            claim = " (c: claim first)" if view.laws.claimable else ""
            return f"Every trick is taken: Enter lets the cards be gathered{claim}"
        card = self.revoke_card(table)
        if card is not None:
            return f"r: play the {_face(card)} anyway, as a revoke · or play another card"
        if view.my_turn and view.phase is Phase.PLAY and view.laws.called is not None:
            return f"Your exposed {_face(view.laws.called)} is called: Enter plays it (law 19)"
        return ""

    # ------------------------------------------------------------------ keys and moves

    def acts(self, view: SeatView, key: str, char: str) -> bool:
        """Whether a key makes a move of the laws (it must have been pressed with the position
        now on the table on the screen)."""
        if view.laws is None:
            return False
        if self.choosing:
            return char.isdigit()
        return char in ("r", "b", "g") or (char == "e" and len(self.callable_cards(view)) == 1)

    def key(self, table: Table, key: str, char: str) -> bool:
        """A key at a laws table: True if it was the laws' (done, or said why not)."""
        view = table.view
        if view.laws is None:
            return False
        if self.choosing:
            self._choose(table, key, char)
            return True
        if view.phase not in (Phase.PLAY, Phase.GATHER):
            return False  # (c d s h name a suit in the auction; the laws belong to the play)
        if char == "r" and self.revoke_card(table) is not None:
            card = self.revoke_card(table)
            assert card is not None
            self.move(table, Revoke(card))
        elif char == "b":
            if self.correctable(view) is None:
                table.say("You have no revoke in the trick on the table to take back.", error=True)
            else:
                self.move(table, Correct())
        elif char == "e":
            self._cards = self.callable_cards(view)
            if not self._cards:
                table.say("No exposed card of the seat to play can be called now.", error=True)
            elif len(self._cards) == 1:
                self.move(table, Call(self._cards[0]))
            else:
                self.choosing = "call"
        elif char == "c":
            if not view.laws.claimable:
                table.say("There is no seat to claim a revoke against now (law 25).", error=True)
            else:
                self.choosing = "claim"
        elif view.phase is Phase.GATHER and (char == "g" or key == "enter"):
            if not view.my_turn:
                name = table.session.seat_name(view.to_act or 0)
                table.say(f"It is {name}'s turn to let the cards be gathered.", error=True)
            else:
                self.move(table, Gather())
        else:
            return False
        return True

    def _choose(self, table: Table, key: str, char: str) -> None:
        if key == "escape":
            self.choosing = ""
            table.say("")
            return
        view = table.view
        options: list[Move]
        picked: Move | None
        if self.choosing == "claim" and view.laws is not None:
            options = [Claim(seat) for seat in view.laws.claimable]
            picked = next(
                (m for m in options if isinstance(m, Claim) and str(m.seat) == char), None
            )
        else:
            options = [Call(card) for card in self._cards]
            index = int(char) - 1 if char.isdigit() else -1
            picked = options[index] if 0 <= index < len(options) else None
        if picked is None:
            table.say(f"Press one of the numbers shown, or Esc. {self.prompt(table)}", error=True)
            return
        self.choosing = ""
        self.move(table, picked)

    def refused(self, table: Table, move: Move | Card, error: IllegalMove) -> str:
        """Why the core refused the person's move; a card that may be played as a revoke is
        offered (``r``)."""
        self.offer = None
        text = str(error)
        if not isinstance(move, Card) or table.view.laws is None:
            return _sentence(table, error)
        if not table.session.game.can_play(Revoke(move), seat=ME):
            return _sentence(table, error)
        self.offer = (move, table.position())
        law = "27" if table.view.laws.called is not None else "22"
        return f"{_sentence(table, _HOW_TO_REVOKE.sub('', text))} r: revoke, law {law}."

    def move(self, table: Table, move: Move) -> None:
        """Make a move of the laws for the person, whoever's turn it is; the bots then choose
        afresh from the new position."""
        self.offer = None
        try:
            table.session.play(move)
        except IllegalMove as error:
            table.say(_sentence(table, error), error=True)
            return
        table.replan("")

    def tell(self, table: Table) -> None:
        """Say the laws' events not yet told (a claim, a call, a correction, a judgement)."""
        view = table.view
        if view.laws is None:
            return
        events = view.events
        hand, seen = self.told
        if hand != view.hand_number:  # a new hand (the first drawn: a game resumed, told before)
            seen = len(events) if hand == -1 else 0
        seen = min(seen, len(events))  # (an undo: nothing new to tell)
        self.told = (view.hand_number, len(events))
        said = [laws_sentence(event, table.session.seat_name) for event in events[seen:]]
        said = [sentence for sentence in said if sentence]
        if said:
            table.say(" ".join(said[-2:]))
