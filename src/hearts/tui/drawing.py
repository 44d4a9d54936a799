"""What the terminal table shows, drawn from the model: pure functions from the person's view (and
the :class:`~hearts.tui.table.Table`'s cursor, marks and hint) to Rich text and tables. The app
(:class:`~hearts.tui.app.HeartsApp`) puts them into its widgets after every change; nothing here
reads a key or changes the game.

The person sits at the bottom with the hand in suit order; the other seats sit around the table
(:func:`positions`: the first on the left, the last on the right, the others along the top), each
showing its cards in hand, its points this hand and the card it played to the trick
(:func:`seat_text`). The trick, the auction or the pass is in the middle (:func:`trick_text`),
the score sheet on the right (:func:`score_sheet`), and the line under the hand says what to do
(:func:`prompt`).

>>> positions(4)
([1], [2], [3])
>>> too_small(70, 20).plain.split("\\n")[0]
'The terminal is 70×20, too small: the table needs at least 80×24.'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Final

from rich.table import Table as Sheet
from rich.text import Text

from hearts.cards import Card
from hearts.deal import Phase
from hearts.game import Game
from hearts.moves import Discard, Move, Pass
from hearts.observation import SeatView
from hearts.rules import PassDirection
from hearts.tui import words
from hearts.tui.session import ME, Session
from hearts.tui.table import Table, face, high_bid
from hearts.tui.widgets import card_text

__all__ = [
    "MIN_SIZE",
    "hand_title",
    "move_name",
    "playable",
    "positions",
    "prompt",
    "received",
    "score_sheet",
    "seat_text",
    "summary_sheet",
    "title",
    "too_small",
    "trick_text",
]

MIN_SIZE: Final = (80, 24)
"""The smallest terminal (columns, lines) the table is drawn in; below it the app says so."""


def positions(players: int) -> tuple[list[int], list[int], list[int]]:
    """Where the other seats sit on screen: (left, top, right), in the order of play (seat 1
    is on the person's left).

    >>> positions(4), positions(2), positions(6)
    (([1], [2], [3]), ([], [1], []), ([1], [2, 3, 4], [5]))
    """
    others = list(range(1, players))
    if len(others) == 1:
        return [], others, []
    if len(others) == 2:
        return [others[0]], [], [others[1]]
    return [others[0]], others[1:-1], [others[-1]]


def move_name(move: Move) -> str:
    """A move in a few characters (the hint by the trick).

    >>> move_name(Card.parse("QS")), move_name(Pass([Card.parse("2C"), Card.parse("AH")]))
    ('Q♠', '2♣ A♥')
    """
    if isinstance(move, Card):
        return face(move)
    if isinstance(move, Pass | Discard):
        return " ".join(face(card) for card in move.cards)
    return str(move)


def too_small(width: int, height: int) -> Text:
    """What a terminal smaller than :data:`MIN_SIZE` shows instead of a clipped table."""
    return Text(
        f"The terminal is {width}×{height}, too small: the table needs at least "
        f"{MIN_SIZE[0]}×{MIN_SIZE[1]}.\n\nMake the window bigger and the game "
        "comes back as it was (Ctrl+Q saves it and quits).",
        style="bold",
    )


def title(view: SeatView, variant: str, speed: str) -> Text:
    """The title line: the form, the hand, its pass (or the suit to avoid) and the bots' speed."""
    rules = view.rules
    direction = view.pass_direction
    line = f"Hearts · {variant} · hand {view.hand_number + 1}"
    if rules.passes:
        line += " · hold" if direction is PassDirection.HOLD else f" · pass {direction.value}"
    if view.auction is not None and view.auction.named_suit is not None:
        line += f" · avoid {view.auction.named_suit.name.lower()}"
    line += f" · bots {speed}"
    return Text(line, style="bold")


def seat_text(
    session: Session, seat: int, played: Card | None, *, narrow: bool = False, busy: bool = False
) -> Text:
    """A seat's frame: its name (and bot), its cards and points, and the card it played (or
    that it has passed, or is thinking: ``busy``, a bot is about to move)."""
    view = session.view
    text = Text(session.seat_name(seat), style="bold")
    cards = view.hand_sizes[seat]
    if narrow:  # many seats along the top
        text.append(f"\n{cards}c {view.penalties[seat]}p")
    else:
        text.append(f" · {session.bot_names[seat - 1]}", style="dim")
        points = words.count(view.penalties[seat], "pt")
        text.append(f"\n{words.count(cards, 'card')} · {points}")
    text.append("\n")
    if played is not None:
        text.append("" if narrow else "plays ")
        text.append_text(card_text(played))
    elif view.phase is Phase.PASS and session.game.deal.passed(seat) is not None:
        text.append("has passed", style="dim")
    elif view.to_act == seat and view.phase is not Phase.PASS:
        text.append("thinking…" if busy else "to play", style="yellow")
    return text


def trick_text(view: SeatView, names: Callable[[int], str], hint: str | None = None) -> Text:
    """The middle of the table: the auction, the pass, or the trick (the last one taken between
    tricks), what is broken, the stock and the pool, and the hinted move."""
    text = Text()
    if view.auction is not None and view.phase in (Phase.BID, Phase.NAME):
        text.append("The auction\n", style="bold")
        for seat, bid in enumerate(view.auction.bids):
            said = "…" if bid is None else ("pass" if bid == 0 else f"bids {bid}")
            text.append(f"{names(seat)}: {said}\n")
        return text
    if view.phase is Phase.PASS:
        text.append(f"Pass {words.count(view.rules.pass_count, 'card')} ", style="bold")
        text.append(f"{view.pass_direction.value}", style="bold yellow")
        if view.passed is not None:
            text.append(f"\nYou passed {view.passed.symbols()}")
        return text
    number = len(view.tricks) + 1
    if view.trick:
        leader, first = view.trick[0]
        text.append(f"Trick {number}\n", style="bold")
        text.append(f"{names(leader)} led {first.suit.symbol}\n")
        for seat, card in view.trick:
            text.append(f"{names(seat):>8} ")
            text.append_text(card_text(card))
            text.append("\n")
    elif view.tricks:
        last = view.tricks[-1]
        who = "nobody (carried on)" if last.winner < 0 else names(last.winner)
        text.append(f"Trick {number - 1} to {who}\n", style="bold")
        text.append(f"({words.count(last.points, 'pt')}) " if last.points else "")
        text.append_text(Text(" ").join(card_text(card) for card in last.cards))
        text.append("\n")
    else:
        text.append("First trick\n", style="bold")
    if view.rules.hearts_must_be_broken or view.rules.queen_breaks_hearts:
        text.append("hearts broken" if view.hearts_broken else "hearts not broken", "dim")
        text.append("\n")
    if view.stock_size:
        text.append(f"stock: {words.count(view.stock_size, 'card')}\n", style="dim")
    if view.pool:
        text.append(f"pool: {view.pool}{' (a Jack)' if view.jack else ''}\n", style="dim")
    if hint:
        text.append(f"hint: {hint}", style="cyan")
    return text


def score_sheet(game: Game, names: Callable[[int], str]) -> Sheet:
    """The score sheet: each seat's total, and what the last two hands changed."""
    counters = game.rules.counters
    sheet = Sheet(
        title="Counters" if counters else "Score",
        box=None,
        padding=(0, 1, 0, 0),
        show_header=True,
        expand=True,
    )
    sheet.add_column("", no_wrap=True)
    recent = words.totals_by_hand(game)
    deltas = [
        [after - before for before, after in zip(a, b, strict=True)]
        for a, b in itertools.pairwise(recent)
    ][-2:]
    first = len(recent) - 1 - len(deltas)
    for offset in range(len(deltas)):
        sheet.add_column(f"h{first + offset + 1}", justify="right")
    sheet.add_column("total", justify="right", style="bold")
    for seat in range(game.players):
        row = [names(seat)]
        row += [f"{d[seat]:+d}" for d in deltas]
        row.append(str(recent[-1][seat]))
        sheet.add_row(*row)
    return sheet


def received(view: SeatView) -> set[Card]:
    """The person's cards shown as just received: those passed to them (until the first trick
    is taken), and in Heartsette, while discarding, the widow just taken."""
    cards = set(view.received or ()) if not view.tricks else set()
    if view.phase is Phase.DISCARD and view.my_turn:
        cards |= set(view.hand) - set(view.dealt) - set(view.received or ())
    return cards


def playable(view: SeatView) -> set[Card] | None:
    """The person's cards that may be played now (None: it is not the person's turn to play)."""
    if view.phase is Phase.PLAY and view.my_turn:
        return {move for move in view.legal_moves if isinstance(move, Card)}
    return None


def hand_title(view: SeatView) -> str:
    """The title on the hand's frame: its cards and the person's points this hand."""
    return (
        f"Your hand · {words.count(len(view.hand), 'card')} · "
        f"{words.count(view.penalties[ME], 'point')} this hand"
    )


def prompt(table: Table, *, no_color: bool = False, new_game: bool = False) -> Text:
    """The line under the hand: what to do now (``no_color``: say what the marks under the cards
    mean; ``new_game``: a new game may follow this one)."""
    view = table.view
    if table.session.is_over:
        again = " · n: a new game" if new_game else ""
        return Text(f"The game is over: Enter shows the result{again} · q: quit", "bold")
    if table.laws.prompt(table):
        return Text(table.laws.prompt(table), "bold yellow")
    if not view.my_turn:
        if not view.dealt and view.phase is Phase.PLAY:
            return Text("You deal this hand and sit it out (seven at the table).", "bold")
        if view.phase is Phase.PASS and view.passed is not None:
            return Text("Waiting for the others to pass…", style="dim")
        return Text(f"{table.session.seat_name(view.to_act or 0)} to play…", style="dim")
    if table.pending_rank:
        return Text(f"{table.pending_rank}… now the suit: c, d, s or h", style="bold yellow")
    phase = view.phase
    cards = table.hand_cards()
    index = table.cursor_index
    cursor = cards[index] if 0 <= index < len(cards) else None
    if phase in (Phase.PASS, Phase.DISCARD):
        count = table.choice_count()
        verb = f"pass {view.pass_direction.value}" if phase is Phase.PASS else "discard"
        marked = [cards[i] for i in sorted(table.marked) if i < len(cards)]
        symbols = " ".join(face(card) for card in marked)
        if len(marked) == count:
            cost = " (they count against you)" if phase is Phase.DISCARD else ""
            return Text(f"Enter: {verb} {symbols}{cost} · Space unmarks one", "bold")
        head = f"{verb.capitalize()}: {len(marked)} of {count} marked"
        head += f" ({symbols})" if marked else ""
        if cursor is not None and index not in table.marked:
            return Text(f"{head} · Enter marks {face(cursor)}", "bold")
        more = count - len(marked)
        return Text(f"{head} · {more} more: type a card, or ←→ then Enter", "bold")
    if phase is Phase.BID:
        low = high_bid(view) + 1
        high = view.rules.auction.max_bid if view.rules.auction else low
        typed = f" — {table.bid_text}" if table.bid_text else ""
        return Text(f"Your bid: type {low} to {high} and Enter, or p to pass{typed}", "bold")
    if phase is Phase.NAME:
        if table.naming is not None:
            suit = table.naming.name.lower()
            return Text(
                f"Enter: name {suit} ({table.naming.symbol}) · or type another suit", "bold"
            )
        return Text("Name the suit to avoid: type c, d, s or h, then Enter (hint: !)", "bold")
    if phase is Phase.MOON:
        return Text("You shot the moon! o: the others take it · n: off your own score", "bold")
    if cursor is None:
        return Text("Your turn.", "bold")
    plays = f"Your turn: Enter plays {face(cursor)}"
    if no_color:  # what the marks under the cards mean, on one line still
        return Text(f"{plays} · ←→ or q c picks another · ·· may not be played", "bold")
    return Text(f"{plays} · ←→ or a card's name (q c) picks another", "bold")


def summary_sheet(summary: words.HandSummary, lines: Sequence[str]) -> Sheet:
    """A finished hand's summary: each seat's counting cards, points and total, then ``lines``
    (what happened, the laws' judgements, what was played for the person)."""
    sheet = Sheet(title=f"Hand {summary.number}", expand=True, box=None)
    sheet.add_column("", style="bold")
    sheet.add_column("counting cards taken")
    sheet.add_column("took", justify="right")
    sheet.add_column(summary.unit, justify="right")
    sheet.add_column("total", justify="right", style="bold")
    for name, cards, penalty, delta, total in summary.rows:
        sheet.add_row(name, cards or "—", str(penalty), f"{delta:+d}", str(total))
    if lines:
        sheet.caption = " ".join(lines)
    return sheet
