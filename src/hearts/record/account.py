"""A record as readable text: :func:`text` tells a game trick by trick (deals, passes, tricks,
settlements, the result), every event in the words of :mod:`hearts.words`.

The account is made in one pass over the log by an :class:`_Account`, which keeps what a line
needs from earlier events (the cards of the trick so far, the tricks counted in the hand, the
commitment to write under the next deal, the suit named in Auction Hearts) and gives each kind
of event its lines in a method of its own.

>>> from hearts import Game, variants
>>> text(Game(variants.get("two-handed"), seed=1)).splitlines()[1:4]
['Seed 1. Seat 1 deals first.', '', 'Hand 1: Seat 1 deals; the pone cut 15 cards.']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hearts import words
from hearts.cards import Card, Suit
from hearts.errors import HeartsError
from hearts.events import (
    CardCalled,
    CardPlayed,
    ClaimJudged,
    Dealt,
    Event,
    GameOver,
    RevokeClaimed,
    RevokeCorrected,
    Revoked,
    ShuffleCommitted,
    StockDrawn,
    SuitNamed,
    TrickCarried,
    TrickWon,
)
from hearts.game import Game
from hearts.rules import Rules, Widow
from hearts.variants import VARIANTS, name_of

__all__ = ["text", "units"]


def text(game: Game) -> str:
    """A readable account of a game, trick by trick: deals, passes, tricks, settlements, result.
    Seats are counted from 1, and every event is in the words of :mod:`hearts.words` (for
    nobody's seat: the record sees every card).

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("classic"), seed=3)
    >>> for _ in range(4):
    ...     _ = game.play(game.legal_moves()[0], game.to_act)
    >>> print(text(game))  # doctest: +ELLIPSIS
    Hearts: classic (the laws: 4 players, ...)
    Seed 3. Seat 1 deals first.
    <BLANKLINE>
    Hand 1: Seat 1 deals; the pone cut 20 cards.
      shuffle committed: e2a4458d3d2e6f6e93a094db62198bd8cde5defa2aae297b22cc41a3bf0b6fe5
      Seat 1: 8♣ J♣ A♣ 4♦ 7♦ 8♦ J♦ Q♦ 3♠ 7♥ 8♥ J♥ K♥
      Seat 2: 2♣ 7♣ 10♣ K♣ 2♦ 3♦ K♦ A♦ 5♠ Q♠ 3♥ 5♥ 10♥
      Seat 3: 4♣ Q♣ 6♦ 9♦ 2♠ 4♠ 6♠ 7♠ 10♠ J♠ 6♥ 9♥ Q♥
      Seat 4: 3♣ 5♣ 6♣ 9♣ 5♦ 10♦ 8♠ 9♠ K♠ A♠ 2♥ 4♥ A♥
      Trick 1: Seat 2 leads 2♣, Seat 3 4♣, Seat 4 3♣, Seat 1 8♣; Seat 1 takes it.
    <BLANKLINE>
    Game in progress: hand 1, Seat 1 to play.
    """
    account = _Account(game.rules)
    account.lines.extend(_heading(game, account.seat))
    for event in game.events:
        account.add(event)
    account.close(game)
    return "\n".join(account.lines)


def _heading(game: Game, seat: Sequence[str]) -> list[str]:
    """The first two lines: the form (with its summary, for a preset) and who deals first."""
    name = name_of(game.rules)
    form = f"Hearts: {name} ({VARIANTS[name].summary})" if name in VARIANTS else f"Hearts: {name}"
    seed = f"Seed {game.seed}. " if game.seed is not None else ""
    if game.cut_for_deal:
        return [form, f"{seed}The seats cut for deal.".strip()]
    return [form, f"{seed}{seat[game.first_dealer]} deals first."]


class _Account:
    """The lines of a game's account, event by event, and what they need from earlier events."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.seat = words.labels(None, rules.players)
        self.tell = words.Teller(None, None, rules)
        self.lines: list[str] = []
        self.plays: list[tuple[int, Card]] = []
        """The cards of the trick so far, with who played them."""
        self.tricks = 0
        """The tricks of this hand told so far."""
        self.committed: str | None = None
        """The commitment to the next deal's shuffle, told under it."""
        self.named: Suit | None = None
        """Auction Hearts: this hand's suit to avoid."""

    def add(self, event: Event) -> None:
        """Tell one event (every event goes through the teller, in order, told or not)."""
        said = self.tell(event)
        if isinstance(event, ShuffleCommitted):
            self.committed = event.commitment
        elif isinstance(event, Dealt):
            self.dealt(event)
        elif isinstance(event, CardPlayed):
            self.plays.append((event.seat, event.card))
            if isinstance(event, Revoked):
                self.lines.append(f"    {said}")
        elif isinstance(event, RevokeCorrected):
            del self.plays[len(self.plays) - len(event.withdrawn) - 1 :]
            self.lines.append(f"    {said}")
        elif isinstance(event, TrickWon | TrickCarried):
            self.trick_over(event)
        elif isinstance(event, StockDrawn | RevokeClaimed | ClaimJudged | CardCalled):
            self.lines.append(f"    {said}")
        elif isinstance(event, GameOver):
            self.lines.extend(("", said))
        else:
            if isinstance(event, SuitNamed):
                self.named = _suit_named(event)
            self.lines.append(f"  {said}")

    def dealt(self, event: Dealt) -> None:
        """A new hand: its line, the commitment to its shuffle, each seat's cards, the rest."""
        rules, seat, lines = self.rules, self.seat, self.lines
        self.tricks = 0
        self.named = None
        lines.extend(("", _dealt_line(rules, event, seat)))
        if self.committed is not None:
            lines.append(f"  shuffle committed: {self.committed}")
            self.committed = None
        for at, hand in enumerate(event.hands):
            if hand or rules.players != 7 or at != event.dealer:
                lines.append(f"  {seat[at]}: {words.cards(hand)}")
            else:
                lines.append(f"  {seat[at]} sits out this hand")
        if event.stock:
            lines.append(f"  {_left_over(rules, event.stock)}")

    def trick_over(self, event: TrickWon | TrickCarried) -> None:
        """A trick's line: its cards, and who takes it (or that every card of the suit led is
        cancelled and it goes with the next)."""
        self.tricks += 1
        head = f"  Trick {self.tricks}: {_trick(self.plays, self.seat)}; "
        if isinstance(event, TrickWon):
            points = event.points
            taken = f" ({units(self.rules, points, self.named)})" if points else ""
            self.lines.append(f"{head}{self.seat[event.seat]} takes it{taken}.")
        else:
            self.lines.append(
                f"{head}every card of the suit led is cancelled: nobody takes it, it goes with "
                f"the next trick, and {self.seat[event.leader]} leads again."
            )
        self.plays = []

    def close(self, game: Game) -> None:
        """The last lines: the trick on the table, and who acts next in a game in progress."""
        if self.plays:
            self.lines.append(f"  Trick {self.tricks + 1} so far: {_trick(self.plays, self.seat)}.")
        if not game.is_over:
            deal = game.deal
            who = "every seat" if deal.to_act is None else self.seat[deal.to_act]
            self.lines.extend(
                (
                    "",
                    f"Game in progress: hand {game.hand_number + 1}, {who} to "
                    f"{_PHASE_WORDS[deal.phase.value]}.",
                )
            )


_PHASE_WORDS: Final = {
    "bid": "bid",
    "name": "name the suit to avoid",
    "pass": "pass",
    "play": "play",
    "moon": "choose how the moon is scored",
    "discard": "discard as many cards as the widow held",
    "gather": "let the cards be gathered (or claim a revoke)",
    "over": "play",
}


def _dealt_line(rules: Rules, event: Dealt, seat: Sequence[str]) -> str:
    cut = "the pone declined to cut" if event.cut is None else f"the pone cut {event.cut} cards"
    line = f"Hand {event.hand_number + 1}: {seat[event.dealer]} deals; {cut}"
    if rules.passes:
        if event.pass_direction == "hold":
            line += "; no pass this hand (hold)"
        else:
            line += f"; pass {rules.pass_count} {event.pass_direction}"
    return line + "."


def _left_over(rules: Rules, stock: tuple[Card, ...]) -> str:
    """The cards not dealt: a widow face down, or a stock drawn from the top."""
    cards = words.cards(stock)
    if rules.widow is not Widow.NONE or rules.widow_with_last_trick:  # face down
        return f"widow ({_cards(len(stock))}, face down): {cards}"
    return f"stock ({_cards(len(stock))}, top first): {cards}"


def _cards(count: int) -> str:
    """``1 card``, ``3 cards``."""
    return f"{count} card{'' if count == 1 else 's'}"


def _trick(plays: Sequence[tuple[int, Card]], seat: Sequence[str]) -> str:
    """``Seat 2 leads 2♣, Seat 3 5♣, ...``"""
    return ", ".join(
        f"{seat[who]} {'leads ' if at == 0 else ''}{words.symbol(card)}"
        for at, (who, card) in enumerate(plays)
    )


def _suit_named(event: SuitNamed) -> Suit | None:
    try:
        return Suit.parse(event.suit)
    except HeartsError:  # pragma: no cover - a loaded record's suit was named by the engine
        return None


def units(rules: Rules, amount: int, named: Suit | None = None) -> str:
    """What a trick carries, as a record words it: ``4 points``, ``1 heart``, ``2 clubs`` (the
    suit named in Auction Hearts): :func:`hearts.words.units`.

    >>> from hearts import variants
    >>> units(variants.get("modern"), 1), units(variants.get("modern"), 13)
    ('1 point', '13 points')
    """
    return words.units(rules, amount, named)
