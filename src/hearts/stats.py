"""Statistics: what a finished game was for one seat, and many games added up.

A game's summary for a seat (:func:`summary`) is read from the game's events alone (the log the
server stores and the records hold), with its rules to order the final scores: the seat's place
(1 for a winner; seats with equal totals share a place), its points (the sum of its hands'
changes: the game's total in a points game, the counters won or lost in a counters game), the
hands played, the moons it shot and those shot against it, the hands in which it took the Q♠,
the hands in which it took no trick, and its hands and points by the direction of the pass.
:func:`add_up` adds summaries up (games, wins, hands, points a hand...); the server keeps one
summary a game and seat and adds them up when asked, and the terminal game adds up the games it
saved, so that nothing is a counter that could drift from the games.

>>> from hearts import variants
>>> from hearts.game import Game
>>> import random
>>> game = Game(variants.get("modern"), seed=5)
>>> moves = random.Random(5)
>>> while not game.is_over:
...     _ = game.play(moves.choice(list(game.legal_moves())))
>>> game.scores
(105, 24, 70, 35)
>>> mine = summary(game.rules, game.events, 1)
>>> mine.place, mine.points, mine.hands, mine.players
(1, 24, 9, 4)
>>> summary(game.rules, game.events, 0).place
4
>>> total = add_up([mine, summary(game.rules, game.events, 3)])
>>> total.games, total.wins, total.hands, total.points_a_hand
(2, 1, 18, 3.28)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from hearts.cards import Card, Rank, Suit
from hearts.errors import InvalidArgument
from hearts.events import (
    CardPlayed,
    CardsKept,
    Dealt,
    Discarded,
    Event,
    GameOver,
    HandSettled,
    MoonShot,
    TrickCarried,
    TrickWon,
)
from hearts.rules import Leftover, Rules, SettlementMethod, Widow

__all__ = ["DIRECTIONS", "GameSummary", "Totals", "add_up", "places", "summaries", "summary"]

DIRECTIONS = ("left", "right", "across", "hold")
"""The pass directions, in the order statistics show them."""


@dataclasses.dataclass(frozen=True, slots=True)
class GameSummary:
    """A finished game for one seat (the fields of the server's ``game_stats`` rows)."""

    seat: int
    players: int
    place: int
    """1 for a winner; seats with equal final totals share a place (then 1, 1, 3...)."""
    points: int
    """The sum of the seat's hands: its game total in a points game, its net counters else."""
    hands: int
    moons_shot: int
    moons_against: int
    """Hands in which another seat shot the moon."""
    queen_taken: int
    """Hands in which the seat took the Q♠ (either of them with two packs)."""
    hands_without_trick: int
    by_pass: dict[str, dict[str, int]]
    """Per pass direction played: ``{"left": {"hands": 3, "points": 17}, ...}``."""

    def to_dict(self) -> dict[str, Any]:
        """The summary as plain JSON data.

        >>> GameSummary(0, 4, 1, 0, 0, 0, 0, 0, 0, {}).to_dict()["place"]
        1
        """
        return {
            "seat": self.seat,
            "players": self.players,
            "place": self.place,
            "points": self.points,
            "hands": self.hands,
            "moons_shot": self.moons_shot,
            "moons_against": self.moons_against,
            "queen_taken": self.queen_taken,
            "hands_without_trick": self.hands_without_trick,
            "by_pass": {name: dict(part) for name, part in self.by_pass.items()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSummary:
        """The summary that :meth:`to_dict` wrote.

        >>> row = GameSummary(2, 4, 3, 80, 9, 1, 0, 2, 1, {"left": {"hands": 3, "points": 30}})
        >>> GameSummary.from_dict(row.to_dict()) == row
        True
        """
        fields = {field.name for field in dataclasses.fields(cls)}
        return cls(**{name: value for name, value in data.items() if name in fields})


def places(rules: Rules, totals: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place by the final totals, as the rules order them (fewest points first in
    a points game, most counters first in a counters game); equal totals share a place.

    >>> from hearts import variants
    >>> places(variants.get("modern"), [101, 40, 60, 40])
    (4, 1, 3, 1)
    >>> places(variants.get("howell"), [30, 10, 0, 10])
    (1, 2, 4, 2)
    """
    lower_wins = rules.method is SettlementMethod.POINTS
    keys = [total if lower_wins else -total for total in totals]
    return tuple(1 + sum(other < key for other in keys) for key in keys)


def _is_queen(card: Card) -> bool:
    return card.rank is Rank.QUEEN and card.suit is Suit.SPADES


_QUEENS = frozenset(Card.of(Rank.QUEEN, Suit.SPADES, copy) for copy in (0, 1))
"""The Q♠ of each pack."""


def _widow_goes(rules: Rules) -> str | None:
    """Which trick's taker gets the widow: "first", "last", or None (no widow, or one taken
    into the hand, whose discards count instead)."""
    if rules.cancellation is not None:
        return "first" if rules.cancellation.widow is Leftover.FIRST_TRICK else "last"
    if rules.widow is Widow.FIRST_TRICK:
        return "first"
    if rules.widow is Widow.LAST_TRICK:
        return "last"
    return None


def summary(rules: Rules, events: Iterable[Event], seat: int) -> GameSummary:
    """A finished game's summary for ``seat``, from its ``events`` (and its ``rules``, which
    order the final totals and say where a widow goes).

    >>> from hearts import variants
    >>> summary(variants.get("modern"), [], 0)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: the game is not over: its events end without its result
    >>> summary(variants.get("modern"), [], 4)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: seat=4 is not a seat: seats are 0 to 3
    """
    players = rules.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidArgument(f"seat={seat!r} is not a seat: seats are 0 to {players - 1}")
    return summaries(rules, events)[seat]


def summaries(rules: Rules, events: Iterable[Event]) -> tuple[GameSummary, ...]:
    """Every seat's summary of a finished game, read in one pass over its events.

    >>> from hearts import variants
    >>> summaries(variants.get("modern"), [])
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: the game is not over: its events end without its result
    """
    players = rules.players
    seats = range(players)
    goes = _widow_goes(rules)
    hands = 0
    points = [0] * players
    shot = [0] * players
    against = [0] * players
    queens = [0] * players
    without = [0] * players
    by_pass: list[dict[str, dict[str, int]]] = [{} for _ in seats]
    # The hand being read: its pass, its widow, the tricks each seat took, who took the Q♠,
    # who shot the moon.
    direction = "hold"
    widow: tuple[Card, ...] = ()
    carried: list[Card] = []
    tricks = [0] * players
    queen = [False] * players
    shooters: set[int] = set()
    last_taker = -1
    over: GameOver | None = None
    for event in events:
        kind = type(event)
        if kind is CardPlayed:
            continue
        if kind is TrickWon:
            assert isinstance(event, TrickWon)
            taker = event.seat
            last_taker = taker
            tricks[taker] += 1
            if carried or (goes == "first" and widow):
                taken = [*event.cards, *carried]
                carried = []
                if goes == "first":
                    taken.extend(widow)
                    widow = ()
            else:
                taken = list(event.cards)
            if not queen[taker] and not _QUEENS.isdisjoint(taken):
                queen[taker] = True
        elif kind is Dealt:
            assert isinstance(event, Dealt)
            direction = event.pass_direction
            widow = event.stock if goes is not None else ()
            carried, tricks, queen, shooters, last_taker = (
                [],
                [0] * players,
                [False] * players,
                set(),
                -1,
            )
        elif kind is TrickCarried:
            assert isinstance(event, TrickCarried)
            carried.extend(event.cards)
        elif kind is Discarded or kind is CardsKept:
            assert isinstance(event, Discarded | CardsKept)
            if any(_is_queen(card) for card in event.cards):
                queen[event.seat] = True
        elif kind is MoonShot:
            assert isinstance(event, MoonShot)
            shooters.add(event.seat)
        elif kind is HandSettled:
            assert isinstance(event, HandSettled)
            if goes == "last" and last_taker >= 0 and any(_is_queen(card) for card in widow):
                queen[last_taker] = True
            hands += 1
            for seat in seats:
                delta = event.deltas[seat]
                points[seat] += delta
                shot[seat] += seat in shooters
                against[seat] += bool(shooters) and shooters != {seat}
                queens[seat] += queen[seat]
                without[seat] += tricks[seat] == 0
                kept = by_pass[seat].setdefault(direction, {"hands": 0, "points": 0})
                kept["hands"] += 1
                kept["points"] += delta
        elif kind is GameOver:
            assert isinstance(event, GameOver)
            over = event
    if over is None:
        raise InvalidArgument("the game is not over: its events end without its result")
    placed = places(rules, over.totals)
    return tuple(
        GameSummary(
            seat=seat,
            players=players,
            place=placed[seat],
            points=points[seat],
            hands=hands,
            moons_shot=shot[seat],
            moons_against=against[seat],
            queen_taken=queens[seat],
            hands_without_trick=without[seat],
            by_pass={
                name: by_pass[seat][name] for name in sorted(by_pass[seat], key=_direction_order)
            },
        )
        for seat in seats
    )


def _direction_order(name: str) -> tuple[int, str]:
    return (DIRECTIONS.index(name) if name in DIRECTIONS else len(DIRECTIONS), name)


@dataclasses.dataclass(frozen=True, slots=True)
class Totals:
    """Games added up (:func:`add_up`)."""

    games: int = 0
    wins: int = 0
    """Games in first place (shared or not)."""
    hands: int = 0
    points: int = 0
    moons_shot: int = 0
    moons_against: int = 0
    queen_taken: int = 0
    hands_without_trick: int = 0
    places: tuple[int, ...] = ()
    """Games finished in each place: ``places[0]`` first, ``places[1]`` second..."""
    by_pass: dict[str, dict[str, int]] = dataclasses.field(default_factory=dict)

    @property
    def points_a_hand(self) -> float | None:
        """Average points a hand, to two decimals (None before any hand)."""
        return None if not self.hands else round(self.points / self.hands, 2)

    @property
    def win_share(self) -> float | None:
        """Share of the games won, to three decimals (None before any game)."""
        return None if not self.games else round(self.wins / self.games, 3)

    def to_dict(self) -> dict[str, Any]:
        """The totals as plain JSON data, with the averages.

        >>> Totals(games=2, wins=1, hands=10, points=45).to_dict()["points_a_hand"]
        4.5
        """
        data = dataclasses.asdict(self)
        data["places"] = list(self.places)
        data["points_a_hand"] = self.points_a_hand
        data["win_share"] = self.win_share
        return data


def add_up(summaries: Iterable[GameSummary]) -> Totals:
    """Games' summaries added up.

    >>> add_up([]).games, add_up([]).points_a_hand
    (0, None)
    >>> one = GameSummary(0, 4, 1, 40, 8, 1, 0, 2, 3, {"left": {"hands": 2, "points": 10}})
    >>> two = GameSummary(1, 4, 3, 90, 8, 0, 1, 4, 1, {"left": {"hands": 2, "points": 30}})
    >>> total = add_up([one, two])
    >>> total.wins, total.places, total.points_a_hand, total.by_pass
    (1, (1, 0, 1), 8.12, {'left': {'hands': 4, 'points': 40}})
    """
    games = wins = hands = points = shot = against = queen = without = 0
    placed: list[int] = []
    by_pass: dict[str, dict[str, int]] = {}
    for game in summaries:
        games += 1
        wins += game.place == 1
        hands += game.hands
        points += game.points
        shot += game.moons_shot
        against += game.moons_against
        queen += game.queen_taken
        without += game.hands_without_trick
        if len(placed) < game.place:
            placed.extend([0] * (game.place - len(placed)))
        placed[game.place - 1] += 1
        for name, part in game.by_pass.items():
            kept = by_pass.setdefault(name, {"hands": 0, "points": 0})
            kept["hands"] += part["hands"]
            kept["points"] += part["points"]
    return Totals(
        games=games,
        wins=wins,
        hands=hands,
        points=points,
        moons_shot=shot,
        moons_against=against,
        queen_taken=queen,
        hands_without_trick=without,
        places=tuple(placed),
        by_pass={name: by_pass[name] for name in sorted(by_pass, key=_direction_order)},
    )
