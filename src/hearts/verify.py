"""Verifiable deals for a digital table: a commitment to each shuffle, checked from the record.

At a real table everyone sees the dealer shuffle and the pone cut (laws 5–7; dealing laws 7–9).
At a digital table the server shuffles out of sight, so each hand goes like this:

1. The game shuffles the pack from its seeded generator, exactly as before (:mod:`hearts.table`).
2. Before the pone is asked to cut, it publishes :func:`commit` of the shuffled order as a
   :class:`~hearts.events.ShuffleCommitted` event: ``sha256`` over the hand number, a 32-byte
   salt and the cards in order. Every seat sees it (:attr:`SeatView.commitment
   <hearts.observation.SeatView.commitment>`); it is a fixed-length hash and reveals nothing
   of the order.
3. The pone cuts as it chooses, or declines (``Game(pone=...)``); the cut, or None, is in the
   :class:`~hearts.events.Dealt` event.
4. The cards are dealt one at a time from the eldest hand (:func:`hearts.table.deal_out`).

The salt of hand ``n`` is ``HMAC-SHA256(key=the seed, "hearts shuffle salt n")``
(:func:`hand_salt`): anyone holding the seed can derive it, and no one without the seed can. The
seed stays with the server during the game and is revealed in the record afterwards; with it,
:func:`verify_record` (and ``hearts verify RECORD``) recomputes every shuffle, checks it against
the published commitment, applies the recorded cut, deals by the table procedure and compares
the recorded hands. The salt does not touch the generator, so the deals are those a game
without commitments would deal.

What this proves: the shuffle of each hand was fixed before the pone cut (a different order
after the commitment fails the commitment check), and the hands recorded are the deal of that
shuffle with the pone's cut (an altered hand or cut fails the deal check). A changed seed fails
every commitment. It does not prove the seed itself was chosen fairly; the pone's free cut is
what no one can arrange in advance.

A game with no seed (an injected generator, or deals given from a record) makes no commitments;
its record cannot be verified this way. Standard library only.

>>> from hearts import Game, record, variants
>>> game = Game(variants.get("classic"), seed=3)
>>> game.events[0].kind, len(game.events[0].commitment)
('shuffle_committed', 64)
>>> report = verify(game)
>>> report.ok, report.lines()
(True, ['hand 1: commitment ✓, deal ✓'])
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hearts import table
from hearts.cards import Card, CardSet, cards_of
from hearts.errors import HeartsError, InvalidRecord
from hearts.events import DealerCut, Dealt, Event, ShuffleCommitted
from hearts.rules import Rules

if TYPE_CHECKING:
    from hearts.game import Game

__all__ = [
    "commit",
    "hand_salt",
    "HandCheck",
    "VerifyReport",
    "verify",
    "verify_record",
    "verify_text",
]

_DOMAIN = b"hearts shuffle commitment v1"


def hand_salt(seed: int, hand_number: int) -> bytes:
    """The 32-byte salt of a hand's commitment: derived from the game's seed and the hand number.

    >>> len(hand_salt(7, 0)), hand_salt(7, 0) == hand_salt(7, 1)
    (32, False)
    """
    return hmac.new(
        str(seed).encode("ascii"), f"hearts shuffle salt {hand_number}".encode("ascii"), "sha256"
    ).digest()


def commit(pack_order: Sequence[Card], salt: bytes, hand_number: int) -> str:
    """The commitment to a shuffled pack: sha256 of the hand number, the salt and the order (hex).

    >>> from hearts.cards import Card
    >>> order = [Card.parse(name) for name in ("AS", "2C", "QH")]
    >>> digest = commit(order, b"salt", 0)
    >>> len(digest), digest == commit(order[::-1], b"salt", 0), digest == commit(order, b"salt", 1)
    (64, False, False)
    """
    names = " ".join(str(Card.coerce(card)) for card in pack_order)
    message = b"|".join(
        (_DOMAIN, str(hand_number).encode("ascii"), salt.hex().encode(), names.encode("ascii"))
    )
    return hashlib.sha256(message).hexdigest()


@dataclasses.dataclass(frozen=True, slots=True)
class HandCheck:
    """What verifying one hand found: ``commitment`` and ``deal`` are True when they match."""

    hand_number: int
    commitment: bool
    deal: bool
    problems: tuple[str, ...] = ()
    """What differs, in words (empty when both match)."""

    @property
    def ok(self) -> bool:
        """Whether both the commitment and the deal match."""
        return self.commitment and self.deal

    def line(self) -> str:
        """``hand N: commitment ✓, deal ✓`` (or ✗ and what failed)."""
        head = (
            f"hand {self.hand_number + 1}: commitment {'✓' if self.commitment else '✗'}, "
            f"deal {'✓' if self.deal else '✗'}"
        )
        return f"{head} ({'; '.join(self.problems)})" if self.problems else head


@dataclasses.dataclass(frozen=True, slots=True)
class VerifyReport:
    """The result of verifying a record: one :class:`HandCheck` per hand, and any problem of
    the record as a whole (no seed, a wrong first dealer, hands missing)."""

    hands: tuple[HandCheck, ...]
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether every hand verifies and the record has no other problem."""
        return not self.problems and all(hand.ok for hand in self.hands)

    def lines(self) -> list[str]:
        """One line a hand, then the record's problems."""
        return [hand.line() for hand in self.hands] + list(self.problems)


def verify(game: Game) -> VerifyReport:
    """Verify every hand of a game (see :func:`verify_record`)."""
    return _verify(game.rules, game.seed, game.first_dealer, game.cut_for_deal, game.events)


def verify_text(text: str | bytes) -> VerifyReport:
    """Verify the deals of a record's JSON text; text that is not a record raises
    :class:`~hearts.errors.InvalidRecord` in one sentence.

    >>> verify_text("[")
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: the record is not valid JSON: Expecting value at line 1, column 2
    """
    from hearts.record import parse_json  # record imports the game, which imports this module

    return verify_record(parse_json(text))


def verify_record(data: Any) -> VerifyReport:
    """Verify the deals of record data (what :func:`hearts.record.to_dict` writes).

    Unlike :func:`hearts.record.from_dict`, this does not refuse a record at the first
    difference: it says, hand by hand, whether the commitment and the deal match. A record that
    cannot be read at all raises :class:`~hearts.errors.InvalidRecord`.

    >>> from hearts import Game, record, variants
    >>> data = record.to_dict(Game(variants.get("classic"), seed=3))
    >>> verify_record(data).ok
    True
    >>> print(verify_record(dict(data, seed=4)).lines()[0])  # doctest: +NORMALIZE_WHITESPACE
    hand 1: commitment ✗, deal ✗ (the commitment is not the hash of the shuffle from the seed
    (the shuffle was changed after committing, or the seed is not the one committed to);
    seats 0, 1, 2 and 3 do not hold what the shuffle from the seed, cut at 20 cards, deals)
    """
    if not isinstance(data, Mapping):
        raise InvalidRecord("a record must be a JSON object")
    if data.get("format") != "hearts-record":
        raise InvalidRecord("it is not a hearts record: its 'format' is not 'hearts-record'")
    for key in ("rules", "seed", "dealer", "cut_for_deal", "events"):
        if key not in data:
            raise InvalidRecord(f"the record lacks the field {key!r}")
    try:
        rules = Rules.from_dict(data["rules"], version=data.get("version", 2))
    except (HeartsError, TypeError, ValueError) as error:
        raise InvalidRecord(f"record field 'rules' is wrong: {error}") from None
    seed = data["seed"]
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidRecord(f"record field 'seed' must be a whole number or null, not {seed!r}")
    dealer = data["dealer"]
    if isinstance(dealer, bool) or not isinstance(dealer, int):
        raise InvalidRecord(f"record field 'dealer' must be a seat, not {dealer!r}")
    cut_for_deal = data["cut_for_deal"]
    if not isinstance(cut_for_deal, bool):
        raise InvalidRecord("record field 'cut_for_deal' must be true or false")
    raw = data["events"]
    if not isinstance(raw, list):
        raise InvalidRecord("record field 'events' must be a list")
    events: list[Event] = []
    for index, item in enumerate(raw):
        try:
            events.append(Event.from_dict(item))
        except InvalidRecord as error:
            raise InvalidRecord(f"event {index}: {error}") from None
    try:
        return _verify(rules, seed, dealer, cut_for_deal, events)
    except HeartsError as error:  # pragma: no cover - valid rules always shuffle and deal
        raise InvalidRecord(f"the record's rules cannot be dealt: {error}") from None


def _verify(
    rules: Rules, seed: int | None, dealer: int, cut_for_deal: bool, events: Sequence[Event]
) -> VerifyReport:
    if seed is None:
        return VerifyReport((), ("the record has no seed: its deals cannot be verified",))
    problems: list[str] = []
    rng = random.Random(seed)
    if cut_for_deal:
        dealer, cuts = table.cut_for_deal(rng, rules.players)
        recorded = [event for event in events if isinstance(event, DealerCut)]
        if not recorded or recorded[0] != DealerCut(cuts=tuple(cuts), dealer=dealer):
            problems.append("the cut for deal is not the one the seed draws")
    if not 0 <= dealer < rules.players:
        return VerifyReport((), (f"the first dealer {dealer} is not a seat",))
    commitments: dict[int, tuple[int, ShuffleCommitted]] = {}
    deals: dict[int, tuple[int, Dealt]] = {}
    for index, event in enumerate(events):
        if isinstance(event, ShuffleCommitted | Dealt):
            if not 0 <= event.hand_number < len(events):
                problems.append(f"event {index} ({event.kind}) has no hand {event.hand_number}")
                continue
            if event.hand_number in (commitments if isinstance(event, ShuffleCommitted) else deals):
                problems.append(f"hand {event.hand_number + 1} has a second {event.kind} event")
            elif isinstance(event, ShuffleCommitted):
                commitments[event.hand_number] = (index, event)
            else:
                deals[event.hand_number] = (index, event)
    played = max([*commitments, *deals], default=-1) + 1
    checks: list[HandCheck] = []
    for number in range(played):
        deck = table.shuffle(cards_of(rules.pack), rng)
        table.random_cut(len(deck), rng)  # the suggestion the game draws, cut or not
        checks.append(_check_hand(rules, seed, number, dealer, deck, commitments, deals))
        dealer = table.next_dealer(dealer, rules.players)
    return VerifyReport(tuple(checks), tuple(problems))


def _check_hand(
    rules: Rules,
    seed: int,
    number: int,
    dealer: int,
    deck: list[Card],
    commitments: Mapping[int, tuple[int, ShuffleCommitted]],
    deals: Mapping[int, tuple[int, Dealt]],
) -> HandCheck:
    """Check one hand's commitment against the shuffle from the seed, and its deal."""
    problems: list[str] = []
    committed = commitments.get(number)
    expected = commit(deck, hand_salt(seed, number), number)
    if committed is None:
        commitment_ok = False
        problems.append("no commitment was published for this hand")
    else:
        commitment_ok = committed[1].commitment == expected and committed[1].dealer == dealer
        if committed[1].commitment != expected:
            problems.append(
                "the commitment is not the hash of the shuffle from the seed (the shuffle was "
                "changed after committing, or the seed is not the one committed to)"
            )
        if committed[1].dealer != dealer:
            problems.append(f"the commitment names seat {committed[1].dealer} as dealer")
    given = deals.get(number)
    if given is None:
        problems.append("the hand was not dealt")
        return HandCheck(number, commitment_ok, False, tuple(problems))
    index, dealt = given
    if committed is not None and committed[0] > index:
        commitment_ok = False
        problems.append("the commitment was published after the deal")
    deal_problems = _deal_problems(rules, dealer, deck, dealt)
    problems.extend(deal_problems)
    return HandCheck(number, commitment_ok, not deal_problems, tuple(problems))


def _deal_problems(rules: Rules, dealer: int, deck: list[Card], dealt: Dealt) -> list[str]:
    """How the recorded deal differs from the shuffle cut as recorded and dealt by the laws."""
    if dealt.dealer != dealer:
        return [f"seat {dealt.dealer} is recorded as dealer, but it is seat {dealer}'s deal"]
    try:
        order = table.cut(deck, dealt.cut)
    except HeartsError as error:
        return [f"the recorded cut of {dealt.cut} cards is not a legal cut: {error}"]
    hands, stock = table.deal_out(
        order,
        players=rules.players,
        dealer=dealer,
        hand_size=rules.hand_size,
        sits_out=dealer if rules.dealt_seats < rules.players else None,
    )
    if len(dealt.hands) != rules.players:
        return [f"the deal has {len(dealt.hands)} hands, not {rules.players}"]
    how = "uncut" if dealt.cut is None else f"cut at {dealt.cut} cards"
    problems: list[str] = []
    wrong = [
        str(seat)
        for seat, (hand, recorded) in enumerate(zip(hands, dealt.hands, strict=True))
        if CardSet(hand) != recorded
    ]
    if wrong:
        seats = (
            f"seats {', '.join(wrong[:-1])} and {wrong[-1]}"
            if len(wrong) > 1
            else (f"seat {wrong[0]}")
        )
        problems.append(f"{seats} do not hold what the shuffle from the seed, {how}, deals")
    if tuple(stock) != tuple(dealt.stock):
        problems.append(f"the stock is not what the shuffle from the seed, {how}, leaves")
    return problems
