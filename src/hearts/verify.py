"""Verifying a record: every deal against its seed and commitment, every move by the rules.

At a real table everyone sees the dealer shuffle and the pone cut (laws 5–7; dealing laws 7–9).
At a digital table the server shuffles out of sight, so each hand goes like this:

1. The game shuffles the pack from its seed by its version of the dealing schedule
   (:mod:`hearts.dealing`), exactly as before (:mod:`hearts.table`).
2. Before the pone is asked to cut, it publishes :func:`~hearts.table.commit` of the shuffled
   order as a :class:`~hearts.events.ShuffleCommitted` event: ``sha256`` over the hand number,
   a 32-byte salt and the cards in order. Every seat sees it (:attr:`SeatView.commitment
   <hearts.observation.SeatView.commitment>`); it is a fixed-length hash and reveals nothing
   of the order.
3. The pone cuts as it chooses, or declines (``Game(pone=...)``); the cut, or None, is in the
   :class:`~hearts.events.Dealt` event.
4. The cards are dealt one at a time from the eldest hand (:func:`hearts.table.deal_out`).

**The dealing schedule's version.** Every record is read by the version of the dealing
schedule it was dealt with (:mod:`hearts.dealing`): the one its ``"dealing"`` field names, or,
when it names none (every record written before the versions were named), ``hand-seeds-1`` with
``"hand_seeds": true`` and ``stream-1`` without. A version is never changed, so a record and
its commitments verify as they did when they were made; a record naming a version this one does
not know is refused in a sentence (:class:`~hearts.errors.InvalidRecord`), and nothing is
checked. Under ``stream-1`` (below) one generator seeded with the game's seed draws the cut
for deal and every hand's shuffle in turn.

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

**Hand seeds** (``hand-seeds-1``). A game made with ``Game(rules, seed, hand_seeds=True)`` does not draw every
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
record cannot be verified this way. The replay of the play and its :class:`Mismatch` are
:mod:`hearts.verify_replay`'s, the check of one hand's reveal (:func:`check_reveal`)
:mod:`hearts.verify_reveal`'s; both names are importable from here. Standard library only.

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
from collections.abc import Mapping, Sequence
from typing import Any

from hearts import record, table
from hearts.cards import Card, CardSet
from hearts.deal import check_hands
from hearts.dealing import get as schedule_of
from hearts.dealing import of_record
from hearts.errors import HeartsError, InvalidRecord
from hearts.events import DealerCut, Dealt, Event, ShuffleCommitted
from hearts.game import Game
from hearts.rules import Rules
from hearts.table import commit, hand_salt
from hearts.verify_replay import Mismatch, _Replay
from hearts.verify_reveal import check_reveal

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
