"""What the terminal game says, as plain text: a hand's summary, the game's chart, the rules.

Nothing here draws or decides a rule; it words what the core reports (the settlement's numbers
come from :class:`~hearts.events.HandSettled`, the points from
:class:`~hearts.events.HandOver`), so it is tested without a terminal.

>>> chart([[0, 0], [5, 21], [26, 21]], ["You", "West"], height=4, width=12)[0]
'  26 ┤       Y'
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from hearts import variants
from hearts import words as core_words
from hearts.cards import FULL_PACK, HEARTS_MASK, Card, Suit, cards_of
from hearts.deal import Deal
from hearts.errors import InvalidRules, UnknownName
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
from hearts.rules import (
    FirstLead,
    GameEnd,
    HeartValue,
    JackRule,
    LastTrick,
    Moon,
    PassDirection,
    Rules,
    SettlementMethod,
    Sweepstakes,
    TieRule,
    TwoHanded,
    Widow,
)

__all__ = [
    "HandSummary",
    "card_order",
    "chart",
    "chart_legend",
    "chart_marks",
    "count",
    "game_over_line",
    "hand_summary",
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


count = core_words.count
"""A number and its noun (:func:`hearts.words.count`): ``count(1, "card")``."""


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
    discards: Discarded | None = None
    said_at = 0
    tell = core_words.Teller(names, me, rules)  # (the events' words are the core's)
    for event in view.events:
        said = tell(event)
        if isinstance(event, TrickWon):
            taken[event.seat].extend(_counting(deal, event.cards))
        elif isinstance(event, Discarded):
            discards, said_at = event, len(extra)  # (what they count: once the result is read)
        elif isinstance(event, CardsKept):
            taken[event.seat].extend(_counting(deal, event.cards.cards()))
            extra.append(said)
        elif isinstance(event, MoonShot | MoonChosen | SuitNamed):
            extra.append(said)
        elif isinstance(event, HandOver):
            over = event
    for event in game.events:
        if isinstance(event, HandSettled) and event.hand_number == deal.hand_number:
            settled = event
    if settled is None or over is None:
        raise ValueError(f"hand {index + 1} is not over")
    penalties = over.penalties  # what each took; the moon shows in the settlement
    if discards is not None:
        # Another seat's discards lay face down while the hand was played (their points too):
        # once it is over, what they count is what its result says he took beyond his tricks.
        seat = discards.seat
        worth = discards.points
        if worth is None:
            worth = penalties[seat] - sum(deal.card_values[card] for card in taken[seat])
        if worth:
            points = count(worth, "point")
            extra.insert(said_at, f"The widow's discards count {points} against {names[seat]}.")
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
        lines.append(core_words.pool_left(settled.pool, settled.jack))
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
    unit = "counter" if game.rules.counters else "point"
    winners = [names[seat] for seat in over.winners]
    best = count(over.totals[over.winners[0]] if over.winners else 0, unit)
    played = f"after {count(len(game.hands), 'hand')}"
    if winners == ["You"]:
        return f"You win {played}, with {best}!"
    if len(winners) == 1:
        return f"{winners[0]} wins {played}, with {best}."
    joined = ", ".join(winners[:-1]) + f" and {winners[-1]}"
    return f"{joined} share the win {played}, with {best}."


def chart_marks(names: Sequence[str]) -> list[str]:
    """The character that stands for each seat in the chart: its name's first letter, or where
    two names share it, the name's last character (a seat's number), or the seat's number.

    >>> chart_marks(["You", "West", "North", "East"]), chart_marks(["You", "Seat 1", "Seat 2"])
    (['Y', 'W', 'N', 'E'], ['Y', '1', '2'])
    """
    initials = [name[:1] for name in names]
    marks: list[str] = []
    for seat, name in enumerate(names):
        first = [name[:1]] if initials.count(name[:1]) == 1 else []
        mark = next(
            c
            for c in (*first, name[-1:], str(seat), *"0123456789abcdefghijklmnopqrstuvwxyz")
            if c and c != "*" and c not in marks and (c in first or c not in initials)
        )
        marks.append(mark)
    return marks


def chart_legend(names: Sequence[str]) -> str:
    """What the chart's characters stand for, ``*`` too.

    >>> chart_legend(["You", "West"])
    'Y You  W West  * two or more seats'
    """
    seats = "  ".join(
        f"{mark} {name}" for mark, name in zip(chart_marks(names), names, strict=True)
    )
    return f"{seats}  * two or more seats"


def chart(
    totals: Sequence[Sequence[int]], names: Sequence[str], height: int = 10, width: int = 48
) -> list[str]:
    """The totals hand by hand as a text chart: one character per seat (:func:`chart_marks`;
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
    marks = chart_marks(names)
    for hand, row in enumerate(totals):
        x = 1 + step * hand
        for seat, total in enumerate(row):
            y = round((high - total) * (height - 1) / span)
            mark = marks[seat]
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


PAGE_WIDTH: Final = 74
"""The widest line of a page: an 80-column terminal less the page's border, padding and
scrollbar."""


def rules_text(variant: str, rules: Rules) -> list[str]:
    """The rules of the game being played, for a player: the form's name, then what the deal,
    the pass, the play and the scoring are, in sentences built from its
    :class:`~hearts.rules.Rules` (so a preset played at another table, or a custom form, reads
    right), and where the full rules are.

    >>> text = " ".join(rules_text("modern", variants.get("modern")))
    >>> "You pass 3 cards: left, right, across, then hold (no pass), in turn." in text
    True
    >>> "The 2♣ leads the first trick." in text
    True
    """
    preset = _preset(variant, rules)
    title = preset.title if preset is not None else "Custom Hearts"
    name = variants.name_of(rules)
    changed = False
    if preset is not None and name.startswith("custom"):
        try:
            adapted: Rules | None = variants.for_players_named(preset.name, rules.players)
        except InvalidRules:
            adapted = None
        if adapted == rules:  # the preset at another table
            name = f"{preset.name}, for {rules.players} players"
        else:
            name, changed = f"{preset.name}, with options changed", True
    lines = [f"The rules: {title} ({name})"]
    sections = (
        ("The deal", _deal(rules)),
        ("Before play", _before_play(rules)),
        ("Play", _play(rules)),
        ("Scoring", _scoring(rules)),
        ("The game", _game(rules)),
    )
    for heading, sentences in sections:
        if not sentences:
            continue
        lines += ["", heading]
        for sentence in sentences:
            lines += textwrap.wrap(
                sentence, PAGE_WIDTH, initial_indent="- ", subsequent_indent="  "
            )
    lines += ["", "Read more"]
    for sentence in _read_more(preset, changed):
        lines += textwrap.wrap(sentence, PAGE_WIDTH)
    return lines


def _preset(variant: str, rules: Rules) -> variants.Variant | None:
    """The preset a game is played from: by its name, or by its rules' ("classic by the laws");
    None for a custom form, whose rules are all there is."""
    for name in (variant, variants.name_of(rules).removesuffix(" by the laws")):
        try:
            return variants.variant(name)
        except (InvalidRules, UnknownName):
            continue
    return None


def _and(items: Sequence[str], last: str = "and") -> str:
    """Items in a sentence: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def _deal(rules: Rules) -> list[str]:
    hand, seats = rules.hand_size, rules.dealt_seats
    pack = rules.pack.bit_count()
    left = pack - hand * seats
    if rules.cancellation is not None:
        where = (
            "are taken with the last trick"
            if rules.widow_with_last_trick
            else "go to whoever takes the first trick"
        )
        rest = f"; the {left} left over {where}" if left else ""
        return [f"Two packs are shuffled together ({pack} cards). Each player gets {hand}{rest}."]
    if rules.stock:
        return [f"Each of you gets {hand} cards; the other {left} lie face down as a stock."]
    if rules.domino:
        return [f"Each player gets {hand} cards; the other {left} lie face down as a stock."]
    sentences = []
    out = FULL_PACK & ~rules.pack
    if rules.joker is not None:
        out &= ~(1 << Card.parse("2H"))
        sentences.append("The joker takes the place of the 2♥.")
    removed = [card.symbol for card in cards_of(out)]
    taken = f" ({_and(removed)} taken out)" if removed else ""
    if rules.widow is not Widow.NONE:
        sentences.insert(
            0, f"Each player gets {hand} cards{taken}; the {left} left lie face down as a widow."
        )
    elif seats < rules.players:
        sentences.insert(
            0,
            f"The dealer sits out each hand; the other {seats} get {hand} cards each{taken}.",
        )
    else:
        sentences.insert(0, f"Each player gets {hand} cards{taken}.")
    return sentences


def _direction(direction: PassDirection) -> str:
    if direction is PassDirection.ACROSS:
        return "across the table"
    return f"to the {direction.value}"


def _before_play(rules: Rules) -> list[str]:
    sentences = []
    passing = rules.passing
    if passing is not None:
        cycle = passing.cycle
        if len(cycle) == 1:
            sentences.append(f"You pass {passing.count} cards {_direction(cycle[0])} every hand.")
        else:
            names = [d.value + (" (no pass)" if d is PassDirection.HOLD else "") for d in cycle]
            turns = f"{', '.join(names[:-1])}, then {names[-1]}"
            sentences.append(f"You pass {passing.count} cards: {turns}, in turn.")
        sentences.append("You see the cards passed to you only once you have passed yours.")
    if rules.auction is not None:
        sentences += [
            "Each player bids once, from the dealer's left round to the dealer, for the right "
            "to name the suit to avoid: a bid must beat the one before it "
            f"(at most {rules.auction.max_bid}), or pass.",
            "The highest bidder pays the bid into the pool, names the suit and leads the first "
            "trick. If nobody bids, hearts are the suit and the dealer's left leads.",
            "While a Jack is played for there is no bidding: the last bidder names the suit again.",
        ]
    return sentences


def _against(rules: Rules) -> str:
    """The cards that count against, in a phrase: "a heart or the Q♠"."""
    hearts = rules.penalty_mask & HEARTS_MASK
    others = [
        f"{'a' if rules.packs > 1 else 'the'} {card.symbol}"
        for card in cards_of(rules.penalty_mask & ~HEARTS_MASK & FULL_PACK)
    ]
    if rules.joker is not None and rules.joker.penalty > 0:
        others.append("the joker")
    return _and((["a heart"] if hearts else []) + others, "or")


def _play(rules: Rules) -> list[str]:
    sentences = []
    if rules.auction is None:
        if rules.first_lead is FirstLead.LOWEST_CLUB:
            sentences.append(f"The {rules.lowest_club.symbol} leads the first trick.")
        elif rules.first_lead is FirstLead.ANY_CLUB:
            sentences.append(
                f"Whoever holds the {rules.lowest_club.symbol} leads the first trick, with any "
                "club."
            )
        elif rules.players == 2:
            sentences.append("The non-dealer leads the first trick, with any card.")
        else:
            sentences.append(
                "The player on the dealer's left leads the first trick, with any card."
            )
    if rules.domino:
        sentences.append(
            "You must follow suit if you can. If you cannot, you draw from the stock, a card at "
            "a time, until you can; once the stock is gone, you may play any card."
        )
    else:
        sentences.append("You must follow suit if you can; if you cannot, you may play any card.")
    if rules.penalty_free_first_trick:
        sentences.append(
            f"On the first trick nobody may play {_against(rules)} unless they hold nothing else."
        )
    if rules.hearts_must_be_broken:
        breaks = "a heart or the Q♠" if rules.queen_breaks_hearts else "a heart"
        only = " (or only hearts and the Q♠)" if rules.lead_hearts_with_only_penalty else ""
        sentences.append(
            f"Nobody may lead a heart until {breaks} has been played, unless they hold only "
            f"hearts{only}."
        )
    sentences.append("The highest card of the suit led wins the trick; its winner leads next.")
    if rules.joker is not None:
        power = (
            "it wins any trick it is played to"
            if rules.joker.wins_any_trick
            else "it wins only as the highest heart, when hearts are led"
        )
        sentences.append(f"The joker is a heart, above the A♥: {power}.")
    if rules.cancellation is not None:
        last = (
            "its leader"
            if rules.cancellation.unwon_last_trick is LastTrick.LEADER
            else "whoever played the second of the two highest cards"
        )
        sentences.append(
            "Two identical cards in one trick cancel each other: neither can win. If every "
            "card of the suit led is cancelled, nobody wins the trick: it goes with the next "
            f"one, and the same player leads again (a last trick like that goes to {last})."
        )
    if rules.stock:
        sentences.append(
            "After each trick its winner draws the top card of the stock, then the other "
            "player. Once the stock is gone, the last cards are played out."
        )
    if rules.domino:
        sentences.append(
            "A player out of cards is out of the hand. The last player holding cards keeps "
            "them, with what is left of the stock."
        )
    if rules.widow is Widow.DISCARD:
        sentences.append(
            "Whoever wins the first trick takes the widow into his hand and lays as many cards "
            "face down; they count against him."
        )
    elif rules.widow is Widow.FIRST_TRICK:
        sentences.append("The widow goes with the first trick, to its winner.")
    elif rules.widow is Widow.LAST_TRICK:
        sentences.append("The widow goes with the last trick, to its winner.")
    if rules.laws:
        sentences.append(
            "The laws of a real table apply: you may revoke (play off suit while you hold the "
            "suit led) and correct it before the trick is complete; the others may claim a "
            "revoke until the cards are gathered, and the revoker then pays the hand's losses."
        )
    return sentences


def _value(amount: int) -> str:
    return f"−{-amount}" if amount < 0 else str(amount)


def _scoring(rules: Rules) -> list[str]:
    total = rules.penalty_total
    each = "each " if rules.packs > 1 else "the "
    if rules.auction is not None:
        counts = "Each card of the named suit counts 1"
        unit = "card of that suit"
    else:
        hearts = [
            f"{each}{card.symbol} {amount}"
            for card, amount in rules.card_values
            if amount > 0 and card.suit is Suit.HEARTS
        ]
        if rules.heart_value is HeartValue.PIPS:
            counts = "Hearts count their pips: 2 to 10 as marked, J 11, Q 12, K 13, A 14"
        else:
            counts = "Hearts count 1 each" + (f" ({_and(hearts)})" if hearts else "")
        others = [
            f"{each}{card.symbol} {amount}"
            for card, amount in rules.card_values
            if amount > 0 and card.suit is not Suit.HEARTS
        ]
        if rules.joker is not None:
            others.append(f"the joker {rules.joker.penalty}")
        if others:
            counts = f"{counts} and {_and(others)}"
        plain = not others and rules.heart_value is HeartValue.ONE
        unit = "heart" if plain else "point"
    moon = {
        Moon.OLD: f"gives each other player {total} instead",
        Moon.NEW: f"scores −{total} for you instead, and nothing for the others",
        Moon.CHOICE: f"lets you choose: each other player scores {total}, or you score −{total}",
    }.get(rules.moon)
    if moon:
        sentences = [f"{counts}; taking all of them (shooting the moon) {moon}."]
    else:
        sentences = [f"{counts} ({total} a deal)."]
    for card, amount in rules.card_values:
        if amount < 0:
            sentences.append(
                f"The {card.symbol} counts {_value(amount)}: it takes {-amount} off the score "
                "of whoever takes it." + (" The moon does not need it." if moon else "")
            )
    bonus = rules.no_trick
    if bonus is not None:
        moon_too = (
            ", even in a hand where the moon is shot"
            if bonus.with_moon
            else ", except in a hand where the moon is shot"
        )
        sentences.append(
            f"A player who wins no trick in a hand takes {bonus.points} off{moon_too}."
        )
    method = rules.method
    if method is SettlementMethod.POINTS:
        sentences.append("Your points add up from hand to hand.")
    elif method is SettlementMethod.SWEEPSTAKES:
        jack = (
            "which only a player alone in taking none can win"
            if isinstance(rules.settlement, Sweepstakes)
            and rules.settlement.jack_rule is JackRule.SOLE_CLEAR
            else "won like any pool"
        )
        sentences.append(
            f"Each player pays 1 counter into the pool for each {unit} taken. A player who took "
            "none, when all the others took some, wins the pool; two such players divide it. "
            f"Otherwise it stays on the table as a Jack, {jack}."
        )
    elif method is SettlementMethod.HOWELL:
        sentences.append(
            f"Each player pays {rules.dealt_seats - 1} counters for each {unit} taken, then "
            f"takes back {total} less his own: the pool always empties."
        )
    elif method is SettlementMethod.SIMPLE:
        sentences.append(
            f"Each player pays 1 counter into the pool for each {unit} taken; whoever took the "
            "fewest takes the pool (players tied for fewest divide it)."
        )
    elif method is SettlementMethod.EXCESS:
        sentences.append(
            "Whoever took the most pays each other player the difference between their counts."
        )
    elif isinstance(rules.settlement, TwoHanded):
        free = rules.settlement.free_hearts
        spare = f" (the first {free} of the loser's are free)" if free else ""
        sentences.append(f"Whoever took more pays the other the difference{spare}.")
    if rules.dealt_seats < rules.players and rules.counters:
        sentences.append("The dealer who sits out neither pays nor collects.")
    return sentences


def _game(rules: Rules) -> list[str]:
    unit = "counters" if rules.counters else "points"
    end = rules.end
    if end is GameEnd.TARGET:
        sentences = [
            f"The game ends after a hand in which anyone reaches {rules.target} points; the "
            "lowest total wins."
        ]
    elif end is GameEnd.BANKRUPT:
        sentences = [
            f"Everyone starts with {rules.start_counters} counters. The game ends when someone "
            "has lost them all; the richest player wins."
        ]
    elif end is GameEnd.GAIN:
        sentences = [
            f"Everyone starts with {rules.start_counters} counters; the first to win "
            f"{rules.target} more wins."
        ]
    elif rules.deals == 1:
        sentences = ["Each deal is a game in itself."]
    else:
        best = "the most" if rules.counters else "the fewest"
        sentences = [f"The game is {rules.deals} deals; {best} {unit} win."]
    if end in (GameEnd.BANKRUPT, GameEnd.GAIN) or rules.ties is TieRule.SHARE:
        sentences.append("Players tied for the win share it.")
    else:
        sentences.append("If players tie for the win, play goes on until one is ahead alone.")
    return sentences


def _read_more(preset: variants.Variant | None, changed: bool = False) -> list[str]:
    """Where the full rules are: the document's section for the form (and the options' section
    when some were changed), and the form's sources."""
    options = "§12 lists every option"
    if preset is None:
        return [f"Every rule: docs/rules.md in the project; {options}."]
    words, _, cite = preset.source.partition(" (docs/rules.md ")
    section = cite.removesuffix(")")
    where = f"docs/rules.md in the project{', ' + section if section else ''}"
    more = f" ({options})" if changed else ""
    return [f"The full rules: {where}{more}.", f"Sources: {words}."]
