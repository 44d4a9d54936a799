"""The dealing schedule: how a seed becomes each hand's shuffle, in versions that never change.

A seeded game, its verification and the arena all take their shuffles from here, so the
schedule is written once. Each version is frozen: a seed dealt by a version deals the same
packs, suggests the same cuts and commits under the same salts for as long as the version is
read, so every stored record and every published commitment verifies as it did when it was
made. A change to the schedule is a new version, never an edit of an old one.

``stream-1`` (:data:`STREAM`)
    One :class:`random.Random` seeded with the game's seed draws everything in turn: the cut
    for deal (when the seats cut, laws 1–2), then each hand's shuffle and the cut suggested to
    its pone (:func:`hearts.table.shuffle_pack`). The salt of hand ``n``'s commitment is
    ``HMAC-SHA256(key=the seed, "hearts shuffle salt n")`` (:func:`hearts.table.hand_salt`),
    apart from the generator. Hand ``n`` can only be dealt after every hand before it, and the
    seed proves every hand at once. ``Game(rules, seed)`` deals by it, as every game did.
``hand-seeds-1`` (:data:`HAND_SEEDS`, the :data:`CURRENT` version)
    Hand ``n`` draws from a generator of its own, seeded with its hand seed
    ``HMAC-SHA256(key=the game's seed, "hearts hand seed v1|n")`` (:func:`hearts.table.hand_seed`),
    and commits under ``HMAC-SHA256(key=the hand seed, "hearts hand salt v1|n")``; the cut for
    deal draws from ``HMAC-SHA256(key=the game's seed, "hearts cut for deal seed v1")``. Each
    hand is dealt from the seed and its number alone, and the seed of one hand, revealed once
    it is over, proves that hand and tells nothing of the others. ``Game(rules, seed,
    hand_seeds=True)`` (or ``dealing=CURRENT``) deals by it; so does the server.
``arena-1`` (:data:`ARENA`)
    Deal ``n`` of an arena run is the pack shuffled by ``random.Random(f"{seed}:{n}")``: no
    cut, no commitment, no cut for deal (the arena deals each deal uncut, the same cards to
    each seat in every rotation). The arena deals by it unless told otherwise, so a run
    repeats exactly for its seed; a game cannot deal by it.

A record names the version it was dealt with in its ``"dealing"`` field, or implies it when it
names none: ``hand-seeds-1`` with ``"hand_seeds": true``, else ``stream-1`` (every record
written before the versions were named). A game of either of those versions is recorded as it
always was (:func:`record_fields`: its record implies the version), so the records written
today are those written before; a later version will be named in ``"dealing"``. A version this
one does not know is refused in a sentence (:func:`of_record`). ``Game(rules, seed)`` keeps
``stream-1``, so that every seed deals the games it always dealt. Standard library only.

>>> from hearts.cards import FULL_PACK
>>> first = get(CURRENT).hand(FULL_PACK, 3, 0, None)     # hand 0 of seed 3, from them alone
>>> len(first.deck), first == get(CURRENT).hand(FULL_PACK, 3, 0, None)
(52, True)
>>> get("stream-9")
Traceback (most recent call last):
...
hearts.errors.InvalidArgument: dealing schedule 'stream-9' is not one this version of hearts deals by: it knows stream-1, hand-seeds-1 and arena-1 (a newer version of hearts made it?)
"""

from __future__ import annotations

import _random
import dataclasses
import random
from collections.abc import Mapping
from typing import Any, Final

from hearts import table
from hearts.cards import Card
from hearts.errors import InvalidArgument, InvalidRecord

__all__ = [
    "ARENA",
    "CURRENT",
    "HAND_SEEDS",
    "STREAM",
    "VERSIONS",
    "Schedule",
    "Shuffled",
    "get",
    "implied",
    "of_record",
    "record_fields",
]

STREAM: Final = "stream-1"
"""One generator seeded with the game's seed draws every shuffle in turn."""
HAND_SEEDS: Final = "hand-seeds-1"
"""Each hand draws from a seed of its own, derived from the game's by HMAC-SHA256."""
ARENA: Final = "arena-1"
"""Deal ``n`` of an arena run is shuffled by ``random.Random(f"{seed}:{n}")``, uncut."""
CURRENT: Final = HAND_SEEDS
"""The version new tables deal with (the server's; ``Game(..., dealing=CURRENT)``)."""
VERSIONS: Final = (STREAM, HAND_SEEDS, ARENA)
"""Every version this module deals by, oldest first."""

FIELD: Final = "dealing"
"""The record field that names the version a record was dealt with."""


@dataclasses.dataclass(frozen=True, slots=True)
class Shuffled:
    """What a schedule draws for one hand: the pack in its shuffled order, the cut it suggests
    to the pone (None: the schedule deals uncut), and the salt of the hand's commitment (None:
    nothing to commit to, a game with no seed or a schedule that commits to nothing)."""

    deck: list[Card]
    suggested: int | None
    salt: bytes | None


_new = random.Random.__new__
_seed = _random.Random.seed  # (the C generator's own, which random.Random's calls)


def _seeded(seed: int) -> random.Random:
    """``random.Random(seed)`` for a whole number, made without its Python ``__init__`` and
    ``seed`` (a game makes one per seed): the same state (checked on import, else not used)."""
    rng = _new(random.Random)
    _seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # (as random.Random.seed sets it)
    return rng


_SEEDS_ALIKE: Final = all(
    _seeded(seed).getstate() == random.Random(seed).getstate() for seed in (0, 7, -3, 2**70 + 1)
)
"""Whether :func:`_seeded` makes what ``random.Random`` does in this Python."""


class Schedule:
    """One version of the dealing schedule (see the module docstring); :func:`get` gives it.

    ``per_hand``: whether each hand is drawn from the seed and its number alone (else from
    the generator every hand before it drew from). ``commits``: whether a game may deal by it
    (it gives a salt, a suggested cut and a cut for deal). ``reveals``: whether each hand has a
    seed of its own to reveal."""

    version: str = ""
    per_hand: bool = True
    commits: bool = True
    reveals: bool = False

    def generator(self, seed: int | None) -> random.Random:
        """The generator a game keeps for its shuffles (only :data:`STREAM` draws from it)."""
        if type(seed) is int and _SEEDS_ALIKE:
            return _seeded(seed)
        return random.Random(seed)

    def cut_rng(self, seed: int | None, rng: random.Random) -> random.Random:
        """What the cut for deal draws from, given the game's seed and generator."""
        return rng

    def hand(self, pack: int, seed: int | None, number: int, rng: random.Random | None) -> Shuffled:
        """Hand ``number``'s shuffle of ``pack`` (a bitmask) from the game's ``seed``; ``rng``
        is the game's generator, drawn from in turn by :data:`STREAM` only."""
        raise NotImplementedError  # pragma: no cover - each version says

    def hand_seed(self, seed: int, number: int) -> str:
        """The seed of hand ``number`` of a game's ``seed``, for a schedule that ``reveals``
        (else :class:`~hearts.errors.InvalidArgument`)."""
        raise InvalidArgument(
            f"dealing schedule {self.version} deals no hand from a seed of its own"
        )

    def revealed(self, pack: int, hand_seed: str, number: int) -> Shuffled:
        """Hand ``number``'s shuffle from its own seed (64 hex digits), as a reveal gives it,
        for a schedule that ``reveals`` (else :class:`~hearts.errors.InvalidArgument`)."""
        raise InvalidArgument(
            f"dealing schedule {self.version} deals no hand from a seed of its own"
        )

    def __repr__(self) -> str:
        return f"<dealing schedule {self.version}>"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # One object a version: a copied or pickled game deals by the very same schedule.
        return get, (self.version,)


class _Stream(Schedule):
    version = STREAM
    per_hand = False

    def hand(self, pack: int, seed: int | None, number: int, rng: random.Random | None) -> Shuffled:
        if rng is None:
            raise InvalidArgument(
                f"dealing schedule {STREAM} draws each hand from the game's generator, in turn"
            )
        deck, suggested = table.shuffle_pack(pack, rng)
        # The salt comes from the seed, not the generator, so the deals do not shift.
        return Shuffled(deck, suggested, None if seed is None else table.hand_salt(seed, number))


class _HandSeeds(Schedule):
    version = HAND_SEEDS
    reveals = True

    def cut_rng(self, seed: int | None, rng: random.Random) -> random.Random:
        return table.seeded_rng(table.cut_for_deal_seed(_needs(seed, self.version)))

    def hand(self, pack: int, seed: int | None, number: int, rng: random.Random | None) -> Shuffled:
        return self.revealed(pack, self.hand_seed(_needs(seed, self.version), number), number)

    def hand_seed(self, seed: int, number: int) -> str:
        return table.hand_seed(seed, number)

    def revealed(self, pack: int, hand_seed: str, number: int) -> Shuffled:
        deck, suggested = table.shuffle_pack(pack, table.seeded_rng(hand_seed))
        return Shuffled(deck, suggested, table.hand_seed_salt(hand_seed, number))


class _Arena(Schedule):
    version = ARENA
    commits = False

    def hand(self, pack: int, seed: int | None, number: int, rng: random.Random | None) -> Shuffled:
        # (shuffle_pack draws the shuffle as rng.shuffle would, then a cut this schedule drops.)
        deck, _ = table.shuffle_pack(pack, random.Random(f"{_needs(seed, self.version)}:{number}"))
        return Shuffled(deck, None, None)


def _needs(seed: int | None, version: str) -> int:
    if seed is None:
        raise InvalidArgument(f"dealing schedule {version} deals from a seed: give one")
    return seed


_SCHEDULES: Final[dict[str, Schedule]] = {
    schedule.version: schedule for schedule in (_Stream(), _HandSeeds(), _Arena())
}


def _known(*, games: bool = False) -> str:
    """The versions this one deals by (``games``: only those a game deals by), in words."""
    known = [version for version in VERSIONS if not games or _SCHEDULES[version].commits]
    return f"{', '.join(known[:-1])} and {known[-1]}"


def get(version: str) -> Schedule:
    """The schedule of a version; a version this one does not know raises
    :class:`~hearts.errors.InvalidArgument` in a sentence.

    >>> get(CURRENT).reveals, get(STREAM).per_hand, get(ARENA).commits
    (True, False, False)
    """
    schedule = _SCHEDULES.get(version) if isinstance(version, str) else None
    if schedule is None:
        raise InvalidArgument(
            f"dealing schedule {version!r} is not one this version of hearts deals by: it knows "
            f"{_known()} (a newer version of hearts made it?)"
        )
    return schedule


def implied(hand_seeds: bool) -> str:
    """The version a record names by its ``hand_seeds`` field alone (a record that names no
    version: every record written before the versions were named).

    >>> implied(False), implied(True)
    ('stream-1', 'hand-seeds-1')
    """
    return HAND_SEEDS if hand_seeds else STREAM


def of_record(data: Mapping[str, Any]) -> str:
    """The version record data was dealt with: its ``"dealing"`` field, or the one its
    ``hand_seeds`` field implies. A version this one does not know, one no game deals by, or one
    that contradicts ``hand_seeds`` raises :class:`~hearts.errors.InvalidRecord` in a sentence.

    >>> of_record({}), of_record({"hand_seeds": True}), of_record({"dealing": "hand-seeds-1"})
    ('stream-1', 'hand-seeds-1', 'hand-seeds-1')
    >>> of_record({"dealing": "hand-seeds-2"})
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: record field 'dealing' is 'hand-seeds-2': this version of hearts deals by stream-1 and hand-seeds-1 (a newer version of hearts wrote it?)
    """
    hand_seeds = data.get("hand_seeds", False)
    if FIELD not in data:
        return implied(hand_seeds is True)
    version = data[FIELD]
    if not isinstance(version, str) or version not in _SCHEDULES:
        raise InvalidRecord(
            f"record field {FIELD!r} is {version!r}: this version of hearts deals by "
            f"{_known(games=True)} (a newer version of hearts wrote it?)"
        )
    if not _SCHEDULES[version].commits:
        raise InvalidRecord(
            f"record field {FIELD!r} is {version!r}, which deals the arena's deals, not a game's"
        )
    if (hand_seeds is True) != _SCHEDULES[version].reveals and "hand_seeds" in data:
        raise InvalidRecord(
            f"record field {FIELD!r} is {version!r}, but record field 'hand_seeds' is "
            f"{'true' if hand_seeds is True else 'false'}"
        )
    return version


def record_fields(version: str) -> dict[str, Any]:
    """The fields a record of a game dealt by ``version`` carries to name it: none for
    :data:`STREAM` (implied), ``"hand_seeds": true`` for :data:`HAND_SEEDS` (as records always
    said it), ``"dealing"`` for any later version.

    >>> record_fields(STREAM), record_fields(HAND_SEEDS)
    ({}, {'hand_seeds': True})
    """
    if version == STREAM:
        return {}
    if version == HAND_SEEDS:
        return {"hand_seeds": True}
    return {FIELD: get(version).version}  # pragma: no cover - no later version yet
