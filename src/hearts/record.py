"""Game records: a game as JSON (its rules, seed and events), read back by replaying its moves.

A record holds everything needed to rebuild a game: the rules, the seed of its shuffles, the first
dealer, and the event log. Loading deals again from the seed, replays the moves found among the
events (bids, suits named, passes, cards played, moon choices) and then checks that the rebuilt game's log equals
the recorded one exactly, so an edited deal, trick or score is refused with the event it is in.
A game played without a seed (``Game(rules)``, or with an injected generator) is recorded with
``"seed": null``; its deals are then taken from the record, checked to deal the whole pack in the
right sizes, and only the play is verified. A seeded game's log commits to each shuffle before
the cut; :func:`hearts.verify.verify_record` checks a record's deals and play hand by hand
without refusing it at the first difference.

>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=7)
>>> for _ in range(6):
...     _ = game.play(game.legal_moves()[0], game.to_act)
>>> text = dumps(game)
>>> loads(text).events == game.events
True
>>> loads(text.replace('"seed": 7', '"seed": 8'))
Traceback (most recent call last):
...
hearts.errors.InvalidRecord: event 0 (shuffle_committed) does not match the game rebuilt from the seed: its commitment is '839d7037a9b193467b2cf4f543b4f2714aea34758b55d6fd79924a4c5a1f5d40' in the record, but '18c061c13ee66ccb93d66ae76af9cc3abb6e6abfc89d27c9db9f68a606f54353' in the rebuilt game

The format, one event a line::

    {"format": "hearts-record", "version": 2, "variant": "modern", "rules": {...},
     "seed": 7, "dealer": 0, "cut_for_deal": false, "events": [
    {"kind": "shuffle_committed", "hand_number": 0, "dealer": 0, "commitment": "5f0c..."},
    {"kind": "dealt", ...},
    ...
    ]}

Events are numbered from 0, as in the record's ``events`` list.

A game with hand seeds (``Game(rules, seed, hand_seeds=True)``) is recorded with
``"hand_seeds": true`` beside its seed; records without the field (every record written before
it) are games whose hands draw from one generator. A table that reveals each hand's seed once
the hand is over can write the record of a game in progress as a client may hold it
(``to_dict(game, reveal=n)``): ``"seed": null``, ``"hand_seeds": true``, the seeds of the first
``n`` hands in ``"revealed"`` (``{"0": "<64 hex digits>", ...}``, hands counted from 0 as in the
events), those hands' events whole and the later events as a watcher (or one seat) sees them.
:func:`hearts.verify.verify_record` checks the hands revealed and says the others are not yet;
such a record cannot be rebuilt (:func:`from_dict` says so) until its seed is given.

Records of games played by the laws (``Rules(laws=True)``) written before claims were judged
at the end of the hand (by earlier versions of hearts, where a claim was proven or refused at
once) hold ``revoke_claimed`` events and no ``claim_judged``. They are read as they are: the
moves are the same and so is the settlement, and a hand whose recorded events have no judgement
is compared without the judgements the engine now logs (:func:`as_recorded`).

Version 1 records, whose rules
are flat options (``pass_count``, ``max_bid``, ``packs``…), are read too: their rules are
migrated to the parts of version 2 (:meth:`hearts.rules.Rules.from_dict`).

The rules of version 2 changed shape once, before any record of it was released: the settlement
became a part too, ``"settlement": {"method": "points", "moon": "old", "no_trick": {"points": 5,
"with_moon": true}}``, where version 2 was first written with the settlement's options flat
beside its method (``"settlement": "points", "moon": "old", "no_trick_bonus": 5, "jack_rule":
..., "free_hearts": ...``), as version 1 had them. Rules of that first shape are still read
(their flat options into the settlement part), so such a record loads and replays the same.
"""

from __future__ import annotations

import codecs
import json
import os
import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import IO, Any, Final, NamedTuple, TypeVar

from hearts import dealing, table, words
from hearts.cards import Card, Suit
from hearts.deal import check_hands
from hearts.errors import HeartsError, InvalidArgument, InvalidRecord
from hearts.events import (
    CardCalled,
    CardPlayed,
    ClaimJudged,
    DealerCut,
    Dealt,
    Event,
    GameOver,
    RevokeClaimed,
    RevokeCorrected,
    Revoked,
    ShuffleCommitted,
    StockDrawn,
    SuitNamed,
    TrickCarried,
    TrickWon,
    first_difference,
    move_of,
)
from hearts.game import Game
from hearts.observation import seen_log
from hearts.rules import Rules, Widow
from hearts.variants import VARIANTS, name_of

__all__ = [
    "FORMAT",
    "VERSION",
    "READS",
    "to_dict",
    "from_dict",
    "Contents",
    "contents",
    "start",
    "units",
    "dumps",
    "dump",
    "loads",
    "load",
    "text",
    "as_recorded",
]

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
_T = TypeVar("_T")

PathOrFile = str | os.PathLike[str] | IO[str]
Readable = str | os.PathLike[str] | IO[str] | IO[bytes]


# ---------------------------------------------------------------------------------- writing


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
    data["seed"] = None
    data["revealed"] = {str(number): game.hand_seed(number) for number in range(reveal)}
    events: list[dict[str, Any]] = []
    hand: int | None = None
    log = game.events
    seen = seen_log(log, seat, game.rules)
    for event, redacted in zip(log, seen, strict=True):
        if isinstance(event, ShuffleCommitted | Dealt):
            hand = event.hand_number
        shown = event if hand is None or hand < reveal else redacted
        events.append(shown.to_dict())
    data["events"] = events
    return data


def dumps(game: Game) -> str:
    """The record of a game as JSON text, one event a line (easy to read and to diff).

    >>> from hearts import Game, variants
    >>> dumps(Game(variants.get("classic"), seed=3)).splitlines()[2][:30]
    '{"kind": "dealt", "hand_number'
    """
    data = to_dict(game)
    events = data.pop("events")
    head = json.dumps(data, ensure_ascii=False)[:-1]
    lines = ",\n".join(json.dumps(event, ensure_ascii=False) for event in events)
    return f'{head}, "events": [\n{lines}\n]}}\n'


def dump(game: Game, file: PathOrFile) -> None:
    """Write the record of a game to a path or an open text file."""
    text_ = dumps(game)
    if isinstance(file, str | os.PathLike):
        with open(file, "w", encoding="utf-8") as handle:
            handle.write(text_)
    else:
        file.write(text_)


# ---------------------------------------------------------------------------------- reading


def loads(text_: str | bytes) -> Game:
    """Rebuild a game from the JSON text of its record; a bad record raises
    :class:`~hearts.errors.InvalidRecord` naming what is wrong.

    >>> loads('{"format": "hearts-record", "version": 1}')
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: the record lacks the field 'variant'
    >>> loads("{")
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: the record is not valid JSON: Expecting property name enclosed in double quotes at line 1, column 2
    """
    return from_dict(parse_json(text_))


def parse_json(text_: str | bytes) -> Any:
    """The JSON data of a record's text; anything that is not UTF-8 JSON raises
    :class:`~hearts.errors.InvalidRecord` in one sentence (never a parser's traceback), which
    names the encoding found when it is another (a UTF-8 byte order mark is let pass).

    >>> parse_json('{"format": "hearts-record"}')
    {'format': 'hearts-record'}
    >>> parse_json('{"a": "b'.encode("utf-16"))
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: the record is not UTF-8 JSON: it is UTF-16 (little-endian) text (it begins with that byte order mark); save it as UTF-8
    >>> parse_json('{"a": "b')
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: the record is not valid JSON: Unterminated string starting at line 1, column 7
    """
    if not isinstance(text_, str | bytes | bytearray):
        raise InvalidRecord(f"a record is JSON text, not {type(text_).__name__}")
    if isinstance(text_, bytes | bytearray):
        text_ = _utf8(bytes(text_))
    text_ = text_.removeprefix("\ufeff")
    try:
        return json.loads(text_)
    except json.JSONDecodeError as error:
        # The parser's words may end in "at" ("Unterminated string starting at"): one is enough.
        what = error.msg.removesuffix(" at")
        raise InvalidRecord(
            f"the record is not valid JSON: {what} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise InvalidRecord("the record is not a game record: it is nested too deeply") from None
    except ValueError as error:  # e.g. a number with more digits than Python will read
        raise InvalidRecord(f"the record is not valid JSON: {error}") from None


_BYTE_ORDER_MARKS: Final = (
    (codecs.BOM_UTF32_LE, "UTF-32 (little-endian)"),  # before UTF-16's, which it begins with
    (codecs.BOM_UTF32_BE, "UTF-32 (big-endian)"),
    (codecs.BOM_UTF16_LE, "UTF-16 (little-endian)"),
    (codecs.BOM_UTF16_BE, "UTF-16 (big-endian)"),
)


def _utf8(data: bytes) -> str:
    """The text of a record's bytes, which must be UTF-8; other text is named in the refusal."""
    found = _other_encoding(data)
    if found is not None:
        raise InvalidRecord(f"the record is not UTF-8 JSON: it is {found}; save it as UTF-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidRecord(
            f"the record is not UTF-8 JSON: byte {error.start + 1} (0x{data[error.start]:02x}) "
            "is not UTF-8 text"
        ) from None


def _other_encoding(data: bytes) -> str | None:
    """The encoding other than UTF-8 that some bytes are plainly in: by their byte order mark,
    or by where the zero bytes of JSON's ASCII characters fall in UTF-16 or UTF-32 (JSON begins
    with an ASCII character); None when they look like UTF-8."""
    for mark, name in _BYTE_ORDER_MARKS:
        if data.startswith(mark):
            return f"{name} text (it begins with that byte order mark)"
    head = data[:4]
    if len(head) < 2 or 0 not in head[:2]:
        return None
    if len(head) == 4 and head[:3] == b"\0\0\0":
        name = "UTF-32 (big-endian)"
    elif len(head) == 4 and head[1:] == b"\0\0\0":
        name = "UTF-32 (little-endian)"
    elif head[0] == 0:
        name = "UTF-16 (big-endian)"
    else:
        name = "UTF-16 (little-endian)"
    return f"{name} text, without a byte order mark"


def load(file: Readable) -> Game:
    """Rebuild a game from a record in a file (a path or an open file).

    A file that cannot be read raises :class:`OSError`; a bad record (text that is not UTF-8
    JSON among them) :class:`~hearts.errors.InvalidRecord`.
    """
    if isinstance(file, str | os.PathLike):
        with open(file, "rb") as handle:
            content: str | bytes = handle.read()
    else:
        content = file.read()
    return loads(content)


def from_dict(data: Any) -> Game:
    """Rebuild a game from record data (what :func:`to_dict` writes) and check it against its log.

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("two-handed"), seed=5)
    >>> from_dict(to_dict(game)).events == game.events
    True
    >>> from_dict(dict(to_dict(game), dealer=2))
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: record field 'dealer' must be a seat from 0 to 1, not 2
    """
    rules, seed, dealer, cut_for_deal, events, hand_seeds, revealed = contents(data)
    if hand_seeds and seed is None:
        shown = ", ".join(str(number + 1) for number in revealed) or "none"
        raise InvalidRecord(
            "the record is of a game in progress that withholds its seed (hands revealed: "
            f"{shown}): it cannot be rebuilt until the seed is given; hearts verify checks the "
            "hands revealed"
        )
    game = _rebuild(rules, seed, dealer, cut_for_deal, events, hand_seeds)
    if game.first_dealer != dealer:
        raise InvalidRecord(
            f"record field 'dealer' is {dealer}, but the seats' cut for deal chose seat "
            f"{game.first_dealer}"
        )
    return game


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


def _cards(count: int) -> str:
    """``1 card``, ``3 cards``."""
    return f"{count} card{'' if count == 1 else 's'}"


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
    cut_for_deal = data["cut_for_deal"]
    if not isinstance(cut_for_deal, bool):
        raise InvalidRecord(
            f"record field 'cut_for_deal' must be true or false, not {cut_for_deal!r}"
        )
    raw_events = data["events"]
    if not isinstance(raw_events, list):
        raise InvalidRecord(f"record field 'events' must be a list, not {_json_type(raw_events)}")
    events: list[Event] = []
    for index, raw in enumerate(raw_events):
        try:
            events.append(Event.from_dict(raw))
        except InvalidRecord as error:
            raise InvalidRecord(f"event {index}: {error}") from None
    hand_seeds = data.get("hand_seeds", False)
    if not isinstance(hand_seeds, bool):
        raise InvalidRecord(f"record field 'hand_seeds' must be true or false, not {hand_seeds!r}")
    hand_seeds = dealing.get(dealing.of_record(data)).reveals  # (hearts.dealing: its version)
    return Contents(
        rules, seed, dealer, cut_for_deal, events, hand_seeds, _revealed(data, seed, hand_seeds)
    )


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


def start(found: Contents) -> Game:
    """The game a record begins, before any move: dealt from its seed as the record's cuts say
    (or, without a seed, from its recorded deals), each recorded deal checked to deal the pack
    of its rules. Playing the record's moves on it in order (:func:`hearts.events.move_of`)
    makes the recorded game again, position by position, as :func:`from_dict` does before it
    compares the logs; :mod:`hearts.server.replay` shows a game so, step by step.

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("classic"), seed=3)
    >>> _ = game.play(game.legal_moves()[0], game.to_act)
    >>> begun = start(contents(to_dict(game)))
    >>> begun.events == game.events[:2], begun.deal.moves_made
    (True, 0)
    """
    rules, seed, dealer, cut_for_deal, events, hand_seeds, _ = found
    cuts = {event.hand_number: event.cut for event in events if isinstance(event, Dealt)}

    def pone(seat: int, size: int, hand: int, suggested: int) -> int | None:
        """The pone cuts as recorded (past the record, as the generator suggests)."""
        return cuts.get(hand, suggested)

    for index, event in enumerate(events):
        if isinstance(event, Dealt):
            try:
                check_hands(rules, event.hands, event.stock, event.dealer)
                if event.cut is not None:
                    table.cut(range(rules.pack.bit_count()), event.cut)
            except HeartsError as error:
                raise InvalidRecord(
                    f"event {index} (dealt) does not deal the pack of these rules: {error}"
                ) from None
    try:
        if seed is not None:
            game = Game(
                rules,
                seed,
                dealer=None if cut_for_deal else dealer,
                cut_for_deal=cut_for_deal,
                pone=pone,
                hand_seeds=hand_seeds,
            )
        else:
            deals = [event for event in events if isinstance(event, Dealt | DealerCut)]
            game = Game(
                rules,
                rng=random.Random(),
                dealer=None if cut_for_deal else dealer,
                cut_for_deal=cut_for_deal,
                deals=deals,
            )
    except HeartsError as error:
        raise InvalidRecord(f"the record does not start a game of these rules: {error}") from None
    return game


def _rebuild(
    rules: Rules,
    seed: int | None,
    dealer: int,
    cut_for_deal: bool,
    events: Sequence[Event],
    hand_seeds: bool = False,
) -> Game:
    """Deal from the seed (or the recorded deals), replay the moves, and compare the logs."""
    source = "the seed" if seed is not None else "the record's deals"
    game = start(Contents(rules, seed, dealer, cut_for_deal, list(events), hand_seeds))
    failure: tuple[int, HeartsError] | None = None
    for index, event in enumerate(events):
        move = move_of(event, index)
        if move is None:
            continue
        seat, chosen = move
        try:
            game.play(chosen, seat)
        except HeartsError as error:
            failure = (index, error)
            break
    rebuilt = as_recorded(events, game.events)
    # The first difference is the cause; a move refused after it is only a consequence.
    limit = failure[0] + 1 if failure else max(len(events), len(rebuilt))
    for index in range(limit):
        ours = events[index] if index < len(events) else None
        theirs = rebuilt[index] if index < len(rebuilt) else None
        if failure and index == failure[0] and theirs is None:
            break
        if ours != theirs:
            raise InvalidRecord(_mismatch(index, ours, theirs, len(events), source))
    if failure:
        at, reason = failure
        raise InvalidRecord(f"event {at} ({events[at].kind}): {reason}")
    return game


def as_recorded(recorded: Sequence[Event], rebuilt: Sequence[Event]) -> list[Event]:
    """The events of a game rebuilt from a record's moves, as the record's time logged them:
    in every hand whose recorded events hold no judgement of a claim (a record written by the
    laws before claims were judged at the end of the hand, or a hand without a claim), the
    rebuilt :class:`~hearts.events.ClaimJudged` events are left out. Compare the result with
    the recorded events. (A judgement is what the rules make of the moves, like a trick taken;
    such a hand's claims were true when made, so its settlement is the same. So a hand whose
    judgements have all been deleted from a record reads as such a hand too: the judgements
    it lacks are made again from its moves, and its settlement is still compared.) A hand is the
    events from its commitment or deal on; events before the first deal are a part of their
    own, and a log with no deal (one hand's events) is one part.

    >>> from hearts.events import ClaimJudged, RevokeClaimed
    >>> claim, judged = RevokeClaimed(seat=0, accused=1), ClaimJudged(0, 1, False, ())
    >>> as_recorded([claim], [claim, judged]), as_recorded([claim, judged], [claim, judged])
    ([RevokeClaimed(seat=0, accused=1)], [RevokeClaimed(seat=0, accused=1), ClaimJudged(seat=0, accused=1, upheld=False, revokes=())])
    """
    judged = {hand for hand, event in _hands_of(recorded) if isinstance(event, ClaimJudged)}
    return [
        event
        for hand, event in _hands_of(rebuilt)
        if hand in judged or not isinstance(event, ClaimJudged)
    ]


def _hands_of(events: Sequence[Event]) -> list[tuple[int | None, Event]]:
    """Each event with the number of its hand (None: before the first deal, or no deal)."""
    hand: int | None = None
    numbered: list[tuple[int | None, Event]] = []
    for event in events:
        if isinstance(event, ShuffleCommitted | Dealt):
            hand = event.hand_number
        numbered.append((hand, event))
    return numbered


def _mismatch(
    index: int, ours: Event | None, theirs: Event | None, length: int, source: str
) -> str:
    """Say where a recorded event differs from the rebuilt game's."""
    if ours is None:
        assert theirs is not None
        return (
            f"the record ends after {length} events, but the game rebuilt from {source} goes "
            f"on with event {index} ({theirs.kind})"
        )
    if theirs is None:
        return (
            f"event {index} ({ours.kind}) is not in the game rebuilt from {source}, which "
            f"has only {index} events"
        )
    head = f"event {index} ({ours.kind}) does not match the game rebuilt from {source}"
    if ours.kind != theirs.kind:
        return f"{head}, whose event {index} is {theirs.kind}"
    difference = first_difference(ours, theirs)
    if difference is None:  # pragma: no cover - events that differ differ in a field
        return head
    where, value, other_value = difference
    return (
        f"{head}: its {where} is {value!r} in the record, but {other_value!r} in the rebuilt game"
    )


# ---------------------------------------------------------------------------------- text


def text(game: Game) -> str:
    """A readable account of a game, trick by trick: deals, passes, tricks, settlements, result.
    Seats are counted from 1, and every event is in the words of :mod:`hearts.words` (for
    nobody's seat: the record sees every card).

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("classic"), seed=3)
    >>> for _ in range(4):
    ...     _ = game.play(game.legal_moves()[0], game.to_act)
    >>> print(text(game))  # doctest: +ELLIPSIS
    Hearts: classic (the laws: 4 players, ...)
    Seed 3. Seat 1 deals first.
    <BLANKLINE>
    Hand 1: Seat 1 deals; the pone cut 20 cards.
      shuffle committed: e2a4458d3d2e6f6e93a094db62198bd8cde5defa2aae297b22cc41a3bf0b6fe5
      Seat 1: 8♣ J♣ A♣ 4♦ 7♦ 8♦ J♦ Q♦ 3♠ 7♥ 8♥ J♥ K♥
      Seat 2: 2♣ 7♣ 10♣ K♣ 2♦ 3♦ K♦ A♦ 5♠ Q♠ 3♥ 5♥ 10♥
      Seat 3: 4♣ Q♣ 6♦ 9♦ 2♠ 4♠ 6♠ 7♠ 10♠ J♠ 6♥ 9♥ Q♥
      Seat 4: 3♣ 5♣ 6♣ 9♣ 5♦ 10♦ 8♠ 9♠ K♠ A♠ 2♥ 4♥ A♥
      Trick 1: Seat 2 leads 2♣, Seat 3 4♣, Seat 4 3♣, Seat 1 8♣; Seat 1 takes it.
    <BLANKLINE>
    Game in progress: hand 1, Seat 1 to play.
    """
    rules = game.rules
    name = name_of(rules)
    seat = words.labels(None, rules.players)
    tell = words.Teller(None, None, rules)
    lines: list[str] = []
    if name in VARIANTS:
        lines.append(f"Hearts: {name} ({VARIANTS[name].summary})")
    else:
        lines.append(f"Hearts: {name}")
    seed = f"Seed {game.seed}. " if game.seed is not None else ""
    if game.cut_for_deal:
        lines.append(f"{seed}The seats cut for deal.".strip())
    else:
        lines.append(f"{seed}{seat[game.first_dealer]} deals first.")
    plays: list[tuple[int, Card]] = []
    tricks = 0
    committed: str | None = None
    named: Suit | None = None  # Auction Hearts: this hand's suit to avoid
    for event in game.events:
        said = tell(event)
        if isinstance(event, ShuffleCommitted):
            committed = event.commitment
        elif isinstance(event, Dealt):
            tricks = 0
            named = None
            lines.append("")
            lines.append(_dealt_line(rules, event, seat))
            if committed is not None:
                lines.append(f"  shuffle committed: {committed}")
                committed = None
            for at, hand in enumerate(event.hands):
                if hand or rules.players != 7 or at != event.dealer:
                    lines.append(f"  {seat[at]}: {words.cards(hand)}")
                else:
                    lines.append(f"  {seat[at]} sits out this hand")
            if event.stock:
                stock = words.cards(event.stock)
                if rules.widow is not Widow.NONE or rules.widow_with_last_trick:  # face down
                    lines.append(f"  widow ({_cards(len(event.stock))}, face down): {stock}")
                else:
                    lines.append(f"  stock ({_cards(len(event.stock))}, top first): {stock}")
        elif isinstance(event, CardPlayed):
            plays.append((event.seat, event.card))
            if isinstance(event, Revoked):
                lines.append(f"    {said}")
        elif isinstance(event, RevokeCorrected):
            del plays[len(plays) - len(event.withdrawn) - 1 :]
            lines.append(f"    {said}")
        elif isinstance(event, TrickWon):
            tricks += 1
            taken = f" ({units(rules, event.points, named)})" if event.points else ""
            lines.append(
                f"  Trick {tricks}: {_trick(plays, seat)}; {seat[event.seat]} takes it{taken}."
            )
            plays = []
        elif isinstance(event, TrickCarried):
            tricks += 1
            lines.append(
                f"  Trick {tricks}: {_trick(plays, seat)}; every card of the suit led is "
                f"cancelled: nobody takes it, it goes with the next trick, and "
                f"{seat[event.leader]} leads again."
            )
            plays = []
        elif isinstance(event, StockDrawn | RevokeClaimed | ClaimJudged | CardCalled):
            lines.append(f"    {said}")
        elif isinstance(event, GameOver):
            lines.append("")
            lines.append(said)
        else:
            if isinstance(event, SuitNamed):
                named = _suit_named(event)
            lines.append(f"  {said}")
    if plays:
        lines.append(f"  Trick {tricks + 1} so far: {_trick(plays, seat)}.")
    if not game.is_over:
        deal = game.deal
        who = "every seat" if deal.to_act is None else seat[deal.to_act]
        lines.append("")
        lines.append(
            f"Game in progress: hand {game.hand_number + 1}, {who} to "
            f"{_PHASE_WORDS[deal.phase.value]}."
        )
    return "\n".join(lines)


_PHASE_WORDS: Final = {
    "bid": "bid",
    "name": "name the suit to avoid",
    "pass": "pass",
    "play": "play",
    "moon": "choose how the moon is scored",
    "discard": "discard as many cards as the widow held",
    "gather": "let the cards be gathered (or claim a revoke)",
    "over": "play",
}


def _dealt_line(rules: Rules, event: Dealt, seat: Sequence[str]) -> str:
    cut = "the pone declined to cut" if event.cut is None else f"the pone cut {event.cut} cards"
    line = f"Hand {event.hand_number + 1}: {seat[event.dealer]} deals; {cut}"
    if rules.passes:
        if event.pass_direction == "hold":
            line += "; no pass this hand (hold)"
        else:
            line += f"; pass {rules.pass_count} {event.pass_direction}"
    return line + "."


def _trick(plays: Sequence[tuple[int, Card]], seat: Sequence[str]) -> str:
    """``Seat 2 leads 2♣, Seat 3 5♣, ...``"""
    return ", ".join(
        f"{seat[who]} {'leads ' if at == 0 else ''}{words.symbol(card)}"
        for at, (who, card) in enumerate(plays)
    )


def _suit_named(event: SuitNamed) -> Suit | None:
    try:
        return Suit.parse(event.suit)
    except HeartsError:  # pragma: no cover - a loaded record's suit was named by the engine
        return None


def units(rules: Rules, amount: int, named: Suit | None = None) -> str:
    """What a trick carries, as a record words it: ``4 points``, ``1 heart``, ``2 clubs`` (the
    suit named in Auction Hearts): :func:`hearts.words.units`.

    >>> from hearts import variants
    >>> units(variants.get("modern"), 1), units(variants.get("modern"), 13)
    ('1 point', '13 points')
    """
    return words.units(rules, amount, named)
