"""What the terminal game says, as plain text: a hand's summary, the game's chart, the rules.

Nothing here draws or decides a rule; it words what the core reports (the settlement's numbers
come from :class:`~hearts.events.HandSettled`, the points from
:class:`~hearts.events.HandOver`), so it is tested without a terminal.

>>> chart([[0, 0], [5, 21], [26, 21]], ["You", "West"], height=4, width=12)[0]
'  26 ┤       Y'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hearts import variants
from hearts.cards import Card
from hearts.deal import Deal
from hearts.errors import InvalidRules
from hearts.events import (
    CardsKept,
    Discarded,
    GameOver,
    HandOver,
    HandSettled,
    MoonChosen,
    MoonShot,
    SuitNamed,
    TrickWon,
)
from hearts.game import Game
from hearts.rules import Rules, SettlementMethod

__all__ = [
    "HandSummary",
    "card_order",
    "chart",
    "game_over_line",
    "hand_summary",
    "key_help",
    "rules_text",
    "totals_by_hand",
]


@dataclass(frozen=True)
class HandSummary:
    """One finished hand as the person may see it."""

    number: int
    """The hand's number, from 1."""
    rows: tuple[tuple[str, str, int, int, int], ...]
    """Per seat: name, the counting cards it took (symbols), its penalty this hand, the
    settlement's change and the total after it."""
    lines: tuple[str, ...]
    """The moon, the pool and the like, in sentences."""
    unit: str
    """"points" or "counters"."""


def card_order(card: Card) -> tuple[int, int, int]:
    """The sort key of the faces: suit order, a second pack's copy beside the first's (a
    :class:`~hearts.cards.CardSet` lists the whole first pack first).

    >>> from hearts.cards import CardSet
    >>> sorted(CardSet.parse("QS' 2C QS"), key=card_order)
    [Card.parse('2C'), Card.parse('QS'), Card.parse("QS'")]
    """
    return (card.suit, card.rank, card.copy)


def _counting(deal: Deal, cards: Sequence[Card]) -> list[Card]:
    values = deal.card_values
    return [card for card in cards if values[card]]


def hand_summary(game: Game, index: int, names: Sequence[str], me: int = 0) -> HandSummary:
    """The summary of hand ``index`` (from 0) of a game, from seat ``me``'s view of it: who took
    which counting cards (from the tricks, which everyone saw), the penalty each took, and the
    settlement.

    >>> from hearts import bots
    >>> g = Game(variants.get("classic"), seed=2)
    >>> _ = bots.play_game(g, [bots.get("basic")] * 4)
    >>> s = hand_summary(g, 0, ["You", "West", "North", "East"])
    >>> s.unit, len(s.rows), sum(row[2] for row in s.rows)
    ('counters', 4, 13)
    """
    deal = game.hands[index]
    rules = deal.rules
    view = deal.view(me)
    taken: list[list[Card]] = [[] for _ in range(rules.players)]
    extra: list[str] = []
    settled: HandSettled | None = None
    over: HandOver | None = None
    for event in view.events:
        if isinstance(event, TrickWon):
            taken[event.seat].extend(_counting(deal, event.cards))
        elif isinstance(event, Discarded) and event.points:
            extra.append(f"The widow's discards count {event.points} against {names[event.seat]}.")
        elif isinstance(event, CardsKept):
            taken[event.seat].extend(_counting(deal, event.cards.cards()))
            extra.append(f"{names[event.seat]} kept the last cards and the stock.")
        elif isinstance(event, MoonShot):
            extra.append(f"{names[event.seat]} shot the moon!")
        elif isinstance(event, MoonChosen):
            way = "the others take the points" if event.choice == "old" else "off his own score"
            extra.append(f"{names[event.seat]} chose the moon {event.choice}: {way}.")
        elif isinstance(event, HandOver):
            over = event
        elif isinstance(event, SuitNamed):
            if event.seat < 0:
                extra.append("Nobody bid: hearts were the suit to avoid.")
            else:
                bid = deal.high_bid
                paid = f", having bid {bid}" if bid else " for the Jack"
                extra.append(f"{names[event.seat]} named {event.suit}{paid}.")
    for event in game.events:
        if isinstance(event, HandSettled) and event.hand_number == deal.hand_number:
            settled = event
    if settled is None or over is None:
        raise ValueError(f"hand {index + 1} is not over")
    penalties = over.penalties  # what each took; the moon shows in the settlement
    rows = tuple(
        (
            names[seat],
            " ".join(card.symbol for card in sorted(taken[seat], key=card_order)),
            penalties[seat],
            settled.deltas[seat],
            settled.totals[seat],
        )
        for seat in range(rules.players)
    )
    lines = list(extra)
    if rules.counters and rules.method in (
        SettlementMethod.SWEEPSTAKES,
        SettlementMethod.SIMPLE,
    ):
        if settled.pool:
            jack = ": a Jack, won only by a seat alone clear" if settled.jack else ""
            counters = "counter" if settled.pool == 1 else "counters"
            lines.append(f"The pool of {settled.pool} {counters} stays on the table{jack}.")
        else:
            lines.append("The pool is won.")
    unit = "counters" if rules.counters else "points"
    return HandSummary(deal.hand_number + 1, rows, tuple(lines), unit)


def totals_by_hand(game: Game) -> list[list[int]]:
    """Each seat's total before the first hand and after each hand settled so far."""
    rows = [list(game.hands[0].view(0).scores)]  # as the first hand began
    for event in game.events:
        if isinstance(event, HandSettled):
            rows.append(list(event.totals))
    return rows


def game_over_line(game: Game, names: Sequence[str]) -> str:
    """Who won, in a sentence (empty while the game goes on)."""
    over = next((e for e in game.events if isinstance(e, GameOver)), None)
    if over is None:
        return ""
    unit = "counters" if game.rules.counters else "points"
    winners = [names[seat] for seat in over.winners]
    best = over.totals[over.winners[0]] if over.winners else 0
    hands = len(game.hands)
    played = f"after {hands} hand{'s' if hands != 1 else ''}"
    if winners == ["You"]:
        return f"You win {played}, with {best} {unit}!"
    if len(winners) == 1:
        return f"{winners[0]} wins {played}, with {best} {unit}."
    joined = ", ".join(winners[:-1]) + f" and {winners[-1]}"
    return f"{joined} share the win {played}, with {best} {unit}."


def chart(
    totals: Sequence[Sequence[int]], names: Sequence[str], height: int = 10, width: int = 48
) -> list[str]:
    """The totals hand by hand as a text chart: one letter per seat (its name's first letter;
    ``*`` where seats meet), the axis labelled with totals, hands along the bottom.

    >>> for line in chart([[0, 0], [5, 21], [26, 21]], ["You", "West"], height=4, width=12):
    ...     print(line)
      26 ┤       Y
         │    W  W
         │    Y
       0 ┤ *
         └┴──┴──┴
          0  1  2
    """
    hands = len(totals)
    low = min(min(row) for row in totals)
    high = max(max(row) for row in totals)
    span = max(high - low, 1)
    step = max(1, min(4, (width - 2) // max(hands, 1)))
    columns = 1 + step * (hands - 1) + 1
    grid = [[" "] * columns for _ in range(height)]
    for hand, row in enumerate(totals):
        x = 1 + step * hand
        for seat, total in enumerate(row):
            y = round((high - total) * (height - 1) / span)
            mark = names[seat][0]
            cell = grid[y][x]
            grid[y][x] = mark if cell in (" ", mark) else "*"
    label = max(len(str(high)), len(str(low)))
    lines = []
    for y, cells in enumerate(grid):
        value = high - span * y / (height - 1)
        labelled = y == 0 or y == height - 1
        text = f"{round(value):>{label}}" if labelled else " " * label
        lines.append(f"  {text} {'┤' if labelled else '│'}{''.join(cells).rstrip()}")
    axis = "".join("┴" if (x - 1) % step == 0 and x >= 1 else "─" for x in range(columns))
    lines.append(f"  {' ' * label} └{axis[1:]}")
    numbers = [" "] * (columns + 4)
    for hand in range(hands):
        if hand % max(1, 4 // step) == 0 or hand == hands - 1:
            for i, ch in enumerate(str(hand)):
                if 1 + step * hand + i < len(numbers):
                    numbers[1 + step * hand + i] = ch
    lines.append(f"  {' ' * label}  {''.join(numbers[1:]).rstrip()}")
    return lines


def key_help() -> list[str]:
    """The keys of the terminal game, a line each (each fits an 80-column page)."""
    return [
        "←/→ Home End   move along your hand",
        "q s, 1 0 h, *  go to a card by name (Q♠, 10♥, the joker; t is a ten too)",
        "Enter          play the card; in a pass, mark it (all marked: pass them)",
        "Space, a click mark a card to pass or discard; a click plays a card",
        "digits, p      bid, or pass the bid (Auction Hearts); Enter to bid",
        "c d s h        the suit to name (Auction Hearts), then Enter",
        "o, n           the moon: the others take the points (o), or off yours (n)",
        "h or !         a hint from the expert (! while you name a suit)",
        "u              undo to before your last move (and the bots' moves since)",
        "s              the bots' speed: fast, normal, slow",
        "?              this page · Ctrl+Q quit (saved: hearts play --resume)",
    ]


def rules_text(variant: str, rules: Rules) -> list[str]:
    """The rules of the game being played, in lines: the form's summary and source, then
    every option of its :class:`~hearts.rules.Rules`."""
    lines: list[str] = []
    try:
        preset: variants.Variant | None = variants.variant(variant)
    except InvalidRules:  # a custom form: its rules are all there is
        preset = None
    name = variants.name_of(rules)
    if preset is not None:
        lines.append(f"{preset.title} ({name})")
        lines.append(preset.summary)
        lines.append(f"Source: {preset.source}")
    else:
        lines.append(name)
    if preset is not None and preset.rules != rules:
        lines.append(f"Played by {rules.players} (the pack and passes for that table).")
    lines.append("")
    lines.append("Every option of these rules:")
    options = rules.to_dict()
    for key, value in options.items():
        lines.extend(_option_lines(key, value))
    return lines


def _option_lines(key: str, value: object) -> list[str]:
    """An option's line, or a part's: one line for each of its options (a part within a part,
    the settlement's no-trick bonus, as well)."""
    if isinstance(value, dict) and key != "card_values":
        return [
            line
            for option, setting in value.items()
            for line in _option_lines(f"{key} {option}", setting)
        ]
    return [_option_line(key, value)]


def _option_line(key: str, value: object) -> str:
    if isinstance(value, list):
        value = ", ".join(map(str, value)) or "none"
    elif isinstance(value, dict):  # card_values
        value = ", ".join(f"{Card.parse(c).symbol} {v:+d}" for c, v in value.items())
    return f"  {key.replace('_', ' ')}: {value}"
