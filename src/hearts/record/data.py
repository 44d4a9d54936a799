"""A record as JSON data: :func:`to_dict` writes a game's, :func:`contents` reads one back, each
field checked (the format, the version, the rules, the seed, the events one by one) without
replaying the game (:mod:`hearts.record.replay` does that).

>>> from hearts import Game, variants
>>> found = contents(to_dict(Game(variants.get("classic"), seed=3)))
>>> found.rules == variants.get("classic"), found.seed, len(found.events)
(True, 3, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from hearts import dealing, table
from hearts.errors import HeartsError, InvalidArgument, InvalidRecord
from hearts.events import Dealt, Event, ShuffleCommitted
from hearts.game import Game
from hearts.observation import seen_log
from hearts.rules import Rules
from hearts.variants import VARIANTS, name_of

__all__ = ["FORMAT", "VERSION", "READS", "to_dict", "Contents", "contents"]

FORMAT: Final = "hearts-record"
"""The value of a record's ``format`` field."""
VERSION: Final = 2
"""The record version this module writes (rules as parts: ``"passing": {"count": 3, ...}``,
``"settlement": {"method": "points", "moon": "old"}``)."""
READS: Final = (1, 2)
"""The record versions this module reads (version 1: the flat rules, migrated)."""

_FIELDS: Final = (
    "format",
    "version",
    "variant",
    "rules",
    "seed",
    "dealer",
    "cut_for_deal",
    "events",
)
_OPTIONAL: Final = ("hand_seeds", "revealed", "dealing")
"""Fields a record may have (absent: false, and no hand seeds revealed)."""


def to_dict(game: Game, *, reveal: int | None = None, seat: int | None = None) -> dict[str, Any]:
    """The record of a game as plain JSON data.

    With ``reveal`` (a game with hand seeds), the record of the game as it stands that a
    client may hold while it goes on: the game's seed withheld (null), the seeds of the first
    ``reveal`` hands given in ``"revealed"`` (each must be over), their events whole, and every
    later event as ``seat`` sees it (None: as a watcher does, no card of any hand). Revealing a
    hand not over, or hand seeds of a game without them, raises
    :class:`~hearts.errors.InvalidArgument`.

    >>> from hearts import Game, variants
    >>> data = to_dict(Game(variants.get("classic"), seed=3))
    >>> data["format"], data["variant"], data["seed"], data["events"][0]["kind"]
    ('hearts-record', 'classic', 3, 'shuffle_committed')
    >>> game = Game(variants.get("classic"), seed=3, hand_seeds=True)
    >>> shown = to_dict(game, reveal=0)
    >>> shown["seed"], shown["hand_seeds"], shown["revealed"], shown["events"][1]["hands"][0]
    (None, True, {}, '')
    >>> to_dict(game, reveal=1)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: hand 1 is not over: its seed cannot be revealed yet
    """
    seed = game.seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidRecord(
            f"a game seeded with {seed!r} cannot be recorded: the seed must be a whole number"
        )
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": _variant_name(game.rules),
        "rules": game.rules.to_dict(),
        "seed": seed,
        "dealer": game.first_dealer,
        "cut_for_deal": game.cut_for_deal,
    }
    data.update(dealing.record_fields(game.dealing))  # the schedule's version, named or implied
    if reveal is None:
        if seat is not None:
            raise InvalidArgument("a seat's record is one with hands revealed: give reveal too")
        data["events"] = [event.to_dict() for event in game.events]
        return data
    _check_reveal(game, reveal, seat)
    data["seed"] = None
    data["revealed"] = {str(number): game.hand_seed(number) for number in range(reveal)}
    data["events"] = _revealed_events(game, reveal, seat)
    return data


def _check_reveal(game: Game, reveal: int, seat: int | None) -> None:
    """Refuse hands revealed of a game without hand seeds or not yet over, and a seat that is
    not one."""
    if not game.hand_seeds:
        raise InvalidArgument("this game has no hand seeds to reveal: make it with hand_seeds=True")
    if isinstance(reveal, bool) or not isinstance(reveal, int) or reveal < 0:
        raise InvalidArgument(f"reveal must be a number of hands (0, 1, ...), not {reveal!r}")
    if reveal > game.hands_over():
        raise InvalidArgument(
            f"hand {game.hands_over() + 1} is not over: its seed cannot be revealed yet"
        )
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players
    ):
        raise InvalidArgument(f"seat={seat!r} is not a seat: seats are 0 to {game.players - 1}")


def _revealed_events(game: Game, reveal: int, seat: int | None) -> list[dict[str, Any]]:
    """The events of the first ``reveal`` hands whole, the later ones as ``seat`` sees them."""
    events: list[dict[str, Any]] = []
    hand: int | None = None
    log = game.events
    seen = seen_log(log, seat, game.rules)
    for event, redacted in zip(log, seen, strict=True):
        if isinstance(event, ShuffleCommitted | Dealt):
            hand = event.hand_number
        shown = event if hand is None or hand < reveal else redacted
        events.append(shown.to_dict())
    return events


class Contents(NamedTuple):
    """What a record holds, each field read and checked (see :func:`contents`)."""

    rules: Rules
    seed: int | None
    dealer: int
    """The first dealer (chosen by the cut for deal when ``cut_for_deal``)."""
    cut_for_deal: bool
    events: list[Event]
    hand_seeds: bool = False
    """Whether each hand is shuffled from a seed of its own."""
    revealed: Mapping[int, str] = MappingProxyType({})
    """The hand seeds a record of a game in progress reveals, by hand number from 0."""
    dealing: str = dealing.STREAM
    """The version of the dealing schedule the game was dealt by (:mod:`hearts.dealing`): the
    record's ``"dealing"`` field, or the one its ``"hand_seeds"`` field implies."""


def _check_version(version: Any) -> int:
    """A record's version, if this module reads it; else an InvalidRecord that says which it
    reads."""
    if version not in READS or isinstance(version, bool):
        reads = " and ".join(map(str, READS))
        newer = (
            " (a newer version of hearts wrote it?)"
            if isinstance(version, int) and not isinstance(version, bool) and version > VERSION
            else ""
        )
        raise InvalidRecord(
            f"record field 'version' is {version!r}: this version of hearts reads versions "
            f"{reads}{newer}"
        )
    return int(version)


def contents(data: Any) -> Contents:
    """The fields of record data, each checked as :func:`from_dict` checks it (format, version,
    variant, rules, seed, dealer, the events one by one), without replaying the game: a bad
    field raises :class:`~hearts.errors.InvalidRecord` naming it. :mod:`hearts.verify` reads a
    record with it.

    >>> from hearts import Game, variants
    >>> data = to_dict(Game(variants.get("classic"), seed=3))
    >>> found = contents(data)
    >>> found.seed, found.dealer, [event.kind for event in found.events]
    (3, 0, ['shuffle_committed', 'dealt'])
    >>> contents(dict(data, version=99))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: record field 'version' is 99: this version of hearts reads ...
    """
    version = _check_fields(data)
    try:
        rules = Rules.from_dict(data["rules"], version=version)
    except (HeartsError, TypeError, ValueError) as error:
        raise InvalidRecord(f"record field 'rules' is wrong: {error}") from None
    seed = data["seed"]
    if seed is not None and not _is_int(seed):
        raise InvalidRecord(f"record field 'seed' must be a whole number or null, not {seed!r}")
    dealer = data["dealer"]
    if not _is_int(dealer) or not 0 <= dealer < rules.players:
        raise InvalidRecord(
            f"record field 'dealer' must be a seat from 0 to {rules.players - 1}, not {dealer!r}"
        )
    cut_for_deal = _true_or_false(data, "cut_for_deal")
    events = _events(data["events"])
    _true_or_false(data, "hand_seeds")
    schedule = dealing.of_record(data)  # (named, or implied by "hand_seeds")
    hand_seeds = dealing.get(schedule).reveals
    revealed = _revealed(data, seed, hand_seeds)
    return Contents(rules, seed, dealer, cut_for_deal, events, hand_seeds, revealed, schedule)


def _check_fields(data: Any) -> int:
    """A record's fields, none unknown and none lacking, its format, version and variant
    checked; its version."""
    if not isinstance(data, Mapping):
        raise InvalidRecord(f"a record must be a JSON object, not {_json_type(data)}")
    if "version" in data and data.get("format", FORMAT) == FORMAT:
        _check_version(data["version"])  # a version not read may have other fields
    for key in data:
        if key not in _FIELDS and key not in _OPTIONAL:
            raise InvalidRecord(f"the record has an unknown field {key!r}")
    for key in _FIELDS:
        if key not in data:
            raise InvalidRecord(f"the record lacks the field {key!r}")
    if data["format"] != FORMAT:
        raise InvalidRecord(f"record field 'format' must be {FORMAT!r}, not {data['format']!r}")
    version = _check_version(data["version"])
    variant = data["variant"]
    if not isinstance(variant, str) or (variant != "custom" and variant not in VARIANTS):
        raise InvalidRecord(
            f"record field 'variant' must be a preset name or 'custom', not {variant!r}"
        )
    return version


def _true_or_false(data: Mapping[str, Any], field: str) -> bool:
    """A field that is true or false (absent: false, for an optional one)."""
    value = data.get(field, False)
    if not isinstance(value, bool):
        raise InvalidRecord(f"record field {field!r} must be true or false, not {value!r}")
    return value


def _events(raw_events: Any) -> list[Event]:
    """The events of a record, each read (a bad one named by its number)."""
    if not isinstance(raw_events, list):
        raise InvalidRecord(f"record field 'events' must be a list, not {_json_type(raw_events)}")
    events: list[Event] = []
    for index, raw in enumerate(raw_events):
        try:
            events.append(Event.from_dict(raw))
        except InvalidRecord as error:
            raise InvalidRecord(f"event {index}: {error}") from None
    return events


def _revealed(data: Mapping[str, Any], seed: int | None, hand_seeds: bool) -> dict[int, str]:
    """The hand seeds a record of a game in progress reveals, by hand number, checked."""
    if "revealed" not in data:
        return {}
    raw = data["revealed"]
    if not hand_seeds:
        raise InvalidRecord("record field 'revealed' needs \"hand_seeds\": true")
    if seed is not None:
        raise InvalidRecord(
            "record field 'revealed' is for a record that withholds its seed: with the seed, "
            "every hand's seed is known"
        )
    if not isinstance(raw, Mapping):
        raise InvalidRecord(f"record field 'revealed' must be an object, not {_json_type(raw)}")
    revealed: dict[int, str] = {}
    for key, value in raw.items():
        if (
            not isinstance(key, str)
            or not key.isascii()
            or not key.isdigit()
            or key != str(int(key))
        ):
            raise InvalidRecord(
                f"record field 'revealed' is keyed by hand numbers from 0, not {key!r}"
            )
        if not table.is_hand_seed(value):
            raise InvalidRecord(
                f"record field 'revealed': the seed of hand {int(key) + 1} must be 64 lowercase "
                f"hex digits, not {value!r}"
            )
        revealed[int(key)] = value
    return dict(sorted(revealed.items()))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_type(value: object) -> str:
    names = {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "true or false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }
    return names.get(type(value), type(value).__name__)


def _variant_name(rules: Rules) -> str:
    name = name_of(rules)
    return name if name in VARIANTS else "custom"
