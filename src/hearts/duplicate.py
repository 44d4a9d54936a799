"""Duplicate events: the same deals at every table, each score compared with those who held
the same cards (docs/events.md).

An **event** has N **deals**; each deal is one hand, scored on its own (no game total, nothing
carried to the next). Every table that plays deal ``n`` is dealt from the same secret seed, so
the seat ``s`` holds the same cards at every table, and the bots there are seeded by the event,
the deal and the seat (:func:`bot_seed`): whoever meets them meets the same play for the same
play of theirs.

**Commitments.** A deal's seed is 64 random hex digits (:func:`new_seed`, 256 bits), kept secret
until the event closes. Its **digest**, published when the event is made, is
``sha256("hearts event deal v1|<event key>|<deal number>|<seed>")`` (:func:`commitment`): a
digest of 256 random bits cannot be walked back to them, nor can another seed be found that
gives it, so the seeds cannot be changed after the event is made, nor guessed before they are
revealed. A table's game is dealt from :func:`game_seed` of the deal's seed (a one-way function
of it): the game records of the deal carry that number, which the seed must give, and each is
verified by the version of the dealing schedule it names or implies (:mod:`hearts.dealing`), so
a digest published for an event verifies as it did when the event was made.

**Scores.** Each result at seat ``s`` of deal ``n`` is compared with every other result at the
same seat of the same deal: **matchpoints**, a score beaten counting 2 and a score tied 1, as a
percentage of ``2 × (n − 1)`` (:func:`matchpoints`; a lone result, with nothing to compare
with, scores 50%), and the **diff**, its points less the average of the seat's results
(negative is better in a points form). A person's standing is the average of their matchpoint
percentages over the deals they played, and the total of their diffs.

**The close rule** (:data:`UNFINISHED_RULE`): a deal started and not finished when the event
closes scores as the worst finished result at its seat (tied with it); at a seat nobody finished,
it scores 0% and a diff of 0. While the event is open, a deal in play is not compared with.

Standard library only.

>>> matchpoints(5, [5, 13, 0])  # beats 13, ties 5, loses to 0: (2 + 1 + 0) / 6
50.0
>>> [round(s.matchpoints, 1) for s in score_deal([Result("a", 0, 0), Result("b", 0, 26)])]
[100.0, 0.0]
"""

from __future__ import annotations

import bisect
import dataclasses
import hashlib
import re
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Final

from hearts import record, verify
from hearts.errors import HeartsError, InvalidRecord

__all__ = [
    "EXPORT_FORMAT",
    "UNFINISHED_RULE",
    "EventReport",
    "Result",
    "Scored",
    "Standing",
    "bot_seed",
    "commitment",
    "game_seed",
    "is_export",
    "matchpoints",
    "new_seed",
    "score_deal",
    "standings",
    "verify_event",
]

EXPORT_FORMAT: Final = "hearts-event"
"""The ``format`` of an event's export (``GET /api/events/{key}/export``)."""

EXPORT_VERSION: Final = 1

UNFINISHED_RULE: Final = (
    "a deal started and not finished when the event closes scores as the worst finished result "
    "at its seat (0% if nobody finished that seat)"
)
"""The close rule, in the one sentence the event's page shows."""

LONE: Final = 50.0
"""The matchpoints of a lone result: nothing to compare with, so neither beaten nor beating."""

_DOMAIN: Final = "hearts event deal v1"
_GAME: Final = "hearts event game seed v1"
_BOT: Final = "hearts event bot v1"
_SEED: Final = re.compile(r"[0-9a-f]{64}")


def new_seed() -> str:
    """A deal's secret seed: 64 hex digits from the system's secure generator.

    >>> len(new_seed()), new_seed() == new_seed()
    (64, False)
    """
    return secrets.token_hex(32)


def commitment(key: str, number: int, seed: str) -> str:
    """The digest published for deal ``number`` (from 1) of event ``key``: sha256 of
    ``hearts event deal v1|<key>|<number>|<seed>`` in hex.

    >>> seed = "ab" * 32
    >>> digest = commitment("Ev3nt", 1, seed)
    >>> len(digest), digest == commitment("Ev3nt", 2, seed), seed in digest
    (64, False, False)
    """
    message = f"{_DOMAIN}|{key}|{number}|{seed}"
    return hashlib.sha256(message.encode("utf-8")).hexdigest()


def game_seed(seed: str) -> int:
    """The seed of every table's game of a deal (63 bits, as a table keeps one), derived one
    way from the deal's seed: the first 8 bytes of sha256 of ``hearts event game seed
    v1|<seed>``, its top bit cleared.

    >>> game_seed("ab" * 32) == game_seed("ab" * 32) < 2**63
    True
    """
    digest = hashlib.sha256(f"{_GAME}|{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def bot_seed(key: str, number: int, seat: int) -> int:
    """The seed of the bot at ``seat`` on deal ``number`` of event ``key``: the same at every
    table of that deal.

    >>> bot_seed("e", 1, 2) == bot_seed("e", 1, 2) != bot_seed("e", 1, 3)
    True
    """
    digest = hashlib.sha256(f"{_BOT}|{key}|{number}|{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def matchpoints(points: float, others: Sequence[float], *, lower_better: bool = True) -> float:
    """The matchpoint percentage of ``points`` against the ``others`` at its seat: 2 for each
    score beaten, 1 for each tied, out of ``2 × len(others)``; :data:`LONE` (50%) alone.

    >>> matchpoints(3, [])
    50.0
    >>> matchpoints(3, [4, 3]), matchpoints(3, [4, 3], lower_better=False)
    (75.0, 25.0)
    """
    if not others:
        return LONE
    won = 0
    for other in others:
        if other == points:
            won += 1
        elif (points < other) == lower_better:
            won += 2
    return 100.0 * won / (2 * len(others))


@dataclasses.dataclass(frozen=True, slots=True)
class Result:
    """One play of a deal: who, at which seat, and the points (None: started, not finished)."""

    who: str
    seat: int
    points: int | None


@dataclasses.dataclass(frozen=True, slots=True)
class Scored:
    """A result compared with the others at its seat. ``points`` is the score it counts as (the
    worst at its seat for a deal unfinished at the close); ``unfinished``: so counted."""

    who: str
    seat: int
    points: int | None
    matchpoints: float
    diff: float
    unfinished: bool = False


def score_deal(
    results: Sequence[Result], *, closed: bool = False, lower_better: bool = True
) -> list[Scored]:
    """Score one deal's results, seat by seat (in the order given). While the event is open
    (``closed`` False) an unfinished result is left out; once closed, it counts as the worst
    finished result at its seat (:data:`UNFINISHED_RULE`).

    >>> plays = [Result("a", 0, 4), Result("b", 0, 0), Result("c", 0, None)]
    >>> [(s.who, s.matchpoints, s.diff) for s in score_deal(plays)]
    [('a', 0.0, 2.0), ('b', 100.0, -2.0)]
    >>> [(s.who, s.points, s.matchpoints) for s in score_deal(plays, closed=True)]
    [('a', 4, 25.0), ('b', 0, 100.0), ('c', 4, 25.0)]
    """
    worst: dict[int, int] = {}
    for result in results:
        if result.points is not None:
            now = worst.get(result.seat)
            if now is None or (result.points > now) == lower_better:
                worst[result.seat] = result.points
    counted: list[tuple[Result, int | None]] = []
    for result in results:
        if result.points is not None:
            counted.append((result, result.points))
        elif closed:
            counted.append((result, worst.get(result.seat)))
    by_seat: dict[int, list[int]] = {}
    for result, points in counted:
        if points is not None:
            by_seat.setdefault(result.seat, []).append(points)
    for seat in by_seat.values():
        seat.sort()  # (each result's place among its seat's found by bisection: n log n)
    averages = {number: sum(seat) / len(seat) for number, seat in by_seat.items()}
    scored = []
    for result, points in counted:
        unfinished = result.points is None
        if points is None:  # (nobody finished this seat: nothing to count it as)
            scored.append(Scored(result.who, result.seat, None, 0.0, 0.0, True))
            continue
        seat = by_seat[result.seat]
        below, above = bisect.bisect_left(seat, points), bisect.bisect_right(seat, points)
        if len(seat) == 1:
            mine = LONE
        else:  # (2 for each score beaten, 1 for each other tied: :func:`matchpoints`)
            beaten = len(seat) - above if lower_better else below
            won = 2 * beaten + (above - below - 1)
            mine = 100.0 * won / (2 * (len(seat) - 1))
        diff = points - averages[result.seat]
        scored.append(Scored(result.who, result.seat, points, mine, diff, unfinished))
    return scored


@dataclasses.dataclass(frozen=True, slots=True)
class Standing:
    """A person's place: deals played, their average matchpoint percentage, their total diff."""

    place: int
    who: str
    played: int
    matchpoints: float
    diff: float


def standings(deals: Sequence[Sequence[Scored]], *, lower_better: bool = True) -> list[Standing]:
    """The standings from every deal's scores: the best average matchpoints first, then the
    best total diff; people equal on both share a place.

    >>> one = score_deal([Result("a", 0, 0), Result("b", 0, 26)])
    >>> two = score_deal([Result("a", 0, 13), Result("b", 0, 13)])
    >>> [(s.place, s.who, s.played, s.matchpoints, s.diff) for s in standings([one, two])]
    [(1, 'a', 2, 75.0, -13.0), (2, 'b', 2, 25.0, 13.0)]
    """
    totals: dict[str, list[float]] = {}
    for deal in deals:
        for scored in deal:
            got = totals.setdefault(scored.who, [0, 0.0, 0.0])
            got[0] += 1
            got[1] += scored.matchpoints
            got[2] += scored.diff
    rows = sorted(
        (
            (mp / played, diff if lower_better else -diff, who, int(played), diff)
            for who, (played, mp, diff) in totals.items()
        ),
        key=lambda row: (-row[0], row[1], row[2]),
    )
    out: list[Standing] = []
    for index, (average, ranked, who, played, diff) in enumerate(rows):
        place = index + 1
        if out and (round(out[-1].matchpoints, 9), round(out[-1].diff, 9)) == (
            round(average, 9),
            round(diff, 9),
        ):
            place = out[-1].place
        del ranked
        out.append(Standing(place, who, played, average, diff))
    return out


# ------------------------------------------------------------------------------ the export


@dataclasses.dataclass(frozen=True, slots=True)
class EventReport(verify.VerifyReport):
    """What verifying an event's export found: a line a deal and a game (``checked``), and
    the problems, each a sentence (a failure when there is any)."""

    checked: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        return list(self.checked) + list(self.problems) + list(self.notes)


def is_export(data: object) -> bool:
    """Whether JSON data is an event's export (its ``format``).

    >>> is_export({"format": "hearts-event"}), is_export({"format": "hearts-record"})
    (True, False)
    """
    return isinstance(data, Mapping) and data.get("format") == EXPORT_FORMAT


def verify_event(data: Any) -> EventReport:
    """Verify an event's export: each revealed seed against its digest, each game's deal
    against its seed (its record's seed is :func:`game_seed` of it) and every game's record by
    :func:`hearts.verify.verify_record` (every deal and every move by the rules), and each
    result's points against its record. Data that is no export raises
    :class:`~hearts.errors.InvalidRecord` (a sentence).

    >>> seed = "0f" * 32
    >>> export = {"format": "hearts-event", "version": 1, "key": "k", "deal_list": [
    ...     {"number": 1, "digest": commitment("k", 1, seed), "seed": seed, "games": []}]}
    >>> verify_event(export).ok
    True
    >>> export["deal_list"][0]["seed"] = "1f" * 32
    >>> print(verify_event(export).lines()[-1])
    deal 1: its seed is not the one committed to (sha256 of it is not the digest published)
    """
    if not is_export(data):
        raise InvalidRecord(f"an event's export has the format {EXPORT_FORMAT!r}")
    if data.get("version") != EXPORT_VERSION:
        raise InvalidRecord(f"this version reads version {EXPORT_VERSION} of an event's export")
    key, deals = data.get("key"), data.get("deal_list")
    if not isinstance(key, str) or not isinstance(deals, list):
        raise InvalidRecord("an event's export needs its 'key' and its 'deal_list'")
    checked: list[str] = []
    problems: list[str] = []
    for index, deal in enumerate(deals, 1):
        if not isinstance(deal, Mapping) or deal.get("number") != index:
            problems.append(f"deal {index}: missing, or not numbered {index}")
            continue
        seed, digest = deal.get("seed"), deal.get("digest")
        if not isinstance(seed, str) or not _SEED.fullmatch(seed):
            problems.append(f"deal {index}: its seed is not revealed (64 hex digits)")
            continue
        if commitment(key, index, seed) != digest:
            problems.append(
                f"deal {index}: its seed is not the one committed to "
                "(sha256 of it is not the digest published)"
            )
            continue
        checked.append(f"deal {index}: seed ✓ (its digest {str(digest)[:12]}...)")
        games = deal.get("games")
        for game in games if isinstance(games, list) else []:
            problems.extend(_check_game(index, seed, game, checked))
    if not deals:
        problems.append("the export holds no deal")
    return EventReport(hands=(), problems=tuple(problems), checked=tuple(checked))


def _check_game(number: int, seed: str, game: Any, checked: list[str]) -> list[str]:
    """One game of a deal: its record dealt from the deal's seed, verified, its points."""
    where = f"deal {number}, table {game.get('table') if isinstance(game, Mapping) else '?'}"
    data = game.get("record") if isinstance(game, Mapping) else None
    if not isinstance(data, Mapping):
        return [f"{where}: no game record"]
    if data.get("seed") != game_seed(seed):
        return [f"{where}: its game was not dealt from the deal's seed"]
    try:
        report = verify.verify_record(data)
        played = record.from_dict(data) if report.ok else None
    except (InvalidRecord, HeartsError) as error:
        return [f"{where}: its record cannot be read: {error}"]
    if not report.ok or played is None:
        bad = [hand.line() for hand in report.hands if not hand.ok] + list(report.problems)
        return [f"{where}: {line}" for line in bad]
    if len(played.hands) != 1:
        return [f"{where}: an event's game is one hand, this one has {len(played.hands)}"]
    seat, points = game.get("seat"), game.get("points")
    if (
        isinstance(seat, int)
        and 0 <= seat < played.players
        and points is not None
        and played.scores[seat] != points
    ):
        return [
            f"{where}: seat {seat + 1} scored {played.scores[seat]} in the record, "
            f"not the {points} given"
        ]
    checked.append(f"{where}: deal ✓, play ✓")
    return []
