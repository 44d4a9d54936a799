"""Verifying a record: every deal against its seed and commitment, every move by the rules.

At a real table everyone sees the dealer shuffle and the pone cut (laws 5–7; dealing laws 7–9).
At a digital table the server shuffles out of sight, so each hand goes like this:

1. The game shuffles the pack from its seeded generator, exactly as before (:mod:`hearts.table`).
2. Before the pone is asked to cut, it publishes :func:`~hearts.table.commit` of the shuffled
   order as a :class:`~hearts.events.ShuffleCommitted` event: ``sha256`` over the hand number,
   a 32-byte salt and the cards in order. Every seat sees it (:attr:`SeatView.commitment
   <hearts.observation.SeatView.commitment>`); it is a fixed-length hash and reveals nothing
   of the order.
3. The pone cuts as it chooses, or declines (``Game(pone=...)``); the cut, or None, is in the
   :class:`~hearts.events.Dealt` event.
4. The cards are dealt one at a time from the eldest hand (:func:`hearts.table.deal_out`).

The salt of hand ``n`` is ``HMAC-SHA256(key=the seed, "hearts shuffle salt n")``
(:func:`~hearts.table.hand_salt`): anyone holding the seed can derive it, and no one without
the seed can. The seed stays with the server during the game and is revealed in the record
afterwards. The salt does not touch the generator, so the deals are those a game without
commitments would deal.

With the seed, :func:`verify_record` (and ``hearts verify RECORD``) checks every hand three ways:

- **commitment**: the shuffle recomputed from the seed hashes to the commitment published
  before the cut (a different order after the commitment, or another seed, fails);
- **deal**: that shuffle, cut as recorded and dealt by the table procedure, gives the recorded
  dealer, hands, stock and pass (an altered hand or cut fails);
- **play**: every move the record holds (passes, bids, cards, revokes and claims, the moon
  choice) is replayed by the rules from the recorded deals (whether the seed deals them is the
  deal check's), and every event of the record equals the event the replay logs: tricks and
  who took them, points, settlements, the end of the game. An edited trick, a move the rules
  refuse, an event added or removed is named by the hand, the move within the hand and the
  event (:class:`Mismatch`). An edited event leaves the later hands checked; after a move the
  rules refuse, the later hands cannot be replayed and fail.

**Hand seeds.** A game made with ``Game(rules, seed, hand_seeds=True)`` does not draw every
shuffle from one generator: hand ``n`` draws its shuffle and the cut suggested to its pone from
a generator of its own, seeded with the hand's seed, ``HMAC-SHA256(key=the game's seed, "hearts
hand seed v1|n")`` (:func:`~hearts.table.hand_seed`, 64 hex digits), and its commitment's salt
is ``HMAC-SHA256(key=the hand seed, "hearts hand salt v1|n")``
(:func:`~hearts.table.hand_seed_salt`). Anyone holding one hand's seed can shuffle that hand
again, derive its salt and recompute its commitment; HMAC being a keyed pseudo-random function,
the seed of one hand tells nothing of the game's seed or of any other hand's. So a table can
reveal each hand's seed as soon as the hand is over (:meth:`hearts.game.Game.reveal`, a
:class:`~hearts.table.HandReveal`, checked by :func:`check_reveal`: by a client, against the
commitment it received and the cards it was dealt) and the game's seed at the end. The cut for
deal (laws 1–2) draws from a seed of its own, ``HMAC-SHA256(key=the game's seed, "hearts cut for
deal seed v1")``. A record of a game in progress (:func:`hearts.record.to_dict` with
``reveal``) withholds the game's seed and gives the seeds of the hands over; here each hand
with a revealed seed is checked three ways and each other hand is reported as ``seed not
revealed yet``, which alone does not fail the record.

A record with no events, or of a version this one cannot read (:func:`hearts.record.contents`
reads it as :func:`hearts.record.loads` does), is refused. What this does not prove: that the
seed itself was chosen fairly; the pone's free cut is what no one can arrange in advance. A game
with no seed (an injected generator, or deals given from a record) makes no commitments; its
record cannot be verified this way. Standard library only.

>>> from hearts import Game, record, variants
>>> game = Game(variants.get("classic"), seed=3)
>>> game.events[0].kind, len(game.events[0].commitment)
('shuffle_committed', 64)
>>> report = verify(game)
>>> report.ok, report.lines()
(True, ['hand 1: commitment ✓, deal ✓, play ✓'])
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from hearts import record, table
from hearts.cards import Card, CardSet, cards_of
from hearts.deal import check_hands
from hearts.dealing import HAND_SEEDS, of_record
from hearts.dealing import get as schedule_of
from hearts.errors import HeartsError, InvalidRecord
from hearts.events import DealerCut, Dealt, Event, ShuffleCommitted, first_difference, move_of
from hearts.game import Game
from hearts.rules import Rules
from hearts.table import HandReveal, commit, hand_salt

__all__ = [
    "commit",
    "hand_salt",
    "check_reveal",
    "HandCheck",
    "Mismatch",
    "VerifyReport",
    "verify",
    "verify_record",
    "verify_text",
]


@dataclasses.dataclass(frozen=True, slots=True)
class Mismatch:
    """The first place where a hand's recorded play parts from its replay by the rules."""

    move: int
    """The hand's moves up to this point, counted from 1 (0: before its first move)."""
    event: int | None
    """The record's index of the event (None: the record lacks an event the replay logs)."""
    kind: str
    """The kind of that event (where the record lacks one, of the replay's)."""
    text: str
    """All of it in a sentence: the move, the event and what differs."""


@dataclasses.dataclass(frozen=True, slots=True)
class HandCheck:
    """What verifying one hand found: ``commitment``, ``deal`` and ``play`` are True when they
    match (see the module docstring)."""

    hand_number: int
    commitment: bool
    deal: bool
    play: bool = True
    problems: tuple[str, ...] = ()
    """What differs, in words (empty when everything matches)."""
    mismatch: Mismatch | None = None
    """The first move or event of the hand that the replay does not reproduce, if any."""
    revealed: bool = True
    """False: the record withholds this hand's seed (a game in progress), so nothing of the
    hand was checked (``commitment``, ``deal`` and ``play`` are then False)."""

    @property
    def ok(self) -> bool:
        """Whether the commitment, the deal and the play all match (a hand whose seed is not
        revealed yet is not a failure)."""
        return not self.revealed or (self.commitment and self.deal and self.play)

    def line(self) -> str:
        """``hand N: commitment ✓, deal ✓, play ✓`` (or ✗ and what failed; or ``hand N: seed
        not revealed yet``)."""
        if not self.revealed:
            return f"hand {self.hand_number + 1}: seed not revealed yet"
        head = (
            f"hand {self.hand_number + 1}: commitment {_mark(self.commitment)}, "
            f"deal {_mark(self.deal)}, play {_mark(self.play)}"
        )
        return f"{head} ({'; '.join(self.problems)})" if self.problems else head


def _seats_hold(seats: Sequence[str]) -> str:
    """``seat 1 holds``, ``seats 0, 1 and 3 hold``."""
    if len(seats) == 1:
        return f"seat {seats[0]} holds"
    return f"seats {', '.join(seats[:-1])} and {seats[-1]} hold"


def _mark(ok: bool) -> str:
    return "✓" if ok else "✗"


@dataclasses.dataclass(frozen=True, slots=True)
class VerifyReport:
    """The result of verifying a record: one :class:`HandCheck` per hand, and any problem of
    the record as a whole (no seed, no events, a wrong cut for deal, hands missing)."""

    hands: tuple[HandCheck, ...]
    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    """What could not be checked yet, which is no failure (a game in progress)."""

    @property
    def ok(self) -> bool:
        """Whether every hand verifies and the record has no other problem (hands whose seed
        is not revealed yet are not failures: see :attr:`unrevealed`)."""
        return not self.problems and all(hand.ok for hand in self.hands)

    @property
    def unrevealed(self) -> tuple[int, ...]:
        """The hands (numbered from 0) whose seed the record does not reveal yet."""
        return tuple(hand.hand_number for hand in self.hands if not hand.revealed)

    def lines(self) -> list[str]:
        """One line a hand, then the record's problems, then what is not checked yet."""
        return [hand.line() for hand in self.hands] + list(self.problems) + list(self.notes)


def verify(game: Game) -> VerifyReport:
    """Verify every hand of a game (see :func:`verify_record`)."""
    return _verify(
        game.rules,
        game.seed,
        game.first_dealer,
        game.cut_for_deal,
        game.events,
        game.dealing,
    )


def verify_text(text: str | bytes) -> VerifyReport:
    """Verify a record's JSON text, or an event's export (:func:`hearts.duplicate.verify_event`:
    ``hearts verify`` checks both); text that is not a record raises
    :class:`~hearts.errors.InvalidRecord` in one sentence.

    >>> verify_text("[")
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: the record is not valid JSON: Expecting value at line 1, column 2
    """
    data = record.parse_json(text)
    if isinstance(data, Mapping) and data.get("format") == "hearts-event":
        from hearts import duplicate  # (an event's export: it verifies each game by this module)

        return duplicate.verify_event(data)
    return verify_record(data)


def verify_record(data: Any) -> VerifyReport:
    """Verify record data (what :func:`hearts.record.to_dict` writes): every deal and every move.

    Unlike :func:`hearts.record.from_dict`, this does not refuse a record at the first
    difference: it says, hand by hand, whether the commitment, the deal and the play match. A
    record that cannot be read at all (not JSON, not a hearts record, a version this one does
    not read, a field that is wrong) raises :class:`~hearts.errors.InvalidRecord`.

    >>> from hearts import Game, record, variants
    >>> game = Game(variants.get("classic"), seed=3)
    >>> for _ in range(5):
    ...     _ = game.play(game.legal_moves()[0])
    >>> data = record.to_dict(game)
    >>> verify_record(data).ok
    True
    >>> print(verify_record(dict(data, seed=4)).lines()[0])  # doctest: +NORMALIZE_WHITESPACE
    hand 1: commitment ✗, deal ✗, play ✓ (the commitment is not the hash of the shuffle from
    the seed (the shuffle was changed after committing, or the seed is not the one committed
    to); seats 0, 1, 2 and 3 do not hold what the shuffle from the seed, cut at 20 cards,
    deals)
    >>> data["events"][3]["card"] = "QC"  # seat 2's card in the first trick
    >>> print(verify_record(data).lines()[0])  # doctest: +NORMALIZE_WHITESPACE
    hand 1: commitment ✓, deal ✓, play ✗ (after move 4, event 6 (trick_won) is not what the
    rules make of the moves: its seat is 0 in the record, but 2 in the replay)
    """
    if not isinstance(data, Mapping):
        raise InvalidRecord("a record must be a JSON object")
    if data.get("format", record.FORMAT) != record.FORMAT or not {"format", "version"} & set(data):
        raise InvalidRecord(f"it is not a hearts record: its 'format' is not {record.FORMAT!r}")
    found = record.contents(data)
    return _verify(
        found.rules,
        found.seed,
        found.dealer,
        found.cut_for_deal,
        found.events,
        of_record(data),
        found.revealed,
    )


# ------------------------------------------------------------------------------ one reveal


def check_reveal(
    reveal: HandReveal,
    commitment: str,
    rules: Rules,
    *,
    seat: int | None = None,
    cards: Sequence[Card | str] | CardSet | None = None,
    dealt: Dealt | None = None,
) -> str | None:
    """Check what a table revealed of one hand once it was over (:meth:`Game.reveal
    <hearts.game.Game.reveal>`) against the ``commitment`` received when the hand was dealt,
    and, given ``seat`` and ``cards``, against the cards that seat was dealt; given the whole
    deal (``dealt``, the hand's :class:`~hearts.events.Dealt` event once it is known), against
    every hand, the stock, the dealer and the cut. None when everything matches; else what
    failed, in a sentence.

    It checks that the salt is the one the seed derives, that the order is a shuffle of the
    pack of ``rules`` and the very one the seed draws, that the order and salt hash to the
    commitment, and that the order, cut as revealed and dealt by the table procedure, gives
    the cards.

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("classic"), seed=4, hand_seeds=True)
    >>> while game.hand_number == 0:
    ...     _ = game.play(game.legal_moves()[0])
    >>> shown, committed = game.reveal(0), game.events[0].commitment
    >>> first = game.hands[0].events[0]
    >>> check_reveal(shown, committed, game.rules, seat=2, cards=first.hands[2]) is None
    True
    >>> print(check_reveal(shown, committed, game.rules, seat=2, cards=first.hands[1]))
    hand 1's reveal fails: seat 2 was dealt other cards than this order, cut at 19 cards, deals
    """
    problems = _reveal_problems(reveal, commitment, rules, seat, cards, dealt)
    if not problems:
        return None
    return f"hand {reveal.hand_number + 1}'s reveal fails: {'; '.join(problems)}"


def _reveal_problems(
    reveal: HandReveal,
    commitment: str,
    rules: Rules,
    seat: int | None,
    cards: Sequence[Card | str] | CardSet | None,
    dealt: Dealt | None,
) -> list[str]:
    if not isinstance(reveal, HandReveal):
        raise TypeError(f"check_reveal checks a HandReveal, not {type(reveal).__name__}")
    if (seat is None) != (cards is None):
        raise TypeError("give check_reveal a seat and its cards both, or neither")
    number = reveal.hand_number
    problems: list[str] = []
    if not table.is_hand_seed(reveal.seed):
        return ["its seed is not 64 lowercase hex digits"]
    drawn = schedule_of(HAND_SEEDS).revealed(rules.pack, reveal.seed, number)
    assert drawn.salt is not None  # (a schedule that reveals commits)
    if reveal.salt != drawn.salt.hex():
        problems.append("the salt is not the one the seed derives")
    try:
        order = [Card.parse(name) for name in reveal.order]
    except HeartsError:
        return [*problems, "the order holds a name that is not a card"]
    if sorted(order) != cards_of(rules.pack) or [str(c) for c in order] != list(reveal.order):
        return [*problems, "the order is not the pack of these rules, each card once by its name"]
    if order != drawn.deck:
        problems.append("the order is not the shuffle the seed draws")
    try:
        salt = bytes.fromhex(reveal.salt)
    except ValueError:
        salt = b""
    if commit(order, salt, number) != commitment:
        problems.append(
            "the order and the salt do not hash to the commitment received when the hand was dealt"
        )
    try:
        cut_order = table.cut(order, reveal.cut)
    except HeartsError as error:
        return [*problems, f"the cut of {reveal.cut} cards is not a legal cut: {error}"]
    if not 0 <= reveal.dealer < rules.players:
        return [*problems, f"seat {reveal.dealer} is no seat of this table"]
    hands, stock = table.deal_out(
        cut_order,
        players=rules.players,
        dealer=reveal.dealer,
        hand_size=rules.hand_size,
        sits_out=reveal.dealer if rules.dealt_seats < rules.players else None,
    )
    how = "uncut" if reveal.cut is None else f"cut at {reveal.cut} cards"
    if seat is not None and cards is not None:
        if not 0 <= seat < rules.players:
            problems.append(f"seat {seat} is no seat of this table")
        elif CardSet(hands[seat]) != CardSet(Card.coerce(card) for card in cards):
            problems.append(f"seat {seat} was dealt other cards than this order, {how}, deals")
    if dealt is not None:
        if dealt.hand_number != number:
            problems.append(f"the deal given is of hand {dealt.hand_number + 1}")
        if dealt.dealer != reveal.dealer:
            problems.append(f"seat {dealt.dealer} dealt the hand, not seat {reveal.dealer}")
        if dealt.cut != reveal.cut:
            problems.append(f"the hand was cut at {dealt.cut}, not at {reveal.cut}")
        wrong = [
            str(s)
            for s, hand in enumerate(hands)
            if s >= len(dealt.hands) or CardSet(hand) != dealt.hands[s]
        ]
        if wrong:
            problems.append(f"{_seats_hold(wrong)} other cards than this order, {how}, deals")
        if tuple(stock) != tuple(dealt.stock):
            problems.append(f"the stock is not what this order, {how}, leaves")
    return problems


# ------------------------------------------------------------------------------ the checks


def _verify(
    rules: Rules,
    seed: int | None,
    dealer: int,
    cut_for_deal: bool,
    events: Sequence[Event],
    dealing: str,
    revealed: Mapping[int, str] | None = None,
) -> VerifyReport:
    if not events:
        return VerifyReport((), ("the record has no events: no hand was dealt to verify",))
    schedule = schedule_of(dealing)
    if seed is None and not schedule.reveals:
        return VerifyReport((), ("the record has no seed: its deals cannot be verified",))
    revealed = dict(revealed or {})
    problems: list[str] = []
    notes: list[str] = []
    rng = schedule.generator(seed)
    opening: list[Event] = []  # what comes before the first deal: the cut for deal, if any
    if cut_for_deal:
        if seed is None:
            # A game in progress withholds its seed: the recorded cut is taken as it stands.
            recorded_cut = next((e for e in events if isinstance(e, DealerCut)), None)
            notes.append("the cut for deal is not checked until the game's seed is revealed")
            if recorded_cut is not None:
                try:
                    drawn = table.check_cuts(recorded_cut.cuts, rules.players)
                except HeartsError as error:
                    problems.append(f"the cut for deal does not follow law 2: {error}")
                    drawn = recorded_cut.dealer
                opening.append(recorded_cut)
            else:
                drawn = dealer
        else:
            drawn, cuts = table.cut_for_deal(schedule.cut_rng(seed, rng), rules.players)
            opening.append(DealerCut(cuts=tuple(cuts), dealer=drawn))
        if dealer != drawn:
            problems.append(
                f"record field 'dealer' is {dealer}, but the seats' cut for deal chose seat {drawn}"
            )
        dealer = drawn
    commitments: dict[int, tuple[int, ShuffleCommitted]] = {}
    deals: dict[int, tuple[int, Dealt]] = {}
    for index, event in enumerate(events):
        if isinstance(event, ShuffleCommitted | Dealt):
            if not 0 <= event.hand_number < len(events):
                problems.append(
                    f"event {index} ({event.kind}) names hand {event.hand_number + 1}, which "
                    f"the record has not"
                )
                continue
            if event.hand_number in (commitments if isinstance(event, ShuffleCommitted) else deals):
                problems.append(f"hand {event.hand_number + 1} has a second {event.kind} event")
            elif isinstance(event, ShuffleCommitted):
                commitments[event.hand_number] = (index, event)
            else:
                deals[event.hand_number] = (index, event)
    played = max([*commitments, *deals], default=-1) + 1
    found: list[tuple[bool, bool, list[str]] | None] = []  # None: the seed is not revealed
    replayed: list[Dealt] = []  # the deal each hand is replayed from
    first_dealer = dealer
    for number in range(played):
        if seed is None:
            # A game in progress withholds its seed: a hand is checked once its seed is revealed.
            own = revealed.get(number)
            if own is None:
                found.append(None)
                whole = _whole_deal(rules, number, dealer, deals)
                if whole is not None and len(replayed) == number:
                    replayed.append(whole)
                dealer = table.next_dealer(dealer, rules.players)
                continue
            shuffled = schedule.revealed(rules.pack, own, number)
        else:
            shuffled = schedule.hand(rules.pack, seed, number, rng)
        deck, suggested, salt = shuffled.deck, shuffled.suggested, shuffled.salt
        assert suggested is not None and salt is not None  # (a game's schedule commits)
        found.append(_check_deal(rules, salt, number, dealer, deck, commitments, deals))
        if len(replayed) == number:
            replayed.append(_deal_to_replay(rules, number, dealer, deck, suggested, deals))
        dealer = table.next_dealer(dealer, rules.players)
    stop = len(replayed) if len(replayed) < played else None
    replay = _Replay(rules, first_dealer, replayed, events, stop)
    checks: list[HandCheck] = []
    for number, checked in enumerate(found):
        if checked is None:
            checks.append(HandCheck(number, False, False, False, revealed=False))
            continue
        commitment, deal, deal_problems = checked
        play, play_problems, mismatch = replay.check(number)
        checks.append(
            HandCheck(
                number, commitment, deal, play, tuple(deal_problems + play_problems), mismatch
            )
        )
    for number in revealed:
        if number >= played:
            problems.append(
                f"record field 'revealed' gives the seed of hand {number + 1}, which the record "
                "has not"
            )
    recorded = [event for _, event in replay.opening]
    if recorded != opening:
        wrong_cut = cut_for_deal and opening[0] not in recorded
        if wrong_cut:
            problems.append("the cut for deal is not the one the seed draws")
        for index, event in replay.opening:
            if wrong_cut and isinstance(event, DealerCut):
                wrong_cut = False  # (the cut for deal in its place, said above to be wrong)
                continue
            if event not in opening or recorded.count(event) > 1:
                problems.append(f"event {index} ({event.kind}) comes before the first deal")
                break
    if any(number >= played for number in replay.dealt):
        problems.append(
            f"the record ends with hand {played}, but by the rules hand {played + 1} is dealt "
            "after it: its events are missing"
        )
    return VerifyReport(tuple(checks), tuple(problems), tuple(notes))


def _whole_deal(
    rules: Rules, number: int, dealer: int, deals: Mapping[int, tuple[int, Dealt]]
) -> Dealt | None:
    """A hand's recorded deal, when it deals this whole pack by the right seat (a hand whose
    seed is not revealed is replayed from it); else None."""
    given = deals.get(number)
    if given is None or given[1].dealer != dealer:
        return None
    try:
        check_hands(rules, given[1].hands, given[1].stock, dealer)
        if given[1].cut is not None:
            table.cut(range(rules.pack.bit_count()), given[1].cut)
    except HeartsError:
        return None
    return given[1]


def _check_deal(
    rules: Rules,
    salt: bytes,
    number: int,
    dealer: int,
    deck: list[Card],
    commitments: Mapping[int, tuple[int, ShuffleCommitted]],
    deals: Mapping[int, tuple[int, Dealt]],
) -> tuple[bool, bool, list[str]]:
    """Check one hand's commitment against the shuffle from the seed, and its deal: (the
    commitment matches, the deal matches, what differs)."""
    problems: list[str] = []
    committed = commitments.get(number)
    expected = commit(deck, salt, number)
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
        return commitment_ok, False, problems
    index, dealt = given
    if committed is not None and committed[0] > index:
        commitment_ok = False
        problems.append("the commitment was published after the deal")
    deal_problems = _deal_problems(rules, number, dealer, deck, dealt)
    problems.extend(deal_problems)
    return commitment_ok, not deal_problems, problems


def _deal_to_replay(
    rules: Rules,
    number: int,
    dealer: int,
    deck: list[Card],
    suggested: int,
    deals: Mapping[int, tuple[int, Dealt]],
) -> Dealt:
    """The deal the play of a hand is replayed from: the recorded one when it is a deal of this
    pack by the right seat (whether the seed deals it is the deal check's), else the seed's."""
    given = deals.get(number)
    size = len(deck)
    if given is not None:
        dealt = given[1]
        try:
            if dealt.dealer != dealer:
                raise HeartsError("not this seat's deal")
            if dealt.cut is not None:
                table.cut(deck, dealt.cut)
            check_hands(rules, dealt.hands, dealt.stock, dealer)
        except HeartsError:
            pass
        else:
            return dealt
    at = given[1].cut if given is not None else suggested
    if at is not None and not table.MIN_PACKET <= at <= size - table.MIN_PACKET:
        at = suggested
    hands, stock = table.deal_out(
        table.cut(deck, at),
        players=rules.players,
        dealer=dealer,
        hand_size=rules.hand_size,
        sits_out=dealer if rules.dealt_seats < rules.players else None,
    )
    return Dealt(
        number,
        dealer,
        at,
        rules.pass_direction(number).value,
        tuple(CardSet(hand) for hand in hands),
        tuple(stock),
    )


def _deal_problems(
    rules: Rules, number: int, dealer: int, deck: list[Card], dealt: Dealt
) -> list[str]:
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
        hold = "do not hold" if len(wrong) > 1 else "does not hold"
        problems.append(f"{seats} {hold} what the shuffle from the seed, {how}, deals")
    if tuple(stock) != tuple(dealt.stock):
        problems.append(f"the stock is not what the shuffle from the seed, {how}, leaves")
    direction = rules.pass_direction(number).value
    if dealt.pass_direction != direction:
        problems.append(
            f"the deal is recorded to pass {dealt.pass_direction!r}, but this hand passes "
            f"{direction!r}"
        )
    return problems


# ------------------------------------------------------------------------------ the replay

_Indexed = list[tuple[int, Event]]
"""Events with their index in the log they come from."""


def _by_hand(events: Sequence[Event]) -> tuple[_Indexed, dict[int, _Indexed]]:
    """A log split into what comes before the first deal and each hand's events by its number
    (a hand starts at a commitment or a deal of a hand number other than the current one)."""
    opening: _Indexed = []
    hands: dict[int, _Indexed] = {}
    current: int | None = None
    for index, event in enumerate(events):
        if isinstance(event, ShuffleCommitted | Dealt) and event.hand_number != current:
            current = event.hand_number
        (opening if current is None else hands.setdefault(current, [])).append((index, event))
    return opening, hands


def _is_move(event: Event) -> bool:
    try:
        return move_of(event) is not None
    except InvalidRecord:
        return True  # a move whose value is bad (refused when replayed)


class _Replay:
    """The record's moves replayed by the rules, hand by hand from the deals given, and the
    record's events compared with the events the replay logs."""

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deals: Sequence[Dealt],
        events: Sequence[Event],
        stop: int | None = None,
    ) -> None:
        try:
            game = Game(rules, rng=random.Random(0), dealer=dealer, deals=deals)
        except HeartsError as error:  # pragma: no cover - the deals given are checked
            raise InvalidRecord(f"the record's rules cannot be dealt: {error}") from None
        # The first hand that cannot be replayed: its seed is not revealed and the record does
        # not hold its deal whole (a game in progress, as a client holds it).
        self.stop = stop
        cutoff = len(events)
        if stop is not None:
            later = _by_hand(events)[1].get(stop)
            if later:
                cutoff = later[0][0]
        # The record's event at which the rules refused its move, and why.
        self.refused: tuple[int, str] | None = None
        for index, event in enumerate(events[:cutoff]):
            try:
                move = move_of(event, index)
                if move is not None:
                    game.play(move[1], move[0])
            except HeartsError as error:
                reason = str(error).removeprefix(f"event {index} ({event.kind}): ")
                self.refused = (index, reason)
                break
        self.over = game.is_over
        self.opening, self.recorded = _by_hand(events)
        _, self.dealt = _by_hand(game.events)
        # The hand of the refused move (-1: before the first deal): the replay stops there.
        self._refused_in: int | None = None
        if self.refused is not None:
            self._refused_in = -1
            for number, hand in self.recorded.items():
                if any(index == self.refused[0] for index, _ in hand):
                    self._refused_in = number

    def check(self, number: int) -> tuple[bool, list[str], Mismatch | None]:
        """Whether hand ``number`` of the record is what the replay logs: (ok, problems, the
        first mismatch)."""
        if self.stop is not None and number >= self.stop:
            return (
                False,
                [
                    f"not replayed: the seed of hand {self.stop + 1} is not revealed and the "
                    "record does not hold its deal whole"
                ],
                None,
            )
        if self._refused_in is not None and number > self._refused_in:
            where = (
                f"of hand {self._refused_in + 1}"
                if self._refused_in >= 0
                else "before the first deal"
            )
            return False, [f"not replayed: the rules refused a move {where}"], None
        if number not in self.dealt:
            last = max(self.dealt, default=-1) + 1
            if self.over:
                return False, [f"by the rules the game is over after hand {last}"], None
            return False, [f"the record's moves end in hand {last}, before this hand"], None
        recorded = self.recorded.get(number, [])
        # (A hand recorded before claims were judged at its end has no judgement to compare.)
        replayed = record.as_recorded([e for _, e in recorded], [e for _, e in self.dealt[number]])
        mismatch = self._first_mismatch(
            [(i, e) for i, e in recorded if not _is_deal(e)],
            [e for e in replayed if not _is_deal(e)],
        )
        if mismatch is None:
            return True, [], None
        return False, [mismatch.text], mismatch

    def _first_mismatch(self, recorded: _Indexed, replayed: list[Event]) -> Mismatch | None:
        moves = 0
        for position in range(max(len(recorded), len(replayed))):
            if position >= len(recorded):
                theirs = replayed[position]
                more = len(replayed) - position - 1
                rest = f" (and {more} more)" if more else ""
                return Mismatch(
                    moves,
                    None,
                    theirs.kind,
                    f"{_after(moves)}, the replay logs a {theirs.kind} event{rest} that the "
                    "record's hand does not have",
                )
            index, ours = recorded[position]
            is_move = _is_move(ours)
            moves += is_move
            where = (
                f"move {moves}, event {index} ({ours.kind}),"
                if is_move
                else f"{_after(moves)}, event {index} ({ours.kind})"
            )
            if self.refused is not None and self.refused[0] == index:
                return Mismatch(
                    moves, index, ours.kind, f"{where} is refused by the rules: {self.refused[1]}"
                )
            if position >= len(replayed):
                return Mismatch(
                    moves,
                    index,
                    ours.kind,
                    f"{where} is not in the replay, in which the hand has no more events",
                )
            theirs = replayed[position]
            if ours != theirs:
                return Mismatch(
                    moves,
                    index,
                    ours.kind,
                    f"{where} is not what the rules make of the moves: {_difference(ours, theirs)}",
                )
        return None


def _is_deal(event: Event) -> bool:
    """The commitment and the deal are the deal check's; the play check compares the rest."""
    return isinstance(event, ShuffleCommitted | Dealt)


def _after(moves: int) -> str:
    return f"after move {moves}" if moves else "before the hand's first move"


def _difference(ours: Event, theirs: Event) -> str:
    """What differs between a recorded event and the replay's, in words."""
    if ours.kind != theirs.kind:
        return f"the replay logs a {theirs.kind} event there"
    difference = first_difference(ours, theirs)
    if difference is None:  # pragma: no cover - events that differ differ in a field
        return "it differs from the replay's"
    where, value, other_value = difference
    return f"its {where} is {value!r} in the record, but {other_value!r} in the replay"
